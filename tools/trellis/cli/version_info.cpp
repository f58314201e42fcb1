#include "trellis/cli/version_info.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "trellis/ingest/grammar_versions.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {

output::Json version_json() {
  output::Json grammars = output::Json::object();
  for (const ingest::GrammarVersion& grammar : ingest::grammar_versions()) {
    grammars[std::string(grammar.package)] = std::string(grammar.version);
  }
  return {{"version", TRELLIS_VERSION},
          {"snapshot_format", kSnapshotFormatVersion},
          {"tree_sitter", std::string(ingest::tree_sitter_version())},
          {"grammars", std::move(grammars)}};
}

std::string version_text() {
  std::size_t width = 0;
  for (const ingest::GrammarVersion& grammar : ingest::grammar_versions())
    width = std::max(width, grammar.package.size());
  std::string text =
      fmt::format("trellis {}\nsnapshot format {}\ntree-sitter {}\ngrammars:", TRELLIS_VERSION,
                  kSnapshotFormatVersion, ingest::tree_sitter_version());
  for (const ingest::GrammarVersion& grammar : ingest::grammar_versions()) {
    text += fmt::format("\n  {:<{}}  {}", grammar.package, width, grammar.version);
  }
  return text;
}

}  // namespace trellis::cli
