// The node types and fields of tree-sitter-java the extractor reads,
// resolved to ids once (extract/grammar_syntax.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

#include "extract/grammar_syntax.hpp"

namespace trellis::ingest::java {

enum class Type : std::uint8_t {
  Other,
  Program, PackageDeclaration, ImportDeclaration,
  ClassDeclaration, InterfaceDeclaration, EnumDeclaration, RecordDeclaration, AnnotationTypeDeclaration,
  MethodDeclaration, ConstructorDeclaration, CompactConstructorDeclaration,
  FieldDeclaration, ConstantDeclaration, LocalVariableDeclaration, VariableDeclarator,
  EnumConstant, EnumBody, EnumBodyDeclarations, FormalParameters, FormalParameter, SpreadParameter,
  Modifiers, Annotation, MarkerAnnotation, Superclass, SuperInterfaces, ExtendsInterfaces, TypeList,
  MethodInvocation, ObjectCreationExpression, ExplicitConstructorInvocation, MethodReference, FieldAccess,
  ArgumentList, ClassBody, LambdaExpression, EnhancedFor, CatchFormalParameter, CatchType, Resource,
  InstanceofExpression, ParenthesizedExpression, CastExpression,
  Identifier, TypeIdentifier, ScopedTypeIdentifier, ScopedIdentifier, GenericType, This, Super,
  StringLiteral, IntegerLiteral, FloatLiteral, True, False, CharacterLiteral, NullLiteral,
  BlockComment, ArrayType, ArrayAccess, PrimitiveType,
  // Decision points (cyclomatic complexity).
  IfStatement, ForStatement, WhileStatement, DoStatement, CatchClause, TernaryExpression, SwitchLabel,
  BinaryExpression,
};

enum class Field : std::uint8_t {
  Name, Body, Type, Declarator, Value, Parameters, Object, Arguments, Superclass, Interfaces, Constructor, Left,
  Right, Operator, Field_, Pattern, Element, Array, kCount
};

inline constexpr std::pair<std::string_view, Type> kTypeNames[] = {
    {"program", Type::Program},
    {"package_declaration", Type::PackageDeclaration},
    {"import_declaration", Type::ImportDeclaration},
    {"class_declaration", Type::ClassDeclaration},
    {"interface_declaration", Type::InterfaceDeclaration},
    {"enum_declaration", Type::EnumDeclaration},
    {"record_declaration", Type::RecordDeclaration},
    {"annotation_type_declaration", Type::AnnotationTypeDeclaration},
    {"method_declaration", Type::MethodDeclaration},
    {"constructor_declaration", Type::ConstructorDeclaration},
    {"compact_constructor_declaration", Type::CompactConstructorDeclaration},
    {"field_declaration", Type::FieldDeclaration},
    {"constant_declaration", Type::ConstantDeclaration},
    {"local_variable_declaration", Type::LocalVariableDeclaration},
    {"variable_declarator", Type::VariableDeclarator},
    {"enum_constant", Type::EnumConstant},
    {"enum_body", Type::EnumBody},
    {"enum_body_declarations", Type::EnumBodyDeclarations},
    {"formal_parameters", Type::FormalParameters},
    {"formal_parameter", Type::FormalParameter},
    {"spread_parameter", Type::SpreadParameter},
    {"modifiers", Type::Modifiers},
    {"annotation", Type::Annotation},
    {"marker_annotation", Type::MarkerAnnotation},
    {"superclass", Type::Superclass},
    {"super_interfaces", Type::SuperInterfaces},
    {"extends_interfaces", Type::ExtendsInterfaces},
    {"type_list", Type::TypeList},
    {"method_invocation", Type::MethodInvocation},
    {"object_creation_expression", Type::ObjectCreationExpression},
    {"explicit_constructor_invocation", Type::ExplicitConstructorInvocation},
    {"method_reference", Type::MethodReference},
    {"field_access", Type::FieldAccess},
    {"argument_list", Type::ArgumentList},
    {"class_body", Type::ClassBody},
    {"lambda_expression", Type::LambdaExpression},
    {"enhanced_for_statement", Type::EnhancedFor},
    {"catch_formal_parameter", Type::CatchFormalParameter},
    {"catch_type", Type::CatchType},
    {"resource", Type::Resource},
    {"instanceof_expression", Type::InstanceofExpression},
    {"parenthesized_expression", Type::ParenthesizedExpression},
    {"cast_expression", Type::CastExpression},
    {"identifier", Type::Identifier},
    {"type_identifier", Type::TypeIdentifier},
    {"scoped_type_identifier", Type::ScopedTypeIdentifier},
    {"scoped_identifier", Type::ScopedIdentifier},
    {"generic_type", Type::GenericType},
    {"this", Type::This},
    {"super", Type::Super},
    {"string_literal", Type::StringLiteral},
    {"decimal_integer_literal", Type::IntegerLiteral},
    {"hex_integer_literal", Type::IntegerLiteral},
    {"octal_integer_literal", Type::IntegerLiteral},
    {"binary_integer_literal", Type::IntegerLiteral},
    {"decimal_floating_point_literal", Type::FloatLiteral},
    {"hex_floating_point_literal", Type::FloatLiteral},
    {"true", Type::True},
    {"false", Type::False},
    {"character_literal", Type::CharacterLiteral},
    {"null_literal", Type::NullLiteral},
    {"block_comment", Type::BlockComment},
    {"array_type", Type::ArrayType},
    {"array_access", Type::ArrayAccess},
    {"integral_type", Type::PrimitiveType},
    {"floating_point_type", Type::PrimitiveType},
    {"boolean_type", Type::PrimitiveType},
    {"if_statement", Type::IfStatement},
    {"for_statement", Type::ForStatement},
    {"while_statement", Type::WhileStatement},
    {"do_statement", Type::DoStatement},
    {"catch_clause", Type::CatchClause},
    {"ternary_expression", Type::TernaryExpression},
    {"switch_label", Type::SwitchLabel},
    {"binary_expression", Type::BinaryExpression},
};

inline constexpr std::array<std::pair<std::string_view, Field>, static_cast<std::size_t>(Field::kCount)> kFieldNames{{
    {"name", Field::Name},
    {"body", Field::Body},
    {"type", Field::Type},
    {"declarator", Field::Declarator},
    {"value", Field::Value},
    {"parameters", Field::Parameters},
    {"object", Field::Object},
    {"arguments", Field::Arguments},
    {"superclass", Field::Superclass},
    {"interfaces", Field::Interfaces},
    {"constructor", Field::Constructor},
    {"left", Field::Left},
    {"right", Field::Right},
    {"operator", Field::Operator},
    {"field", Field::Field_},
    {"pattern", Field::Pattern},
    {"element", Field::Element},
    {"array", Field::Array},
}};

using JavaSyntax = GrammarSyntax<Type, Field, static_cast<std::size_t>(Field::kCount)>;

}  // namespace trellis::ingest::java
