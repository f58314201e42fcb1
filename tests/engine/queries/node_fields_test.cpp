// Lean answers: the `fields` parameter every query declares once, what it
// accepts, and which properties a node then carries; and the cycles query
// the catalog now declares like every other.
#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::queries;

TEST_CASE("fields: the choices are 'all' and every property outside the lean set, in schema order") {
  const std::vector<std::string_view> choices(node_field_choices().begin(), node_field_choices().end());
  CHECK(choices == std::vector<std::string_view>{"all", "path", "byte_start", "byte_end", "language", "extension",
                                                  "all_names", "has_all", "reexported_names", "reexported_from",
                                                  "decorators", "docstring", "base_classes",
                                                  "is_abstract", "is_async", "complexity", "class_name"});
}

namespace {

bool holds_nodes(std::span<const ResultField> fields) {
  return std::any_of(fields.begin(), fields.end(),
                     [](const ResultField& f) { return f.shape == Shape::Node || holds_nodes(f.members); });
}

}  // namespace

TEST_CASE("fields: every query whose answer holds nodes declares it once, last, as the same list of choices") {
  for (const QuerySpec& spec : query_specs()) {
    CAPTURE(spec.tool);
    int count = 0;
    for (const ParamSpec& p : spec.params) count += p.name == "fields" ? 1 : 0;
    CHECK(count == (holds_nodes(spec.results) ? 1 : 0));
    if (count == 0) {
      CHECK(spec.kind == QueryKind::Cycles);  // cycles name their nodes
      continue;
    }
    const ParamSpec& fields = spec.params.back();
    CHECK(fields.name == "fields");
    CHECK(fields.cli == "--fields");
    CHECK(fields.type == ParamType::ChoiceList);
    CHECK_FALSE(fields.required);
    CHECK(fields.choices.data() == node_field_choices().data());
  }
}

TEST_CASE("fields: a comma-separated string or an array; unknown names refused; none means lean") {
  const QuerySpec& spec = query_spec(QueryKind::Callers);
  const auto fields_of = [&](ArgumentValue value) {
    auto checked = CheckedArguments::check(spec.tool, spec.params, {{"function_name", std::string("f")},
                                                                     {"fields", std::move(value)}});
    REQUIRE(checked.ok());
    return requested_fields(*checked);
  };
  const NodeFields joined = fields_of(std::string("docstring, decorators,docstring"));
  CHECK_FALSE(joined.all);
  CHECK(joined.extra == std::vector<std::string>{"docstring", "decorators"});
  const NodeFields listed = fields_of(std::vector<std::string>{"complexity"});
  CHECK(listed.extra == std::vector<std::string>{"complexity"});
  CHECK(fields_of(std::string("all")).all);

  auto lean = CheckedArguments::check(spec.tool, spec.params, {{"function_name", std::string("f")}});
  REQUIRE(lean.ok());
  const NodeFields none = requested_fields(*lean);
  CHECK_FALSE(none.all);
  CHECK(none.extra.empty());
  CHECK(none.includes(Label::Function, "file_path"));
  CHECK(none.includes(Label::Method, "line_end"));
  CHECK(none.includes(Label::Package, "path"));  // a Package's place
  CHECK_FALSE(none.includes(Label::Module, "path"));  // a Module has file_path
  CHECK_FALSE(none.includes(Label::Function, "docstring"));
  CHECK_FALSE(none.includes(Label::Function, "byte_start"));
  CHECK(listed.includes(Label::Function, "complexity"));
  CHECK_FALSE(listed.includes(Label::Function, "docstring"));

  for (const ArgumentValue& bad : {ArgumentValue{std::string("docstrings")}, ArgumentValue{std::string("docstring,")},
                                   ArgumentValue{std::int64_t{3}}}) {
    auto made = make_request(spec, {{"function_name", std::string("f")}, {"fields", bad}});
    REQUIRE_FALSE(made.ok());
    CHECK(made.error().code == ErrorCode::InvalidArgument);
    CHECK(made.error().message.find("'fields'") != std::string::npos);
  }
  auto unknown = make_request(spec, {{"function_name", std::string("f")}, {"fields", std::string("docstrings")}});
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().message.find("got 'docstrings'") != std::string::npos);
}

TEST_CASE("cycles: largest first, each by id, paged with counts; a DAG has none") {
  GraphBuilder b;
  const auto add = [&](const std::string& qn) {
    auto node = b.add_node(Label::Function, qn, qn.substr(qn.rfind('.') + 1));
    REQUIRE(node.ok());
    return *node;
  };
  REQUIRE(b.add_node(Label::Module, "m", "m").ok());
  const BuildId self = add("m.self");
  const BuildId a = add("m.a");
  const BuildId b1 = add("m.b");
  const BuildId c = add("m.c");
  const BuildId d = add("m.d");
  const auto call = [&](BuildId from, BuildId to) {
    const std::uint32_t edge = b.add_edge(RelType::Calls, from, to);
    b.set_edge_string(RelType::Calls, edge, 0, "direct");
    b.set_edge_int(RelType::Calls, edge, 1, 1);
  };
  call(self, self);
  call(a, b1);
  call(b1, c);
  call(c, a);
  call(c, d);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  TraversalScratch scratch;

  const auto names = [&](const std::vector<NodeId>& cycle) {
    std::vector<std::string> out;
    for (const NodeId node : cycle) out.push_back(store.qualified_name(node));
    return out;
  };
  auto all = make_request(query_spec(QueryKind::Cycles), Arguments{});
  REQUIRE(all.ok());
  CHECK(std::get<CyclesRequest>(*all).type == RelType::Calls);
  const auto r = query_cycles(store, std::get<CyclesRequest>(*all), scratch);
  REQUIRE(r.ok());
  REQUIRE(r->cycles.size() == 2);
  CHECK(names(r->cycles[0]) == std::vector<std::string>{"m.a", "m.b", "m.c"});
  CHECK(names(r->cycles[1]) == std::vector<std::string>{"m.self"});
  CHECK(r->count.total_count == 2);
  CHECK_FALSE(r->count.truncated);

  const auto second = query_cycles(store, {RelType::Calls, 1}, scratch);
  REQUIRE(second.ok());
  REQUIRE(second->cycles.size() == 1);
  CHECK(names(second->cycles[0]) == std::vector<std::string>{"m.self"});
  CHECK(second->count.offset == 1);
  CHECK(second->count.total_count == 2);

  auto imports = make_request(query_spec(QueryKind::Cycles), {{"relationship_type", std::string("IMPORTS")}});
  REQUIRE(imports.ok());
  const auto none = query_cycles(store, std::get<CyclesRequest>(*imports), scratch);
  REQUIRE(none.ok());
  CHECK(none->cycles.empty());
  CHECK(none->count.total_count == 0);
  CHECK_FALSE(make_request(query_spec(QueryKind::Cycles), {{"relationship_type", std::string("CONTAINS")}}).ok());
}
