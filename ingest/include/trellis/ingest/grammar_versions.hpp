// The tree-sitter runtime and grammar packages this build compiled, with the
// versions package-lock.json pins (read when CMake configures, never copied
// by hand), for `trellis --version`.
#pragma once

#include <span>
#include <string_view>

namespace trellis::ingest {

struct GrammarVersion {
  std::string_view package;  // the npm package: "tree-sitter-python"
  std::string_view version;  // "0.25.0"
};

// The runtime's version ("0.25.1").
std::string_view tree_sitter_version();

// One entry per grammar package, in the order ingest/CMakeLists.txt adds
// them (a package with several grammars, as tree-sitter-typescript, once).
std::span<const GrammarVersion> grammar_versions();

}  // namespace trellis::ingest
