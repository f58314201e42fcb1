// Deeply nested input (namespaces, classes, modules, structs, blocks,
// expressions) is indexed with no crash and at a cost linear in its size:
// definitions nest at most kMaxDefinitionNesting levels (a qualified name
// grows with each), what lies deeper is left out and said so.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "support/temp_dir.hpp"
#include "trellis/ingest/index_repository.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

// Indexes one file `name` holding `source` in a tree of its own.
Result<IndexResult> index_one(const TempDir& dir, const std::string& name, const std::string& source) {
  std::ofstream(dir.path() / name, std::ios::binary) << source;
  IndexOptions options;
  options.root = dir.path();
  options.jobs = 1;
  return index_repository(options);
}

std::string warning_of(const IndexReport& report, std::string_view path) {
  for (const FileWarning& warning : report.warnings) {
    if (warning.relative_path == path) return warning.reason;
  }
  return {};
}

std::string repeated(std::string_view text, std::uint32_t times) {
  std::string out;
  for (std::uint32_t i = 0; i < times; ++i) out += text;
  return out;
}

// `struct S0 { struct S1 { ... int x; }; };`
std::string structs(std::uint32_t depth) {
  std::string out;
  for (std::uint32_t i = 0; i < depth; ++i) out += "struct S" + std::to_string(i) + " {\n";
  return out + "int x;\n" + repeated("};\n", depth);
}

constexpr std::uint32_t kKept = kMaxDefinitionNesting;
constexpr std::uint32_t kLevels = 3000;

}  // namespace

TEST_CASE("deep nesting: C++ namespaces and classes are kept down to the nesting cap, the rest left out and said so") {
  constexpr std::uint32_t kNamespaces = 60;
  std::string source;
  for (std::uint32_t i = 0; i < kNamespaces; ++i) source += "namespace n" + std::to_string(i) + " {\n";
  for (std::uint32_t i = 0; i < kLevels; ++i) source += "struct C" + std::to_string(i) + " {\nvoid m() { m(); }\n";
  source += repeated("};\n", kLevels) + repeated("}\n", kNamespaces);
  const TempDir dir;
  const auto indexed = index_one(dir, "deep.cpp", source);
  REQUIRE(indexed.ok());
  const GraphStore& store = indexed->store;
  // 60 namespaces, then classes down to level 100; the last one's m() would be a level further.
  constexpr std::uint32_t kClasses = kKept - kNamespaces;
  CHECK(store.node_count(Label::Class) == kClasses);
  CHECK(store.node_count(Label::Method) == kClasses - 1);
  std::string deepest = "n0";
  for (std::uint32_t i = 1; i < kNamespaces; ++i) deepest += ".n" + std::to_string(i);
  for (std::uint32_t i = 0; i < kClasses - 1; ++i) deepest += ".C" + std::to_string(i);
  CHECK(store.find(Label::Method, deepest + ".m").has_value());
  CHECK(store.find(Label::Class, deepest + ".C" + std::to_string(kClasses - 1)).has_value());
  CHECK(warning_of(indexed->report, "deep.cpp") ==
        "definitions nested more than " + std::to_string(kKept) + " levels deep were not indexed, nor what they hold: 2");
}

TEST_CASE("deep nesting: a C++ class defined in a class body is a nested Class, and deep ones stop at the cap") {
  const TempDir dir;
  const auto nested = index_one(dir, "a.cpp", "struct A {\n  struct B {\n    void f() {}\n  };\n  struct {\n    int x;\n  } anonymous;\n};\n");
  REQUIRE(nested.ok());
  CHECK(nested->store.find(Label::Class, "A.B").has_value());
  CHECK(nested->store.find(Label::Method, "A.B.f").has_value());

  const TempDir deep_dir;
  std::string source;
  for (std::uint32_t i = 0; i < kLevels; ++i) source += "struct C" + std::to_string(i) + " {\n void m() {}\n";
  source += repeated("};\n", kLevels);
  const auto deep = index_one(deep_dir, "deep.cpp", source);
  REQUIRE(deep.ok());
  // C99 is the last class kept; its m() would be a level further.
  CHECK(deep->store.node_count(Label::Class) == kKept);
  CHECK(deep->store.node_count(Label::Method) == kKept - 1);
  CHECK(!warning_of(deep->report, "deep.cpp").empty());
}

TEST_CASE("deep nesting: Rust inline modules are kept down to the nesting cap") {
  std::string source;
  for (std::uint32_t i = 0; i < kLevels; ++i) source += "mod m" + std::to_string(i) + " {\npub fn f() { f(); }\n";
  source += repeated("}\n", kLevels);
  const TempDir dir;
  std::ofstream(dir.path() / "Cargo.toml") << "[package]\nname = \"deep\"\n";
  std::filesystem::create_directories(dir.path() / "src");
  const auto indexed = index_one(dir, "src/lib.rs", source);
  REQUIRE(indexed.ok());
  const GraphStore& store = indexed->store;
  // Each module holds a function: kKept levels are kKept - 1 modules, their
  // functions, and the last module's function one level further is cut.
  CHECK(store.node_count(Label::Function) == kKept - 1);
  std::string deepest = "deep";
  for (std::uint32_t i = 0; i + 1 < kKept; ++i) deepest += ".m" + std::to_string(i);
  CHECK(store.find(Label::Function, deepest + ".f").has_value());
  CHECK(!warning_of(indexed->report, "src/lib.rs").empty());
}

TEST_CASE("deep nesting: C blocks and expressions 20000 deep are read whole, structs down to the nesting cap") {
  constexpr std::uint32_t kDeep = 20000;
  const TempDir dir;
  const std::string source = "void g(void);\nvoid f(void) {\n" + repeated("{\n", kDeep) + "g();\n" + repeated("}\n", kDeep) +
                             "}\nint h(void) { return " + repeated("(", kDeep) + "g()" + repeated(")", kDeep) + "; }\n" +
                             structs(kDeep);
  const auto indexed = index_one(dir, "deep.c", source);
  REQUIRE(indexed.ok());
  const GraphStore& store = indexed->store;
  CHECK(store.node_count(Label::Function) == 2);
  CHECK(store.find(Label::Function, "deep.f").has_value());
  CHECK(store.find(Label::Function, "deep.h").has_value());
  // Struct names are not nested, but each struct's body holds the deeper ones.
  CHECK(store.node_count(Label::Class) == kKept);
  CHECK(store.find(Label::Class, "deep.S" + std::to_string(kKept - 1)).has_value());
  CHECK(warning_of(indexed->report, "deep.c") ==
        "definitions nested more than " + std::to_string(kKept) + " levels deep were not indexed, nor what they hold: 1");
}

TEST_CASE("deep nesting: Java classes and C# namespaces are kept down to the nesting cap") {
  std::string java;
  for (std::uint32_t i = 0; i < kLevels; ++i) java += "class C" + std::to_string(i) + " {\n void m() { m(); }\n";
  java += repeated("}\n", kLevels);
  const TempDir java_dir;
  const auto classes = index_one(java_dir, "Deep.java", java);
  REQUIRE(classes.ok());
  // C99 is the last class kept; its m() would be a level further.
  CHECK(classes->store.node_count(Label::Class) == kKept);
  CHECK(classes->store.node_count(Label::Method) == kKept - 1);
  CHECK(!warning_of(classes->report, "Deep.java").empty());

  std::string csharp;
  for (std::uint32_t i = 0; i < kLevels; ++i) {
    csharp += "namespace N" + std::to_string(i) + " {\nclass C" + std::to_string(i) + " { void M() { M(); } }\n";
  }
  csharp += repeated("}\n", kLevels);
  const TempDir csharp_dir;
  const auto namespaces = index_one(csharp_dir, "deep.cs", csharp);
  REQUIRE(namespaces.ok());
  // Namespaces N0..N98 hold a class each (C98 at level 100), all but the last one's M().
  CHECK(namespaces->store.node_count(Label::Class) == kKept - 1);
  CHECK(namespaces->store.node_count(Label::Method) == kKept - 2);
  CHECK(namespaces->store.find(Label::Class, "N0.N1.N2.N3.N4.N5.N6.N7.N8.N9.N10.C10").has_value());
  CHECK(!warning_of(namespaces->report, "deep.cs").empty());
}

TEST_CASE("deep nesting: TypeScript namespaces hold their functions at any depth, functions are kept down to the nesting cap") {
  // Namespaces are no definitions: each function is named in its module.
  std::string namespaces;
  for (std::uint32_t i = 0; i < kLevels; ++i) {
    namespaces += "namespace N" + std::to_string(i) + " {\nexport function f" + std::to_string(i) + "() { f" +
                  std::to_string(i) + "(); }\n";
  }
  namespaces += repeated("}\n", kLevels);
  const TempDir namespace_dir;
  const auto in_namespaces = index_one(namespace_dir, "deep.ts", namespaces);
  REQUIRE(in_namespaces.ok());
  CHECK(in_namespaces->store.node_count(Label::Function) == kLevels);
  CHECK(in_namespaces->store.find(Label::Function, "deep.f" + std::to_string(kLevels - 1)).has_value());
  CHECK(warning_of(in_namespaces->report, "deep.ts").empty());

  std::string functions;
  for (std::uint32_t i = 0; i < kLevels; ++i) functions += "function f" + std::to_string(i) + "() {\ng();\n";
  functions += repeated("}\n", kLevels);
  const TempDir function_dir;
  const auto nested = index_one(function_dir, "deep.ts", functions);
  REQUIRE(nested.ok());
  CHECK(nested->store.node_count(Label::Function) == kKept);
  std::string deepest = "deep";
  for (std::uint32_t i = 0; i < kKept; ++i) deepest += ".f" + std::to_string(i);
  CHECK(nested->store.find(Label::Function, deepest).has_value());
  CHECK(warning_of(nested->report, "deep.ts") ==
        "definitions nested more than " + std::to_string(kKept) + " levels deep were not indexed, nor what they hold: 1");
}

TEST_CASE("deep nesting: TypeScript signatures in a `declare namespace` 20000 deep are definitions") {
  constexpr std::uint32_t kDeep = 20000;
  std::string source = "declare namespace N {\n";
  for (std::uint32_t i = 0; i < kDeep; ++i) source += "function f" + std::to_string(i) + "(): void;\nnamespace N {\n";
  source += repeated("}\n", kDeep + 1) + "function g(): void;\n";
  const TempDir dir;
  const auto indexed = index_one(dir, "deep.ts", source);
  REQUIRE(indexed.ok());
  // An overload signature outside `declare` is no definition: g is left out.
  CHECK(indexed->store.node_count(Label::Function) == kDeep);
  CHECK(indexed->store.find(Label::Function, "deep.f" + std::to_string(kDeep - 1)).has_value());
  CHECK(warning_of(indexed->report, "deep.ts").empty());
}

TEST_CASE("deep nesting: JavaScript classes, methods and arrow functions stop at the nesting cap") {
  // Each class holds a method that holds the next class: C49 is at level 99, its m() at 100.
  std::string classes;
  for (std::uint32_t i = 0; i < kLevels; ++i) classes += "class C" + std::to_string(i) + " {\nm() {\n";
  classes += repeated("}\n}\n", kLevels);
  const TempDir class_dir;
  const auto nested = index_one(class_dir, "deep.js", classes);
  REQUIRE(nested.ok());
  CHECK(nested->store.node_count(Label::Class) == kKept / 2);
  CHECK(nested->store.node_count(Label::Method) == kKept / 2);
  CHECK(nested->store.find(Label::Method, "deep.C0.m.C1.m.C2.m").has_value());
  CHECK(warning_of(nested->report, "deep.js") ==
        "definitions nested more than " + std::to_string(kKept) + " levels deep were not indexed, nor what they hold: 1");

  std::string arrows;
  for (std::uint32_t i = 0; i < kLevels; ++i) arrows += "const a" + std::to_string(i) + " = () => {\ng();\n";
  arrows += repeated("};\n", kLevels);
  const TempDir arrow_dir;
  const auto bound = index_one(arrow_dir, "deep.js", arrows);
  REQUIRE(bound.ok());
  CHECK(bound->store.node_count(Label::Function) == kKept);
  CHECK(bound->store.find(Label::Function, "deep.a0.a1.a2").has_value());
  CHECK(!warning_of(bound->report, "deep.js").empty());
}

TEST_CASE("deep nesting: TypeScript and JavaScript 100000 levels deep are read without a crash") {
  constexpr std::uint32_t kDeep = 100000;
  const TempDir dir;
  const auto functions = index_one(dir, "deep.js", repeated("function f() {\n", kDeep) + repeated("}\n", kDeep));
  REQUIRE(functions.ok());
  CHECK(functions->store.node_count(Label::Function) == kKept);
  CHECK(warning_of(functions->report, "deep.js") ==
        "definitions nested more than " + std::to_string(kKept) + " levels deep were not indexed, nor what they hold: 1");

  // Blocks, calls, arrays and parentheses.
  const TempDir expression_dir;
  const std::string expressions = "function g() {\n" + repeated("{", kDeep) + "g();" + repeated("}", kDeep) +
                                  "\n}\nconst x = " + repeated("g(", kDeep) + "1" + repeated(")", kDeep) +
                                  ";\nconst y = " + repeated("[", kDeep) + repeated("]", kDeep) + ";\nconst z = " +
                                  repeated("(", kDeep) + "g()" + repeated(")", kDeep) + ";\n";
  const auto nested = index_one(expression_dir, "deep.ts", expressions);
  REQUIRE(nested.ok());
  CHECK(nested->store.node_count(Label::Function) == 1);
  CHECK(nested->store.find(Label::Function, "deep.g").has_value());
  CHECK(warning_of(nested->report, "deep.ts").empty());

  // Object literal methods (no definitions) and JSX elements.
  const TempDir object_dir;
  const auto objects = index_one(object_dir, "deep.js", "const o = " + repeated("{m(){return ", kDeep) + "1" + repeated("}}", kDeep) + ";\n");
  REQUIRE(objects.ok());
  CHECK(objects->store.node_count(Label::Module) == 1);
  const TempDir jsx_dir;
  const auto jsx = index_one(jsx_dir, "deep.jsx", "const j = " + repeated("<a>", kDeep) + "x" + repeated("</a>", kDeep) + ";\n");
  REQUIRE(jsx.ok());
  CHECK(jsx->store.node_count(Label::Module) == 1);
}

TEST_CASE("deep nesting: Python lambdas stop at the nesting cap, subscripts and calls 100000 deep are read") {
  constexpr std::uint32_t kDeep = 100000;
  const TempDir dir;
  const std::string source = "a = [1]\nf = " + repeated("lambda: ", kDeep) + "a\nx = " + repeated("a[", kDeep) + "0" +
                             repeated("]", kDeep) + "\ny = a" + repeated("[0]", kDeep) + "\nz = " +
                             repeated("len(", kDeep) + "a" + repeated(")", kDeep) + "\n";
  const auto indexed = index_one(dir, "deep.py", source);
  REQUIRE(indexed.ok());
  CHECK(indexed->store.node_count(Label::Function) == kKept);
  CHECK(indexed->store.find(Label::Function, "deep.<lambda1>.<lambda1>").has_value());
  CHECK(warning_of(indexed->report, "deep.py") ==
        "definitions nested more than " + std::to_string(kKept) + " levels deep were not indexed, nor what they hold: 1");
}
