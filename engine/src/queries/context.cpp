// query_context (seed 003's Context Oracle): the bundle an agent reads
// before it edits code around one or more focus nodes.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "queries/nested_definitions.hpp"
#include "queries/node_properties.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kFocusLabels[] = {Label::Function, Label::Method, Label::Class,
                                         Label::Interface, Label::Module, Label::Package};
inline constexpr NameKind kFocusName{"Node", kFocusLabels};
inline constexpr int kMaxSnippetLines = 2000;

// One edge type and direction a node's neighbours are read through.
struct Step {
  RelType type;
  bool outgoing;
};

// The priority a bundle takes neighbours in: what holds or is held by the
// node, then what it calls and what calls it, then its supertypes and
// subtypes, then its imports and importers.
inline constexpr Step kPriority[] = {
    {RelType::Defines, true},     {RelType::Defines, false},    {RelType::Contains, true},
    {RelType::Contains, false},   {RelType::Calls, true},       {RelType::Calls, false},
    {RelType::Inherits, true},    {RelType::Inherits, false},   {RelType::Implements, true},
    {RelType::Implements, false}, {RelType::Imports, true},     {RelType::Imports, false},
};

// Breadth-first from the focus, each node's neighbours in kPriority order,
// until max_depth or max_nodes. Leaves the bundle's nodes marked in scratch.
void walk(const GraphStore& store, const ContextRequest& request, TraversalScratch& scratch, ContextResult& result) {
  const auto cap = static_cast<std::size_t>(std::max(request.max_nodes, 1));
  scratch.begin(store.node_count());
  for (const NodeId node : result.focus) {
    scratch.mark(node);
    result.nodes.push_back({node, 0});
  }
  for (std::size_t i = 0; i < result.nodes.size(); ++i) {
    const ContextNode at = result.nodes[i];
    if (at.depth >= request.max_depth) continue;
    for (const Step step : kPriority) {
      const auto next = step.outgoing ? store.out(step.type, at.node) : store.in(step.type, at.node);
      for (const NodeId node : next) {
        // The Project CONTAINS every node: a step through it is no context.
        if (scratch.visited(node) || store.label(node) == Label::Project) continue;
        if (result.nodes.size() >= cap) {
          result.nodes_truncated = true;
          return;
        }
        scratch.mark(node);
        result.nodes.push_back({node, at.depth + 1});
      }
    }
  }
}

// Every edge whose two ends are in the bundle (marked in scratch), once
// (two call sites of the same callee are one edge here).
void edges_among(const GraphStore& store, const TraversalScratch& scratch, ContextResult& result) {
  for (const ContextNode& from : result.nodes) {
    const std::size_t first = result.edges.size();  // this node's edges: at most max_nodes per type
    for (const RelTypeDef& def : all_rel_types()) {
      for (const NodeId to : store.out(def.type, from.node)) {
        if (!scratch.visited(to)) continue;
        const bool seen = std::any_of(result.edges.begin() + static_cast<std::ptrdiff_t>(first), result.edges.end(),
                                      [&](const ContextEdge& e) { return e.to == to && e.type == def.type; });
        if (!seen) result.edges.push_back({from.node, to, def.type});
      }
    }
  }
}

bool has_snippet(const GraphStore& store, NodeId node, bool focus) {
  switch (store.label(node)) {
    case Label::Function:
    case Label::Method:
    case Label::Class:
    case Label::Interface: return true;
    case Label::Module: return focus;  // a neighbour module's whole file is not context
    default: return false;
  }
}

// `text` cut after its last whole line within `limit` characters.
std::size_t whole_lines_within(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return text.size();
  const std::size_t newline = text.rfind('\n', limit == 0 ? 0 : limit - 1);
  return newline == std::string_view::npos || limit == 0 ? 0 : newline + 1;
}

void snippets(const GraphStore& store, const ContextRequest& request, const SourceReader* sources,
              ContextResult& result) {
  result.budget_chars = static_cast<std::size_t>(std::max(request.budget, 0)) * 4;
  if (result.budget_chars == 0) return;  // no snippets asked for: none cut
  struct Range {
    std::string_view file;
    int first;
    int last;
  };
  std::vector<Range> taken;
  struct FileText {
    std::string_view path;
    std::string text;
    bool readable;
    std::optional<bool> changed;
  };
  std::vector<FileText> files;
  for (const ContextNode& entry : result.nodes) {
    if (!has_snippet(store, entry.node, entry.depth == 0)) continue;
    const std::string_view file = text_property(store, entry.node, "file_path");
    if (file.empty()) continue;
    const int first = std::max(1, line_property(store, entry.node, "line_start"));
    const int last = std::max(first, line_property(store, entry.node, "line_end"));
    // A method inside a class already given is not given twice.
    const bool inside = std::any_of(taken.begin(), taken.end(), [&](const Range& r) {
      return r.file == file && r.first <= first && last <= r.last;
    });
    if (inside) continue;
    const std::size_t left = result.budget_chars - result.used_chars;
    if (left == 0) {
      result.snippets_truncated = true;
      break;
    }
    if (sources == nullptr) {
      result.source_error = "no source reader: the graph's source files cannot be read here";
      break;
    }
    // Each file read once: several snippets often share one.
    auto cached = std::find_if(files.begin(), files.end(), [&](const FileText& f) { return f.path == file; });
    if (cached == files.end()) {
      auto text = sources->read_file(file);
      FileText read{file, {}, false, {}};
      if (text.ok()) {
        read.text = std::move(text).value();
        read.readable = true;
        read.changed = sources->changed_since_index(file, read.text);
      } else if (result.source_error.empty()) {
        result.source_error = text.error().message;
      }
      files.push_back(std::move(read));
      cached = files.end() - 1;
    }
    if (!cached->readable) continue;
    SourceText source = slice_lines(cached->text, first, last, kMaxSnippetLines);
    source.changed_since_index = cached->changed;
    const std::size_t keep = whole_lines_within(source.text, left);
    if (keep < source.text.size()) {
      result.snippets_truncated = true;
      if (keep == 0) break;
      source.last = source.first + static_cast<int>(std::count(source.text.begin(),
                                                               source.text.begin() + static_cast<std::ptrdiff_t>(keep),
                                                               '\n')) - 1;
      source.text.resize(keep);
      source.truncated = true;
    }
    result.used_chars += source.text.size();
    taken.push_back({file, first, last});
    result.snippets.push_back({entry.node, std::string(file), std::move(source)});
    if (result.snippets_truncated) break;
  }
}

// Calls inside the focus nodes (by them or definitions nested in them) that
// ingest could not resolve: each focus's by line.
void unresolved_sites(const GraphStore& store, TraversalScratch& scratch, ContextResult& result) {
  scratch.begin(store.node_count());
  for (const NodeId focus : result.focus) {
    std::vector<NodeId> callers;
    append_nested(store, focus, scratch, callers);
    std::vector<UnresolvedSite> sites;
    for (const NodeId caller : callers) {
      if (store.unresolved_call_count(caller) == 0) continue;
      for (const GraphStore::UnresolvedCall& call : store.unresolved_calls(caller)) {
        sites.push_back({caller, call.line, call.text, call.reason});
      }
    }
    std::stable_sort(sites.begin(), sites.end(),
                     [](const UnresolvedSite& a, const UnresolvedSite& b) { return a.line < b.line; });
    result.unresolved_total += sites.size();
    for (const UnresolvedSite& site : sites) {
      if (result.unresolved.size() < kMaxResults) result.unresolved.push_back(site);
    }
  }
}

}  // namespace

Result<ContextResult> query_context(const GraphStore& store, const ContextRequest& request, TraversalScratch& scratch,
                                    const SourceReader* sources) {
  if (request.names.empty()) return make_error(ErrorCode::InvalidArgument, "get_context needs at least one name");
  ContextResult result;
  for (const std::string& name : request.names) {
    auto node = lookup_module_or_file(store, name, kFocusName);
    if (!node) return std::move(node).take_error();
    if (std::find(result.focus.begin(), result.focus.end(), *node) == result.focus.end()) {
      result.focus.push_back(*node);
    }
  }
  walk(store, request, scratch, result);
  edges_among(store, scratch, result);
  snippets(store, request, sources, result);
  unresolved_sites(store, scratch, result);
  return result;
}

}  // namespace trellis::queries
