#include "generator/code_graph_generator.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "generator/inheritance_edges.hpp"
#include "trellis/store/graph_store.hpp"

using namespace trellis;
using trellis::bench::CodeGraphOptions;

namespace {

GraphStore generate(std::uint32_t nodes, std::uint64_t seed) {
  auto builder = bench::generate_code_graph(CodeGraphOptions{nodes, seed});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

std::vector<NodeId> ids_of(const GraphStore& store, Label label) {
  std::vector<NodeId> ids;
  for (NodeId n = store.nodes(label).begin; n < store.nodes(label).end; ++n) ids.push_back(n);
  return ids;
}

std::vector<std::string> qualified_names(const GraphStore& store) {
  std::vector<std::string> names;
  for (NodeId n = 0; n < store.node_count(); ++n) names.push_back(store.qualified_name(n));
  return names;
}

std::vector<std::pair<NodeId, NodeId>> edges(const GraphStore& store, RelType type) {
  std::vector<std::pair<NodeId, NodeId>> list;
  for (NodeId n = 0; n < store.node_count(); ++n) {
    for (const NodeId target : store.out(type, n)) list.emplace_back(n, target);
  }
  return list;
}

std::int64_t int_property(const GraphStore& store, NodeId node, std::string_view name) {
  return std::get<std::int64_t>(store.property(node, name));
}

// Whether `type` has a cycle of two or more nodes (self loops do not count).
bool has_cycle(const GraphStore& store, RelType type) {
  enum : std::uint8_t { kUnseen, kOnPath, kDone };
  std::vector<std::uint8_t> state(store.node_count(), kUnseen);
  std::vector<std::pair<NodeId, std::size_t>> stack;  // node, next neighbour index
  for (NodeId root = 0; root < store.node_count(); ++root) {
    if (state[root] != kUnseen) continue;
    stack.emplace_back(root, 0);
    state[root] = kOnPath;
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      const auto out = store.out(type, node);
      if (next == out.size()) {
        state[node] = kDone;
        stack.pop_back();
        continue;
      }
      const NodeId target = out[next++];
      if (target == node) continue;
      if (state[target] == kOnPath) return true;
      if (state[target] == kUnseen) {
        state[target] = kOnPath;
        stack.emplace_back(target, 0);
      }
    }
  }
  return false;
}

// Longest INHERITS path from each class; -1 when the hierarchy has a cycle.
int inheritance_depth(const GraphStore& store, NodeId node, std::vector<int>& depth) {
  if (depth[node] == -2) return -1;  // on the current path: a cycle
  if (depth[node] >= 0) return depth[node];
  depth[node] = -2;
  int deepest = 0;
  for (const NodeId base : store.out(RelType::Inherits, node)) {
    const int below = inheritance_depth(store, base, depth);
    if (below < 0) return -1;
    deepest = std::max(deepest, below + 1);
  }
  return depth[node] = deepest;
}

}  // namespace

TEST_CASE("the same options generate the same graph, another seed a different one") {
  const GraphStore first = generate(20'000, 7);
  const GraphStore second = generate(20'000, 7);
  CHECK(first.node_count() == second.node_count());
  for (const RelTypeDef& def : all_rel_types()) {
    CHECK(first.edge_count(def.type) == second.edge_count(def.type));
    CHECK(edges(first, def.type) == edges(second, def.type));
  }
  CHECK(qualified_names(first) == qualified_names(second));
  for (EdgePos e = 0; e < first.edge_count(RelType::Calls); ++e) {
    REQUIRE(first.edge_property(RelType::Calls, e, 0) ==
            second.edge_property(RelType::Calls, e, 0));
    REQUIRE(first.edge_property(RelType::Calls, e, 1) ==
            second.edge_property(RelType::Calls, e, 1));
  }
  CHECK(first.memory_report().total_bytes == second.memory_report().total_bytes);

  const GraphStore other = generate(20'000, 8);
  CHECK(other.node_count() == first.node_count());
  CHECK(qualified_names(other) != qualified_names(first));
}

TEST_CASE("the generator makes exactly node_count nodes in the documented label mix") {
  const GraphStore store = generate(50'000, 1);
  CHECK(store.node_count() == 50'000);
  CHECK(store.node_count(Label::Project) == 1);
  CHECK(store.node_count(Label::Package) == 500);
  CHECK(store.node_count(Label::Module) == 1'500);
  CHECK(store.node_count(Label::Class) == 5'000);
  CHECK(store.node_count(Label::Function) == 10'000);
  CHECK(store.node_count(Label::ExternalPackage) == 200);
  CHECK(store.node_count(Label::Method) == 50'000 - 1 - 500 - 1'500 - 5'000 - 10'000 - 200);
  CHECK(store.node_count(Label::Interface) == 0);
  CHECK(store.find(Label::ExternalPackage, "os").has_value());
  CHECK(store.find(Label::ExternalPackage, "requests").has_value());
}

TEST_CASE("node counts outside the generator's range are refused") {
  CHECK_FALSE(bench::generate_code_graph(CodeGraphOptions{bench::kMinGeneratedNodes - 1, 1}).ok());
  CHECK(bench::generate_code_graph(CodeGraphOptions{bench::kMinGeneratedNodes, 1}).ok());
  const auto refused =
      bench::generate_code_graph(CodeGraphOptions{bench::kMaxGeneratedNodes + 1, 1});
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE(
    "every method has its class's name as class_name, a DEFINES edge from it and lines inside it") {
  const GraphStore store = generate(20'000, 3);
  for (const NodeId method : ids_of(store, Label::Method)) {
    const auto definers = store.in(RelType::Defines, method);
    REQUIRE(definers.size() == 1);
    const NodeId klass = definers[0];
    REQUIRE(store.label(klass) == Label::Class);
    REQUIRE(std::get<std::string_view>(store.property(method, "class_name")) == store.name(klass));
    REQUIRE(store.qualified_name(method) ==
            store.qualified_name(klass) + "." + std::string(store.name(method)));
    REQUIRE(store.property(method, "file_path") == store.property(klass, "file_path"));
    REQUIRE(int_property(store, klass, "line_start") <= int_property(store, method, "line_start"));
    REQUIRE(int_property(store, method, "line_start") <= int_property(store, method, "line_end"));
    REQUIRE(int_property(store, method, "line_end") <= int_property(store, klass, "line_end"));
  }
}

TEST_CASE(
    "the project contains every node but the external packages, packages contain their modules") {
  const GraphStore store = generate(20'000, 3);
  const NodeId project = store.nodes(Label::Project).begin;
  const auto contained = store.out(RelType::Contains, project);
  CHECK(contained.size() == store.node_count() - 1 - store.node_count(Label::ExternalPackage));
  for (NodeId node = 0; node < store.node_count(); ++node) {
    const Label label = store.label(node);
    if (label == Label::Project || label == Label::ExternalPackage) continue;
    REQUIRE(std::binary_search(contained.begin(), contained.end(), node));
  }
  for (const NodeId module : ids_of(store, Label::Module)) {
    const auto containers = store.in(RelType::Contains, module);
    REQUIRE(containers.size() == 2);  // the project and its package
    REQUIRE(store.label(containers[1]) == Label::Package);
    REQUIRE(store.qualified_name(module).starts_with(store.qualified_name(containers[1])));
  }
}

TEST_CASE("every class and function has one definer: its module, class or enclosing function") {
  const GraphStore store = generate(20'000, 3);
  for (const Label label : {Label::Class, Label::Function}) {
    for (const NodeId node : ids_of(store, label)) {
      const auto definers = store.in(RelType::Defines, node);
      REQUIRE(definers.size() == 1);
      const Label definer = store.label(definers[0]);
      REQUIRE(
          (definer == Label::Module || (label == Label::Function && definer == Label::Function)));
      REQUIRE(store.qualified_name(node) ==
              store.qualified_name(definers[0]) + "." + std::string(store.name(node)));
    }
  }
}

TEST_CASE("CALLS in-degree is heavy-tailed: at 50k nodes a hub has hundreds of callers") {
  const GraphStore store = generate(50'000, 1);
  std::size_t most_callers = 0;
  std::size_t never_called = 0;
  for (NodeId node = store.nodes(Label::Class).begin; node < store.nodes(Label::Method).end;
       ++node) {
    const std::size_t callers = store.in(RelType::Calls, node).size();
    most_callers = std::max(most_callers, callers);
    never_called += callers == 0 ? 1U : 0U;
  }
  CHECK(most_callers > 200);
  CHECK(never_called > store.node_count() / 20);
  const double mean_out =
      static_cast<double>(store.edge_count(RelType::Calls)) /
      static_cast<double>(store.node_count(Label::Function) + store.node_count(Label::Method));
  CHECK(mean_out > 3.5);
  CHECK(mean_out < 4.8);
}

TEST_CASE("CALLS carry a call_type matching the callee and a line inside the caller") {
  const GraphStore store = generate(20'000, 5);
  std::size_t self_loops = 0;
  for (NodeId caller = 0; caller < store.node_count(); ++caller) {
    const auto callees = store.out(RelType::Calls, caller);
    for (std::size_t i = 0; i < callees.size(); ++i) {
      const EdgePos edge = store.out_edge_position(RelType::Calls, caller, i);
      const auto type = call_type_from_string(
          std::get<std::string_view>(store.edge_property(RelType::Calls, edge, 0)));
      REQUIRE(type.has_value());
      const Label callee = store.label(callees[i]);
      REQUIRE(callee == (*type == CallType::Direct   ? Label::Function
                         : *type == CallType::Method ? Label::Method
                                                     : Label::Class));
      const auto line = std::get<std::int64_t>(store.edge_property(RelType::Calls, edge, 1));
      REQUIRE(line >= int_property(store, caller, "line_start"));
      REQUIRE(line <= int_property(store, caller, "line_end"));
      self_loops += callees[i] == caller ? 1U : 0U;
    }
  }
  CHECK(self_loops > 0);
}

TEST_CASE("INHERITS is an acyclic forest at most 8 deep, with some multiple inheritance") {
  const GraphStore store = generate(50'000, 1);
  std::vector<int> depth(store.node_count(), -1);
  int deepest = 0;
  std::size_t multiple = 0;
  for (const NodeId klass : ids_of(store, Label::Class)) {
    const int d = inheritance_depth(store, klass, depth);
    REQUIRE(d >= 0);
    deepest = std::max(deepest, d);
    multiple += store.out(RelType::Inherits, klass).size() > 1 ? 1U : 0U;
    const auto bases = store.property(klass, "base_classes");
    if (!store.out(RelType::Inherits, klass).empty()) {
      REQUIRE(std::get<std::vector<std::string_view>>(bases).size() ==
              store.out(RelType::Inherits, klass).size());
    }
  }
  CHECK(deepest <= static_cast<int>(bench::kMaxInheritanceDepth));
  CHECK(deepest >= 3);
  CHECK(multiple > 0);
}

TEST_CASE("IMPORTS and CALLS both have cycles") {
  const GraphStore store = generate(50'000, 1);
  CHECK(has_cycle(store, RelType::Imports));
  CHECK(has_cycle(store, RelType::Calls));
  CHECK_FALSE(has_cycle(store, RelType::Inherits));
  CHECK_FALSE(has_cycle(store, RelType::Defines));
  for (const NodeId module : ids_of(store, Label::Module)) {
    const auto imported = store.out(RelType::Imports, module);
    REQUIRE(std::adjacent_find(imported.begin(), imported.end()) == imported.end());
    REQUIRE_FALSE(std::binary_search(imported.begin(), imported.end(), module));
  }
}
