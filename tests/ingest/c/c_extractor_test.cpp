// The C extractor on small sources: what each construct becomes in
// FileFacts (ingest/c/c_extractor.hpp), and that odd input is survived.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "c/c_extractor.hpp"

using namespace trellis;
using namespace trellis::ingest;
using namespace trellis::ingest::c;

namespace {

FileFacts extract_c(std::string_view source, std::string path = "src/file.c") {
  static const auto queries = CQueries::compile();
  REQUIRE(queries.ok());
  CExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

const Definition& c_definition(const FileFacts& facts, std::string_view name) {
  const auto it = std::find_if(facts.definitions.begin(), facts.definitions.end(),
                               [&](const Definition& d) { return d.name == name; });
  REQUIRE_MESSAGE(it != facts.definitions.end(), "no definition ", name);
  return *it;
}

std::vector<std::string> c_definition_names(const FileFacts& facts) {
  std::vector<std::string> names;
  for (const Definition& definition : facts.definitions) names.push_back(definition.name);
  return names;
}

}  // namespace

TEST_CASE("c extractor: functions with bodies are definitions; prototypes are declared names only") {
  const FileFacts facts = extract_c(
      "int declared(int a);\n"
      "static int hidden(int);\n"
      "static int helper(int x) { return x; }\n"
      "char *copy(const char *from, int (*keep)(char)) {\n"
      "  int n = 0, *p = 0;\n"
      "  return 0;\n"
      "}\n"
      "int (*get(void))(int) { return 0; }\n");
  CHECK(c_definition_names(facts) == std::vector<std::string>{"helper", "copy", "get"});
  CHECK(c_definition(facts, "helper").is_static);
  CHECK_FALSE(c_definition(facts, "copy").is_static);
  CHECK(c_definition(facts, "copy").label == Label::Function);
  CHECK(c_definition(facts, "copy").span.line_start == 4);
  CHECK(c_definition(facts, "copy").span.line_end == 7);
  CHECK(c_definition(facts, "copy").parameters == std::vector<std::string>{"from", "keep"});
  CHECK(c_definition(facts, "copy").local_names == std::vector<std::string>{"n", "p"});
  // Non-static declarations and definitions; `hidden` and `helper` are file-local.
  CHECK(facts.has_all);
  CHECK(facts.all_names == std::vector<std::string>{"copy", "declared", "get"});
}

TEST_CASE("c extractor: structs, unions and enums with bodies are Classes, an untagged one named by its typedef") {
  const FileFacts facts = extract_c(
      "struct Node { struct Node *next; };\n"
      "typedef struct { int id; } Item;\n"
      "typedef struct tagged_s { int v; } Tagged;\n"
      "union Value { int i; float f; };\n"
      "enum Color { RED, GREEN };\n"
      "struct Node *head;\n"
      "typedef struct Node NodeAlias;\n"
      "struct { int anonymous; } unnamed;\n",
      "include/list.h");
  CHECK(c_definition_names(facts) == std::vector<std::string>{"Node", "Item", "tagged_s", "Value", "Color"});
  for (const Definition& definition : facts.definitions) CHECK(definition.label == Label::Class);
  CHECK(c_definition(facts, "Item").span.line_start == 2);
  // A header's types are declared for the files that include it; a .c file's are its own.
  CHECK(facts.all_names == std::vector<std::string>{"Color", "Item", "Node", "Value", "tagged_s"});
  CHECK(extract_c("struct Local { int x; };\n").all_names.empty());
}

TEST_CASE("c extractor: includes, macros and file-scope variables") {
  const FileFacts facts = extract_c(
      "#include <stdio.h>\n"
      "#include \"util/strings.h\"\n"
      "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
      "#define LIMIT 10\n"
      "static void (*hook)(void);\n"
      "int counter = 0;\n");
  REQUIRE(facts.imports.size() == 2);
  CHECK(facts.imports[0].module == "stdio.h");
  CHECK(facts.imports[0].level == 0);
  CHECK(facts.imports[1].module == "util/strings.h");
  CHECK(facts.imports[1].level == 1);
  CHECK(facts.imports[1].line == 2);
  std::vector<std::string> macros;
  std::vector<std::string> variables;
  for (const Assignment& assignment : facts.assignments) {
    REQUIRE(assignment.target.size() == 1);
    const bool macro = assignment.annotation.size() == 1 && assignment.annotation[0].text == kMacroMark;
    (macro ? macros : variables).push_back(assignment.target[0].text);
  }
  CHECK(macros == std::vector<std::string>{"MAX", "LIMIT"});
  CHECK(variables == std::vector<std::string>{"hook", "counter"});
  CHECK(facts.all_names.empty());
}

TEST_CASE("c extractor: typed parameters and variables, and functions stored in fields") {
  const FileFacts facts = extract_c(
      "static const struct ops table = {.read = my_read, .write = &my_write, .size = 4, .name = \"t\"};\n"
      "ops_t other = {.read = other_read};\n"
      "void install(struct ops *o, int n) {\n"
      "  struct ops local;\n"
      "  o->read = my_read;\n"
      "  local.write = &my_write;\n"
      "  o->size = n;\n"
      "}\n");
  const Definition& install = c_definition(facts, "install");
  REQUIRE(install.annotated_parameters.size() == 1);
  CHECK(install.annotated_parameters[0].first == "o");
  CHECK(install.annotated_parameters[0].second == LinkChain{{Link::Kind::Name, "ops"}});
  std::vector<std::string> read;
  for (const Assignment& assignment : facts.assignments) {
    std::string line = std::to_string(assignment.line) + (assignment.scope == kModuleScope ? " file" : " install");
    for (const Link& link : assignment.target) line += " " + std::to_string(static_cast<int>(link.kind)) + ":" + link.text;
    for (const Link& link : assignment.annotation) line += " type " + link.text;
    for (const Link& link : assignment.value) line += " = " + link.text;
    read.push_back(line);
  }
  // Kinds: 0 Name, 1 Attribute, 3 Literal (a type).
  CHECK(read == std::vector<std::string>{
                    "1 file 0:table type ops",
                    "1 file 3:ops 1:read = my_read",
                    "1 file 3:ops 1:write = my_write",
                    "2 file 0:other type ops_t",
                    "2 file 3:ops_t 1:read = other_read",
                    "4 install 0:local type ops",
                    "5 install 0:o 1:read = my_read",
                    "6 install 0:local 1:write = my_write",
                    // Any name is kept: the resolver keeps only functions.
                    "7 install 0:o 1:size = n",
                });
}

TEST_CASE("c extractor: call sites by name, through fields and computed, with their callers") {
  const FileFacts facts = extract_c(
      "static int init = setup();\n"
      "void run(struct ops *ops, int (*fp)(int)) {\n"
      "  helper(1);\n"
      "  ops->read(2);\n"
      "  (*fp)(3);\n"
      "  (helper)(4);\n"
      "  table[0](5);\n"
      "}\n");
  REQUIRE(facts.calls.size() == 6);
  CHECK(facts.calls[0].caller == kModuleScope);
  CHECK(facts.calls[0].callee == LinkChain{{Link::Kind::Name, "setup"}});
  CHECK(facts.calls[1].caller == 0);
  CHECK(facts.calls[1].line == 3);
  CHECK(facts.calls[1].callee == LinkChain{{Link::Kind::Name, "helper"}});
  CHECK(facts.calls[2].callee == LinkChain{{Link::Kind::Name, "ops"}, {Link::Kind::Attribute, "read"}});
  CHECK(facts.calls[2].text == "ops->read");
  CHECK(facts.calls[3].callee == LinkChain{{Link::Kind::Opaque, ""}});
  CHECK(facts.calls[4].callee == LinkChain{{Link::Kind::Name, "helper"}});
  CHECK(facts.calls[5].callee == LinkChain{{Link::Kind::Opaque, ""}});
}

TEST_CASE("c extractor: cyclomatic complexity counts if, loops, case labels, ?: and && ||") {
  const FileFacts facts = extract_c(
      "int f(int x) {\n"
      "  if (x > 0 && x < 10) return 1;\n"
      "  while (x--) {}\n"
      "  do {} while (0);\n"
      "  for (;;) break;\n"
      "  switch (x) { case 1: break; case 2: break; default: break; }\n"
      "  return x ? 1 : 2;\n"
      "}\n"
      "int g(void) { return 0; }\n");
  CHECK(c_definition(facts, "f").complexity == 9);
  CHECK(c_definition(facts, "g").complexity == 1);
}

TEST_CASE("c extractor: broken and preprocessor-heavy input is survived") {
  const FileFacts facts = extract_c(
      "#ifdef FAST\n"
      "int pick(void) { return 1; }\n"
      "#else\n"
      "int pick(void) { return 2; }\n"
      "#endif\n"
      "int broken( { \n");
  CHECK(facts.has_syntax_errors);
  CHECK(facts.definitions.size() >= 2);
  CHECK(facts.definitions[0].name == "pick");
  CHECK(extract_c("").definitions.empty());
}
