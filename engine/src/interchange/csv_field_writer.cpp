#include "csv_field_writer.hpp"

#include <fmt/format.h>

#include <iterator>

namespace trellis::csv {

void append_field(std::string& out, std::string_view value) {
  if (value.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += value;
    return;
  }
  out += '"';
  for (const char c : value) {
    out += c;
    if (c == '"') out += '"';
  }
  out += '"';
}

void append_json_string_list(std::string& out, std::span<const std::string_view> items) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out += ',';
    out += '"';
    for (const char c : items[i]) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned>(c));
          } else {
            out += c;
          }
      }
    }
    out += '"';
  }
  out += ']';
}

void PropertyCellWriter::write(const PropertyValue& value) {
  out_ += ',';
  if (const auto* number = std::get_if<std::int64_t>(&value)) {
    fmt::format_to(std::back_inserter(out_), "{}", *number);
  } else if (const auto* flag = std::get_if<bool>(&value)) {
    out_ += *flag ? "true" : "false";
  } else if (const auto* text = std::get_if<std::string_view>(&value)) {
    append_field(out_, *text);
  } else if (const auto* items = std::get_if<std::vector<std::string_view>>(&value)) {
    list_.clear();
    if (lists_ == ListCells::Json) {
      append_json_string_list(list_, *items);
    } else {
      for (std::size_t i = 0; i < items->size(); ++i) {
        if (i != 0) list_ += kUnitSeparator;
        list_ += (*items)[i];
      }
    }
    append_field(out_, list_);
  }
}

}  // namespace trellis::csv
