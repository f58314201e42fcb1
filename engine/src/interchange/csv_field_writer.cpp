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

}  // namespace trellis::csv
