// Import paths of Go packages: the `module` line of the nearest go.mod at
// or above a folder, then the folder below it. A tree may hold several
// modules (a go.mod per service, a go.work at the top).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

namespace trellis::ingest::go {

// The module path a go.mod's text declares (`module example.com/shop`,
// quoted or not, comments aside); empty when it declares none.
std::string module_path_of(std::string_view go_mod);

// The name a package is imported by when the tree does not say: the path's
// last element, without a major-version suffix (`gopkg.in/yaml.v3` ->
// `yaml`, `github.com/x/y/v2` -> `y`) or a `go-` prefix (`go-cmp` -> `cmp`).
std::string default_package_name(std::string_view import_path);

class ModuleRoots {
 public:
  // `root`: the indexed folder; `project`: its name (the import path of its
  // folders when no go.mod is found).
  ModuleRoots(std::string root, std::string project) : root_(std::move(root)), project_(std::move(project)) {}
  // The import path of a folder ('/'-separated, relative to the root).
  std::string import_path(std::string_view folder);

 private:
  // The folder holding the nearest go.mod at or above `folder`, and its module path.
  const std::pair<std::string, std::string>* module_of(const std::string& folder);

  std::string root_;
  std::string project_;
  std::unordered_map<std::string, std::pair<std::string, std::string>> modules_;  // folder -> (module folder, module path); empty path: none
};

}  // namespace trellis::ingest::go
