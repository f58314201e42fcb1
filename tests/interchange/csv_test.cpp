#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "interchange/graph_dump.hpp"
#include "trellis/interchange/csv_columns.hpp"
#include "trellis/interchange/csv_export.hpp"
#include "trellis/interchange/csv_import.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using trellis::testing::dump_graph;

namespace {

BuildId must(Result<BuildId> r) {
  REQUIRE(r.ok());
  return *r;
}

GraphStore must(Result<GraphStore> r) {
  if (!r.ok()) FAIL(r.error().message);
  return std::move(r).value();
}

// A graph with every label, every property type, every relationship type,
// CALLS properties, parallel edges, a self loop, and strings that need
// quoting (commas, quotes, CR, LF, tabs, backslashes, JSON-hostile text,
// non-ASCII UTF-8). Nodes are added out of label order on purpose.
GraphStore hostile_graph() {
  GraphBuilder b;
  auto prop = [&](BuildId n, std::string_view name) { return *property_index(b.label(n), name); };
  auto code = [&](BuildId n, std::string_view file, std::int32_t first, std::int32_t last) {
    b.set_string(n, prop(n, "file_path"), file);
    b.set_int(n, prop(n, "line_start"), first);
    b.set_int(n, prop(n, "line_end"), last);
    b.set_int(n, prop(n, "byte_start"), first * 10);
    b.set_int(n, prop(n, "byte_end"), last * 10);
    b.set_string(n, prop(n, "language"), "python");
  };

  const BuildId save = must(b.add_node(Label::Method, "shop.models.User.save", "save"));
  code(save, "shop/models.py", 12, 14);
  b.set_string(save, prop(save, "class_name"), "User");
  b.set_bool(save, prop(save, "is_async"), false);
  b.add_list_item(save, prop(save, "decorators"), "property");
  b.set_string(save, prop(save, "docstring"),
               "Saves, \"really\".\r\nSecond line\n\ttabbed \\ backslash");

  const BuildId project = must(b.add_node(Label::Project, "shop", "shop"));
  b.set_string(project, prop(project, "path"), "/home/ann/my \"shop\", v2");
  const BuildId package = must(b.add_node(Label::Package, "shop", "shop"));
  b.set_string(package, prop(package, "path"), "shop");
  const BuildId services = must(b.add_node(Label::Package, "shop.services", "services"));
  b.set_string(services, prop(services, "path"), "shop/services");
  const BuildId hashlib = must(b.add_node(Label::ExternalPackage, "hashlib", "hashlib"));

  const BuildId models = must(b.add_node(Label::Module, "shop.models", "models"));
  code(models, "shop/models.py", 1, 40);
  b.set_string(models, prop(models, "path"), "shop/models.py");
  b.set_string(models, prop(models, "extension"), ".py");
  b.set_bool(models, prop(models, "has_all"), true);
  b.add_list_item(models, prop(models, "all_names"), "User");
  b.add_list_item(models, prop(models, "all_names"), "make_user");
  const BuildId services_init = must(b.add_node(Label::Module, "shop.services", "services"));
  code(services_init, "shop/services/__init__.py", 1, 1);
  b.set_string(services_init, prop(services_init, "path"), "shop/services/__init__.py");
  b.set_string(services_init, prop(services_init, "extension"), ".py");

  const BuildId saveable = must(b.add_node(Label::Interface, "shop.models.Saveable", "Saveable"));
  code(saveable, "shop/models.py", 3, 5);
  b.add_list_item(saveable, prop(saveable, "decorators"), "runtime_checkable");
  b.set_string(saveable, prop(saveable, "docstring"), "Ünïcödé → 世界 🚀");

  const BuildId base = must(b.add_node(Label::Class, "shop.models.Base", "Base"));
  code(base, "shop/models.py", 6, 9);
  b.add_list_item(base, prop(base, "base_classes"), "ABC");
  b.add_list_item(base, prop(base, "decorators"), "dataclass(frozen=True, order=\"x,y\")");
  b.add_list_item(base, prop(base, "decorators"), "");
  b.add_list_item(base, prop(base, "decorators"), "ctl\x01\x1f \\n [\"]");
  b.set_bool(base, prop(base, "is_abstract"), true);
  const BuildId user = must(b.add_node(Label::Class, "shop.models.User", "User"));
  code(user, "shop/models.py", 10, 20);
  b.add_list_item(user, prop(user, "base_classes"), "Base");
  b.add_list_item(user, prop(user, "base_classes"), "Mixin");
  b.set_bool(user, prop(user, "is_abstract"), false);

  const BuildId make_user = must(b.add_node(Label::Function, "shop.models.make_user", "make_user"));
  code(make_user, "shop/models.py", 22, 30);
  b.set_bool(make_user, prop(make_user, "is_async"), true);
  b.set_string(make_user, prop(make_user, "docstring"), "\"\"\"triple\"\"\"\n\n");
  const BuildId inner = must(b.add_node(Label::Function, "shop.models.make_user.inner", "inner"));
  code(inner, "shop/models.py", 24, 25);
  const BuildId odd =
      must(b.add_node(Label::Function, "shop.models.\"odd, name\"", "\"odd, name\""));

  for (const BuildId n : {package, services, models, services_init, saveable, base, user, make_user,
                          inner, save, odd}) {
    b.add_edge(RelType::Contains, project, n);
  }
  b.add_edge(RelType::Contains, package, services);
  b.add_edge(RelType::Contains, package, models);
  b.add_edge(RelType::Contains, services, services_init);
  for (const BuildId n : {saveable, base, user, make_user, odd})
    b.add_edge(RelType::Defines, models, n);
  b.add_edge(RelType::Defines, user, save);
  b.add_edge(RelType::Defines, make_user, inner);
  b.add_edge(RelType::Inherits, user, base);
  b.add_edge(RelType::Implements, base, saveable);
  b.add_edge(RelType::Imports, services_init, models);
  b.add_edge(RelType::Imports, models, hashlib);
  b.add_edge(RelType::Imports, models, hashlib);  // imported twice

  const std::size_t call_type = *property_index(RelType::Calls, "call_type");
  const std::size_t line = *property_index(RelType::Calls, "line");
  auto call = [&](BuildId from, BuildId to, std::string_view type, std::int32_t at) {
    const auto edge = b.add_edge(RelType::Calls, from, to);
    b.set_edge_string(RelType::Calls, edge, call_type, type);
    b.set_edge_int(RelType::Calls, edge, line, at);
  };
  call(make_user, user, "constructor", 23);
  call(make_user, save, "method", 28);
  call(make_user, save, "method", 26);       // parallel edge, added after a later line
  call(make_user, make_user, "direct", 29);  // recursion
  call(models, make_user, "direct", 40);
  b.add_edge(RelType::Calls, inner, odd);  // a call without properties

  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

std::filesystem::path fresh_directory(std::string_view name) {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   fmt::format("trellis_csv_test_{}_{}_{}", ::getpid(), name, counter++);
  std::filesystem::remove_all(dir);
  return dir;
}

// Splits a CSV after its header line (no quoted line breaks in the header).
std::pair<std::string, std::string> split_header(const std::string& csv) {
  const auto end = csv.find('\n') + 1;
  return {csv.substr(0, end), csv.substr(end)};
}

constexpr std::string_view kNodes =
    "id,label,qualified_name,name,file_path,line_start,line_end\n"
    "0,Project,shop,shop,,,\n"
    "1,Module,shop.app,app,shop/app.py,1,20\n"
    "2,Function,shop.app.main,main,shop/app.py,3,9\n";
constexpr std::string_view kEdges = "src,dst,type\n0,1,CONTAINS\n1,2,DEFINES\n";

}  // namespace

TEST_CASE("the column list names every schema property once, with the schema's type") {
  for (const LabelDef& def : all_labels()) {
    for (const PropertyDef& prop : def.properties) {
      const auto columns = node_property_columns();
      const auto found = std::count_if(columns.begin(), columns.end(),
                                       [&](const CsvColumn& c) { return c.name == prop.name; });
      CHECK_MESSAGE(found == 1, def.name, ".", prop.name);
    }
  }
  for (const CsvColumn& column : node_property_columns()) {
    bool used = false;
    for (const LabelDef& def : all_labels()) {
      if (const auto index = property_index(def.label, column.name)) {
        used = true;
        CHECK(def.properties[*index].type == column.type);
      }
    }
    CHECK_MESSAGE(used, column.name);
  }
  for (const RelTypeDef& def : all_rel_types()) {
    for (const PropertyDef& prop : def.properties) {
      const auto columns = edge_property_columns();
      CHECK(std::count_if(columns.begin(), columns.end(), [&](const CsvColumn& c) {
              return c.name == prop.name && c.type == prop.type;
            }) == 1);
    }
  }
  for (const CsvColumn& column : edge_property_columns()) {
    CHECK(std::any_of(all_rel_types().begin(), all_rel_types().end(), [&](const RelTypeDef& def) {
      return property_index(def.type, column.name).has_value();
    }));
  }
}

TEST_CASE("export then import gives back every node, property, edge and edge property") {
  const GraphStore original = hostile_graph();
  const CsvTables tables = export_csv_text(original);
  const GraphStore imported = must(import_csv_text(tables.nodes, tables.edges));
  CHECK(imported.node_count() == original.node_count());
  CHECK(imported.edge_count() == original.edge_count());
  CHECK(dump_graph(imported) == dump_graph(original));

  SUBCASE("and exporting the import again is byte-identical") {
    const CsvTables again = export_csv_text(imported);
    CHECK(again.nodes == tables.nodes);
    CHECK(again.edges == tables.edges);
  }
  SUBCASE("exporting twice is byte-identical") {
    const CsvTables twice = export_csv_text(original);
    CHECK(twice.nodes == tables.nodes);
    CHECK(twice.edges == tables.edges);
  }
}

TEST_CASE(
    "export writes the contract's header, lists as JSON, booleans as true/false, nulls as empty") {
  const CsvTables tables = export_csv_text(hostile_graph());
  CHECK(tables.nodes.starts_with(
      "id,label,qualified_name,name,file_path,line_start,line_end,byte_start,byte_end,language,"
      "path,"
      "extension,base_classes,decorators,docstring,class_name,is_abstract,is_async,all_names,"
      "has_all,complexity,reexported_names,reexported_from\n"
      "0,Project,shop,shop,,,,,,,\"/home/ann/my \"\"shop\"\", v2\",,,,,,,,,,,,\n"));
  CHECK(tables.nodes.find(",\"[\"\"Base\"\",\"\"Mixin\"\"]\",,,,false,,,,,,\n") != std::string::npos);
  CHECK(tables.edges.starts_with("src,dst,type,call_type,line\n0,1,CONTAINS,,\n"));
  CHECK(tables.edges.find(",CALLS,constructor,23\n") != std::string::npos);
}

TEST_CASE("export order: nodes by id, edges by type, source and forward position") {
  const GraphStore g = hostile_graph();
  const CsvTables tables = export_csv_text(g);
  const auto [header, rows] = split_header(tables.edges);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < rows.size();) {
    const auto end = rows.find('\n', start);
    lines.push_back(rows.substr(start, end - start));
    start = end + 1;
  }
  CHECK(lines.size() == g.edge_count());
  const NodeId make_user = *g.find(Label::Function, "shop.models.make_user");
  const NodeId save = *g.find(Label::Method, "shop.models.User.save");
  // Parallel edges keep their insertion order (line 28 before line 26).
  const std::string first = fmt::format("{},{},CALLS,method,28", make_user, save);
  const std::string second = fmt::format("{},{},CALLS,method,26", make_user, save);
  const auto a = std::find(lines.begin(), lines.end(), first);
  const auto b = std::find(lines.begin(), lines.end(), second);
  REQUIRE(a != lines.end());
  CHECK(b == a + 1);
}

TEST_CASE("export_csv and import_csv go through a folder") {
  const GraphStore original = hostile_graph();
  const auto dir = fresh_directory("folder") / "nested";
  REQUIRE(export_csv(original, dir).ok());
  CHECK(std::filesystem::exists(dir / "nodes.csv"));
  CHECK(std::filesystem::exists(dir / "edges.csv"));
  const GraphStore imported = must(import_csv(dir));
  CHECK(dump_graph(imported) == dump_graph(original));
  std::filesystem::remove_all(dir.parent_path());
}

TEST_CASE("import_csv names a missing file") {
  const auto dir = fresh_directory("missing");
  std::filesystem::create_directories(dir);
  auto result = import_csv(dir);
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().code == ErrorCode::InvalidArgument);
  CHECK(result.error().message.find((dir / "nodes.csv").string()) != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("node rows may come in any id order; the store follows the ids") {
  const GraphStore original = hostile_graph();
  const CsvTables tables = export_csv_text(original);
  // No node field of this graph holds a line break except the docstring of
  // shop.models.User.save, so reverse whole records by splitting on "\n<digit>".
  const auto [header, rows] = split_header(tables.nodes);
  std::vector<std::string> records;
  std::size_t start = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i - 1] == '\n' && std::isdigit(static_cast<unsigned char>(rows[i]))) {
      records.push_back(rows.substr(start, i - start));
      start = i;
    }
  }
  records.push_back(rows.substr(start));
  std::reverse(records.begin(), records.end());
  std::string shuffled = header;
  for (const auto& record : records) shuffled += record;
  REQUIRE(shuffled != tables.nodes);
  const GraphStore imported = must(import_csv_text(shuffled, tables.edges));
  CHECK(dump_graph(imported) == dump_graph(original));
}

TEST_CASE("import accepts CRLF, a BOM, blank lines, quoted fields and no final line break") {
  const std::string nodes =
      "\xEF\xBB\xBFid,label,qualified_name,name,file_path,line_start,line_end\r\n"
      "0,Project,shop,shop,,,\r\n"
      "\r\n"
      "\"1\",\"Module\",\"shop.app\",\"app\",\"shop/app.py\",\"1\",\"20\"\r\n"
      "2,Function,shop.app.main,\"ma\"\"in\",\"shop/a,pp.py\",3,9";
  const std::string edges = "\xEF\xBB\xBFsrc,dst,type\r\n0,1,CONTAINS\r\n1,2,DEFINES";
  const GraphStore g = must(import_csv_text(nodes, edges));
  REQUIRE(g.node_count() == 3);
  CHECK(g.edge_count() == 2);
  const NodeId main = *g.find(Label::Function, "shop.app.main");
  CHECK(g.name(main) == "ma\"in");
  CHECK(std::get<std::string_view>(g.property(main, "file_path")) == "shop/a,pp.py");
  CHECK(std::get<std::int64_t>(g.property(main, "line_end")) == 9);
  CHECK(g.qualified_name(*g.find(Label::Module, "shop.app")) == "shop.app");
}

TEST_CASE("import finds columns by name and ignores unknown ones") {
  const std::string nodes =
      "line_end,name,colour,qualified_name,label,id,is_async,line_start,file_path,decorators\n"
      "20,app,red,shop.app,Module,1,,1,shop/app.py,\n"
      ",shop,blue,shop,Project,0,,,,\n"
      "9,main,green,shop.app.main,Function,2,true,3,shop/app.py,\"[\"\"cached\"\"]\"\n";
  const std::string edges = "weight,type,dst,src\n0.5,DEFINES,2,1\n,CONTAINS,1,0\n";
  const GraphStore g = must(import_csv_text(nodes, edges));
  CHECK(g.node_count() == 3);
  const NodeId main = *g.find(Label::Function, "shop.app.main");
  CHECK(std::get<bool>(g.property(main, "is_async")) == true);
  CHECK(std::get<std::vector<std::string_view>>(g.property(main, "decorators")) ==
        std::vector<std::string_view>{"cached"});
  CHECK(g.out(RelType::Defines, *g.find(Label::Module, "shop.app")).size() == 1);
}

TEST_CASE("import takes a Package and its __init__ Module with one qualified name") {
  const std::string nodes = std::string(kNodes) + "3,Package,shop.app,app,,,\n";
  const GraphStore g = must(import_csv_text(nodes, kEdges));
  CHECK(g.find_all("shop.app").size() == 2);
}

TEST_CASE("a header-only file is an empty table") {
  const GraphStore g = must(import_csv_text(
      "id,label,qualified_name,name,file_path,line_start,line_end\n", "src,dst,type\n"));
  CHECK(g.node_count() == 0);
  CHECK(g.edge_count() == 0);
}

TEST_CASE("a property the row's label does not have is ignored; edge properties only on CALLS") {
  const std::string nodes =
      "id,label,qualified_name,name,file_path,line_start,line_end,is_async\n"
      "0,Project,shop,shop,shop.py,1,2,true\n";
  const std::string edges = "src,dst,type,call_type,line\n0,0,CONTAINS,direct,4\n";
  const GraphStore g = must(import_csv_text(nodes, edges));
  CHECK(is_null(g.property(0, "is_async")));
  CHECK(g.edge_count() == 1);
  CHECK(export_csv_text(g).edges == "src,dst,type,call_type,line\n0,0,CONTAINS,,\n");
}
