#include "dataset/target_selection.hpp"

#include <algorithm>
#include <functional>
#include <utility>

#include "generator/random.hpp"

namespace trellis::bench {
namespace {

using Degree = std::function<std::uint64_t(NodeId)>;

struct KindRule {
  std::string_view name;
  std::string_view ranked_by;
  std::vector<Label> labels;
  Degree degree;      // the hub ranking; empty: the kind has no hubs
  bool needs_degree;  // candidates must have degree > 0
};

std::vector<NodeId> candidates_of(const GraphStore& store, const KindRule& rule) {
  std::vector<NodeId> nodes;
  for (const Label label : rule.labels) {
    for (NodeId node = store.nodes(label).begin; node < store.nodes(label).end; ++node) {
      if (!rule.needs_degree || rule.degree(node) > 0) nodes.push_back(node);
    }
  }
  return nodes;
}

// Moves the top `count` candidates by degree (ties by id) out of `candidates`.
std::vector<Target> take_hubs(std::vector<NodeId>& candidates, const Degree& degree,
                              std::size_t count) {
  std::vector<std::pair<std::uint64_t, NodeId>> ranked;
  ranked.reserve(candidates.size());
  for (const NodeId node : candidates) ranked.emplace_back(degree(node), node);
  count = std::min(count, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(count),
                    ranked.end(), [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  std::vector<Target> hubs;
  for (std::size_t i = 0; i < count; ++i) {
    hubs.push_back({ranked[i].second, TargetOrigin::Hub, ranked[i].first});
  }
  std::erase_if(candidates, [&hubs](NodeId node) {
    return std::any_of(hubs.begin(), hubs.end(),
                       [node](const Target& hub) { return hub.node == node; });
  });
  return hubs;
}

// Draws up to `count` of `candidates` without repetition (a partial Fisher-Yates shuffle).
std::vector<Target> draw(std::vector<NodeId> candidates, const Degree& degree, std::size_t count,
                         Random& random) {
  count = std::min(count, candidates.size());
  std::vector<Target> drawn;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t pick = i + random.below(candidates.size() - i);
    std::swap(candidates[i], candidates[pick]);
    drawn.push_back({candidates[i], TargetOrigin::Random, degree ? degree(candidates[i]) : 0});
  }
  return drawn;
}

std::vector<KindRule> kind_rules(const GraphStore& store) {
  const Degree calls_in = [&store](NodeId node) { return store.in(RelType::Calls, node).size(); };
  const Degree calls_out = [&store](NodeId node) { return store.out(RelType::Calls, node).size(); };
  const Degree subclasses = [&store](NodeId node) {
    return store.in(RelType::Inherits, node).size() + store.in(RelType::Implements, node).size();
  };
  const Degree imports_in = [&store](NodeId node) { return store.in(RelType::Imports, node).size(); };
  const Degree defines_out = [&store](NodeId node) { return store.out(RelType::Defines, node).size(); };
  const std::vector<Label> callables{Label::Function, Label::Method};
  const std::vector<Label> types{Label::Class, Label::Interface};
  const std::vector<Label> modules{Label::Module};
  return {
      {"callers", "CALLS in-degree", callables, calls_in, false},
      {"callees", "CALLS out-degree", callables, calls_out, false},
      {"call_graph", "CALLS out-degree", callables, calls_out, false},
      {"hierarchy", "INHERITS + IMPLEMENTS in-degree", types, subclasses, true},
      {"implementations", "INHERITS + IMPLEMENTS in-degree", types, subclasses, true},
      {"dependencies", "", modules, {}, false},
      {"exports", "", modules, {}, false},
      // The agent-context queries: files (outline, by path), modules by how
      // many import them, types by how many definitions they hold.
      {"outline", "DEFINES out-degree", modules, defines_out, false},
      {"importers", "IMPORTS in-degree", modules, imports_in, false},
      {"children", "DEFINES out-degree", types, defines_out, false},
  };
}

}  // namespace

std::string_view to_string(TargetOrigin origin) {
  return origin == TargetOrigin::Hub ? "hub" : "random";
}

std::vector<TargetKind> select_targets(const GraphStore& store, const TargetOptions& options) {
  std::vector<TargetKind> kinds;
  std::uint64_t stream = 0;
  for (const KindRule& rule : kind_rules(store)) {
    Random random(options.seed, ++stream);
    std::vector<NodeId> candidates = candidates_of(store, rule);
    TargetKind kind{rule.name, rule.ranked_by, candidates.size(), {}};
    std::vector<Target> hubs;
    if (rule.degree) hubs = take_hubs(candidates, rule.degree, options.hub_count);
    kind.targets = draw(std::move(candidates), rule.degree, options.random_count, random);
    kind.targets.insert(kind.targets.end(), hubs.begin(), hubs.end());
    kinds.push_back(std::move(kind));
  }
  return kinds;
}

}  // namespace trellis::bench
