#include "ts_syntax.hpp"

#include <string_view>
#include <utility>

namespace trellis::ingest::typescript {
namespace {

constexpr std::array<std::pair<std::string_view, NodeType>, 89> kTypeNames{{
    {"identifier", NodeType::Identifier},
    {"property_identifier", NodeType::PropertyIdentifier},
    {"private_property_identifier", NodeType::PrivatePropertyIdentifier},
    {"shorthand_property_identifier", NodeType::ShorthandPropertyIdentifier},
    {"shorthand_property_identifier_pattern", NodeType::ShorthandPropertyIdentifierPattern},
    {"type_identifier", NodeType::TypeIdentifier},
    {"nested_type_identifier", NodeType::NestedTypeIdentifier},
    {"this", NodeType::This},
    {"super", NodeType::Super},
    {"import", NodeType::Import},
    {"member_expression", NodeType::MemberExpression},
    {"call_expression", NodeType::CallExpression},
    {"new_expression", NodeType::NewExpression},
    {"parenthesized_expression", NodeType::ParenthesizedExpression},
    {"await_expression", NodeType::AwaitExpression},
    {"non_null_expression", NodeType::NonNullExpression},
    {"as_expression", NodeType::AsExpression},
    {"satisfies_expression", NodeType::SatisfiesExpression},
    {"string", NodeType::String},
    {"string_fragment", NodeType::StringFragment},
    {"template_string", NodeType::TemplateString},
    {"number", NodeType::Number},
    {"array", NodeType::Array},
    {"object", NodeType::Object},
    {"regex", NodeType::Regex},
    {"true", NodeType::True},
    {"false", NodeType::False},
    {"null", NodeType::Null},
    {"undefined", NodeType::Undefined},
    {"comment", NodeType::Comment},
    {"decorator", NodeType::Decorator},
    {"class_body", NodeType::ClassBody},
    {"interface_body", NodeType::InterfaceBody},
    {"class_heritage", NodeType::ClassHeritage},
    {"extends_clause", NodeType::ExtendsClause},
    {"implements_clause", NodeType::ImplementsClause},
    {"extends_type_clause", NodeType::ExtendsTypeClause},
    {"class_declaration", NodeType::ClassDeclaration},
    {"abstract_class_declaration", NodeType::AbstractClassDeclaration},
    {"class", NodeType::Class},
    {"interface_declaration", NodeType::InterfaceDeclaration},
    {"function_declaration", NodeType::FunctionDeclaration},
    {"generator_function_declaration", NodeType::GeneratorFunctionDeclaration},
    {"function_signature", NodeType::FunctionSignature},
    {"function_expression", NodeType::FunctionExpression},
    {"generator_function", NodeType::GeneratorFunction},
    {"arrow_function", NodeType::ArrowFunction},
    {"method_definition", NodeType::MethodDefinition},
    {"method_signature", NodeType::MethodSignature},
    {"abstract_method_signature", NodeType::AbstractMethodSignature},
    {"public_field_definition", NodeType::PublicFieldDefinition},
    {"field_definition", NodeType::FieldDefinition},
    {"variable_declarator", NodeType::VariableDeclarator},
    {"lexical_declaration", NodeType::LexicalDeclaration},
    {"variable_declaration", NodeType::VariableDeclaration},
    {"export_statement", NodeType::ExportStatement},
    {"import_clause", NodeType::ImportClause},
    {"named_imports", NodeType::NamedImports},
    {"namespace_import", NodeType::NamespaceImport},
    {"import_specifier", NodeType::ImportSpecifier},
    {"export_clause", NodeType::ExportClause},
    {"export_specifier", NodeType::ExportSpecifier},
    {"namespace_export", NodeType::NamespaceExport},
    {"import_require_clause", NodeType::ImportRequireClause},
    {"ambient_declaration", NodeType::AmbientDeclaration},
    {"assignment_expression", NodeType::AssignmentExpression},
    {"object_pattern", NodeType::ObjectPattern},
    {"pair_pattern", NodeType::PairPattern},
    {"pair", NodeType::Pair},
    {"required_parameter", NodeType::RequiredParameter},
    {"optional_parameter", NodeType::OptionalParameter},
    {"accessibility_modifier", NodeType::AccessibilityModifier},
    {"type_annotation", NodeType::TypeAnnotation},
    {"generic_type", NodeType::GenericType},
    {"union_type", NodeType::UnionType},
    {"literal_type", NodeType::LiteralType},
    {"parenthesized_type", NodeType::ParenthesizedType},
    {"array_type", NodeType::ArrayType},
    {"tuple_type", NodeType::TupleType},
    {"function_type", NodeType::FunctionType},
    {"predefined_type", NodeType::PredefinedType},
    {"arguments", NodeType::Arguments},
    {"expression_statement", NodeType::ExpressionStatement},
    {"async", NodeType::Async},
    {"get", NodeType::Get},
    {"set", NodeType::Set},
    {"static", NodeType::Static},
    {"default", NodeType::Default},
    {"readonly", NodeType::Readonly},
}};

constexpr std::array<std::pair<std::string_view, Field>, kFieldCount> kFieldNames{{
    {"alias", Field::Alias},
    {"arguments", Field::Arguments},
    {"body", Field::Body},
    {"constructor", Field::Constructor},
    {"declaration", Field::Declaration},
    {"decorator", Field::Decorator},
    {"function", Field::Function},
    {"key", Field::Key},
    {"left", Field::Left},
    {"module", Field::Module},
    {"name", Field::Name},
    {"object", Field::Object},
    {"parameters", Field::Parameters},
    {"pattern", Field::Pattern},
    {"property", Field::Property},
    {"return_type", Field::ReturnType},
    {"right", Field::Right},
    {"source", Field::Source},
    {"type", Field::Type},
    {"value", Field::Value},
}};

}  // namespace

TsSyntax::TsSyntax(const TSLanguage* language) : types_(ts_language_symbol_count(language), NodeType::Other) {
  for (std::size_t symbol = 0; symbol < types_.size(); ++symbol) {
    const char* name = ts_language_symbol_name(language, static_cast<TSSymbol>(symbol));
    if (name == nullptr) continue;
    for (const auto& [text, type] : kTypeNames) {
      if (text == name) types_[symbol] = type;
    }
  }
  for (const auto& [text, field] : kFieldNames) {
    fields_[static_cast<std::size_t>(field)] =
        ts_language_field_id_for_name(language, text.data(), static_cast<std::uint32_t>(text.size()));
  }
}

}  // namespace trellis::ingest::typescript
