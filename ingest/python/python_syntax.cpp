#include "python_syntax.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>

namespace trellis::ingest::python {
namespace {

constexpr std::array<std::pair<std::string_view, NodeType>, 64> kTypeNames{{
    {"identifier", NodeType::Identifier},
    {"attribute", NodeType::Attribute},
    {"call", NodeType::Call},
    {"parenthesized_expression", NodeType::ParenthesizedExpression},
    {"string", NodeType::String},
    {"concatenated_string", NodeType::ConcatenatedString},
    {"integer", NodeType::Integer},
    {"float", NodeType::Float},
    {"list", NodeType::List},
    {"list_comprehension", NodeType::ListComprehension},
    {"dictionary", NodeType::Dictionary},
    {"dictionary_comprehension", NodeType::DictionaryComprehension},
    {"set", NodeType::Set},
    {"set_comprehension", NodeType::SetComprehension},
    {"tuple", NodeType::Tuple},
    {"interpolation", NodeType::Interpolation},
    {"string_content", NodeType::StringContent},
    {"type", NodeType::Type},
    {"generic_type", NodeType::GenericType},
    {"subscript", NodeType::Subscript},
    {"type_parameter", NodeType::TypeParameter},
    {"binary_operator", NodeType::BinaryOperator},
    {"union_type", NodeType::UnionType},
    {"none", NodeType::None},
    {"expression_statement", NodeType::ExpressionStatement},
    {"decorated_definition", NodeType::DecoratedDefinition},
    {"decorator", NodeType::Decorator},
    {"typed_parameter", NodeType::TypedParameter},
    {"list_splat_pattern", NodeType::ListSplatPattern},
    {"dictionary_splat_pattern", NodeType::DictionarySplatPattern},
    {"relative_import", NodeType::RelativeImport},
    {"import_prefix", NodeType::ImportPrefix},
    {"dotted_name", NodeType::DottedName},
    {"wildcard_import", NodeType::WildcardImport},
    {"aliased_import", NodeType::AliasedImport},
    {"async", NodeType::Async},
    {"true", NodeType::True},
    {"false", NodeType::False},
    {"if_statement", NodeType::IfStatement},
    {"class_definition", NodeType::ClassDefinition},
    {"function_definition", NodeType::FunctionDefinition},
    {"pattern_list", NodeType::PatternList},
    {"tuple_pattern", NodeType::TuplePattern},
    {"list_pattern", NodeType::ListPattern},
    {"expression_list", NodeType::ExpressionList},
    {"list_splat", NodeType::ListSplat},
    {"pair", NodeType::Pair},
    {"slice", NodeType::Slice},
    {"lambda", NodeType::Lambda},
    {"default_parameter", NodeType::DefaultParameter},
    {"typed_default_parameter", NodeType::TypedDefaultParameter},
    {"keyword_argument", NodeType::KeywordArgument},
    {"as_pattern", NodeType::AsPattern},
    {"assignment", NodeType::Assignment},
    {"await", NodeType::Await},
    {"dictionary_splat", NodeType::DictionarySplat},
    {"unary_operator", NodeType::UnaryOperator},
    {"comparison_operator", NodeType::ComparisonOperator},
    {"augmented_assignment", NodeType::AugmentedAssignment},
    {"delete_statement", NodeType::DeleteStatement},
    {"elif_clause", NodeType::ElifClause},
    {"else_clause", NodeType::ElseClause},
    {"block", NodeType::Block},
    {"break_statement", NodeType::BreakStatement},
}};

constexpr std::array<std::pair<std::string_view, Field>, kFieldCount> kFieldNames{{
    {"alias", Field::Alias},
    {"alternative", Field::Alternative},
    {"argument", Field::Argument},
    {"arguments", Field::Arguments},
    {"attribute", Field::Attribute},
    {"body", Field::Body},
    {"condition", Field::Condition},
    {"consequence", Field::Consequence},
    {"definition", Field::Definition},
    {"function", Field::Function},
    {"key", Field::Key},
    {"left", Field::Left},
    {"module_name", Field::ModuleName},
    {"name", Field::Name},
    {"object", Field::Object},
    {"operator", Field::Operator},
    {"parameters", Field::Parameters},
    {"return_type", Field::ReturnType},
    {"right", Field::Right},
    {"subscript", Field::Subscript},
    {"type", Field::Type},
    {"value", Field::Value},
}};

}  // namespace

PythonSyntax::PythonSyntax(const TSLanguage* language) : GrammarSyntax(language, kTypeNames, kFieldNames) {}

namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 13> kBinaryMethods{{
    {"+", "__add__"}, {"-", "__sub__"}, {"*", "__mul__"}, {"/", "__truediv__"}, {"//", "__floordiv__"},
    {"%", "__mod__"}, {"**", "__pow__"}, {"@", "__matmul__"}, {"&", "__and__"}, {"|", "__or__"},
    {"^", "__xor__"}, {"<<", "__lshift__"}, {">>", "__rshift__"},
}};

}  // namespace

std::string_view binary_method(std::string_view op) {
  for (const auto& [text, method] : kBinaryMethods) {
    if (text == op) return method;
  }
  return {};
}

std::string_view comparison_method(std::string_view op) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kMethods{{
      {"<", "__lt__"}, {"<=", "__le__"}, {">", "__gt__"}, {">=", "__ge__"}, {"==", "__eq__"}, {"!=", "__ne__"},
  }};
  for (const auto& [text, method] : kMethods) {
    if (text == op) return method;
  }
  return {};
}

std::string_view binary_of_inplace(std::string_view method) {
  if (!method.starts_with("__i")) return {};
  for (const auto& [text, binary] : kBinaryMethods) {
    if (method.substr(3) == binary.substr(2)) return binary;
  }
  return {};
}

LinkChain dotted_links(std::string_view text) {
  LinkChain chain;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t dot = std::min(text.find('.', start), text.size());
    const std::string_view part = text.substr(start, dot - start);
    const bool identifier = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
      return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
             static_cast<unsigned char>(c) >= 0x80;
    });
    if (!identifier) return {{Link::Kind::Opaque, {}}};
    chain.push_back({chain.empty() ? Link::Kind::Name : Link::Kind::Attribute, std::string(part)});
    start = dot + 1;
  }
  return chain;
}

}  // namespace trellis::ingest::python
