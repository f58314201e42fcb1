// The query catalog: every declared parameter is checked against its type,
// range and choices, defaults are filled in, and errors name the parameter.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "trellis/queries/query_catalog.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

Error refused(QueryKind kind, const Arguments& arguments) {
  auto request = make_request(query_spec(kind), arguments);
  REQUIRE_FALSE(request.ok());
  return request.error();
}

}  // namespace

TEST_CASE("catalog: every query has a unique tool and command name and a positional name argument") {
  std::set<std::string_view> tools;
  std::set<std::string_view> commands;
  for (const QuerySpec& spec : query_specs()) {
    CHECK(tools.insert(spec.tool).second);
    CHECK(find_query_by_tool(spec.tool) == &spec);
    CHECK_FALSE(spec.description.empty());
    CHECK_FALSE(spec.results.empty());
    REQUIRE_FALSE(spec.params.empty());
    if (!spec.cli_switch.empty()) {  // another spelling of the command before it: `search --vector FILE`
      CHECK(find_query_by_command(spec.command) == &spec - 1);
      CHECK(spec.params.front().cli == spec.cli_switch);
      CHECK(spec.params.front().required);
      continue;
    }
    CHECK(commands.insert(spec.command).second);
    CHECK(find_query_by_command(spec.command) == &spec);
    if (spec.kind == QueryKind::Cycles) {  // over the whole graph: no name
      CHECK(spec.params.front().cli == "--type");
      continue;
    }
    CHECK(spec.params.front().required);
    CHECK(spec.params.front().cli.empty());
  }
  CHECK(tools.count("query_callers") == 1);
  CHECK(tools.count("query_call_graph") == 1);
  CHECK(find_query_by_tool("query_nothing") == nullptr);
}

TEST_CASE("catalog: defaults follow CONTRACT.md") {
  auto callers = make_request(query_spec(QueryKind::Callers), {{"function_name", std::string("f")}});
  REQUIRE(callers.ok());
  const auto& c = std::get<CallersRequest>(*callers);
  CHECK(c.function_name == "f");
  CHECK(c.max_depth == 1);
  CHECK(c.include_paths);
  CHECK(c.dispatch);

  auto callees = make_request(query_spec(QueryKind::Callees), {{"function_name", std::string("f")}});
  REQUIRE(callees.ok());
  CHECK_FALSE(std::get<CalleesRequest>(*callees).dispatch);  // answers stay as they were unless asked

  auto hierarchy = make_request(query_spec(QueryKind::Hierarchy), {{"class_name", std::string("C")}});
  REQUIRE(hierarchy.ok());
  CHECK(std::get<HierarchyRequest>(*hierarchy).direction == HierarchyDirection::Both);
  CHECK(std::get<HierarchyRequest>(*hierarchy).max_depth == 10);

  auto graph = make_request(query_spec(QueryKind::CallGraph), {{"entry_point", std::string("main")}});
  REQUIRE(graph.ok());
  CHECK(std::get<CallGraphRequest>(*graph).max_depth == 3);
  CHECK(std::get<CallGraphRequest>(*graph).max_nodes == 50);
  CHECK_FALSE(std::get<CallGraphRequest>(*graph).dispatch);

  auto deps = make_request(query_spec(QueryKind::Dependencies), {{"target", std::string("m")}});
  REQUIRE(deps.ok());
  CHECK(std::get<DependenciesRequest>(*deps).dependency_type == DependencyType::All);
  CHECK_FALSE(std::get<DependenciesRequest>(*deps).include_transitive);

  auto exports = make_request(query_spec(QueryKind::Exports), {{"module_name", std::string("m")}});
  REQUIRE(exports.ok());
  CHECK_FALSE(std::get<ExportsRequest>(*exports).include_private);

  auto impls = make_request(query_spec(QueryKind::Implementations), {{"interface_name", std::string("I")}});
  REQUIRE(impls.ok());
  CHECK_FALSE(std::get<ImplementationsRequest>(*impls).include_indirect);
}

TEST_CASE("catalog: given values reach the typed request") {
  auto request = make_request(query_spec(QueryKind::Hierarchy), {{"class_name", std::string("C")},
                                                                  {"direction", std::string("up")},
                                                                  {"max_depth", std::int64_t{4}}});
  REQUIRE(request.ok());
  CHECK(std::get<HierarchyRequest>(*request).direction == HierarchyDirection::Up);
  CHECK(std::get<HierarchyRequest>(*request).max_depth == 4);
  auto path = make_request(query_spec(QueryKind::CallPath),
                           {{"from_function", std::string("a")}, {"to_function", std::string("b")}});
  REQUIRE(path.ok());
  CHECK(std::get<CallPathRequest>(*path).from_function == "a");
  CHECK(std::get<CallPathRequest>(*path).to_function == "b");
  CHECK(std::get<CallPathRequest>(*path).max_depth == 10);
  auto callees = make_request(query_spec(QueryKind::Callees), {{"function_name", std::string("f")}, {"dispatch", true}});
  REQUIRE(callees.ok());
  CHECK(std::get<CalleesRequest>(*callees).dispatch);
  auto graph = make_request(query_spec(QueryKind::CallGraph), {{"entry_point", std::string("m")},
                                                               {"max_nodes", std::int64_t{7}},
                                                               {"dispatch", true}});
  REQUIRE(graph.ok());
  CHECK(std::get<CallGraphRequest>(*graph).max_nodes == 7);
  CHECK(std::get<CallGraphRequest>(*graph).dispatch);
}

TEST_CASE("catalog: ranges are inclusive and checked") {
  for (const std::int64_t depth : {1, 5}) {
    CHECK(make_request(query_spec(QueryKind::Callers), {{"function_name", std::string("f")}, {"max_depth", depth}}).ok());
  }
  for (const std::int64_t depth : {0, 6, -1}) {
    const Error error =
        refused(QueryKind::Callers, {{"function_name", std::string("f")}, {"max_depth", depth}});
    CHECK(error.code == ErrorCode::InvalidArgument);
    CHECK(error.message.find("max_depth") != std::string::npos);
    CHECK(error.message.find("1 to 5") != std::string::npos);
  }
  CHECK(refused(QueryKind::CallGraph, {{"entry_point", std::string("m")}, {"max_nodes", std::int64_t{101}}}).code ==
        ErrorCode::InvalidArgument);
  CHECK(refused(QueryKind::CallGraph, {{"entry_point", std::string("m")}, {"max_nodes", std::int64_t{0}}}).code ==
        ErrorCode::InvalidArgument);
  CHECK(make_request(query_spec(QueryKind::CallGraph), {{"entry_point", std::string("m")}, {"max_nodes", std::int64_t{100}}}).ok());
  CHECK(refused(QueryKind::Hierarchy, {{"class_name", std::string("C")}, {"max_depth", std::int64_t{11}}}).code ==
        ErrorCode::InvalidArgument);
}

TEST_CASE("catalog: wrong types, unknown choices, unknown and missing parameters are refused") {
  const Error choice = refused(QueryKind::Hierarchy, {{"class_name", std::string("C")}, {"direction", std::string("sideways")}});
  CHECK(choice.message.find("up, down, both") != std::string::npos);
  CHECK(choice.message.find("sideways") != std::string::npos);
  const Error type = refused(QueryKind::Callers, {{"function_name", std::string("f")}, {"max_depth", std::string("3")}});
  CHECK(type.message.find("integer") != std::string::npos);
  const Error flag = refused(QueryKind::Exports, {{"module_name", std::string("m")}, {"include_private", std::int64_t{1}}});
  CHECK(flag.message.find("true or false") != std::string::npos);
  const Error unknown = refused(QueryKind::Callers, {{"function_name", std::string("f")}, {"depth", std::int64_t{2}}});
  CHECK(unknown.message.find("'depth'") != std::string::npos);
  CHECK(unknown.message.find("max_depth") != std::string::npos);
  const Error missing = refused(QueryKind::Callers, {});
  CHECK(missing.message.find("function_name") != std::string::npos);
  const Error empty = refused(QueryKind::Callers, {{"function_name", std::string("  ")}});
  CHECK(empty.message.find("empty") != std::string::npos);
  const Error name_type = refused(QueryKind::Callers, {{"function_name", true}});
  CHECK(name_type.code == ErrorCode::InvalidArgument);
}
