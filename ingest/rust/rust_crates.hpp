// Rust crates and module paths. A file belongs to the crate of the nearest
// Cargo.toml at or above it that declares a [package] (workspace members
// each have theirs); the crate's name is its [lib] name, else its package
// name, with '-' read as '_'. A file's module path follows `mod foo;` ->
// foo.rs or foo/mod.rs: below the crate's src/, `lib.rs` and `main.rs` are
// the crate root, `a/mod.rs` and `a.rs` the module a, `a/b.rs` a.b; other
// files of the crate (tests/, benches/, examples/, build.rs) are named by
// their path from the crate's folder. Without a Cargo.toml, the indexed
// folder's name is the crate and paths are from the root.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace trellis::ingest::rust {

// The crate name a Cargo.toml's text declares ("" when it has no [package]).
std::string crate_name_of(std::string_view cargo_toml);

struct ModulePath {
  std::string crate;                  // the crate's name
  std::string crate_folder;           // '/'-separated from the root ("" for the root)
  std::vector<std::string> segments;  // the module path below the crate root
  std::string stem;                   // the file's stem (`lib`, `mod`, `orders`)
};

class CrateRoots {
 public:
  // `root`: the indexed folder; `project`: its name.
  CrateRoots(std::string root, std::string project);
  ModulePath module_of(std::string_view relative_path);

 private:
  // The nearest crate at or above `folder`: (its folder, its name); empty name: none.
  const std::pair<std::string, std::string>& crate_of(const std::string& folder);

  std::string root_;
  std::string project_;
  std::unordered_map<std::string, std::pair<std::string, std::string>> crates_;
};

}  // namespace trellis::ingest::rust
