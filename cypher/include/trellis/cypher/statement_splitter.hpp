// Splitting a script (piped stdin, the console's buffer) into statements at
// each ';' that is not inside a string, a backticked name or a comment.
//
//   MATCH (n) RETURN 'a;b';  // one; two
//   RETURN 1;  RETURN 2      -> "MATCH (n) RETURN 'a;b'", "  RETURN 1" and the
//                               unterminated remainder "  RETURN 2"
//
// Splitting never fails: an unterminated string or comment runs to the end
// of the input, and parse_cypher reports it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::cypher {

struct StatementText {
  std::string_view text;     // without its ';'
  std::size_t offset = 0;    // of text in the script
  std::uint32_t line = 1;    // 1-based line and column of text's first byte
  std::uint32_t column = 1;  // in the script
};

struct ScriptSplit {
  // Statements ended by ';', in order; statements holding only whitespace and
  // comments are left out.
  std::vector<StatementText> statements;
  // What follows the last ';' (blank when the script ends with ';'). Piped
  // input runs it as a last statement; the console keeps reading into it.
  StatementText remainder;
};

ScriptSplit split_script(std::string_view script);

// True when `text` holds only whitespace and comments.
bool is_blank(std::string_view text);

// A position inside `statement` (as parse_cypher reports it) as a position
// in the whole script.
TextPosition script_position(const StatementText& statement, TextPosition in_statement);

}  // namespace trellis::cypher
