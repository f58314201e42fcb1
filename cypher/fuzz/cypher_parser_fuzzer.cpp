// libFuzzer entry: any bytes through the statement splitter and the parser.
// Besides crashes, leaks and hangs (libFuzzer's and the sanitizers' checks),
// it aborts on a broken contract: an error position outside the input, an
// error code other than CYPHER_SYNTAX_ERROR or READ_ONLY, or an accepted
// statement whose printed AST is empty.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "trellis/cypher/ast/printer.hpp"
#include "trellis/cypher/parser.hpp"
#include "trellis/cypher/statement_splitter.hpp"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

void parse_one(std::string_view text) {
  auto result = trellis::cypher::parse_cypher(text);
  if (result) {
    check(!trellis::cypher::ast::to_sexpr(*result).empty());
    return;
  }
  const auto& error = result.error();
  check(error.code == trellis::ErrorCode::CypherSyntaxError ||
        error.code == trellis::ErrorCode::ReadOnly);
  check(error.position.has_value());
  check(error.position->line >= 1 && error.position->column >= 1);
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n' ? 1 : 0;
  check(error.position->line <= lines);
  check(!error.message.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  parse_one(input);
  const auto split = trellis::cypher::split_script(input);
  for (const auto& statement : split.statements) {
    check(statement.offset + statement.text.size() <= input.size());
    parse_one(statement.text);
  }
  return 0;
}
