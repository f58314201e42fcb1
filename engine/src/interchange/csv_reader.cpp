#include "csv_reader.hpp"

#include <fmt/format.h>

namespace trellis::csv {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

}  // namespace

std::string_view field_value(const CsvField& field, std::string& scratch) {
  if (!field.has_doubled_quotes) return field.raw;
  scratch.clear();
  for (std::size_t i = 0; i < field.raw.size(); ++i) {
    scratch += field.raw[i];
    if (field.raw[i] == '"') ++i;  // skip the second quote of the pair
  }
  return scratch;
}

CsvReader::CsvReader(std::string_view file_name, std::string_view text)
    : file_name_(file_name), text_(text) {
  if (text_.starts_with(kUtf8Bom)) pos_ = kUtf8Bom.size();
}

Error CsvReader::error_at(std::size_t line, std::string_view message) const {
  return make_error(ErrorCode::InvalidArgument,
                    fmt::format("{}:{}: {}", file_name_, line, message));
}

Result<bool> CsvReader::next(CsvRecord& record) {
  record.fields.clear();
  while (pos_ < text_.size()) {
    if (text_[pos_] == '\n') {
      ++pos_;
      ++line_;
    } else if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
      pos_ += 2;
      ++line_;
    } else {
      break;
    }
  }
  if (pos_ >= text_.size()) return false;
  record.line = line_;
  record.offset = pos_;
  for (;;) {
    auto more = read_field(record);
    if (!more.ok()) return std::move(more).take_error();
    if (!*more) return true;
  }
}

bool CsvReader::end_of_field() {
  if (pos_ >= text_.size()) return false;
  if (text_[pos_] == ',') {
    ++pos_;
    return true;
  }
  pos_ += text_[pos_] == '\r' ? 2U : 1U;  // callers checked for "\n" or "\r\n"
  ++line_;
  return false;
}

Result<bool> CsvReader::read_field(CsvRecord& record) {
  if (pos_ < text_.size() && text_[pos_] == '"') return read_quoted_field(record);
  const std::size_t start = pos_;
  for (; pos_ < text_.size(); ++pos_) {
    const char c = text_[pos_];
    if (c == ',' || c == '\n') break;
    if (c == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') break;
    if (c == '"')
      return error_at(
          line_, "a quote inside an unquoted field (quote the whole field and double the quote)");
  }
  record.fields.push_back(CsvField{text_.substr(start, pos_ - start), false});
  return end_of_field();
}

Result<bool> CsvReader::read_quoted_field(CsvRecord& record) {
  const std::size_t first_line = line_;
  const std::size_t start = ++pos_;
  bool doubled = false;
  for (;; ++pos_) {
    if (pos_ >= text_.size()) return error_at(first_line, "a quoted field is not closed");
    const char c = text_[pos_];
    if (c == '\n') {
      ++line_;
    } else if (c == '"') {
      if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
        doubled = true;
        ++pos_;
      } else {
        break;
      }
    }
  }
  record.fields.push_back(CsvField{text_.substr(start, pos_ - start), doubled});
  ++pos_;  // the closing quote
  if (pos_ < text_.size()) {
    const char c = text_[pos_];
    const bool crlf = c == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n';
    if (c != ',' && c != '\n' && !crlf) {
      return error_at(line_,
                      "text after a closing quote (expected a comma or the end of the line)");
    }
  }
  return end_of_field();
}

}  // namespace trellis::csv
