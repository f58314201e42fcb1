#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "python/python_extractor.hpp"
#include "support/indexed_fixture.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

FileFacts extract(std::string_view source) {
  static const auto queries = python::PythonQueries::compile();
  REQUIRE(queries.ok());
  python::PythonExtractor extractor(*queries);
  return extractor.extract(source, "shop/mod.py");
}

std::string chain_text(const LinkChain& chain) {
  std::string out;
  for (const Link& link : chain) {
    switch (link.kind) {
      case Link::Kind::Name: out += link.text; break;
      case Link::Kind::Attribute: out += "." + link.text; break;
      case Link::Kind::Call: out += "()"; break;
      case Link::Kind::Literal: out += "<" + link.text + ">"; break;
      case Link::Kind::Opaque: out += "?"; break;
      case Link::Kind::Element: out += "[" + link.text + "]"; break;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("python extractor finds classes, methods, nested functions with parents and spans") {
  const FileFacts facts = extract(
      "import os\n"
      "\n"
      "@dataclass\n"
      "class User(Base, mixins.Audit, metaclass=Meta):\n"
      "    \"\"\"A user.\"\"\"\n"
      "    @property\n"
      "    def name(self) -> str:\n"
      "        return self._name\n"
      "\n"
      "    async def save(self, repo: Repo, n=1):\n"
      "        def inner():\n"
      "            pass\n"
      "        return inner\n"
      "\n"
      "def helper():\n"
      "    '''Helps.'''\n");
  REQUIRE(facts.definitions.size() == 5);
  const auto& user = facts.definitions[0];
  CHECK(user.label == Label::Class);
  CHECK(user.name == "User");
  CHECK(user.parent == kModuleScope);
  CHECK(user.span.line_start == 4);
  CHECK(user.span.line_end == 13);
  CHECK(user.docstring == "A user.");
  CHECK(user.decorators == std::vector<std::string>{"dataclass"});
  CHECK(user.base_texts == std::vector<std::string>{"Base", "mixins.Audit"});
  REQUIRE(user.bases.size() == 2);
  CHECK(chain_text(user.bases[1]) == "mixins.Audit");

  const auto& name = facts.definitions[1];
  CHECK(name.label == Label::Method);
  CHECK(name.parent == 0);
  CHECK(name.decorators == std::vector<std::string>{"property"});
  CHECK(name.first_parameter == "self");

  const auto& save = facts.definitions[2];
  CHECK(save.label == Label::Method);
  CHECK(save.is_async);
  REQUIRE(save.annotated_parameters.size() == 1);
  CHECK(save.annotated_parameters[0].first == "repo");
  CHECK(chain_text(save.annotated_parameters[0].second) == "Repo");

  const auto& inner = facts.definitions[3];
  CHECK(inner.label == Label::Function);
  CHECK(inner.parent == 2);

  const auto& helper = facts.definitions[4];
  CHECK(helper.label == Label::Function);
  CHECK(helper.parent == kModuleScope);
  CHECK(helper.docstring == "Helps.");
  CHECK(helper.span.line_start == 15);
  CHECK(facts.line_count == 16);
  CHECK_FALSE(facts.has_syntax_errors);
}

TEST_CASE("python extractor reads every import form") {
  const FileFacts facts = extract(
      "import a.b.c\n"
      "import a.b as ab, os\n"
      "from .sibling import thing as t, other\n"
      "from .. import parent_mod\n"
      "from pkg.mod import *\n"
      "def f():\n"
      "    from lazy import later\n");
  REQUIRE(facts.imports.size() == 8);
  CHECK(facts.imports[0].module == "a.b.c");
  CHECK_FALSE(facts.imports[0].is_from);
  CHECK(facts.imports[1].module == "a.b");
  CHECK(facts.imports[1].alias == "ab");
  CHECK(facts.imports[2].module == "os");
  CHECK(facts.imports[3].is_from);
  CHECK(facts.imports[3].level == 1);
  CHECK(facts.imports[3].module == "sibling");
  CHECK(facts.imports[3].name == "thing");
  CHECK(facts.imports[3].alias == "t");
  CHECK(facts.imports[4].name == "other");
  CHECK(facts.imports[5].level == 2);
  CHECK(facts.imports[5].module.empty());
  CHECK(facts.imports[5].name == "parent_mod");
  CHECK(facts.imports[6].module == "pkg.mod");
  CHECK(facts.imports[6].name == "*");
  CHECK(facts.imports[6].scope == kModuleScope);
  // The import inside f() is scoped to f (definition 0).
  const auto lazy = std::find_if(facts.imports.begin(), facts.imports.end(),
                                 [](const Import& i) { return i.module == "lazy"; });
  REQUIRE(lazy != facts.imports.end());
  CHECK(lazy->scope == 0);
}

TEST_CASE("python extractor reads calls as link chains with their caller") {
  const FileFacts facts = extract(
      "setup()\n"
      "class C:\n"
      "    registry = make_registry()\n"
      "    def m(self):\n"
      "        self.repo.save(x)\n"
      "        super().m()\n"
      "        Builder().build()\n"
      "        data[0].go()\n");
  // super() and Builder() are calls too, and data[0] is data.__getitem__(0).
  REQUIRE(facts.calls.size() == 9);
  auto find = [&](std::string_view text) {
    const auto it = std::find_if(facts.calls.begin(), facts.calls.end(),
                                 [&](const CallSite& c) { return chain_text(c.callee) == text; });
    REQUIRE(it != facts.calls.end());
    return *it;
  };
  CHECK(find("setup").caller == kModuleScope);
  CHECK(find("make_registry").caller == kModuleScope);  // class bodies run in the module
  CHECK(find("self.repo.save").caller == 1);
  CHECK(find("self.repo.save").line == 5);
  CHECK(find("super().m").caller == 1);
  CHECK(find("Builder().build").line == 7);
  CHECK(find("data[i:0].go").text == "data[0].go");
  CHECK(find("data.__getitem__").implicit);
  CHECK_FALSE(find("data[i:0].go").implicit);
}

namespace {
// "target = value @line" for each assignment, in order.
std::vector<std::string> assignment_texts(const FileFacts& facts) {
  std::vector<std::string> out;
  for (const Assignment& a : facts.assignments) {
    out.push_back(chain_text(a.target) + " = " + chain_text(a.value) + " @" + std::to_string(a.line));
  }
  return out;
}
}  // namespace

TEST_CASE("python extractor: destructuring, chained and element assignments") {
  const FileFacts facts = extract(
      "a, (b, c) = f, (g, h)\n"
      "x = y = k\n"
      "p, *rest = make()\n"
      "d = {\"k\": f, 1: g, \"n\": 2, \"deep\": {\"e\": h}}\n"
      "d[\"z\"] = f\n"
      "xs = [f, *others]\n"
      "xs.append(g)\n"
      "d.update({\"u\": h}, v=k)\n"
      "first, second = pair\n");
  CHECK(assignment_texts(facts) == std::vector<std::string>{
                                       "a = f @1",
                                       "b = g @1",
                                       "c = h @1",
                                       "x = k @2",
                                       "y = k @2",
                                       "p = make()[i:0] @3",
                                       "rest = <list> @3",
                                       "rest[] = make()[] @3",
                                       "d = <dict> @4",
                                       "d[s:k] = f @4",
                                       "d[i:1] = g @4",
                                       "d[s:deep][s:e] = h @4",
                                       "d[s:deep] = <dict> @4",
                                       "d[s:z] = f @5",
                                       "xs = <list> @6",
                                       "xs[i:0] = f @6",
                                       "xs[] = others[] @6",
                                       "xs[] = g @7",
                                       "d[s:u] = h @8",
                                       "d[s:v] = k @8",
                                       "first = pair[i:0] @9",
                                       "second = pair[i:1] @9",
                                   });
}

TEST_CASE("python extractor: returns, loops, with, raise, lambdas, decorators and arguments") {
  const FileFacts facts = extract(
      "def make(a, b=None):\n"
      "    for item in a.items:\n"
      "        item()\n"
      "    with open_it() as handle:\n"
      "        pass\n"
      "    if b:\n"
      "        raise Failure\n"
      "    return a, b\n"
      "\n"
      "@register(kind=1)\n"
      "def hook():\n"
      "    return lambda x: x.go()\n"
      "\n"
      "run(hook, 3, key=lambda y: y, *args)\n");
  REQUIRE(facts.definitions.size() == 4);
  const Definition& inner = facts.definitions[2];
  CHECK(inner.name == "<lambda1>");
  CHECK(inner.parent == 1);  // hook
  CHECK(inner.label == Label::Function);
  CHECK(inner.parameters == std::vector<std::string>{"x"});
  CHECK(facts.definitions[3].name == "<lambda1>");  // the module's first lambda
  CHECK(facts.definitions[3].parent == kModuleScope);

  CHECK(assignment_texts(facts) == std::vector<std::string>{
                                       "item = a.items[] @2",
                                       "handle = open_it().__enter__() @4",
                                       "return = <tuple> @8",
                                       "return[i:0] = a @8",
                                       "return[i:1] = b @8",
                                       "return = <lambda1> @12",
                                       "return = x.go() @12",
                                       "return = y @14",
                                   });
  // The loop variable and `return` are bound in the function's own block
  // (lines 2-8), the lambdas' returns at module level: kNoLine for both.
  CHECK(facts.assignments[0].block_end == 0xFFFFFFFFu);
  CHECK(facts.assignments[2].block_end == 0xFFFFFFFFu);
  CHECK(facts.assignments.back().block_end == 0xFFFFFFFFu);

  std::vector<std::string> calls;
  for (const CallSite& c : facts.calls) {
    calls.push_back(std::to_string(c.line) + " " + chain_text(c.callee) + (c.implicit ? " implicit" : ""));
  }
  CHECK(calls == std::vector<std::string>{
                     "2 a.items.__iter__ implicit",
                     "2 a.items.__iter__().__next__ implicit",
                     "3 item",
                     "4 open_it",
                     "4 open_it().__enter__ implicit",
                     "4 open_it().__exit__ implicit",
                     "7 Failure",
                     "10 register",
                     "10 register() implicit",
                     "12 x.go",
                     "14 run",
                 });
  // Each call's innermost block: the loop's (3), the if's (7); kNoLine in
  // the function's own block and at module level.
  CHECK(facts.calls[0].block_end == 0xFFFFFFFFu);
  CHECK(facts.calls[2].block_end == 3);
  CHECK(facts.calls[6].block_end == 7);
  CHECK(facts.calls.back().block_end == 0xFFFFFFFFu);
  const CallSite& run = facts.calls.back();
  REQUIRE(run.arguments.size() == 4);
  CHECK(chain_text(run.arguments[0]) == "hook");
  CHECK(chain_text(run.arguments[1]) == "[i:3]");  // an integer literal carries the key it selects
  CHECK(chain_text(run.arguments[2]) == "<lambda1>");
  CHECK(run.keywords == std::vector<std::string>{"", "", "key", "*"});
}

TEST_CASE("python extractor keeps literal arguments as keys and names used as subscript keys") {
  const FileFacts facts = extract(
      "def pick(table, key, fallback=None, *rest, strict: bool = False):\n"
      "    table[key]()\n"
      "    table[key] = f\n"
      "\n"
      "pick(t, 1)\n"
      "pick(t, 'one')\n"
      "pick(t, 1.5, 'a much longer message than any key would be')\n");
  CHECK(assignment_texts(facts) == std::vector<std::string>{"table[n:key] = f @3"});
  // fallback (2) and strict (4) have defaults.
  CHECK(facts.definitions[0].defaulted == 0b10100);
  std::vector<const CallSite*> calls;  // the written ones (the subscripts' __getitem__ and __setitem__ left out)
  for (const CallSite& c : facts.calls) {
    if (!c.implicit) calls.push_back(&c);
  }
  REQUIRE(calls.size() == 4);
  CHECK(chain_text(calls[0]->callee) == "table[n:key]");
  CHECK(chain_text(calls[1]->arguments[1]) == "[i:1]");
  CHECK(chain_text(calls[2]->arguments[1]) == "[s:one]");
  // A float, and a string too long to be a key, carry nothing.
  REQUIRE(calls[3]->arguments.size() == 3);
  CHECK(calls[3]->arguments[1].empty());
  CHECK(calls[3]->arguments[2].empty());
}

TEST_CASE("python extractor reads annotated and constructor assignments and __all__") {
  const FileFacts facts = extract(
      "__all__ = ['public', \"other\"]\n"
      "__all__ += ['more']\n"
      "svc = Service()\n"
      "count = 1\n"
      "class A:\n"
      "    def __init__(self, repo: 'models.Repo'):\n"
      "        self.repo: Optional[Repo] = repo\n"
      "        self.cache = cache.make()\n");
  CHECK(facts.has_all);
  CHECK(facts.all_names == std::vector<std::string>{"public", "other", "more"});
  REQUIRE(facts.assignments.size() == 4);
  CHECK(chain_text(facts.assignments[0].target) == "svc");
  CHECK(chain_text(facts.assignments[0].value) == "Service()");
  // A name bound to a short int or str literal keeps it as a key.
  CHECK(chain_text(facts.assignments[1].value) == "[i:1]");
  CHECK(chain_text(facts.assignments[2].target) == "self.repo");
  CHECK(chain_text(facts.assignments[2].annotation) == "Repo");
  CHECK(facts.assignments[2].scope == 1);
  CHECK(chain_text(facts.assignments[3].value) == "cache.make()");
  REQUIRE(facts.definitions[1].annotated_parameters.size() == 1);
  CHECK(chain_text(facts.definitions[1].annotated_parameters[0].second) == "models.Repo");
}

TEST_CASE("python extractor lists every parameter and the names a body binds") {
  const FileFacts facts = extract(
      "def f(a, b: int = 1, *args, c=2, **kw):\n"
      "    x, y = 1, 2\n"
      "    for i in r: pass\n"
      "    with open() as fh: pass\n"
      "    if (n := 3): pass\n");
  REQUIRE(facts.definitions.size() == 1);
  CHECK(facts.definitions[0].parameters == std::vector<std::string>{"a", "b", "args", "c", "kw"});
  CHECK(facts.definitions[0].local_names == std::vector<std::string>{"x", "y", "i", "fh", "n"});
}

TEST_CASE("python extractor survives syntax errors and keeps what parses") {
  const FileFacts facts = extract("def ok():\n    pass\n\ndef broken(:\n    return 1\n\nclass Fine:\n    pass\n");
  CHECK(facts.has_syntax_errors);
  const auto fine = std::find_if(facts.definitions.begin(), facts.definitions.end(),
                                 [](const Definition& d) { return d.name == "Fine"; });
  CHECK(fine != facts.definitions.end());
  CHECK(facts.definitions.front().name == "ok");
}

TEST_CASE("python extractor counts each function's cyclomatic complexity, nested definitions apart") {
  const FileFacts facts = extract(
      "def straight(x):\n"
      "    return x + 1\n"
      "\n"
      "def branchy(items, flag):\n"               // 1
      "    total = 0\n"
      "    for item in items:\n"                   // +1 for
      "        if item > 0 and flag:\n"            // +1 if, +1 and
      "            total += item\n"
      "        elif item < -10 or not flag:\n"     // +1 elif, +1 or
      "            total -= 1\n"
      "        else:\n"
      "            pass\n"
      "    while total > 100:\n"                   // +1 while
      "        total //= 2\n"
      "    try:\n"
      "        total = int(total)\n"
      "    except ValueError:\n"                   // +1 except
      "        total = 0\n"
      "    except TypeError:\n"                    // +1 except
      "        total = -1\n"
      "    evens = [i for i in items if i % 2 == 0]\n"  // +1 for clause, +1 if clause
      "    sign = 1 if total >= 0 else -1\n"       // +1 conditional expression
      "    def inner(y):\n"                         // its own: 1 + 1 if
      "        if y:\n"
      "            return y\n"
      "        return 0\n"
      "    return total * sign, evens, inner\n"
      "\n"
      "class Shop:\n"
      "    limit = 3 if True else 4\n"             // class body: no function's
      "    def match_kind(self, kind):\n"          // 1
      "        match kind:\n"
      "            case 'a':\n"                     // +1
      "                return 1\n"
      "            case _:\n"                       // +1
      "                return 2\n"
      "\n"
      "top = 1 if straight(0) else 2\n");        // module level: no function's
  const auto complexity_of = [&](std::string_view name) {
    const auto it = std::find_if(facts.definitions.begin(), facts.definitions.end(),
                                 [&](const Definition& d) { return d.name == name; });
    REQUIRE(it != facts.definitions.end());
    return it->complexity;
  };
  CHECK(complexity_of("straight") == 1);
  CHECK(complexity_of("branchy") == 12);
  CHECK(complexity_of("inner") == 2);
  CHECK(complexity_of("match_kind") == 3);
  CHECK(complexity_of("Shop") == 0);
}

TEST_CASE("python extractor: each operator of a long a + b + ... reads its left operand up to the chain depth") {
  // 70 operands: the operator over v0..vk reads a left operand of k - 1
  // operators, whose chain holds k pairs `.__add__()`; past 64 levels a
  // chain is opaque and the operator leaves no call.
  std::string sum = "v0";
  for (int i = 1; i < 70; ++i) sum += " + v" + std::to_string(i);
  const FileFacts facts = extract("x = " + sum + "\ny = -(" + sum + ")\n");
  std::vector<std::size_t> pairs_by_line[2];
  for (const CallSite& call : facts.calls) {
    if (!call.implicit || call.callee.empty() || call.callee.back().text != "__add__") continue;
    REQUIRE((call.line == 1 || call.line == 2));
    CHECK(call.callee.front().text == "v0");
    pairs_by_line[call.line - 1].push_back((call.callee.size() - 2) / 2);
  }
  for (auto& pairs : pairs_by_line) {
    std::sort(pairs.begin(), pairs.end());
    REQUIRE(pairs.size() == 65);
    for (std::size_t k = 0; k < pairs.size(); ++k) CHECK(pairs[k] == k);
  }
  // The whole sums are past the depth: x and y are bound to nothing known.
  for (const Assignment& assignment : facts.assignments) CHECK(assignment.value.empty());
  CHECK(facts.assignments.size() == 2);
}
