// `trellis --version`: the program's version, the snapshot format it reads
// and writes, and the tree-sitter runtime and grammar packages it was built
// from (as package-lock.json pins them).
#pragma once

#include <string>

#include "trellis/output/json.hpp"

namespace trellis::cli {

// {"version": "0.1.0", "snapshot_format": 3, "tree_sitter": "0.25.1",
//  "grammars": {"tree-sitter-python": "0.25.0", ...}}
output::Json version_json();

// The same for people, one fact per line.
std::string version_text();

}  // namespace trellis::cli
