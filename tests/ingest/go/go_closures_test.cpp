// Calls of closures and function values bound to names, on
// tests/fixtures/go/closures (EXPECTED.md there lists each rule): the
// complete CALLS set inside the module, so every edge a name matcher would
// add is asserted absent too, and the calls that must stay unresolved.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& go_closures() {
  static const test::IndexedFixture fixture("go/closures");
  return fixture;
}

// "from -> to" of every CALLS edge of the graph, sorted.
Names all_calls() {
  const GraphStore& store = go_closures().store();
  Names edges;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    for (const NodeId target : store.out(RelType::Calls, node)) {
      edges.push_back(store.qualified_name(node) + " -> " + store.qualified_name(target));
    }
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

constexpr const char* kApp = "example.com/closures/app.";

std::string app(const std::string& name) { return kApp + name; }

}  // namespace

TEST_CASE("go: a closure bound to a name is a Function of its enclosing function, funcN; at package level its variable") {
  const Names functions = go_closures().names(Label::Function);
  for (const char* closure : {"Serve.func1", "ServeVar.func1", "ServeTyped.func1", "Branches.func1", "Branches.func2",
                              "Overwritten.func1", "Overwritten.func2", "Nested.func1", "Nested.func2", "handler",
                              "Server.Loop.func1", "Either.func1", "Either.func2", "Switched.func1", "Switched.func2",
                              "Shadowed.func1", "Shadowed.func2", "Shadowed.func3", "InitShadow.func1",
                              "InitShadow.func2"}) {
    CHECK_MESSAGE(std::find(functions.begin(), functions.end(), app(closure)) != functions.end(), closure);
  }
  // A literal bound to no name (a callback) is no node; nor are the locals holding function values.
  for (const char* none : {"Callback.func1", "Values.f", "Values.g", "Values.h", "Serve.run", "Unknown.fn"}) {
    CHECK_MESSAGE(std::find(functions.begin(), functions.end(), app(none)) == functions.end(), none);
  }
  CHECK(go_closures().targets(RelType::Defines, app("Serve")) == Names{app("Serve.func1")});
  CHECK(go_closures().targets(RelType::Defines, app("Server.Loop")) == Names{app("Server.Loop.func1")});
  CHECK(go_closures().property(app("Serve.func1"), "line_start") == "22");
  CHECK(go_closures().property(app("handler"), "line_start") == "66");
}

TEST_CASE("go: the complete CALLS set of closures and function values") {
  Names expected{
      // `run := func() {...}; run()`; the closure's own call is its own.
      app("Serve -> ") + app("Serve.func1"),
      app("Serve.func1 -> ") + app("helper"),
      // `var run = func() {...}`, and with a function type.
      app("ServeVar -> ") + app("ServeVar.func1"),
      app("ServeVar.func1 -> ") + app("other"),
      app("ServeTyped -> ") + app("ServeTyped.func1"),
      app("ServeTyped.func1 -> ") + app("helper"),
      // Re-assigned in a branch: the closure before it and the branch's both reach the call.
      app("Branches -> ") + app("Branches.func1"),
      app("Branches -> ") + app("Branches.func2"),
      app("Branches.func1 -> ") + app("helper"),
      app("Branches.func2 -> ") + app("other"),
      // Overwritten: only the second reaches the call.
      app("Overwritten -> ") + app("Overwritten.func2"),
      app("Overwritten.func1 -> ") + app("helper"),
      app("Overwritten.func2 -> ") + app("other"),
      // A closure called from a closure.
      app("Nested -> ") + app("Nested.func2"),
      app("Nested.func1 -> ") + app("helper"),
      app("Nested.func2 -> ") + app("Nested.func1"),
      // A package-level closure.
      app("handler -> ") + app("helper"),
      app("UseHandler -> ") + app("handler"),
      // A method value, another package's function, this package's function.
      app("Values -> ") + app("Server.Start"),
      app("Values -> ") + "example.com/closures/util.Format",
      app("Values -> ") + app("helper"),
      // A closure in a method.
      app("Server.Loop -> ") + app("Server.Loop.func1"),
      app("Server.Loop.func1 -> ") + app("Server.Stop"),
      // A literal bound to no name: its calls are its enclosing function's.
      app("Callback -> ") + app("other"),
      // Assigned in both branches of an if: both.
      app("Either -> ") + app("Either.func1"),
      app("Either -> ") + app("Either.func2"),
      app("Either.func1 -> ") + app("helper"),
      app("Either.func2 -> ") + app("other"),
      // Re-assigned in a case clause: both.
      app("Switched -> ") + app("Switched.func1"),
      app("Switched -> ") + app("Switched.func2"),
      app("Switched.func1 -> ") + app("helper"),
      app("Switched.func2 -> ") + app("other"),
      // A block's own run (func2, overwritten by func3 before its call)
      // shadows the outer one (func1): never Shadowed -> func2.
      app("Shadowed -> ") + app("Shadowed.func1"),
      app("Shadowed -> ") + app("Shadowed.func3"),
      app("Shadowed.func1 -> ") + app("helper"),
      app("Shadowed.func2 -> ") + app("other"),
      app("Shadowed.func3 -> ") + "example.com/closures/util.Format",
      // An if's initialiser declares its own run.
      app("InitShadow -> ") + app("InitShadow.func1"),
      app("InitShadow -> ") + app("InitShadow.func2"),
      app("InitShadow.func1 -> ") + app("helper"),
      app("InitShadow.func2 -> ") + app("other"),
  };
  std::sort(expected.begin(), expected.end());
  CHECK(all_calls() == expected);
  CHECK(go_closures().calls(app("Serve")) == Names{app("Serve.func1") + " direct 25"});
  CHECK(go_closures().calls(app("Values")) ==
        Names{app("Server.Start") + " method 79", app("helper") + " direct 83", "example.com/closures/util.Format direct 81"});
}

TEST_CASE("go: function values nothing tells stay unresolved, and a local never resolves to a function it shadows") {
  // A parameter of function type, a struct field of function type.
  CHECK(go_closures().unresolved(app("Unknown")) == Names{"fn", "s.cb"});
  CHECK(go_closures().calls(app("Unknown")).empty());
  // `run := mk()`: the local run, not the package function run.
  CHECK(go_closures().calls(app("Shadow")).empty());
  CHECK(go_closures().targets(RelType::Calls, app("Serve")) == Names{app("Serve.func1")});
  for (const char* caller : {"Serve", "ServeVar", "ServeTyped", "Shadow"}) {
    const Names callees = go_closures().targets(RelType::Calls, app(caller));
    CHECK_MESSAGE(std::find(callees.begin(), callees.end(), app("run")) == callees.end(), caller);
  }
}

TEST_CASE("go: calling a name calls every closure of the assignments that may reach the call, not those a block shadows") {
  // `pick := f1; if c { pick = f2 }; pick()` (line 46): both.
  CHECK(go_closures().calls(app("Branches")) ==
        Names{app("Branches.func1") + " direct 46", app("Branches.func2") + " direct 46"});
  // `var run func()`, then `run = ...` in each branch of an if/else (line 121).
  CHECK(go_closures().calls(app("Either")) ==
        Names{app("Either.func1") + " direct 121", app("Either.func2") + " direct 121"});
  // A case clause's `=` (line 131).
  CHECK(go_closures().calls(app("Switched")) ==
        Names{app("Switched.func1") + " direct 131", app("Switched.func2") + " direct 131"});
  // `run := func2; run = func3; run()` in a block (line 141) calls func3 only;
  // after the block (line 143) only the outer run's func1: the block's `:=`
  // declared another run, and its `=` assigned that one.
  CHECK(go_closures().calls(app("Shadowed")) ==
        Names{app("Shadowed.func1") + " direct 143", app("Shadowed.func3") + " direct 141"});
  // `if run := func2; ... { run() }` (line 151), then `run()` (line 153).
  CHECK(go_closures().calls(app("InitShadow")) ==
        Names{app("InitShadow.func1") + " direct 153", app("InitShadow.func2") + " direct 151"});
  // Overwritten in the function's own block: only the last.
  CHECK(go_closures().calls(app("Overwritten")) == Names{app("Overwritten.func2") + " direct 53"});
}
