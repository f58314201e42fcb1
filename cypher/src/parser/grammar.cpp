// The Cypher grammar (see grammar.hpp). Rules follow openCypher's precedence
// ladder, loosest first:
//   OR < XOR < AND < NOT < comparison chain < STARTS WITH/ENDS WITH/CONTAINS/
//   IN/=~/IS [NOT] NULL < + - < * / % < ^ < unary + - < postfix (.key [i]
//   [a..b] :Label) < atom
// Binary levels are loops that fold to the left, so no input recurses except
// through nest[] (parentheses, lists, maps, calls, CASE, NOT, unary signs),
// which bounds the depth. Alternatives that share a prefix are ordered so the
// shared part is parsed once (a list's first item decides between a list
// literal and a comprehension), which keeps the parse linear.
#include "parser/grammar.hpp"

#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "parser/lexical.hpp"

namespace trellis::cypher::parser {
namespace {

using boost::fusion::at_c;
using x3::_attr;
using x3::_pass;
using x3::_val;
using x3::lit;

// ----------------------------------------------------------------------------
// Attributes that exist only while a construct is being parsed.

struct ListBuild {
  std::vector<ast::Expression> items;
  std::optional<ast::Expression> predicate;   // after WHERE
  std::optional<ast::Expression> projection;  // after |
  bool comprehension = false;                 // WHERE or | was written
};

struct ComparisonBuild {
  ast::Expression first;
  std::vector<ast::ComparisonLink> links;
};

struct IndexBuild {
  std::optional<ast::Expression> from;
  bool range = false;  // `..` was written: a slice
  std::optional<ast::Expression> to;
};

struct LengthBuild {
  std::optional<std::uint64_t> min;
  bool range = false;
  std::optional<std::uint64_t> max;
};

struct RelationshipBuild {
  ast::RelationshipPattern relationship;
  bool left_arrow = false;
  bool right_arrow = false;
};

struct SingleQueryBuild {
  ast::SingleQuery query;
};

// ----------------------------------------------------------------------------
// Small helpers for the actions.

ast::Expression make_expression(ast::Expression::Node node, ast::SourcePosition position) {
  return ast::Expression{std::move(node), position};
}

void append_utf8(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

std::int64_t to_integer(const ast::SourcePosition& position, std::string_view digits, int base) {
  std::int64_t value = 0;
  const auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (error != std::errc() || end != digits.data() + digits.size()) {
    throw SyntaxError{position.offset,
                      "Integer literal out of range (at most 9223372036854775807)"};
  }
  return value;
}

// One more level on the tree being folded in the enclosing chain[].
template <class Context>
void grow(Context const& ctx, const ast::SourcePosition& position) {
  grow_height(x3::get<state_tag>(ctx).get(), position.offset);
}

// Folds `left op right` into _val, keeping the left operand's position.
auto fold(ast::BinaryOp op) {
  return [op](auto& ctx) {
    grow(ctx, _attr(ctx).position);
    ast::Expression& left = _val(ctx);
    const ast::SourcePosition position = left.position;
    ast::Expression combined = make_expression(
        ast::BinaryExpression{op, std::move(left), std::move(_attr(ctx))}, position);
    left = std::move(combined);
  };
}

// The operand becomes a one-operand node in _val (IS NULL, IS NOT NULL).
auto wrap_is_null(bool negated) {
  return [negated](auto& ctx) {
    grow(ctx, _val(ctx).position);
    ast::Expression& operand = _val(ctx);
    const ast::SourcePosition position = operand.position;
    ast::Expression combined = make_expression(ast::IsNull{std::move(operand), negated}, position);
    operand = std::move(combined);
  };
}

auto const assign = [](auto& ctx) { _val(ctx) = std::move(_attr(ctx)); };
// For rules whose attribute has a position (an Expression: position, then node).
auto const set_position = [](auto& ctx) { _val(ctx).position = _attr(ctx); };
auto const set_node = [](auto& ctx) { _val(ctx).node = std::move(_attr(ctx)); };
// For rules whose attribute is an Expression::Node.
auto const assign_node = [](auto& ctx) { _val(ctx) = std::move(_attr(ctx)); };

// ----------------------------------------------------------------------------
// Rules. Names are what "expected ..." says when one is missing.

x3::rule<class skipper_rule> const skipper = "whitespace";

x3::rule<class unquoted_name, std::string> const unquoted_name = "a name";
x3::rule<class backticked_name, std::string> const backticked_name = "a name";
x3::rule<class symbolic_name, std::string> const symbolic_name = "a name";
x3::rule<class schema_name, ast::Name> const schema_name = "a name";
x3::rule<class variable_name, ast::Name> const variable = "a variable name";
x3::rule<class string_literal, std::string> const string_literal = "a string";
x3::rule<class escape_sequence, std::uint32_t> const escape_sequence =
    "an escape sequence (\\n, \\t, \\', \\\", \\\\, \\uXXXX)";

x3::rule<class expression, ast::Expression> const expression = "an expression";
x3::rule<class or_expression, ast::Expression> const or_expression = "an expression";
x3::rule<class xor_expression, ast::Expression> const xor_expression = "an expression";
x3::rule<class and_expression, ast::Expression> const and_expression = "an expression";
x3::rule<class not_expression, ast::Expression> const not_expression = "an expression";
x3::rule<class comparison_build, ComparisonBuild> const comparison_build = "an expression";
x3::rule<class comparison_expression, ast::Expression> const comparison_expression =
    "an expression";
x3::rule<class predicate_expression, ast::Expression> const predicate_expression = "an expression";
x3::rule<class additive_expression, ast::Expression> const additive_expression = "an expression";
x3::rule<class multiplicative_expression, ast::Expression> const multiplicative_expression =
    "an expression";
x3::rule<class power_expression, ast::Expression> const power_expression = "an expression";
x3::rule<class unary_expression, ast::Expression> const unary_expression = "an expression";
x3::rule<class postfix_expression, ast::Expression> const postfix_expression = "an expression";
x3::rule<class index_build, IndexBuild> const index_build = "an index or a slice (from..to)";
x3::rule<class atom, ast::Expression> const atom = "an expression";
x3::rule<class atom_node, ast::Expression::Node> const atom_node = "an expression";
x3::rule<class literal, ast::Expression::Node> const literal = "a literal";
x3::rule<class parameter, ast::Parameter> const parameter = "a parameter";
x3::rule<class decimal_digits, std::string> const decimal_digits = "digits";
x3::rule<class hex_digits, std::string> const hex_digits = "hexadecimal digits";
x3::rule<class list_build, ListBuild> const list_build = "a list";
x3::rule<class list_body, ListBuild> const list_body = "an expression or ']'";
x3::rule<class list_atom, ast::Expression::Node> const list_atom = "a list";
x3::rule<class map_literal, ast::MapLiteral> const map_literal = "a map";
x3::rule<class map_entry, ast::MapEntry> const map_entry = "a map entry (key: value)";
x3::rule<class case_expression, ast::CaseExpression> const case_expression = "CASE";
x3::rule<class case_alternative, ast::CaseAlternative> const case_alternative = "WHEN";
x3::rule<class case_alternatives, std::vector<ast::CaseAlternative>> const case_alternatives =
    "WHEN";
x3::rule<class function_name, std::string> const function_name = "a function name";
x3::rule<class function_call, ast::FunctionCall> const function_call = "a function call";
x3::rule<class function_arguments, std::vector<ast::Expression>> const function_arguments =
    "an expression";
x3::rule<class label_conjunction, std::vector<ast::Name>> const label_conjunction = "a label";
x3::rule<class pattern_subquery, ast::PatternSubquery> const pattern_subquery = "a pattern subquery";

x3::rule<class name_alternatives, std::vector<ast::Name>> const name_alternatives =
    "a label or type name";
x3::rule<class node_labels, ast::LabelExpression> const node_labels = "a label";
x3::rule<class properties, ast::Expression> const properties = "a property map or a parameter";
x3::rule<class node_pattern, ast::NodePattern> const node_pattern = "a node pattern '(...)'";
x3::rule<class variable_length, LengthBuild> const variable_length = "a length (*, *n, *n..m)";
x3::rule<class relationship_pattern, RelationshipBuild> const relationship_pattern =
    "a relationship pattern";
x3::rule<class pattern_element, ast::PatternElement> const pattern_element = "a pattern";
x3::rule<class pattern_part, ast::PatternPart> const pattern_part = "a pattern";
x3::rule<class pattern, ast::Pattern> const pattern = "a pattern";

x3::rule<class match_clause, ast::Match> const match_clause = "MATCH";
x3::rule<class unwind_clause, ast::Unwind> const unwind_clause = "UNWIND";
x3::rule<class projection_item, ast::ProjectionItem> const projection_item = "an expression";
x3::rule<class projection_items, std::vector<ast::ProjectionItem>> const projection_items =
    "an expression";
x3::rule<class sort_item, ast::SortItem> const sort_item = "a sort key";
x3::rule<class sort_items, std::vector<ast::SortItem>> const sort_items = "a sort key";
x3::rule<class projection_body, ast::Projection> const projection_body = "'*' or an expression";
x3::rule<class with_clause, ast::With> const with_clause = "WITH";
x3::rule<class return_clause, ast::Return> const return_clause = "RETURN";
x3::rule<class write_keyword, ast::WriteClause> const write_keyword = "a write clause";
x3::rule<class write_clause, ast::WriteClause> const write_clause = "a write clause";
x3::rule<class clause, ast::Clause> const clause = "a clause";
x3::rule<class single_query, SingleQueryBuild> const single_query =
    "a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH or RETURN)";
x3::rule<class query, ast::Query> const query =
    "a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH or RETURN)";
x3::rule<class end_of_input> const end_of_input = "the end of the input (one statement at a time)";
x3::rule<class end_of_statement> const end_of_statement =
    "a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN), UNION or the end of the statement";
x3::rule<class statement, ast::Statement> const statement = "a statement";

// ----------------------------------------------------------------------------
// Lexical rules.

auto const name_start =
    x3::char_("a-zA-Z_") | x3::char_(static_cast<char>(0x80), static_cast<char>(0xff));
auto const name_char =
    x3::char_("a-zA-Z0-9_") | x3::char_(static_cast<char>(0x80), static_cast<char>(0xff));
auto const space_char = x3::char_(" \t\r\n\f\v");

auto const skipper_def = space_char                                         //
                         | (lit("//") >> *(x3::char_ - x3::char_("\r\n")))  //
                         | (lit("/*") >> *(x3::char_ - lit("*/")) >> lit("*/"));

auto const unquoted_name_def = x3::lexeme[x3::raw[name_start >> *name_char]];
auto const backticked_name_def =
    x3::lexeme['`' >> *((x3::char_ - '`') | (lit("``") >> x3::attr('`'))) > '`'];
auto const symbolic_name_def = unquoted_name | backticked_name;

auto const make_name = [](auto& ctx) {
  _val(ctx) = ast::Name{std::move(at_c<1>(_attr(ctx))), at_c<0>(_attr(ctx))};
};
auto const schema_name_def = (position >> symbolic_name)[make_name];
auto const variable_def =
    (position >> unquoted_name)[([](auto& ctx) {
      if (is_reserved_word(at_c<1>(_attr(ctx)))) {
        _pass(ctx) = false;
      } else {
        _val(ctx) = ast::Name{std::move(at_c<1>(_attr(ctx))), at_c<0>(_attr(ctx))};
      }
    })] |
    (position >> backticked_name)[make_name];

auto code = [](std::uint32_t value) { return x3::attr(value); };
auto const escape_sequence_def = lit('\\') >>
                                 ((lit('n') >> code('\n')) | (lit('t') >> code('\t')) |
                                  (lit('r') >> code('\r')) | (lit('b') >> code('\b')) |
                                  (lit('f') >> code('\f')) | (lit('\\') >> code('\\')) |
                                  (lit('\'') >> code('\'')) | (lit('"') >> code('"')) |
                                  (lit('`') >> code('`')) |
                                  (lit('u') > x3::uint_parser<std::uint32_t, 16, 4, 4>()) |
                                  (lit('U') > x3::uint_parser<std::uint32_t, 16, 8, 8>()));

auto const append_char = [](auto& ctx) { _val(ctx) += _attr(ctx); };
auto const append_code_point = [](auto& ctx) {
  if (_attr(ctx) > 0x10FFFF) {
    _pass(ctx) = false;
  } else {
    append_utf8(_val(ctx), _attr(ctx));
  }
};
auto const string_literal_def = x3::lexeme[  //
    (lit('\'') >> *((&lit('\\') > escape_sequence[append_code_point]) |
                    (x3::char_ - '\'' - '\\')[append_char]) > lit('\'')) |
    (lit('"') >> *((&lit('\\') > escape_sequence[append_code_point]) |
                   (x3::char_ - '"' - '\\')[append_char]) > lit('"'))];

// ----------------------------------------------------------------------------
// Literals and atoms.

struct CypherRealPolicies : x3::strict_ureal_policies<double> {
  static bool const allow_trailing_dot = false;  // `1..3` is 1, then `..`
};
x3::real_parser<double, CypherRealPolicies> const float_number;

auto const hex_digits_def =
    x3::lexeme[lit('0') >> (lit('x') | lit('X')) >> +x3::char_("0-9a-fA-F")];
auto const decimal_digits_def = x3::lexeme[+x3::char_("0-9")];

auto const literal_def =
    (position >> hex_digits)[([](auto& ctx) {
      const auto& digits = at_c<1>(_attr(ctx));
      _val(ctx) = ast::IntLiteral{to_integer(at_c<0>(_attr(ctx)), digits, 16)};
    })] |
    float_number[([](auto& ctx) { _val(ctx) = ast::FloatLiteral{_attr(ctx)}; })] |
    (position >> decimal_digits)[([](auto& ctx) {
      const auto& digits = at_c<1>(_attr(ctx));
      _val(ctx) = ast::IntLiteral{to_integer(at_c<0>(_attr(ctx)), digits, 10)};
    })] |
    string_literal[([](auto& ctx) { _val(ctx) = ast::StringLiteral{std::move(_attr(ctx))}; })] |
    kw("true")[([](auto& ctx) { _val(ctx) = ast::BoolLiteral{true}; })] |
    kw("false")[([](auto& ctx) { _val(ctx) = ast::BoolLiteral{false}; })] |
    kw("null")[([](auto& ctx) { _val(ctx) = ast::NullLiteral{}; })];

auto const set_parameter_name = [](auto& ctx) { _val(ctx).name = std::move(_attr(ctx)); };
auto const parameter_def = x3::lexeme[lit('$') >> (symbolic_name[set_parameter_name] |
                                                   (+x3::char_("0-9"))[set_parameter_name])];

// [a, b], [], [x IN list WHERE p | e]. The first item is parsed once: a
// comprehension is a first item `x IN list` followed by WHERE, | or `]`.
auto const list_build_def = lit('[') > list_body[assign];
auto const list_body_def =
    lit(']') |
    (expression[([](auto& ctx) { _val(ctx).items.push_back(std::move(_attr(ctx))); })] >>
     (((kw("where") > expression)[([](auto& ctx) {
         _val(ctx).predicate = std::move(_attr(ctx));
         _val(ctx).comprehension = true;
       })] >>
       -(lit('|') > expression)[([](auto& ctx) { _val(ctx).projection = std::move(_attr(ctx)); })] >
       lit(']')) |
      ((lit('|') > expression)[([](auto& ctx) {
         _val(ctx).projection = std::move(_attr(ctx));
         _val(ctx).comprehension = true;
       })] > lit(']')) |
      (*(lit(',') >
         expression)[([](auto& ctx) { _val(ctx).items.push_back(std::move(_attr(ctx))); })] >
       lit(']'))));

// `x IN list` as the first item of a list: the parts of a comprehension.
const ast::Variable* comprehension_variable(const ast::Expression& item) {
  const auto* in = std::get_if<ast::BinaryExpression>(&item.node);
  if (in == nullptr || in->op != ast::BinaryOp::In) return nullptr;
  return std::get_if<ast::Variable>(&in->left->node);
}

auto const list_atom_def = list_build[([](auto& ctx) {
  ListBuild& build = _attr(ctx);
  const ast::Variable* variable_in =
      build.items.size() == 1 ? comprehension_variable(build.items[0]) : nullptr;
  if (build.comprehension && variable_in == nullptr) {
    throw SyntaxError{build.items[0].position.offset,
                      "A list comprehension starts with `variable IN list` before WHERE or |"};
  }
  if (variable_in == nullptr) {
    _val(ctx) = ast::ListLiteral{std::move(build.items)};
    return;
  }
  auto& in = std::get<ast::BinaryExpression>(build.items[0].node);
  ast::ListComprehension comprehension{ast::Name{variable_in->name, in.left->position},
                                       std::move(in.right), std::nullopt, std::nullopt};
  if (build.predicate) comprehension.predicate = std::move(*build.predicate);
  if (build.projection) comprehension.projection = std::move(*build.projection);
  _val(ctx) = std::move(comprehension);
})];

auto const map_entry_def = (schema_name >> (lit(':') > expression))[([](auto& ctx) {
  _val(ctx) = ast::MapEntry{std::move(at_c<0>(_attr(ctx))), std::move(at_c<1>(_attr(ctx)))};
})];
auto const map_literal_def =
    lit('{') >
    -(map_entry[([](auto& ctx) { _val(ctx).entries.push_back(std::move(_attr(ctx))); })] % ',') >
    lit('}');

auto const case_alternative_def =
    kw("when") > expression[([](auto& ctx) { _val(ctx).when = std::move(_attr(ctx)); })] >
    kw("then") > expression[([](auto& ctx) { _val(ctx).then = std::move(_attr(ctx)); })];
auto const case_alternatives_def = +case_alternative;
auto const case_expression_def =
    kw("case") >>
    -(!kw("when") >> expression[([](auto& ctx) { _val(ctx).subject = std::move(_attr(ctx)); })]) >
    case_alternatives[([](auto& ctx) { _val(ctx).alternatives = std::move(_attr(ctx)); })] >>
    -(kw("else") > expression[([](auto& ctx) { _val(ctx).otherwise = std::move(_attr(ctx)); })]) >
    kw("end");

auto const function_name_def = symbolic_name[assign] >>
                               *(lit('.') >>
                                 symbolic_name)[([](auto& ctx) { _val(ctx) += "." + _attr(ctx); })];
auto const function_arguments_def = expression % ',';
auto const function_call_def =
    function_name[([](auto& ctx) { _val(ctx).name = std::move(_attr(ctx)); })] >> lit('(') >>
    -kw("distinct")[([](auto& ctx) { _val(ctx).distinct = true; })] >>
    -function_arguments[([](auto& ctx) { _val(ctx).args = std::move(_attr(ctx)); })] > lit(')');

auto const count_star = (kw("count") >> lit('(') >> lit('*') >> lit(')'))[([](auto& ctx) {
  _val(ctx) = ast::FunctionCall{"count", false, true, {}};
})];

// A pattern predicate, or a node pattern alone: `(a)` is the variable a, and
// `(a:L)` a label test, parsed once as a node pattern.
auto const pattern_or_parenthesised = pattern_element[([](auto& ctx) {
  ast::PatternElement& element = _attr(ctx);
  if (!element.steps.empty()) {
    _val(ctx) = ast::PatternPredicate{std::move(element)};
    return;
  }
  ast::NodePattern& node = element.start;
  if (!node.variable || node.properties) {
    _pass(ctx) = false;  // not an expression; the parenthesised form reports the error
    return;
  }
  ast::Expression name =
      make_expression(ast::Variable{node.variable->text}, node.variable->position);
  if (node.labels.empty()) {
    _val(ctx) = std::move(name.node);
    return;
  }
  ast::LabelPredicate predicate{std::move(name), {}};
  for (auto& alternatives : node.labels) {
    if (alternatives.size() != 1) {
      _pass(ctx) = false;
      return;
    }
    predicate.labels.push_back(std::move(alternatives[0]));
  }
  _val(ctx) = std::move(predicate);
})];

// EXISTS { [MATCH] pattern [WHERE predicate] } and COUNT { ... } (Neo4j 5).
auto subquery_kind(ast::SubqueryKind kind) {
  return [kind](auto& ctx) { _val(ctx).kind = kind; };
}
auto const pattern_subquery_def =
    ((kw("exists") >> lit('{'))[subquery_kind(ast::SubqueryKind::Exists)] |
     (kw("count") >> lit('{'))[subquery_kind(ast::SubqueryKind::Count)]) >>
    -kw("match") > pattern_element[([](auto& ctx) { _val(ctx).pattern = std::move(_attr(ctx)); })] >
    -(kw("where") > expression[([](auto& ctx) { _val(ctx).predicate = std::move(_attr(ctx)); })]) >
    lit('}');

auto const parenthesised = lit('(') >
                           expression[([](auto& ctx) { _val(ctx) = std::move(_attr(ctx).node); })] >
                           lit(')');

auto const atom_node_def =
    literal[assign_node] | parameter[assign_node] | case_expression[assign_node] |
    pattern_subquery[assign_node] | count_star |
    list_atom[assign_node] | map_literal[assign_node] | pattern_or_parenthesised | parenthesised |
    function_call[([](auto& ctx) {
      // exists(pattern) is the pattern predicate itself. Parsing it as a call
      // first (not as its own alternative) parses the pattern once.
      ast::FunctionCall& call = _attr(ctx);
      if (equals_ignoring_case(call.name, "exists") && call.args.size() == 1 && !call.distinct &&
          std::holds_alternative<ast::PatternPredicate>(call.args[0].node)) {
        _val(ctx) = std::move(call.args[0].node);
        return;
      }
      _val(ctx) = std::move(call);
    })] |
    variable[([](auto& ctx) { _val(ctx) = ast::Variable{std::move(_attr(ctx).text)}; })];

auto const atom_def = (position >> atom_node)[([](auto& ctx) {
  _val(ctx) = make_expression(std::move(at_c<1>(_attr(ctx))), at_c<0>(_attr(ctx)));
})];

// ----------------------------------------------------------------------------
// Operators, tightest first.

auto const index_build_def =
    (lit("..")[([](auto& ctx) { _val(ctx).range = true; })] >>
     -expression[([](auto& ctx) { _val(ctx).to = std::move(_attr(ctx)); })]) |
    (expression[([](auto& ctx) { _val(ctx).from = std::move(_attr(ctx)); })] >>
     -(lit("..")[([](auto& ctx) { _val(ctx).range = true; })] >>
       -expression[([](auto& ctx) { _val(ctx).to = std::move(_attr(ctx)); })]));

auto const label_conjunction_def = +(lit(':') >> schema_name);

auto const postfix_expression_def =
    chain[atom[assign] >>
          *((lit('.') >> schema_name)[([](auto& ctx) {
              grow(ctx, _attr(ctx).position);
              ast::Expression& object = _val(ctx);
              const ast::SourcePosition position = object.position;
              ast::Expression access = make_expression(
                  ast::PropertyAccess{std::move(object), std::move(_attr(ctx))}, position);
              object = std::move(access);
            })] |
            (lit('[') > index_build > lit(']'))[([](auto& ctx) {
              grow(ctx, _val(ctx).position);
              ast::Expression& list = _val(ctx);
              const ast::SourcePosition position = list.position;
              IndexBuild& build = _attr(ctx);
              ast::Expression result;
              if (build.range) {
                ast::SliceExpression slice{std::move(list), std::nullopt, std::nullopt};
                if (build.from) slice.from = std::move(*build.from);
                if (build.to) slice.to = std::move(*build.to);
                result = make_expression(std::move(slice), position);
              } else {
                result = make_expression(
                    ast::IndexExpression{std::move(list), std::move(*build.from)}, position);
              }
              list = std::move(result);
            })]) >>
          -label_conjunction[([](auto& ctx) {
            grow(ctx, _val(ctx).position);
            ast::Expression& operand = _val(ctx);
            const ast::SourcePosition position = operand.position;
            ast::Expression test = make_expression(
                ast::LabelPredicate{std::move(operand), std::move(_attr(ctx))}, position);
            operand = std::move(test);
          })]];

auto unary(ast::UnaryOp op) {
  return [op](auto& ctx) {
    ast::Expression operand = std::move(at_c<1>(_attr(ctx)));
    const ast::SourcePosition position = at_c<0>(_attr(ctx));
    if (op == ast::UnaryOp::Negate) {  // -1 is the literal -1, not negate(1)
      if (auto* integer = std::get_if<ast::IntLiteral>(&operand.node)) {
        _val(ctx) = make_expression(ast::IntLiteral{-integer->value}, position);
        return;
      }
      if (auto* real = std::get_if<ast::FloatLiteral>(&operand.node)) {
        _val(ctx) = make_expression(ast::FloatLiteral{-real->value}, position);
        return;
      }
    }
    _val(ctx) = make_expression(ast::UnaryExpression{op, std::move(operand)}, position);
  };
}
auto const unary_expression_def =
    (position >> lit('-') >> nest[unary_expression])[unary(ast::UnaryOp::Negate)] |
    (position >> lit('+') >> nest[unary_expression])[unary(ast::UnaryOp::Plus)] |
    postfix_expression[assign];

auto const power_expression_def =
    chain[unary_expression[assign] >> *(lit('^') > unary_expression)[fold(ast::BinaryOp::Power)]];

auto const multiplicative_expression_def =
    chain[power_expression[assign] >>
          *((lit('*') > power_expression)[fold(ast::BinaryOp::Multiply)] |
            (lit('/') > power_expression)[fold(ast::BinaryOp::Divide)] |
            (lit('%') > power_expression)[fold(ast::BinaryOp::Modulo)])];

auto const additive_expression_def =
    chain[multiplicative_expression[assign] >>
          *((lit('+') > multiplicative_expression)[fold(ast::BinaryOp::Add)] |
            (lit('-') > multiplicative_expression)[fold(ast::BinaryOp::Subtract)])];

auto const predicate_expression_def =
    chain[additive_expression[assign] >>
          *((kw("starts") > kw("with") > additive_expression)[fold(ast::BinaryOp::StartsWith)] |
            (kw("ends") > kw("with") > additive_expression)[fold(ast::BinaryOp::EndsWith)] |
            (kw("contains") > additive_expression)[fold(ast::BinaryOp::Contains)] |
            (kw("in") > additive_expression)[fold(ast::BinaryOp::In)] |
            (lit("=~") > additive_expression)[fold(ast::BinaryOp::RegexMatch)] |
            (kw("is") >> kw("not") > kw("null"))[wrap_is_null(true)] |  //
            (kw("is") > kw("null"))[wrap_is_null(false)])];

struct ComparisonOperators : x3::symbols<ast::ComparisonOp> {
  ComparisonOperators() {
    add("=", ast::ComparisonOp::Equal)("<>", ast::ComparisonOp::NotEqual)(
        "<", ast::ComparisonOp::Less)("<=", ast::ComparisonOp::LessEqual)(
        ">", ast::ComparisonOp::Greater)(">=", ast::ComparisonOp::GreaterEqual);
  }
};
ComparisonOperators const comparison_operator;

auto const comparison_build_def =
    predicate_expression[([](auto& ctx) { _val(ctx).first = std::move(_attr(ctx)); })] >>
    *(comparison_operator[([](auto& ctx) {
        _val(ctx).links.push_back(ast::ComparisonLink{_attr(ctx), {}});
      })] > predicate_expression[([](auto& ctx) {
        _val(ctx).links.back().operand = std::move(_attr(ctx));
      })]);

auto const comparison_expression_def = comparison_build[([](auto& ctx) {
  ComparisonBuild& build = _attr(ctx);
  if (build.links.empty()) {
    _val(ctx) = std::move(build.first);
    return;
  }
  const ast::SourcePosition position = build.first.position;
  _val(ctx) =
      make_expression(ast::Comparison{std::move(build.first), std::move(build.links)}, position);
})];

auto const not_expression_def =
    (position >> kw("not") > nest[not_expression])[unary(ast::UnaryOp::Not)] |
    comparison_expression[assign];
auto const and_expression_def =
    chain[not_expression[assign] >> *(kw("and") > not_expression)[fold(ast::BinaryOp::And)]];
auto const xor_expression_def =
    chain[and_expression[assign] >> *(kw("xor") > and_expression)[fold(ast::BinaryOp::Xor)]];
auto const or_expression_def =
    chain[xor_expression[assign] >> *(kw("or") > xor_expression)[fold(ast::BinaryOp::Or)]];
auto const expression_def = nest[or_expression][assign];

// ----------------------------------------------------------------------------
// Patterns.

auto const name_alternatives_def = schema_name % (lit('|') >> -lit(':'));
auto const node_labels_def = +(
    lit(':') >> name_alternatives[([](auto& ctx) { _val(ctx).push_back(std::move(_attr(ctx))); })]);
auto const properties_def = position[set_position] >> (map_literal[set_node] | parameter[set_node]);

auto const node_pattern_def =
    position[([](auto& ctx) { _val(ctx).position = _attr(ctx); })] >> lit('(') >>
    -variable[([](auto& ctx) { _val(ctx).variable = std::move(_attr(ctx)); })] >>
    -node_labels[([](auto& ctx) { _val(ctx).labels = std::move(_attr(ctx)); })] >>
    -properties[([](auto& ctx) { _val(ctx).properties = std::move(_attr(ctx)); })] >>
    strict[lit(')')];

auto const variable_length_def =
    lit('*') >>
    -x3::uint_parser<std::uint64_t>()[([](auto& ctx) { _val(ctx).min = _attr(ctx); })] >>
    -(lit("..")[([](auto& ctx) { _val(ctx).range = true; })] >>
      -x3::uint_parser<std::uint64_t>()[([](auto& ctx) { _val(ctx).max = _attr(ctx); })]);

auto const relationship_pattern_def =
    position[([](auto& ctx) { _val(ctx).relationship.position = _attr(ctx); })] >>
    -lit('<')[([](auto& ctx) { _val(ctx).left_arrow = true; })] >> lit('-') >>
    -(lit('[') >>
      -variable[([](auto& ctx) { _val(ctx).relationship.variable = std::move(_attr(ctx)); })] >>
      -(lit(':') > name_alternatives[([](auto& ctx) {
          _val(ctx).relationship.types = std::move(_attr(ctx));
        })]) >>
      -variable_length[([](auto& ctx) {
        LengthBuild& build = _attr(ctx);
        ast::VariableLength length{build.min, build.max};
        if (!build.range && build.min) length.max = build.min;  // *n is exactly n
        _val(ctx).relationship.length = length;
      })] >>
      -properties[([](auto& ctx) { _val(ctx).relationship.properties = std::move(_attr(ctx)); })] >
      lit(']')) >>
    strict[lit('-')] >> -lit('>')[([](auto& ctx) { _val(ctx).right_arrow = true; })];

auto const pattern_element_def =
    node_pattern[([](auto& ctx) { _val(ctx).start = std::move(_attr(ctx)); })] >>
    *(relationship_pattern >> strict[node_pattern])[([](auto& ctx) {
      RelationshipBuild& build = at_c<0>(_attr(ctx));
      build.relationship.direction = build.left_arrow == build.right_arrow
                                         ? ast::Direction::Undirected
                                     : build.left_arrow ? ast::Direction::Incoming
                                                        : ast::Direction::Outgoing;
      _val(ctx).steps.push_back(
          ast::PatternStep{std::move(build.relationship), std::move(at_c<1>(_attr(ctx)))});
    })];

auto path_function(ast::PathFunction function) {
  return [function](auto& ctx) {
    _val(ctx).function = function;
    _val(ctx).element = std::move(_attr(ctx));
  };
}
auto const pattern_part_def =
    position[([](auto& ctx) { _val(ctx).position = _attr(ctx); })] >>
    -(variable >> lit('='))[([](auto& ctx) { _val(ctx).path_variable = std::move(_attr(ctx)); })] >>
    ((kw("shortestpath") >> lit('(') > pattern_element >
      lit(')'))[path_function(ast::PathFunction::ShortestPath)] |
     (kw("allshortestpaths") >> lit('(') > pattern_element >
      lit(')'))[path_function(ast::PathFunction::AllShortestPaths)] |
     pattern_element[path_function(ast::PathFunction::None)]);

auto const pattern_def =
    pattern_part[([](auto& ctx) { _val(ctx).parts.push_back(std::move(_attr(ctx))); })] % ',';

// ----------------------------------------------------------------------------
// Clauses.

auto const where_into = [](auto& ctx) { _val(ctx).where = std::move(_attr(ctx)); };

auto strict_patterns(bool on) {
  return [on](auto& ctx) { x3::get<state_tag>(ctx).get().strict_patterns = on; };
}
auto const match_clause_def =
    ((position >> kw("optional") > kw("match"))[([](auto& ctx) {
       _val(ctx).optional = true;
       _val(ctx).position = _attr(ctx);
     })] |
     (position >> kw("match"))[set_position]) >>
    x3::eps[strict_patterns(true)] >
    pattern[([](auto& ctx) { _val(ctx).pattern = std::move(_attr(ctx)); })] >>
    x3::eps[strict_patterns(false)] >> -(kw("where") > expression[where_into]);

auto const unwind_clause_def =
    (position >> kw("unwind"))[set_position] >
    expression[([](auto& ctx) { _val(ctx).list = std::move(_attr(ctx)); })] >
    kw("as") > variable[([](auto& ctx) { _val(ctx).alias = std::move(_attr(ctx)); })];

auto const projection_item_def =
    (position >> expression >> end_position)[([](auto& ctx) {
      ParseState& state = x3::get<state_tag>(ctx).get();
      _val(ctx).text = std::string(state.text_between(at_c<0>(_attr(ctx)), at_c<2>(_attr(ctx))));
      _val(ctx).expression = std::move(at_c<1>(_attr(ctx)));
    })] >>
    -(kw("as") > variable[([](auto& ctx) { _val(ctx).alias = std::move(_attr(ctx)); })]);
auto const projection_items_def = projection_item % ',';

auto const sort_item_def =
    expression[([](auto& ctx) { _val(ctx).expression = std::move(_attr(ctx)); })] >>
    -((kw("descending") | kw("desc"))[([](auto& ctx) { _val(ctx).descending = true; })] |
      kw("ascending") | kw("asc"));
auto const sort_items_def = sort_item % ',';

auto const projection_body_def =
    -kw("distinct")[([](auto& ctx) { _val(ctx).distinct = true; })] >>
    ((lit('*')[([](auto& ctx) { _val(ctx).star = true; })] >>
      *(lit(',') >
        projection_item)[([](auto& ctx) { _val(ctx).items.push_back(std::move(_attr(ctx))); })]) |
     projection_items[([](auto& ctx) { _val(ctx).items = std::move(_attr(ctx)); })]) >>
    -(kw("order") > kw("by") >
      sort_items[([](auto& ctx) { _val(ctx).order_by = std::move(_attr(ctx)); })]) >>
    -(kw("skip") > expression[([](auto& ctx) { _val(ctx).skip = std::move(_attr(ctx)); })]) >>
    -(kw("limit") > expression[([](auto& ctx) { _val(ctx).limit = std::move(_attr(ctx)); })]);

auto const with_clause_def =
    (position >> kw("with"))[set_position] >
    projection_body[([](auto& ctx) { _val(ctx).projection = std::move(_attr(ctx)); })] >>
    -(kw("where") > expression[where_into]);
auto const return_clause_def =
    (position >> kw("return"))[set_position] >
    projection_body[([](auto& ctx) { _val(ctx).projection = std::move(_attr(ctx)); })];

// Write clauses: the keyword where a clause may start, then the rest of the
// statement skipped token by token (strings and backticked names whole, so
// a `;` inside them does not end the statement).
auto write_kind(ast::WriteClauseKind kind) {
  return [kind](auto& ctx) { _val(ctx) = ast::WriteClause{kind, _attr(ctx)}; };
}
auto const write_keyword_def =
    (position >> kw("create"))[write_kind(ast::WriteClauseKind::Create)] |
    (position >> kw("merge"))[write_kind(ast::WriteClauseKind::Merge)] |
    (position >> kw("set"))[write_kind(ast::WriteClauseKind::Set)] |
    (position >> kw("detach") >> kw("delete"))[write_kind(ast::WriteClauseKind::DetachDelete)] |
    (position >> kw("delete"))[write_kind(ast::WriteClauseKind::Delete)] |
    (position >> kw("remove"))[write_kind(ast::WriteClauseKind::Remove)] |
    (position >> kw("load") >> kw("csv"))[write_kind(ast::WriteClauseKind::LoadCsv)] |
    (position >> kw("call"))[write_kind(ast::WriteClauseKind::Call)] |
    (position >> kw("foreach"))[write_kind(ast::WriteClauseKind::Foreach)];
auto const loose_token = x3::omit[string_literal | backticked_name | (x3::char_ - ';')];
auto const write_clause_def = write_keyword[assign] >> *loose_token;

auto const clause_def = match_clause[assign] | unwind_clause[assign] | with_clause[assign] |
                        return_clause[assign] | write_clause[assign];

auto const single_query_def =
    +clause[([](auto& ctx) { _val(ctx).query.clauses.push_back(std::move(_attr(ctx))); })];

auto const query_def =
    single_query[([](auto& ctx) { _val(ctx).first = std::move(_attr(ctx).query); })] >>
    *((kw("union") >> x3::matches[kw("all")]) > single_query)[([](auto& ctx) {
      _val(ctx).unions.push_back(
          ast::UnionPart{at_c<0>(_attr(ctx)), std::move(at_c<1>(_attr(ctx)).query)});
    })];

auto const end_of_input_def = x3::eoi;
auto const end_of_statement_def = (lit(';') > end_of_input) | x3::eoi;

auto const statement_def =
    -(kw("explain")[([](auto& ctx) { _val(ctx).mode = ast::QueryMode::Explain; })] |
      kw("profile")[([](auto& ctx) { _val(ctx).mode = ast::QueryMode::Profile; })]) >
    query[([](auto& ctx) { _val(ctx).query = std::move(_attr(ctx)); })] > end_of_statement;

// BOOST_SPIRIT_DEFINE takes at most 64 arguments (Boost.Preprocessor's limit).
BOOST_SPIRIT_DEFINE(skipper, unquoted_name, backticked_name, symbolic_name, schema_name, variable,
                    string_literal, escape_sequence, expression, or_expression, xor_expression,
                    and_expression, not_expression, comparison_build, comparison_expression,
                    predicate_expression, additive_expression, multiplicative_expression,
                    power_expression, unary_expression)
BOOST_SPIRIT_DEFINE(postfix_expression, index_build, atom, atom_node, literal, parameter,
                    decimal_digits, hex_digits, list_build, list_body, list_atom, map_literal,
                    map_entry, case_expression, case_alternative, case_alternatives, function_name,
                    function_call, function_arguments, label_conjunction, pattern_subquery)
BOOST_SPIRIT_DEFINE(name_alternatives, node_labels, properties, node_pattern, variable_length,
                    relationship_pattern, pattern_element, pattern_part, pattern, match_clause,
                    unwind_clause, projection_item, projection_items, sort_item, sort_items,
                    projection_body, with_clause, return_clause, write_keyword, write_clause)
BOOST_SPIRIT_DEFINE(clause, single_query, query, end_of_statement, end_of_input, statement)

}  // namespace

bool parse_statement(std::string_view text, ParseState& state, ast::Statement& out) {
  Iterator first = text.data();
  Iterator const last = text.data() + text.size();
  return x3::phrase_parse(first, last, x3::with<state_tag>(std::ref(state))[statement], skipper,
                          out);
}

}  // namespace trellis::cypher::parser
