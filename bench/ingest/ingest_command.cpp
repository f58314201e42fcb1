#include "ingest/ingest_command.hpp"

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>
#include <tree_sitter/api.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "common/process_memory.hpp"
#include "common/stopwatch.hpp"
#include "extract/tree_sitter_handles.hpp"
#include "ingest/edited_copy.hpp"
#include "trellis/common/parallel.hpp"
#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/file_owners.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/ingest/index_repository.hpp"
#include "trellis/ingest/language.hpp"
#include "trellis/ingest/source_file.hpp"

namespace trellis::bench {
namespace {

using Frontends = std::vector<std::unique_ptr<ingest::LanguageFrontend>>;

struct ParseOnly {
  double ms = 0;
  double cpu_ms = 0;
  std::uint64_t syntax_nodes = 0;
};

// Reads, parses and walks every node of every file, as extraction must at least do.
// The frontend that reads `path` (every discovered path has one).
const ingest::LanguageFrontend& frontend_of(const Frontends& frontends, const ingest::FileOwners& owners,
                                            std::string_view path) {
  const ingest::LanguageFrontend* owner = owners.owner(path);
  return owner != nullptr ? *owner : *frontends.front();
}

ParseOnly parse_only(const Frontends& frontends, const std::filesystem::path& root,
                     const std::vector<std::string>& paths, tbb::task_arena& arena) {
  const std::vector<std::string_view> views(paths.begin(), paths.end());
  const ingest::FileOwners owners(frontends, views);
  std::atomic<std::uint64_t> nodes{0};
  const Stopwatch clock;
  const CpuStopwatch cpu;
  arena.execute([&] {
    tbb::enumerable_thread_specific<ingest::TsParser> parsers([] { return ingest::TsParser(ts_parser_new()); });
    trellis::parallel_for(tbb::blocked_range<std::size_t>(0, paths.size(), 1), [&](const auto& range) {
      TSParser* parser = parsers.local().get();
      std::uint64_t local = 0;
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        auto source = ingest::read_source_file(root / paths[i]);
        if (!source.ok()) continue;
        ts_parser_set_language(parser, frontend_of(frontends, owners, paths[i]).grammar(paths[i]));
        const ingest::TsTree tree(ts_parser_parse_string(
            parser, nullptr, source->text.data(), static_cast<std::uint32_t>(source->text.size())));
        TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree.get()));
        for (bool descend = true;;) {
          if (descend && ts_tree_cursor_goto_first_child(&cursor)) {
            ++local;
          } else if (ts_tree_cursor_goto_next_sibling(&cursor)) {
            ++local;
            descend = true;
          } else if (ts_tree_cursor_goto_parent(&cursor)) {
            descend = false;
          } else {
            break;
          }
        }
        ts_tree_cursor_delete(&cursor);
      }
      nodes.fetch_add(local, std::memory_order_relaxed);
    });
  });
  return {clock.elapsed_ms(), cpu.elapsed_ms(), nodes.load()};
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// The file a user edits in the incremental figure: the median by size.
std::string median_file(std::vector<ingest::DiscoveredFile> files) {
  if (files.empty()) return {};
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return a.size != b.size ? a.size < b.size : a.relative_path < b.relative_path;
  });
  return files[files.size() / 2].relative_path;
}

}  // namespace

CLI::App& add_ingest_command(CLI::App& app, IngestCommandOptions& options) {
  CLI::App& ingest = *app.add_subcommand(
      "ingest", "Index a repository and a parse-only pass over it; compare their speed");
  ingest.add_option("PATH", options.root, "Repository to index")->required()->check(CLI::ExistingDirectory);
  ingest.add_option("--jobs", options.jobs, "Threads (0: every core)")->capture_default_str();
  ingest.add_option("--runs", options.runs, "Runs of each pass; medians are reported")
      ->capture_default_str()
      ->check(CLI::Range(1, 50));
  ingest.add_flag("--json", options.json, "Print one JSON document instead of the table");
  ingest.add_option("--edit", options.edit_file,
                    "The file the incremental figure edits, relative to PATH (default: the median file by size)");
  ingest.add_option("--append", options.edit_append,
                    "What the edit appends to it (default: an empty line; a declaration makes a header edit that "
                    "its includers may read)");
  return ingest;
}

int run_ingest_command(const IngestCommandOptions& options) {
  const Frontends languages = ingest::make_language_frontends();
  const unsigned cores = options.jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.jobs;
  tbb::task_arena arena(static_cast<int>(cores));

  ingest::DiscoverOptions discover;
  discover.root = options.root;
  discover.wanted = [&languages](std::string_view path) {
    return std::any_of(languages.begin(), languages.end(), [&](const auto& l) { return l->handles(path); });
  };
  auto discovered = ingest::discover_files(discover);
  if (!discovered.ok()) {
    fmt::print(stderr, "{}\n", discovered.error().message);
    return 1;
  }
  std::vector<std::string> paths;
  for (const auto& file : discovered->files) paths.push_back(file.relative_path);

  // The incremental figure: a second `trellis index` (snapshot read and
  // written) of a copy of the tree after one file was edited.
  auto copy = EditedCopy::make(options.root, discovered->files);
  if (!copy.ok()) {
    fmt::print(stderr, "{}\n", copy.error().message);
    return 1;
  }
  const std::string edited = options.edit_file.empty() ? median_file(discovered->files) : options.edit_file;
  ingest::IndexOptions copy_index;
  copy_index.root = copy->root();
  copy_index.jobs = cores;
  std::vector<double> parse_ms;
  std::vector<double> ingest_ms;
  std::vector<double> ingest_without_full_text_ms;
  std::vector<double> full_database_ms;
  std::vector<double> incremental_ms;
  std::vector<double> parse_cpu_ms;
  std::vector<double> ingest_cpu_ms;
  ParseOnly parsed;
  std::optional<ingest::IndexResult> indexed;
  std::optional<ingest::DatabaseIndexResult> reindexed;
  for (int run = 0; run < options.runs; ++run) {
    parsed = parse_only(languages, options.root, paths, arena);
    parse_ms.push_back(parsed.ms);
    parse_cpu_ms.push_back(parsed.cpu_ms);
    ingest::IndexOptions index;
    index.root = options.root;
    index.jobs = cores;
    const Stopwatch clock;
    const CpuStopwatch cpu;
    auto result = ingest::index_repository(index);
    ingest_ms.push_back(clock.elapsed_ms());
    ingest_cpu_ms.push_back(cpu.elapsed_ms());
    if (!result.ok()) {
      fmt::print(stderr, "{}\n", result.error().message);
      return 1;
    }
    indexed = std::move(result).value();

    // The same index without the full-text index: what search costs.
    ingest::IndexOptions without_full_text = index;
    without_full_text.full_text = false;
    const Stopwatch plain;
    if (auto bare = ingest::index_repository(without_full_text); !bare.ok()) {
      fmt::print(stderr, "{}\n", bare.error().message);
      return 1;
    }
    ingest_without_full_text_ms.push_back(plain.elapsed_ms());

    // What the incremental figure is measured against: the first `trellis
    // index` of the copy, with no snapshot yet (written like every index).
    if (Status removed = copy->remove_database(); !removed.ok()) {
      fmt::print(stderr, "{}\n", removed.error().message);
      return 1;
    }
    const Stopwatch full;
    if (auto first = ingest::index_into_database(copy_index, copy->database()); !first.ok()) {
      fmt::print(stderr, "{}\n", first.error().message);
      return 1;
    }
    full_database_ms.push_back(full.elapsed_ms());

    if (auto status = copy->append(edited, options.edit_append); !status.ok()) {
      fmt::print(stderr, "{}\n", status.error().message);
      return 1;
    }
    const Stopwatch again;
    auto second = ingest::index_into_database(copy_index, copy->database());
    incremental_ms.push_back(again.elapsed_ms());
    if (!second.ok()) {
      fmt::print(stderr, "{}\n", second.error().message);
      return 1;
    }
    reindexed = std::move(second).value();
  }
  const ingest::IndexReport& again = reindexed->indexed.report;
  const double incremental_s = median(incremental_ms) / 1000.0;
  const double full_database_s = median(full_database_ms) / 1000.0;
  const ingest::IndexReport& report = indexed->report;
  const GraphStore& store = indexed->store;
  const double parse_s = median(parse_ms) / 1000.0;
  const double ingest_s = median(ingest_ms) / 1000.0;
  const double without_full_text_s = median(ingest_without_full_text_ms) / 1000.0;
  const StoreParts& parts = store.parts();
  const std::size_t full_text_bytes = parts.search_term_blob.size_bytes() + parts.search_term_offsets.size_bytes() +
                                      parts.search_posting_offsets.size_bytes() +
                                      parts.search_posting_nodes.size_bytes() +
                                      parts.search_posting_counts.size_bytes() +
                                      parts.search_field_lengths.size_bytes() + parts.search_totals.size_bytes();
  const double parse_cpu_s = median(parse_cpu_ms) / 1000.0;
  const double ingest_cpu_s = median(ingest_cpu_ms) / 1000.0;
  const auto lines = static_cast<double>(report.lines);
  const double parse_rate = lines / parse_s / cores;
  const double ingest_rate = lines / ingest_s / cores;

  if (options.json) {
    const nlohmann::json document = {
        {"path", options.root},
        {"cores", cores},
        {"runs", options.runs},
        {"files", report.files},
        {"lines", report.lines},
        {"bytes", report.bytes},
        {"parse_only", {{"seconds", parse_s}, {"cpu_seconds", parse_cpu_s}, {"lines_per_second_per_core", parse_rate}, {"syntax_nodes", parsed.syntax_nodes}}},
        {"ingest",
         {{"seconds", ingest_s},
          {"cpu_seconds", ingest_cpu_s},
          {"lines_per_second_per_core", ingest_rate},
          {"stages_seconds", {{"discover", report.discover_seconds}, {"extract", report.extract_seconds},
                              {"resolve", report.resolve_seconds}, {"build", report.build_seconds}}}}},
        {"full_text_index",
         {{"ingest_seconds_without", without_full_text_s},
          {"added_fraction_of_ingest", ingest_s / without_full_text_s - 1.0},
          {"terms", parts.search_term_offsets.empty() ? 0 : parts.search_term_offsets.size() - 1},
          {"postings", parts.search_posting_nodes.size()},
          {"bytes", full_text_bytes}}},
        {"ingest_speed_over_parse_only", parse_s / ingest_s},
        {"ingest_cpu_over_parse_only_cpu", parse_cpu_s / ingest_cpu_s},
        {"full_index_saved", {{"seconds", full_database_s}}},
        {"incremental",
         {{"seconds", incremental_s},
          {"fraction_of_full_index_saved", incremental_s / full_database_s},
          {"fraction_of_ingest", incremental_s / ingest_s},
          {"edited_file", edited},
          {"files_read", again.files_read},
          {"files_reparsed", again.files_reparsed},
          {"files_resolved", again.files_resolved},
          {"dependents_resolved", again.dependents_resolved},
          {"dependents_skipped", again.dependents_skipped},
          {"search_nodes_reused", again.search_nodes_reused},
          {"stages_seconds", {{"load", reindexed->load_seconds}, {"discover", again.discover_seconds},
                              {"extract", again.extract_seconds}, {"resolve", again.resolve_seconds},
                              {"build", again.build_seconds}, {"save", reindexed->save_seconds}}}}},
        {"nodes", store.node_count()},
        {"edges", store.edge_count()},
        {"calls", store.edge_count(RelType::Calls)},
        {"unresolved_calls", report.unresolved_calls},
        {"external_calls", report.external_calls},
        {"peak_rss_bytes", peak_rss_bytes()}};
    fmt::print("{}\n", document.dump(2));
    return 0;
  }
  fmt::print("{}: {} files, {} lines, {} cores, median of {} runs\n", options.root, report.files, report.lines,
             cores, options.runs);
  fmt::print("  parse only   {:8.3f} s  {:>9.0f} lines/s/core  (CPU {:.3f} s)\n", parse_s, parse_rate, parse_cpu_s);
  fmt::print("  ingest       {:8.3f} s  {:>9.0f} lines/s/core  ({:.0f}% of parse-only speed; CPU {:.3f} s, {:.0f}%)\n",
             ingest_s, ingest_rate, 100.0 * parse_s / ingest_s, ingest_cpu_s, 100.0 * parse_cpu_s / ingest_cpu_s);
  fmt::print("    discover {:.3f} s, extract {:.3f} s, resolve {:.3f} s, build {:.3f} s (last run)\n",
             report.discover_seconds, report.extract_seconds, report.resolve_seconds, report.build_seconds);
  fmt::print("  full text    {:8.3f} s  without the full-text index: it adds {:.1f}% ({} terms, {} postings, {:.1f} MB)\n",
             without_full_text_s, 100.0 * (ingest_s / without_full_text_s - 1.0),
             parts.search_term_offsets.empty() ? 0 : parts.search_term_offsets.size() - 1,
             parts.search_posting_nodes.size(), static_cast<double>(full_text_bytes) / 1e6);
  fmt::print("  full index   {:8.3f} s  (a first index of a copy, snapshot and facts written)\n", full_database_s);
  fmt::print("  incremental  {:8.3f} s  ({:.1f}% of the full index, {:.1f}% of ingest; {} edited, {} read, {} file{} parsed, {} resolved, "
             "{} of them reading its declarations, {} reading them kept)\n",
             incremental_s, 100.0 * incremental_s / full_database_s, 100.0 * incremental_s / ingest_s, edited, again.files_read, again.files_reparsed,
             again.files_reparsed == 1 ? "" : "s", again.files_resolved, again.dependents_resolved, again.dependents_skipped);
  fmt::print("    load {:.3f} s, discover {:.3f} s, extract {:.3f} s, resolve {:.3f} s, build {:.3f} s, save {:.3f} s (last run);"
             " full-text postings of {} definitions and modules kept from the previous index\n",
             reindexed->load_seconds, again.discover_seconds, again.extract_seconds, again.resolve_seconds,
             again.build_seconds, reindexed->save_seconds, again.search_nodes_reused);
  fmt::print("  graph        {} nodes, {} edges, {} CALLS, {} unresolved calls, {} calls out of the tree\n",
             store.node_count(), store.edge_count(), store.edge_count(RelType::Calls), report.unresolved_calls,
             report.external_calls);
  fmt::print("  peak RSS     {:.1f} MiB\n", static_cast<double>(peak_rss_bytes()) / (1024.0 * 1024.0));
  return 0;
}

}  // namespace trellis::bench
