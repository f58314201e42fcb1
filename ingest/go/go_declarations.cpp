#include "go_declarations.hpp"

#include <algorithm>

#include "extract/scope_finder.hpp"

namespace trellis::ingest::go {

bool is_exported(std::string_view name) { return !name.empty() && name.front() >= 'A' && name.front() <= 'Z'; }

Definition DeclarationReader::function(TSNode node) const {
  Definition definition;
  definition.label = syntax_.is(node, NodeType::MethodDeclaration) ? Label::Method : Label::Function;
  definition.name = std::string(chains_.text(syntax_.child(node, Field::Name)));
  definition.span = span(node, node);
  definition.docstring = docstring(node);
  const TSNode receiver = syntax_.child(node, Field::Receiver);
  if (!ts_node_is_null(receiver)) {
    // `func (s *Service[T]) M()`: the receiver is (s, [Name Service]).
    Definition receiver_facts;
    read_parameters(receiver, receiver_facts);
    const TSNode declaration = ts_node_named_child(receiver, 0);
    LinkChain receiver_type = chains_.type(syntax_.child(declaration, Field::Type));
    if (!receiver_type.empty()) definition.qualifier = receiver_type.back().text;
    definition.first_parameter = receiver_facts.parameters.empty() ? std::string{} : receiver_facts.parameters.front();
    definition.annotated_parameters.emplace_back(definition.first_parameter, std::move(receiver_type));
  }
  read_signature(node, definition);
  return definition;
}

Definition DeclarationReader::closure(TSNode literal, std::string name) const {
  Definition definition;
  definition.name = std::move(name);
  definition.span = span(literal, literal);
  read_signature(literal, definition);
  return definition;
}

Definition DeclarationReader::type(TSNode spec, TSNode parent) const {
  Definition definition;
  definition.name = std::string(chains_.text(syntax_.child(spec, Field::Name)));
  const TSNode type = syntax_.child(spec, Field::Type);
  const bool interface = syntax_.is(spec, NodeType::TypeSpec) && syntax_.is(type, NodeType::InterfaceType);
  definition.label = interface ? Label::Interface : Label::Class;
  // `type X struct{...}` spans from `type`; in `type ( ... )`, from its name.
  const TSNode declaration = parent;
  const bool alone = syntax_.is(declaration, NodeType::TypeDeclaration) &&
                     ts_node_eq(ts_node_child(declaration, 1), spec);
  definition.span = span(alone ? declaration : spec, spec);
  definition.docstring = docstring(alone ? declaration : spec);
  if (!syntax_.is(spec, NodeType::TypeSpec)) return definition;  // an alias embeds nothing

  const auto add_base = [&](TSNode base) {
    LinkChain chain = chains_.type(base);
    if (chain.empty()) return;
    definition.bases.push_back(std::move(chain));
    definition.base_texts.emplace_back(chains_.text(base));
  };
  if (interface) {
    for (const TSNode element : chains_.named(type)) {
      // A type element of one term embeds that interface; unions
      // (`~int | string`) are constraints, no bases.
      if (syntax_.is(element, NodeType::TypeElem) && ts_node_named_child_count(element) == 1) {
        add_base(ts_node_named_child(element, 0));
      }
    }
  } else if (syntax_.is(type, NodeType::StructType)) {
    for (const TSNode field : chains_.named(ts_node_named_child(type, 0))) {
      if (syntax_.is(field, NodeType::FieldDeclaration) && ts_node_is_null(syntax_.child(field, Field::Name))) {
        add_base(syntax_.child(field, Field::Type));
      }
    }
  }
  return definition;
}

Definition DeclarationReader::interface_method(TSNode elem) const {
  Definition definition;
  definition.label = Label::Method;
  definition.name = std::string(chains_.text(syntax_.child(elem, Field::Name)));
  definition.span = span(elem, elem);
  definition.docstring = docstring(elem);
  read_signature(elem, definition);
  return definition;
}

std::vector<Assignment> DeclarationReader::fields(TSNode spec, ScopeIndex scope) const {
  std::vector<Assignment> fields;
  const TSNode type = syntax_.child(spec, Field::Type);
  if (!syntax_.is(spec, NodeType::TypeSpec) || !syntax_.is(type, NodeType::StructType)) return fields;
  for (const TSNode field : chains_.named(ts_node_named_child(type, 0))) {
    if (!syntax_.is(field, NodeType::FieldDeclaration)) continue;
    const TSNode field_type = syntax_.child(field, Field::Type);
    LinkChain annotation = chains_.type(field_type);
    const auto add = [&](std::string name) {
      Assignment assignment;
      assignment.scope = scope;
      assignment.line = line_of(ts_node_start_point(field));
      assignment.target = {{Link::Kind::Name, std::move(name)}};
      assignment.annotation = annotation;
      fields.push_back(std::move(assignment));
    };
    // Every `name` child: `a, b int` declares two fields.
    bool named = false;
    chains_.for_each_in_field(field, Field::Name, [&](TSNode name) {
      named = true;
      add(std::string(chains_.text(name)));
    });
    if (!named && !annotation.empty()) add(annotation.back().text);  // embedded: named by its type
  }
  return fields;
}

std::uint32_t DeclarationReader::body_start(TSNode node) const {
  if (syntax_.is(node, NodeType::TypeSpec) || syntax_.is(node, NodeType::TypeAlias)) {
    return ts_node_start_byte(node);
  }
  const TSNode body = syntax_.child(node, Field::Body);
  return ts_node_is_null(body) ? ts_node_end_byte(node) : ts_node_start_byte(body);
}

void DeclarationReader::read_parameters(TSNode parameter_list, Definition& into) const {
  if (ts_node_is_null(parameter_list)) return;
  for (const TSNode declaration : chains_.named(parameter_list)) {
    const bool variadic = syntax_.is(declaration, NodeType::VariadicParameterDeclaration);
    if (!variadic && !syntax_.is(declaration, NodeType::ParameterDeclaration)) continue;
    into.is_variadic = variadic;
    // `...T` binds a slice of T.
    LinkChain type = chains_.type(syntax_.child(declaration, Field::Type));
    if (variadic && !type.empty()) type.push_back({Link::Kind::Attribute, "[]"});
    chains_.for_each_in_field(declaration, Field::Name, [&](TSNode name_node) {
      std::string name(chains_.text(name_node));
      into.parameters.push_back(name);
      into.annotated_parameters.emplace_back(std::move(name), type);
    });
  }
}

void DeclarationReader::read_signature(TSNode node, Definition& into) const {
  read_parameters(syntax_.child(node, Field::Parameters), into);
  const TSNode result = syntax_.child(node, Field::Result);
  if (syntax_.is(result, NodeType::ParameterList)) {
    const TSNode first = ts_node_named_child(result, 0);
    into.return_annotation = chains_.type(syntax_.child(first, Field::Type));
    // `(T, error)`, `(a, b int, err error)`: a type per result.
    for (std::uint32_t i = 0, n = ts_node_named_child_count(result); i < n; ++i) {
      const TSNode declaration = ts_node_named_child(result, i);
      const TSNode type = syntax_.child(declaration, Field::Type);
      if (ts_node_is_null(type)) continue;
      std::uint32_t names = 0;
      for (std::uint32_t c = 0, m = ts_node_named_child_count(declaration); c < m; ++c) {
        if (!ts_node_eq(ts_node_named_child(declaration, c), type)) ++names;
      }
      for (std::uint32_t k = 0; k < std::max(names, 1u); ++k) into.results.push_back(chains_.type(type));
    }
    if (into.results.size() < 2) into.results.clear();
  } else {
    into.return_annotation = chains_.type(result);
  }
}

SourceSpan DeclarationReader::span(TSNode first, TSNode last) const {
  SourceSpan span;
  span.line_start = line_of(ts_node_start_point(first));
  span.line_end = std::max(span.line_start, last_line_of(last));
  span.byte_start = ts_node_start_byte(first);
  span.byte_end = ts_node_end_byte(last);
  return span;
}

std::string DeclarationReader::docstring(TSNode node) const {
  std::vector<std::string_view> lines;
  std::uint32_t next_row = ts_node_start_point(node).row;
  const auto found = comments_.find(node.id);
  if (found == comments_.end()) return {};
  for (auto it = found->second.rbegin(); it != found->second.rend(); ++it) {
    const TSNode at = *it;
    const std::string_view comment = chains_.text(at);
    if (!comment.starts_with("//") || ts_node_end_point(at).row + 1 != next_row) break;
    std::string_view line = comment.substr(2);
    if (line.starts_with(' ')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    lines.push_back(line);
    next_row = ts_node_start_point(at).row;
  }
  std::string text;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    if (!text.empty()) text += '\n';
    text += *it;
  }
  return text;
}

}  // namespace trellis::ingest::go
