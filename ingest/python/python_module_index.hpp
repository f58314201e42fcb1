// The modules of a Python tree by dotted name, and how import statements
// name them (absolute, relative, namespace-package prefixes).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::python {

class PythonModuleIndex {
 public:
  // `module_names[i]` is the dotted name of file i; `init_files[i]` whether
  // it is a package's __init__.py.
  PythonModuleIndex(std::span<const std::string> module_names, std::span<const bool> init_files);

  // The file that is module `name`, if it is in the tree.
  std::optional<std::uint32_t> file_of(std::string_view name) const;
  // Whether `name` is a folder prefix of in-tree modules with no file of its
  // own (a namespace package such as "a" for a/b.py without a/__init__.py).
  bool is_namespace(std::string_view name) const;
  const std::string& name_of(std::uint32_t file) const { return names_[file]; }

  // The absolute module named by `from <level dots><module> import ...` in
  // `file`; nullopt when the dots climb above the root.
  std::optional<std::string> absolute_name(std::uint32_t file, std::uint32_t level,
                                           std::string_view module) const;

 private:
  std::span<const std::string> names_;
  std::span<const bool> init_files_;
  std::unordered_map<std::string_view, std::uint32_t> files_by_name_;
  std::unordered_set<std::string> namespaces_;
};

// "a.b.c" -> "a".
std::string_view top_level(std::string_view dotted_name);

}  // namespace trellis::ingest::python
