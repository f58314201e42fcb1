// callers, callees, call graph and call path on a small graph with
// recursion, a cycle, a constructor call and parallel edges.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

// m.main -> m.a -> m.b -> m.c -> m.b (cycle b <-> c), m.c -> m.c (recursion),
// m.a -> m.K (constructor), m.main -> m.a twice, m.x.run and m.y.run share
// a short name, m.lonely calls nothing. m.a has two unresolved call sites.
struct Fixture {
  BuiltGraph graph;
  std::map<std::string, NodeId> id;
  const GraphStore& store() const { return graph.store; }
  std::string qn(NodeId node) const { return store().qualified_name(node); }
};

Fixture make_fixture() {
  GraphBuilder b;
  std::map<std::string, BuildId> built;
  const auto add = [&](Label label, const std::string& qn) {
    auto node = b.add_node(label, qn, qn.substr(qn.rfind('.') + 1));
    REQUIRE(node.ok());
    built[qn] = *node;
  };
  add(Label::Module, "m");
  for (const char* f : {"m.main", "m.a", "m.b", "m.c", "m.lonely"}) add(Label::Function, f);
  add(Label::Class, "m.K");
  add(Label::Class, "m.x");
  add(Label::Class, "m.y");
  add(Label::Method, "m.x.run");
  add(Label::Method, "m.y.run");
  const auto call = [&](const std::string& from, const std::string& to, std::string_view type) {
    const std::uint32_t edge = b.add_edge(RelType::Calls, built.at(from), built.at(to));
    b.set_edge_string(RelType::Calls, edge, 0, type);
    b.set_edge_int(RelType::Calls, edge, 1, 1);
  };
  call("m", "m.main", "direct");
  call("m.main", "m.a", "direct");
  call("m.main", "m.a", "direct");
  call("m.a", "m.b", "direct");
  call("m.a", "m.K", "constructor");
  call("m.b", "m.c", "direct");
  call("m.c", "m.b", "direct");
  call("m.c", "m.c", "direct");
  call("m.x.run", "m.a", "direct");
  b.add_unresolved_call(built.at("m.a"), "obj.get", 3);
  b.add_unresolved_call(built.at("m.a"), "thing.put", 4);
  auto result = std::move(b).build();
  REQUIRE(result.ok());
  Fixture f{std::move(result).value(), {}};
  for (const auto& [name, build_id] : built) f.id[name] = f.graph.node_ids[build_id];
  return f;
}

std::map<std::string, int> depths(const Fixture& f, const std::vector<NodeAtDepth>& nodes) {
  std::map<std::string, int> out;
  for (const NodeAtDepth& n : nodes) out[f.qn(n.node)] = n.depth;
  return out;
}

std::vector<std::string> names(const Fixture& f, const std::vector<NodeId>& nodes) {
  std::vector<std::string> out;
  for (const NodeId n : nodes) out.push_back(f.qn(n));
  return out;
}

}  // namespace

TEST_CASE("callers: direct callers only at depth 1, no chains") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto r = query_callers(f.store(), {"m.a", 1, true}, scratch);
  REQUIRE(r.ok());
  CHECK(depths(f, r->nodes) == std::map<std::string, int>{{"m.main", 1}, {"m.x.run", 1}});
  CHECK_FALSE(r->has_chains);
  CHECK(r->call_chains.empty());
  CHECK(r->count.total_count == 2);
  CHECK_FALSE(r->count.truncated);
  CHECK(r->unresolved_calls == 2);  // inside the target m.a
}

TEST_CASE("callers stops at max_depth and gives one chain per caller, farthest first") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto two = query_callers(f.store(), {"m.b", 2, true}, scratch);
  REQUIRE(two.ok());
  CHECK(depths(f, two->nodes) == std::map<std::string, int>{{"m.a", 1}, {"m.c", 1}, {"m.main", 2}, {"m.x.run", 2}});
  REQUIRE(two->has_chains);
  REQUIRE(two->call_chains.size() == 4);
  CHECK(two->call_chains[0].size() == 3);  // depth 2 first
  CHECK(two->call_chains[1].size() == 3);
  CHECK(names(f, two->call_chains[0]) == std::vector<std::string>{"m.main", "m.a", "m.b"});
  CHECK(names(f, two->call_chains[3]).back() == "m.b");
  auto three = query_callers(f.store(), {"m.b", 3, true}, scratch);
  REQUIRE(three.ok());
  CHECK(depths(f, three->nodes).at("m") == 3);  // the module's top-level code
  CHECK(three->count.total_count == 5);
}

TEST_CASE("callers of a class are its constructor calls") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto r = query_callers(f.store(), {"m.K", 1, true}, scratch);
  REQUIRE(r.ok());
  CHECK(depths(f, r->nodes) == std::map<std::string, int>{{"m.a", 1}});
}

TEST_CASE("callees follow the recursion and the cycle once") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto r = query_callees(f.store(), {"m.main", 5}, scratch);
  REQUIRE(r.ok());
  CHECK(depths(f, r->nodes) == std::map<std::string, int>{{"m.a", 1}, {"m.b", 2}, {"m.K", 2}, {"m.c", 3}});
  REQUIRE(r->has_chains);
  CHECK(names(f, r->call_chains.front()) == std::vector<std::string>{"m.main", "m.a", "m.b", "m.c"});
  auto none = query_callees(f.store(), {"m.lonely", 3}, scratch);
  REQUIRE(none.ok());
  CHECK(none->nodes.empty());
  CHECK(none->count.total_count == 0);
}

TEST_CASE("call names resolve by unique suffix; shared suffixes are ambiguous; unknown names suggest") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto suffix = query_callees(f.store(), {"x.run", 1}, scratch);
  REQUIRE(suffix.ok());
  CHECK(f.qn(suffix->target) == "m.x.run");
  auto ambiguous = query_callees(f.store(), {"run", 1}, scratch);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  CHECK(ambiguous.error().suggestions == std::vector<std::string>{"m.x.run", "m.y.run"});
  auto missing = query_callers(f.store(), {"m.lonley", 1, true}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  REQUIRE_FALSE(missing.error().suggestions.empty());
  CHECK(missing.error().suggestions.front() == "m.lonely");
}

TEST_CASE("call graph lists the entry first, edges once with call_type, and reports cycles") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto r = query_call_graph(f.store(), {"m.main", 5, 100}, scratch);
  REQUIRE(r.ok());
  REQUIRE_FALSE(r->nodes.empty());
  CHECK(r->nodes.front().node == f.id.at("m.main"));
  CHECK(r->nodes.front().depth == 0);
  CHECK(depths(f, r->nodes) ==
        std::map<std::string, int>{{"m.main", 0}, {"m.a", 1}, {"m.b", 2}, {"m.K", 2}, {"m.c", 3}});
  CHECK(names(f, {r->nodes[1].node, r->nodes[2].node, r->nodes[3].node}) ==
        std::vector<std::string>{"m.a", "m.K", "m.b"});  // breadth-first, neighbours by id
  CHECK(r->total_nodes == 5);
  CHECK_FALSE(r->truncated);
  std::vector<std::string> edges;
  for (const CallGraphEdge& e : r->edges) {
    edges.push_back(f.qn(e.from) + ">" + f.qn(e.to) + ":" + std::string(to_string(e.call_type)));
  }
  // main -> a is a parallel edge: listed once.
  // Classes have smaller ids than functions (ids are grouped by label).
  CHECK(edges == std::vector<std::string>{"m.main>m.a:direct", "m.a>m.K:constructor", "m.a>m.b:direct",
                                          "m.b>m.c:direct", "m.c>m.b:direct", "m.c>m.c:direct"});
  REQUIRE(r->cycles.size() == 2);
  std::set<std::vector<std::string>> cycles;
  for (const auto& cycle : r->cycles) cycles.insert(names(f, cycle));
  CHECK(cycles.count({"m.b", "m.c"}) == 1);
  CHECK(cycles.count({"m.c"}) == 1);  // recursion
  CHECK(r->unresolved_calls == 2);
}

TEST_CASE("call graph stops at max_depth and truncates at max_nodes with total_nodes") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto shallow = query_call_graph(f.store(), {"m.main", 1, 100}, scratch);
  REQUIRE(shallow.ok());
  CHECK(depths(f, shallow->nodes) == std::map<std::string, int>{{"m.main", 0}, {"m.a", 1}});
  CHECK(shallow->cycles.empty());
  auto cut = query_call_graph(f.store(), {"m.main", 5, 2}, scratch);
  REQUIRE(cut.ok());
  CHECK(cut->nodes.size() == 2);
  CHECK(cut->truncated);
  CHECK(cut->total_nodes == 5);
  REQUIRE(cut->edges.size() == 1);  // only edges between listed nodes
  CHECK(f.qn(cut->edges[0].to) == "m.a");
  auto alone = query_call_graph(f.store(), {"m.main", 5, 1}, scratch);
  REQUIRE(alone.ok());
  CHECK(alone->nodes.size() == 1);
  CHECK(alone->edges.empty());
}

TEST_CASE("call path finds a shortest chain, or none within max_depth") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto found = query_call_path(f.store(), {"m", "m.c", 10}, scratch);
  REQUIRE(found.ok());
  CHECK(names(f, found->path) == std::vector<std::string>{"m", "m.main", "m.a", "m.b", "m.c"});
  auto too_far = query_call_path(f.store(), {"m", "m.c", 3}, scratch);
  REQUIRE(too_far.ok());
  CHECK(too_far->path.empty());
  auto backwards = query_call_path(f.store(), {"m.c", "m.main", 10}, scratch);
  REQUIRE(backwards.ok());
  CHECK(backwards->path.empty());
  auto constructor = query_call_path(f.store(), {"m.main", "m.K", 10}, scratch);
  REQUIRE(constructor.ok());
  CHECK(names(f, constructor->path) == std::vector<std::string>{"m.main", "m.a", "m.K"});
}

TEST_CASE("callers truncate at 100 and count every caller") {
  GraphBuilder b;
  auto target = b.add_node(Label::Function, "hub.target", "target");
  REQUIRE(target.ok());
  for (int i = 0; i < 150; ++i) {
    auto caller = b.add_node(Label::Function, "hub.f" + std::to_string(i), "f" + std::to_string(i));
    REQUIRE(caller.ok());
    b.add_edge(RelType::Calls, *caller, *target);
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  TraversalScratch scratch;
  auto r = query_callers(built->store, {"hub.target", 1, true}, scratch);
  REQUIRE(r.ok());
  CHECK(r->nodes.size() == kMaxResults);
  CHECK(r->count.total_count == 150);
  CHECK(r->count.truncated);
}

TEST_CASE("run_query dispatches a checked request to its query") {
  const Fixture f = make_fixture();
  TraversalScratch scratch;
  auto request = make_request(query_spec(QueryKind::Callers), {{"function_name", std::string("m.a")}});
  REQUIRE(request.ok());
  auto answer = run_query(f.store(), *request, scratch);
  REQUIRE(answer.ok());
  CHECK(answer->kind == QueryKind::Callers);
  CHECK(std::get<CallReachResult>(answer->result).count.total_count == 2);
}
