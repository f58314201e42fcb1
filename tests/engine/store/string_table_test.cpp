#include <doctest/doctest.h>

#include <string>
#include <vector>

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

TEST_CASE("interner keeps each string's hash and grows to the table a rehash of every string gives") {
  StringInterner interner;
  for (int i = 0; i < 5000; ++i) interner.intern("qualified.name_" + std::to_string(i));
  const std::string given = "given.hash";
  const StringId id = interner.intern(given, hash_string(given));
  CHECK(id == 5001);
  CHECK(interner.intern(given) == id);
  CHECK(interner.find(given, hash_string(given)) == id);
  CHECK_FALSE(interner.find("absent", hash_string("absent")).has_value());
  for (StringId s = 1; s < interner.size(); s += 113) CHECK(interner.hash(s) == hash_string(interner.get(s)));

  const StringTable table = std::move(interner).freeze();
  // Every id inserted in id order by linear probing from hash_string.
  std::vector<StringId> expected(table.slots.size(), 0);
  const std::size_t mask = expected.size() - 1;
  for (StringId s = 1; s < table.size(); ++s) {
    std::size_t slot = static_cast<std::size_t>(hash_string(table.get(s))) & mask;
    while (expected[slot] != 0) slot = (slot + 1) & mask;
    expected[slot] = s;
  }
  CHECK(std::vector<StringId>(table.slots.begin(), table.slots.end()) == expected);
}
