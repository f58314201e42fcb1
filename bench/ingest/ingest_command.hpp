// `trellis_bench ingest PATH`: indexes a real repository end to end and, in
// the same run, a parse-only pass over the same files (tree-sitter parse
// plus a full cursor walk, the parser's own speed); reports lines per second
// per core for both and their ratio, and the same index without the
// full-text index (what search costs); then, on a temporary copy of the
// indexed files, a second `trellis index` (previous snapshot read, new one
// written) after one file was edited, as a fraction of the full ingest.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace trellis::bench {

struct IngestCommandOptions {
  std::string root;
  unsigned jobs = 0;
  int runs = 3;
  bool json = false;
  // The incremental figure's edit: this file (default: the median by size)
  // gets this text appended (default: an empty line).
  std::string edit_file;
  std::string edit_append = "\n";
};

CLI::App& add_ingest_command(CLI::App& app, IngestCommandOptions& options);
int run_ingest_command(const IngestCommandOptions& options);

}  // namespace trellis::bench
