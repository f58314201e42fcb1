// split_script with X3: a statement is a run of strings, backticked names,
// comments and other characters up to a ';'.
#include "trellis/cypher/statement_splitter.hpp"

#include <boost/spirit/home/x3.hpp>

namespace trellis::cypher {
namespace {

namespace x3 = boost::spirit::x3;
using x3::char_;
using x3::eoi;
using x3::lit;

auto const single_quoted = lit('\'') >> *((lit('\\') >> char_) | (char_ - '\'')) >>
                           (lit('\'') | eoi);
auto const double_quoted = lit('"') >> *((lit('\\') >> char_) | (char_ - '"')) >> (lit('"') | eoi);
auto const backticked = lit('`') >> *(char_ - '`') >>
                        (lit('`') | eoi);  // `` inside is two of these
auto const line_comment = lit("//") >> *(char_ - char_("\r\n"));
auto const block_comment = lit("/*") >> *(char_ - lit("*/")) >> (lit("*/") | eoi);
auto const statement_text =
    *(single_quoted | double_quoted | backticked | line_comment | block_comment | (char_ - ';'));
auto const blank = *(char_(" \t\r\n\f\v") | line_comment | block_comment) >> eoi;

// Line and column of successive offsets, counted once over the script.
class LineCounter {
 public:
  explicit LineCounter(std::string_view script) : script_(script) {}

  StatementText statement(std::size_t begin, std::size_t end) {
    for (; scanned_ < begin; ++scanned_) {
      if (script_[scanned_] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
    }
    return StatementText{script_.substr(begin, end - begin), begin, line_, column_};
  }

 private:
  std::string_view script_;
  std::size_t scanned_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
};

}  // namespace

bool is_blank(std::string_view text) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), blank);
}

ScriptSplit split_script(std::string_view script) {
  ScriptSplit split;
  const char* const begin = script.data();
  const char* const end = begin + script.size();
  const char* first = begin;
  LineCounter lines(script);
  while (true) {
    const char* const start = first;
    x3::parse(first, end, statement_text);  // always succeeds; stops at ';' or the end
    const auto from = static_cast<std::size_t>(start - begin);
    const auto to = static_cast<std::size_t>(first - begin);
    if (first == end) {
      split.remainder = lines.statement(from, to);
      return split;
    }
    StatementText statement = lines.statement(from, to);
    if (!is_blank(statement.text)) split.statements.push_back(statement);
    ++first;  // the ';'
  }
}

TextPosition script_position(const StatementText& statement, TextPosition in_statement) {
  if (in_statement.line == 1) {
    return TextPosition{statement.line, statement.column + in_statement.column - 1};
  }
  return TextPosition{statement.line + in_statement.line - 1, in_statement.column};
}

}  // namespace trellis::cypher
