#include "python_layout.hpp"

#include <algorithm>

#include "naming/module_path.hpp"

namespace trellis::ingest::python {
namespace {

constexpr std::string_view kInit = "__init__.py";
constexpr std::string_view kSrc = "src/";

std::string_view folder_of(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

}  // namespace

bool PythonLayout::is_package_init(std::string_view relative_path) {
  return relative_path == kInit || relative_path.ends_with("/" + std::string(kInit));
}

PythonLayout::PythonLayout(std::span<const std::string> relative_paths, std::string_view root_name) {
  std::set<std::string, std::less<>> package_folders;
  bool root_is_package = false;
  for (const std::string& path : relative_paths) {
    if (!is_package_init(path)) continue;
    const std::string_view folder = folder_of(path);
    if (folder.empty()) {
      root_is_package = true;
    } else {
      package_folders.emplace(folder);
    }
    // A package directly under src/ means packages live in src/.
    if (folder.starts_with(kSrc) && folder.find('/', kSrc.size()) == std::string_view::npos) {
      src_layout_ = true;
    }
  }
  if (root_is_package && !root_name.empty()) root_prefix_ = std::string(root_name) + ".";
  if (root_is_package && !root_name.empty()) {
    packages_.push_back({std::string(root_name), ""});
  }
  for (const std::string& folder : package_folders) {
    packages_.push_back({dotted(folder), folder});
  }
  std::sort(packages_.begin(), packages_.end(),
            [](const PythonPackage& a, const PythonPackage& b) { return a.relative_path < b.relative_path; });
}

std::string PythonLayout::dotted(std::string_view folder_path) const {
  if (src_layout_ && folder_path.starts_with(kSrc)) folder_path.remove_prefix(kSrc.size());
  std::string name = root_prefix_;
  for (const char c : folder_path) name += c == '/' ? '.' : c;
  if (folder_path.empty() && !name.empty()) name.pop_back();  // the root package itself
  if (name.empty()) return name;
  const auto slash = folder_path.rfind('/');
  return dotted_module_path(name, slash == std::string_view::npos ? folder_path : folder_path.substr(slash + 1));
}

std::string PythonLayout::module_name(std::string_view relative_path) const {
  if (is_package_init(relative_path)) {
    const std::string name = dotted(folder_of(relative_path));
    return name.empty() ? std::string("__init__") : name;
  }
  std::string_view stem = relative_path;
  if (stem.ends_with(".py")) stem.remove_suffix(3);
  else if (stem.ends_with(".pyi")) stem.remove_suffix(4);
  std::string name = dotted(stem);
  if (name.empty()) {  // `.py`: a file with no stem
    const auto slash = relative_path.rfind('/');
    name = dotted_module_path({}, slash == std::string_view::npos ? relative_path : relative_path.substr(slash + 1));
  }
  return name;
}

}  // namespace trellis::ingest::python
