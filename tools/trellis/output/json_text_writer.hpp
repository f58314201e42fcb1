// Writing JSON text straight from the store, for answers that must be built
// in microseconds: RapidJSON's SAX writer (compact or two-space pretty)
// with Trellis' values on top. Strings that are not valid UTF-8 are written
// with U+FFFD in place of the bad bytes, as the DOM printer does.
#pragma once

// RapidJSON scans strings for characters to escape 16 bytes at a time where
// the target has the instructions (every x86-64 has SSE2, every arm64 NEON).
#if defined(__SSE4_2__) && !defined(RAPIDJSON_SSE42)
#define RAPIDJSON_SSE42
#elif defined(__SSE2__) && !defined(RAPIDJSON_SSE2)
#define RAPIDJSON_SSE2
#elif defined(__ARM_NEON) && !defined(RAPIDJSON_NEON)
#define RAPIDJSON_NEON
#endif
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "trellis/store/graph_store.hpp"

namespace trellis::output {

enum class JsonStyle { Compact, Pretty };

// Text of `text` that is valid UTF-8: itself when it already is.
std::string_view valid_utf8(std::string_view text, std::string& scratch);

class JsonTextWriter {
 public:
  explicit JsonTextWriter(JsonStyle style);

  void begin_object() { call([](auto& w) { w.StartObject(); }); }
  void end_object() { call([](auto& w) { w.EndObject(); }); }
  void begin_array() { call([](auto& w) { w.StartArray(); }); }
  void end_array() { call([](auto& w) { w.EndArray(); }); }
  void key(std::string_view name) {
    call([&](auto& w) { w.Key(name.data(), static_cast<rapidjson::SizeType>(name.size())); });
  }
  void string(std::string_view text);
  void integer(std::int64_t value) { call([&](auto& w) { w.Int64(value); }); }
  // A double (always with a fraction or exponent); NaN and infinities as null.
  void number(double value);
  void unsigned_integer(std::uint64_t value) { call([&](auto& w) { w.Uint64(value); }); }
  void boolean(bool value) { call([&](auto& w) { w.Bool(value); }); }
  void null() { call([](auto& w) { w.Null(); }); }
  void property(const PropertyValue& value);

  // A node as CONTRACT.md's node object: label, qualified_name, name, then
  // its label's non-null properties, leaving out file_path and the line and
  // byte range when `with_location` is false; "depth" when depth >= 0.
  void node(const GraphStore& store, NodeId node, int depth = -1, bool with_location = true);
  // A list of qualified names.
  template <class Nodes>
  void names(const GraphStore& store, const Nodes& nodes) {
    begin_array();
    for (const NodeId node : nodes) qualified_name(store, node);
    end_array();
  }
  void qualified_name(const GraphStore& store, NodeId node);

  // The text written so far (a complete document once every value is closed).
  std::string take();

 private:
  template <class F>
  void call(F&& f) {
    if (style_ == JsonStyle::Pretty) {
      f(pretty_);
    } else {
      f(compact_);
    }
  }

  JsonStyle style_;
  rapidjson::StringBuffer buffer_;
  rapidjson::Writer<rapidjson::StringBuffer> compact_;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> pretty_;
  std::string scratch_;  // valid_utf8's replacement text
  std::string name_;     // the qualified name being written
};

}  // namespace trellis::output
