// Flow analysis on tests/fixtures/python/flows: what names, containers,
// parameters, attributes and returns may hold, and the calls that follow.
// Each case asserts the edges that must exist and the wrong ones a name
// matcher or a flow-insensitive reading would make.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "python_fixture.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/queries/traversal_scratch.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::PythonFixture& flows() {
  static const test::PythonFixture fixture("flows");
  return fixture;
}

}  // namespace

TEST_CASE("python flows: tuple, starred, chained and re-assignments") {
  const auto& g = flows();
  const std::string m = "flows.assign.";
  CHECK(g.calls_at(m + "tuples", 18) == Names{m + "f1 direct"});
  CHECK(g.calls_at(m + "tuples", 19) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "tuples", 20) == Names{m + "f3 direct"});
  // `first, *rest, last = f1, f2, f3, f1`: rest is [f2, f3].
  CHECK(g.calls_at(m + "starred", 25) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "starred", 26) == Names{m + "f1 direct"});
  CHECK(g.callees(m + "chained") == Names{m + "f2"});
  // `h = g` reads g where it stands: f1, not the f3 assigned after.
  CHECK(g.callees(m + "aliased") == Names{m + "f1"});
  // Either branch may have run; in straight-line code the last assignment wins.
  CHECK(g.callees(m + "branches") == Names{m + "f1", m + "f2"});
  CHECK(g.callees(m + "rebound") == Names{m + "f3"});
  // Every branch of an if/elif/else assigns k: what k held before is overwritten.
  CHECK(g.calls_at(m + "exhaustive", 74) == Names{m + "f1 direct", m + "f2 direct"});
  // An if without an else may leave m as it was.
  CHECK(g.calls_at(m + "exhaustive", 78) == Names{m + "f1 direct", m + "f3 direct"});
  // A loop's else runs whenever the loop ends without break: with none in
  // the body, what the else assigns overwrites what the loop and the code
  // before it assigned; a loop that may break may skip it.
  CHECK(g.calls_at(m + "loop_else", 88) == Names{m + "f3 direct"});
  CHECK(g.calls_at(m + "loop_else", 96) == Names{m + "f1 direct", m + "f2 direct", m + "f3 direct"});
  // `p, q = pair()` takes the returned tuple's elements by position.
  CHECK(g.calls_at(m + "unpacked", 58) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "unpacked", 59) == Names{m + "f3 direct"});
  CHECK(g.unresolved(m + "unpacked").empty());
}

TEST_CASE("python flows: callables in dicts, lists and loops, by key and index") {
  const auto& g = flows();
  const std::string m = "flows.containers.";
  CHECK(g.callees(m + "by_key") == Names{m + "f1"});
  CHECK(g.callees(m + "overwritten") == Names{m + "f2"});  // the later write of the key
  CHECK(g.callees(m + "by_index") == Names{m + "f2"});
  CHECK(g.callees(m + "looped") == Names{m + "f1", m + "f2"});
  // `rest = handlers[1:]`: rest[0] is handlers[1]; a slice of it shifts again.
  CHECK(g.calls_at(m + "sliced", 55) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "sliced", 56) == Names{m + "f1 direct"});
  // Objects appended to a list, then iterated.
  CHECK(g.callees(m + "appended") == Names{m + "Plugin", m + "Plugin.run"});
  CHECK(g.call(m + "appended", m + "Plugin.run") == "method");
  // A parameter used as a key holds the literal the call passes:
  // `by_parameter(1, "one")` reads table[1] and named["one"].
  CHECK(g.calls_at(m + "by_parameter", 64) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "by_parameter", 65) == Names{m + "f1 direct"});
  // A key of unknown value (`len(table)`) may be any; so may one a call
  // leaves to the parameter's default.
  CHECK(g.calls_at(m + "by_unknown_key", 72) == Names{m + "f1 direct", m + "f2 direct"});
  CHECK(g.calls_at(m + "by_default", 79) == Names{m + "f1 direct", m + "f2 direct"});
  // `groups[name] = []`, then `groups[other].append(f1)`: a name as key is
  // no one key, so both are the list of any key of groups.
  CHECK(g.calls_at(m + "grouped", 93) == Names{m + "f1 direct"});
  // A method of a list the tree builds stores the function it is given
  // (append), and calls only a key= (sort); builtins (sorted, map) call theirs.
  CHECK(g.calls_at(m + "grouped", 91).empty());
  CHECK(g.calls_at(m + "stored_not_called", 110).empty());
  CHECK(g.calls_at(m + "stored_not_called", 111) == Names{m + "f1 direct"});
  // `registry[key] = f2` in register() writes the module's registry, where
  // it may run at any time: it adds to the module's write of "a".
  CHECK(g.calls_at(m + "from_elsewhere", 105) == Names{m + "f1 direct", m + "f2 direct"});
  // A name bound to a literal selects that key: the module's FIRST = "one",
  // SECOND = 1 and TWO = "two" imported from flows.constants.
  CHECK(g.calls_at(m + "by_constant", 118) == Names{m + "f1 direct"});
  CHECK(g.calls_at(m + "by_constant", 119) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "by_constant", 120) == Names{m + "f2 direct"});
  // A function's locals keep no literal (what they hold is read in their
  // own file only, and editing a literal in a body keeps the interface):
  // `key = "one"` (or "two") selects any key, as does one bound to len().
  CHECK(g.calls_at(m + "by_local_constant", 130) == Names{m + "f1 direct", m + "f2 direct"});
  CHECK(g.calls_at(m + "by_local_constant", 132) == Names{m + "f1 direct", m + "f2 direct"});
  // As an object the literal is a builtin str: FIRST.upper() leaves the tree.
  CHECK(g.calls_at(m + "by_local_constant", 133).empty());
  CHECK(g.unresolved(m + "by_local_constant").empty());
  // The name passed to a parameter used as a key passes its literal.
  CHECK(g.calls_at(m + "by_passed_name", 137) == Names{m + "f1 direct"});
  // `i = 0`, then `table[i]()` and `i += 1` in a loop: i may be any key.
  CHECK(g.calls_at(m + "by_counter", 146) == Names{m + "f1 direct", m + "f2 direct"});
  // `extended += [f2]` keeps the list it extends.
  CHECK(g.calls_at(m + "by_counter", 150) == Names{m + "f1 direct"});
  // The module's `step = 0`, then `table[step]()` and `step += 1` in a
  // while loop: every value the module binds step to counts, a loop
  // carrying the later ones back.
  CHECK(g.calls_at("flows.containers", 155) == Names{m + "f1 direct", m + "f2 direct"});
}

TEST_CASE("python flows: returned callables, bound methods and inferred returns") {
  const auto& g = flows();
  const std::string m = "flows.returns.";
  CHECK(g.calls_at(m + "use", 31) == Names{m + "make direct", m + "make.inner direct"});  // make()()
  CHECK(g.calls_at(m + "use", 33) == Names{m + "make.inner direct"});                     // g = make(); g()
  // create_app() returns App() with no annotation; factory() returns that.
  CHECK(g.calls_at(m + "use", 34) == Names{m + "App.run method", m + "factory direct"});
  // `return self.run` is a bound method.
  CHECK(g.calls_at(m + "use", 35) == Names{m + "App constructor", m + "App.handler method", m + "App.run method"});
  CHECK(g.unresolved(m + "use").empty());
  // A function returning a parameter as it is gives, at a call, what that
  // call passes (by position or keyword), not what every call passes.
  CHECK(g.calls_at(m + "passed_through", 58) == Names{m + "identity direct", m + "step_b direct"});
  CHECK(g.calls_at(m + "passed_through", 60) == Names{m + "step_a direct"});
  CHECK(g.calls_at(m + "passed_through", 61) == Names{m + "identity direct", m + "step_b direct"});
  // One returning either of two parameters gives what flows into both.
  CHECK(g.calls_at(m + "passed_through", 62) == Names{m + "first_of direct", m + "step_a direct", m + "step_b direct"});
}

TEST_CASE("python flows: callables passed as arguments, by keyword, into constructors and to builtins") {
  const auto& g = flows();
  const std::string m = "flows.arguments.";
  CHECK(g.callees(m + "call_it") == Names{m + "target"});
  CHECK(g.callees(m + "call_kw") == Names{m + "other"});  // passed as second=
  // Runner(target) stores it in self.task; start() calls it.
  CHECK(g.callees(m + "Runner.start") == Names{m + "target"});
  // A lambda is a function of its own, called by the builtin it is given to.
  CHECK(g.store().find(Label::Function, m + "apply.<lambda1>").has_value());
  CHECK(g.calls_at(m + "apply", 32) == Names{m + "apply.<lambda1> direct"});
  CHECK(g.callees(m + "apply.<lambda1>") == Names{m + "other"});
  CHECK(g.callees(m + "apply") ==
        Names{m + "Runner", m + "Runner.start", m + "apply.<lambda1>", m + "call_it", m + "call_kw"});
}

TEST_CASE("python flows: decorators are calls; a decorated name reaches the wrapper, which calls the definition") {
  const auto& g = flows();
  const std::string m = "flows.decorators";
  // Applying a decorator calls it, from the scope that applies it.
  CHECK(g.calls_at(m, 17) == Names{m + ".logged direct"});
  CHECK(g.calls_at(m, 22) == Names{m + ".register direct"});
  CHECK(g.calls_at(m, 27) == Names{m + ".register direct"});
  // The wrapper calls what was decorated (through its parameter).
  CHECK(g.callees(m + ".logged.wrapper") == Names{m + ".work"});
  CHECK(g.calls_at(m + ".main", 34) == Names{m + ".logged.wrapper direct"});
  // A decorator that returns what it is given gives that definition back:
  // plain() is plain, not every function register decorates.
  CHECK(g.calls_at(m + ".main", 35) == Names{m + ".plain direct"});
  CHECK(g.calls_at(m + ".main", 36) == Names{m + ".Service constructor", m + ".Service.serve method"});
}

TEST_CASE("python flows: with, for and raise make their calls") {
  const auto& g = flows();
  const std::string m = "flows.implicit.";
  // `with Session() as session`: __enter__ returns self, so session is a Session.
  CHECK(g.callees(m + "fetch") ==
        Names{m + "Session", m + "Session.__enter__", m + "Session.__exit__", m + "Session.request"});
  CHECK(g.callees(m + "count") == Names{m + "Numbers", m + "Numbers.__iter__", m + "Numbers.__next__"});
  CHECK(g.calls_at(m + "fail", 38) == Names{m + "Failure constructor"});
  // print(n) is a builtin; the implicit calls a type outside the tree would
  // make are no unresolved sites.
  CHECK(g.unresolved(m + "count").empty());
  // `def __enter__(self) -> Self`: the instance.
  CHECK(g.callees(m + "borrow") == Names{m + "Pool", m + "Pool.__enter__", m + "Pool.__exit__", m + "Pool.take"});
  // : s is what the __next__ of what __iter__ returns returns.
  CHECK(g.calls_at(m + "iterate", 76) == Names{m + "step direct"});
  CHECK(g.callees(m + "iterate") == Names{m + "StepIterator.__next__", m + "Steps", m + "Steps.__iter__", m + "step"});
}

TEST_CASE("python flows: pytest fixtures type the parameters named after them") {
  const auto& g = flows();
  const std::string m = "flows.testing.test_app.";
  // app comes from conftest.py's fixture, which returns App().
  CHECK(g.callees(m + "test_runs") == Names{"flows.returns.App.run"});
  // A fixture using a fixture, and yielding: app.handler() is the bound App.run.
  CHECK(g.callees("flows.testing.conftest.running") == Names{"flows.returns.App.handler"});
  CHECK(g.callees(m + "test_running") == Names{"flows.returns.App.run"});
  // Only tests and fixtures receive fixtures.
  CHECK(g.callees(m + "helper").empty());
  CHECK(g.unresolved(m + "helper") == Names{"app.run"});
  // `@pytest.fixture(name="served")` is the fixture `served`, not `_served_app`.
  CHECK(g.callees(m + "test_served") == Names{"flows.returns.App.run"});
  CHECK(g.callees(m + "test_not_by_function_name").empty());
}

TEST_CASE("python flows: attributes set from parameters and through typed receivers elsewhere") {
  const auto& g = flows();
  const std::string m = "flows.attributes.";
  // self.callback = callback (on_done, from Job(on_done)) and job.callback = on_fail.
  CHECK(g.callees(m + "Job.finish") == Names{m + "on_done", m + "on_fail"});
  CHECK(g.callees(m + "configure") == Names{m + "Job", m + "Job.finish"});
}

TEST_CASE("python flows: callers of an override include calls through the base, marked as dispatch") {
  const auto& g = flows();
  const std::string m = "flows.dispatch.";
  // The edge stays on the static type.
  CHECK(g.callees(m + "measure") == Names{m + "Shape.area"});
  CHECK(g.callees(m + "measure_square") == Names{m + "Square.area"});

  queries::TraversalScratch scratch;
  const auto names = [&](const queries::CallReachResult& r) {
    Names out;
    for (const auto& n : r.nodes) {
      out.push_back(std::to_string(n.depth) + " " + g.store().qualified_name(n.node) +
                    (n.through == kNoNode ? "" : " through " + g.store().qualified_name(n.through)));
    }
    return out;
  };
  auto callers = queries::query_callers(g.store(), {.function_name = m + "Square.area"}, scratch);
  REQUIRE(callers.ok());
  CHECK(names(*callers) == Names{"1 " + m + "measure_square", "1 " + m + "measure through " + m + "Shape.area"});
  CHECK(callers->count.total_count == 2);
  // Deeper: outer reaches it through measure; the chain runs to the override.
  callers = queries::query_callers(g.store(), {.function_name = m + "Square.area", .max_depth = 2}, scratch);
  REQUIRE(callers.ok());
  CHECK(names(*callers) == Names{"1 " + m + "measure_square", "1 " + m + "measure through " + m + "Shape.area",
                                 "2 " + m + "outer through " + m + "Shape.area"});
  REQUIRE(callers->call_chains.size() == 3);
  std::vector<std::string> chain;
  for (const NodeId n : callers->call_chains.front()) chain.push_back(g.store().qualified_name(n));
  CHECK(chain == Names{m + "outer", m + "measure", m + "Shape.area", m + "Square.area"});
  // Without dispatch, only the direct caller; the base's callers are its own.
  callers = queries::query_callers(g.store(), {.function_name = m + "Square.area", .dispatch = false}, scratch);
  REQUIRE(callers.ok());
  CHECK(names(*callers) == Names{"1 " + m + "measure_square"});
  callers = queries::query_callers(g.store(), {.function_name = m + "Shape.area"}, scratch);
  REQUIRE(callers.ok());
  CHECK(names(*callers) == Names{"1 " + m + "measure"});
}

TEST_CASE("python flows: of two star imports binding a name, the later wins") {
  const auto& g = flows();
  CHECK(g.callees("flows.stars.choose") == Names{"flows.star_b.pick"});
}

TEST_CASE("python flows: operators call their operand's dunder methods when its class is known") {
  const auto& g = flows();
  const std::string m = "flows.operators.";
  // `a + b` is a.__add__(b), whose return types `total`; `-a` is a.__neg__().
  CHECK(g.callees(m + "arithmetic") == Names{m + "Vector.__add__", m + "Vector.__neg__", m + "Vector.norm"});
  CHECK(g.call(m + "arithmetic", m + "Vector.__add__") == "method");
  // `a < b` is a.__lt__(b); `3 in a` is a.__contains__(3), on the right operand.
  CHECK(g.callees(m + "compare") == Names{m + "Vector.__contains__", m + "Vector.__lt__"});
  CHECK(g.callees(m + "index") == Names{m + "Vector.__getitem__", m + "Vector.__setitem__"});
  // `a += a` with no __iadd__ is a + a; Counter has its own __iadd__.
  CHECK(g.callees(m + "augmented") == Names{m + "Counter.__iadd__", m + "Vector.__add__"});
  // Operands of unknown type make no edge, and no unresolved call site either.
  CHECK(g.callees(m + "unknown").empty());
  CHECK(g.unresolved(m + "unknown").empty());
  // `Vector[int]` subscripts the class: its metaclass's __getitem__, not Vector's.
  CHECK(g.callees(m + "on_class").empty());
}

TEST_CASE("python flows: an object's attributes are its own, and a write that surely runs first replaces them") {
  const auto& g = flows();
  const std::string m = "flows.objects.";
  const Names every{m + "f1 direct", m + "f2 direct", m + "f3 direct"};
  // Two objects of one class, each built with its own callable.
  CHECK(g.calls_at(m + "per_object", 41) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "per_object", 42) == Names{m + "f1 direct"});
  // A method run on the object rebinds the attribute before the read.
  CHECK(g.calls_at(m + "through_method", 48) == Names{m + "f2 direct"});
  // A direct write replaces; one in a branch adds to what was there.
  CHECK(g.calls_at(m + "direct", 54) == Names{m + "f3 direct"});
  CHECK(g.calls_at(m + "direct", 57) == Names{m + "f2 direct", m + "f3 direct"});
  // A method that writes only in a branch may leave the constructor's value.
  CHECK(g.calls_at(m + "in_branch_method", 63) == Names{m + "f1 direct", m + "f2 direct"});
  // Functions of another module given the object write it, directly or
  // through a function nested in them.
  CHECK(g.calls_at(m + "through_functions", 69) == Names{m + "f2 direct"});
  CHECK(g.calls_at(m + "through_functions", 71) == Names{m + "f3 direct"});
  // Kept where the trace cannot follow, or read in a loop: every value the
  // class's instances get anywhere.
  CHECK(g.calls_at(m + "escaped", 77) == every);
  CHECK(g.calls_at(m + "in_loop", 83) == every);
  // A module-level object written by a function that reaches its name.
  CHECK(g.calls_at("flows.objects", 94) == Names{m + "f2 direct"});
  CHECK(g.unresolved(m + "per_object").empty());
}

TEST_CASE("python flows: rounds end in a fixpoint, when a set grows past Many and when slices recurse") {
  const auto& g = flows();
  const std::string m = "flows.settle.";
  // run's fn receives f1..f15 and relay; calling relay passes g back into
  // run, the 17th value: fn is Many, which resolves to nothing, so relay
  // would receive nothing and fn fall back to 16, round after round. The
  // flows stop shrinking, and fn stays Many.
  CHECK(g.calls_at(m + "run", 69).empty());
  CHECK(g.unresolved(m + "run") == Names{"fn"});
  CHECK(g.callees(m + "relay") == Names{m + "run"});
  // What f1 was passed while fn was known stays passed.
  CHECK(g.callees(m + "f1") == Names{m + "g"});
  // walk(steps[1:]) in walk: slices of slices, from an unknown start past a
  // few, whose elements are any of the list's.
  CHECK(g.calls_at(m + "walk", 97) == Names{m + "f2 direct", m + "g direct"});
  CHECK(g.calls_at(m + "walk", 98) == Names{m + "walk direct"});
}

TEST_CASE("python flows: a base class's self.m() reaches the subclasses that define m, in other files too") {
  const auto& g = flows();
  const std::string m = "flows.hierarchy.";
  const std::string sub = "flows.hierarchy_sub.";
  // Base defines no step: Child's (Grandchild inherits it) is the candidate,
  // not Unrelated's. hook is assigned to instances of Grandchild (its bound
  // step) and Other (helper).
  CHECK(g.calls_at(m + "Base.run", 6) == Names{sub + "Child.step method"});
  CHECK(g.calls_at(m + "Base.run", 7) == Names{sub + "Child.step method", sub + "helper direct"});
  // Base defines own: the call is Base.own's, as without subclasses.
  CHECK(g.calls_at(m + "Base.run", 8) == Names{m + "Base.own method"});
  // cls.make() in a classmethod: the subclasses' classmethods.
  CHECK(g.calls_at(m + "Base.build", 15) == Names{sub + "Child.make method"});
  CHECK(g.unresolved(m + "Base.run").empty());
}

TEST_CASE("python flows: a dict's values(), keys() and items() iterated give its values and keys") {
  const auto& g = flows();
  const std::string m = "flows.views.";
  const Names closes{m + "A.close method", m + "B.close method", m + "C.close method"};
  // `d = {"a": A(), "b": B()}`, `d["c"] = C()`: every value, not D's
  // (another dict's), nor the close of every class (a name matcher's).
  CHECK(g.calls_at(m + "by_literal", 29) == closes);
  // `for k, v in d.items()`: v is a value, k a key (a str: out of the tree).
  CHECK(g.calls_at(m + "by_literal", 31) == closes);
  CHECK(g.calls_at(m + "by_literal", 32).empty());
  CHECK(g.calls_at(m + "by_literal", 34).empty());
  CHECK(g.unresolved(m + "by_literal").empty());
  // `registry[A] = handler`: keys() gives the classes, items() the pair.
  CHECK(g.calls_at(m + "by_class_key", 46) == Names{m + "A constructor", m + "B constructor"});
  CHECK(g.calls_at(m + "by_class_key", 48) == Names{m + "handler direct"});
  CHECK(g.calls_at(m + "other_dict", 78) == Names{m + "D.close method"});
}

TEST_CASE("python flows: self.d written by the class's other methods holds what they write") {
  const auto& g = flows();
  const std::string m = "flows.views.";
  // `self.members = OrderedDict()` in __init__, filled by mount()
  // (`self.members[prefix] = member`) with what __init__ passes it; not
  // Registry's D (another class's `self.members`).
  CHECK(g.calls_at(m + "Pool.close", 62) == Names{m + "A.close method", m + "B.close method"});
  // pick() returns a value of items(); send() calls its close.
  CHECK(g.calls_at(m + "Pool.send", 72) == Names{m + "A.close method", m + "B.close method"});
  CHECK(g.unresolved(m + "Pool.close").empty());
  CHECK(g.unresolved(m + "Pool.send").empty());
  // `self.members = {}` in __init__, `self.members["d"] = D()` in add():
  // D's close only, not Pool's members' A and B.
  CHECK(g.calls_at(m + "Registry.close", 90) == Names{m + "D.close method"});
}

TEST_CASE("python flows: dict() and OrderedDict() with no arguments are an empty dict") {
  const auto& g = flows();
  const std::string m = "flows.views.";
  // `d = dict()`, `d["a"] = A()`: A's close, not B's or C's.
  CHECK(g.calls_at(m + "by_dict_call", 96) == Names{m + "A.close method"});
  CHECK(g.calls_at(m + "by_dict_call", 99) == Names{m + "C.close method"});
  // `dict(b=B())` copies its arguments, which the analysis does not follow:
  // no edge rather than a guessed one.
  CHECK(g.calls_at(m + "by_dict_call", 101).empty());
}

TEST_CASE("python flows: an instance passed to a parameter or stored in an attribute is called through its __call__") {
  const auto& g = flows();
  const std::string m = "flows.callables.";
  // Only the class whose instance reaches the name: never Unused.__call__,
  // nor Stamper's where Signer's is passed.
  CHECK(g.calls_at(m + "apply", 21) == Names{m + "Signer.__call__ method"});
  // `typing.cast(T, auth)` is auth, by position or by keyword.
  CHECK(g.calls_at(m + "apply_cast", 26) == Names{m + "Signer.__call__ method"});
  CHECK(g.calls_at(m + "apply_cast_keyword", 30) == Names{m + "Stamper.__call__ method"});
  CHECK(g.calls_at(m + "Session.send", 38) == Names{m + "Stamper.__call__ method"});
  CHECK(g.unresolved(m + "apply_cast").empty());
  CHECK(g.unresolved(m + "apply_cast_keyword").empty());
}

TEST_CASE("python flows: getattr, callable and isinstance look at the function they are given without calling it") {
  const auto& g = flows();
  const std::string m = "flows.callables.";
  // `view` holds apply: no inspected -> apply edge.
  CHECK(g.calls_at(m + "inspected", 49).empty());
  CHECK(g.unresolved(m + "inspected").empty());
  // sorted(key=view) does call it.
  CHECK(g.calls_at(m + "handed", 53) == Names{m + "apply direct"});
}

TEST_CASE("python flows: an attribute the class body declares or binds to nothing of the tree holds what the methods assign") {
  const auto& g = flows();
  const std::string m = "flows.declared.";
  // `members: MutableMapping[str, Any]` names no class of the tree: the
  // `{}` __init__ assigns, filled by mount(), stands; `current = None`
  // gives way to the Adapter() __init__ assigns. Never Spare's close.
  CHECK(g.calls_at(m + "Holder.close", 29) == Names{m + "Adapter.close method"});
  CHECK(g.calls_at(m + "Holder.close", 30) == Names{m + "Adapter.close method"});
  CHECK(g.unresolved(m + "Holder.close").empty());
  CHECK(g.calls_at(m + "spare", 34) == Names{m + "Spare constructor", m + "Spare.close method"});
}
