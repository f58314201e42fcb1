// The Rust extractor on small sources: what each construct becomes in
// FileFacts (ingest/rust/rust_extractor.hpp), Cargo.toml's crate name, and
// that odd input is survived.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rust/rust_crates.hpp"
#include "rust/rust_extractor.hpp"

using namespace trellis;
using namespace trellis::ingest;
using namespace trellis::ingest::rust;

namespace {

FileFacts extract_rust(std::string_view source, std::string path = "src/lib.rs") {
  static const auto queries = RustQueries::compile();
  REQUIRE(queries.ok());
  RustExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

Link rust_name(std::string text) { return {Link::Kind::Name, std::move(text)}; }
Link rust_attribute(std::string text) { return {Link::Kind::Attribute, std::move(text)}; }

const Definition& rust_named(const FileFacts& facts, std::string_view name) {
  for (const Definition& definition : facts.definitions) {
    if (definition.name == name) return definition;
  }
  FAIL("no definition ", name);
  return facts.definitions.front();
}

}  // namespace

TEST_CASE("rust extractor: items, impl parts, trait methods, inline modules and macros") {
  const FileFacts facts = extract_rust(
      "pub struct Order { total: Vec<Item> }\n"
      "pub trait Shape: Named { fn area(&self) -> f64; fn describe(&self) {} }\n"
      "impl<T> Shape for Order { fn area(&self) -> f64 { 1.0 } }\n"
      "mod tests { fn helper() {} }\n"
      "macro_rules! log { () => {} }\n");
  REQUIRE(facts.definitions.size() == 8);
  CHECK(rust_named(facts, "Order").label == Label::Class);
  CHECK_FALSE(rust_named(facts, "Order").is_extension);
  const Definition& shape = rust_named(facts, "Shape");
  CHECK(shape.label == Label::Interface);
  CHECK(shape.bases == std::vector<LinkChain>{{rust_name("Named")}});
  const Definition& part = facts.definitions[4];
  CHECK(part.name == "Order");
  CHECK(part.is_extension);
  CHECK(part.implements == std::vector<LinkChain>{{rust_name("Shape")}});
  CHECK(facts.definitions[5].label == Label::Method);
  CHECK(facts.definitions[5].parent == 4);
  CHECK(rust_named(facts, "describe").label == Label::Method);
  CHECK(rust_named(facts, "helper").qualifier == "tests");
  CHECK(rust_named(facts, "helper").label == Label::Function);
  CHECK(rust_named(facts, "log!").decorators == std::vector<std::string>{"macro_rules!"});
  REQUIRE(facts.assignments.size() == 1);
  CHECK(facts.assignments[0].annotation == LinkChain{rust_name("Item"), rust_attribute("[]")});
}

TEST_CASE("rust extractor: use trees, paths normalised in inline modules, typed locals and calls") {
  const FileFacts facts = extract_rust(
      "use crate::a::{self, b::C as D, e::*};\n"
      "mod tests {\n"
      "    use super::*;\n"
      "    fn f(x: &dyn Shape) -> Result<Order, E> {\n"
      "        let y: Option<Box<Order>> = None;\n"
      "        super::g(x.area()?);\n"
      "        my_macro!(1);\n"
      "        Shape::Circle(1);\n"
      "    }\n"
      "}\n");
  REQUIRE(facts.imports.size() == 4);
  CHECK(facts.imports[0].module == "crate");
  CHECK(facts.imports[0].name == "a");
  CHECK(facts.imports[1].module == "crate.a.b");
  CHECK(facts.imports[1].name == "C");
  CHECK(facts.imports[1].alias == "D");
  CHECK(facts.imports[2].module == "crate.a.e");
  CHECK(facts.imports[2].name == "*");
  CHECK(facts.imports[3].module == "self::");  // super of `mod tests`: the file's module
  CHECK(facts.imports[3].name == "*");
  const Definition& f = rust_named(facts, "f");
  // `&dyn Shape`: a reference to a Shape (kReferenceLink).
  CHECK(f.annotated_parameters.front().second == LinkChain{rust_name("Shape"), rust_attribute("&")});
  CHECK(f.return_annotation == LinkChain{rust_name("Order"), rust_attribute("[]")});
  REQUIRE(facts.assignments.size() == 1);
  CHECK(facts.assignments[0].annotation == LinkChain{rust_name("Order"), rust_attribute("[]")});
  std::vector<LinkChain> callees;
  for (const CallSite& site : facts.calls) callees.push_back(site.callee);
  // Shape::Circle(1) builds an enum variant: no call.
  CHECK(callees == std::vector<LinkChain>{{rust_name("self::"), rust_attribute("g")},
                                          {rust_name("x"), rust_attribute("area")},
                                          {rust_name("my_macro!")}});
}

TEST_CASE("rust crates: Cargo.toml's [lib] name, else its package name, '-' as '_'") {
  CHECK(crate_name_of("[package]\nname = \"shop-core\"\nversion = \"0.1.0\"\n") == "shop_core");
  CHECK(crate_name_of("[package]\nname = \"x\"\n\n[lib]\nname = \"x_lib\"\n") == "x_lib");
  CHECK(crate_name_of("[workspace]\nmembers = [\"a\"]\n").empty());
  CHECK(crate_name_of("[dependencies]\nname = \"no\"\n").empty());
}

TEST_CASE("rust extractor: broken and empty input give what can be read") {
  CHECK(extract_rust("").definitions.empty());
  const FileFacts facts = extract_rust("impl for {{ fn ( use ::; mod { macro_rules! }");
  CHECK(facts.has_syntax_errors);
}
