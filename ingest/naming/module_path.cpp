#include "module_path.hpp"

namespace trellis::ingest {

std::string dotted_module_path(std::string_view path, std::string_view file_name) {
  std::string name;
  name.reserve(path.size());
  std::size_t start = 0;
  for (std::size_t i = 0; i <= path.size(); ++i) {
    if (i < path.size() && path[i] != '/' && path[i] != '.') continue;
    if (i > start) {
      if (!name.empty()) name += '.';
      name.append(path.substr(start, i - start));
    }
    start = i + 1;
  }
  if (name.empty()) {
    name.assign(file_name);
    for (char& c : name) c = c == '.' ? '_' : c;
    if (name.empty()) name = "_";
  }
  return name;
}

}  // namespace trellis::ingest
