#include "csharp_syntax.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace trellis::ingest::csharp {
namespace {

constexpr std::array<std::pair<std::string_view, NodeType>, 75> kTypeNames{{
    {"identifier", NodeType::Identifier},
    {"generic_name", NodeType::GenericName},
    {"qualified_name", NodeType::QualifiedName},
    {"alias_qualified_name", NodeType::AliasQualifiedName},
    {"predefined_type", NodeType::PredefinedType},
    {"nullable_type", NodeType::NullableType},
    {"ref_type", NodeType::RefType},
    {"implicit_type", NodeType::ImplicitType},
    {"this", NodeType::This},
    {"base", NodeType::Base},
    {"static", NodeType::Static},
    {"params", NodeType::Params},
    {"member_access_expression", NodeType::MemberAccessExpression},
    {"invocation_expression", NodeType::InvocationExpression},
    {"object_creation_expression", NodeType::ObjectCreationExpression},
    {"conditional_access_expression", NodeType::ConditionalAccessExpression},
    {"member_binding_expression", NodeType::MemberBindingExpression},
    {"await_expression", NodeType::AwaitExpression},
    {"parenthesized_expression", NodeType::ParenthesizedExpression},
    {"cast_expression", NodeType::CastExpression},
    {"postfix_unary_expression", NodeType::PostfixUnaryExpression},
    {"string_literal", NodeType::StringLiteral},
    {"verbatim_string_literal", NodeType::VerbatimStringLiteral},
    {"raw_string_literal", NodeType::RawStringLiteral},
    {"interpolated_string_expression", NodeType::InterpolatedStringExpression},
    {"integer_literal", NodeType::IntegerLiteral},
    {"real_literal", NodeType::RealLiteral},
    {"boolean_literal", NodeType::BooleanLiteral},
    {"character_literal", NodeType::CharacterLiteral},
    {"null_literal", NodeType::NullLiteral},
    {"comment", NodeType::Comment},
    {"attribute_list", NodeType::AttributeList},
    {"attribute", NodeType::Attribute},
    {"modifier", NodeType::Modifier},
    {"preproc_if", NodeType::PreprocIf},
    {"base_list", NodeType::BaseList},
    {"primary_constructor_base_type", NodeType::PrimaryConstructorBaseType},
    {"argument_list", NodeType::ArgumentList},
    {"argument", NodeType::Argument},
    {"declaration_expression", NodeType::DeclarationExpression},
    {"parameter_list", NodeType::ParameterList},
    {"parameter", NodeType::Parameter},
    {"namespace_declaration", NodeType::NamespaceDeclaration},
    {"file_scoped_namespace_declaration", NodeType::FileScopedNamespaceDeclaration},
    {"using_directive", NodeType::UsingDirective},
    {"class_declaration", NodeType::ClassDeclaration},
    {"struct_declaration", NodeType::StructDeclaration},
    {"record_declaration", NodeType::RecordDeclaration},
    {"enum_declaration", NodeType::EnumDeclaration},
    {"interface_declaration", NodeType::InterfaceDeclaration},
    {"method_declaration", NodeType::MethodDeclaration},
    {"constructor_declaration", NodeType::ConstructorDeclaration},
    {"destructor_declaration", NodeType::DestructorDeclaration},
    {"operator_declaration", NodeType::OperatorDeclaration},
    {"conversion_operator_declaration", NodeType::ConversionOperatorDeclaration},
    {"indexer_declaration", NodeType::IndexerDeclaration},
    {"delegate_declaration", NodeType::DelegateDeclaration},
    {"event_declaration", NodeType::EventDeclaration},
    {"property_declaration", NodeType::PropertyDeclaration},
    {"accessor_declaration", NodeType::AccessorDeclaration},
    {"field_declaration", NodeType::FieldDeclaration},
    {"event_field_declaration", NodeType::EventFieldDeclaration},
    {"enum_member_declaration", NodeType::EnumMemberDeclaration},
    {"variable_declaration", NodeType::VariableDeclaration},
    {"variable_declarator", NodeType::VariableDeclarator},
    {"local_declaration_statement", NodeType::LocalDeclarationStatement},
    {"using_statement", NodeType::UsingStatement},
    {"foreach_statement", NodeType::ForeachStatement},
    {"catch_declaration", NodeType::CatchDeclaration},
    {"declaration_pattern", NodeType::DeclarationPattern},
    {"recursive_pattern", NodeType::RecursivePattern},
    {"constructor_initializer", NodeType::ConstructorInitializer},
    {"switch_expression_arm", NodeType::SwitchExpressionArm},
    {"discard", NodeType::Discard},
    {"arrow_expression_clause", NodeType::ArrowExpressionClause},
}};

constexpr std::array<std::pair<std::string_view, Field>, kFieldCount> kFieldNames{{
    {"accessors", Field::Accessors},
    {"arguments", Field::Arguments},
    {"body", Field::Body},
    {"condition", Field::Condition},
    {"expression", Field::Expression},
    {"function", Field::Function},
    {"left", Field::Left},
    {"name", Field::Name},
    {"parameters", Field::Parameters},
    {"qualifier", Field::Qualifier},
    {"returns", Field::Returns},
    {"type", Field::Type},
    {"value", Field::Value},
}};

}  // namespace

CSharpSyntax::CSharpSyntax(const TSLanguage* language)
    : GrammarSyntax(language, kTypeNames, kFieldNames) {}

}  // namespace trellis::ingest::csharp
