#include "python_module_index.hpp"

namespace trellis::ingest::python {

std::string_view top_level(std::string_view dotted_name) {
  return dotted_name.substr(0, dotted_name.find('.'));
}

PythonModuleIndex::PythonModuleIndex(std::span<const std::string> module_names,
                                     std::span<const bool> init_files)
    : names_(module_names), init_files_(init_files) {
  for (std::uint32_t file = 0; file < module_names.size(); ++file) {
    // A module imported under two paths keeps its first file (paths are sorted).
    files_by_name_.emplace(module_names[file], file);
  }
  for (const std::string& name : module_names) {
    for (auto dot = name.find('.'); dot != std::string::npos; dot = name.find('.', dot + 1)) {
      const std::string prefix = name.substr(0, dot);
      if (!files_by_name_.contains(prefix)) namespaces_.insert(prefix);
    }
  }
}

std::optional<std::uint32_t> PythonModuleIndex::file_of(std::string_view name) const {
  const auto it = files_by_name_.find(name);
  if (it == files_by_name_.end()) return std::nullopt;
  return it->second;
}

bool PythonModuleIndex::is_namespace(std::string_view name) const {
  return namespaces_.contains(std::string(name));
}

std::optional<std::string> PythonModuleIndex::absolute_name(std::uint32_t file, std::uint32_t level,
                                                            std::string_view module) const {
  if (level == 0) return std::string(module);
  // The package holding this module: itself for an __init__, else its parent.
  std::string package = names_[file];
  std::uint32_t climbs = init_files_[file] ? level - 1 : level;
  for (; climbs > 0; --climbs) {
    const auto dot = package.rfind('.');
    if (dot == std::string::npos) {
      if (package.empty()) return std::nullopt;
      package.clear();
    } else {
      package.resize(dot);
    }
  }
  if (module.empty()) {
    if (package.empty()) return std::nullopt;
    return package;
  }
  return package.empty() ? std::string(module) : package + "." + std::string(module);
}

}  // namespace trellis::ingest::python
