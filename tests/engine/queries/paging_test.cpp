// Paging of the capped list answers: offset 0, 100, 200, ... lists every
// row exactly once, in one stable order, with counts that say what is left.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/queries/source_reader.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

// m.target has 250 direct callers m.f000 .. m.f249 (each calling it from
// line 10 + i), and m.target calls 250 callees m.g000 .. m.g249.
BuiltGraph wide_graph() {
  GraphBuilder b;
  const auto add = [&](Label label, const std::string& qn) {
    auto node = b.add_node(label, qn, qn.substr(qn.rfind('.') + 1));
    REQUIRE(node.ok());
    return *node;
  };
  add(Label::Module, "m");
  const BuildId target = add(Label::Function, "m.target");
  const auto call = [&](BuildId from, BuildId to, std::int32_t line) {
    const std::uint32_t edge = b.add_edge(RelType::Calls, from, to);
    b.set_edge_string(RelType::Calls, edge, 0, "direct");
    b.set_edge_int(RelType::Calls, edge, 1, line);
  };
  for (int i = 0; i < 250; ++i) {
    const std::string suffix = fmt::format("{:03}", i);
    call(add(Label::Function, "m.f" + suffix), target, 10 + i);
    call(target, add(Label::Function, "m.g" + suffix), 1000 + i);
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built).value();
}

}  // namespace

TEST_CASE("callers and callees page through 250 rows: none lost or repeated, counts and next page exact") {
  const BuiltGraph graph = wide_graph();
  TraversalScratch scratch;
  for (const bool callers : {true, false}) {
    CAPTURE(callers);
    std::vector<std::string> seen;
    std::set<std::int32_t> lines;
    for (const std::size_t offset : {std::size_t{0}, std::size_t{100}, std::size_t{200}, std::size_t{300}}) {
      const auto r = callers ? query_callers(graph.store, {"m.target", 1, true, true, offset}, scratch)
                             : query_callees(graph.store, {"m.target", 1, false, offset}, scratch);
      REQUIRE(r.ok());
      CHECK(r->count.total_count == 250);
      CHECK(r->count.offset == offset);
      const std::size_t expected = offset >= 250 ? 0 : std::min<std::size_t>(100, 250 - offset);
      CHECK(r->nodes.size() == expected);
      CHECK(r->call_sites.size() == expected);
      CHECK(r->count.truncated == (offset + expected < 250));
      for (std::size_t i = 0; i < r->nodes.size(); ++i) {
        seen.push_back(graph.store.qualified_name(r->nodes[i].node));
        REQUIRE(r->call_sites[i].lines.size() == 1);
        lines.insert(r->call_sites[i].lines.front());
      }
    }
    CHECK(seen.size() == 250);
    CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == 250);
    CHECK(lines.size() == 250);
    CHECK(*lines.begin() == (callers ? 10 : 1000));
  }
}

TEST_CASE("the offset parameter is declared once and taken by every capped list query") {
  for (const QueryKind kind : {QueryKind::Callers, QueryKind::Callees, QueryKind::Exports, QueryKind::Implementations,
                               QueryKind::Children, QueryKind::Importers, QueryKind::Outline, QueryKind::Complexity,
                               QueryKind::Impact, QueryKind::Cycles, QueryKind::Unresolved, QueryKind::Hierarchy,
                               QueryKind::Dependencies, QueryKind::Details, QueryKind::Source}) {
    const QuerySpec& spec = query_spec(kind);
    CAPTURE(spec.tool);
    const auto it = std::find_if(spec.params.begin(), spec.params.end(),
                                 [](const ParamSpec& p) { return p.name == "offset"; });
    REQUIRE(it != spec.params.end());
    CHECK(it->cli == "--offset");
    CHECK(it->type == ParamType::Integer);
    CHECK(it->min == 0);
    CHECK(it->default_integer == 0);
  }
  const auto request = make_request(query_spec(QueryKind::Callers), {{"function_name", std::string("m.target")},
                                                                    {"offset", std::int64_t{200}}});
  REQUIRE(request.ok());
  CHECK(std::get<CallersRequest>(*request).offset == 200);
  const auto negative = make_request(query_spec(QueryKind::Callers), {{"function_name", std::string("m.target")},
                                                                     {"offset", std::int64_t{-1}}});
  REQUIRE_FALSE(negative.ok());
}

namespace {

// Module w (file w.py) defines w.target at line 1 and w.f000 .. w.f249 at
// lines 2 .. 251, each calling w.target and of complexity i % 7 + 1.
BuiltGraph file_graph() {
  GraphBuilder b;
  const auto column = [](Label label, std::string_view name) { return *property_index(label, name); };
  const auto add = [&](Label label, const std::string& qn, int line) {
    auto node = b.add_node(label, qn, qn.substr(qn.rfind('.') + 1));
    REQUIRE(node.ok());
    b.set_string(*node, column(label, "file_path"), "w.py");
    b.set_int(*node, column(label, "line_start"), line);
    b.set_int(*node, column(label, "line_end"), label == Label::Module ? 300 : line);
    return *node;
  };
  const BuildId module = add(Label::Module, "w", 1);
  b.set_string(module, column(Label::Module, "path"), "w.py");
  const BuildId target = add(Label::Function, "w.target", 1);
  b.add_edge(RelType::Defines, module, target);
  for (int i = 0; i < 250; ++i) {
    const BuildId f = add(Label::Function, fmt::format("w.f{:03}", i), 2 + i);
    b.set_int(f, column(Label::Function, "complexity"), i % 7 + 1);
    b.add_edge(RelType::Defines, module, f);
    const std::uint32_t edge = b.add_edge(RelType::Calls, f, target);
    b.set_edge_string(RelType::Calls, edge, 0, "direct");
    b.set_edge_int(RelType::Calls, edge, 1, 2 + i);
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built).value();
}

// Pages at 0, 100, 200, 300 of a list of `total` rows: `page(offset)` gives
// one page's names and count; every row comes once, in the order of the
// whole list.
template <class Page>
std::vector<std::string> all_pages(std::size_t total, Page&& page) {
  std::vector<std::string> seen;
  for (const std::size_t offset : {std::size_t{0}, std::size_t{100}, std::size_t{200}, std::size_t{300}}) {
    CAPTURE(offset);
    const auto [names, count] = page(offset);
    const std::size_t expected = offset >= total ? 0 : std::min<std::size_t>(100, total - offset);
    CHECK(names.size() == expected);
    CHECK(count.total_count == total);
    CHECK(count.offset == offset);
    CHECK(count.truncated == (offset + expected < total));
    seen.insert(seen.end(), names.begin(), names.end());
  }
  CHECK(seen.size() == total);
  CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == total);
  return seen;
}

}  // namespace

TEST_CASE("outline, complexity and impact page through 250 rows in their own order") {
  const BuiltGraph graph = file_graph();
  const GraphStore& store = graph.store;
  TraversalScratch scratch;
  const auto outline = all_pages(251, [&](std::size_t offset) {
    const auto r = query_outline(store, {"w.py", "all", offset}, scratch);
    REQUIRE(r.ok());
    std::vector<std::string> names;
    for (const OutlineEntry& e : r->entries) names.push_back(store.qualified_name(e.node));
    return std::pair{names, r->count};
  });
  CHECK(outline.front() == "w.target");
  CHECK(outline[1] == "w.f000");
  CHECK(outline.back() == "w.f249");  // line order across pages

  const auto complexity = all_pages(251, [&](std::size_t offset) {
    const auto r = query_complexity(store, {"w", offset}, scratch);
    REQUIRE(r.ok());
    CHECK(r->functions == 251);  // the figures are over the whole file on every page
    CHECK(r->total_complexity == 995);  // 35 cycles of 1..7, then 1..5
    std::vector<std::string> names;
    for (const NodeId node : r->function_list) names.push_back(store.qualified_name(node));
    return std::pair{names, r->count};
  });
  CHECK(complexity[100] == "w.f099");

  const auto impact = all_pages(250, [&](std::size_t offset) {
    const auto r = query_impact(store, {"w.target", 1, offset}, scratch);
    REQUIRE(r.ok());
    std::vector<std::string> names;
    for (const ImpactFile& file : r->files) {
      CHECK(file.file_path == "w.py");
      for (const ImpactedNode& n : file.nodes) names.push_back(store.qualified_name(n.node));
    }
    return std::pair{names, r->count};
  });
  CHECK(std::is_sorted(impact.begin(), impact.end()));  // depth 1 by line: f000 .. f249
}

namespace {

// Class p.C inherits from p.B000 .. p.B119 and is the base of p.D000 ..
// p.D129: 250 rows, ancestors first, so the page at 100 holds the last 20
// ancestors and the first 80 descendants.
BuiltGraph lineage_graph() {
  GraphBuilder b;
  const auto add = [&](const std::string& qn) {
    auto node = b.add_node(Label::Class, qn, qn.substr(qn.rfind('.') + 1));
    REQUIRE(node.ok());
    return *node;
  };
  const BuildId c = add("p.C");
  for (int i = 0; i < 120; ++i) b.add_edge(RelType::Inherits, c, add(fmt::format("p.B{:03}", i)));
  for (int i = 0; i < 130; ++i) b.add_edge(RelType::Inherits, add(fmt::format("p.D{:03}", i)), c);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built).value();
}

// A file of 250 one-line definitions for query_source.
class WideFileReader final : public SourceReader {
 public:
  Result<std::string> read_file(std::string_view file_path) const override {
    if (file_path != "w.py") return make_error(ErrorCode::InvalidArgument, "no such file");
    std::string text;
    for (int line = 1; line <= 300; ++line) text += fmt::format("line {}\n", line);
    return text;
  }
};

}  // namespace

TEST_CASE("hierarchy, dependencies, details and source page through 250 rows, across their lists") {
  TraversalScratch scratch;
  const BuiltGraph lineage = lineage_graph();
  std::size_t ancestors = 0;
  const auto hierarchy = all_pages(250, [&](std::size_t offset) {
    const auto r = query_hierarchy(lineage.store, {"p.C", HierarchyDirection::Both, 10, offset}, scratch);
    REQUIRE(r.ok());
    CHECK(r->up_tree.size() == r->ancestors.size());
    CHECK(r->down_tree.size() == r->descendants.size());
    if (offset == 100) CHECK(r->ancestors.size() == 20);
    ancestors += r->ancestors.size();
    std::vector<std::string> names;
    for (const NodeAtDepth& n : r->ancestors) names.push_back(lineage.store.qualified_name(n.node));
    for (const NodeAtDepth& n : r->descendants) names.push_back(lineage.store.qualified_name(n.node));
    return std::pair{names, r->count};
  });
  CHECK(ancestors == 120);
  CHECK(hierarchy[119] == "p.B119");
  CHECK(hierarchy[120] == "p.D000");

  const BuiltGraph wide = wide_graph();
  const auto dependencies = all_pages(250, [&](std::size_t offset) {
    const auto r = query_dependencies(wide.store, {"m.target", DependencyType::All, false, offset}, scratch);
    REQUIRE(r.ok());
    CHECK(r->imports.empty());
    std::vector<std::string> names;
    for (const NodeAtDepth& n : r->calls) names.push_back(wide.store.qualified_name(n.node));
    return std::pair{names, r->count};
  });
  CHECK(dependencies.front() == "m.g000");

  const auto details = all_pages(250, [&](std::size_t offset) {
    const auto r = query_details(wide.store, {"m.target", false, 200, offset}, scratch, nullptr);
    REQUIRE(r.ok());
    std::vector<std::string> names;
    for (const CallInside& call : r->calls) names.push_back(fmt::format("{} {}", call.line, wide.store.qualified_name(call.callee)));
    return std::pair{names, r->count};
  });
  CHECK(details.front() == "1000 m.g000");
  CHECK(details.back() == "1249 m.g249");  // by line across pages

  const BuiltGraph file = file_graph();
  const WideFileReader reader;
  const auto source = all_pages(251, [&](std::size_t offset) {
    const auto r = query_source(file.store, {"w.py:1-300", 2000, offset}, scratch, &reader);
    REQUIRE(r.ok());
    CHECK(r->source.first == 1);  // the text is the whole range on every page
    std::vector<std::string> names;
    for (const OutlineEntry& e : r->definitions) names.push_back(file.store.qualified_name(e.node));
    return std::pair{names, r->count};
  });
  CHECK(source[1] == "w.f000");
}
