// Which names a C++ header edit changes, which names depend on them through
// declared types, and which names a file reads (resolve/name_uses.hpp):
// what decides the includers a header re-index resolves again.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "cpp/cpp_extractor.hpp"
#include "resolve/name_uses.hpp"

using namespace trellis;
using namespace trellis::ingest;
using resolve::name_key;
using resolve::NameKey;

namespace {

FileFacts extract_header(std::string_view source, std::string path = "include/a.h") {
  static const auto queries = cpp::CppQueries::compile();
  REQUIRE(queries.ok());
  cpp::CppExtractor extractor(*queries);
  return extractor.extract(source, std::move(path));
}

std::vector<NameKey> keys(std::initializer_list<std::string_view> names) {
  std::vector<NameKey> out;
  for (const std::string_view name : names) out.push_back(name_key(name));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<NameKey> changed(std::string_view before, std::string_view after) {
  const auto names = resolve::changed_names(extract_header(before), extract_header(after));
  REQUIRE(names.has_value());
  return *names;
}

constexpr std::string_view kHeader = R"(#pragma once
#include "b.h"
#define LIMIT 4
namespace shop {
using Money = int;
class Base { public: void ping(); };
class Order : public Base {
 public:
  int total() const;
  void scale(int factor);
};
inline Money price(const Order& order) { return order.total(); }
}  // namespace shop
)";

std::string edited(std::string_view from, std::string_view to) {
  std::string text(kHeader);
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("cpp name uses: an edit changes exactly the names whose declarations differ") {
  CHECK(changed(kHeader, kHeader).empty());
  // A member added, one removed, one renamed: those names alone.
  CHECK(changed(kHeader, edited("  int total() const;\n", "  int total() const;\n  int discount() const;\n")) ==
        keys({"discount"}));
  CHECK(changed(kHeader, edited("  int total() const;\n", "")) == keys({"total"}));
  CHECK(changed(kHeader, edited("  int total() const;\n", "  int sum() const;\n")) == keys({"sum", "total"}));
  // An overload added: the name (its other overloads are now told apart by signature).
  CHECK(changed(kHeader, edited("  void scale(int factor);\n", "  void scale(int factor);\n  void scale(double f);\n")) ==
        keys({"scale"}));
  // A signature changed, a base class changed: that declaration's name.
  CHECK(changed(kHeader, edited("  int total() const;\n", "  long total() const;\n")) == keys({"total"}));
  CHECK(changed(kHeader, edited("class Order : public Base {", "class Order {")) == keys({"Order"}));
  // A macro shadowing a function: the function's name (a call of it may now be the macro).
  CHECK(changed(kHeader, edited("#define LIMIT 4\n", "#define LIMIT 4\n#define price(o) 0\n")) == keys({"price"}));
  // An alias retargeted.
  CHECK(changed(kHeader, edited("using Money = int;", "using Money = long;")) == keys({"Money"}));
  // A constructor counts as its class's name.
  CHECK(changed(kHeader, edited("  int total() const;\n", "  int total() const;\n  Order(int cents);\n")) ==
        keys({"Order"}));
}

TEST_CASE("cpp name uses: an #include or a using-directive changes what no name stands for") {
  const FileFacts before = extract_header(kHeader);
  CHECK_FALSE(resolve::changed_names(before, extract_header(edited("#include \"b.h\"\n", ""))).has_value());
  CHECK_FALSE(resolve::changed_names(before, extract_header(edited("#include \"b.h\"\n", "#include \"b.h\"\n#include \"c.h\"\n")))
                  .has_value());
  CHECK_FALSE(resolve::changed_names(before, extract_header(edited("namespace shop {\n", "namespace shop {\nusing namespace std;\n")))
                  .has_value());
}

TEST_CASE("cpp name uses: a name declared with an affected type is affected, and so on; others are not") {
  const std::vector<FileFacts> files{extract_header(kHeader), extract_header(R"(#pragma once
namespace shop {
class Ledger { public: Order first(); int count(); };
class Audit : public Ledger {};
inline Ledger* open_ledger() { return nullptr; }
}  // namespace shop
)", "include/ledger.h")};
  std::unordered_set<NameKey> affected{name_key("Order")};
  resolve::add_dependent_names(files, affected);
  // price takes an Order; Ledger.first returns one; nothing else names Order.
  for (const std::string_view name : {"Order", "price", "first"}) CHECK(affected.contains(name_key(name)));
  for (const std::string_view name : {"Ledger", "Audit", "count", "open_ledger", "Base", "ping", "Money"}) {
    CHECK_FALSE(affected.contains(name_key(name)));
  }
  affected = {name_key("Ledger")};
  resolve::add_dependent_names(files, affected);
  // A class deriving from it and a function returning one.
  for (const std::string_view name : {"Ledger", "Audit", "open_ledger"}) CHECK(affected.contains(name_key(name)));
  CHECK_FALSE(affected.contains(name_key("price")));
}

TEST_CASE("cpp name uses: a file reads the names it calls, types, binds and defines, not its comments or strings") {
  const FileFacts source = extract_header(R"(#include "a.h"
// mentions Phantom
namespace app {
int tally(shop::Order& order) {
  auto ledger = shop::open_ledger();
  const char* text = "Ghost";
  return ledger->first().total() + shop::price(order);
}
}  // namespace app
)", "src/app.cpp");
  const std::vector<NameKey> used = resolve::used_names(source);
  CHECK(std::is_sorted(used.begin(), used.end()));
  CHECK(std::adjacent_find(used.begin(), used.end()) == used.end());
  const auto reads = [&](std::string_view name) { return std::binary_search(used.begin(), used.end(), name_key(name)); };
  for (const std::string_view name : {"tally", "Order", "open_ledger", "ledger", "first", "total", "price", "shop"}) {
    CHECK_MESSAGE(reads(name), name);
  }
  for (const std::string_view name : {"Phantom", "Ghost", "discount", "Audit"}) CHECK_FALSE(reads(name));
}
