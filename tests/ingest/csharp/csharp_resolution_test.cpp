// End-to-end resolution on tests/fixtures/csharp/shop (EXPECTED.md there
// lists each rule): the edges that must exist, and the ones a name-matching
// indexer would add but Trellis must not.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& csharp_shop() {
  static const test::IndexedFixture fixture("csharp/shop");
  return fixture;
}


bool called(std::string_view caller, std::string_view callee) {
  const auto calls = csharp_shop().calls(caller);
  return std::any_of(calls.begin(), calls.end(), [&](const std::string& call) {
    return call.starts_with(std::string(callee) + " ");
  });
}

}  // namespace

TEST_CASE("csharp: namespaces name types (block, nested and file-scoped); partial classes are one Class; overloads are distinct") {
  CHECK(csharp_shop().names(Label::Class) ==
        Names{"Shop.Auth.AuthExtensions", "Shop.Auth.AuthService", "Shop.Auth.Session", "Shop.Billing.Checkout",
              "Shop.Billing.Prices", "Shop.Data.Repository", "Shop.Data.UserRepository", "Shop.Models.Entity",
              "Shop.Models.Money", "Shop.Models.Order", "Shop.Models.Role", "Shop.Models.User", "Shop.Program"});
  CHECK(csharp_shop().names(Label::Interface) == Names{"Shop.Auth.IAuthService"});
  CHECK(csharp_shop().names(Label::Package) == Names{"Shop", "Shop.Auth", "Shop.Billing", "Shop.Data", "Shop.Models"});
  CHECK(csharp_shop().names(Label::ExternalPackage) == Names{"System", "System.Collections.Generic", "System.Threading.Tasks"});
  // Both files of the partial class define members of the one Class.
  const Names session = csharp_shop().targets(RelType::Defines, "Shop.Auth.Session");
  CHECK(std::count_if(session.begin(), session.end(), [](const std::string& name) {
          return name == "Shop.Auth.Session.Start" || name == "Shop.Auth.Session.Refresh";
        }) == 2);
  const Names auth = csharp_shop().targets(RelType::Defines, "Shop.Auth.AuthService");
  for (const char* overload : {"Shop.Auth.AuthService.Login(string)", "Shop.Auth.AuthService.Login(string,string)",
                               "Shop.Auth.AuthService.Login(int)", "Shop.Auth.AuthService.<init>()",
                               "Shop.Auth.AuthService.<init>(UserRepository)", "Shop.Auth.AuthService.CurrentUser"}) {
    CHECK_MESSAGE(std::find(auth.begin(), auth.end(), overload) != auth.end(), overload);
  }
  CHECK(std::find(auth.begin(), auth.end(), "Shop.Auth.AuthService.Login") == auth.end());
  CHECK(std::find(auth.begin(), auth.end(), "Shop.Auth.AuthService.Repo") == auth.end());  // an auto-property is a field
}

TEST_CASE("csharp: base lists split into INHERITS and IMPLEMENTS; generics read as their erasure") {
  CHECK(csharp_shop().targets(RelType::Implements, "Shop.Auth.AuthService") == Names{"Shop.Auth.IAuthService"});
  CHECK(csharp_shop().targets(RelType::Inherits, "Shop.Auth.AuthService").empty());
  CHECK(csharp_shop().targets(RelType::Inherits, "Shop.Data.UserRepository") == Names{"Shop.Data.Repository"});
  CHECK(csharp_shop().targets(RelType::Implements, "Shop.Data.UserRepository").empty());
  CHECK(csharp_shop().targets(RelType::Inherits, "Shop.Models.Order") == Names{"Shop.Models.Entity"});
}

TEST_CASE("csharp: using, aliases and using static reach modules and members") {
  CHECK(csharp_shop().module_imports("Shop.Billing.Checkout") ==
        Names{"Shop.Auth.AuthExtensions", "Shop.Auth.AuthService", "Shop.Auth.IAuthService", "Shop.Auth.Session",
              "Shop.Auth.Session.Tokens", "Shop.Billing.Prices", "Shop.Data.Repository", "Shop.Data.UserRepository",
              "Shop.Models.Entity", "Shop.Models.User", "System", "System.Threading.Tasks"});
  // using static Shop.Billing.Prices; the alias `Auth = Shop.Auth` types a field and a parameter.
  CHECK(csharp_shop().calls("Shop.Billing.Checkout.Pay") ==
        Names{"Shop.Auth.AuthExtensions.Audit method 29", "Shop.Billing.Prices.Tax method 30",
              "Shop.Data.Repository.Save method 27", "Shop.Data.Repository.SaveAsync method 25",
              "Shop.Data.UserRepository.FindByName method 26", "Shop.Models.User constructor 27",
              "Shop.Models.User.Describe method 28"});
}

TEST_CASE("csharp: properties are read, not called; an accessor's body calls belong to it") {
  // `auth.Repo.FindByName` through the auto-property's type, `auth.CurrentUser.Describe()` through the accessor's.
  CHECK(called("Shop.Billing.Checkout.Pay", "Shop.Data.UserRepository.FindByName"));
  CHECK(called("Shop.Billing.Checkout.Pay", "Shop.Models.User.Describe"));
  CHECK_FALSE(called("Shop.Billing.Checkout.Pay", "Shop.Auth.AuthService.CurrentUser"));
  CHECK(csharp_shop().calls("Shop.Auth.AuthService.CurrentUser") == Names{"Shop.Data.UserRepository.FindByName method 13"});
  CHECK(csharp_shop().property("Shop.Auth.AuthService.CurrentUser", "name") == "CurrentUser");
}

TEST_CASE("csharp: constructors, this(...), base.M(), extension methods, interfaces, async") {
  CHECK(csharp_shop().calls("Shop.Auth.AuthService.<init>()") ==
        Names{"Shop.Auth.AuthService constructor 16", "Shop.Data.UserRepository constructor 16"});
  CHECK(csharp_shop().calls("Shop.Models.Order.Describe") == Names{"Shop.Models.Entity.Describe method 19"});
  CHECK(csharp_shop().calls("Shop.Billing.Checkout.SignIn") ==
        Names{"Shop.Auth.IAuthService.Login method 37", "Shop.Auth.IAuthService.Logout method 38"});
  CHECK(csharp_shop().calls("Shop.Data.Repository.SaveAsync") == Names{"Shop.Data.Repository.Save method 18"});
  CHECK(csharp_shop().calls("Shop.Data.UserRepository.FindByName") == Names{"Shop.Data.Repository.Find method 9"});
  CHECK(csharp_shop().calls("Shop.Program.Main") ==
        Names{"Shop.Auth.AuthExtensions.Audit method 13", "Shop.Auth.AuthService constructor 12",
              "Shop.Auth.Session constructor 16", "Shop.Auth.Session.Restart method 17", "Shop.Billing.Checkout constructor 14",
              "Shop.Billing.Checkout.SignIn method 15", "Shop.Models.Money constructor 20", "Shop.Models.Money constructor 20",
              "Shop.Models.Money.Add method 20", "Shop.Models.Order constructor 18", "Shop.Models.Order.Describe method 19"});
  CHECK(csharp_shop().calls("Shop.Auth.Session.Start") == Names{"Shop.Auth.Session.Refresh method 9"});  // declared in the other part
  CHECK(csharp_shop().calls("Shop.Auth.Session.Restart") == Names{"Shop.Auth.Session.Start method 12"});
}

TEST_CASE("csharp: overloads chosen by arity and argument types") {
  CHECK(csharp_shop().calls("Shop.Program.LoginByName") == Names{"Shop.Auth.AuthService.Login(string) method 27"});
  CHECK(csharp_shop().calls("Shop.Program.LoginFull") == Names{"Shop.Auth.AuthService.Login(string,string) method 32"});
  CHECK(csharp_shop().calls("Shop.Program.LoginById") == Names{"Shop.Auth.AuthService.Login(int) method 37"});
  CHECK(csharp_shop().calls("Shop.Auth.AuthService.Login(string)") == Names{"Shop.Auth.AuthService.Login(string,string) method 27"});
  CHECK(csharp_shop().calls("Shop.Auth.AuthService.Login(int)") == Names{"Shop.Auth.AuthService.Login(string) method 39"});
}

TEST_CASE("csharp: receivers of unknown or outside types make no edge") {
  // `var thing = locate("auth")` (a Func<string, dynamic>): neither Login nor Find anywhere.
  CHECK(csharp_shop().calls("Shop.Billing.Checkout.Lookup").empty());
  // `greeting.Trim()` on a string is not Session.Trim; `items.Add` on a List is nothing of ours.
  CHECK_FALSE(called("Shop.Program.Main", "Shop.Auth.Session.Trim"));
  CHECK(csharp_shop().calls("Shop.Data.Repository.Save").empty());
  CHECK(csharp_shop().store().in(RelType::Calls, csharp_shop().node("Shop.Auth.Session.Trim")).empty());
}
