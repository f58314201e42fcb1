// End-to-end resolution on tests/fixtures/java/shop: the edges that must
// exist, and the ones a name-matching indexer would add but Trellis must
// not (Billing's same-named save, find and login; a lambda parameter's
// save).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& java_shop() {
  static const test::IndexedFixture fixture("java/shop");
  return fixture;
}


}  // namespace

TEST_CASE("java: packages name modules and types; overloads carry their signatures; constructors are <init>") {
  CHECK(java_shop().names(Label::Package) ==
        Names{"com.shop.admin", "com.shop.auth", "com.shop.billing", "com.shop.model", "com.shop.repo", "com.shop.util"});
  CHECK(java_shop().names(Label::Module) ==
        Names{"com.shop.admin.AdminService", "com.shop.auth.AuthService", "com.shop.auth.TokenService", "com.shop.billing.Billing",
              "com.shop.model.Credentials", "com.shop.model.Entity", "com.shop.model.Role", "com.shop.model.User",
              "com.shop.repo.Repository", "com.shop.repo.UserRepository", "com.shop.util.Clock", "com.shop.util.Strings"});
  // Enums and records are classes; nested and inner classes are named by their nesting.
  CHECK(java_shop().names(Label::Class) ==
        Names{"com.shop.admin.AdminService", "com.shop.auth.AuthService", "com.shop.auth.AuthService.Session",
              "com.shop.auth.AuthService.Token", "com.shop.auth.TokenService", "com.shop.billing.Billing", "com.shop.model.Credentials",
              "com.shop.model.Entity", "com.shop.model.Role", "com.shop.model.User", "com.shop.repo.UserRepository",
              "com.shop.util.Clock", "com.shop.util.Strings"});
  CHECK(java_shop().names(Label::Interface) == Names{"com.shop.repo.Repository"});
  CHECK(java_shop().targets(RelType::Defines, "com.shop.auth.AuthService") ==
        Names{"com.shop.auth.AuthService.<init>()", "com.shop.auth.AuthService.<init>(Repository)", "com.shop.auth.AuthService.Session",
              "com.shop.auth.AuthService.Token", "com.shop.auth.AuthService.audit", "com.shop.auth.AuthService.login(String)",
              "com.shop.auth.AuthService.login(String,String)", "com.shop.auth.AuthService.login(int)",
              "com.shop.auth.AuthService.register"});
  CHECK(java_shop().targets(RelType::Defines, "com.shop.repo.Repository") ==
        Names{"com.shop.repo.Repository.find", "com.shop.repo.Repository.save"});
  CHECK(java_shop().property("com.shop.auth.AuthService.login(String)", "name") == "login");
  CHECK(java_shop().list_property("com.shop.auth.AuthService.login(String)", "decorators") == Names{"Deprecated"});
  CHECK(java_shop().property("com.shop.auth.AuthService.login(String)", "line_start") == "26");  // the modifier, not @Deprecated
  CHECK(java_shop().property("com.shop.model.User", "docstring") == "A customer account.");
  CHECK(java_shop().property("com.shop.model.Entity", "is_abstract") == "true");
  CHECK(java_shop().property("com.shop.auth.AuthService.login(String,String)", "complexity") == "2");
}

TEST_CASE("java: extends, implements (generics read as their erasure)") {
  CHECK(java_shop().targets(RelType::Inherits, "com.shop.model.User") == Names{"com.shop.model.Entity"});
  CHECK(java_shop().targets(RelType::Inherits, "com.shop.admin.AdminService") == Names{"com.shop.auth.AuthService"});
  CHECK(java_shop().targets(RelType::Implements, "com.shop.repo.UserRepository") == Names{"com.shop.repo.Repository"});
}

TEST_CASE("java: imports (single, on-demand, static) reach modules; outside packages are external") {
  CHECK(java_shop().module_imports("com.shop.auth.AuthService") ==
        Names{"com.shop.model.Credentials", "com.shop.model.Entity", "com.shop.model.Role", "com.shop.model.User",
              "com.shop.repo.Repository", "com.shop.repo.UserRepository", "com.shop.util.Clock", "com.shop.util.Strings", "java.util"});
  CHECK(java_shop().names(Label::ExternalPackage) == Names{"java.util"});
}

TEST_CASE("java: overloads chosen by arity and argument types; this(...) and constructors point at the class") {
  CHECK(java_shop().calls("com.shop.auth.AuthService.login(String)") ==
        Names{"com.shop.auth.AuthService.login(String,String) method 27"});
  CHECK(java_shop().calls("com.shop.auth.AuthService.<init>()") ==
        Names{"com.shop.auth.AuthService constructor 22", "com.shop.repo.UserRepository constructor 22"});
  // An int argument picks login(int) over login(String) (AdminService has none of its own).
  CHECK(java_shop().calls("com.shop.auth.AuthService.login(int)") ==
        Names{"com.shop.model.Credentials constructor 42", "com.shop.model.Credentials.valid method 43",
              "com.shop.model.Role.canWrite method 43"});
}

TEST_CASE("java: receivers typed by fields, locals, var, parameters, casts and returns; interface calls reach the interface") {
  // repo is a Repository<User> field: find is Repository.find (never Billing.find); `var tokens = new TokenService()`;
  // found is a declared User local; normalize comes from a static import.
  CHECK(java_shop().calls("com.shop.auth.AuthService.login(String,String)") ==
        Names{"com.shop.auth.AuthService.audit method 37", "com.shop.auth.TokenService constructor 35",
              "com.shop.auth.TokenService.issue method 36", "com.shop.model.User.getName method 37",
              "com.shop.repo.Repository.find method 31", "com.shop.util.Strings.normalize method 31"});
  // Methods inherited from a superclass; a method reference and a lambda body are calls of the enclosing method;
  // the lambda's own parameter has no known type: unresolved, never Billing.save or UserRepository.save.
  CHECK(java_shop().calls("com.shop.auth.AuthService.register") ==
        Names{"com.shop.auth.AuthService.audit method 51", "com.shop.model.User constructor 47",
              "com.shop.model.User.rename method 48", "com.shop.repo.Repository.save method 49",
              "com.shop.util.Clock.now method 52"});
  CHECK(java_shop().unresolved("com.shop.auth.AuthService.register") == Names{"item.save()"});
  CHECK(java_shop().calls("com.shop.repo.UserRepository.save") ==
        Names{"com.shop.model.Entity.getId method 14", "com.shop.model.Entity.validate method 13"});
  CHECK(java_shop().calls("com.shop.model.User.rename") == Names{"com.shop.model.Entity.validate method 19"});
  // A cast types its operand; Object's own methods are outside the tree.
  CHECK(java_shop().calls("com.shop.admin.AdminService.reset") == Names{"com.shop.auth.AuthService.register method 21"});
  CHECK(java_shop().unresolved("com.shop.admin.AdminService.reset").empty());
  CHECK(java_shop().targets(RelType::Calls, "com.shop.billing.Billing").empty());
  CHECK(java_shop().store().in(RelType::Calls, java_shop().node("com.shop.billing.Billing.save")).empty());
  CHECK(java_shop().store().in(RelType::Calls, java_shop().node("com.shop.billing.Billing.login")).empty());
}

TEST_CASE("java: super(...), super.m(), nested and inner classes, fully qualified names") {
  CHECK(java_shop().calls("com.shop.admin.AdminService.<init>") == Names{"com.shop.auth.AuthService constructor 9"});
  CHECK(java_shop().calls("com.shop.admin.AdminService.login") ==
        Names{"com.shop.auth.AuthService.Token constructor 15", "com.shop.auth.AuthService.Token.value method 16",
              "com.shop.auth.AuthService.login(String) method 14"});
  // An inner class calls its outer instance's method by its bare name.
  CHECK(java_shop().calls("com.shop.auth.AuthService.Session.close") == Names{"com.shop.auth.AuthService.audit method 62"});
  CHECK(java_shop().calls("com.shop.auth.AuthService.Token.value") == Names{"com.shop.util.Strings.normalize method 68"});
  // `com.shop.util.Clock.now()` written out in full.
  CHECK(java_shop().calls("com.shop.auth.TokenService.issue") ==
        Names{"com.shop.model.User.getName method 7", "com.shop.util.Clock.now method 7"});
  CHECK(java_shop().calls("com.shop.auth.TokenService.pick") ==
        Names{"com.shop.util.Strings.first(String[]) method 17", "com.shop.util.Strings.first(int[]) method 17"});
  // Elements of an array and of varargs.
  CHECK(java_shop().calls("com.shop.auth.TokenService.first") ==
        Names{"com.shop.model.User.getName method 12", "com.shop.model.User.getName method 12"});
}
