// query exports, re-exported names: tests/fixtures/reexports (EXPECTED.md
// there), indexed through the whole pipeline. A re-exported row is the node
// where the name is defined, with the name the module exports it as.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "trellis/queries/structural_queries.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const test::IndexedFixture& reexports_fixture() {
  static const test::IndexedFixture fixture("reexports");
  return fixture;
}

// "qualified_name" for the module's own rows, "as -> qualified_name" for re-exported ones.
std::vector<std::string> export_rows(const std::string& module, std::size_t offset = 0) {
  TraversalScratch scratch;
  const GraphStore& store = reexports_fixture().store();
  auto r = query_exports(store, {module, false, offset}, scratch);
  REQUIRE_MESSAGE(r.ok(), r.error().message);
  REQUIRE(r->exported_as.size() == r->exports.size());
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < r->exports.size(); ++i) {
    const std::string name = store.qualified_name(r->exports[i]);
    rows.push_back(r->exported_as[i].empty() ? name : std::string(r->exported_as[i]) + " -> " + name);
  }
  return rows;
}

}  // namespace

TEST_CASE("Python re-exports: a package __init__'s public imports, as-itself imports, star imports, submodules") {
  CHECK(export_rows("py.lib") == std::vector<std::string>{"py.lib.version", "codecs -> py.lib.codecs",
                                                          "Engine -> py.lib.core.Engine", "start -> py.lib.core.run",
                                                          "extra_tool -> py.lib.extra.extra_tool"});
  // `from . import codecs as codecs` re-exports the submodule itself.
  const GraphStore& store = reexports_fixture().store();
  TraversalScratch scratch;
  auto r = query_exports(store, {"py.lib", false, 0}, scratch);
  REQUIRE(r.ok());
  CHECK(store.label(r->exports[1]) == Label::Module);
}

TEST_CASE("Python re-exports: a plain module re-exports only what it imports as itself; __all__ decides where declared") {
  CHECK(export_rows("py.lib.api") == std::vector<std::string>{"py.lib.api.make", "Engine -> py.lib.core.Engine"});
  CHECK(export_rows("py.lib.listed") ==
        std::vector<std::string>{"py.lib.listed.own", "helper -> py.lib.helpers.helper"});
  // A FILE names its module.
  CHECK(export_rows("py/lib/listed.py") == export_rows("py.lib.listed"));
}

TEST_CASE("TypeScript re-exports: export-from with renames, export *, export * as, export of an import") {
  CHECK(export_rows("ts.src.models") ==
        std::vector<std::string>{"ts.src.models.own", "User -> ts.src.models.user.User",
                                 "createUser -> ts.src.models.user.makeUser", "Entity -> ts.src.models.base.Entity",
                                 "Identified -> ts.src.models.base.Identified", "strings -> ts.src.util.strings",
                                 "upper -> ts.src.util.strings.upper"});
  CHECK(export_rows("ts.src.app") == std::vector<std::string>{"ts.src.app.main"});
  // The rename is followed by calls through the barrel too.
  CHECK(reexports_fixture().calls("ts.src.app.main") ==
        std::vector<std::string>{"ts.src.models.user.makeUser direct 4"});
}

TEST_CASE("re-exported rows page with the module's own definitions, in one order") {
  const std::vector<std::string> all = export_rows("ts.src.models");
  for (std::size_t offset = 0; offset < all.size(); offset += 3) {
    // One page holds them all: an offset only skips rows.
    const std::vector<std::string> page = export_rows("ts.src.models", offset);
    REQUIRE_FALSE(page.empty());
    CHECK(page.front() == all[offset]);
    CHECK(page.size() == all.size() - offset);
  }
  CHECK(export_rows("ts.src.models", all.size()).empty());
}
