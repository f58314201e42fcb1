#include "c/c_frontend.hpp"
#include "cpp/cpp_frontend.hpp"
#include "csharp/csharp_frontend.hpp"
#include "go/go_frontend.hpp"
#include "java/java_frontend.hpp"
#include "python/python_frontend.hpp"
#include "rust/rust_frontend.hpp"
#include "typescript/ts_frontend.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::ingest {

std::vector<std::unique_ptr<LanguageFrontend>> make_language_frontends() {
  using Factory = std::unique_ptr<LanguageFrontend> (*)();
  // One line per language.
  static constexpr Factory kFactories[] = {
      &python::make_python_frontend,
      &typescript::make_typescript_frontend,
      &go::make_go_frontend,
      &java::make_java_frontend,
      &csharp::make_csharp_frontend,
      &c::make_c_frontend,
      &cpp::make_cpp_frontend,
      &rust::make_rust_frontend,
  };
  std::vector<std::unique_ptr<LanguageFrontend>> frontends;
  for (const Factory factory : kFactories) frontends.push_back(factory());
  return frontends;
}

}  // namespace trellis::ingest
