#include "trellis/output/answer_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "trellis/output/text_table.hpp"
#include "trellis/output/why_tree.hpp"

namespace trellis::output {
namespace {

using namespace queries;

std::string location(const GraphStore& store, NodeId node) {
  const PropertyValue file = store.property(node, "file_path");
  const PropertyValue line = store.property(node, "line_start");
  const auto* path = std::get_if<std::string_view>(&file);
  if (path == nullptr) return "";
  const auto* number = std::get_if<std::int64_t>(&line);
  return number != nullptr ? fmt::format("{}:{}", *path, *number) : std::string(*path);
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// "(src/x.py:41, 57)": where `sites.caller` makes the call; "" without lines.
std::string call_sites_text(const GraphStore& store, const CallSites& sites) {
  if (sites.lines.empty()) return "";
  const PropertyValue file = store.property(sites.caller, "file_path");
  const auto* path = std::get_if<std::string_view>(&file);
  return fmt::format("({}:{})", path != nullptr ? *path : std::string_view("?"), fmt::join(sites.lines, ", "));
}

// "depth  qualified_name  label  file:line" rows under a heading, and with
// `sites` (one per node) each row's call sites.
std::string node_table(const GraphStore& store, const std::vector<NodeAtDepth>& nodes, bool with_depth,
                       const std::vector<CallSites>* sites = nullptr) {
  std::vector<Align> columns = with_depth ? std::vector<Align>{Align::Right, Align::Left, Align::Left, Align::Left}
                                          : std::vector<Align>{Align::Left, Align::Left, Align::Left};
  if (sites != nullptr) columns.push_back(Align::Left);
  TextTable table(std::move(columns));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodeAtDepth& n = nodes[i];
    std::vector<std::string> row;
    if (with_depth) row.push_back(std::to_string(n.depth));
    row.push_back(store.qualified_name(n.node));
    row.push_back(std::string(to_string(store.label(n.node))));
    row.push_back(location(store, n.node));
    if (sites != nullptr) row.push_back(call_sites_text(store, (*sites)[i]));
    table.add_row(std::move(row));
  }
  return table.render();
}

// Under a page of a capped list: which rows it shows and how to get the
// next page; "" when the list fits on one page.
std::string page_line(const ResultCount& count, std::size_t shown) {
  if (count.offset == 0 && !count.truncated) return "";
  const std::string rows = shown == 0 ? fmt::format("no rows past {} of {}", count.offset, count.total_count)
                                      : fmt::format("rows {}-{} of {}", count.offset + 1, count.offset + shown,
                                                    count.total_count);
  if (!count.truncated) return fmt::format("({})\n", rows);
  return fmt::format("... {} more ({}; next page: --offset {})\n", count.total_count - count.offset - shown, rows,
                     count.offset + shown);
}

std::string cut_line(std::size_t shown, std::size_t total) {
  return total > shown ? fmt::format("... {} more (showing {} of {})\n", total - shown, shown, total) : "";
}

std::string unresolved_line(std::size_t unresolved) {
  return unresolved == 0 ? ""
                         : fmt::format("note: {} call site{} inside these functions could not be resolved; the "
                                       "answer may miss edges\n",
                                       unresolved, unresolved == 1 ? "" : "s");
}

std::string chain_text(const GraphStore& store, const std::vector<NodeId>& chain) {
  std::string text;
  for (const NodeId node : chain) {
    if (!text.empty()) text += " -> ";
    text += store.qualified_name(node);
  }
  return text;
}

// The nodes reached by dispatch, each with the method it came through,
// under `heading`; "" when there are none.
std::string via_dispatch_text(const GraphStore& store, const std::vector<NodeAtDepth>& nodes,
                              std::string_view heading) {
  std::string lines;
  for (const NodeAtDepth& n : nodes) {
    if (n.through != kNoNode) {
      lines += fmt::format("  {} (through {})\n", store.qualified_name(n.node), store.qualified_name(n.through));
    }
  }
  return lines.empty() ? lines : fmt::format("Via dispatch ({}):\n{}", heading, lines);
}

std::string reach_text(const GraphStore& store, const CallReachResult& r, std::string_view noun, int max_depth) {
  std::string text = fmt::format("{} {} of {} (depth {}):\n", r.count.total_count, noun,
                                 store.qualified_name(r.target), max_depth);
  if (r.count.total_count == 0) return fmt::format("No {} of {} (depth {}).\n{}", noun, store.qualified_name(r.target),
                                          max_depth, unresolved_line(r.unresolved_calls));
  text += node_table(store, r.nodes, true, &r.call_sites);
  text += page_line(r.count, r.nodes.size());
  text += via_dispatch_text(store, r.nodes,
                            noun == "callers" ? "they call a method the target overrides"
                                              : "they override or implement a method called");
  if (r.has_chains) {
    text += "\nCall chains:\n";
    for (const auto& chain : r.call_chains) text += "  " + chain_text(store, chain) + "\n";
  }
  return text + unresolved_line(r.unresolved_calls);
}

// Lines of a tree below `root` along {parent, child} `edges`.
// With `notes` (one per edge), each line ends with its edge's note.
void tree_lines(const GraphStore& store, NodeId root, const std::vector<std::pair<NodeId, NodeId>>& edges,
                const std::string& prefix, std::string& out, const std::vector<std::string>* notes = nullptr) {
  std::vector<std::size_t> children;  // indices into edges
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (edges[e].first == root) children.push_back(e);
  }
  for (std::size_t i = 0; i < children.size(); ++i) {
    const bool last = i + 1 == children.size();
    const NodeId child = edges[children[i]].second;
    const std::string& note = notes != nullptr ? (*notes)[children[i]] : std::string();
    out += fmt::format("{}{}{}{}{}\n", prefix, last ? "└── " : "├── ", store.qualified_name(child),
                       note.empty() ? "" : "  ", note);
    tree_lines(store, child, edges, prefix + (last ? "    " : "│   "), out, notes);
  }
}

std::string hierarchy_text(const GraphStore& store, const HierarchyResult& r) {
  std::string text;
  if (r.count.offset > 0) {
    // A later page: its rows' parents may be on an earlier page, so a table, not trees.
    if (!r.ancestors.empty()) text += fmt::format("Ancestors of {}:\n{}", store.qualified_name(r.target), node_table(store, r.ancestors, true));
    if (!r.descendants.empty()) {
      text += fmt::format("{}Descendants of {}:\n{}", text.empty() ? "" : "\n", store.qualified_name(r.target),
                          node_table(store, r.descendants, true));
    }
    return text + page_line(r.count, r.ancestors.size() + r.descendants.size());
  }
  if (!r.up_tree.empty()) {
    // Ancestors read upwards: each line's children are its bases.
    std::vector<std::pair<NodeId, NodeId>> up;
    for (const auto& [ancestor, from] : r.up_tree) up.emplace_back(from, ancestor);
    text += fmt::format("Ancestors of {}:\n{}\n", store.qualified_name(r.target), store.qualified_name(r.target));
    tree_lines(store, r.target, up, "", text);
    text += "\n";
  }
  if (!r.down_tree.empty()) {
    text += fmt::format("Descendants of {}:\n{}\n", store.qualified_name(r.target), store.qualified_name(r.target));
    tree_lines(store, r.target, r.down_tree, "", text);
  }
  if (text.empty()) text = fmt::format("{} has no ancestors or descendants in the graph.\n", store.qualified_name(r.target));
  text += page_line(r.count, r.ancestors.size() + r.descendants.size());
  for (const auto& cycle : r.cycles) text += fmt::format("warning: circular inheritance: {}\n", chain_text(store, cycle));
  return text;
}

std::string dependencies_text(const GraphStore& store, const DependenciesResult& r) {
  std::string text;
  if (!r.imports.empty()) text += fmt::format("Imports:\n{}", node_table(store, r.imports, true));
  if (!r.calls.empty()) text += fmt::format("{}Calls:\n{}", text.empty() ? "" : "\n", node_table(store, r.calls, true));
  if (text.empty()) text = fmt::format("{} has no dependencies of that kind.\n", store.qualified_name(r.target));
  return text + page_line(r.count, r.imports.size() + r.calls.size()) + unresolved_line(r.unresolved_calls);
}

// The module's own definitions, then what it re-exports: the name it
// exports, then where that is defined.
std::string exports_text(const GraphStore& store, const ExportsResult& r) {
  if (r.count.total_count == 0) return fmt::format("{} exports nothing.\n", store.qualified_name(r.module));
  std::vector<NodeAtDepth> own;
  TextTable reexported({Align::Left, Align::Left, Align::Left, Align::Left});
  for (std::size_t i = 0; i < r.exports.size(); ++i) {
    const NodeId node = r.exports[i];
    if (i >= r.exported_as.size() || r.exported_as[i].empty()) {
      own.push_back({node, 0});
      continue;
    }
    reexported.add_row({std::string(r.exported_as[i]), "-> " + store.qualified_name(node),
                        std::string(to_string(store.label(node))), location(store, node)});
  }
  std::string text = fmt::format("{} exported by {}:\n", plural(r.count.total_count, "name", "names"),
                                 store.qualified_name(r.module));
  if (!own.empty()) text += node_table(store, own, false);
  if (own.size() != r.exports.size()) text += fmt::format("{}Re-exported:\n{}", own.empty() ? "" : "\n", reexported.render());
  return text + page_line(r.count, r.exports.size());
}

std::string implementations_text(const GraphStore& store, const ImplementationsResult& r) {
  if (r.count.total_count == 0) return fmt::format("Nothing implements {}.\n", store.qualified_name(r.target));
  return fmt::format("{} of {} (depth = inheritance distance):\n{}{}",
                     plural(r.count.total_count, "implementation", "implementations"), store.qualified_name(r.target),
                     node_table(store, r.implementations, true), page_line(r.count, r.implementations.size()));
}

std::string call_graph_text(const GraphStore& store, const CallGraphResult& r) {
  // The breadth-first tree: each node under the first listed node one level
  // nearer the entry that calls it.
  std::vector<std::pair<NodeId, NodeId>> tree;
  std::vector<std::string> sites;  // per tree edge: where the parent calls the child
  const auto depth = [&](NodeId node) {
    for (const NodeAtDepth& n : r.nodes) {
      if (n.node == node) return n.depth;
    }
    return -1;
  };
  for (std::size_t i = 1; i < r.nodes.size(); ++i) {
    for (const NodeAtDepth& candidate : r.nodes) {
      if (candidate.depth != r.nodes[i].depth - 1) continue;
      const auto edge = std::find_if(r.edges.begin(), r.edges.end(), [&](const CallGraphEdge& e) {
        return e.from == candidate.node && e.to == r.nodes[i].node;
      });
      if (edge != r.edges.end()) {
        tree.emplace_back(candidate.node, r.nodes[i].node);
        sites.push_back(call_sites_text(store, {edge->from, edge->lines}));
        break;
      }
    }
  }
  std::string text = fmt::format("{}\n", store.qualified_name(r.entry));
  tree_lines(store, r.entry, tree, "", text, &sites);
  std::size_t other = 0;
  for (const CallGraphEdge& e : r.edges) {
    const bool in_tree = std::find(tree.begin(), tree.end(), std::pair{e.from, e.to}) != tree.end();
    if (!in_tree && depth(e.to) <= depth(e.from)) ++other;
  }
  text += fmt::format("\n{}, {}", plural(r.nodes.size(), "node", "nodes"), plural(r.edges.size(), "edge", "edges"));
  if (other > 0) text += fmt::format(" ({} of them to nodes already shown)", other);
  text += r.truncated ? fmt::format("; truncated: {} nodes within the depth\n", r.total_nodes) : "\n";
  text += via_dispatch_text(store, r.nodes, "they override or implement a method called");
  for (const auto& cycle : r.cycles) {
    text += cycle.size() == 1 ? fmt::format("recursion: {}\n", store.qualified_name(cycle.front()))
                              : fmt::format("cycle: {}\n", chain_text(store, cycle));
  }
  return text + unresolved_line(r.unresolved_calls);
}

std::string call_path_text(const GraphStore& store, const CallPathResult& r, int max_depth) {
  if (r.path.empty()) {
    return fmt::format("No call path from {} to {} within {} steps.\n", store.qualified_name(r.from),
                       store.qualified_name(r.to), max_depth);
  }
  std::vector<NodeAtDepth> steps;
  std::vector<CallSites> sites{{}};  // each step after the first: where the one before calls it
  for (std::size_t i = 0; i < r.path.size(); ++i) steps.push_back({r.path[i], static_cast<int>(i)});
  sites.insert(sites.end(), r.call_sites.begin(), r.call_sites.end());
  return fmt::format("{} from {} to {}:\n{}", plural(r.path.size() - 1, "call", "calls"), store.qualified_name(r.from),
                     store.qualified_name(r.to), node_table(store, steps, true, &sites));
}

std::string outline_text(const GraphStore& store, const OutlineResult& r) {
  if (r.entries.empty()) return fmt::format("{} defines nothing of that kind.\n", store.qualified_name(r.module));
  // Indented by nesting: "  line  Label  name" under the file.
  TextTable table({Align::Right, Align::Left, Align::Left});
  for (const OutlineEntry& entry : r.entries) {
    const PropertyValue line = store.property(entry.node, "line_start");
    const auto* number = std::get_if<std::int64_t>(&line);
    table.add_row({number != nullptr ? std::to_string(*number) : "", std::string(to_string(store.label(entry.node))),
                   std::string(2 * static_cast<std::size_t>(entry.depth - 1), ' ') + std::string(store.name(entry.node))});
  }
  return fmt::format("{} ({}):\n{}{}", store.qualified_name(r.module), location(store, r.module), table.render(),
                     page_line(r.count, r.entries.size()));
}

std::string complexity_text(const GraphStore& store, const ComplexityResult& r) {
  std::string text = fmt::format(
      "{} ({}): {} lines, {}, {}, {}, {} and {}\n", store.qualified_name(r.module), location(store, r.module), r.lines,
      plural(r.definitions, "definition", "definitions"), plural(r.functions, "function", "functions"),
      plural(r.classes, "class", "classes"), plural(r.imports, "import", "imports"),
      plural(r.importers, "importer", "importers"));
  if (r.measured > 0) {
    text += fmt::format("complexity: total {}, max {}, average {:.2f}\n", r.total_complexity, r.max_complexity,
                        static_cast<double>(r.total_complexity) / static_cast<double>(r.measured));
  }
  if (r.function_list.empty()) return text;
  TextTable table({Align::Right, Align::Right, Align::Left});
  table.add_row({"line", "complexity", "function"});
  for (const NodeId node : r.function_list) {
    const PropertyValue line = store.property(node, "line_start");
    const PropertyValue complexity = store.property(node, "complexity");
    const auto* number = std::get_if<std::int64_t>(&line);
    const auto* value = std::get_if<std::int64_t>(&complexity);
    table.add_row({number != nullptr ? std::to_string(*number) : "", value != nullptr ? std::to_string(*value) : "-",
                   store.qualified_name(node)});
  }
  return text + "\n" + table.render() + page_line(r.count, r.function_list.size());
}

std::string impact_text(const GraphStore& store, const ImpactResult& r) {
  if (r.files.empty()) return fmt::format("Nothing depends on {} within the depth.\n", store.qualified_name(r.target));
  std::string text = fmt::format("{} may break if {} changes (nearest first):\n",
                                 plural(r.count.total_count, "node", "nodes"), store.qualified_name(r.target));
  std::size_t shown = 0;
  for (const ImpactFile& file : r.files) {
    text += fmt::format("\n{} ({})\n", file.file_path.empty() ? "(no file)" : file.file_path, file.nodes.size());
    TextTable table({Align::Right, Align::Left, Align::Left});
    for (const ImpactedNode& n : file.nodes) {
      std::string via = std::string(to_string(n.relation));
      if (n.relation == ImpactRelation::ImportsModule) via = "imports " + store.qualified_name(module_of(store, r.target));
      else if (n.chain.size() > 2) via += " … " + store.qualified_name(n.chain.back());
      else if (n.chain.size() == 2) via += " " + store.qualified_name(n.chain[1]);
      table.add_row({std::to_string(n.depth), store.qualified_name(n.node), via});
      ++shown;
    }
    text += table.render();
  }
  return text + page_line(r.count, shown);
}

std::string children_text(const GraphStore& store, const ChildrenResult& r) {
  if (r.count.total_count == 0) return fmt::format("{} defines nothing.\n", store.qualified_name(r.parent));
  std::vector<NodeAtDepth> rows;
  for (const NodeId node : r.children) rows.push_back({node, 1});
  return fmt::format("{} defined by {}:\n{}{}", plural(r.count.total_count, "definition", "definitions"),
                     store.qualified_name(r.parent), node_table(store, rows, false),
                     page_line(r.count, r.children.size()));
}

std::string importers_text(const GraphStore& store, const ImportersResult& r) {
  if (r.count.total_count == 0) return fmt::format("Nothing imports {}.\n", store.qualified_name(r.target));
  return fmt::format("{} of {} (depth 1 = imports it directly):\n{}{}",
                     plural(r.count.total_count, "importer", "importers"), store.qualified_name(r.target),
                     node_table(store, r.importers, true), page_line(r.count, r.importers.size()));
}

std::string chain_answer_text(const GraphStore& store, const ChainRequest& request, const ChainResult& r) {
  const std::string_view type = r.type == RelType::Imports ? "imports" : "calls";
  const std::string from = r.from == kNoNode ? request.from : store.qualified_name(r.from);
  const std::string to = r.to == kNoNode ? request.to : store.qualified_name(r.to);
  if (r.chain.empty()) {
    return fmt::format("No {} chain from {} to {} within {} steps.\n", type, from, to, request.max_depth);
  }
  std::string rendered;
  for (const NodeId node : r.chain) {
    if (!rendered.empty()) rendered += " → ";
    store.append_qualified_name(node, rendered);
  }
  std::vector<NodeAtDepth> steps;
  for (std::size_t i = 0; i < r.chain.size(); ++i) steps.push_back({r.chain[i], static_cast<int>(i)});
  if (r.call_sites.empty()) return fmt::format("{}\n\n{}", rendered, node_table(store, steps, true));
  std::vector<CallSites> sites{{}};  // each step after the first: where the one before calls it
  sites.insert(sites.end(), r.call_sites.begin(), r.call_sites.end());
  return fmt::format("{}\n\n{}", rendered, node_table(store, steps, true, &sites));
}

}  // namespace

// "  12  text" for each line of `source`, from its first line.
std::string numbered(const SourceText& source) {
  std::string text;
  int line = source.first;
  std::size_t begin = 0;
  const int width = static_cast<int>(std::to_string(std::max(source.last, 1)).size());
  while (begin < source.text.size()) {
    const std::size_t end = source.text.find('\n', begin);
    const std::size_t stop = end == std::string::npos ? source.text.size() : end;
    text += fmt::format("{:>{}}  {}\n", line++, width, std::string_view(source.text).substr(begin, stop - begin));
    begin = stop + 1;
  }
  if (source.truncated) text += "  (cut: --max-lines)\n";
  if (source.changed_since_index.value_or(false)) text += "  (the file changed since it was indexed)\n";
  return text;
}

std::string details_text(const GraphStore& store, const DetailsResult& r) {
  std::vector<std::string> path;
  for (const NodeId node : r.nesting) path.emplace_back(store.name(node));
  std::string text = fmt::format("{} {} ({})\n  in: {}\n", to_string(store.label(r.node)), store.qualified_name(r.node),
                                 location(store, r.node), fmt::join(path, " > "));
  std::vector<std::string> counts;
  for (const RelationshipCount& count : r.relationships) {
    counts.push_back(fmt::format("{} {} out, {} in", to_string(count.type), count.outgoing, count.incoming));
  }
  if (!counts.empty()) text += fmt::format("  relationships: {}\n", fmt::join(counts, "; "));
  if (!r.imports.empty()) {
    std::vector<std::string> names;
    for (const NodeId node : r.imports) names.push_back(store.qualified_name(node));
    text += fmt::format("  imports: {}\n", fmt::join(names, ", "));
  }
  if (!r.calls.empty()) {
    text += "calls inside:\n";
    TextTable table({Align::Right, Align::Left, Align::Left});
    for (const CallInside& call : r.calls) {
      table.add_row({std::to_string(call.line), std::string(store.name(call.caller)),
                     call.callee != kNoNode ? store.qualified_name(call.callee)
                                            : fmt::format("{} (unresolved: {})", call.text,
                                                          unresolved_reason_code(call.reason))});
    }
    text += table.render() + page_line(r.count, r.calls.size());
  }
  if (r.source) {
    text += "source:\n" + numbered(*r.source);
  } else if (!r.source_error.empty()) {
    text += fmt::format("source: not available ({})\n", r.source_error);
  }
  return text;
}

std::string source_answer_text(const GraphStore& store, const SourceResult& r) {
  std::string text = fmt::format("{}:{}-{}", r.file_path, r.source.first, r.source.last);
  if (r.node != kNoNode) text += fmt::format(" ({} {})", to_string(store.label(r.node)), store.qualified_name(r.node));
  text += "\n" + numbered(r.source);
  if (!r.definitions.empty()) {
    std::vector<std::string> names;
    for (const OutlineEntry& entry : r.definitions) names.push_back(store.qualified_name(entry.node));
    text += fmt::format("definitions here: {}\n", fmt::join(names, ", ")) + page_line(r.count, r.definitions.size());
  }
  return text;
}

std::string context_text(const GraphStore& store, const ContextRequest& request, const ContextResult& r) {
  std::vector<std::string> names;
  for (const NodeId node : r.focus) names.push_back(store.qualified_name(node));
  std::string text = fmt::format("context of {}: {}, {}, {} snippet{} ({} of {} tokens)\n", fmt::join(names, ", "),
                                 plural(r.nodes.size(), "node", "nodes"), plural(r.edges.size(), "edge", "edges"),
                                 r.snippets.size(), r.snippets.size() == 1 ? "" : "s", (r.used_chars + 3) / 4,
                                 request.budget);
  TextTable table({Align::Right, Align::Left, Align::Left, Align::Left});
  for (const ContextNode& n : r.nodes) {
    table.add_row({std::to_string(n.depth), store.qualified_name(n.node), std::string(to_string(store.label(n.node))),
                   location(store, n.node)});
  }
  text += table.render();
  if (r.nodes_truncated) text += fmt::format("(cut at {} nodes: --max-nodes)\n", request.max_nodes);
  if (!r.edges.empty()) {
    text += "edges:\n";
    for (const ContextEdge& e : r.edges) {
      text += fmt::format("  {} -{}-> {}\n", store.qualified_name(e.from), to_string(e.type), store.qualified_name(e.to));
    }
  }
  for (const ContextSnippet& snippet : r.snippets) {
    text += fmt::format("{} ({}:{}-{}):\n", store.qualified_name(snippet.node), snippet.file_path,
                        snippet.source.first, snippet.source.last);
    SourceText shown = snippet.source;
    shown.truncated = false;  // said once below: the budget cut it, not --max-lines
    text += numbered(shown);
  }
  if (r.snippets_truncated) text += "(snippets cut: --budget)\n";
  if (!r.source_error.empty()) text += fmt::format("source: {}\n", r.source_error);
  if (!r.unresolved.empty()) {
    text += "unresolved calls in the focus:\n";
    for (const UnresolvedSite& site : r.unresolved) {
      text += fmt::format("  {}  line {}: {} ({})\n", store.qualified_name(site.caller), site.line, site.text,
                          unresolved_reason_code(site.reason));
    }
    text += cut_line(r.unresolved.size(), r.unresolved_total);
  }
  return text;
}

// Sites grouped under their file, the reasons explained once at the end.
std::string unresolved_text(const GraphStore& store, const UnresolvedResult& r) {
  const std::string target = store.qualified_name(r.target);
  if (r.by_reason.empty()) return fmt::format("Every call site inside {} was resolved.\n", target);
  std::string text;
  if (r.count.total_count == 0) {
    text = fmt::format("No unresolved call site of that reason inside {}.\n", target);
  } else {
    text = fmt::format("{} inside {} could not be resolved:\n",
                       plural(r.count.total_count, "call site", "call sites"), target);
  }
  std::optional<std::string_view> file;
  TextTable table({Align::Right, Align::Left, Align::Left, Align::Left});
  const auto flush = [&] {
    if (!table.empty()) text += table.render();
    table = TextTable({Align::Right, Align::Left, Align::Left, Align::Left});
  };
  for (const UnresolvedSite& site : r.sites) {
    const PropertyValue value = store.property(site.caller, "file_path");
    const auto* path = std::get_if<std::string_view>(&value);
    const std::string_view site_file = path != nullptr ? *path : std::string_view{};
    if (site_file != file) {
      flush();
      file = site_file;
      text += fmt::format("{}\n", site_file);
    }
    table.add_row({std::to_string(site.line), std::string(store.name(site.caller)), std::string(site.text),
                   std::string(unresolved_reason_code(site.reason))});
  }
  flush();
  text += page_line(r.count, r.sites.size());
  text += "by reason:\n";
  for (const auto& [reason, count] : r.by_reason) {
    text += fmt::format("  {:<17} {:>6}  {}\n", unresolved_reason_code(reason), count, unresolved_reason_text(reason));
  }
  return text;
}

namespace {

// "2 nodes:" then each node's name indented, per cycle, largest first.
std::string cycles_text(const GraphStore& store, const CyclesResult& r) {
  if (r.count.total_count == 0) return fmt::format("No {} cycles.\n", to_string(r.type));
  std::string text;
  for (const auto& cycle : r.cycles) {
    text += fmt::format("{} node{}:\n", cycle.size(), cycle.size() == 1 ? " (self loop)" : "s");
    for (const NodeId node : cycle) text += fmt::format("  {}\n", store.qualified_name(node));
  }
  return text + page_line(r.count, r.cycles.size());
}

// One hit per line: score, label, qualified name and place, then its
// snippet and matched words indented; suggestions when nothing matched.
std::string search_text(const GraphStore& store, const SearchResult& r) {
  if (r.count.total_count == 0) {
    std::string text = fmt::format("No definition matches {}.\n", fmt::join(r.words, " "));
    if (!r.suggestions.empty()) text += fmt::format("Did you mean: {}?\n", fmt::join(r.suggestions, ", "));
    return text;
  }
  std::string text;
  for (const SearchHit& hit : r.hits) {
    const PropertyValue path = store.property(hit.node, "file_path");
    const PropertyValue line = store.property(hit.node, "line_start");
    const auto* file = std::get_if<std::string_view>(&path);
    const auto* number = std::get_if<std::int64_t>(&line);
    text += fmt::format("{:>8.3f}  {:<9} {}  {}:{}\n", hit.score, to_string(store.label(hit.node)),
                        store.qualified_name(hit.node), file != nullptr ? *file : std::string_view{},
                        number != nullptr ? *number : 0);
    if (!hit.snippet.empty()) text += fmt::format("          {}\n", hit.snippet);
    text += fmt::format("          matched: {}\n", fmt::join(hit.matched, ", "));
  }
  return text + page_line(r.count, r.hits.size());
}

// One line per reference: what it resolved to, or why not.
std::string resolve_text(const GraphStore& store, const ResolveResult& r) {
  std::string text;
  for (const ResolvedReference& reference : r.references) {
    if (reference.node == kNoNode) {
      text += fmt::format("{}  {}: {}\n", reference.id, to_string(reference.error->code), reference.error->message);
      continue;
    }
    const PropertyValue path = store.property(reference.node, "file_path");
    const PropertyValue line = store.property(reference.node, "line_start");
    const auto* file = std::get_if<std::string_view>(&path);
    const auto* number = std::get_if<std::int64_t>(&line);
    text += fmt::format("{}  {} {}", reference.id, to_string(store.label(reference.node)),
                        store.qualified_name(reference.node));
    if (file != nullptr) text += fmt::format("  {}:{}", *file, number != nullptr ? *number : 0);
    text += fmt::format("  node_id {}\n", store.node_id(reference.node));
  }
  return text + fmt::format("{} of {} resolved\n", r.found, r.references.size());
}

// One line per similar definition, its score first, then what it shares.
std::string similar_text(const GraphStore& store, const SimilarResult& r) {
  std::string text = fmt::format("Similar to {} ({} calls, {} name and doc words):\n", store.qualified_name(r.target),
                                 r.calls, r.words);
  if (r.count.total_count == 0) return text + "  nothing shares a call, a word or the body\n";
  for (const SimilarMatch& match : r.similar) {
    const PropertyValue path = store.property(match.node, "file_path");
    const PropertyValue line = store.property(match.node, "line_start");
    const auto* file = std::get_if<std::string_view>(&path);
    const auto* number = std::get_if<std::int64_t>(&line);
    text += fmt::format("{:>8.3f}  {:<9} {}  {}:{}{}\n", match.score, to_string(store.label(match.node)),
                        store.qualified_name(match.node), file != nullptr ? *file : std::string_view{},
                        number != nullptr ? *number : 0, match.exact_duplicate ? "  (exact duplicate)" : "");
    std::vector<std::string> calls;
    for (const NodeId callee : match.shared_calls) calls.push_back(store.qualified_name(callee));
    if (!calls.empty()) text += fmt::format("          calls both: {}\n", fmt::join(calls, ", "));
    if (!match.shared_words.empty()) text += fmt::format("          words both: {}\n", fmt::join(match.shared_words, ", "));
  }
  return text + page_line(r.count, r.similar.size());
}

// One line per hit: score, label, name, place.
std::string semantic_text(const GraphStore& store, const SemanticResult& r) {
  if (r.hits.empty()) return fmt::format("No definition with an embedding ({} vectors of {} numbers).\n", r.vectors, r.dimension);
  std::string text;
  for (const SemanticHit& hit : r.hits) {
    const PropertyValue path = store.property(hit.node, "file_path");
    const PropertyValue line = store.property(hit.node, "line_start");
    const auto* file = std::get_if<std::string_view>(&path);
    const auto* number = std::get_if<std::int64_t>(&line);
    text += fmt::format("{:>8.4f}  {:<9} {}  {}:{}\n", hit.score, to_string(store.label(hit.node)),
                        store.qualified_name(hit.node), file != nullptr ? *file : std::string_view{},
                        number != nullptr ? *number : 0);
  }
  return text + page_line(r.count, r.hits.size());
}

}  // namespace

std::string answer_text(const GraphStore& store, const QueryRequest& request, const QueryAnswer& answer) {
  switch (answer.kind) {
    case QueryKind::Callers:
      return reach_text(store, std::get<CallReachResult>(answer.result), "callers",
                        std::get<CallersRequest>(request).max_depth);
    case QueryKind::Callees:
      return reach_text(store, std::get<CallReachResult>(answer.result), "callees",
                        std::get<CalleesRequest>(request).max_depth);
    case QueryKind::Hierarchy: return hierarchy_text(store, std::get<HierarchyResult>(answer.result));
    case QueryKind::Dependencies: return dependencies_text(store, std::get<DependenciesResult>(answer.result));
    case QueryKind::Exports: return exports_text(store, std::get<ExportsResult>(answer.result));
    case QueryKind::Implementations: return implementations_text(store, std::get<ImplementationsResult>(answer.result));
    case QueryKind::CallGraph: return call_graph_text(store, std::get<CallGraphResult>(answer.result));
    case QueryKind::CallPath:
      return call_path_text(store, std::get<CallPathResult>(answer.result),
                            std::get<CallPathRequest>(request).max_depth);
    case QueryKind::Outline: return outline_text(store, std::get<OutlineResult>(answer.result));
    case QueryKind::Children: return children_text(store, std::get<ChildrenResult>(answer.result));
    case QueryKind::Complexity: return complexity_text(store, std::get<ComplexityResult>(answer.result));
    case QueryKind::Impact: return impact_text(store, std::get<ImpactResult>(answer.result));
    case QueryKind::Importers: return importers_text(store, std::get<ImportersResult>(answer.result));
    case QueryKind::Chain:
      return chain_answer_text(store, std::get<ChainRequest>(request), std::get<ChainResult>(answer.result));
    case QueryKind::Details: return details_text(store, std::get<DetailsResult>(answer.result));
    case QueryKind::Source: return source_answer_text(store, std::get<SourceResult>(answer.result));
    case QueryKind::Context:
      return context_text(store, std::get<ContextRequest>(request), std::get<ContextResult>(answer.result));
    case QueryKind::Why: return render_why_tree(store, std::get<WhyResult>(answer.result));
    case QueryKind::Unresolved: return unresolved_text(store, std::get<UnresolvedResult>(answer.result));
    case QueryKind::Cycles: return cycles_text(store, std::get<CyclesResult>(answer.result));
    case QueryKind::Search: return search_text(store, std::get<SearchResult>(answer.result));
    case QueryKind::Resolve: return resolve_text(store, std::get<ResolveResult>(answer.result));
    case QueryKind::Similar: return similar_text(store, std::get<SimilarResult>(answer.result));
    case QueryKind::Semantic: return semantic_text(store, std::get<SemanticResult>(answer.result));
  }
  return {};
}

}  // namespace trellis::output
