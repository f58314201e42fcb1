// End-to-end resolution on tests/fixtures/typescript/shop: the edges that
// must exist, and the ones a name-guessing indexer would add but Trellis
// must not.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& ts_shop() {
  static const test::IndexedFixture fixture("typescript/shop");
  return fixture;
}

}  // namespace

TEST_CASE("typescript: modules are named by path, index naming its folder; node_modules and dist are skipped") {
  CHECK(ts_shop().names(Label::Module) ==
        Names{"packages.logger.src", "src.app", "src.lazy", "src.legacy.clock", "src.legacy.timer", "src.models", "src.models.base", "src.models.user",
              "src.services.audit", "src.services.auth", "src.services.events", "src.services.repo", "src.side-effect", "src.types", "src.util",
              "src.util.format", "src.util.math", "src.util.strings"});
  CHECK(ts_shop().property("src.app", "language") == "typescript");
  CHECK(ts_shop().property("src.app", "extension") == ".tsx");
  CHECK(ts_shop().property("src.models", "file_path") == "src/models/index.ts");
  CHECK(ts_shop().names(Label::ExternalPackage) == Names{"crypto", "events", "react"});
}

TEST_CASE("typescript: classes, abstract classes, class expressions, interfaces, functions and methods") {
  CHECK(ts_shop().names(Label::Class) ==
        Names{"packages.logger.src.Logger", "src.legacy.clock.Clock", "src.models.base.Entity", "src.models.user.Email", "src.models.user.Guest",
              "src.models.user.Profile", "src.models.user.User", "src.services.audit.AuditedUser", "src.services.auth.AuthService", "src.services.events.Bus",
              "src.services.repo.MemoryRepo", "src.types.Server"});
  CHECK(ts_shop().names(Label::Interface) == Names{"src.models.base.Identified", "src.models.base.Named",
                                                 "src.services.repo.Repository", "src.types.Config"});
  // Declarations, const-bound arrows and function expressions, nested functions.
  CHECK(ts_shop().names(Label::Function) ==
        Names{"packages.logger.src.log", "src.app.App", "src.lazy.load", "src.legacy.timer.elapsed", "src.models.user.sealed",
              "src.services.audit.audit", "src.services.audit.makeRepo", "src.services.auth.build", "src.services.auth.main", "src.services.auth.main.inner",
              "src.services.auth.untyped", "src.services.events.pick", "src.types.configure", "src.util.format.defaultFormat",
              "src.util.format.format", "src.util.math.add", "src.util.math.twice", "src.util.strings.upper"});
  // Constructors, getters, static and abstract methods, arrow-function fields, interface signatures.
  CHECK(ts_shop().targets(RelType::Defines, "src.models.user.User") ==
        Names{"src.models.user.User.constructor", "src.models.user.User.create", "src.models.user.User.id",
              "src.models.user.User.name", "src.models.user.User.profile", "src.models.user.User.validate"});
  CHECK(ts_shop().targets(RelType::Defines, "src.services.auth.AuthService") ==
        Names{"src.services.auth.AuthService.constructor", "src.services.auth.AuthService.helper",
              "src.services.auth.AuthService.login"});
  CHECK(ts_shop().targets(RelType::Defines, "src.models.base.Entity") ==
        Names{"src.models.base.Entity.describe", "src.models.base.Entity.id"});
  CHECK(ts_shop().targets(RelType::Defines, "src.services.repo.Repository") ==
        Names{"src.services.repo.Repository.find", "src.services.repo.Repository.save"});
  CHECK(ts_shop().targets(RelType::Defines, "src.services.auth.main") == Names{"src.services.auth.main.inner"});
  CHECK(ts_shop().property("src.models.base.Entity", "is_abstract") == "true");
  CHECK(ts_shop().property("src.models.user.User", "is_abstract") == "");
  CHECK(ts_shop().property("src.models.user.User", "line_start") == "17");
  CHECK(ts_shop().property("src.models.user.User", "line_end") == "44");
  CHECK(ts_shop().property("src.models.user.User.validate", "class_name") == "User");
  CHECK(ts_shop().property("src.services.auth.AuthService.login", "is_async") == "true");
  CHECK(ts_shop().list_property("src.models.user.User", "decorators") == Names{"sealed"});
  CHECK(ts_shop().list_property("src.models.user.User", "base_classes") == Names{"Entity"});
  CHECK(ts_shop().property("src.models.user.User", "docstring") == "A user of the shop.");
  CHECK(ts_shop().property("src.models.base.Entity", "docstring") == "Anything with an id.");
  CHECK(ts_shop().property("src.util.math.add", "language") == "typescript");
}

TEST_CASE("typescript: imports, re-exports, tsconfig paths, workspace packages and externals") {
  CHECK(ts_shop().targets(RelType::Imports, "src.services.auth") ==
        Names{"crypto", "packages.logger.src", "react", "src.models", "src.services.repo", "src.side-effect",
              "src.util", "src.util.format"});
  CHECK(ts_shop().targets(RelType::Imports, "src.util") == Names{"src.util.format", "src.util.math", "src.util.strings"});
  CHECK(ts_shop().targets(RelType::Imports, "src.models") == Names{"src.models.base", "src.models.user"});
  CHECK(ts_shop().targets(RelType::Imports, "src.services.repo") == Names{"src.models"});  // import type
  CHECK(ts_shop().targets(RelType::Imports, "src.app") == Names{"src.services.auth", "src.services.repo"});  // ./auth.js
  CHECK(ts_shop().targets(RelType::Imports, "src.lazy") == Names{"src.util.math"});  // import('./util/math')
  // What a module exports of its own: exported declarations, `export default name`.
  CHECK(ts_shop().list_property("src.services.auth", "all_names") == Names{"AuthService", "build"});
  CHECK(ts_shop().list_property("src.util.format", "all_names") == Names{"defaultFormat", "format"});
  CHECK(ts_shop().list_property("src.types", "all_names") == Names{"Config", "Server", "configure"});
  CHECK(ts_shop().list_property("src.util", "all_names").empty());  // re-exports only
}

TEST_CASE("typescript: extends and implements, through imports and re-exports") {
  CHECK(ts_shop().targets(RelType::Inherits, "src.models.user.User") == Names{"src.models.base.Entity"});
  CHECK(ts_shop().targets(RelType::Inherits, "src.models.user.Guest") == Names{"src.models.user.User"});
  CHECK(ts_shop().targets(RelType::Inherits, "src.models.base.Named") == Names{"src.models.base.Identified"});
  CHECK(ts_shop().targets(RelType::Implements, "src.models.user.User") == Names{"src.models.base.Named"});
  CHECK(ts_shop().targets(RelType::Implements, "src.services.repo.MemoryRepo") == Names{"src.services.repo.Repository"});
}

TEST_CASE("typescript: calls through aliases, namespaces, re-export chains, defaults and typed receivers") {
  CHECK(ts_shop().calls("src.services.auth.AuthService.login") ==
        Names{"packages.logger.src.Logger.info method 18",       // this.logger: Logger (field annotation)
              "packages.logger.src.log direct 17",               // log as writeLog, workspace package
              "src.models.user.User.create method 19",           // User re-exported by models/index
              "src.models.user.User.create method 24",           // models.User.create(), namespace import
              "src.models.user.User.name method 23",             // find(): User | undefined
              "src.models.user.User.validate method 20",         // const user = User.create(): User
              "src.services.repo.Repository.find method 22",     // constructor(private repo: Repository)
              "src.services.repo.Repository.save method 21",
              "src.util.format.defaultFormat direct 27",          // default import
              "src.util.format.format direct 25",                 // export { format as fmt } from
              "src.util.math.add direct 26",                      // export * as math from
              "src.util.strings.upper direct 17"});               // export * from, via tsconfig paths
  CHECK(ts_shop().unresolved("src.services.auth.AuthService.login") == Names{"unknownThing.run"});
  // A receiver of unknown type is never matched by method name.
  CHECK(ts_shop().calls("src.services.auth.untyped").empty());
  CHECK(ts_shop().unresolved("src.services.auth.untyped") == Names{"repo.save"});
}

TEST_CASE("typescript: this, super, new, getters and module-level code") {
  CHECK(ts_shop().calls("src.models.user.User.validate") ==
        Names{"src.models.base.Entity.describe method 35",   // this.describe(), inherited
              "src.models.base.Entity.describe method 36",   // super.describe()
              "src.models.user.Profile.render method 37"});  // this.profile is a getter returning Profile
  CHECK(ts_shop().calls("src.models.user.User.constructor") ==
        Names{"src.models.base.Entity constructor 19"});  // super()
  CHECK(ts_shop().calls("src.models.user.User.id") == Names{"src.models.user.Email.value method 23"});  // parameter property
  CHECK(ts_shop().calls("src.models.user.User.create") ==
        Names{"src.models.user.Email constructor 42", "src.models.user.User constructor 42"});
  CHECK(ts_shop().calls("src.models.base.Entity.describe") == Names{"src.models.base.Entity.id method 8"});
  // A field initialiser runs in the constructor.
  CHECK(ts_shop().calls("src.services.auth.AuthService.constructor") ==
        Names{"packages.logger.src.Logger constructor 12"});
  CHECK(ts_shop().calls("src.services.auth.AuthService.helper") ==
        Names{"src.services.auth.AuthService.login method 34"});
  CHECK(ts_shop().calls("src.services.auth.main") ==
        Names{"src.models.user.User.validate method 51",          // r.find('x')?.validate()
              "src.services.auth.AuthService.login method 49",    // s = build(): AuthService
              "src.services.auth.build direct 48", "src.services.auth.main.inner direct 55",
              "src.services.repo.MemoryRepo constructor 50", "src.services.repo.MemoryRepo.find method 51"});
  CHECK(ts_shop().calls("src.services.auth") == Names{"src.services.auth.main direct 58"});
  // export default AuthService; ./auth.js finds auth.ts; JSX callbacks belong to the component.
  CHECK(ts_shop().calls("src.app.App") ==
        Names{"src.services.auth.AuthService constructor 6", "src.services.auth.AuthService.helper method 7",
              "src.services.auth.AuthService.login method 7", "src.services.auth.build direct 7",
              "src.services.repo.MemoryRepo constructor 6"});
  // Declaration files give types but no bodies.
  CHECK(ts_shop().calls("src.types").empty());
}

TEST_CASE("typescript: declared types win, and calls into builtins or outside bases are no unresolved calls") {
  CHECK(ts_shop().targets(RelType::Imports, "src.services.events") == Names{"events", "src.models"});
  CHECK(ts_shop().targets(RelType::Inherits, "src.services.events.Bus").empty());  // EventEmitter is outside the tree
  // this.emit: EventEmitter's; this.current: User (its annotation, whatever is
  // assigned); this.names: string[]; .then on Promise<User>.
  CHECK(ts_shop().calls("src.services.events.Bus.fire") ==
        Names{"src.models.user.User.validate method 16", "src.services.events.Bus.load method 18"});
  CHECK(ts_shop().unresolved("src.services.events.Bus.fire").empty());
  CHECK(ts_shop().calls("src.services.events.Bus.constructor") == Names{"src.services.events.pick direct 11"});
  CHECK(ts_shop().unresolved("src.services.events.Bus.constructor").empty());  // super(): EventEmitter's
}

TEST_CASE("typescript: heritage through re-exports, baseUrl imports, variable annotations, JSDoc on methods") {
  // User from `export { User } from './user'`, Named from `export * from './base'`.
  CHECK(ts_shop().targets(RelType::Inherits, "src.services.audit.AuditedUser") == Names{"src.models.user.User"});
  CHECK(ts_shop().targets(RelType::Implements, "src.services.audit.AuditedUser") == Names{"src.models.base.Named"});
  CHECK(ts_shop().targets(RelType::Imports, "src.services.audit") == Names{"src.models", "src.services.repo"});
  CHECK(ts_shop().property("src.services.audit.AuditedUser.name", "docstring") == "Logs, then names.");
  CHECK(ts_shop().calls("src.services.audit.AuditedUser.name") == Names{"src.models.user.User.name method 7"});
  CHECK(ts_shop().calls("src.services.audit.audit") ==
        Names{"src.models.user.User.validate method 22",          // inherited by AuditedUser
              "src.services.audit.AuditedUser.name method 21",    // the override, not User.name
              "src.services.audit.makeRepo direct 16",
              "src.services.repo.MemoryRepo constructor 19",
              "src.services.repo.MemoryRepo.find method 20",      // `let later;` then `later = new MemoryRepo()`
              "src.services.repo.Repository.save method 17"});    // const repo: Repository, whatever makeRepo returns
  CHECK(ts_shop().unresolved("src.services.audit.audit").empty());
  CHECK(ts_shop().store().edge_count(RelType::Implements) == 3);
}

TEST_CASE("typescript: `export =` and `import x = require()`") {
  CHECK(ts_shop().targets(RelType::Imports, "src.legacy.timer") == Names{"src.legacy.clock"});
  CHECK(ts_shop().calls("src.legacy.timer.elapsed") ==
        Names{"src.legacy.clock.Clock constructor 4", "src.legacy.clock.Clock.now method 5"});
}
