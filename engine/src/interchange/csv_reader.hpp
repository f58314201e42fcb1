// CsvReader: RFC 4180 records over text held in memory, without copying.
//
// Fields are separated by commas and records by LF or CRLF; a field in
// double quotes may hold commas, quotes (doubled) and line breaks. A leading
// UTF-8 byte order mark is skipped, blank lines are skipped, and the last
// record needs no line break. Line numbers count physical lines, so a record
// after a quoted line break is still reported on its own line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::csv {

struct CsvField {
  // The field's text; for a quoted field the text between the quotes, with
  // any embedded quotes still doubled (see field_value).
  std::string_view raw;
  bool has_doubled_quotes = false;
};

struct CsvRecord {
  std::size_t line = 0;    // 1-based line where the record starts
  std::size_t offset = 0;  // byte offset where it starts, for CsvReader::seek
  std::vector<CsvField> fields;
};

// The field's value: `raw` itself, or `raw` with doubled quotes undone into
// `scratch` (the view is valid until `scratch` changes).
std::string_view field_value(const CsvField& field, std::string& scratch);

class CsvReader {
 public:
  // `file_name` prefixes error messages; `text` must outlive the reader.
  CsvReader(std::string_view file_name, std::string_view text);

  // Reads the next record into `record` (reusing its storage) and returns
  // true, or returns false at the end of the text. Bad quoting (an
  // unterminated quote, a quote inside an unquoted field, text after a
  // closing quote) fails with INVALID_ARGUMENT naming the file and line.
  Result<bool> next(CsvRecord& record);

  // Continues at a record next() returned earlier.
  void seek(std::size_t offset, std::size_t line) {
    pos_ = offset;
    line_ = line;
  }

  // INVALID_ARGUMENT "<file>:<line>: <message>".
  Error error_at(std::size_t line, std::string_view message) const;
  std::string_view file_name() const { return file_name_; }

 private:
  // Reads one field starting at pos_ and appends it; returns whether the
  // record goes on (a comma followed).
  Result<bool> read_field(CsvRecord& record);
  Result<bool> read_quoted_field(CsvRecord& record);
  // After a field: consumes a comma (true) or a line break / the end (false).
  bool end_of_field();

  std::string_view file_name_;
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

}  // namespace trellis::csv
