// query_impact: what may break if a definition, module or file changes.
// Breadth-first over the edges that make one node depend on another,
// followed backwards from the target: CALLS, INHERITS, IMPLEMENTS and
// IMPORTS into a reached node; methods of subclasses overriding a target
// method; modules importing the target's module. A class or module target
// starts from its definitions too (callers of a method depend on its class).
#include <algorithm>
#include <variant>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "queries/node_properties.hpp"
#include "queries/overrides.hpp"
#include "queries/paging.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kImpactLabels[] = {Label::Function, Label::Method, Label::Class, Label::Interface,
                                          Label::Module,   Label::Package};

struct Reached {
  NodeId node;
  int depth;
  ImpactRelation relation;
};

bool has_edge(const GraphStore& store, RelType type, NodeId from, NodeId to) {
  const auto out = store.out(type, from);
  return std::find(out.begin(), out.end(), to) != out.end();
}

// How `node` came to depend on `next`, the node it was reached from: read
// back from the edges rather than kept for every reached node.
std::string_view relation_between(const GraphStore& store, NodeId node, NodeId next) {
  if (has_edge(store, RelType::Calls, node, next)) return to_string(ImpactRelation::Calls);
  if (has_edge(store, RelType::Inherits, node, next)) return to_string(ImpactRelation::Inherits);
  if (has_edge(store, RelType::Implements, node, next)) return to_string(ImpactRelation::Implements);
  if (has_edge(store, RelType::Imports, node, next)) return to_string(ImpactRelation::Imports);
  if (has_edge(store, RelType::Defines, next, node)) return "is defined in";
  return to_string(ImpactRelation::Overrides);
}

}  // namespace

std::string_view to_string(ImpactRelation relation) {
  switch (relation) {
    case ImpactRelation::Calls: return "calls";
    case ImpactRelation::Inherits: return "inherits";
    case ImpactRelation::Implements: return "implements";
    case ImpactRelation::Imports: return "imports";
    case ImpactRelation::Overrides: return "overrides";
    case ImpactRelation::ImportsModule: return "imports its module";
  }
  return "";
}

Result<ImpactResult> query_impact(const GraphStore& store, const ImpactRequest& request, TraversalScratch& scratch) {
  auto target = lookup_module_or_file(store, request.target, NameKind{"Node", kImpactLabels});
  if (!target) return std::move(target).take_error();
  ImpactResult result;
  result.target = *target;
  const Label target_label = store.label(result.target);

  scratch.begin(store.node_count());
  scratch.visit(result.target, kNoNode);
  std::vector<NodeId> frontier{result.target};
  // A class or module is also its definitions (depth 0: part of the target).
  if (target_label == Label::Class || target_label == Label::Interface || target_label == Label::Module) {
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      for (const NodeId member : store.out(RelType::Defines, frontier[i])) {
        if (scratch.visit(member, frontier[i])) frontier.push_back(member);
      }
    }
  }
  std::vector<Reached> reached;
  const auto reach = [&](NodeId node, NodeId from, int depth, ImpactRelation relation) {
    if (!scratch.visit(node, from)) return false;
    reached.push_back({node, depth, relation});
    return true;
  };

  // Methods overriding a target method (the rule of overrides.hpp).
  for (const NodeId method : overriding_methods(store, result.target)) {
    reach(method, result.target, 1, ImpactRelation::Overrides);
  }
  // Modules importing the module that holds a target definition (not followed further).
  if (target_label != Label::Module && target_label != Label::Package) {
    const NodeId module = module_of(store, result.target);
    if (module != kNoNode) {
      for (const NodeId importer : store.in(RelType::Imports, module)) {
        reach(importer, result.target, 1, ImpactRelation::ImportsModule);
      }
    }
  }
  // Breadth-first: the target and its definitions (depth 0), overrides
  // (depth 1), then each dependent one step further than what it uses.
  // CALLS are followed from everything; INHERITS, IMPLEMENTS and IMPORTS
  // only from the target's own types and modules and what reached them so
  // (a subclass's subclass, an importer's importer): a module whose code
  // calls the target does not make its importers depend on the target.
  struct Step {
    NodeId node;
    int depth;
    bool structural;
  };
  std::vector<Step> queue;
  for (const NodeId node : frontier) queue.push_back({node, 0, true});
  for (const Reached& r : reached) {
    if (r.relation == ImpactRelation::Overrides) queue.push_back({r.node, r.depth, false});
  }
  constexpr std::pair<RelType, ImpactRelation> kStructural[] = {{RelType::Inherits, ImpactRelation::Inherits},
                                                                {RelType::Implements, ImpactRelation::Implements},
                                                                {RelType::Imports, ImpactRelation::Imports}};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const Step step = queue[i];
    if (step.depth >= request.max_depth) continue;
    for (const NodeId caller : store.in(RelType::Calls, step.node)) {
      if (reach(caller, step.node, step.depth + 1, ImpactRelation::Calls)) {
        queue.push_back({caller, step.depth + 1, false});
      }
    }
    if (!step.structural) continue;
    for (const auto& [type, relation] : kStructural) {
      for (const NodeId dependent : store.in(type, step.node)) {
        if (reach(dependent, step.node, step.depth + 1, relation)) queue.push_back({dependent, step.depth + 1, true});
      }
    }
  }

  // The nearest kMaxResults nodes (`reached` is in breadth-first order),
  // grouped by file in the order their first node was reached; in a file by
  // depth, then line. Nothing is read for the nodes past the cap, so a hub's
  // answer costs its walk and little more.
  // A page after the first: the next kMaxResults of them, grouped the same way.
  const std::size_t first = std::min(request.offset, reached.size());
  const std::size_t kept = std::min(page_end(request.offset), reached.size());
  std::vector<std::string_view> paths;  // in order of first appearance
  std::vector<std::vector<std::uint32_t>> members;
  for (auto i = static_cast<std::uint32_t>(first); i < kept; ++i) {
    const PropertyValue value = store.property(reached[i].node, "file_path");
    const auto* text = std::get_if<std::string_view>(&value);
    const std::string_view path = text == nullptr ? std::string_view() : *text;
    const auto at = std::find(paths.begin(), paths.end(), path);
    if (at == paths.end()) {
      paths.push_back(path);
      members.push_back({i});
    } else {
      members[static_cast<std::size_t>(at - paths.begin())].push_back(i);
    }
  }
  result.count.total_count = reached.size();
  std::size_t listed = 0;
  for (std::size_t f = 0; f < paths.size(); ++f) {
    std::vector<std::uint32_t>& indexes = members[f];
    std::sort(indexes.begin(), indexes.end(), [&](std::uint32_t a, std::uint32_t b) {
      if (reached[a].depth != reached[b].depth) return reached[a].depth < reached[b].depth;
      const std::int64_t line_a = int_property(store, reached[a].node, "line_start");
      const std::int64_t line_b = int_property(store, reached[b].node, "line_start");
      return line_a != line_b ? line_a < line_b : a < b;
    });
    ImpactFile file{std::string(paths[f]), {}};
    for (const std::uint32_t index : indexes) {
      const Reached& r = reached[index];
      ImpactedNode impacted{r.node, r.depth, r.relation, {}, {}};
      for (NodeId at = r.node; at != kNoNode; at = scratch.parent(at)) {
        impacted.chain.push_back(at);
        const NodeId next = scratch.parent(at);
        if (next == kNoNode) break;
        impacted.via.push_back(at == r.node ? to_string(r.relation) : relation_between(store, at, next));
      }
      file.nodes.push_back(std::move(impacted));
      ++listed;
    }
    result.files.push_back(std::move(file));
  }
  result.count = page_count(reached.size(), request.offset, listed);
  return result;
}

}  // namespace trellis::queries
