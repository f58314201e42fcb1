// The facts the C++ extractor reads from one file (cpp_extractor.hpp says
// what each construct becomes), before anything is resolved.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cpp/cpp_extractor.hpp"
#include "resolve/type_table.hpp"
#include "resolve/typed_facts.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

FileFacts extract_cpp(std::string_view source, std::string path = "src/a.cpp") {
  static const auto queries = cpp::CppQueries::compile();
  REQUIRE(queries.ok());
  cpp::CppExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

const Definition* cpp_definition(const FileFacts& facts, std::string_view name) {
  for (const Definition& d : facts.definitions) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

std::string cpp_chain_text(const LinkChain& chain) {
  std::string out;
  for (const Link& link : chain) {
    if (!out.empty()) out += ' ';
    out += link.kind == Link::Kind::Call ? "(" + link.text + ")" : link.text;
  }
  return out;
}

}  // namespace

TEST_CASE("cpp extractor: namespaces qualify top-level definitions; inline ones add nothing; anonymous ones are the file's") {
  const FileFacts facts = extract_cpp(
      "namespace a::b { inline namespace v1 { class X {}; } }\n"
      "namespace { int h() { return 1; } }\n"
      "void free_function() {}\n");
  REQUIRE(cpp_definition(facts, "X") != nullptr);
  CHECK(cpp_definition(facts, "X")->qualifier == "a.b");
  CHECK(cpp_definition(facts, "h")->qualifier == "src.a");
  CHECK(cpp_definition(facts, "free_function")->qualifier == "src.a");
  CHECK(cpp_definition(facts, "free_function")->label == Label::Function);
}

TEST_CASE("cpp extractor: members declared in a class, defined outside it, constructors, destructors, operators") {
  const FileFacts facts = extract_cpp(
      "class A : public virtual B, private ns::C {\n"
      " public:\n"
      "  A(int x);\n"
      "  ~A();\n"
      "  virtual void f(const std::string& s, int* p) const = 0;\n"
      "  bool operator==(const A& other) const;\n"
      " private:\n"
      "  Widget* widget_;\n"
      "};\n"
      "A::A(int x) : B(x) {}\n");
  const Definition* a = cpp_definition(facts, "A");
  REQUIRE(a != nullptr);
  CHECK(a->base_texts == std::vector<std::string>{"B", "ns::C"});
  REQUIRE(facts.definitions.size() == 6);
  const Definition& declared = facts.definitions[1];
  CHECK(declared.name == "<init>");
  CHECK(declared.is_declaration);
  CHECK(declared.signature == "(int)");
  CHECK(cpp_definition(facts, "~A") != nullptr);
  const Definition* f = cpp_definition(facts, "f");
  REQUIRE(f != nullptr);
  CHECK(f->is_abstract);
  CHECK(f->signature == "(string&,int*)");
  CHECK(f->decorators == std::vector<std::string>{"public", "virtual"});
  CHECK(cpp_definition(facts, "operator==") != nullptr);
  const Definition& defined = facts.definitions[5];
  CHECK(defined.name == "<init>");
  CHECK_FALSE(defined.is_declaration);
  CHECK(defined.parent == kModuleScope);
  REQUIRE(defined.bases.size() == 1);
  CHECK(cpp_chain_text(defined.bases.front()) == "A");
  // The base initialiser is a call of B.
  REQUIRE(facts.calls.size() == 1);
  CHECK(cpp_chain_text(facts.calls[0].callee) == "B");
  CHECK(facts.calls[0].caller == 5);
}

TEST_CASE("cpp extractor: an alias keeps the type arguments it gives its target") {
  const FileFacts facts = extract_cpp(
      "using WidgetBox = Box<Widget>;\n"
      "typedef shop::Pair<Widget, Sprite> Both;\n"
      "using Money = shop::Order;\n");
  REQUIRE(facts.imports.size() == 3);
  CHECK(facts.imports[0].alias == "WidgetBox");
  CHECK(facts.imports[0].name == "Box");
  CHECK(facts.imports[0].module.empty());
  CHECK(cpp_chain_text(facts.imports[0].arguments) == "< Widget >");
  CHECK(facts.imports[1].alias == "Both");
  CHECK(facts.imports[1].name == "Pair");
  CHECK(facts.imports[1].module == "shop");
  CHECK(cpp_chain_text(facts.imports[1].arguments) == "< Widget > < Sprite >");
  CHECK(facts.imports[2].alias == "Money");
  CHECK(facts.imports[2].arguments.empty());
}

TEST_CASE("cpp extractor: calls, lambdas, locals, includes, using and macros") {
  const FileFacts facts = extract_cpp(
      "#include \"shop/a.h\"\n"
      "#include <vector>\n"
      "#define LOG(x) log(x)\n"
      "using namespace shop::geo;\n"
      "using shop::util::log;\n"
      "using Money = shop::Order;\n"
      "void run(std::vector<std::unique_ptr<Order>>& orders) {\n"
      "  auto f = [&](Order& o) { o.validate(); };\n"
      "  for (auto& each : orders) each->total();\n"
      "  shop::make(static_cast<double>(1), 2.5, \"s\");\n"
      "  this->p->q();\n"
      "}\n");
  REQUIRE(facts.imports.size() == 5);
  CHECK(facts.imports[0].module == "shop/a.h");
  CHECK(facts.imports[0].level == 1);
  CHECK(facts.imports[1].level == 0);
  CHECK(facts.imports[2].module == "shop.geo");
  CHECK(facts.imports[2].name == "*");
  CHECK(facts.imports[3].name == "log");
  CHECK(facts.imports[4].alias == "Money");
  CHECK(cpp_definition(facts, "LOG!") != nullptr);
  CHECK(cpp_definition(facts, "LOG!")->decorators == std::vector<std::string>{std::string(resolve::kMacroDecorator)});
  const Definition* run = cpp_definition(facts, "run");
  REQUIRE(run != nullptr);
  REQUIRE(run->annotated_parameters.size() == 1);
  // A vector of handles to Order.
  CHECK(cpp_chain_text(run->annotated_parameters[0].second) == "Order * []");
  // The lambda's call is run's.
  REQUIRE(facts.calls.size() == 4);
  for (const CallSite& call : facts.calls) CHECK(call.caller == 1);
  CHECK(cpp_chain_text(facts.calls[0].callee) == "o validate");
  CHECK(cpp_chain_text(facts.calls[1].callee) == "each * total");
  CHECK(cpp_chain_text(facts.calls[2].callee) == "shop make");
  REQUIRE(facts.calls[2].arguments.size() == 3);
  CHECK(cpp_chain_text(facts.calls[2].arguments[0]) == "double");
  CHECK(facts.calls[2].arguments[1][0].text == "double");
  CHECK(facts.calls[2].arguments[2][0].text == "string");
  CHECK(cpp_chain_text(facts.calls[3].callee) == "this * p * q");
  // The range for's variable is an element of the range; the lambda's parameter is typed.
  bool each = false;
  bool lambda_parameter = false;
  for (const Assignment& a : facts.assignments) {
    if (a.target[0].text == "each") each = cpp_chain_text(a.value) == "orders []";
    if (a.target[0].text == "o") lambda_parameter = cpp_chain_text(a.annotation) == "Order";
  }
  CHECK(each);
  CHECK(lambda_parameter);
}

TEST_CASE("cpp extractor: a class template keeps its type parameters; declared types keep their type arguments") {
  const FileFacts facts = extract_cpp(
      "template <class T, int N, typename U> struct Pair {\n"
      "  T first();\n"
      "  std::vector<U> rest;\n"
      "  std::unique_ptr<T> held;\n"
      "  T::value_type inner();\n"
      "};\n"
      "void f() { ns::Pair<ns::W, 3, std::vector<V>> p; Box<Box<W>> b; Pair<W, 1, V>(1); }\n");
  REQUIRE(cpp_definition(facts, "Pair") != nullptr);
  CHECK(cpp_definition(facts, "Pair")->parameters == std::vector<std::string>{"T", "U"});
  // `T` by its kind (kTemplateParameterKind), alone or under a handle or collection.
  REQUIRE(cpp_definition(facts, "first") != nullptr);
  const LinkChain& first = cpp_definition(facts, "first")->return_annotation;
  REQUIRE(first.size() == 1);
  CHECK(first[0].kind == resolve::kTemplateParameterKind);
  std::vector<std::string> fields;
  for (const Assignment& a : facts.assignments) {
    fields.push_back(a.target[0].text + ": " + cpp_chain_text(a.annotation) +
                     (!a.annotation.empty() && a.annotation[0].kind == resolve::kTemplateParameterKind ? " (parameter)" : ""));
  }
  CHECK(fields == std::vector<std::string>{"rest: U [] (parameter)", "held: T * (parameter)",
                                           "p: ns Pair < ns W > < V [] >", "b: Box < Box < W > >"});
  // A dependent type is no parameter; a constructor call names its type without arguments.
  REQUIRE(cpp_definition(facts, "inner") != nullptr);
  const LinkChain& inner = cpp_definition(facts, "inner")->return_annotation;
  CHECK(cpp_chain_text(inner) == "T value_type");
  CHECK((!inner.empty() && inner[0].kind == Link::Kind::Name));
  REQUIRE(facts.calls.size() == 1);
  CHECK(cpp_chain_text(facts.calls[0].callee) == "Pair");
}

TEST_CASE("cpp extractor: unary, increment, compound-assignment, * and [] operators are implicit calls; pointers are handles") {
  const FileFacts facts = extract_cpp("void f(V a, V* p) { -a; a++; ++a; a += 1; *a; a[2]; a = a; p->g(); }\n");
  std::vector<std::string> calls;
  for (const CallSite& call : facts.calls) {
    calls.push_back(cpp_chain_text(call.callee) + " /" + std::to_string(call.arguments.size()) + (call.implicit ? " implicit" : ""));
  }
  // `a++` is given an int (operator++(int)); a plain `=` is no call of ours.
  CHECK(calls == std::vector<std::string>{"a operator- /0 implicit", "a operator++ /1 implicit", "a operator++ /0 implicit",
                                          "a operator+= /1 implicit", "a operator* /0 implicit", "a operator[] /1 implicit",
                                          "p * g /0"});
  const Definition* f = cpp_definition(facts, "f");
  REQUIRE(f != nullptr);
  REQUIRE(f->annotated_parameters.size() == 2);
  CHECK(cpp_chain_text(f->annotated_parameters[0].second) == "V");
  CHECK(cpp_chain_text(f->annotated_parameters[1].second) == "V *");
}
