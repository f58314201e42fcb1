#include "rust/rust_syntax.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace trellis::ingest::rust {
namespace {

constexpr std::array<std::pair<std::string_view, NodeType>, 63> kTypeNames{{
    {"identifier", NodeType::Identifier},
    {"type_identifier", NodeType::TypeIdentifier},
    {"field_identifier", NodeType::FieldIdentifier},
    {"primitive_type", NodeType::PrimitiveType},
    {"self", NodeType::Self},
    {"super", NodeType::Super},
    {"crate", NodeType::Crate},
    {"metavariable", NodeType::Metavariable},
    {"mod_item", NodeType::ModItem},
    {"struct_item", NodeType::StructItem},
    {"enum_item", NodeType::EnumItem},
    {"union_item", NodeType::UnionItem},
    {"trait_item", NodeType::TraitItem},
    {"impl_item", NodeType::ImplItem},
    {"function_item", NodeType::FunctionItem},
    {"function_signature_item", NodeType::FunctionSignatureItem},
    {"macro_definition", NodeType::MacroDefinition},
    {"macro_invocation", NodeType::MacroInvocation},
    {"use_declaration", NodeType::UseDeclaration},
    {"use_list", NodeType::UseList},
    {"scoped_use_list", NodeType::ScopedUseList},
    {"use_as_clause", NodeType::UseAsClause},
    {"use_wildcard", NodeType::UseWildcard},
    {"field_declaration", NodeType::FieldDeclaration},
    {"parameter", NodeType::Parameter},
    {"let_declaration", NodeType::LetDeclaration},
    {"let_condition", NodeType::LetCondition},
    {"for_expression", NodeType::ForExpression},
    {"closure_parameters", NodeType::ClosureParameters},
    {"match_arm", NodeType::MatchArm},
    {"call_expression", NodeType::CallExpression},
    {"field_expression", NodeType::FieldExpression},
    {"scoped_identifier", NodeType::ScopedIdentifier},
    {"scoped_type_identifier", NodeType::ScopedTypeIdentifier},
    {"generic_function", NodeType::GenericFunction},
    {"generic_type", NodeType::GenericType},
    {"generic_type_with_turbofish", NodeType::GenericTypeWithTurbofish},
    {"try_expression", NodeType::TryExpression},
    {"await_expression", NodeType::AwaitExpression},
    {"reference_expression", NodeType::ReferenceExpression},
    {"parenthesized_expression", NodeType::ParenthesizedExpression},
    {"unary_expression", NodeType::UnaryExpression},
    {"index_expression", NodeType::IndexExpression},
    {"struct_expression", NodeType::StructExpression},
    {"reference_type", NodeType::ReferenceType},
    {"pointer_type", NodeType::PointerType},
    {"dynamic_type", NodeType::DynamicType},
    {"abstract_type", NodeType::AbstractType},
    {"bounded_type", NodeType::BoundedType},
    {"array_type", NodeType::ArrayType},
    {"type_arguments", NodeType::TypeArguments},
    {"string_literal", NodeType::StringLiteral},
    {"raw_string_literal", NodeType::RawStringLiteral},
    {"char_literal", NodeType::CharLiteral},
    {"integer_literal", NodeType::IntegerLiteral},
    {"float_literal", NodeType::FloatLiteral},
    {"boolean_literal", NodeType::BooleanLiteral},
    {"tuple_struct_pattern", NodeType::TupleStructPattern},
    {"shorthand_field_identifier", NodeType::ShorthandFieldIdentifier},
    {"type_parameter", NodeType::TypeParameter},
    {"self_parameter", NodeType::SelfParameter},
    {"block", NodeType::Block},
    {"type_item", NodeType::TypeItem},
}};

constexpr std::array<std::pair<std::string_view, Field>, kFieldCount> kFieldNames{{
    {"alias", Field::Alias},
    {"arguments", Field::Arguments},
    {"body", Field::Body},
    {"bounds", Field::Bounds},
    {"function", Field::Function},
    {"list", Field::List},
    {"macro", Field::Macro},
    {"name", Field::Name},
    {"path", Field::Path},
    {"pattern", Field::Pattern},
    {"return_type", Field::ReturnType},
    {"trait", Field::Trait},
    {"type", Field::Type},
    {"type_arguments", Field::TypeArguments},
    {"value", Field::Value},
    {"field", Field::Field},
    {"element", Field::Element},
    {"argument", Field::Argument},
    {"type_parameters", Field::TypeParameters},
    {"parameters", Field::Parameters},
}};

}  // namespace

RustSyntax::RustSyntax(const TSLanguage* language) : GrammarSyntax(language, kTypeNames, kFieldNames) {}

}  // namespace trellis::ingest::rust
