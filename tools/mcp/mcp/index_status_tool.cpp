// index_status: what the loaded snapshot holds, when it was written, and
// which files differ from what was indexed. Ingest keeps each indexed
// file's content hash in the snapshot (facts_cache.hpp); every listed file
// is read and hashed the way ingest hashes it (text with invalid UTF-8
// replaced, XXH3), so an edit is found whatever its mtime, and a touch
// without an edit is no change. New files are those discovery finds now
// (the index's .gitignore rules and languages, without the --exclude globs
// of the last `trellis index`, which the snapshot does not record) that the
// index does not hold.
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <system_error>

#include "mcp/graph_tools.hpp"
#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/language.hpp"
#include "trellis/ingest/source_file.hpp"
#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp {
namespace {

struct Changes {
  std::vector<std::string> changed, deleted, added;
};

Changes compare(const std::string& root, const std::map<std::string, std::uint64_t>& files) {
  Changes out;
  for (const auto& [path, hash] : files) {
    const std::filesystem::path file = std::filesystem::path(root) / path;
    std::error_code error;
    if (!std::filesystem::exists(file, error)) {
      out.deleted.push_back(path);
      continue;
    }
    auto text = ingest::read_source_file(file);
    if (!text.ok() || ingest::content_hash(text->text) != hash) out.changed.push_back(path);
  }
  // Unprepared frontends: discovery only asks which files they read.
  const auto frontends = ingest::make_language_frontends();
  ingest::DiscoverOptions options;
  options.root = root;
  options.wanted = [&frontends](std::string_view path) {
    for (const auto& frontend : frontends) {
      if (frontend->handles(path)) return true;
    }
    return false;
  };
  auto found = ingest::discover_files(options);
  if (!found.ok()) return out;
  for (const ingest::DiscoveredFile& file : found->files) {
    if (!files.contains(file.relative_path)) out.added.push_back(file.relative_path);
  }
  return out;
}

void write_list(output::JsonTextWriter& w, std::string_view key, const std::vector<std::string>& list) {
  w.key(key);
  w.begin_array();
  for (const std::string& item : list) w.string(item);
  w.end_array();
}

Result<output::Report> index_status(const ToolContext& context) {
  const LoadedGraph& graph = context.graph;
  const GraphStore& store = graph.store();
  const std::optional<std::string> root = graph.database().root();
  const auto& files = graph.indexed_files();

  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.begin_object();
  w.key("database");
  w.string(graph.database().path().string());
  w.key("root");
  root ? w.string(*root) : w.null();
  w.key("indexed_at");
  w.string(fmt::format("{:%Y-%m-%dT%H:%M:%S}Z", std::chrono::floor<std::chrono::seconds>(graph.written_at())));
  w.key("nodes");
  w.unsigned_integer(store.node_count());
  w.key("relationships");
  w.unsigned_integer(store.edge_count());
  w.key("files_indexed");
  files ? w.unsigned_integer(files->size()) : w.null();
  if (root && files) {
    const Changes changes = compare(*root, *files);
    write_list(w, "files_changed", changes.changed);
    write_list(w, "files_deleted", changes.deleted);
    write_list(w, "files_added", changes.added);
    w.key("up_to_date");
    w.boolean(changes.changed.empty() && changes.deleted.empty() && changes.added.empty());
  } else {
    w.key("up_to_date");
    w.null();
    w.key("note");
    w.string("the snapshot records no indexed files (a CSV import): nothing to compare");
  }
  w.end_object();

  output::Report report;
  report.query = "index status";
  report.query_type = "status";
  report.results_text = w.take();
  return report;
}

using enum queries::Shape;
using queries::field;
using queries::list;
using queries::nullable;
using queries::optional;
// A snapshot without file facts (a CSV import) has no file lists and a note.
constexpr queries::ResultField kStatusResults[] = {
    field("database", String),           nullable(field("root", String)),     field("indexed_at", String),
    field("nodes", Integer),             field("relationships", Integer),     nullable(field("files_indexed", Integer)),
    optional(list("files_changed", String)), optional(list("files_deleted", String)),
    optional(list("files_added", String)),   nullable(field("up_to_date", Boolean)), optional(field("note", String))};

}  // namespace

void add_index_status_tool(ToolRegistry& registry) {
  registry.add(Tool{
      "index_status", "What is indexed and what changed since",
      "The loaded snapshot: its file, the indexed root, when it was written (indexed_at, UTC), node and "
      "relationship counts, files_indexed, and the files that differ from the index now: files_changed "
      "(content differs), files_deleted, files_added (source files the index does not hold). up_to_date is "
      "true when all three are empty; otherwise run `trellis index` again (the server loads the new "
      "snapshot by itself). files_added follows the .gitignore rules but not the --exclude globs of the "
      "last index, which the snapshot does not record. Returns JSON {query, results, metadata}.",
      {}, [](const ToolContext& context, const queries::CheckedArguments&) {
        return index_status(context);
      },
      kStatusResults});
}

}  // namespace trellis::mcp
