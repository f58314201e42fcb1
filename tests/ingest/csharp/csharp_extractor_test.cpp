// The C# extractor on small sources: what each construct becomes in
// FileFacts under the conventions of resolve/typed_facts.hpp.
#include "csharp/csharp_extractor.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace trellis;
using namespace trellis::ingest;
using namespace trellis::ingest::csharp;

namespace {

FileFacts extract(std::string_view source, std::string path = "A.cs") {
  static const auto queries = CSharpQueries::compile();
  REQUIRE(queries.ok());
  CSharpExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

Link name(std::string text) {
  return {Link::Kind::Name, std::move(text)};
}
Link attribute(std::string text) {
  return {Link::Kind::Attribute, std::move(text)};
}
Link call(std::string arity) {
  return {Link::Kind::Call, std::move(arity)};
}
Link literal(std::string type) {
  return {Link::Kind::Literal, std::move(type)};
}

ScopeIndex index_of(const FileFacts& facts, std::string_view definition,
                    std::string_view signature = {}) {
  for (ScopeIndex i = 0; i < facts.definitions.size(); ++i) {
    if (facts.definitions[i].name == definition && facts.definitions[i].signature == signature)
      return i;
  }
  FAIL("no definition ", definition, signature);
  return kModuleScope;
}

const Definition& named(const FileFacts& facts, std::string_view definition,
                        std::string_view signature = {}) {
  return facts.definitions[index_of(facts, definition, signature)];
}

std::vector<LinkChain> callees(const FileFacts& facts) {
  std::vector<LinkChain> result;
  for (const CallSite& site : facts.calls) result.push_back(site.callee);
  return result;
}

const Assignment& assigned(const FileFacts& facts, std::string_view target) {
  const auto it = std::find_if(
      facts.assignments.begin(), facts.assignments.end(),
      [&](const Assignment& a) { return a.target == LinkChain{name(std::string(target))}; });
  REQUIRE_MESSAGE(it != facts.assignments.end(), "no assignment to ", target);
  return *it;
}

}  // namespace

TEST_CASE(
    "CSharp extractor: block, nested and file-scoped namespaces qualify top-level types only") {
  const FileFacts block = extract(
      "namespace Shop.Auth {\n  namespace Inner {\n    public class A { class B {} }\n  }\n  "
      "struct C {}\n}\n"
      "namespace Other { record D(int X); }\n");
  CHECK(block.language == "csharp");
  CHECK(named(block, "A").qualifier == "Shop.Auth.Inner");
  CHECK(named(block, "B").qualifier.empty());
  CHECK(named(block, "B").parent == index_of(block, "A"));
  CHECK(named(block, "C").qualifier == "Shop.Auth");
  CHECK(named(block, "C").label == Label::Class);
  CHECK(named(block, "D").qualifier == "Other");
  CHECK(block.has_all);
  CHECK(block.all_names == std::vector<std::string>{"A"});

  const FileFacts scoped =
      extract("namespace Shop.Data;\n\npublic interface IRepo {}\nenum Kind { A }\n");
  CHECK(named(scoped, "IRepo").qualifier == "Shop.Data");
  CHECK(named(scoped, "IRepo").label == Label::Interface);
  CHECK(named(scoped, "Kind").qualifier == "Shop.Data");
}

TEST_CASE("CSharp extractor: using directives, aliases, static and global usings are imports") {
  const FileFacts facts = extract(
      "using System;\nglobal using System.Linq;\nusing Repo = Shop.Data.Repository;\nusing static "
      "System.Math;\n"
      "namespace N { using Shop.Auth; }\n");
  REQUIRE(facts.imports.size() == 5);
  CHECK(facts.imports[0].module == "System");
  CHECK(facts.imports[0].name == "*");
  CHECK(facts.imports[0].level == 0);
  CHECK(facts.imports[1].module == "System.Linq");
  CHECK(facts.imports[2].module == "Shop.Data.Repository");
  CHECK(facts.imports[2].alias == "Repo");
  CHECK(facts.imports[2].name.empty());
  CHECK(facts.imports[3].module == "System.Math");
  CHECK(facts.imports[3].name == "*");
  CHECK(facts.imports[3].level == 1);
  CHECK(facts.imports[4].module == "Shop.Auth");
  CHECK(facts.imports[4].line == 5);
}

TEST_CASE("CSharp extractor: classes carry bases, attributes, modifiers, documentation and spans") {
  const FileFacts facts = extract(
      "namespace N {\n"
      "/// <summary>Signs users in.</summary>\n"
      "[Serializable]\n"
      "public abstract partial class Service<T> : Base<T>, IService, Lib.IAudit where T : class {\n"
      "  [Obsolete(\"x\")]\n"
      "  public static async Task<User> Run(this Service<T> s, ref int n, params string[] rest) { "
      "return null; }\n"
      "}\n}\n");
  const Definition& service = named(facts, "Service");
  CHECK(service.label == Label::Class);
  CHECK(service.is_abstract);
  CHECK(service.docstring == "Signs users in.");
  CHECK(service.decorators == std::vector<std::string>{"Serializable"});
  CHECK(service.base_texts == std::vector<std::string>{"Base<T>", "IService", "Lib.IAudit"});
  REQUIRE(service.bases.size() == 3);
  CHECK(service.bases[0] == LinkChain{name("Base")});
  CHECK(service.bases[2] == LinkChain{name("Lib"), attribute("IAudit")});
  CHECK(service.span.line_start == 4);  // after the attribute
  CHECK(service.span.line_end == 7);
  const Definition& run = named(facts, "Run");
  CHECK(run.label == Label::Method);
  CHECK(run.parent == index_of(facts, "Service"));
  CHECK(run.decorators == std::vector<std::string>{"Obsolete(\"x\")"});
  CHECK(run.span.line_start == 6);
  CHECK(run.is_static);
  CHECK(run.is_async);
  CHECK(run.is_extension);
  CHECK(run.is_variadic);
  CHECK(run.return_annotation == LinkChain{name("Task")});
  CHECK(run.parameters == std::vector<std::string>{"s", "n", "rest"});
  REQUIRE(run.annotated_parameters.size() == 3);
  CHECK(run.annotated_parameters[0].second == LinkChain{name("Service")});
  CHECK(run.annotated_parameters[1].second == LinkChain{name("int")});
  CHECK(run.annotated_parameters[2].second.empty());  // an array
  CHECK(run.signature.empty());
}

TEST_CASE("CSharp extractor: overloads and constructors carry erased signatures") {
  const FileFacts facts = extract(
      "class A {\n"
      "  A() {}\n  A(int x) : this() {}\n  static A() {}\n"
      "  void Login(string a) {}\n  void Login(string a, string b) {}\n"
      "  void Login(int? a, List<Foo>[] b, Lib.Foo c) {}\n  void Other() {}\n  void Plain(int x) { "
      "}\n"
      "}\n");
  CHECK(named(facts, "<init>", "()").parent == 0);
  CHECK(named(facts, "<init>", "(int)").label == Label::Method);
  CHECK(named(facts, "<clinit>").is_static);
  CHECK(named(facts, "Login", "(string)").parameters == std::vector<std::string>{"a"});
  CHECK(named(facts, "Login", "(string,string)").parameters.size() == 2);
  CHECK(named(facts, "Login", "(int?,List[],Foo)").parameters.size() == 3);
  CHECK(named(facts, "Other").signature.empty());
  CHECK(named(facts, "Plain").signature.empty());
  CHECK_FALSE(named(facts, "Other").is_extension);
  CHECK(named(facts, "Other").return_annotation.empty());  // void
}

TEST_CASE(
    "CSharp extractor: properties are fields or accessor methods, and their calls belong to them") {
  const FileFacts facts = extract(
      "class A {\n"
      "  public Repo Repo { get; set; } = Make();\n"
      "  int Count => Compute();\n"
      "  User Current { get { return Load(); } }\n"
      "  const int Max = 3;\n"
      "  static readonly List<User> users = new List<User>();\n"
      "  event Handler Changed;\n"
      "}\n"
      "enum Color { Red, Green = 2 }\n"
      "record Point(int X, Repo Y);\n");
  const Assignment& repo = assigned(facts, "Repo");
  CHECK(repo.scope == index_of(facts, "A"));
  CHECK(repo.annotation == LinkChain{name("Repo")});
  CHECK(repo.value == LinkChain{name("Make"), call("0")});
  const Definition& count = named(facts, "Count");
  CHECK(count.label == Label::Method);
  CHECK(count.is_accessor);
  CHECK(count.return_annotation == LinkChain{name("int")});
  CHECK(named(facts, "Current").is_accessor);
  CHECK(named(facts, "Current").return_annotation == LinkChain{name("User")});
  CHECK(assigned(facts, "Max").value == LinkChain{literal("int")});
  CHECK(assigned(facts, "users").annotation == LinkChain{name("List")});
  CHECK(assigned(facts, "users").value == LinkChain{name("List"), call("0")});
  CHECK(assigned(facts, "Changed").annotation == LinkChain{name("Handler")});
  CHECK(assigned(facts, "Green").annotation == LinkChain{name("Color")});
  CHECK(assigned(facts, "Green").scope == index_of(facts, "Color"));
  CHECK(assigned(facts, "Y").annotation == LinkChain{name("Repo")});
  CHECK(assigned(facts, "Y").scope == index_of(facts, "Point"));

  REQUIRE(facts.calls.size() == 4);
  CHECK(facts.calls[0].callee == LinkChain{name("Make")});
  CHECK(facts.calls[0].caller == kModuleScope);  // a field initialiser
  CHECK(facts.calls[0].scope == index_of(facts, "A"));
  CHECK(facts.calls[1].callee == LinkChain{name("Compute")});
  CHECK(facts.calls[1].caller == index_of(facts, "Count"));
  CHECK(facts.calls[2].caller == index_of(facts, "Current"));
  CHECK(facts.calls[3].callee == LinkChain{name("List")});
}

TEST_CASE("CSharp extractor: call chains, arities, constructors and arguments") {
  const FileFacts facts = extract(
      "class A : B {\n"
      "  A(int x) : base(x, 2) {}\n"
      "  async Task Run() {\n"
      "    this.repo.Save(1, \"s\", 2.5, true, 'c', null, user);\n"
      "    base.Run();\n"
      "    F(1, 2).G();\n"
      "    new Foo(a).Go();\n"
      "    var q = new Shop.Data.Repo();\n"
      "    await repo.SaveAsync();\n"
      "    x?.Check();\n"
      "    Parse<int>(s);\n"
      "    var n = nameof(Run);\n"
      "    Console.WriteLine(name.ToUpper());\n"
      "    Local();\n"
      "    void Local() { Helper(); }\n"
      "  }\n"
      "}\n");
  const std::vector<LinkChain> expected{
      {name("base")},
      {name("this"), attribute("repo"), attribute("Save")},
      {name("base"), attribute("Run")},
      {name("F"), call("2"), attribute("G")},
      {name("F")},
      {name("Foo"), call("1"), attribute("Go")},
      {name("Foo")},
      {name("Shop"), attribute("Data"), attribute("Repo")},
      {name("repo"), attribute("SaveAsync")},
      {name("x"), attribute("Check")},
      {name("Parse")},
      {name("Console"), attribute("WriteLine")},
      {name("name"), attribute("ToUpper")},
      {name("Local")},
      {name("Helper")},
  };
  CHECK(callees(facts) == expected);
  const ScopeIndex run = index_of(facts, "Run");
  CHECK(facts.calls[0].caller == index_of(facts, "<init>"));
  CHECK(facts.calls[0].arguments == std::vector<LinkChain>{{name("x")}, {literal("int")}});
  CHECK(facts.calls[1].caller == run);
  CHECK(facts.calls[1].line == 4);
  CHECK(facts.calls[1].text == "this.repo.Save");
  CHECK(facts.calls[1].arguments == std::vector<LinkChain>{{literal("int")},
                                                           {literal("string")},
                                                           {literal("double")},
                                                           {literal("bool")},
                                                           {literal("char")},
                                                           {literal("null")},
                                                           {name("user")}});
  CHECK(facts.calls[6].text == "new Foo");
  CHECK(facts.calls[6].arguments == std::vector<LinkChain>{{name("a")}});
  CHECK(facts.calls[14].caller == run);  // a local function's calls are its method's
  CHECK(named(facts, "Run").is_async);
  CHECK(assigned(facts, "q").value ==
        LinkChain{name("Shop"), attribute("Data"), attribute("Repo"), call("0")});
  CHECK(facts.definitions.size() == 3);  // A, its constructor, Run: no local function
}

TEST_CASE(
    "CSharp extractor: locals from declarations, using, foreach, catch, patterns and out vars") {
  const FileFacts facts = extract(
      "class A {\n"
      "  void Run(Func<int, int> f) {\n"
      "    Repo r = Make();\n"
      "    var s = new Service();\n"
      "    using var t = Open();\n"
      "    using (var u = new Conn()) {}\n"
      "    foreach (User each in users) {}\n"
      "    try {} catch (IOException e) {}\n"
      "    if (o is Admin admin) {}\n"
      "    Try(out var parsed);\n"
      "    Apply(x => x + 1);\n"
      "  }\n"
      "}\n");
  const ScopeIndex run = index_of(facts, "Run");
  CHECK(assigned(facts, "r").annotation == LinkChain{name("Repo")});
  CHECK(assigned(facts, "r").value == LinkChain{name("Make"), call("0")});
  CHECK(assigned(facts, "r").scope == run);
  CHECK(assigned(facts, "r").line == 3);
  CHECK(assigned(facts, "s").annotation.empty());
  CHECK(assigned(facts, "s").value == LinkChain{name("Service"), call("0")});
  CHECK(assigned(facts, "t").value == LinkChain{name("Open"), call("0")});
  CHECK(assigned(facts, "u").value == LinkChain{name("Conn"), call("0")});
  CHECK(assigned(facts, "each").annotation == LinkChain{name("User")});
  CHECK(assigned(facts, "e").annotation == LinkChain{name("IOException")});
  CHECK(assigned(facts, "admin").annotation == LinkChain{name("Admin")});
  CHECK(assigned(facts, "parsed").value.empty());
  CHECK(assigned(facts, "parsed").annotation.empty());
  CHECK(facts.assignments.size() == 8);  // no lambda parameter
}

TEST_CASE("CSharp extractor: interfaces declare their methods, properties are their fields") {
  const FileFacts facts = extract(
      "interface IRepo<T> : IBase {\n  void Save(T item);\n  T Find(int id);\n  int Count { get; "
      "}\n}\n");
  CHECK(named(facts, "IRepo").bases == std::vector<LinkChain>{{name("IBase")}});
  CHECK(named(facts, "Save").parent == 0);
  CHECK(named(facts, "Save").label == Label::Method);
  CHECK(named(facts, "Save").span.line_start == 2);
  CHECK(named(facts, "Find").return_annotation == LinkChain{name("T")});
  CHECK(assigned(facts, "Count").scope == 0);
}

TEST_CASE("CSharp extractor: cyclomatic complexity counts C# decision points") {
  const FileFacts facts = extract(
      "class A {\n"
      "  int M(int k, bool a, bool b, string s) {\n"
      "    if (a && b || a) {}\n"
      "    for (int i = 0; i < k; i++) {}\n"
      "    foreach (var x in xs) {}\n"
      "    while (a) {}\n"
      "    do {} while (b);\n"
      "    switch (k) { case 1: break; case 2: break; default: break; }\n"
      "    var y = k switch { 1 => 2, _ => 3 };\n"
      "    try {} catch (Exception) {}\n"
      "    var z = a ? 1 : 2;\n"
      "    var w = s ?? \"\";\n"
      "    return 0;\n"
      "  }\n"
      "  void Simple() {}\n"
      "}\n");
  // 1 + if, &&, ||, for, foreach, while, do, 2 cases, 1 arm, catch, ?:, ??
  CHECK(named(facts, "M").complexity == 14);
  CHECK(named(facts, "Simple").complexity == 1);
  CHECK(named(facts, "A").complexity == 0);
}

TEST_CASE(
    "CSharp extractor: destructors, operators and indexers are skipped, broken input survives") {
  const FileFacts facts = extract(
      "class A {\n  ~A() { Cleanup(); }\n  public static A operator +(A x, A y) => Add(x, y);\n"
      "  int this[int i] => Get(i);\n  void M() {}\n}\n");
  CHECK(facts.definitions.size() == 2);
  CHECK(facts.calls.empty());
  const FileFacts broken = extract("namespace { class ( void M( { Foo(.); ");
  CHECK(broken.has_syntax_errors);
  CHECK(extract("").definitions.empty());
}

namespace {

FileFacts extract_fixture(const std::string& relative) {
  const std::filesystem::path path =
      std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/csharp/shop" / relative;
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot read ", path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return extract(text.str(), relative);
}

}  // namespace

TEST_CASE("CSharp extractor: the shop fixture parses and carries the facts EXPECTED.md relies on") {
  for (const char* file :
       {"Program.cs", "Auth/AuthService.cs", "Auth/IAuthService.cs", "Auth/AuthExtensions.cs",
        "Auth/Session.cs", "Auth/Session.Tokens.cs", "Billing/Checkout.cs", "Billing/Prices.cs",
        "Data/Repository.cs", "Data/UserRepository.cs", "Models/Entity.cs", "Models/User.cs"}) {
    CAPTURE(file);
    CHECK_FALSE(extract_fixture(file).has_syntax_errors);
  }
  const FileFacts checkout = extract_fixture("Billing/Checkout.cs");
  CHECK(named(checkout, "Checkout").qualifier == "Shop.Billing");
  CHECK(assigned(checkout, "auth").annotation == LinkChain{name("Auth"), attribute("AuthService")});
  const FileFacts auth = extract_fixture("Auth/AuthService.cs");
  CHECK(named(auth, "<init>", "(UserRepository)").parent == index_of(auth, "AuthService"));
  CHECK(named(auth, "Login", "(int)").label == Label::Method);
  CHECK(named(auth, "CurrentUser").is_accessor);
  CHECK(named(extract_fixture("Auth/AuthExtensions.cs"), "Audit").is_extension);
  CHECK(named(extract_fixture("Auth/Session.Tokens.cs"), "Session").qualifier == "Shop.Auth");
  CHECK(named(extract_fixture("Data/Repository.cs"), "Repository").qualifier == "Shop.Data");
}
