#include "go/go_module.hpp"

#include <fstream>
#include <sstream>

namespace trellis::ingest::go {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

std::string_view parent_folder(std::string_view folder) {
  const auto slash = folder.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : folder.substr(0, slash);
}

}  // namespace

std::string module_path_of(std::string_view go_mod) {
  std::size_t start = 0;
  while (start < go_mod.size()) {
    const auto end = std::min(go_mod.find('\n', start), go_mod.size());
    std::string_view line = go_mod.substr(start, end - start);
    start = end + 1;
    if (const auto comment = line.find("//"); comment != std::string_view::npos) line = line.substr(0, comment);
    line = trim(line);
    if (!line.starts_with("module") || line.size() < 7 || (line[6] != ' ' && line[6] != '\t')) continue;
    std::string_view path = trim(line.substr(6));
    if (path.size() >= 2 && (path.front() == '"' || path.front() == '`') && path.back() == path.front()) {
      path = path.substr(1, path.size() - 2);
    }
    return std::string(path);
  }
  return {};
}

std::string default_package_name(std::string_view import_path) {
  std::string_view last = import_path.substr(import_path.rfind('/') + 1);
  const auto is_version = [](std::string_view part) {
    return part.size() >= 2 && part[0] == 'v' && part.find_first_not_of("0123456789", 1) == std::string_view::npos;
  };
  if (is_version(last) && last != import_path) {
    const std::string_view rest = import_path.substr(0, import_path.size() - last.size() - 1);
    last = rest.substr(rest.rfind('/') + 1);
  }
  if (const auto dot = last.rfind(".v"); dot != std::string_view::npos && is_version(last.substr(dot + 1))) {
    last = last.substr(0, dot);
  }
  if (last.starts_with("go-")) last.remove_prefix(3);
  std::string name(last);
  for (char& c : name) {
    if (c == '-' || c == '.') c = '_';
  }
  return name;
}

const std::pair<std::string, std::string>* ModuleRoots::module_of(const std::string& folder) {
  if (const auto it = modules_.find(folder); it != modules_.end()) return it->second.second.empty() ? nullptr : &it->second;
  std::pair<std::string, std::string> found;
  std::ifstream in(root_ + "/" + (folder.empty() ? std::string() : folder + "/") + "go.mod", std::ios::binary);
  if (in) {
    std::ostringstream text;
    text << in.rdbuf();
    found = {folder, module_path_of(text.str())};
  }
  if (found.second.empty() && !folder.empty()) {
    if (const auto* above = module_of(std::string(parent_folder(folder)))) found = *above;
  }
  const auto& stored = modules_.emplace(folder, std::move(found)).first->second;
  return stored.second.empty() ? nullptr : &stored;
}

std::string ModuleRoots::import_path(std::string_view folder) {
  const auto* module = module_of(std::string(folder));
  if (module == nullptr) return folder.empty() ? project_ : project_ + "/" + std::string(folder);
  const std::string& base = module->first;
  const std::string_view below = base.empty() ? folder : folder.substr(std::min(folder.size(), base.size() + 1));
  return below.empty() ? module->second : module->second + "/" + std::string(below);
}

}  // namespace trellis::ingest::go
