// The Go extractor on small sources: what each construct becomes in
// FileFacts (ingest/resolve/typed_facts.hpp), and that odd input is survived.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "go/go_extractor.hpp"

using namespace trellis;
using namespace trellis::ingest;
using namespace trellis::ingest::go;

namespace {

FileFacts extract_go(std::string_view source, std::string path = "pkg/file.go") {
  static const auto queries = GoQueries::compile();
  REQUIRE(queries.ok());
  GoExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

Link name(std::string text) { return {Link::Kind::Name, std::move(text)}; }
Link attribute(std::string text) { return {Link::Kind::Attribute, std::move(text)}; }
Link call(std::string arity = {}) { return {Link::Kind::Call, std::move(arity)}; }
Link literal(std::string type) { return {Link::Kind::Literal, std::move(type)}; }

ScopeIndex index_of(const FileFacts& facts, std::string_view definition, std::string_view qualifier = {}) {
  for (ScopeIndex i = 0; i < facts.definitions.size(); ++i) {
    if (facts.definitions[i].name == definition && facts.definitions[i].qualifier == qualifier) return i;
  }
  FAIL("no definition ", definition);
  return kModuleScope;
}

const Definition& named(const FileFacts& facts, std::string_view definition, std::string_view qualifier = {}) {
  return facts.definitions[index_of(facts, definition, qualifier)];
}

// The assignments to `target` in `scope`, in source order.
std::vector<Assignment> assigned(const FileFacts& facts, std::string_view target, ScopeIndex scope) {
  std::vector<Assignment> found;
  for (const Assignment& a : facts.assignments) {
    if (a.scope == scope && a.target == LinkChain{name(std::string(target))}) found.push_back(a);
  }
  return found;
}

std::vector<LinkChain> callees(const FileFacts& facts) {
  std::vector<LinkChain> chains;
  for (const CallSite& site : facts.calls) chains.push_back(site.callee);
  return chains;
}

}  // namespace

TEST_CASE("go extractor: package clause and imports with aliases, dot and blank imports") {
  const FileFacts facts = extract_go(
      "package auth\n\nimport \"fmt\"\n\nimport (\n\tstr \"strings\"\n\t. \"math\"\n\t_ \"embed\"\n"
      "\t\"example.com/shop/store\"\n)\n");
  CHECK(facts.language == "go");
  CHECK(facts.package_name == "auth");
  CHECK_FALSE(facts.has_syntax_errors);
  REQUIRE(facts.imports.size() == 5);
  const std::vector<std::pair<std::string, std::string>> expected{
      {"fmt", ""}, {"strings", "str"}, {"math", "."}, {"embed", "_"}, {"example.com/shop/store", ""}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(facts.imports[i].module == expected[i].first);
    CHECK(facts.imports[i].alias == expected[i].second);
    CHECK(facts.imports[i].name.empty());
    CHECK(facts.imports[i].scope == kModuleScope);
  }
  CHECK(facts.imports[0].line == 3);
  CHECK(facts.imports[4].line == 9);
}

TEST_CASE("go extractor: a struct's fields and embedded types, its docstring and span") {
  const FileFacts facts = extract_go(
      "package auth\n"
      "\n"
      "// Service logs users in.\n"
      "// It keeps a store.\n"
      "type Service struct {\n"
      "\tBase\n"
      "\t*Audit\n"
      "\tstore.Repo\n"
      "\tname, id string\n"
      "\trepo *store.Repo `json:\"repo\"`\n"
      "\titems []Item\n"
      "}\n");
  REQUIRE(facts.definitions.size() == 1);
  const Definition& service = facts.definitions[0];
  CHECK(service.label == Label::Class);
  CHECK(service.name == "Service");
  CHECK(service.parent == kModuleScope);
  CHECK(service.qualifier.empty());
  CHECK(service.docstring == "Service logs users in.\nIt keeps a store.");
  CHECK(service.span.line_start == 5);
  CHECK(service.span.line_end == 12);
  CHECK(service.complexity == 0);
  CHECK(service.bases == std::vector<LinkChain>{{name("Base")}, {name("Audit")}, {name("store"), attribute("Repo")}});
  CHECK(service.base_texts == std::vector<std::string>{"Base", "Audit", "store.Repo"});

  std::vector<std::pair<std::string, LinkChain>> fields;
  for (const Assignment& a : facts.assignments) {
    CHECK(a.scope == 0);
    CHECK(a.value.empty());
    REQUIRE(a.target.size() == 1);
    fields.emplace_back(a.target[0].text, a.annotation);
  }
  const std::vector<std::pair<std::string, LinkChain>> expected{
      {"Base", {name("Base")}},
      {"Audit", {name("Audit")}},
      {"Repo", {name("store"), attribute("Repo")}},
      {"name", {name("string")}},
      {"id", {name("string")}},
      {"repo", {name("store"), attribute("Repo")}},
      {"items", {name("Item"), attribute("[]")}},  // a slice: its element, then "[]"
  };
  CHECK(fields == expected);
  CHECK(facts.has_all);
  CHECK(facts.all_names == std::vector<std::string>{"Service"});
}

TEST_CASE("go extractor: an interface's method specs and embedded interfaces") {
  const FileFacts facts = extract_go(
      "package auth\n"
      "type Authenticator interface {\n"
      "\tio.Closer\n"
      "\tNamer\n"
      "\t// Login checks.\n"
      "\tLogin(user string, codes ...int) (*Token, error)\n"
      "\tLogout()\n"
      "}\n"
      "type Number interface { ~int | ~float64 }\n");
  REQUIRE(facts.definitions.size() == 4);
  const Definition& authenticator = facts.definitions[0];
  CHECK(authenticator.label == Label::Interface);
  CHECK(authenticator.bases == std::vector<LinkChain>{{name("io"), attribute("Closer")}, {name("Namer")}});
  CHECK(authenticator.base_texts == std::vector<std::string>{"io.Closer", "Namer"});
  const Definition& login = facts.definitions[1];
  CHECK(login.label == Label::Method);
  CHECK(login.name == "Login");
  CHECK(login.parent == 0);
  CHECK(login.qualifier.empty());
  CHECK(login.docstring == "Login checks.");
  CHECK(login.parameters == std::vector<std::string>{"user", "codes"});
  CHECK(login.annotated_parameters ==
        std::vector<std::pair<std::string, LinkChain>>{{"user", {name("string")}}, {"codes", {name("int"), attribute("[]")}}});
  CHECK(login.is_variadic);
  CHECK(login.return_annotation == LinkChain{name("Token")});
  CHECK(login.span.line_start == 6);
  CHECK(login.span.line_end == 6);
  CHECK(facts.definitions[2].name == "Logout");
  CHECK(facts.definitions[2].parent == 0);
  CHECK_FALSE(facts.definitions[2].is_variadic);
  CHECK(facts.definitions[3].label == Label::Interface);
  CHECK(facts.definitions[3].bases.empty());
  CHECK(facts.all_names == std::vector<std::string>{"Authenticator", "Number"});
}

TEST_CASE("go extractor: grouped types span from their names, other named types are classes") {
  const FileFacts facts = extract_go(
      "package shop\n"
      "type (\n"
      "\t// IDs lists.\n"
      "\tIDs []int\n"
      "\tHandler func(int) error\n"
      "\tlegacy = Order\n"
      ")\n"
      "type Order struct{ ID int }\n");
  REQUIRE(facts.definitions.size() == 4);
  const Definition& ids = named(facts, "IDs");
  CHECK(ids.label == Label::Class);
  CHECK(ids.docstring == "IDs lists.");
  CHECK(ids.span.line_start == 4);
  CHECK(ids.span.line_end == 4);
  CHECK(named(facts, "Handler").label == Label::Class);
  CHECK(named(facts, "legacy").label == Label::Class);
  CHECK(named(facts, "legacy").bases.empty());
  const Definition& order = named(facts, "Order");
  CHECK(order.span.line_start == 8);
  CHECK(order.span.byte_start == std::string_view("package shop\ntype (\n\t// IDs lists.\n\tIDs []int\n"
                                                  "\tHandler func(int) error\n\tlegacy = Order\n)\n")
                                     .size());
  CHECK(facts.all_names == std::vector<std::string>{"Handler", "IDs", "Order"});
}

TEST_CASE("go extractor: functions and methods on pointer and value receivers") {
  const FileFacts facts = extract_go(
      "package auth\n"
      "func NewService(repo *store.Repo, opts ...Option) *Service { return nil }\n"
      "func (s *Service) Login(user, password string) (bool, error) { return true, nil }\n"
      "func (t Token) String() string { return \"\" }\n"
      "func (Token) valid() {}\n"
      "func (c *Cache[K]) Get(key K) {}\n"
      "func helper() {}\n");
  REQUIRE(facts.definitions.size() == 6);
  const Definition& constructor = named(facts, "NewService");
  CHECK(constructor.label == Label::Function);
  CHECK(constructor.parent == kModuleScope);
  CHECK(constructor.qualifier.empty());
  CHECK(constructor.first_parameter.empty());
  CHECK(constructor.parameters == std::vector<std::string>{"repo", "opts"});
  CHECK(constructor.annotated_parameters ==
        std::vector<std::pair<std::string, LinkChain>>{{"repo", {name("store"), attribute("Repo")}}, {"opts", {name("Option"), attribute("[]")}}});
  CHECK(constructor.is_variadic);
  CHECK(constructor.return_annotation == LinkChain{name("Service")});
  CHECK(constructor.span.line_start == 2);

  const Definition& login = named(facts, "Login", "Service");
  CHECK(login.label == Label::Method);
  CHECK(login.parent == kModuleScope);
  CHECK(login.first_parameter == "s");
  CHECK(login.parameters == std::vector<std::string>{"user", "password"});
  CHECK(login.annotated_parameters == std::vector<std::pair<std::string, LinkChain>>{
                                          {"s", {name("Service")}}, {"user", {name("string")}}, {"password", {name("string")}}});
  CHECK(login.return_annotation == LinkChain{name("bool")});
  CHECK(login.results == std::vector<LinkChain>{{name("bool")}, {name("error")}});
  CHECK(constructor.results.empty());  // one result: return_annotation alone
  CHECK_FALSE(login.is_variadic);

  const Definition& string = named(facts, "String", "Token");
  CHECK(string.first_parameter == "t");
  CHECK(string.annotated_parameters[0] == std::pair<std::string, LinkChain>{"t", {name("Token")}});
  const Definition& valid = named(facts, "valid", "Token");
  CHECK(valid.first_parameter.empty());
  CHECK(valid.annotated_parameters == std::vector<std::pair<std::string, LinkChain>>{{"", {name("Token")}}});
  CHECK(named(facts, "Get", "Cache").first_parameter == "c");
  // Methods are no top-level names of the package.
  CHECK(facts.all_names == std::vector<std::string>{"NewService"});
}

TEST_CASE("go extractor: call chains with arities, go and defer, calls in closures") {
  const FileFacts facts = extract_go(
      "package auth\n"
      "func (s *Service) Run(ctx context.Context) {\n"
      "\ts.repo.Save(ctx, 1)\n"
      "\tf(1, 2).g()\n"
      "\tgo worker(\"a\")\n"
      "\tdefer s.Close()\n"
      "\tfn := func() { inner(ctx) }\n"
      "\tfn()\n"
      "\tfmt.Println(xs...)\n"
      "\t(s.h)(2.5, 'r', true)\n"
      "\tx.(*Order).Total()\n"
      "\tdefer func() { recover() }()\n"
      "}\n"
      "var initial = setup()\n");
  const ScopeIndex run = index_of(facts, "Run", "Service");
  const ScopeIndex fn = index_of(facts, "func1");  // the closure bound to fn
  CHECK(facts.definitions[fn].parent == run);
  const std::vector<LinkChain> expected{
      {name("s"), attribute("repo"), attribute("Save")},
      {name("f"), call("2"), attribute("g")},
      {name("f")},
      {name("worker")},
      {name("s"), attribute("Close")},
      {name("inner")},
      {name("fn")},
      {name("fmt"), attribute("Println")},
      {name("s"), attribute("h")},
      {name("Order"), call(), attribute("Total")},
      {name("recover")},  // `func() {...}()` itself is no call site: its body is the caller's
      {name("setup")},
  };
  CHECK(callees(facts) == expected);
  REQUIRE(facts.calls.size() == expected.size());
  // The closure bound to fn makes its own call (inner); the literal bound
  // to no name (deferred) is Run's.
  for (std::size_t i = 0; i + 1 < facts.calls.size(); ++i) {
    CHECK(facts.calls[i].caller == (i == 5 ? fn : run));
    CHECK(facts.calls[i].scope == (i == 5 ? fn : run));
  }
  CHECK(facts.calls.back().caller == kModuleScope);
  CHECK(facts.calls.back().scope == kModuleScope);
  CHECK(facts.calls[0].line == 3);
  CHECK(facts.calls[0].text == "s.repo.Save");
  CHECK(facts.calls[0].arguments == std::vector<LinkChain>{{name("ctx")}, {literal("int")}});
  CHECK(facts.calls[3].arguments == std::vector<LinkChain>{{literal("string")}});
  CHECK(facts.calls[5].line == 7);
  CHECK(facts.calls[8].arguments == std::vector<LinkChain>{{literal("float64")}, {literal("rune")}, {literal("bool")}});
}

TEST_CASE("go extractor: composite literals and new(T) construct a type and are no calls") {
  const FileFacts facts = extract_go(
      "package main\n"
      "func main() {\n"
      "\ts := &Service{}\n"
      "\tu := auth.Service{Name: \"x\"}\n"
      "\tp := new(auth.Service)\n"
      "\tq := new(Token)\n"
      "\tids := []int{1, 2}\n"
      "\t(&Service{}).Login()\n"
      "\tauth.NewService(Config{}, n)\n"
      "}\n");
  const ScopeIndex main = index_of(facts, "main");
  CHECK(assigned(facts, "s", main)[0].value == LinkChain{name("Service"), call()});
  CHECK(assigned(facts, "u", main)[0].value == LinkChain{name("auth"), attribute("Service"), call()});
  CHECK(assigned(facts, "p", main)[0].value == LinkChain{name("auth"), attribute("Service"), call()});
  CHECK(assigned(facts, "q", main)[0].value == LinkChain{name("Token"), call()});
  CHECK(assigned(facts, "ids", main)[0].value.empty());
  CHECK(callees(facts) == std::vector<LinkChain>{{name("Service"), call(), attribute("Login")},
                                                 {name("auth"), attribute("NewService")}});
  CHECK(facts.calls[1].arguments == std::vector<LinkChain>{{name("Config"), call()}, {name("n")}});
}

TEST_CASE("go extractor: locals from :=, var, range, type switches and closures") {
  const FileFacts facts = extract_go(
      "package main\n"
      "func run(items []Item) error {\n"
      "\tx, err := load(1)\n"
      "\tvar repo store.Repo = store.Open()\n"
      "\tvar count int\n"
      "\tfor i, item := range items {\n"
      "\t}\n"
      "\tswitch v := x.(type) {\n"
      "\tcase int:\n"
      "\t}\n"
      "\th := func(s *Service) { s.Login() }\n"
      "\tlogin := s.Login\n"
      "\tt, ok := x.(*auth.Token)\n"
      "\t_, e2 := load(2)\n"
      "\treturn nil\n"
      "}\n");
  const ScopeIndex run = index_of(facts, "run");
  CHECK(assigned(facts, "x", run).at(0).value == LinkChain{name("load"), call("1")});
  CHECK(assigned(facts, "x", run).at(0).line == 3);
  // The second name of `x, err := load(1)` takes the call's result 1.
  CHECK(assigned(facts, "err", run).at(0).value == LinkChain{name("load"), call("1"), attribute("#1")});
  const Assignment repo = assigned(facts, "repo", run).at(0);
  CHECK(repo.annotation == LinkChain{name("store"), attribute("Repo")});
  CHECK(repo.value == LinkChain{name("store"), attribute("Open"), call("0")});
  CHECK(assigned(facts, "count", run).at(0).annotation == LinkChain{name("int")});
  CHECK(assigned(facts, "i", run).at(0).value.empty());
  CHECK(assigned(facts, "item", run).at(0).line == 6);
  CHECK(assigned(facts, "v", run).at(0).value.empty());
  // h holds the closure bound to it, a Function whose parameters are its own.
  const ScopeIndex h = index_of(facts, "func1");
  CHECK(facts.definitions[h].parent == run);
  CHECK(assigned(facts, "h", run).at(0).value == LinkChain{name("<func>"), attribute(std::to_string(h))});
  CHECK(facts.definitions[h].annotated_parameters ==
        std::vector<std::pair<std::string, LinkChain>>{{"s", {name("Service")}}});
  CHECK(assigned(facts, "s", run).empty());
  CHECK(assigned(facts, "s", h).empty());
  CHECK(assigned(facts, "login", run).at(0).value == LinkChain{name("s"), attribute("Login")});
  CHECK(assigned(facts, "t", run).at(0).value == LinkChain{name("auth"), attribute("Token"), call()});
  CHECK(assigned(facts, "ok", run).at(0).value.empty());
  CHECK(assigned(facts, "e2", run).at(0).value == LinkChain{name("load"), call("1"), attribute("#1")});
  CHECK(assigned(facts, "_", run).empty());
  // The closure's call is its own.
  REQUIRE(facts.calls.size() == 4);
  CHECK(facts.calls[2].callee == LinkChain{name("s"), attribute("Login")});
  CHECK(facts.calls[2].caller == h);
}

TEST_CASE("go extractor: package-level variables and constants at module scope") {
  const FileFacts facts = extract_go(
      "package shop\n"
      "var Default = NewCart()\n"
      "var (\n"
      "\tcount int\n"
      "\tName, label = \"shop\", 'x'\n"
      ")\n"
      "const (\n"
      "\tMax = 10\n"
      "\tmin\n"
      ")\n");
  CHECK(facts.definitions.empty());
  CHECK(assigned(facts, "Default", kModuleScope).at(0).value == LinkChain{name("NewCart"), call("0")});
  CHECK(assigned(facts, "count", kModuleScope).at(0).annotation == LinkChain{name("int")});
  CHECK(assigned(facts, "Name", kModuleScope).at(0).value == LinkChain{literal("string")});
  CHECK(assigned(facts, "label", kModuleScope).at(0).value == LinkChain{literal("rune")});
  CHECK(assigned(facts, "Max", kModuleScope).at(0).value == LinkChain{literal("int")});
  CHECK(assigned(facts, "min", kModuleScope).at(0).value.empty());
  CHECK(facts.all_names == std::vector<std::string>{"Default", "Max", "Name"});
  REQUIRE(facts.calls.size() == 1);
  CHECK(facts.calls[0].caller == kModuleScope);
}

TEST_CASE("go extractor: cyclomatic complexity counts branches, loops, cases and short circuits") {
  const FileFacts facts = extract_go(
      "package main\n"
      "func plain() {}\n"
      "func busy(a, b bool, x any, ch chan int) {\n"
      "\tif a && b || !a {\n"
      "\t} else if b {\n"
      "\t}\n"
      "\tfor i := 0; i < 3; i++ {}\n"
      "\tfor range ch {}\n"
      "\tswitch {\n"
      "\tcase a:\n"
      "\tcase b:\n"
      "\tdefault:\n"
      "\t}\n"
      "\tswitch x.(type) {\n"
      "\tcase int, string:\n"
      "\tdefault:\n"
      "\t}\n"
      "\tselect {\n"
      "\tcase v := <-ch:\n"
      "\t\t_ = v\n"
      "\tdefault:\n"
      "\t}\n"
      "\tgo func() { if a {} }()\n"
      "}\n"
      "type T struct{}\n");
  CHECK(named(facts, "plain").complexity == 1);
  // if, &&, ||, else-if, two fors, two expression cases, one type case, one
  // communication case, the closure's if.
  CHECK(named(facts, "busy").complexity == 12);
  CHECK(named(facts, "T").complexity == 0);
  CHECK(assigned(facts, "v", index_of(facts, "busy")).size() == 1);
}

TEST_CASE("go extractor: local types belong to their function; broken and deep input is survived") {
  const FileFacts local = extract_go("package main\nfunc f() {\n\ttype row struct{ n int }\n\tg()\n}\n");
  REQUIRE(local.definitions.size() == 2);
  CHECK(local.definitions[1].name == "row");
  CHECK(local.definitions[1].parent == 0);
  REQUIRE(local.calls.size() == 1);
  CHECK(local.calls[0].caller == 0);
  CHECK(local.calls[0].scope == 0);
  CHECK(local.all_names.empty());

  const FileFacts broken = extract_go("package main\nfunc (s *S) M( {\n\tx := \nfunc ok() { h() }\n");
  CHECK(broken.has_syntax_errors);
  CHECK(extract_go("").definitions.empty());

  std::string deep = "package main\nfunc f() { x := ";
  for (int i = 0; i < 3000; ++i) deep += "(";
  deep += "a";
  for (int i = 0; i < 3000; ++i) deep += ")";
  deep += ".b()\n}\n";
  const FileFacts nested = extract_go(deep);
  REQUIRE(nested.calls.size() == 1);
  CHECK(nested.calls[0].callee.back() == attribute("b"));
}

TEST_CASE("go extractor: the shop fixture reads cleanly, a method apart from its type") {
  const std::string root = std::string(TRELLIS_SOURCE_DIR) + "/tests/fixtures/go/shop/";
  const auto read = [&](std::string path) {
    std::ifstream in(root + path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "missing fixture file ", path);
    std::stringstream text;
    text << in.rdbuf();
    return extract_go(text.str(), std::move(path));
  };
  const std::vector<std::pair<std::string, std::string>> files{
      {"auth/authenticator.go", "auth"}, {"auth/service.go", "auth"}, {"auth/service_logout.go", "auth"},
      {"auth/token.go", "auth"},         {"store/store.go", "store"},  {"admin/admin.go", "admin"},
      {"oauth/provider.go", "oauth"},    {"format/format.go", "format"}, {"plugins/plugins.go", "plugins"},
      {"cmd/shop/shop.go", "main"},      {"cmd/shop/handlers.go", "main"}};
  for (const auto& file : files) {
    // Named, not a structured binding: doctest's checks capture it in a lambda.
    const std::string& path = file.first;
    const FileFacts facts = read(path);
    CHECK_MESSAGE(!facts.has_syntax_errors, path);
    CHECK_MESSAGE(facts.package_name == file.second, path);
  }
  const FileFacts logout = read("auth/service_logout.go");
  REQUIRE(logout.definitions.size() == 1);
  CHECK(logout.definitions[0].qualifier == "Service");
  CHECK(callees(logout) == std::vector<LinkChain>{{name("s"), attribute("audit")},
                                                  {name("s"), attribute("users"), attribute("Close")}});
  const FileFacts admin = read("admin/admin.go");
  CHECK(named(admin, "Admin").bases == std::vector<LinkChain>{{name("auth"), attribute("Service")}});
  const FileFacts shop = read("cmd/shop/shop.go");
  CHECK(assigned(shop, "h", index_of(shop, "loginByValue")).at(0).value == LinkChain{name("svc"), attribute("Login")});
}

TEST_CASE("go extractor: each local's innermost block, and whether a plain = assigns it") {
  const FileFacts facts = extract_go(
      "package main\n"
      "var top = func() {}\n"
      "func run(c bool, n int) {\n"
      "\tf := func() {}\n"
      "\tif g := func() {}; c {\n"
      "\t\tf = func() {}\n"
      "\t\th := 1\n"
      "\t}\n"
      "\tswitch n {\n"
      "\tcase 1:\n"
      "\t\tf = func() {}\n"
      "\t}\n"
      "\tdo(func(x int) {\n"
      "\t})\n"
      "}\n");
  const ScopeIndex run = index_of(facts, "run");
  // Block ends: the function's body (line 15), the if's block (8), the case
  // clause (11); a declaration in an if's initialiser is the if's (8); a
  // literal's parameter is its own (14); package level has none.
  const std::vector<Assignment> f = assigned(facts, "f", run);
  REQUIRE(f.size() == 3);
  CHECK(f[0].line == 4);
  CHECK(f[0].block_end == 15);
  CHECK_FALSE(f[0].reassigns);
  CHECK(f[1].line == 6);
  CHECK(f[1].block_end == 8);
  CHECK(f[1].reassigns);
  CHECK(f[2].line == 11);
  CHECK(f[2].block_end == 11);
  CHECK(f[2].reassigns);
  CHECK(assigned(facts, "g", run).at(0).block_end == 8);
  CHECK_FALSE(assigned(facts, "g", run).at(0).reassigns);
  CHECK(assigned(facts, "h", run).at(0).block_end == 8);
  CHECK(assigned(facts, "x", run).at(0).block_end == 14);
  CHECK(assigned(facts, "top", kModuleScope).at(0).block_end == 0xFFFFFFFFu);
}
