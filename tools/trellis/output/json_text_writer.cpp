#include "trellis/output/json_text_writer.hpp"

#include <algorithm>
#include <cmath>

namespace trellis::output {
namespace {

// Length of the valid UTF-8 sequence at `text[i]`, 0 when it is not one.
std::size_t sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned min = 0;
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  unsigned code = lead & (0x7Fu >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  return code < min || code > 0x10FFFF || surrogate ? 0 : length;
}

constexpr std::string_view kLocationProperties[] = {"file_path", "line_start", "line_end", "byte_start", "byte_end"};

}  // namespace

std::string_view valid_utf8(std::string_view text, std::string& scratch) {
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii) return text;
  scratch.clear();
  bool changed = false;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = sequence_length(text, i);
    if (length == 0) {
      scratch += "\xEF\xBF\xBD";
      changed = true;
      ++i;
    } else {
      scratch.append(text.substr(i, length));
      i += length;
    }
  }
  return changed ? std::string_view(scratch) : text;
}

JsonTextWriter::JsonTextWriter(JsonStyle style) : style_(style), compact_(buffer_), pretty_(buffer_) {
  pretty_.SetIndent(' ', 2);
}

void JsonTextWriter::string(std::string_view text) {
  const std::string_view valid = valid_utf8(text, scratch_);
  call([&](auto& w) { w.String(valid.data(), static_cast<rapidjson::SizeType>(valid.size())); });
}

void JsonTextWriter::number(double value) {
  if (!std::isfinite(value)) {
    null();
    return;
  }
  call([&](auto& w) { w.Double(value); });
}

void JsonTextWriter::property(const PropertyValue& value) {
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          null();
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          integer(v);
        } else if constexpr (std::is_same_v<T, bool>) {
          boolean(v);
        } else if constexpr (std::is_same_v<T, std::string_view>) {
          string(v);
        } else {
          begin_array();
          for (const std::string_view item : v) string(item);
          end_array();
        }
      },
      value);
}

void JsonTextWriter::qualified_name(const GraphStore& store, NodeId node) {
  name_.clear();
  store.append_qualified_name(node, name_);
  string(name_);
}

void JsonTextWriter::node(const GraphStore& store, NodeId node, int depth, bool with_location) {
  begin_object();
  key("label");
  string(to_string(store.label(node)));
  key("qualified_name");
  qualified_name(store, node);
  key("name");
  string(store.name(node));
  const auto& properties = label_def(store.label(node)).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    if (!with_location && std::find(std::begin(kLocationProperties), std::end(kLocationProperties),
                                    properties[c].name) != std::end(kLocationProperties)) {
      continue;
    }
    const PropertyValue value = store.property(node, c);
    if (is_null(value)) continue;
    key(properties[c].name);
    property(value);
  }
  if (depth >= 0) {
    key("depth");
    integer(depth);
  }
  end_object();
}

std::string JsonTextWriter::take() { return std::string(buffer_.GetString(), buffer_.GetSize()); }

}  // namespace trellis::output
