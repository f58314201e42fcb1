// The lexical pieces of the Cypher grammar that X3 has no ready parser for:
// case-insensitive keywords that end at a word boundary, the reserved-word
// test for variable names, and the nest[] directive that bounds recursion.
// Every piece reads bytes only through explicit ASCII tests, so bytes >= 0x80
// (UTF-8 in names and strings) never reach <cctype>. Internal to parser/.
#pragma once

#include <array>
#include <boost/spirit/home/x3.hpp>
#include <cstddef>
#include <string>
#include <string_view>

#include "parser/parse_state.hpp"
#include "trellis/cypher/parser.hpp"

namespace trellis::cypher::parser {

namespace x3 = boost::spirit::x3;

struct state_tag;  // x3::with<state_tag>(std::ref(ParseState&))

// Letters, digits, '_' and any byte of a multi-byte UTF-8 character.
inline bool is_name_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' ||
         u >= 0x80;
}

inline char ascii_lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// `text` equals `lower` (lower case) ignoring ASCII case.
inline bool equals_ignoring_case(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (ascii_lower(text[i]) != lower[i]) return false;
  }
  return true;
}

// kw("match"): the word in any case, not followed by a name character
// (`MATCH`, `match`, `Match`; not the start of `matches`). Pre-skips.
struct Keyword : x3::parser<Keyword> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  constexpr explicit Keyword(std::string_view lower_word) : word(lower_word) {}

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, It const& last, Context const& context, RContext&, Attribute&) const {
    x3::skip_over(first, last, context);
    It it = first;
    for (char expected : word) {
      if (it == last || ascii_lower(*it) != expected) return false;
      ++it;
    }
    if (it != last && is_name_char(*it)) return false;
    first = it;
    return true;
  }

  std::string_view word;  // lower case
};

constexpr Keyword kw(std::string_view lower_word) {
  return Keyword(lower_word);
}

// Words that cannot be an unquoted variable or alias (they can still be
// property keys, labels and map keys, and any name can be backticked).
inline constexpr std::array<std::string_view, 45> kReservedWords = {
    "all",      "and",    "as",      "asc",   "ascending",  "by",       "call",     "case",
    "contains", "create", "delete",  "desc",  "descending", "detach",   "distinct", "else",
    "end",      "ends",   "explain", "false", "foreach",    "in",       "is",       "limit",
    "load",     "match",  "merge",   "not",   "null",       "optional", "or",       "order",
    "profile",  "remove", "return",  "set",   "skip",       "starts",   "then",     "true",
    "union",    "unwind", "when",    "where", "with"};

inline bool is_reserved_word(std::string_view word) {
  if (word.size() > 10) return false;
  std::string lower(word);
  for (char& c : lower) c = ascii_lower(c);
  for (std::string_view reserved : kReservedWords) {
    if (lower == reserved) return true;
  }
  return false;
}

// One more level of expression tree (a nesting level or a folded operator);
// past kMaxExpressionHeight the parse stops with a SyntaxError at `offset`.
inline void grow_height(ParseState& state, std::uint32_t offset) {
  if (++state.height > kMaxExpressionHeight) {
    throw SyntaxError{offset, "Expression too tall (at most " +
                                  std::to_string(kMaxExpressionHeight) +
                                  " chained operators and nesting levels)"};
  }
}

// chain[p]: the operators p folds count as tree levels (grow_height) only
// while p runs: the height is restored when it ends.
template <class Subject>
struct ChainDirective : x3::unary_parser<Subject, ChainDirective<Subject>> {
  using base_type = x3::unary_parser<Subject, ChainDirective<Subject>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;

  constexpr explicit ChainDirective(Subject const& inner) : base_type(inner) {}

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, It const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    ParseState& state = x3::get<state_tag>(context).get();
    const std::size_t height = state.height;
    const bool ok = this->subject.parse(first, last, context, rcontext, attr);
    state.height = height;
    return ok;
  }
};

struct ChainGenerator {
  template <class Subject>
  constexpr ChainDirective<typename x3::extension::as_parser<Subject>::value_type> operator[](
      Subject const& inner) const {
    return ChainDirective<typename x3::extension::as_parser<Subject>::value_type>(
        x3::as_parser(inner));
  }
};
inline constexpr ChainGenerator chain{};

// nest[p]: p one level deeper. Past kMaxNestingDepth the parse stops with a
// SyntaxError instead of recursing further, so deep input cannot overflow
// the stack.
template <class Subject>
struct NestDirective : x3::unary_parser<Subject, NestDirective<Subject>> {
  using base_type = x3::unary_parser<Subject, NestDirective<Subject>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;

  constexpr explicit NestDirective(Subject const& inner) : base_type(inner) {}

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, It const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    ParseState& state = x3::get<state_tag>(context).get();
    if (state.depth >= kMaxNestingDepth) {
      throw SyntaxError{state.offset_of(first),
                        "Expression nested too deeply (at most " +
                            std::to_string(kMaxNestingDepth) +
                            " levels of parentheses, brackets, braces and operators)"};
    }
    ++state.depth;
    grow_height(state, state.offset_of(first));
    const std::size_t height = state.height;
    const bool strict = state.strict_patterns;
    state.strict_patterns = false;  // patterns inside expressions are speculative
    const bool ok = this->subject.parse(first, last, context, rcontext, attr);
    state.strict_patterns = strict;  // a throw abandons the whole parse, so no guard is needed
    state.height = height - 1;
    --state.depth;
    return ok;
  }
};

// strict[p]: p, and when it fails inside a MATCH pattern
// (ParseState::strict_patterns), an expectation failure naming p.
template <class Subject>
struct StrictDirective : x3::unary_parser<Subject, StrictDirective<Subject>> {
  using base_type = x3::unary_parser<Subject, StrictDirective<Subject>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;

  constexpr explicit StrictDirective(Subject const& inner) : base_type(inner) {}

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, It const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    if (this->subject.parse(first, last, context, rcontext, attr)) return true;
    if (x3::get<state_tag>(context).get().strict_patterns) {
      throw x3::expectation_failure<It>(first, x3::what(this->subject));
    }
    return false;
  }
};

struct StrictGenerator {
  template <class Subject>
  constexpr StrictDirective<typename x3::extension::as_parser<Subject>::value_type> operator[](
      Subject const& inner) const {
    return StrictDirective<typename x3::extension::as_parser<Subject>::value_type>(
        x3::as_parser(inner));
  }
};
inline constexpr StrictGenerator strict{};

// position: where the next token starts (pre-skips, consumes nothing).
// end_position: the current place, before any skipping (the end of what the
// preceding parser matched).
template <bool Skip>
struct PositionParser : x3::parser<PositionParser<Skip>> {
  using attribute_type = ast::SourcePosition;
  static bool const has_attribute = true;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, It const& last, Context const& context, RContext&, Attribute& attr) const {
    if constexpr (Skip) x3::skip_over(first, last, context);
    x3::traits::move_to(x3::get<state_tag>(context).get().position_of(first), attr);
    return true;
  }
};
inline constexpr PositionParser<true> position{};
inline constexpr PositionParser<false> end_position{};

struct NestGenerator {
  template <class Subject>
  constexpr NestDirective<typename x3::extension::as_parser<Subject>::value_type> operator[](
      Subject const& inner) const {
    return NestDirective<typename x3::extension::as_parser<Subject>::value_type>(
        x3::as_parser(inner));
  }
};
inline constexpr NestGenerator nest{};

}  // namespace trellis::cypher::parser

namespace boost::spirit::x3 {
// What an expectation failure on a keyword says it expected: the keyword in
// upper case.
template <>
struct get_info<trellis::cypher::parser::Keyword> {
  using result_type = std::string;
  std::string operator()(trellis::cypher::parser::Keyword const& keyword) const {
    std::string word(keyword.word);
    for (char& c : word) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return word;
  }
};

// Composite parsers say what their first part expects (X3's default is the
// C++ type name): an action or a directive what its subject expects, a
// sequence what its first element expects, an alternative both sides.
template <class Subject, class Action>
struct get_info<action<Subject, Action>> {
  using result_type = std::string;
  std::string operator()(action<Subject, Action> const& parser) const {
    return what(parser.subject);
  }
};
template <class Subject>
struct get_info<trellis::cypher::parser::NestDirective<Subject>> {
  using result_type = std::string;
  std::string operator()(trellis::cypher::parser::NestDirective<Subject> const& parser) const {
    return what(parser.subject);
  }
};
template <class Subject>
struct get_info<lexeme_directive<Subject>> {
  using result_type = std::string;
  std::string operator()(lexeme_directive<Subject> const& parser) const {
    return what(parser.subject);
  }
};
template <class Left, class Right>
struct get_info<sequence<Left, Right>> {
  using result_type = std::string;
  std::string operator()(sequence<Left, Right> const& parser) const { return what(parser.left); }
};
template <class Left, class Right>
struct get_info<expect_directive<sequence<Left, Right>>> {
  using result_type = std::string;
  std::string operator()(expect_directive<sequence<Left, Right>> const& parser) const {
    return what(parser.subject);
  }
};
template <class Left, class Right>
struct get_info<alternative<Left, Right>> {
  using result_type = std::string;
  std::string operator()(alternative<Left, Right> const& parser) const {
    return what(parser.left) + " or " + what(parser.right);
  }
};
}  // namespace boost::spirit::x3
