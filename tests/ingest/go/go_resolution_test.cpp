// End-to-end resolution on tests/fixtures/go/shop (EXPECTED.md there lists
// each rule): the complete CALLS, IMPLEMENTS and INHERITS sets inside the
// module, so every edge a name matcher would add is asserted absent too.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& go_shop() {
  static const test::IndexedFixture fixture("go/shop");
  return fixture;
}

// "from -> to" of every `type` edge of the graph, sorted.
Names all_edges(RelType type) {
  const GraphStore& store = go_shop().store();
  Names edges;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    for (const NodeId target : store.out(type, node)) {
      edges.push_back(store.qualified_name(node) + " -> " + store.qualified_name(target));
    }
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}


}  // namespace

TEST_CASE("go: packages by import path (go.mod module + directory), modules by package and file stem") {
  CHECK(go_shop().names(Label::Package) ==
        Names{"example.com/shop/admin", "example.com/shop/auth", "example.com/shop/cmd/shop", "example.com/shop/format",
              "example.com/shop/oauth", "example.com/shop/plugins", "example.com/shop/store"});
  CHECK(go_shop().property("example.com/shop/auth", "name") == "auth");
  CHECK(go_shop().names(Label::Interface) ==
        Names{"example.com/shop/auth.Auditor", "example.com/shop/auth.Authenticator", "example.com/shop/auth.Session"});
  // A method declared in another file than its struct is still the struct's.
  const Names service = go_shop().targets(RelType::Defines, "example.com/shop/auth.Service");
  CHECK(std::find(service.begin(), service.end(), "example.com/shop/auth.Service.Logout") != service.end());
  CHECK(std::find(service.begin(), service.end(), "example.com/shop/auth.Service.Login") != service.end());
  CHECK(go_shop().property("example.com/shop/auth.Service.Logout", "file_path") == "auth/service_logout.go");
  CHECK(go_shop().property("example.com/shop/auth.Service.Logout", "class_name") == "Service");
}

TEST_CASE("go: the complete CALLS set inside the module") {
  Names expected{
      "example.com/shop/admin.Admin.Promote -> example.com/shop/auth.Service.Logout",
      "example.com/shop/auth.Service.Login -> example.com/shop/store.Store.Find",
      "example.com/shop/auth.Service.Login -> example.com/shop/auth.Service.audit",
      "example.com/shop/auth.Service.Login -> example.com/shop/auth.newToken",
      "example.com/shop/auth.Service.Logout -> example.com/shop/auth.Service.audit",
      "example.com/shop/auth.Service.Logout -> example.com/shop/store.Store.Close",
      "example.com/shop/plugins.init -> example.com/shop/plugins.register",
      "example.com/shop/cmd/shop.main -> example.com/shop/format.Banner",
      "example.com/shop/cmd/shop.main -> example.com/shop/store.Open",
      "example.com/shop/cmd/shop.main -> example.com/shop/auth.NewService",
      "example.com/shop/cmd/shop.main -> example.com/shop/oauth.NewProvider",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.loginDirect",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.loginByValue",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.logoutLater",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.promote",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.loginProvider",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.signIn",
      "example.com/shop/cmd/shop.main -> example.com/shop/cmd/shop.shutdown",
      "example.com/shop/cmd/shop.loginDirect -> example.com/shop/auth.Service.Login",
      "example.com/shop/cmd/shop.loginDirect -> example.com/shop/auth.Token.Valid",
      "example.com/shop/cmd/shop.loginByValue -> example.com/shop/auth.Service.Login",
      // The closure `run` is a Function: logoutLater calls it, it calls Logout.
      "example.com/shop/cmd/shop.logoutLater -> example.com/shop/cmd/shop.logoutLater.func1",
      "example.com/shop/cmd/shop.logoutLater.func1 -> example.com/shop/auth.Service.Logout",
      "example.com/shop/cmd/shop.promote -> example.com/shop/auth.Service.Login",
      "example.com/shop/cmd/shop.promote -> example.com/shop/admin.Admin.Promote",
      "example.com/shop/cmd/shop.loginProvider -> example.com/shop/oauth.Provider.Login",
      "example.com/shop/cmd/shop.signIn -> example.com/shop/auth.Authenticator.Login",
      // Several results: `_, index, err := store.OpenIndexed()` types index by the second.
      "example.com/shop/cmd/shop.countUsers -> example.com/shop/store.OpenIndexed",
      "example.com/shop/cmd/shop.countUsers -> example.com/shop/store.Index.Count",
      "example.com/shop/store.OpenIndexed -> example.com/shop/store.Open",
      // Elements of a slice, by range and by index.
      "example.com/shop/cmd/shop.logoutAll -> example.com/shop/auth.Service.Logout",
      "example.com/shop/cmd/shop.logoutAll -> example.com/shop/auth.Service.Logout",
  };
  std::sort(expected.begin(), expected.end());
  CHECK(all_edges(RelType::Calls) == expected);
  // Call types and lines: a promoted method through embedding, a function value, an interface value.
  CHECK(go_shop().calls("example.com/shop/cmd/shop.promote") ==
        Names{"example.com/shop/admin.Admin.Promote method 16", "example.com/shop/auth.Service.Login method 15"});
  CHECK(go_shop().calls("example.com/shop/cmd/shop.signIn") == Names{"example.com/shop/auth.Authenticator.Login method 26"});
  // io.Closer is outside the module: nothing of ours, by name or otherwise.
  CHECK(go_shop().calls("example.com/shop/cmd/shop.shutdown").empty());
  // err.Error() is the builtin error's: out of the tree, not unresolved.
  CHECK(go_shop().unresolved("example.com/shop/cmd/shop.countUsers").empty());
  CHECK(go_shop().calls("example.com/shop/cmd/shop.logoutAll") ==
        Names{"example.com/shop/auth.Service.Logout method 48", "example.com/shop/auth.Service.Logout method 50"});
}

TEST_CASE("go: IMPLEMENTS from method sets (embedding counted), INHERITS for embedding") {
  Names expected{
      "example.com/shop/auth.Service -> example.com/shop/auth.Authenticator",
      "example.com/shop/auth.Service -> example.com/shop/auth.Session",
      "example.com/shop/admin.Admin -> example.com/shop/auth.Authenticator",
      "example.com/shop/admin.Admin -> example.com/shop/auth.Session",
      "example.com/shop/oauth.Provider -> example.com/shop/auth.Authenticator",
  };
  std::sort(expected.begin(), expected.end());
  CHECK(all_edges(RelType::Implements) == expected);
  CHECK(all_edges(RelType::Inherits) ==
        Names{"example.com/shop/admin.Admin -> example.com/shop/auth.Service",
              "example.com/shop/auth.Session -> example.com/shop/auth.Authenticator"});
}

TEST_CASE("go: imports by alias, dot and blank reach every file of the package; the standard library is external") {
  const Names imports = go_shop().module_imports("example.com/shop/cmd/shop.shop");
  for (const char* module : {"example.com/shop/auth.service", "example.com/shop/auth.service_logout", "example.com/shop/format.format",
                             "example.com/shop/plugins.plugins", "example.com/shop/store.store", "fmt"}) {
    CHECK_MESSAGE(std::find(imports.begin(), imports.end(), module) != imports.end(), module);
  }
  const Names externals = go_shop().names(Label::ExternalPackage);
  CHECK(std::find(externals.begin(), externals.end(), "fmt") != externals.end());
  CHECK(std::find(externals.begin(), externals.end(), "strings") != externals.end());
}
