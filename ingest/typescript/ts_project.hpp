// Where TypeScript and JavaScript modules live and how import specifiers
// name them, as TypeScript's "bundler"/"node" resolution does: relative
// specifiers with extension and `index` probing (`./a.js` also finds
// `./a.ts`), tsconfig.json's `baseUrl` and `paths`, and workspace packages
// by their package.json `name`. Anything else is an external package.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace trellis::ingest::typescript {

// What an import specifier names: an in-tree file, an external package, or
// neither (a relative path to a file that is not indexed, such as a .css).
struct ModuleTarget {
  std::uint32_t file = 0xFFFFFFFFu;
  std::string external;  // the package name ("react", "@scope/pkg", "crypto")
  bool is_file() const { return file != 0xFFFFFFFFu; }
};

// tsconfig.json's `compilerOptions.baseUrl` and `paths`, relative to the
// indexed root ("" for the root itself).
struct PathMapping {
  std::string pattern;                // "@app/*"
  std::vector<std::string> targets;   // "src/app/*"
};
struct ProjectConfig {
  std::optional<std::string> base_url;
  std::vector<PathMapping> paths;
  // Workspace packages: name -> folder and entry candidates (relative paths
  // without extension, probed in order).
  struct Package {
    std::string name;
    std::string folder;
    std::vector<std::string> entries;
  };
  std::vector<Package> packages;
};

// Reads tsconfig.json (else jsconfig.json) at `root` and the package.json
// of every folder that holds one of `relative_paths` or is above one (up to
// the root). Unreadable or malformed files are ignored.
ProjectConfig read_project_config(const std::filesystem::path& root, std::span<const std::string> relative_paths);

// The qualified module name of a file (CONTRACT: the path from the root
// without extension, `/` as `.`, an `index` file naming its folder; the
// root's own index is named `root_name`).
std::string module_name(std::string_view relative_path, std::string_view root_name);

class ModuleResolver {
 public:
  // `relative_paths`: the indexed files, sorted.
  ModuleResolver(std::span<const std::string> relative_paths, ProjectConfig config);

  // What `specifier` imported from file `from` names.
  ModuleTarget resolve(std::uint32_t from, std::string_view specifier) const;

 private:
  std::optional<std::uint32_t> probe(std::string_view path_without_extension_or_with) const;
  std::optional<std::uint32_t> probe_file(const std::string& path) const;

  std::span<const std::string> paths_;
  ProjectConfig config_;
  std::unordered_map<std::string_view, std::uint32_t> files_;
};

// "a/b/../c" -> "a/c"; nullopt when it climbs above the root.
std::optional<std::string> normalize_path(std::string_view path);
// The package a bare specifier names: "react-dom/client" -> "react-dom",
// "@scope/pkg/x" -> "@scope/pkg", "node:crypto" -> "crypto".
std::string package_name(std::string_view specifier);

}  // namespace trellis::ingest::typescript
