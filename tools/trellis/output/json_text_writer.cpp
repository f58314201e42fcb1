#include "trellis/output/json_text_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

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

// Whether every byte is below 0x80, eight bytes at a time (every string of
// an answer passes here: most are ASCII identifiers and paths).
bool is_ascii(std::string_view text) {
  std::uint64_t bits = 0;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + i, 8);
    bits |= word;
  }
  for (; i < text.size(); ++i) bits |= static_cast<unsigned char>(text[i]);
  return (bits & 0x8080808080808080ull) == 0;
}

}  // namespace

bool is_plain_text(std::string_view text) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  // Some byte's high bit ends up set in `flags` exactly when the text has a
  // byte >= 0x80 (the word itself), below 0x20 (subtracting 0x20 from each
  // byte borrows), '"' or '\\' (XOR makes that byte zero, and subtracting 1
  // borrows). Once every byte is in 0x20..0x7F no subtraction borrows across
  // bytes, so there are no false alarms; a borrow caused by an earlier bad
  // byte only flags a text that is flagged anyway.
  std::uint64_t flags = 0;
  const auto check = [&](std::uint64_t word) {
    const std::uint64_t quote = word ^ (kOnes * '"');
    const std::uint64_t backslash = word ^ (kOnes * '\\');
    flags |= word | (word - kOnes * 0x20) | (quote - kOnes) | (backslash - kOnes);
  };
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + i, 8);
    check(word);
  }
  if (i < text.size()) {
    std::uint64_t word = kOnes * 'a';  // padding that is plain
    std::memcpy(&word, text.data() + i, text.size() - i);
    check(word);
  }
  return (flags & kHigh) == 0;
}

std::string_view valid_utf8(std::string_view text, std::string& scratch) {
  if (is_ascii(text)) return text;
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

JsonTextWriter::JsonTextWriter(JsonStyle style)
    : style_(style), buffer_(nullptr, kInitialCapacity), compact_(buffer_), pretty_(buffer_) {
  pretty_.SetIndent(' ', 2);
}

void JsonTextWriter::string(std::string_view text) {
  if (is_plain_text(text)) {
    call([&](auto& w) { w.PlainString(text); });
    return;
  }
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

// One property straight from its column (no PropertyValue, no list copy);
// nothing when the value is null.
void JsonTextWriter::column_value(const StringTable& strings, const Column& column, std::size_t row,
                                  std::string_view name) {
  switch (column.index()) {
    case 0: {
      const std::int32_t value = std::get<IntColumn>(column).values[row];
      if (value == kNullInt) return;
      plain_key(name);
      integer(value);
      return;
    }
    case 1: {
      const std::uint8_t value = std::get<BoolColumn>(column).values[row];
      if (value == kNullBool) return;
      plain_key(name);
      boolean(value != 0);
      return;
    }
    case 2: {
      const StringId value = std::get<StringColumn>(column).values[row];
      if (value == kNullString) return;
      plain_key(name);
      string(strings.get(value));
      return;
    }
    default: {
      const auto items = std::get<StringListColumn>(column).at(row);
      if (items.empty()) return;
      plain_key(name);
      begin_array();
      for (const StringId item : items) string(strings.get(item));
      end_array();
    }
  }
}

void JsonTextWriter::node(const GraphStore& store, NodeId node, int depth, bool with_location) {
  begin_object();
  node_fields(store, node, depth, with_location);
  end_object();
}

void JsonTextWriter::node_fields(const GraphStore& store, NodeId node, int depth, bool with_location) {
  const Label label = store.label(node);
  const std::size_t row = node - store.nodes(label).begin;
  plain_key("label");
  string(to_string(label));
  plain_key("qualified_name");
  qualified_name(store, node);
  plain_key("name");
  string(store.name(node));
  plain_key("node_id");
  string(store.node_id(node));
  const auto& properties = label_def(label).properties;
  const auto columns = store.columns(label);
  for (std::size_t c = 0; c < properties.size(); ++c) {
    if (!with_location && std::find(std::begin(kLocationProperties), std::end(kLocationProperties),
                                    properties[c].name) != std::end(kLocationProperties)) {
      continue;
    }
    if (fields_ != nullptr && !fields_->includes(label, properties[c].name)) continue;
    column_value(store.strings(), columns[c], row, properties[c].name);
  }
  if (depth >= 0) {
    plain_key("depth");
    integer(depth);
  }
}

std::string JsonTextWriter::take() { return std::string(buffer_.GetString(), buffer_.GetSize()); }

}  // namespace trellis::output
