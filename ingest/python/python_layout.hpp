// Where Python modules live: maps file paths to dotted module names the way
// the interpreter would import them (CONTRACT: "the dotted import path from
// the source root: the indexed directory, or its src/ when that is where
// packages live"), and lists the packages (folders with __init__.py).
#pragma once

#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trellis::ingest::python {

struct PythonPackage {
  std::string qualified_name;  // "shop.services"
  std::string relative_path;   // "src/shop/services"
};

class PythonLayout {
 public:
  // `relative_paths`: every .py file, '/'-separated from the indexed root.
  // `root_name`: the indexed folder's name, the top package when the root
  // itself holds an __init__.py.
  PythonLayout(std::span<const std::string> relative_paths, std::string_view root_name);

  // "src/shop/services/auth.py" -> "shop.services.auth";
  // "shop/services/__init__.py" -> "shop.services".
  std::string module_name(std::string_view relative_path) const;
  // Packages in path order.
  const std::vector<PythonPackage>& packages() const { return packages_; }
  // Whether imports resolve from "src/" (a src layout was detected).
  bool uses_src_layout() const { return src_layout_; }

  static bool is_package_init(std::string_view relative_path);

 private:
  std::string dotted(std::string_view folder_path) const;

  bool src_layout_ = false;
  std::string root_prefix_;  // "pkg." when the root is itself a package
  std::vector<PythonPackage> packages_;
};

}  // namespace trellis::ingest::python
