#include "csharp_fact_walk.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "extract/scope_finder.hpp"
#include "extract/tree_sitter_handles.hpp"
#include "extract/syntax_walk.hpp"
#include "resolve/typed_facts.hpp"

namespace trellis::ingest::csharp {
namespace {

constexpr std::size_t kMaxCallText = 200;
// A static constructor runs once, unnamed by any call: its own name keeps it
// apart from an instance constructor of the same parameters.
constexpr std::string_view kStaticConstructorName = "<clinit>";

std::string without_spaces(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out.push_back(c);
  }
  return out;
}

SourceSpan span_of(TSNode start, TSNode node) {
  return {line_of(ts_node_start_point(start)), std::max(line_of(ts_node_start_point(start)), last_line_of(node)),
          ts_node_start_byte(start), ts_node_end_byte(node)};
}

}  // namespace

void FactWalk::run(TSNode root) {
  SyntaxWalk walk(root);
  TSTreeCursor* at = walk.cursor();
  for (bool descend = true;;) {
    bool enter = false;
    const TSNode node = ts_tree_cursor_current_node(at);
    if (descend) {
      for (std::uint32_t k = decision_points_.count(node); k > 0; --k) decisions_.push_back(ts_node_start_byte(node));
      enter = visit(node);
    }
    if (enter && walk.goto_first_child(node)) {
      comments_.descend();
      continue;
    }
    comments_.leave(node, reader_.is(node, NodeType::Comment));
    if (walk.goto_next_sibling()) {
      descend = true;
      continue;
    }
    if (!walk.goto_parent()) break;
    comments_.ascend();
    descend = false;
  }
  set_signatures();
  facts_.has_all = true;
}

void FactWalk::close_before(std::uint32_t byte) {
  while (!scopes_.empty() && scopes_.back().end <= byte) scopes_.pop_back();
  while (!namespaces_.empty() && namespaces_.back().end <= byte) namespaces_.pop_back();
}

ScopeIndex FactWalk::caller() const {
  return in_method() ? scope() : kModuleScope;
}

bool FactWalk::in_method() const {
  return scope() != kModuleScope && facts_.definitions[scope()].label == Label::Method;
}

std::string FactWalk::qualifier() const {
  std::string result = file_namespace_;
  for (const OpenNamespace& open : namespaces_) {
    if (!result.empty()) result.push_back('.');
    result += open.name;
  }
  return result;
}

bool FactWalk::too_deep(NodeType type) {
  switch (type) {
    case NodeType::NamespaceDeclaration:
    case NodeType::ClassDeclaration:
    case NodeType::StructDeclaration:
    case NodeType::RecordDeclaration:
    case NodeType::EnumDeclaration:
    case NodeType::InterfaceDeclaration:
    case NodeType::MethodDeclaration:
    case NodeType::ConstructorDeclaration:
    case NodeType::PropertyDeclaration:
      if (namespaces_.size() + scopes_.size() < kMaxDefinitionNesting) return false;
      ++facts_.definitions_too_deep;
      return true;
    default: return false;
  }
}

bool FactWalk::visit(TSNode node) {
  close_before(ts_node_start_byte(node));
  if (too_deep(reader_.type(node))) return false;
  switch (reader_.type(node)) {
    case NodeType::NamespaceDeclaration:
      namespaces_.push_back(
          {ts_node_end_byte(node), without_spaces(reader_.text(reader_.child(node, Field::Name)))});
      return true;
    case NodeType::FileScopedNamespaceDeclaration:
      file_namespace_ = without_spaces(reader_.text(reader_.child(node, Field::Name)));
      return false;
    case NodeType::UsingDirective:
      add_using(node);
      return false;
    case NodeType::ClassDeclaration:
    case NodeType::StructDeclaration:
    case NodeType::RecordDeclaration:
    case NodeType::EnumDeclaration:
      add_type(node, Label::Class);
      return true;
    case NodeType::InterfaceDeclaration:
      add_type(node, Label::Interface);
      return true;
    case NodeType::MethodDeclaration:
      add_method(node, std::string(reader_.text(reader_.child(node, Field::Name))));
      return true;
    case NodeType::ConstructorDeclaration:
      add_method(node,
                 std::string(reader_.has_modifier(node, "static") ? kStaticConstructorName
                                                                  : resolve::kConstructorName));
      return true;
    case NodeType::PropertyDeclaration:
      add_property(node);
      return true;
    case NodeType::FieldDeclaration:
    case NodeType::EventFieldDeclaration:
      add_fields(node);
      return true;
    case NodeType::EventDeclaration:
      add_field(node, reader_.child(node, Field::Name),
                reader_.type_links(reader_.child(node, Field::Type)), {});
      return false;
    case NodeType::EnumMemberDeclaration:
      if (scope() != kModuleScope) {
        add_field(node, reader_.child(node, Field::Name),
                  {{Link::Kind::Name, facts_.definitions[scope()].name}}, {});
      }
      return false;
    // No definitions, and their calls belong to no method.
    case NodeType::DestructorDeclaration:
    case NodeType::OperatorDeclaration:
    case NodeType::ConversionOperatorDeclaration:
    case NodeType::IndexerDeclaration:
    case NodeType::DelegateDeclaration:
      return false;
    case NodeType::LocalDeclarationStatement:
    case NodeType::UsingStatement: {
      const std::uint32_t count = ts_node_named_child_count(node);
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode part = ts_node_named_child(node, i);
        if (reader_.is(part, NodeType::VariableDeclaration)) add_locals(part);
      }
      return true;
    }
    case NodeType::ForeachStatement:
      add_local(reader_.child(node, Field::Left), reader_.child(node, Field::Type), {});
      return true;
    case NodeType::CatchDeclaration:
    case NodeType::DeclarationPattern:
    case NodeType::RecursivePattern:
    case NodeType::DeclarationExpression:
      add_local(reader_.child(node, Field::Name), reader_.child(node, Field::Type), {});
      return true;
    case NodeType::InvocationExpression: {
      const TSNode function = reader_.child(node, Field::Function);
      if (reader_.is(function, NodeType::Identifier) && reader_.text(function) == "nameof")
        return true;
      add_call(node, reader_.links_of(function), reader_.text(function),
               reader_.child(node, Field::Arguments));
      return true;
    }
    case NodeType::ObjectCreationExpression: {
      const TSNode type = reader_.child(node, Field::Type);
      const std::string text = "new " + std::string(reader_.text(type));
      add_call(node, reader_.type_links(type), text, reader_.child(node, Field::Arguments));
      return true;
    }
    case NodeType::ConstructorInitializer: {
      const std::uint32_t count = ts_node_child_count(node);
      TSNode arguments{};
      std::string_view target;
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode part = ts_node_child(node, i);
        if (reader_.is(part, NodeType::This) || reader_.is(part, NodeType::Base))
          target = reader_.text(part);
        if (reader_.is(part, NodeType::ArgumentList)) arguments = part;
      }
      if (!target.empty())
        add_call(node, {{Link::Kind::Name, std::string(target)}}, target, arguments);
      return true;
    }
    default:
      return true;
  }
}

ScopeIndex FactWalk::open_definition(TSNode node, Label label, std::string name, TSNode body) {
  Definition definition;
  definition.label = label;
  definition.name = std::move(name);
  // Broken input can leave a declaration without its name; it still opens
  // a scope, and every node needs a name.
  if (definition.name.empty()) definition.name = "<unnamed>";
  definition.parent = scope();
  definition.span = span_of(reader_.first_after_attributes(node), node);
  definition.decorators = reader_.attributes(node);
  definition.docstring = reader_.documentation(node, comments_.before());
  definition.is_static = reader_.has_modifier(node, "static");
  const auto index = static_cast<ScopeIndex>(facts_.definitions.size());
  body_starts_.push_back(ts_node_is_null(body) ? ts_node_end_byte(node) : ts_node_start_byte(body));
  signatures_.emplace_back();
  facts_.definitions.push_back(std::move(definition));
  scopes_.push_back({ts_node_end_byte(node), index});
  return index;
}

void FactWalk::add_type(TSNode node, Label label) {
  const TSNode name = reader_.child(node, Field::Name);
  if (ts_node_is_null(name)) return;
  const bool top_level = scope() == kModuleScope;
  const ScopeIndex index = open_definition(node, label, std::string(reader_.text(name)),
                                           reader_.child(node, Field::Body));
  Definition& definition = facts_.definitions[index];
  if (top_level) definition.qualifier = qualifier();
  definition.is_abstract = reader_.has_modifier(node, "abstract");
  for (const TSNode base : reader_.base_types(node)) {
    definition.bases.push_back(reader_.type_links(base));
    definition.base_texts.emplace_back(reader_.text(base));
  }
  if (top_level && reader_.has_modifier(node, "public"))
    facts_.all_names.push_back(definition.name);
  // A positional record's parameters are its properties.
  if (!reader_.is(node, NodeType::RecordDeclaration)) return;
  const std::uint32_t count = ts_node_named_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_named_child(node, i);
    if (!reader_.is(part, NodeType::ParameterList)) continue;
    const std::uint32_t parameters = ts_node_named_child_count(part);
    for (std::uint32_t p = 0; p < parameters; ++p) {
      const TSNode parameter = ts_node_named_child(part, p);
      if (!reader_.is(parameter, NodeType::Parameter)) continue;
      add_field(parameter, reader_.child(parameter, Field::Name),
                reader_.type_links(reader_.child(parameter, Field::Type)), {});
    }
  }
}

void FactWalk::add_method(TSNode node, std::string name) {
  if (name.empty()) return;
  const ScopeIndex index =
      open_definition(node, Label::Method, std::move(name), reader_.child(node, Field::Body));
  Definition& definition = facts_.definitions[index];
  definition.is_async = reader_.has_modifier(node, "async");
  definition.return_annotation = reader_.type_links(reader_.child(node, Field::Returns));
  std::string signature = "(";
  const auto parameters = reader_.parameters(reader_.child(node, Field::Parameters));
  for (const CSharpReader::Parameter& parameter : parameters) {
    definition.parameters.push_back(parameter.name);
    if (!ts_node_is_null(parameter.type)) {
      definition.annotated_parameters.emplace_back(parameter.name,
                                                   reader_.type_links(parameter.type));
    }
    if (signature.size() > 1) signature.push_back(',');
    signature += reader_.erased_type(parameter.type);
  }
  signature.push_back(')');
  signatures_[index] = std::move(signature);
  definition.is_variadic = !parameters.empty() && parameters.back().is_params;
  definition.is_extension =
      definition.is_static && !parameters.empty() && parameters.front().is_this;
}

void FactWalk::add_property(TSNode node) {
  const TSNode name = reader_.child(node, Field::Name);
  const TSNode type = reader_.child(node, Field::Type);
  const TSNode accessors = reader_.child(node, Field::Accessors);
  const TSNode value = reader_.child(node, Field::Value);
  bool has_body = reader_.is(value, NodeType::ArrowExpressionClause);
  const std::uint32_t count = ts_node_is_null(accessors) ? 0 : ts_node_named_child_count(accessors);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode accessor = ts_node_named_child(accessors, i);
    if (reader_.is(accessor, NodeType::AccessorDeclaration) &&
        !ts_node_is_null(reader_.child(accessor, Field::Body))) {
      has_body = true;
    }
  }
  if (!has_body) {
    add_field(node, name, reader_.type_links(type), value);
    return;
  }
  if (ts_node_is_null(name)) return;
  const ScopeIndex index = open_definition(node, Label::Method, std::string(reader_.text(name)),
                                           ts_node_is_null(accessors) ? value : accessors);
  Definition& definition = facts_.definitions[index];
  definition.is_accessor = true;
  definition.return_annotation = reader_.type_links(type);
}

void FactWalk::add_fields(TSNode declaration) {
  const std::uint32_t count = ts_node_named_child_count(declaration);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode variables = ts_node_named_child(declaration, i);
    if (!reader_.is(variables, NodeType::VariableDeclaration)) continue;
    const LinkChain annotation = reader_.type_links(reader_.child(variables, Field::Type));
    const std::uint32_t declarators = ts_node_named_child_count(variables);
    for (std::uint32_t d = 0; d < declarators; ++d) {
      const TSNode declarator = ts_node_named_child(variables, d);
      if (!reader_.is(declarator, NodeType::VariableDeclarator)) continue;
      const std::uint32_t parts = ts_node_named_child_count(declarator);
      const TSNode value = parts >= 2 ? ts_node_named_child(declarator, parts - 1) : TSNode{};
      add_field(declarator, reader_.child(declarator, Field::Name), annotation, value);
    }
  }
}

void FactWalk::add_field(TSNode at, TSNode name, LinkChain annotation, TSNode value) {
  if (scope() == kModuleScope || in_method() || !reader_.is(name, NodeType::Identifier)) return;
  Assignment assignment;
  assignment.scope = scope();
  assignment.line = line_of(ts_node_start_point(at));
  assignment.target = {{Link::Kind::Name, std::string(reader_.text(name))}};
  assignment.annotation = std::move(annotation);
  if (!ts_node_is_null(value)) {
    assignment.value = reader_.links_of(value);
    if (has_opaque(assignment.value)) assignment.value.clear();
  }
  facts_.assignments.push_back(std::move(assignment));
}

void FactWalk::add_locals(TSNode variable_declaration) {
  const TSNode type = reader_.child(variable_declaration, Field::Type);
  const std::uint32_t count = ts_node_named_child_count(variable_declaration);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode declarator = ts_node_named_child(variable_declaration, i);
    if (!reader_.is(declarator, NodeType::VariableDeclarator)) continue;
    const std::uint32_t parts = ts_node_named_child_count(declarator);
    const TSNode value = parts >= 2 ? ts_node_named_child(declarator, parts - 1) : TSNode{};
    add_local(reader_.child(declarator, Field::Name), type, value);
  }
}

void FactWalk::add_local(TSNode name, TSNode type, TSNode value) {
  if (!in_method() || !reader_.is(name, NodeType::Identifier)) return;
  Assignment assignment;
  assignment.scope = scope();
  assignment.line = line_of(ts_node_start_point(name));
  assignment.target = {{Link::Kind::Name, std::string(reader_.text(name))}};
  assignment.annotation = reader_.type_links(type);
  if (!ts_node_is_null(value)) {
    assignment.value = reader_.links_of(value);
    if (has_opaque(assignment.value)) assignment.value.clear();
  }
  facts_.assignments.push_back(std::move(assignment));
}

void FactWalk::add_using(TSNode directive) {
  Import import;
  import.line = line_of(ts_node_start_point(directive));
  bool is_static = false;
  const std::uint32_t count = ts_node_child_count(directive);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_child(directive, i);
    const char* field = ts_node_field_name_for_child(directive, i);
    if (field != nullptr && std::string_view(field) == "name") {
      import.alias = std::string(reader_.text(part));
    } else if (reader_.is(part, NodeType::Static)) {
      is_static = true;
    } else if (ts_node_is_named(part) && !reader_.is(part, NodeType::Comment)) {
      import.module = without_spaces(reader_.text(part));
    }
  }
  if (import.module.empty()) return;
  if (import.alias.empty()) {
    import.name = "*";
    import.is_from = true;
    import.level = is_static ? 1 : 0;
  }
  facts_.imports.push_back(std::move(import));
}

void FactWalk::add_call(TSNode call, LinkChain callee, std::string_view text, TSNode arguments) {
  if (callee.empty()) return;
  CallSite site;
  site.caller = caller();
  site.scope = scope();
  site.line = line_of(ts_node_start_point(call));
  site.callee = std::move(callee);
  site.text = std::string(text.substr(0, kMaxCallText));
  site.arguments = reader_.arguments(arguments);
  facts_.calls.push_back(std::move(site));
}

// Members of one type sharing a name carry their parameter types.
void FactWalk::set_signatures() {
  std::map<std::pair<ScopeIndex, std::string_view>, int> counts;
  for (const Definition& definition : facts_.definitions) {
    if (definition.label == Label::Method) ++counts[{definition.parent, definition.name}];
  }
  for (std::size_t i = 0; i < facts_.definitions.size(); ++i) {
    Definition& definition = facts_.definitions[i];
    if (definition.label == Label::Method && counts[{definition.parent, definition.name}] > 1) {
      definition.signature = signatures_[i];
    }
  }
}

}  // namespace trellis::ingest::csharp
