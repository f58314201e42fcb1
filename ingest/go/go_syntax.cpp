#include "go_syntax.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace trellis::ingest::go {
namespace {

constexpr std::array<std::pair<std::string_view, NodeType>, 60> kTypeNames{{
    {"source_file", NodeType::SourceFile},
    {"comment", NodeType::Comment},
    {"identifier", NodeType::Identifier},
    {"field_identifier", NodeType::FieldIdentifier},
    {"type_identifier", NodeType::TypeIdentifier},
    {"package_identifier", NodeType::PackageIdentifier},
    {"blank_identifier", NodeType::BlankIdentifier},
    {"dot", NodeType::Dot},
    {"package_clause", NodeType::PackageClause},
    {"import_spec", NodeType::ImportSpec},
    {"function_declaration", NodeType::FunctionDeclaration},
    {"method_declaration", NodeType::MethodDeclaration},
    {"type_declaration", NodeType::TypeDeclaration},
    {"type_spec", NodeType::TypeSpec},
    {"type_alias", NodeType::TypeAlias},
    {"struct_type", NodeType::StructType},
    {"interface_type", NodeType::InterfaceType},
    {"field_declaration_list", NodeType::FieldDeclarationList},
    {"field_declaration", NodeType::FieldDeclaration},
    {"method_elem", NodeType::MethodElem},
    {"type_elem", NodeType::TypeElem},
    {"parameter_list", NodeType::ParameterList},
    {"parameter_declaration", NodeType::ParameterDeclaration},
    {"variadic_parameter_declaration", NodeType::VariadicParameterDeclaration},
    {"var_spec", NodeType::VarSpec},
    {"const_spec", NodeType::ConstSpec},
    {"short_var_declaration", NodeType::ShortVarDeclaration},
    {"assignment_statement", NodeType::AssignmentStatement},
    {"range_clause", NodeType::RangeClause},
    {"type_switch_statement", NodeType::TypeSwitchStatement},
    {"receive_statement", NodeType::ReceiveStatement},
    {"expression_list", NodeType::ExpressionList},
    {"call_expression", NodeType::CallExpression},
    {"argument_list", NodeType::ArgumentList},
    {"variadic_argument", NodeType::VariadicArgument},
    {"selector_expression", NodeType::SelectorExpression},
    {"composite_literal", NodeType::CompositeLiteral},
    {"unary_expression", NodeType::UnaryExpression},
    {"parenthesized_expression", NodeType::ParenthesizedExpression},
    {"type_assertion_expression", NodeType::TypeAssertionExpression},
    {"type_conversion_expression", NodeType::TypeConversionExpression},
    {"func_literal", NodeType::FuncLiteral},
    {"interpreted_string_literal", NodeType::InterpretedStringLiteral},
    {"raw_string_literal", NodeType::RawStringLiteral},
    {"int_literal", NodeType::IntLiteral},
    {"float_literal", NodeType::FloatLiteral},
    {"imaginary_literal", NodeType::ImaginaryLiteral},
    {"rune_literal", NodeType::RuneLiteral},
    {"true", NodeType::True},
    {"false", NodeType::False},
    {"iota", NodeType::Iota},
    {"qualified_type", NodeType::QualifiedType},
    {"pointer_type", NodeType::PointerType},
    {"generic_type", NodeType::GenericType},
    {"parenthesized_type", NodeType::ParenthesizedType},
    {"slice_type", NodeType::SliceType},
    {"array_type", NodeType::ArrayType},
    {"map_type", NodeType::MapType},
    {"channel_type", NodeType::ChannelType},
    {"index_expression", NodeType::IndexExpression},
}};

constexpr std::array<std::pair<std::string_view, Field>, kFieldCount> kFieldNames{{
    {"arguments", Field::Arguments},
    {"body", Field::Body},
    {"field", Field::Field},
    {"function", Field::Function},
    {"left", Field::Left},
    {"name", Field::Name},
    {"operand", Field::Operand},
    {"operator", Field::Operator},
    {"package", Field::Package},
    {"parameters", Field::Parameters},
    {"path", Field::Path},
    {"receiver", Field::Receiver},
    {"result", Field::Result},
    {"right", Field::Right},
    {"type", Field::Type},
    {"value", Field::Value},
    {"alias", Field::Alias},
    {"element", Field::Element},
}};

}  // namespace

GoSyntax::GoSyntax(const TSLanguage* language) : GrammarSyntax(language, kTypeNames, kFieldNames) {}

}  // namespace trellis::ingest::go
