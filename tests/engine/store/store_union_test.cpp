// Several projects' stores joined into one graph (store_union.hpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "store/store_check.hpp"
#include "trellis/search/search_index.hpp"
#include "trellis/store/store_union.hpp"

using namespace trellis;

namespace {

BuildId must_add(Result<BuildId> r) {
  REQUIRE(r.ok());
  return *r;
}

// One project as ingest writes it: a Project CONTAINS a module and its
// function, which calls into itself, imports `os`, has a body hash, an
// unresolved call and full-text words.
GraphStore project_store(std::string_view word) {
  GraphBuilder b;
  const BuildId project = must_add(b.add_node(Label::Project, "tree", "tree"));
  b.set_string(project, *property_index(Label::Project, "path"), "/src/tree");
  const BuildId module = must_add(b.add_node(Label::Module, "util.log", "log"));
  b.set_string(module, *property_index(Label::Module, "path"), "util/log.py");
  b.set_string(module, *property_index(Label::Module, "file_path"), "util/log.py");
  const BuildId fn = must_add(b.add_node(Label::Function, "util.log.log", "log"));
  b.set_string(fn, *property_index(Label::Function, "file_path"), "util/log.py");
  b.set_int(fn, *property_index(Label::Function, "line_start"), 3);
  b.set_bool(fn, *property_index(Label::Function, "is_async"), true);
  b.add_list_item(fn, *property_index(Label::Function, "decorators"), "cache");
  b.set_body_hash(fn, 77);
  const BuildId os = must_add(b.add_node(Label::ExternalPackage, "os", "os"));
  b.add_edge(RelType::Contains, project, module);
  b.add_edge(RelType::Contains, project, fn);
  b.add_edge(RelType::Defines, module, fn);
  b.add_edge(RelType::Imports, module, os);
  const auto call = b.add_edge(RelType::Calls, fn, fn);
  b.set_edge_string(RelType::Calls, call, *property_index(RelType::Calls, "call_type"), "direct");
  b.set_edge_int(RelType::Calls, call, *property_index(RelType::Calls, "line"), 5);
  b.add_unresolved_call(fn, "x.y()", 6, UnresolvedReason::UnknownReceiver);
  b.add_search_term(fn, b.intern_search_word(word), search::SearchField::Doc, 2);
  b.add_search_term(fn, b.intern_search_word("log"), search::SearchField::Name);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

std::string text_of(const GraphStore& g, NodeId node, std::string_view property) {
  const PropertyValue value = g.property(node, property);
  const auto* text = std::get_if<std::string_view>(&value);
  return text != nullptr ? std::string(*text) : std::string();
}

}  // namespace

TEST_CASE("union of project stores: names under their project, edges and properties kept, packages outside shared") {
  const GraphStore api = project_store("apiword");
  const GraphStore web = project_store("webword");
  const std::vector<ProjectStore> projects = {{&api, "api", "/src/api"}, {&web, "web", "/src/web"}};
  auto joined = union_stores(projects);
  REQUIRE(joined.ok());
  const GraphStore& g = joined->store;
  CHECK_FALSE(find_inconsistency(g.parts()));
  CHECK(g.node_count(Label::Project) == 2);
  CHECK(g.node_count(Label::ExternalPackage) == 1);
  CHECK(g.node_count(Label::Function) == 2);
  CHECK(g.edge_count(RelType::Calls) == 2);
  CHECK(g.edge_count(RelType::Imports) == 2);
  CHECK(g.edge_count(RelType::Contains) == 4);

  for (const std::string project : {"api", "web"}) {
    const auto fn = g.find(Label::Function, project + ".util.log.log");
    REQUIRE(fn);
    CHECK(text_of(g, *fn, "file_path") == project + "/util/log.py");
    CHECK(std::get<std::int64_t>(g.property(*fn, "line_start")) == 3);
    CHECK(std::get<bool>(g.property(*fn, "is_async")));
    CHECK(std::get<std::vector<std::string_view>>(g.property(*fn, "decorators")) ==
          std::vector<std::string_view>{"cache"});
    CHECK(g.parts().body_hashes[*fn] == 77);
    const auto unresolved = g.unresolved_calls(*fn);
    REQUIRE(unresolved.size() == 1);
    CHECK(unresolved[0].text == "x.y()");
    CHECK(unresolved[0].reason == UnresolvedReason::UnknownReceiver);
    // The call stays inside the project, with its properties.
    REQUIRE(g.out(RelType::Calls, *fn).size() == 1);
    CHECK(g.out(RelType::Calls, *fn)[0] == *fn);
    const EdgePos edge = g.out_edge_position(RelType::Calls, *fn, 0);
    CHECK(std::get<std::int64_t>(g.edge_property(RelType::Calls, edge, *property_index(RelType::Calls, "line"))) == 5);
    // Its Project is the new one, named by the project, with the given path.
    const auto owners = g.in(RelType::Contains, *fn);
    REQUIRE(owners.size() == 1);
    CHECK(g.label(owners[0]) == Label::Project);
    CHECK(g.qualified_name(owners[0]) == project);
    CHECK(text_of(g, owners[0], "path") == "/src/" + project);
    const auto module = g.find(Label::Module, project + ".util.log");
    REQUIRE(module);
    CHECK(text_of(g, *module, "path") == project + "/util/log.py");
  }
  CHECK_FALSE(g.find(Label::Function, "util.log.log"));
  CHECK(g.find_all("util.log.log").empty());

  // Full text: each project's words on its own node, and the project's name in the path field.
  const search::SearchIndex index(g.parts());
  const auto postings = [&](std::string_view word) {
    std::vector<std::string> names;
    if (const auto t = index.find(word)) {
      for (const NodeId node : index.nodes(*t)) names.push_back(g.qualified_name(node));
    }
    return names;
  };
  CHECK(postings("apiword") == std::vector<std::string>{"api.util.log.log"});
  CHECK(postings("webword") == std::vector<std::string>{"web.util.log.log"});
  CHECK(postings("web") == std::vector<std::string>{"web.util.log.log"});
  CHECK(postings("log").size() == 2);
  const auto t = index.find("apiword");
  REQUIRE(t);
  CHECK(search::field_count(index.counts(*t)[0], search::SearchField::Doc) == 2);
}

TEST_CASE("union of project stores: bad or repeated project names are refused") {
  const GraphStore one = project_store("w");
  for (const std::string_view name : {"", "a.b", "a/b", "a b"}) {
    const std::vector<ProjectStore> projects = {{&one, std::string(name), "/x"}};
    auto refused = union_stores(projects);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::InvalidArgument);
  }
  const std::vector<ProjectStore> twice = {{&one, "api", "/x"}, {&one, "api", "/y"}};
  auto refused = union_stores(twice);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("two projects are named 'api'") != std::string::npos);
  CHECK(is_project_name("my-api_2"));
}
