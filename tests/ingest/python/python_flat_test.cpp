// Resolution on tests/fixtures/python/flat (packages at the root, no src/):
// one case per rule of the Python ingest issue, each asserting the exact
// edges that must exist and the ones that must not.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "python_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::PythonFixture& flat() {
  static const test::PythonFixture fixture("flat");
  return fixture;
}

constexpr std::string_view kShapes = "app.core.shapes";

std::string shapes(std::string_view rest) { return std::string(kShapes) + "." + std::string(rest); }

}  // namespace

TEST_CASE("python flat: modules and packages are named from the root when there is no src/") {
  const auto& g = flat();
  CHECK(g.store().find(Label::Module, "main").has_value());
  CHECK(g.store().find(Label::Package, "app").has_value());
  CHECK(g.store().find(Label::Package, "app.core").has_value());
  CHECK(g.store().find(Label::Module, "app.core.shapes").has_value());
  CHECK(g.property("app.core.shapes", "file_path") == "app/core/shapes.py");
  // Package app contains its __init__ module and its sub-packages.
  const NodeId app = *g.store().find(Label::Package, "app");
  Names contained;
  for (const NodeId n : g.store().out(RelType::Contains, app)) {
    contained.push_back(std::string(to_string(g.store().label(n))) + " " + g.store().qualified_name(n));
  }
  std::sort(contained.begin(), contained.end());
  CHECK(contained == Names{"Module app", "Package app.core", "Package app.plugins"});
}

TEST_CASE("python flat: imports of every form become Module or ExternalPackage edges") {
  const auto& g = flat();
  // from app import Engine (__init__), from app.plugins import register,
  // from app.core import shapes (a submodule), import a.b.c as tc.
  CHECK(g.targets(RelType::Imports, "main") == Names{"app", "app.core.shapes", "app.core.typing_cases", "app.plugins"});
  // Relative imports that form a cycle: engine <-> registry.
  CHECK(g.targets(RelType::Imports, "app.core.engine") == Names{"app.core.shapes", "app.plugins.registry"});
  CHECK(g.targets(RelType::Imports, "app.plugins.registry") == Names{"app.core.engine"});
  // An import inside a function is an import of the module.
  CHECK(g.targets(RelType::Imports, "app.core.scopes") == Names{"app.core.engine", "app.plugins", "app.plugins.registry"});
  // External modules are named by their top-level package.
  CHECK(g.targets(RelType::Imports, "app.core.externals") == Names{"abc", "app.core.shapes", "collections", "typing"});
  CHECK(g.targets(RelType::Imports, "app.core.typing_cases") == Names{"app.core.shapes", "typing"});
}

TEST_CASE("python flat: re-exports, submodule imports and module aliases resolve calls") {
  const auto& g = flat();
  // Module-level code calls from the Module node.
  CHECK(g.callees("main") == Names{"app.core.engine.Engine", "app.core.engine.Engine.start", "app.core.shapes.Reader",
                                   "app.core.shapes.Reader.get", "app.core.typing_cases.use_returns",
                                   "app.plugins.registry.register"});
  CHECK(g.calls_at("main", 7) == Names{"app.core.engine.Engine constructor", "app.core.engine.Engine.start method"});
  CHECK(g.calls_at("main", 8) == Names{"app.plugins.registry.register direct"});  // __init__ re-export
  CHECK(g.calls_at("main", 9) == Names{"app.core.shapes.Reader constructor", "app.core.shapes.Reader.get method"});
  CHECK(g.calls_at("main", 10) == Names{"app.core.typing_cases.use_returns direct"});  // import a.b as c; c.f()
  // from ..plugins import registry; from . import shapes as x; import a.b as S; import a.b.c; a.b.c.f()
  CHECK(g.calls_at("app.core.engine.Engine.start", 10) == Names{"app.plugins.registry.register direct"});
  CHECK(g.calls_at("app.core.engine.Engine.start", 11) == Names{"app.core.shapes.Reader constructor"});
  CHECK(g.calls_at("app.core.engine.Engine.start", 12) ==
        Names{"app.core.shapes.Cache constructor", "app.core.shapes.Cache.close method"});
  CHECK(g.calls_at("app.core.engine.Engine.start", 13) == Names{"app.plugins.registry.register direct"});
  CHECK(g.callees("app.plugins.registry.boot") == Names{"app.core.engine.Engine", "app.core.engine.Engine.start"});
  CHECK(g.callees("app.plugins.registry.register").empty());  // _plugins.append: a list method
  CHECK(g.unresolved("app.plugins.registry.register").empty());
}

TEST_CASE("python flat: methods of the same name on two classes are told apart by the receiver's type") {
  const auto& g = flat();
  CHECK(g.callees(shapes("use_reader")) == Names{shapes("Reader"), shapes("Reader.get")});
  // A definition under `if TYPE_CHECKING:` is a node but binds nothing at run time.
  CHECK(g.store().find(Label::Method, shapes("Stubbed.get")).has_value());
  CHECK(g.callees(shapes("Stubbed.use")) == Names{shapes("Reader.get"), shapes("Stubbed.close")});
  // A module importing from itself: the name keeps what it was bound to.
  CHECK(g.targets(RelType::Inherits, shapes("LateReader")) == Names{shapes("Reader")});
  CHECK(g.callees(shapes("LateReader.read")) == Names{shapes("Reader.get")});
  CHECK(g.unresolved(shapes("use_reader")).empty());  // store.get is dict.get: external, not unknown
  CHECK(g.callees(shapes("Cache.close")) == Names{shapes("Cache.get")});
  // An untyped receiver is never matched by name.
  CHECK(g.callees(shapes("use_unknown")).empty());
  CHECK(g.unresolved(shapes("use_unknown")) == Names{"thing.get"});
  // Rebinding to something unknown forgets the constructor's type.
  CHECK(g.callees(shapes("use_rebound")) == Names{shapes("Reader")});
  CHECK(g.unresolved(shapes("use_rebound")) == Names{"value.get"});
  // In straight-line code a call sees the last assignment above it in its
  // block (it overwrites those before it): Reader, then unknown, then Cache.
  CHECK(g.calls_at(shapes("use_sequence"), 118) == Names{shapes("Reader.get method")});
  CHECK(g.calls_at(shapes("use_sequence"), 122) == Names{shapes("Cache.close method")});
  CHECK(g.callees(shapes("use_sequence")) ==
        Names{shapes("Cache"), shapes("Cache.close"), shapes("Reader"), shapes("Reader.get")});
  CHECK(g.unresolved(shapes("use_sequence")) == Names{"value.get"});
  // Either branch may have run: the union of what they assign.
  CHECK(g.callees(shapes("use_branches")) ==
        Names{shapes("Cache"), shapes("Cache.get"), shapes("Reader"), shapes("Reader.get")});
  CHECK(g.unresolved(shapes("use_branches")).empty());
  // `value = None` then `value = Cache()`: a call on it can only be Cache's.
  CHECK(g.callees(shapes("use_none")) == Names{shapes("Cache"), shapes("Cache.get")});
}

TEST_CASE("python flat: self.m() and super().m() follow the C3 MRO of a diamond") {
  const auto& g = flat();
  CHECK(g.targets(RelType::Inherits, shapes("Bottom")) == Names{shapes("Left"), shapes("Right")});
  CHECK(g.targets(RelType::Inherits, shapes("Left")) == Names{shapes("Root")});
  // Bottom, Left, Right, Root: Right.describe comes before Root.describe.
  CHECK(g.callees(shapes("Bottom.show")) == Names{shapes("Right.describe")});
  CHECK(g.call(shapes("Bottom.show"), shapes("Right.describe")) == "method");
  CHECK(g.callees(shapes("Bottom.parent")) == Names{shapes("Right.describe")});
}

TEST_CASE("python flat: @property, @staticmethod and @classmethod") {
  const auto& g = flat();
  // Reading a property is no call to it; `self.owner.get()` calls a method
  // on what the getter returns (the setter, defined last, does not hide it).
  CHECK(g.callees(shapes("Account.run")) ==
        Names{shapes("Account.make_label"), shapes("Account.shutdown"), shapes("Reader.get")});
  CHECK(g.calls_at(shapes("Account.run"), 106) == Names{shapes("Reader.get method")});
  // `self.label()` calls the str the property returns (a builtin: a call
  // out of the tree), and no edge to label.
  CHECK(g.unresolved(shapes("Account.run")).empty());
  // A staticmethod's first parameter is not self, whatever its name: it
  // holds what its callers pass, here an Account (`self.shutdown(self)`).
  CHECK(g.callees(shapes("Account.shutdown")) == Names{shapes("Account.close")});
  CHECK(g.unresolved(shapes("Account.shutdown")).empty());
  // A classmethod's cls is the class: cls(...) constructs, cls.m() calls.
  CHECK(g.calls_at(shapes("Account.create"), 101) ==
        Names{shapes("Account constructor"), shapes("Reader constructor")});
  CHECK(g.calls_at(shapes("Account.create"), 102) == Names{shapes("Account.build method")});
  CHECK(g.callees(shapes("Account.build")) == Names{shapes("Account"), shapes("Reader")});
  // The property and its setter are one Method node.
  CHECK(g.store().find_all(shapes("Account.owner")).size() == 1);
}

TEST_CASE("python flat: decorators, docstrings and line ranges of decorated definitions") {
  const auto& g = flat();
  CHECK(g.list_property(shapes("Account"), "decorators") == Names{"functools.total_ordering"});
  CHECK(g.property(shapes("Account"), "docstring") == "An account with an owner.");
  CHECK(g.list_property(shapes("Account.owner"), "decorators") == Names{"property"});
  CHECK(g.property(shapes("Account.owner"), "docstring") == "The owner.");
  CHECK(g.property(shapes("Account.owner"), "class_name") == "Account");
  CHECK(g.list_property(shapes("Account.build"), "decorators") == Names{"staticmethod"});
  CHECK(g.list_property(shapes("Account.create"), "decorators") == Names{"classmethod"});
  // A decorated definition starts at its `def` / `class` line (as Python's
  // ast reports it), not at its first decorator; it ends with its body.
  CHECK(g.property(shapes("Account"), "line_start") == "69");
  CHECK(g.property(shapes("Account"), "line_end") == "113");
  CHECK(g.property(shapes("Account.owner"), "line_start") == "76");
  CHECK(g.property(shapes("Account.owner"), "line_end") == "78");
  CHECK(g.property(shapes("Account.build"), "line_start") == "96");
  CHECK(g.property(shapes("Account.build"), "line_end") == "97");
  CHECK(g.list_property("app.core.externals.Plugin.run", "decorators") == Names{"abc.abstractmethod"});
  CHECK(g.property("app.core.externals.Plugin.run", "docstring") == "Runs the plugin.");
}

TEST_CASE("python flat: receivers typed by annotations: Optional, strings, unions, returns, attributes") {
  const auto& g = flat();
  const std::string uses = "app.core.typing_cases.use_returns";
  CHECK(g.calls_at(uses, 24) == Names{shapes("Reader.get method"), "app.core.typing_cases.find direct"});  // Optional[X]
  CHECK(g.calls_at(uses, 25) == Names{shapes("Reader.close method"), "app.core.typing_cases.find_quoted direct"});  // "X"
  CHECK(g.calls_at(uses, 26) == Names{shapes("Reader.get method"), "app.core.typing_cases.find_union direct"});  // X | None
  // A Union annotation names no single class: the return statement says Cache.
  CHECK(g.calls_at(uses, 27) ==
        Names{"app.core.shapes.Cache.get method", "app.core.typing_cases.find_either direct"});
  CHECK(g.unresolved(uses).empty());

  const std::string params = "app.core.typing_cases.use_params";
  CHECK(g.calls_at(params, 31) == Names{shapes("Reader.get method")});
  CHECK(g.calls_at(params, 32) == Names{shapes("Cache.get method")});
  CHECK(g.calls_at(params, 33) == Names{shapes("Cache.close method")});  // "shapes.Cache"
  CHECK(g.calls_at(params, 34) == Names{shapes("Cache.close method")});  // Cache | None
  CHECK(g.calls_at(params, 36) == Names{shapes("Reader.close method")});  // local: Reader = make()
  CHECK(g.unresolved(params) == Names{"make"});

  const std::string use = "app.core.typing_cases.Holder.use";
  CHECK(g.calls_at(use, 48) == Names{shapes("Reader.get method")});    // self.reader = reader: Reader
  CHECK(g.calls_at(use, 49) == Names{shapes("Cache.get method")});     // class-level `cache: Cache`
  CHECK(g.calls_at(use, 50) == Names{shapes("Reader.close method")});  // self.backup: Optional[Reader] = None
  CHECK(g.unresolved(use) == Names{"self.spare.close"});               // only ever None
}

TEST_CASE("python flat: nested functions, local imports and shadowed names") {
  const auto& g = flat();
  const std::string scopes = "app.core.scopes";
  CHECK(g.store().find(Label::Function, scopes + ".outer.inner").has_value());
  CHECK(g.targets(RelType::Defines, scopes + ".outer") == Names{scopes + ".outer.inner"});
  CHECK(g.callees(scopes + ".outer") == Names{scopes + ".outer.inner"});
  CHECK(g.call(scopes + ".outer", scopes + ".outer.inner") == "direct");
  CHECK(g.callees(scopes + ".outer.inner") == Names{scopes + ".helper"});
  // A function nested in a method: DEFINES Method -> Function; it sees the
  // module's helper, not the class's.
  CHECK(g.targets(RelType::Defines, scopes + ".Config.uses_global") == Names{scopes + ".Config.uses_global.nested"});
  CHECK(g.callees(scopes + ".Config.uses_global.nested") == Names{scopes + ".helper"});
  // An import inside a function binds only there.
  CHECK(g.callees(scopes + ".lazy") == Names{"app.core.engine.Engine"});
  CHECK(g.callees(scopes + ".not_lazy").empty());
  CHECK(g.unresolved(scopes + ".not_lazy") == Names{"Engine"});
  // Locals that shadow the module's helper / the imported register.
  CHECK(g.callees(scopes + ".shadow_by_assignment").empty());
  CHECK(g.unresolved(scopes + ".shadow_by_assignment") == Names{"helper"});
  CHECK(g.callees(scopes + ".shadow_by_comprehension").empty());
  // The lambda is a function of its own; its parameter shadows helper.
  CHECK(g.callees(scopes + ".shadow_by_lambda") == Names{scopes + ".shadow_by_lambda.<lambda1>"});
  CHECK(g.callees(scopes + ".shadow_by_lambda.<lambda1>").empty());
  CHECK(g.callees(scopes + ".shadow_by_except").empty());
  CHECK(g.unresolved(scopes + ".shadow_by_except") == Names{"register"});
  // A class body looks names up in the class first.
  CHECK(g.calls_at(scopes, 49) == Names{scopes + ".Config.helper method"});
  // `except ImportError: boot = None` keeps the imported boot.
  CHECK(g.callees(scopes + ".start") == Names{"app.plugins.registry.boot"});
}

TEST_CASE("python flat: bases outside the tree stay in base_classes and stop MRO lookups") {
  const auto& g = flat();
  const std::string externals = "app.core.externals";
  CHECK(g.list_property(externals + ".Plugin", "base_classes") == Names{"abc.ABC"});
  CHECK(g.targets(RelType::Inherits, externals + ".Plugin").empty());
  CHECK(g.list_property(externals + ".Table", "base_classes") == Names{"OrderedDict", "Reader"});
  CHECK(g.targets(RelType::Inherits, externals + ".Table") == Names{shapes("Reader")});
  // Table's MRO puts OrderedDict (dict.get) before Reader.get.
  CHECK(g.callees(externals + ".Table.lookup").empty());
  CHECK(g.unresolved(externals + ".Table.lookup") == Names{"self.get"});
  CHECK(g.callees(externals + ".Shelf.lookup") == Names{shapes("Reader.get")});
  // A subscripted base is its class; Generic[T] hides nothing.
  CHECK(g.list_property(externals + ".ReaderBox", "base_classes") == Names{"Box[Reader]", "Reader"});
  CHECK(g.targets(RelType::Inherits, externals + ".ReaderBox") == Names{externals + ".Box", shapes("Reader")});
  CHECK(g.targets(RelType::Inherits, externals + ".Box").empty());
  CHECK(g.callees(externals + ".ReaderBox.fill") == Names{externals + ".Box.put", shapes("Reader.get")});
  // `object` hides nothing.
  CHECK(g.callees(externals + ".Plain.first") == Names{externals + ".Plain.second"});
  CHECK(g.store().find(Label::ExternalPackage, "collections").has_value());
}

TEST_CASE("python flat: a file with a syntax error keeps what parses, and its calls") {
  const auto& g = flat();
  const auto broken = std::find_if(g.files().begin(), g.files().end(),
                                   [](const ingest::FileFacts& f) { return f.relative_path == "app/core/broken.py"; });
  REQUIRE(broken != g.files().end());
  CHECK(broken->has_syntax_errors);
  CHECK(g.callees("app.core.broken.before") == Names{shapes("Reader"), shapes("Reader.get")});
  CHECK(g.callees("app.core.broken.after") == Names{"app.core.broken.before"});
}

TEST_CASE("python flat: every unresolved call site is kept and counted") {
  const auto& g = flat();
  std::vector<std::string> all;
  for (const auto& call : g.program().unresolved_calls) all.push_back(call.text);
  std::sort(all.begin(), all.end());
  CHECK(all == Names{"Engine", "helper", "helper", "make", "register", "self.get", "self.spare.close", "thing.get",
                     "value.get", "value.get"});
  CHECK(g.store().unresolved_call_count() == all.size());
}
