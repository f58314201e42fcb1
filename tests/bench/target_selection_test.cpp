#include "dataset/target_selection.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "generator/code_graph_generator.hpp"

using namespace trellis;
using namespace trellis::bench;

namespace {

GraphStore generate(std::uint32_t nodes) {
  auto builder = generate_code_graph(CodeGraphOptions{nodes, 7});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

const TargetKind& kind_named(const std::vector<TargetKind>& kinds, std::string_view name) {
  const auto found = std::find_if(kinds.begin(), kinds.end(),
                                  [name](const TargetKind& k) { return k.name == name; });
  REQUIRE(found != kinds.end());
  return *found;
}

std::vector<Target> with_origin(const TargetKind& kind, TargetOrigin origin) {
  std::vector<Target> picked;
  std::copy_if(kind.targets.begin(), kind.targets.end(), std::back_inserter(picked),
               [origin](const Target& t) { return t.origin == origin; });
  return picked;
}

}  // namespace

TEST_CASE("targets are the same for one seed and differ for another") {
  const GraphStore store = generate(5000);
  const auto first = select_targets(store, {3, 10, 4});
  const auto again = select_targets(store, {3, 10, 4});
  const auto other = select_targets(store, {4, 10, 4});
  REQUIRE(first.size() == 10);  // one per kind_rules entry
  bool some_differ = false;
  for (std::size_t k = 0; k < first.size(); ++k) {
    REQUIRE(first[k].targets.size() == again[k].targets.size());
    for (std::size_t i = 0; i < first[k].targets.size(); ++i)
      CHECK(first[k].targets[i].node == again[k].targets[i].node);
    const auto random_first = with_origin(first[k], TargetOrigin::Random);
    const auto random_other = with_origin(other[k], TargetOrigin::Random);
    some_differ = some_differ || random_first.front().node != random_other.front().node;
  }
  CHECK(some_differ);
}

TEST_CASE(
    "callers hubs are the functions with the most callers, highest first, and not drawn again") {
  const GraphStore store = generate(5000);
  const auto kinds = select_targets(store, {1, 20, 5});
  const TargetKind& callers = kind_named(kinds, "callers");
  const auto hubs = with_origin(callers, TargetOrigin::Hub);
  const auto random = with_origin(callers, TargetOrigin::Random);
  REQUIRE(hubs.size() == 5);
  CHECK(random.size() == 20);
  std::uint64_t most = 0;
  for (NodeId n = 0; n < store.node_count(); ++n) {
    const Label label = store.label(n);
    if (label == Label::Function || label == Label::Method)
      most = std::max<std::uint64_t>(most, store.in(RelType::Calls, n).size());
  }
  CHECK(hubs.front().degree == most);
  for (std::size_t i = 1; i < hubs.size(); ++i) CHECK(hubs[i - 1].degree >= hubs[i].degree);
  std::set<NodeId> seen;
  for (const Target& t : callers.targets) {
    CHECK(seen.insert(t.node).second);
    CHECK((store.label(t.node) == Label::Function || store.label(t.node) == Label::Method));
    CHECK(t.degree == store.in(RelType::Calls, t.node).size());
  }
}

TEST_CASE("hierarchy targets all have a subclass; module kinds pick modules and have no hubs") {
  const GraphStore store = generate(5000);
  const auto kinds = select_targets(store, {1, 15, 3});
  for (const Target& t : kind_named(kinds, "hierarchy").targets) {
    CHECK(store.label(t.node) == Label::Class);
    CHECK(!store.in(RelType::Inherits, t.node).empty());
  }
  for (const std::string_view name : {"dependencies", "exports"}) {
    const TargetKind& kind = kind_named(kinds, name);
    CHECK(kind.targets.size() == 15);
    CHECK(with_origin(kind, TargetOrigin::Hub).empty());
    for (const Target& t : kind.targets) CHECK(store.label(t.node) == Label::Module);
  }
}
