#include <doctest/doctest.h>

#include <string>

#include "trellis/ingest/source_file.hpp"

using trellis::ingest::repair_utf8;

TEST_CASE("valid UTF-8 is left alone") {
  std::string text = "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 plain";
  const std::string before = text;
  CHECK_FALSE(repair_utf8(text));
  CHECK(text == before);
}

TEST_CASE("invalid UTF-8 bytes become U+FFFD and the rest is kept") {
  std::string text = "a\xFF" "b\xC3" "c\xED\xA0\x80" "d\xE2\x82";
  CHECK(repair_utf8(text));
  CHECK(text == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "d\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("overlong encodings are refused") {
  std::string text = "\xC0\xAF";
  CHECK(repair_utf8(text));
  CHECK(text == "\xEF\xBF\xBD\xEF\xBF\xBD");
}
