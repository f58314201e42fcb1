#include "trellis/output/answer_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <array>
#include <optional>

#include "trellis/output/why_tree.hpp"
#include "trellis/queries/call_reach.hpp"

namespace trellis::output {
namespace {

using namespace queries;

// What the metadata reports beyond the common fields.
struct Summary {
  std::size_t row_count = 0;
  std::size_t total_count = 0;
  std::optional<int> max_depth;  // where the query has one
  std::optional<std::size_t> unresolved_calls;  // where the answer follows CALLS
  // Where a cap stops a walk before it can count what lies past it.
  std::optional<bool> truncated;
  // A page of a capped list: where it starts (metadata offset and next_offset).
  std::optional<std::size_t> offset;
};

// The counts of a page of `rows` rows.
void page(Summary& out, const ResultCount& count, std::size_t rows) {
  out.row_count = rows;
  out.total_count = count.total_count;
  out.truncated = count.truncated;
  out.offset = count.offset;
}

// {label, qualified_name, name, line_start, line_end} of a node named where
// the answer says more elsewhere (and the properties asked for beyond the
// lean ones), the object left open for more fields.
void lean_node(JsonTextWriter& w, const GraphStore& store, NodeId node);

// An array of closed lean nodes.
void lean_nodes(JsonTextWriter& w, const GraphStore& store, const std::vector<NodeId>& nodes);

// The document's "query" and the opening of its "results" object.
// [{caller, file_path, line, text, reason}]: call sites left unresolved.
void unresolved_sites(JsonTextWriter& w, const GraphStore& store, const std::vector<UnresolvedSite>& sites) {
  w.begin_array();
  for (const UnresolvedSite& site : sites) {
    w.begin_object();
    w.plain_key("caller");
    w.qualified_name(store, site.caller);
    w.plain_key("file_path");
    w.property(store.property(site.caller, "file_path"));
    w.plain_key("line");
    w.integer(site.line);
    w.plain_key("text");
    w.string(site.text);
    w.plain_key("reason");
    w.string(unresolved_reason_code(site.reason));
    w.end_object();
  }
  w.end_array();
}

void open(JsonTextWriter& w, const std::string& query) {
  w.plain_key("query");
  w.string(query);
  w.plain_key("results");
  w.begin_object();
}

// "call_sites": [{"file_path", "line"}...]: where `caller` makes the call.
void call_sites(JsonTextWriter& w, const GraphStore& store, NodeId caller, const std::vector<std::int32_t>& lines) {
  const PropertyValue file = store.property(caller, "file_path");
  const auto* path = std::get_if<std::string_view>(&file);
  w.plain_key("call_sites");
  w.begin_array();
  for (const std::int32_t line : lines) {
    w.begin_object();
    w.plain_key("file_path");
    if (path != nullptr) {
      w.string(*path);
    } else {
      w.null();
    }
    w.plain_key("line");
    w.integer(line);
    w.end_object();
  }
  w.end_array();
}

// A node reached by dispatch says so: "via": "dispatch", "through": the
// method it is reached through (see NodeAtDepth::through). With `sites`
// (one per node), each node has its call_sites.
void nodes_at(JsonTextWriter& w, const GraphStore& store, const std::vector<NodeAtDepth>& nodes,
              bool with_location = true, const std::vector<CallSites>* sites = nullptr) {
  w.begin_array();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodeAtDepth& n = nodes[i];
    if (n.through == kNoNode && sites == nullptr) {
      w.node(store, n.node, n.depth, with_location);
      continue;
    }
    w.begin_object();
    w.node_fields(store, n.node, n.depth, with_location);
    if (n.through != kNoNode) {
      w.plain_key("via");
      w.string("dispatch");
      w.plain_key("through");
      w.qualified_name(store, n.through);
    }
    if (sites != nullptr) call_sites(w, store, (*sites)[i].caller, (*sites)[i].lines);
    w.end_object();
  }
  w.end_array();
}

void cycles(JsonTextWriter& w, const GraphStore& store, const std::vector<std::vector<NodeId>>& list,
            std::string_view type) {
  w.begin_array();
  for (const auto& cycle : list) {
    w.begin_object();
    w.plain_key("cycle_type");
    w.string(type);
    w.plain_key("cycle_path");
    w.names(store, cycle);
    w.plain_key("cycle_length");
    w.unsigned_integer(cycle.size());
    w.end_object();
  }
  w.end_array();
}

void reach(JsonTextWriter& w, Summary& out, const GraphStore& store, const CallReachResult& r,
           std::string_view noun, int max_depth, bool include_paths) {
  open(w, fmt::format("{} of {} (depth {})", noun, store.qualified_name(r.target), max_depth));
  w.plain_key(noun);
  nodes_at(w, store, r.nodes, include_paths, &r.call_sites);
  w.plain_key("call_chains");
  if (r.has_chains) {
    w.begin_array();
    for (const auto& chain : r.call_chains) w.names(store, chain);
    w.end_array();
  } else {
    w.null();
  }
  page(out, r.count, r.nodes.size());
  out.max_depth = max_depth;
  out.unresolved_calls = r.unresolved_calls;
}

// {"name", "label", "depth", "children"|"parents": [...]} below `root` along
// the breadth-first tree `edges`: {parent, child} pairs, or with `up`
// {ancestor, reached-from} pairs nested under "parents".
void tree(JsonTextWriter& w, const GraphStore& store, NodeId root, int depth,
          const std::vector<std::pair<NodeId, NodeId>>& edges, bool up) {
  w.begin_array();
  for (const auto& [first, second] : edges) {
    const NodeId from = up ? second : first;
    const NodeId to = up ? first : second;
    if (from != root) continue;
    w.begin_object();
    w.plain_key("name");
    w.qualified_name(store, to);
    w.plain_key("label");
    w.string(to_string(store.label(to)));
    w.plain_key("depth");
    w.integer(depth + 1);
    w.plain_key(up ? "parents" : "children");
    tree(w, store, to, depth + 1, edges, up);
    w.end_object();
  }
  w.end_array();
}

void hierarchy(JsonTextWriter& w, Summary& out, const GraphStore& store, const HierarchyRequest& request,
               const HierarchyResult& r) {
  static constexpr std::string_view kDirections[] = {"up", "down", "both"};
  open(w, fmt::format("hierarchy of {} ({}, depth {})", store.qualified_name(r.target),
                          kDirections[static_cast<int>(request.direction)], request.max_depth));
  w.plain_key("hierarchy_tree");
  w.begin_object();
  w.plain_key("name");
  w.qualified_name(store, r.target);
  w.plain_key("label");
  w.string(to_string(store.label(r.target)));
  w.plain_key("depth");
  w.integer(0);
  w.plain_key("children");
  tree(w, store, r.target, 0, r.down_tree, false);
  w.plain_key("parents");
  tree(w, store, r.target, 0, r.up_tree, true);
  w.end_object();
  w.plain_key("ancestors");
  nodes_at(w, store, r.ancestors);
  w.plain_key("descendants");
  nodes_at(w, store, r.descendants);
  w.plain_key("circular_dependencies");
  cycles(w, store, r.cycles, "inheritance");
  w.plain_key("warnings");
  w.begin_array();
  for (const auto& cycle : r.cycles) {
    std::string text = "circular inheritance: ";
    for (std::size_t i = 0; i < cycle.size(); ++i) {
      if (i > 0) text += " -> ";
      store.append_qualified_name(cycle[i], text);
    }
    w.string(text);
  }
  w.end_array();
  page(out, r.count, r.ancestors.size() + r.descendants.size());
  out.max_depth = request.max_depth;
}

void dependencies(JsonTextWriter& w, Summary& out, const GraphStore& store, const DependenciesRequest& request,
                  const DependenciesResult& r) {
  static constexpr std::string_view kTypes[] = {"imports", "calls", "all"};
  open(w, fmt::format("dependencies of {} ({}{})", store.qualified_name(r.target),
                          kTypes[static_cast<int>(request.dependency_type)],
                          request.include_transitive ? ", transitive" : ""));
  w.plain_key("imports");
  nodes_at(w, store, r.imports);
  w.plain_key("calls");
  nodes_at(w, store, r.calls);
  w.plain_key("dependency_graph");
  w.begin_object();
  for (const auto& [source, targets] : r.dependency_graph) {
    w.key(store.qualified_name(source));
    w.names(store, targets);
  }
  w.end_object();
  page(out, r.count, r.imports.size() + r.calls.size());
  out.unresolved_calls = r.unresolved_calls;
}

void exports(JsonTextWriter& w, Summary& out, const GraphStore& store, const ExportsRequest& request,
             const ExportsResult& r) {
  open(w, fmt::format("exports of {}{}", store.qualified_name(r.module),
                          request.include_private ? " (with private names)" : ""));
  // A re-exported row says so, and the name it is exported as.
  w.plain_key("exports");
  w.begin_array();
  for (std::size_t i = 0; i < r.exports.size(); ++i) {
    const std::string_view as = i < r.exported_as.size() ? r.exported_as[i] : std::string_view();
    if (as.empty()) {
      w.node(store, r.exports[i]);
      continue;
    }
    w.begin_object();
    w.node_fields(store, r.exports[i]);
    w.plain_key("re_exported");
    w.boolean(true);
    w.plain_key("exported_as");
    w.string(as);
    w.end_object();
  }
  w.end_array();
  w.plain_key("module_info");
  w.node(store, r.module);
  page(out, r.count, r.exports.size());
}

void implementations(JsonTextWriter& w, Summary& out, const GraphStore& store,
                     const ImplementationsRequest& request, const ImplementationsResult& r) {
  open(w, fmt::format("implementations of {}{}", store.qualified_name(r.target),
                          request.include_indirect ? " (with indirect)" : ""));
  w.plain_key("implementations");
  nodes_at(w, store, r.implementations);
  w.plain_key("inheritance_depth");
  w.begin_object();
  for (const NodeAtDepth& n : r.implementations) {
    w.key(store.qualified_name(n.node));
    w.integer(n.depth);
  }
  w.end_object();
  page(out, r.count, r.implementations.size());
}

void call_graph(JsonTextWriter& w, Summary& out, const GraphStore& store, const CallGraphRequest& request,
                const CallGraphResult& r) {
  open(w, fmt::format("call graph from {} (depth {}, at most {} nodes)", store.qualified_name(r.entry),
                          request.max_depth, request.max_nodes));
  w.plain_key("nodes");
  nodes_at(w, store, r.nodes);
  // Each edge names two listed nodes: their names are built once, not per edge.
  std::vector<std::pair<NodeId, std::string>> names;
  names.reserve(r.nodes.size());
  for (const NodeAtDepth& n : r.nodes) names.emplace_back(n.node, store.qualified_name(n.node));
  std::sort(names.begin(), names.end());
  const auto name_of = [&](NodeId node) -> std::string_view {
    const auto it = std::lower_bound(names.begin(), names.end(), node,
                                     [](const auto& entry, NodeId id) { return entry.first < id; });
    return it->second;
  };
  w.plain_key("edges");
  w.begin_array();
  for (const CallGraphEdge& e : r.edges) {
    w.begin_object();
    w.plain_key("from_function");
    w.string(name_of(e.from));
    w.plain_key("to_function");
    w.string(name_of(e.to));
    w.plain_key("call_type");
    w.string(to_string(e.call_type));
    if (e.through != kNoNode) {
      w.plain_key("via");
      w.string("dispatch");
      w.plain_key("through");
      w.string(name_of(e.through));
    }
    call_sites(w, store, e.from, e.lines);
    w.end_object();
  }
  w.end_array();
  w.plain_key("truncated");
  w.boolean(r.truncated);
  w.plain_key("total_nodes");
  w.unsigned_integer(r.total_nodes);
  w.plain_key("cycles");
  cycles(w, store, r.cycles, "calls");
  out.row_count = r.nodes.size();
  out.total_count = r.total_nodes;
  out.max_depth = request.max_depth;
  out.unresolved_calls = r.unresolved_calls;
}

void call_path(JsonTextWriter& w, Summary& out, const GraphStore& store, const CallPathRequest& request,
               const CallPathResult& r) {
  open(w, fmt::format("call path from {} to {} (depth {})", store.qualified_name(r.from),
                          store.qualified_name(r.to), request.max_depth));
  w.plain_key("path");
  w.begin_array();
  for (std::size_t i = 0; i < r.path.size(); ++i) {
    w.begin_object();
    w.node_fields(store, r.path[i], static_cast<int>(i));
    // Each step after the first: where the step before calls it.
    if (i > 0) call_sites(w, store, r.call_sites[i - 1].caller, r.call_sites[i - 1].lines);
    w.end_object();
  }
  w.end_array();
  w.plain_key("found");
  w.boolean(!r.path.empty());
  w.plain_key("length");
  w.unsigned_integer(r.path.empty() ? 0 : r.path.size() - 1);
  out.row_count = r.path.size();
  out.total_count = r.path.size();
  out.max_depth = request.max_depth;
}

void outline(JsonTextWriter& w, Summary& out, const GraphStore& store, const OutlineRequest& request,
             const OutlineResult& r) {
  open(w, fmt::format("outline of {}{}", store.qualified_name(r.module),
                      request.label == "all" ? "" : fmt::format(" ({} only)", request.label)));
  w.plain_key("outline");
  w.begin_array();
  // Lean entries (an outline is read whole): where each definition is and
  // what holds it; get_block_details has the rest.
  constexpr std::string_view kRange[] = {"line_start", "line_end", "byte_start", "byte_end"};
  std::array<std::array<std::optional<std::size_t>, 4>, kLabelCount> range_columns;
  for (std::size_t l = 0; l < kLabelCount; ++l) {
    for (std::size_t c = 0; c < 4; ++c) range_columns[l][c] = property_index(static_cast<Label>(l), kRange[c]);
  }
  NodeId cached_parent = kNoNode;
  std::string parent_name;
  for (const OutlineEntry& entry : r.entries) {
    const Label label = store.label(entry.node);
    w.begin_object();
    w.plain_key("label");
    w.string(to_string(label));
    w.plain_key("qualified_name");
    w.qualified_name(store, entry.node);
    w.plain_key("name");
    w.string(store.name(entry.node));
    w.plain_key("node_id");
    w.string(store.node_id(entry.node));
    for (std::size_t c = 0; c < 4; ++c) {
      const auto& column = range_columns[index_of(label)][c];
      if (!column) continue;
      const PropertyValue value = store.property(entry.node, *column);
      if (const auto* number = std::get_if<std::int64_t>(&value)) {
        w.plain_key(kRange[c]);
        w.integer(*number);
      }
    }
    // Entries share few parents: each one's name is built once.
    if (entry.parent != cached_parent) {
      cached_parent = entry.parent;
      parent_name.clear();
      store.append_qualified_name(entry.parent, parent_name);
    }
    w.plain_key("parent");
    w.string(parent_name);
    w.plain_key("depth");
    w.integer(entry.depth);
    w.end_object();
  }
  w.end_array();
  w.plain_key("module_info");
  w.node(store, r.module);
  page(out, r.count, r.entries.size());
}

void complexity(JsonTextWriter& w, Summary& out, const GraphStore& store, const ComplexityResult& r) {
  open(w, fmt::format("complexity of {}", store.qualified_name(r.module)));
  w.plain_key("module_info");
  w.node(store, r.module);
  const std::pair<std::string_view, std::size_t> counts[] = {
      {"lines", static_cast<std::size_t>(r.lines)}, {"definitions", r.definitions}, {"functions", r.functions},
      {"classes", r.classes}, {"imports", r.imports}, {"importers", r.importers}};
  for (const auto& [key, value] : counts) {
    w.plain_key(key);
    w.unsigned_integer(value);
  }
  w.plain_key("total_complexity");
  w.integer(r.total_complexity);
  w.plain_key("max_complexity");
  w.integer(r.max_complexity);
  w.plain_key("average_complexity");
  if (r.measured == 0) {
    w.null();
  } else {
    w.number(std::round(100.0 * static_cast<double>(r.total_complexity) / static_cast<double>(r.measured)) / 100.0);
  }
  w.plain_key("function_complexity");
  w.begin_array();
  for (const NodeId node : r.function_list) {
    w.begin_object();
    w.plain_key("label");
    w.string(to_string(store.label(node)));
    w.plain_key("qualified_name");
    w.qualified_name(store, node);
    w.plain_key("name");
    w.string(store.name(node));
    w.plain_key("node_id");
    w.string(store.node_id(node));
    for (const std::string_view property : {"line_start", "line_end", "complexity"}) {
      w.plain_key(property);
      const PropertyValue value = store.property(node, property);
      if (const auto* number = std::get_if<std::int64_t>(&value)) {
        w.integer(*number);
      } else {
        w.null();
      }
    }
    w.end_object();
  }
  w.end_array();
  page(out, r.count, r.function_list.size());
}

// "a calls b, which calls c": how the first node of a chain depends on the last.
std::string reason_text(const GraphStore& store, const ImpactedNode& n) {
  if (n.relation == ImpactRelation::ImportsModule && n.chain.size() == 2) {
    return fmt::format("{} imports {}, which defines {}", store.qualified_name(n.node),
                       store.qualified_name(module_of(store, n.chain[1])), store.qualified_name(n.chain[1]));
  }
  std::string text;
  for (std::size_t i = 0; i < n.chain.size(); ++i) {
    store.append_qualified_name(n.chain[i], text);
    if (i < n.via.size()) {
      text += i == 0 ? " " : ", which ";
      text += n.via[i];
      text += ' ';
    }
  }
  return text;
}

void impact(JsonTextWriter& w, Summary& out, const GraphStore& store, const ImpactRequest& request,
            const ImpactResult& r) {
  open(w, fmt::format("impact of {} (depth {})", store.qualified_name(r.target), request.max_depth));
  w.plain_key("target");
  w.node(store, r.target);
  w.plain_key("total");
  w.unsigned_integer(r.count.total_count);
  w.plain_key("files");
  w.begin_array();
  std::size_t rows = 0;
  for (const ImpactFile& file : r.files) {
    w.begin_object();
    w.plain_key("file_path");
    w.string(file.file_path);
    w.plain_key("count");
    w.unsigned_integer(file.nodes.size());
    w.plain_key("nodes");
    w.begin_array();
    for (const ImpactedNode& n : file.nodes) {
      // Lean: the file is the group's; get_block_details has the rest.
      lean_node(w, store, n.node);
      w.plain_key("depth");
      w.integer(n.depth);
      w.plain_key("relation");
      w.string(to_string(n.relation));
      w.plain_key("chain");
      w.names(store, n.chain);
      w.plain_key("reason");
      w.string(reason_text(store, n));
      w.end_object();
      ++rows;
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  page(out, r.count, rows);
  out.max_depth = request.max_depth;
}

void lean_nodes(JsonTextWriter& w, const GraphStore& store, const std::vector<NodeId>& nodes) {
  w.begin_array();
  for (const NodeId node : nodes) {
    lean_node(w, store, node);
    w.end_object();
  }
  w.end_array();
}

void lean_node(JsonTextWriter& w, const GraphStore& store, NodeId node) {
  w.begin_object();
  w.plain_key("label");
  w.string(to_string(store.label(node)));
  w.plain_key("qualified_name");
  w.qualified_name(store, node);
  w.plain_key("name");
  w.string(store.name(node));
  w.plain_key("node_id");
  w.string(store.node_id(node));
  for (const std::string_view property : {"line_start", "line_end"}) {
    const PropertyValue value = store.property(node, property);
    if (const auto* number = std::get_if<std::int64_t>(&value)) {
      w.plain_key(property);
      w.integer(*number);
    }
  }
  const NodeFields* fields = w.selected_fields();
  if (fields == nullptr) return;
  const Label label = store.label(node);
  const auto& properties = label_def(label).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    if (is_lean_property(label, properties[c].name) || !fields->includes(label, properties[c].name)) continue;
    const PropertyValue value = store.property(node, c);
    if (is_null(value)) continue;
    w.plain_key(properties[c].name);
    w.property(value);
  }
}

// file_path, line_start, line_end, truncated, changed_since_index, text.
void source_fields(JsonTextWriter& w, std::string_view file_path, const SourceText& source) {
  w.plain_key("file_path");
  w.string(file_path);
  w.plain_key("line_start");
  w.integer(source.first);
  w.plain_key("line_end");
  w.integer(source.last);
  w.plain_key("truncated");
  w.boolean(source.truncated);
  w.plain_key("changed_since_index");
  if (source.changed_since_index) {
    w.boolean(*source.changed_since_index);
  } else {
    w.null();
  }
  w.plain_key("text");
  w.string(source.text);
}

void details(JsonTextWriter& w, Summary& out, const GraphStore& store, const DetailsResult& r) {
  open(w, fmt::format("details of {}", store.qualified_name(r.node)));
  // The block itself with every property; the nodes around it lean.
  const NodeFields* fields = w.selected_fields();
  w.select_fields(nullptr);
  w.plain_key("node");
  w.node(store, r.node);
  w.select_fields(fields);
  w.plain_key("parent");
  if (r.parent == kNoNode) {
    w.null();
  } else {
    lean_node(w, store, r.parent);
    w.end_object();
  }
  w.plain_key("nesting");
  lean_nodes(w, store, r.nesting);
  w.plain_key("relationships");
  w.begin_object();
  for (const RelationshipCount& count : r.relationships) {
    w.plain_key(to_string(count.type));
    w.begin_object();
    w.plain_key("outgoing");
    w.unsigned_integer(count.outgoing);
    w.plain_key("incoming");
    w.unsigned_integer(count.incoming);
    w.end_object();
  }
  w.end_object();
  w.plain_key("calls");
  w.begin_array();
  NodeId cached_caller = kNoNode;
  std::string caller_name;
  for (const CallInside& call : r.calls) {
    w.begin_object();
    w.plain_key("line");
    w.integer(call.line);
    if (call.caller != cached_caller) {
      cached_caller = call.caller;
      caller_name.clear();
      store.append_qualified_name(call.caller, caller_name);
    }
    w.plain_key("caller");
    w.string(caller_name);
    w.plain_key("resolved");
    w.boolean(call.callee != kNoNode);
    if (call.callee != kNoNode) {
      w.plain_key("call_type");
      w.string(to_string(call.call_type));
      w.plain_key("callee");
      lean_node(w, store, call.callee);
      w.plain_key("file_path");
      w.property(store.property(call.callee, "file_path"));
      w.end_object();
    } else {
      w.plain_key("text");
      w.string(call.text);
      w.plain_key("reason");
      w.string(unresolved_reason_code(call.reason));
    }
    w.end_object();
  }
  w.end_array();
  w.plain_key("unresolved_calls");
  w.unsigned_integer(r.unresolved);
  w.plain_key("imports");
  lean_nodes(w, store, r.imports);
  w.plain_key("source");
  if (r.source) {
    const PropertyValue file = store.property(r.node, "file_path");
    const auto* path = std::get_if<std::string_view>(&file);
    w.begin_object();
    source_fields(w, path != nullptr ? *path : std::string_view{}, *r.source);
    w.end_object();
  } else {
    w.null();
    if (!r.source_error.empty()) {
      w.plain_key("source_error");
      w.string(r.source_error);
    }
  }
  page(out, r.count, r.calls.size());
  out.unresolved_calls = r.unresolved;
}

void source(JsonTextWriter& w, Summary& out, const GraphStore& store, const SourceResult& r) {
  open(w, r.node == kNoNode ? fmt::format("source of {}:{}-{}", r.file_path, r.line_start, r.line_end)
                            : fmt::format("source of {}", store.qualified_name(r.node)));
  source_fields(w, r.file_path, r.source);
  w.plain_key("node");
  if (r.node == kNoNode) {
    w.null();
  } else {
    w.node(store, r.node);
  }
  w.plain_key("module");
  w.qualified_name(store, r.module);
  w.plain_key("definitions");
  w.begin_array();
  for (const OutlineEntry& entry : r.definitions) {
    lean_node(w, store, entry.node);
    w.plain_key("depth");
    w.integer(entry.depth);
    w.end_object();
  }
  w.end_array();
  page(out, r.count, r.definitions.size());
}

// {"depth", "direct", "reached", "truncated", "tree": [lean node + edge,
// through, call_sites (a CALLS step), depth, children: [...]]}
void why_tree(JsonTextWriter& w, const GraphStore& store, const WhyTree& tree, NodeId target, bool upstream) {
  const auto children = why_children(tree);
  // A CALLS step's call sites: upstream the node calls the one it hangs
  // from, downstream that one calls the node.
  const auto steps_call_sites = [&](const WhyEntry& entry) {
    if (entry.edge != RelType::Calls) return;
    const NodeId other = entry.parent >= 0 ? tree.entries[static_cast<std::size_t>(entry.parent)].node
                         : entry.through != kNoNode ? entry.through
                                                    : target;
    const NodeId caller = upstream ? entry.node : other;
    call_sites(w, store, caller, call_site_lines(store, caller, upstream ? other : entry.node));
  };
  const auto write = [&](const auto& self, int at) -> void {
    w.begin_array();
    for (const int index : children[static_cast<std::size_t>(at)]) {
      const WhyEntry& entry = tree.entries[static_cast<std::size_t>(index)];
      lean_node(w, store, entry.node);
      w.plain_key("file_path");
      w.property(store.property(entry.node, "file_path"));
      w.plain_key("edge");
      w.string(to_string(entry.edge));
      w.plain_key("through");
      if (entry.through == kNoNode) {
        w.null();
      } else {
        w.qualified_name(store, entry.through);
      }
      steps_call_sites(entry);
      w.plain_key("depth");
      w.integer(entry.depth);
      w.plain_key("children");
      self(self, index);
      w.end_object();
    }
    w.end_array();
  };
  w.begin_object();
  w.plain_key("max_depth");
  w.integer(tree.max_depth);
  w.plain_key("direct");
  w.unsigned_integer(tree.direct);
  w.plain_key("reached");
  w.unsigned_integer(tree.entries.size());
  w.plain_key("truncated");
  w.boolean(tree.truncated);
  w.plain_key("tree");
  write(write, static_cast<int>(tree.entries.size()));
  w.end_object();
}

void why(JsonTextWriter& w, Summary& out, const GraphStore& store, const WhyRequest& request, const WhyResult& r) {
  open(w, fmt::format("why {} (depth {}{})", store.qualified_name(r.node), request.max_depth,
                      request.reverse ? ", reverse" : ""));
  w.plain_key("node");
  w.node(store, r.node);
  w.plain_key("upstream");
  why_tree(w, store, r.upstream, r.node, true);
  w.plain_key("downstream");
  why_tree(w, store, r.downstream, r.node, false);
  w.plain_key("rendered");
  w.string(render_why_tree(store, r));
  out.row_count = r.upstream.entries.size() + r.downstream.entries.size();
  out.total_count = out.row_count;  // what was reached; a cut walk does not count past its cap
  out.truncated = r.upstream.truncated || r.downstream.truncated;
  out.max_depth = request.max_depth;
}

void context(JsonTextWriter& w, Summary& out, const GraphStore& store, const ContextRequest& request,
             const ContextResult& r) {
  std::vector<std::string> names;
  for (const NodeId node : r.focus) names.push_back(store.qualified_name(node));
  open(w, fmt::format("context of {} (depth {}, {} nodes, {} tokens)", fmt::join(names, ", "), request.max_depth,
                      request.max_nodes, request.budget));
  w.plain_key("version");
  w.integer(1);
  w.plain_key("focus");
  w.begin_array();
  for (const NodeId node : r.focus) w.node(store, node);
  w.end_array();
  w.plain_key("nodes");
  w.begin_array();
  for (const ContextNode& n : r.nodes) {
    lean_node(w, store, n.node);
    w.plain_key("file_path");
    w.property(store.property(n.node, "file_path"));
    w.plain_key("depth");
    w.integer(n.depth);
    w.end_object();
  }
  w.end_array();
  w.plain_key("edges");
  w.begin_array();
  for (const ContextEdge& e : r.edges) {
    w.begin_object();
    w.plain_key("from");
    w.qualified_name(store, e.from);
    w.plain_key("to");
    w.qualified_name(store, e.to);
    w.plain_key("type");
    w.string(to_string(e.type));
    w.end_object();
  }
  w.end_array();
  w.plain_key("snippets");
  w.begin_array();
  for (const ContextSnippet& snippet : r.snippets) {
    w.begin_object();
    w.plain_key("qualified_name");
    w.qualified_name(store, snippet.node);
    source_fields(w, snippet.file_path, snippet.source);
    w.end_object();
  }
  w.end_array();
  w.plain_key("unresolved_calls");
  unresolved_sites(w, store, r.unresolved);
  w.plain_key("budget");
  w.begin_object();
  w.plain_key("tokens");
  w.integer(request.budget);
  w.plain_key("used_tokens");
  w.unsigned_integer((r.used_chars + 3) / 4);
  w.plain_key("used_chars");
  w.unsigned_integer(r.used_chars);
  w.end_object();
  w.plain_key("nodes_truncated");
  w.boolean(r.nodes_truncated);
  w.plain_key("snippets_truncated");
  w.boolean(r.snippets_truncated);
  w.plain_key("truncated");
  w.boolean(r.nodes_truncated || r.snippets_truncated || r.unresolved.size() < r.unresolved_total);
  if (!r.source_error.empty()) {
    w.plain_key("source_error");
    w.string(r.source_error);
  }
  out.row_count = r.nodes.size();
  out.total_count = r.nodes.size();
  out.truncated = r.nodes_truncated || r.snippets_truncated || r.unresolved.size() < r.unresolved_total;
  out.max_depth = request.max_depth;
  out.unresolved_calls = r.unresolved_total;
}

void children(JsonTextWriter& w, Summary& out, const GraphStore& store, const ChildrenResult& r) {
  open(w, fmt::format("children of {}", store.qualified_name(r.parent)));
  w.plain_key("children");
  w.begin_array();
  for (const NodeId node : r.children) w.node(store, node);
  w.end_array();
  w.plain_key("parent");
  w.node(store, r.parent);
  page(out, r.count, r.children.size());
}

void importers(JsonTextWriter& w, Summary& out, const GraphStore& store, const ImportersRequest& request,
               const ImportersResult& r) {
  open(w, fmt::format("importers of {}{}", store.qualified_name(r.target),
                      request.transitive ? " (transitive)" : ""));
  w.plain_key("importers");
  nodes_at(w, store, r.importers);
  w.plain_key("target");
  w.node(store, r.target);
  page(out, r.count, r.importers.size());
}

void chain(JsonTextWriter& w, Summary& out, const GraphStore& store, const ChainRequest& request,
           const ChainResult& r) {
  const std::string type(r.type == RelType::Imports ? "imports" : "calls");
  open(w, fmt::format("{} chain from {} to {} (depth {})", type,
                      r.from == kNoNode ? request.from : store.qualified_name(r.from),
                      r.to == kNoNode ? request.to : store.qualified_name(r.to), request.max_depth));
  w.plain_key("chain");
  w.begin_array();
  std::string rendered;
  for (std::size_t i = 0; i < r.chain.size(); ++i) {
    // A calls chain's steps after the first: where the step before calls it.
    if (i > 0 && i - 1 < r.call_sites.size()) {
      w.begin_object();
      w.node_fields(store, r.chain[i], static_cast<int>(i));
      call_sites(w, store, r.call_sites[i - 1].caller, r.call_sites[i - 1].lines);
      w.end_object();
    } else {
      w.node(store, r.chain[i], static_cast<int>(i));
    }
    if (i > 0) rendered += " → ";
    store.append_qualified_name(r.chain[i], rendered);
  }
  w.end_array();
  w.plain_key("rendered");
  w.string(rendered);
  w.plain_key("dependency_type");
  w.string(type);
  w.plain_key("found");
  w.boolean(!r.chain.empty());
  w.plain_key("length");
  w.unsigned_integer(r.chain.empty() ? 0 : r.chain.size() - 1);
  out.row_count = r.chain.size();
  out.total_count = r.chain.size();
  out.max_depth = request.max_depth;
}

void unresolved(JsonTextWriter& w, Summary& out, const GraphStore& store, const UnresolvedRequest& request,
                const UnresolvedResult& r) {
  open(w, fmt::format("unresolved calls in {}{}", store.qualified_name(r.target),
                      request.reason == "all" ? "" : " (" + request.reason + ")"));
  w.plain_key("unresolved");
  unresolved_sites(w, store, r.sites);
  w.plain_key("by_reason");
  w.begin_object();
  for (const auto& [reason, count] : r.by_reason) {
    w.plain_key(unresolved_reason_code(reason));
    w.unsigned_integer(count);
  }
  w.end_object();
  w.plain_key("callers_inside");
  w.unsigned_integer(r.callers);
  w.plain_key("target");
  w.node(store, r.target);
  page(out, r.count, r.sites.size());
}

void cycles_answer(JsonTextWriter& w, Summary& out, const GraphStore& store, const CyclesResult& r) {
  const std::string_view type = to_string(r.type);
  open(w, fmt::format("cycles over {}", type));
  w.plain_key("cycles");
  cycles(w, store, r.cycles, type);
  page(out, r.count, r.cycles.size());
}

void string_list(JsonTextWriter& w, const std::vector<std::string>& texts) {
  w.begin_array();
  for (const std::string& text : texts) w.string(text);
  w.end_array();
}

void search_answer(JsonTextWriter& w, Summary& out, const GraphStore& store, const SearchRequest& request,
                   const SearchResult& r) {
  open(w, fmt::format("search {}", request.text));
  w.plain_key("hits");
  w.begin_array();
  for (const SearchHit& hit : r.hits) {
    w.begin_object();
    w.plain_key("node");
    w.node(store, hit.node);
    w.plain_key("score");
    w.number(std::round(hit.score * 1e4) / 1e4);
    w.plain_key("exact_name");
    w.boolean(hit.exact_name);
    w.plain_key("matched");
    string_list(w, hit.matched);
    w.plain_key("snippet");
    w.string(hit.snippet);
    w.end_object();
  }
  w.end_array();
  w.plain_key("words");
  string_list(w, r.words);
  w.plain_key("phrases");
  string_list(w, r.phrases);
  w.plain_key("suggestions");
  string_list(w, r.suggestions);
  page(out, r.count, r.hits.size());
}

// The target, then each similar definition with what it shares.
void similar_answer(JsonTextWriter& w, Summary& out, const GraphStore& store, const SimilarResult& r) {
  open(w, fmt::format("definitions similar to {}", store.qualified_name(r.target)));
  w.plain_key("target");
  w.node(store, r.target);
  w.plain_key("calls");
  w.unsigned_integer(r.calls);
  w.plain_key("words");
  w.unsigned_integer(r.words);
  w.plain_key("exact_duplicates");
  w.unsigned_integer(r.exact_duplicates);
  w.plain_key("similar");
  w.begin_array();
  for (const SimilarMatch& match : r.similar) {
    w.begin_object();
    w.plain_key("node");
    w.node(store, match.node);
    w.plain_key("score");
    w.number(std::round(match.score * 1e4) / 1e4);
    w.plain_key("exact_duplicate");
    w.boolean(match.exact_duplicate);
    w.plain_key("shared_calls");
    w.begin_array();
    for (const NodeId callee : match.shared_calls) w.string(store.qualified_name(callee));
    w.end_array();
    w.plain_key("shared_words");
    string_list(w, match.shared_words);
    w.end_object();
  }
  w.end_array();
  page(out, r.count, r.similar.size());
}

// The nearest nodes to a query vector, each with its cosine similarity.
void semantic_answer(JsonTextWriter& w, Summary& out, const GraphStore& store, const SemanticResult& r) {
  open(w, fmt::format("nearest to a vector of {} numbers", r.dimension));
  w.plain_key("hits");
  w.begin_array();
  for (const SemanticHit& hit : r.hits) {
    w.begin_object();
    w.plain_key("node");
    w.node(store, hit.node);
    w.plain_key("score");
    w.number(std::round(hit.score * 1e4) / 1e4);
    w.end_object();
  }
  w.end_array();
  w.plain_key("dimension");
  w.unsigned_integer(r.dimension);
  w.plain_key("vectors");
  w.unsigned_integer(r.vectors);
  page(out, r.count, r.hits.size());
}

// Each reference with its node or its error.
void resolve_answer(JsonTextWriter& w, Summary& out, const GraphStore& store, const ResolveResult& r) {
  open(w, fmt::format("resolve {} reference{}", r.references.size(), r.references.size() == 1 ? "" : "s"));
  w.plain_key("resolved");
  w.begin_array();
  for (const ResolvedReference& reference : r.references) {
    w.begin_object();
    w.plain_key("id");
    w.string(reference.id);
    w.plain_key("found");
    w.boolean(reference.node != kNoNode);
    w.plain_key("node");
    if (reference.node != kNoNode) {
      w.node(store, reference.node);
    } else {
      w.null();
    }
    if (reference.error) {
      w.plain_key("error");
      w.begin_object();
      w.plain_key("error");
      w.string(reference.error->message);
      w.plain_key("error_code");
      w.string(to_string(reference.error->code));
      w.plain_key("suggestions");
      string_list(w, reference.error->suggestions);
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  w.plain_key("found");
  w.unsigned_integer(r.found);
  w.plain_key("missing");
  w.unsigned_integer(r.references.size() - r.found);
  out.row_count = r.references.size();
  out.total_count = r.references.size();
}

}  // namespace

std::string answer_document(const GraphStore& store, const QueryRequest& request, const QueryAnswer& answer,
                            const NodeFields& fields, JsonStyle style, std::chrono::steady_clock::time_point start) {
  Summary out;
  JsonTextWriter w(style);
  w.select_fields(&fields);
  w.begin_object();
  switch (answer.kind) {
    case QueryKind::Callers: {
      const auto& r = std::get<CallersRequest>(request);
      reach(w, out, store, std::get<CallReachResult>(answer.result), "callers", r.max_depth, r.include_paths);
      break;
    }
    case QueryKind::Callees:
      reach(w, out, store, std::get<CallReachResult>(answer.result), "callees",
            std::get<CalleesRequest>(request).max_depth, true);
      break;
    case QueryKind::Hierarchy:
      hierarchy(w, out, store, std::get<HierarchyRequest>(request), std::get<HierarchyResult>(answer.result));
      break;
    case QueryKind::Dependencies:
      dependencies(w, out, store, std::get<DependenciesRequest>(request), std::get<DependenciesResult>(answer.result));
      break;
    case QueryKind::Exports:
      exports(w, out, store, std::get<ExportsRequest>(request), std::get<ExportsResult>(answer.result));
      break;
    case QueryKind::Implementations:
      implementations(w, out, store, std::get<ImplementationsRequest>(request),
                      std::get<ImplementationsResult>(answer.result));
      break;
    case QueryKind::CallGraph:
      call_graph(w, out, store, std::get<CallGraphRequest>(request), std::get<CallGraphResult>(answer.result));
      break;
    case QueryKind::CallPath:
      call_path(w, out, store, std::get<CallPathRequest>(request), std::get<CallPathResult>(answer.result));
      break;
    case QueryKind::Outline:
      outline(w, out, store, std::get<OutlineRequest>(request), std::get<OutlineResult>(answer.result));
      break;
    case QueryKind::Children: children(w, out, store, std::get<ChildrenResult>(answer.result)); break;
    case QueryKind::Complexity: complexity(w, out, store, std::get<ComplexityResult>(answer.result)); break;
    case QueryKind::Impact:
      impact(w, out, store, std::get<ImpactRequest>(request), std::get<ImpactResult>(answer.result));
      break;
    case QueryKind::Importers:
      importers(w, out, store, std::get<ImportersRequest>(request), std::get<ImportersResult>(answer.result));
      break;
    case QueryKind::Chain:
      chain(w, out, store, std::get<ChainRequest>(request), std::get<ChainResult>(answer.result));
      break;
    case QueryKind::Details: details(w, out, store, std::get<DetailsResult>(answer.result)); break;
    case QueryKind::Source: source(w, out, store, std::get<SourceResult>(answer.result)); break;
    case QueryKind::Context:
      context(w, out, store, std::get<ContextRequest>(request), std::get<ContextResult>(answer.result));
      break;
    case QueryKind::Why: why(w, out, store, std::get<WhyRequest>(request), std::get<WhyResult>(answer.result)); break;
    case QueryKind::Unresolved:
      unresolved(w, out, store, std::get<UnresolvedRequest>(request), std::get<UnresolvedResult>(answer.result));
      break;
    case QueryKind::Cycles: cycles_answer(w, out, store, std::get<CyclesResult>(answer.result)); break;
    case QueryKind::Search:
      search_answer(w, out, store, std::get<SearchRequest>(request), std::get<SearchResult>(answer.result));
      break;
    case QueryKind::Resolve: resolve_answer(w, out, store, std::get<ResolveResult>(answer.result)); break;
    case QueryKind::Similar: similar_answer(w, out, store, std::get<SimilarResult>(answer.result)); break;
    case QueryKind::Semantic: semantic_answer(w, out, store, std::get<SemanticResult>(answer.result)); break;
  }
  w.end_object();  // results
  w.plain_key("metadata");
  w.begin_object();
  w.plain_key("row_count");
  w.unsigned_integer(out.row_count);
  w.plain_key("total_count");
  w.unsigned_integer(out.total_count);
  w.plain_key("truncated");
  w.boolean(out.truncated.value_or(out.total_count > out.row_count));
  w.plain_key("execution_time_ms");
  w.number(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  if (out.max_depth) {
    w.plain_key("max_depth");
    w.integer(*out.max_depth);
  }
  if (out.unresolved_calls) {
    w.plain_key("unresolved_calls");
    w.unsigned_integer(*out.unresolved_calls);
  }
  if (out.offset) {
    w.plain_key("offset");
    w.unsigned_integer(*out.offset);
    w.plain_key("next_offset");
    if (*out.truncated) {
      w.unsigned_integer(*out.offset + out.row_count);
    } else {
      w.null();
    }
  }
  w.plain_key("query_type");
  w.string("structural");
  w.end_object();
  w.end_object();
  return w.take();
}

Report answer_report(std::string document) {
  Report report;
  report.query_type = "structural";
  report.document = std::move(document);
  return report;
}

}  // namespace trellis::output
