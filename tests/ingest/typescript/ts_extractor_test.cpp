// The TypeScript and JavaScript extractor on small sources: what each
// construct becomes in FileFacts, and that odd input is survived.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "typescript/ts_extractor.hpp"

using namespace trellis;
using namespace trellis::ingest;
using namespace trellis::ingest::typescript;

namespace {

FileFacts extract(std::string_view source, std::string path) {
  static const auto queries = compile_query_set();
  REQUIRE(queries.ok());
  TsExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

const Definition& named(const FileFacts& facts, std::string_view name) {
  const auto it = std::find_if(facts.definitions.begin(), facts.definitions.end(),
                               [&](const Definition& d) { return d.name == name; });
  REQUIRE_MESSAGE(it != facts.definitions.end(), "no definition ", name);
  return *it;
}

}  // namespace

TEST_CASE("ts extractor: dialects and languages by extension") {
  CHECK(dialect_of("a/b.ts") == Dialect::TypeScript);
  CHECK(dialect_of("a/b.mts") == Dialect::TypeScript);
  CHECK(dialect_of("a/b.d.ts") == Dialect::TypeScript);
  CHECK(dialect_of("a/b.tsx") == Dialect::Tsx);
  CHECK(dialect_of("a/b.cjs") == Dialect::JavaScript);
  CHECK(dialect_of("a/b.jsx") == Dialect::JavaScript);
  CHECK_FALSE(dialect_of("a/b.json").has_value());
  CHECK_FALSE(dialect_of("a.ts/b").has_value());
  CHECK(extract("", "e.js").language == "javascript");
  CHECK(extract("", "e.tsx").language == "typescript");
}

TEST_CASE("ts extractor: methods, accessors, decorators and JSDoc in TypeScript and JavaScript") {
  const FileFacts ts = extract(
      "class A {\n  /** Gets. */\n  @memo() get value(): number { return 1; }\n  set value(v: number) {}\n"
      "  static async run(x: Repo, y = 2, ...rest: Z[]): Promise<Out> {}\n}\n",
      "a.ts");
  REQUIRE(ts.definitions.size() == 4);
  CHECK(ts.definitions[1].label == Label::Method);
  CHECK(ts.definitions[1].is_accessor);
  CHECK(ts.definitions[1].decorators == std::vector<std::string>{"memo()"});
  CHECK(ts.definitions[1].docstring == "Gets.");
  CHECK(ts.definitions[2].is_accessor);
  const Definition& run = named(ts, "run");
  CHECK(run.is_async);
  CHECK(run.parameters == std::vector<std::string>{"x", "y"});
  REQUIRE(run.annotated_parameters.size() == 1);
  CHECK(run.annotated_parameters[0].second == LinkChain{{Link::Kind::Name, "Repo"}});
  CHECK(run.return_annotation == LinkChain{{Link::Kind::Name, "Out"}});

  const FileFacts js = extract("class B extends mod.Base {\n  @bound handle() {}\n  field = () => 1;\n}\n", "b.js");
  REQUIRE(js.definitions.size() == 3);
  CHECK(js.definitions[0].bases[0] == LinkChain{{Link::Kind::Name, "mod"}, {Link::Kind::Attribute, "Base"}});
  CHECK(js.definitions[1].decorators == std::vector<std::string>{"bound"});
  CHECK(js.definitions[2].label == Label::Method);
  CHECK(js.definitions[2].name == "field");
}

TEST_CASE("ts extractor: overload signatures are no definitions, declaration files give no calls") {
  const FileFacts overloads = extract("function f(a: string): void;\nfunction f(a: any) { g(); }\n", "o.ts");
  REQUIRE(overloads.definitions.size() == 1);
  CHECK(overloads.definitions[0].span.line_start == 2);
  CHECK(overloads.calls.size() == 1);
  const FileFacts declarations = extract("export declare function f(): void;\nexport declare const x: number;\nf();\n", "d.d.ts");
  CHECK(declarations.definitions.size() == 1);
  CHECK(declarations.calls.empty());
}

TEST_CASE("ts extractor: broken and deeply nested input is survived") {
  const FileFacts broken = extract("class { function ( => }}} import from ;", "x.ts");
  CHECK(broken.has_syntax_errors);
  std::string deep = "a";
  for (int i = 0; i < 3000; ++i) deep += ".b";
  deep += "();\n";
  const FileFacts chain = extract(deep, "deep.js");
  REQUIRE(chain.calls.size() == 1);
  CHECK(chain.calls[0].callee.front().kind == Link::Kind::Opaque);  // cut at the chain depth limit
  CHECK(chain.calls[0].callee.size() < 70);
  CHECK(chain.calls[0].text.size() == 200);
}

TEST_CASE("ts extractor: a definition starts at its class or method line, after its decorators") {
  const FileFacts facts = extract("@Component({ make: build() })\nclass Widget {\n  @on('x')\n  handle() {}\n}\n", "w.js");
  REQUIRE(facts.definitions.size() == 2);
  CHECK(facts.definitions[0].span.line_start == 2);
  CHECK(facts.definitions[0].decorators == std::vector<std::string>{"Component({ make: build() })"});
  CHECK(facts.definitions[1].span.line_start == 4);
  CHECK(facts.definitions[1].decorators == std::vector<std::string>{"on('x')"});
  // Decorators and their arguments run in the enclosing scope.
  REQUIRE(facts.calls.size() == 3);
  CHECK(std::all_of(facts.calls.begin(), facts.calls.end(), [](const CallSite& c) { return c.caller == kModuleScope; }));
}

TEST_CASE("ts extractor counts each function's cyclomatic complexity, nested definitions apart") {
  const std::string source =
      "export function pick(a: number, b?: number): number {\n"  // 1
      "  if (a > 0 && b !== undefined) {\n"                      // +1 if, +1 &&
      "    return a;\n"
      "  } else if (a < 0 || b === 0) {\n"                       // +1 if, +1 ||
      "    return b ?? 0;\n"                                      // +1 ??
      "  }\n"
      "  for (let i = 0; i < a; i++) {}\n"                        // +1 for
      "  for (const k of [1, 2]) {}\n"                            // +1 for-of
      "  while (a > 10) { a--; }\n"                               // +1 while
      "  do { a++; } while (a < 0);\n"                            // +1 do
      "  switch (a) {\n"
      "    case 1: return 1;\n"                                   // +1
      "    case 2: return 2;\n"                                   // +1
      "    default: break;\n"
      "  }\n"
      "  try { a = a * 2; } catch (e) { a = 0; }\n"               // +1 catch
      "  const helper = (x: number) => (x > 1 ? x : 1);\n"        // its own: 1 + 1
      "  return a > 5 ? helper(a) : 0;\n"                         // +1 ternary
      "}\n"
      "class Cart {\n"
      "  total(items: number[]): number {\n"                      // 1
      "    return items.filter((i) => i > 0 && i < 9).length;\n"  // +1 && (callback: no definition)
      "  }\n"
      "}\n";
  for (const std::string path : {"pick.ts", "pick.js"}) {
    // The same source minus the type annotations, for the JavaScript grammar.
    std::string text = source;
    if (path == "pick.js") {
      for (const std::string_view type : {": number[]", "?: number", ": number"}) {
        for (auto at = text.find(type); at != std::string::npos; at = text.find(type)) text.erase(at, type.size());
      }
    }
    const FileFacts facts = extract(text, path);
    CAPTURE(path);
    CHECK(named(facts, "pick").complexity == 14);
    CHECK(named(facts, "helper").complexity == 2);
    CHECK(named(facts, "total").complexity == 2);
    CHECK(named(facts, "Cart").complexity == 0);
  }
}
