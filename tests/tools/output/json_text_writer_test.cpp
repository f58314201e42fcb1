// The answer writer's fast path: which strings count as plain (copied as a
// block) and that every string, plain or not, comes out as the same JSON
// text nlohmann writes for it (escapes, UTF-8 kept, bad bytes replaced),
// but for the hex digits of control characters.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "trellis/output/json_text_writer.hpp"

using trellis::output::is_plain_text;
using trellis::output::JsonStyle;
using trellis::output::JsonTextWriter;

namespace {

std::string written(std::string_view text) {
  JsonTextWriter w(JsonStyle::Compact);
  w.begin_array();
  w.string(text);
  w.end_array();
  return w.take();
}

std::string expected(const std::string& text) {
  return nlohmann::json::array({text}).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

TEST_CASE("is_plain_text accepts printable ASCII and refuses what JSON escapes, at every position") {
  CHECK(is_plain_text(""));
  CHECK(is_plain_text("shop.services.auth.AuthService.login"));
  CHECK(is_plain_text(" !#$%&'()*+,-./0123456789:;<=>?@AZ[]^_`az{|}~\x7f"));
  for (std::size_t length = 1; length <= 20; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const char bad : {'"', '\\', '\n', '\t', '\0', '\x1f', '\x80', '\xff'}) {
        std::string text(length, 'x');
        text[at] = bad;
        CAPTURE(length);
        CAPTURE(at);
        CAPTURE(static_cast<int>(static_cast<unsigned char>(bad)));
        CHECK_FALSE(is_plain_text(text));
      }
      std::string text(length, 'x');
      text[at] = ' ';
      CHECK(is_plain_text(text));
    }
  }
}

TEST_CASE("JsonTextWriter writes plain and escaped strings as nlohmann does") {
  for (const std::string& text :
       {std::string(""), std::string("a"), std::string("shop.util.log.log"), std::string("say \"hi\"\n\tnow\\"),
        std::string("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80"), std::string("bad \xff byte and \xc3 cut"),
        std::string(40, 'q') + "\"" + std::string(9, 'r')}) {
    CAPTURE(text);
    CHECK(written(text) == expected(text));
  }
  // Control characters: RapidJSON writes upper-case hex where nlohmann writes lower case.
  CHECK(written("ctrl \x01\x1f end") == R"(["ctrl \u0001\u001F end"])");
}

TEST_CASE("JsonTextWriter keys: plain ones copied, others escaped") {
  JsonTextWriter w(JsonStyle::Pretty);
  w.begin_object();
  w.plain_key("row_count");
  w.integer(3);
  w.key("odd \"key\"");
  w.string("v");
  w.end_object();
  CHECK(w.take() == "{\n  \"row_count\": 3,\n  \"odd \\\"key\\\"\": \"v\"\n}");
}
