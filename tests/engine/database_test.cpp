// The library facade: opening snapshots, resolving names, node details and
// the structural queries through trellis::Database.
#include "trellis/database.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "support/temp_dir.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;

namespace {

// Project "p" at `root`; module p.m (p/m.py) defines f and g; g calls f.
Snapshot small_snapshot(bool with_project, const std::string& root = "/src/p") {
  GraphBuilder b;
  if (with_project) {
    const BuildId project = *b.add_node(Label::Project, "p", "p");
    b.set_string(project, *property_index(Label::Project, "path"), root);
  }
  const BuildId m = *b.add_node(Label::Module, "p.m", "m");
  const BuildId f = *b.add_node(Label::Function, "p.m.f", "f");
  const BuildId g = *b.add_node(Label::Function, "p.m.g", "g");
  for (const BuildId node : {m, f, g}) b.set_string(node, *property_index(Label::Function, "file_path"), "p/m.py");
  b.set_string(m, *property_index(Label::Module, "path"), "p/m.py");
  b.set_int(f, *property_index(Label::Function, "line_start"), 1);
  b.set_int(f, *property_index(Label::Function, "line_end"), 2);
  b.add_edge(RelType::Defines, m, f);
  b.add_edge(RelType::Defines, m, g);
  b.add_edge(RelType::Calls, g, f);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return Snapshot{std::move(built->store), {}};
}

}  // namespace

TEST_CASE("database: open refuses a missing file with DATABASE_ERROR") {
  TempDir dir;
  auto db = Database::open(dir / "none.trellis");
  REQUIRE_FALSE(db.ok());
  CHECK(db.error().code == ErrorCode::DatabaseError);
}

TEST_CASE("database: a saved snapshot opens; names resolve; queries answer with typed results") {
  TempDir dir;
  REQUIRE(save_snapshot(small_snapshot(true), dir / "g.trellis").ok());
  auto db = Database::open(dir / "g.trellis");
  REQUIRE(db.ok());
  CHECK(db->path() == dir / "g.trellis");
  CHECK(db->root() == "/src/p");
  auto f = db->resolve("f");
  REQUIRE(f.ok());
  const NodeInfo info = db->node(*f);
  CHECK(info.label == Label::Function);
  CHECK(info.qualified_name == "p.m.f");
  CHECK(info.name == "f");
  CHECK(info.file_path == "p/m.py");
  CHECK(info.line_start == 1);
  CHECK(info.line_end == 2);
  auto callers = db->callers({.function_name = "p.m.f"});
  REQUIRE(callers.ok());
  REQUIRE(callers->nodes.size() == 1);
  CHECK(db->node(callers->nodes[0].node).qualified_name == "p.m.g");
  CHECK(callers->nodes[0].depth == 1);
  auto exports = db->exports({.module_name = "p.m"});
  REQUIRE(exports.ok());
  CHECK(exports->exports.size() == 2);
  // The agent-context queries, on a crafted graph (g has no line: last).
  auto outline = db->outline({.file = "p.m", .label = "all"});
  REQUIRE(outline.ok());
  REQUIRE(outline->entries.size() == 2);
  CHECK(db->node(outline->entries[0].node).qualified_name == "p.m.f");
  CHECK(db->node(outline->entries[1].node).qualified_name == "p.m.g");
  auto children = db->children({.name = "p.m.f"});
  REQUIRE(children.ok());
  CHECK(children->children.empty());
  auto chain = db->dependency_chain({.from = "g", .to = "f", .type = "auto", .max_depth = 3});
  REQUIRE(chain.ok());
  CHECK(chain->type == RelType::Calls);
  CHECK(chain->chain.size() == 2);
  auto complexity = db->complexity({.file = "p.m"});
  REQUIRE(complexity.ok());
  CHECK(complexity->functions == 2);
  CHECK(complexity->measured == 0);  // a crafted graph without the property
  auto importers = db->importers({.target = "p.m", .transitive = true});
  REQUIRE(importers.ok());
  CHECK(importers->importers.empty());
  auto missing = db->callees({.function_name = "p.m.h"});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  // Copies share the snapshot: results stay readable after the original goes.
  const Database copy = *db;
  db = Database::open(dir / "none.trellis");
  CHECK(copy.node(*f).qualified_name == "p.m.f");
}

TEST_CASE("database: details, source, why and context read the source under the project's root") {
  TempDir dir;
  std::filesystem::create_directories(dir / "p");
  {
    std::ofstream file(dir / "p" / "m.py");
    file << "def f():\n    pass\n\ndef g():\n    f()\n";
  }
  const Database db = Database::from_snapshot(small_snapshot(true, (dir / "").string()));
  auto details = db.details({.name = "p.m.f"});
  REQUIRE(details.ok());
  REQUIRE(details->source.has_value());
  CHECK(details->source->text == "def f():\n    pass\n");
  auto source = db.source({.target = "p/m.py:4-5"});
  REQUIRE(source.ok());
  CHECK(source->source.text == "def g():\n    f()\n");
  CHECK(source->module != kNoNode);
  auto why = db.why({.name = "p.m.g"});
  REQUIRE(why.ok());
  REQUIRE(why->downstream.entries.size() == 1);
  CHECK(db.node(why->downstream.entries[0].node).qualified_name == "p.m.f");
  CHECK(why->upstream.entries.empty());
  auto context = db.context({.names = {"p.m.f"}, .max_depth = 1, .max_nodes = 10, .budget = 100});
  REQUIRE(context.ok());
  REQUIRE(context->nodes.size() == 3);  // f, its module, its caller g
  CHECK(db.node(context->nodes[1].node).qualified_name == "p.m");
  CHECK(db.node(context->nodes[2].node).qualified_name == "p.m.g");
  REQUIRE_FALSE(context->snippets.empty());
  CHECK(context->snippets[0].source.text == "def f():\n    pass\n");
  // The same through run(), from a catalog request.
  auto answer = db.run(queries::ContextRequest{{"p.m.g"}, 1, 10, 100});
  REQUIRE(answer.ok());
  CHECK(answer->kind == queries::QueryKind::Context);
}

TEST_CASE("database: a graph without a Project has no root") {
  const Database db = Database::from_snapshot(small_snapshot(false));
  CHECK_FALSE(db.root().has_value());
  CHECK(db.path().empty());
  auto module = db.resolve("m");
  REQUIRE(module.ok());
  CHECK(db.node(*module).label == Label::Module);
}
