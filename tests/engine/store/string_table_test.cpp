#include <doctest/doctest.h>

#include <string>

#include "trellis/store/string_table.hpp"

using namespace trellis;

TEST_CASE("interner gives one id per distinct string, in first-seen order") {
  StringInterner interner;
  const StringId a = interner.intern("alpha");
  const StringId b = interner.intern("beta");
  CHECK(a == 1);
  CHECK(b == 2);
  CHECK(interner.intern("alpha") == a);
  CHECK(interner.intern("") == kNullString);
  CHECK(interner.get(b) == "beta");
  CHECK(interner.find("beta") == b);
  CHECK_FALSE(interner.find("gamma").has_value());
}

TEST_CASE("interner survives growth and the frozen table answers the same") {
  StringInterner interner;
  for (int i = 0; i < 20000; ++i) interner.intern("name_" + std::to_string(i));
  CHECK(interner.size() == 20001);
  const StringTable table = std::move(interner).freeze();
  CHECK(table.size() == 20001);
  for (int i = 0; i < 20000; i += 997) {
    const auto id = table.find("name_" + std::to_string(i));
    REQUIRE(id.has_value());
    CHECK(*id == static_cast<StringId>(i + 1));
    CHECK(table.get(*id) == "name_" + std::to_string(i));
  }
  CHECK(table.find("") == kNullString);
  CHECK_FALSE(table.find("name_20000").has_value());
}

TEST_CASE("strings with embedded zero bytes and non-ASCII text round trip") {
  StringInterner interner;
  const std::string with_zero("a\0b", 3);
  const StringId z = interner.intern(with_zero);
  const StringId u = interner.intern("caf\xc3\xa9");
  CHECK(interner.intern(std::string("a")) != z);
  const StringTable table = std::move(interner).freeze();
  CHECK(table.get(z) == with_zero);
  CHECK(table.get(u) == "caf\xc3\xa9");
}
