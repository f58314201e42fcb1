// parse_cypher: runs the grammar, turns X3's exceptions into
// CYPHER_SYNTAX_ERROR values with line and column, then checks what the
// grammar leaves to a second look: write clauses (READ_ONLY) and the order
// of clauses in each single query.
#include <fmt/format.h>

#include <boost/spirit/home/x3.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "parser/grammar.hpp"
#include "parser/lexical.hpp"
#include "parser/parse_state.hpp"
#include "trellis/common/suggestions.hpp"
#include "trellis/cypher/parser.hpp"

namespace trellis::cypher {
namespace {

// What is at `offset`, for "Invalid input '...'": a whole word, a quoted
// string's start, or one character (one UTF-8 sequence).
std::string token_at(std::string_view text, std::size_t offset) {
  const std::string_view rest = text.substr(offset);
  std::size_t length = 1;
  if (parser::is_name_char(rest[0])) {
    while (length < rest.size() && length < 40 && parser::is_name_char(rest[length])) ++length;
  } else if (static_cast<unsigned char>(rest[0]) >= 0x80) {
    while (length < rest.size() && length < 4 &&
           (static_cast<unsigned char>(rest[length]) & 0xC0) == 0x80)
      ++length;
  }
  return std::string(rest.substr(0, length));
}

// The keywords closest to a word found where the grammar could not go on
// (`RETRUN` -> RETURN): there only a keyword could have followed, so an
// unknown word there is most likely a misspelt one. Only typos close enough
// to be one (two edits: a swap of two letters) count; none for a keyword.
constexpr std::size_t kKeywordTypoEdits = 2;

std::vector<std::string> keyword_suggestions(std::string_view word) {
  if (word.empty() || !parser::is_name_char(word.front()) || parser::is_reserved_word(word)) return {};
  std::vector<std::string> keywords;
  for (std::string_view reserved : parser::kReservedWords) {
    std::string upper(reserved);
    for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
    keywords.push_back(std::move(upper));
  }
  return suggest(word, keywords, kKeywordTypoEdits);
}

Error syntax_error(const parser::ParseState& state, std::string_view text, std::uint32_t offset,
                   std::string_view sentence) {
  const ast::SourcePosition position = state.position_of(text.data() + offset);
  std::string message = offset >= text.size()
                            ? std::string("Unexpected end of input")
                            : fmt::format("Invalid input '{}'", token_at(text, offset));
  message += fmt::format(": {} (line {}, column {})", sentence, position.line, position.column);
  Error error = make_error(ErrorCode::CypherSyntaxError, std::move(message));
  error.position = TextPosition{position.line, position.column};
  if (offset < text.size()) error.suggestions = keyword_suggestions(token_at(text, offset));
  return error;
}

// First non-blank offset at or after `offset` (errors point at a token, not at
// the spaces before it).
std::uint32_t skip_blanks(std::string_view text, std::uint32_t offset) {
  while (offset < text.size() &&
         (text[offset] == ' ' || text[offset] == '\t' || text[offset] == '\r' ||
          text[offset] == '\n' || text[offset] == '\f' || text[offset] == '\v')) {
    ++offset;
  }
  return offset;
}

struct ClauseInfo {
  std::string_view name;
  ast::SourcePosition position;
};

ClauseInfo describe(const ast::Clause& clause) {
  return std::visit(
      [](const auto& c) -> ClauseInfo {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, ast::Match>)
          return {c.optional ? "OPTIONAL MATCH" : "MATCH", c.position};
        if constexpr (std::is_same_v<T, ast::Unwind>) return {"UNWIND", c.position};
        if constexpr (std::is_same_v<T, ast::With>) return {"WITH", c.position};
        if constexpr (std::is_same_v<T, ast::Return>) return {"RETURN", c.position};
        if constexpr (std::is_same_v<T, ast::WriteClause>) return {to_string(c.kind), c.position};
      },
      clause);
}

Status refuse_writes(const ast::SingleQuery& query) {
  for (const auto& clause : query.clauses) {
    if (const auto* write = std::get_if<ast::WriteClause>(&clause)) {
      Error error = make_error(
          ErrorCode::ReadOnly,
          fmt::format("{} is not allowed: Cypher in Trellis is read-only (line {}, column {})",
                      to_string(write->kind), write->position.line, write->position.column));
      error.position = TextPosition{write->position.line, write->position.column};
      return error;
    }
  }
  return {};
}

Status check_clause_order(const parser::ParseState& state, std::string_view text,
                          const ast::SingleQuery& query) {
  for (std::size_t i = 0; i + 1 < query.clauses.size(); ++i) {
    if (std::holds_alternative<ast::Return>(query.clauses[i])) {
      const ClauseInfo next = describe(query.clauses[i + 1]);
      return syntax_error(state, text, next.position.offset,
                          "RETURN ends a query; expected UNION or the end of the statement");
    }
  }
  const ast::Clause& last = query.clauses.back();
  if (!std::holds_alternative<ast::Return>(last)) {
    const ClauseInfo info = describe(last);
    return syntax_error(
        state, text, skip_blanks(text, static_cast<std::uint32_t>(text.size())),
        fmt::format("Query cannot conclude with {} (must be a RETURN clause)", info.name));
  }
  return {};
}

}  // namespace

Result<ast::Statement> parse_cypher(std::string_view text) {
  parser::ParseState state(text);
  ast::Statement statement;
  try {
    if (!parser::parse_statement(text, state, statement)) {
      return syntax_error(state, text, skip_blanks(text, 0), "expected a statement");
    }
  } catch (const boost::spirit::x3::expectation_failure<parser::Iterator>& failure) {
    const auto offset = skip_blanks(text, state.offset_of(failure.where()));
    return syntax_error(state, text, offset, "expected " + failure.which());
  } catch (const parser::SyntaxError& failure) {
    return syntax_error(state, text, skip_blanks(text, failure.offset), failure.message);
  }

  if (Status status = refuse_writes(statement.query.first); !status)
    return std::move(status).take_error();
  for (const auto& part : statement.query.unions) {
    if (Status status = refuse_writes(part.query); !status) return std::move(status).take_error();
  }
  if (Status status = check_clause_order(state, text, statement.query.first); !status) {
    return std::move(status).take_error();
  }
  for (const auto& part : statement.query.unions) {
    if (part.all != statement.query.unions.front().all) {
      return syntax_error(state, text, 0, "UNION and UNION ALL cannot be mixed in one query");
    }
    if (Status status = check_clause_order(state, text, part.query); !status)
      return std::move(status).take_error();
  }
  return statement;
}

}  // namespace trellis::cypher
