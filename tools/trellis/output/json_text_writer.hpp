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
#include <cstring>
#include <string>
#include <string_view>

#include "trellis/queries/node_fields.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

enum class JsonStyle { Compact, Pretty };

namespace detail {

// RapidJSON's writer (`Base`: Writer or PrettyWriter over a StringBuffer)
// with one addition: a string the caller found needs no escaping is copied
// into the buffer as one block, where RapidJSON would copy it byte by byte
// through its escape scan. Structure, commas and indentation stay RapidJSON's.
template <class Base, bool kPretty>
class BlockWriter : public Base {
 public:
  explicit BlockWriter(rapidjson::StringBuffer& buffer) : Base(buffer) {}

  // `text` in quotes, as a key or a value; it must hold no '"', '\\',
  // control character or byte >= 0x80.
  void PlainString(std::string_view text) {
    if constexpr (kPretty) {
      this->PrettyPrefix(rapidjson::kStringType);
    } else {
      this->Prefix(rapidjson::kStringType);
    }
    char* out = this->os_->Push(text.size() + 2);
    out[0] = '"';
    if (!text.empty()) std::memcpy(out + 1, text.data(), text.size());
    out[text.size() + 1] = '"';
  }
};

}  // namespace detail

// Whether `text` can be written as is between quotes: no character JSON
// escapes ('"', '\\', below 0x20) and no byte >= 0x80 (which needs the
// UTF-8 check). Eight bytes at a time.
bool is_plain_text(std::string_view text);

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
    if (is_plain_text(name)) {
      plain_key(name);
    } else {
      call([&](auto& w) { w.Key(name.data(), static_cast<rapidjson::SizeType>(name.size())); });
    }
  }
  // A key known to need no escaping (ASCII letters, digits, '_': the
  // contract's field names and the schema's property names), copied as is.
  void plain_key(std::string_view name) { call([&](auto& w) { w.PlainString(name); }); }
  void string(std::string_view text);
  void integer(std::int64_t value) { call([&](auto& w) { w.Int64(value); }); }
  // A double (always with a fraction or exponent); NaN and infinities as null.
  void number(double value);
  void unsigned_integer(std::uint64_t value) { call([&](auto& w) { w.Uint64(value); }); }
  void boolean(bool value) { call([&](auto& w) { w.Bool(value); }); }
  void null() { call([](auto& w) { w.Null(); }); }
  void property(const PropertyValue& value);

  // A node as CONTRACT.md's node object: label, qualified_name, name, then
  // its label's non-null properties (those the selected fields include),
  // leaving out file_path and the line and byte range when `with_location`
  // is false; "depth" when depth >= 0.
  void node(const GraphStore& store, NodeId node, int depth = -1, bool with_location = true);
  // The same members inside an object the caller opened (to add its own).
  void node_fields(const GraphStore& store, NodeId node, int depth = -1, bool with_location = true);
  // The properties node() writes from now on: nullptr (the start) for all
  // of them, else those `fields` includes (kept by the caller).
  void select_fields(const queries::NodeFields* fields) { fields_ = fields; }
  const queries::NodeFields* selected_fields() const { return fields_; }
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

  // Room for a 100-node answer, so the buffer rarely grows (each growth
  // copies what was written).
  static constexpr std::size_t kInitialCapacity = 64 * 1024;

  JsonStyle style_;
  rapidjson::StringBuffer buffer_;
  detail::BlockWriter<rapidjson::Writer<rapidjson::StringBuffer>, false> compact_;
  detail::BlockWriter<rapidjson::PrettyWriter<rapidjson::StringBuffer>, true> pretty_;
  void column_value(const StringTable& strings, const Column& column, std::size_t row, std::string_view name);

  const queries::NodeFields* fields_ = nullptr;
  std::string scratch_;  // valid_utf8's replacement text
  std::string name_;     // the qualified name being written
};

}  // namespace trellis::output
