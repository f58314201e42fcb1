// `trellis_bench search DB [--query TEXT]... [--runs R] [--json]`: opens a
// snapshot `trellis index` wrote and runs full-text searches (the library
// call search_code and `trellis search` make), each query R times after one
// untimed run, and reports latency percentiles over all calls: the search
// alone (no source read: snippets from docstrings), and with snippets and
// phrase checks read from the indexed tree. Without --query, a fixed set of
// queries about mathematics code (sympy's vocabulary) runs. Then `query
// similar` (find_similar) on --similar-targets functions and methods spread
// evenly over the graph, each R times.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace trellis::bench {

struct SearchCommandOptions {
  std::filesystem::path database;
  std::vector<std::string> queries;
  int runs = 20;
  std::size_t similar_targets = 200;
  bool json = false;
};

CLI::App& add_search_command(CLI::App& app, SearchCommandOptions& options);

int run_search_command(const SearchCommandOptions& options);

}  // namespace trellis::bench
