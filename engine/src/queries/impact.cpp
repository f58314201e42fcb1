// query_impact: what may break if a definition, module or file changes.
// Breadth-first over the edges that make one node depend on another,
// followed backwards from the target: CALLS, INHERITS, IMPLEMENTS and
// IMPORTS into a reached node; methods of subclasses overriding a target
// method; modules importing the target's module. A class or module target
// starts from its definitions too (callers of a method depend on its class).
#include <algorithm>
#include <map>
#include <unordered_map>
#include <variant>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kImpactLabels[] = {Label::Function, Label::Method, Label::Class, Label::Interface,
                                          Label::Module,   Label::Package};

struct Reached {
  NodeId node;
  int depth;
  ImpactRelation relation;
};

std::int64_t int_property(const GraphStore& store, NodeId node, std::string_view name) {
  const PropertyValue value = store.property(node, name);
  const auto* number = std::get_if<std::int64_t>(&value);
  return number == nullptr ? 0 : *number;
}

std::string file_of(const GraphStore& store, NodeId node) {
  const PropertyValue value = store.property(node, "file_path");
  const auto* text = std::get_if<std::string_view>(&value);
  return text == nullptr ? std::string() : std::string(*text);
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

  // Methods overriding a target method: same name, in a subclass of its class.
  if (target_label == Label::Method) {
    const auto owners = store.in(RelType::Defines, result.target);
    if (!owners.empty() && store.label(owners.front()) != Label::Module) {
      std::vector<NodeId> classes{owners.front()};
      std::vector<NodeId> seen{owners.front()};
      for (std::size_t i = 0; i < classes.size(); ++i) {
        for (const RelType type : {RelType::Inherits, RelType::Implements}) {
          for (const NodeId sub : store.in(type, classes[i])) {
            if (std::find(seen.begin(), seen.end(), sub) != seen.end()) continue;
            seen.push_back(sub);
            classes.push_back(sub);
            for (const NodeId method : store.out(RelType::Defines, sub)) {
              if (store.name(method) == store.name(result.target)) {
                reach(method, result.target, 1, ImpactRelation::Overrides);
              }
            }
          }
        }
      }
    }
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
  std::vector<std::pair<NodeId, int>> queue;
  for (const NodeId node : frontier) queue.emplace_back(node, 0);
  for (const Reached& r : reached) {
    if (r.relation == ImpactRelation::Overrides) queue.emplace_back(r.node, r.depth);
  }
  constexpr std::pair<RelType, ImpactRelation> kEdges[] = {{RelType::Calls, ImpactRelation::Calls},
                                                           {RelType::Inherits, ImpactRelation::Inherits},
                                                           {RelType::Implements, ImpactRelation::Implements},
                                                           {RelType::Imports, ImpactRelation::Imports}};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto [node, depth] = queue[i];
    if (depth >= request.max_depth) continue;
    for (const auto& [type, relation] : kEdges) {
      for (const NodeId dependent : store.in(type, node)) {
        if (reach(dependent, node, depth + 1, relation)) queue.emplace_back(dependent, depth + 1);
      }
    }
  }

  // Grouped by file: the most impacted files first, then by path; in a
  // file by depth, then line.
  std::map<std::string, std::vector<const Reached*>> by_file;
  for (const Reached& r : reached) by_file[file_of(store, r.node)].push_back(&r);
  std::vector<std::pair<std::string, std::vector<const Reached*>>> files(by_file.begin(), by_file.end());
  std::stable_sort(files.begin(), files.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  result.file_count = files.size();
  result.count.total_count = reached.size();
  std::unordered_map<NodeId, ImpactRelation> relation_of;
  for (const Reached& r : reached) relation_of.emplace(r.node, r.relation);
  std::size_t listed = 0;
  for (auto& [path, nodes] : files) {
    if (listed >= kMaxResults) break;
    std::stable_sort(nodes.begin(), nodes.end(), [&](const Reached* a, const Reached* b) {
      if (a->depth != b->depth) return a->depth < b->depth;
      return int_property(store, a->node, "line_start") < int_property(store, b->node, "line_start");
    });
    ImpactFile file{path, {}};
    for (const Reached* r : nodes) {
      if (listed >= kMaxResults) break;
      ImpactedNode impacted{r->node, r->depth, r->relation, {}, {}};
      for (NodeId at = r->node; at != kNoNode; at = scratch.parent(at)) {
        impacted.chain.push_back(at);
        if (scratch.parent(at) == kNoNode) break;
        const auto how = relation_of.find(at);
        impacted.via.push_back(how == relation_of.end() ? "is defined in" : to_string(how->second));
      }
      file.nodes.push_back(std::move(impacted));
      ++listed;
    }
    result.files.push_back(std::move(file));
  }
  result.count.truncated = listed < reached.size();
  return result;
}

}  // namespace trellis::queries
