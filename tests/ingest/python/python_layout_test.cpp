#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "python/python_layout.hpp"

using trellis::ingest::python::PythonLayout;

TEST_CASE("python modules are named by their import path from the root") {
  const std::vector<std::string> files = {"shop/__init__.py", "shop/services/__init__.py",
                                          "shop/services/auth.py", "tools/run.py", "setup.py"};
  const PythonLayout layout(files, "repo");
  CHECK_FALSE(layout.uses_src_layout());
  CHECK(layout.module_name("shop/services/auth.py") == "shop.services.auth");
  CHECK(layout.module_name("shop/services/__init__.py") == "shop.services");
  CHECK(layout.module_name("shop/__init__.py") == "shop");
  CHECK(layout.module_name("tools/run.py") == "tools.run");
  CHECK(layout.module_name("setup.py") == "setup");
  REQUIRE(layout.packages().size() == 2);
  CHECK(layout.packages()[0].qualified_name == "shop");
  CHECK(layout.packages()[1].qualified_name == "shop.services");
  CHECK(layout.packages()[1].relative_path == "shop/services");
}

TEST_CASE("a src layout resolves modules from src/") {
  const std::vector<std::string> files = {"src/shop/__init__.py", "src/shop/cart.py", "tests/test_cart.py"};
  const PythonLayout layout(files, "repo");
  CHECK(layout.uses_src_layout());
  CHECK(layout.module_name("src/shop/cart.py") == "shop.cart");
  CHECK(layout.module_name("src/shop/__init__.py") == "shop");
  CHECK(layout.module_name("tests/test_cart.py") == "tests.test_cart");
  REQUIRE(layout.packages().size() == 1);
  CHECK(layout.packages()[0].qualified_name == "shop");
}

TEST_CASE("an indexed folder that is itself a package names its modules under its own name") {
  const std::vector<std::string> files = {"__init__.py", "core.py", "sub/__init__.py", "sub/x.py"};
  const PythonLayout layout(files, "sympy");
  CHECK(layout.module_name("core.py") == "sympy.core");
  CHECK(layout.module_name("__init__.py") == "sympy");
  CHECK(layout.module_name("sub/x.py") == "sympy.sub.x");
  REQUIRE(layout.packages().size() == 2);
  CHECK(layout.packages()[0].qualified_name == "sympy");
  CHECK(layout.packages()[1].qualified_name == "sympy.sub");
}

TEST_CASE("python dotfiles and odd file names give module names without empty segments") {
  const std::vector<std::string> files = {".config.py", "pkg/__init__.py", "pkg/.hidden.py", "pkg/a..b.py", ".py",
                                          "if.py", "x y.py"};
  const PythonLayout layout(files, "repo");
  CHECK(layout.module_name(".config.py") == "config");
  CHECK(layout.module_name("pkg/.hidden.py") == "pkg.hidden");
  CHECK(layout.module_name("pkg/a..b.py") == "pkg.a.b");
  CHECK(layout.module_name(".py") == "_py");
  CHECK(layout.module_name("if.py") == "if");
  CHECK(layout.module_name("x y.py") == "x y");
  CHECK(layout.module_name("pkg/__init__.py") == "pkg");
}
