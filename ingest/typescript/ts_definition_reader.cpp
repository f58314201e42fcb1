#include "ts_fact_reader.hpp"

namespace trellis::ingest::typescript {
namespace {

// A JSDoc comment's text without its delimiters and leading stars.
std::string jsdoc_text(std::string_view comment) {
  if (!comment.starts_with("/**") || !comment.ends_with("*/") || comment.size() < 5) return {};
  comment = comment.substr(3, comment.size() - 5);
  std::string out;
  std::size_t start = 0;
  while (start <= comment.size()) {
    const std::size_t end = std::min(comment.find('\n', start), comment.size());
    std::string_view line = comment.substr(start, end - start);
    const auto first = line.find_first_not_of(" \t\r");
    line = first == std::string_view::npos ? std::string_view() : line.substr(first);
    if (line.starts_with('*')) line.remove_prefix(line.size() > 1 && line[1] == ' ' ? 2 : 1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    if (!out.empty() || !line.empty()) {
      if (!out.empty()) out += '\n';
      out += line;
    }
    start = end + 1;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

// Calls visit(TSNode) on the named children of `parent` before its child
// `node`, nearest first, while it returns true. A cursor finds `node` by its
// first byte: ts_node_prev_named_sibling would look for the parent from the
// root, at the cost of the depth.
template <class Visit>
void for_each_named_sibling_before(TSNode parent, TSNode node, Visit&& visit) {
  if (ts_node_is_null(parent)) return;
  TsTreeCursor cursor(parent);
  TSTreeCursor* at = cursor.get();
  if (ts_tree_cursor_goto_first_child_for_byte(at, ts_node_start_byte(node)) < 0) return;
  while (!ts_node_eq(ts_tree_cursor_current_node(at), node)) {
    if (!ts_tree_cursor_goto_next_sibling(at)) return;
  }
  while (ts_tree_cursor_goto_previous_sibling(at)) {
    const TSNode sibling = ts_tree_cursor_current_node(at);
    if (ts_node_is_named(sibling) && !visit(sibling)) return;
  }
}

}  // namespace

std::string FactReader::definition_name(const OpenDefinition& open) const {
  const TSNode node = open.node;
  if (open.kind != Capture::Bound) return std::string(text(child(node, Field::Name)));
  const TSNode parent = open.path.up(1);
  switch (type(parent)) {
    case NodeType::VariableDeclarator: return std::string(text(child(parent, Field::Name)));
    case NodeType::PublicFieldDefinition: return std::string(text(child(parent, Field::Name)));
    case NodeType::FieldDefinition: return std::string(text(child(parent, Field::Property)));
    case NodeType::AssignmentExpression: {
      const std::string_view left = text(child(parent, Field::Left));
      if (const std::string_view exported = exported_name(left); !exported.empty()) return std::string(exported);
      if (left == "module.exports") return own_name_or_default(node);
      return {};
    }
    case NodeType::ExportStatement: return own_name_or_default(node);
    default: return {};
  }
}

std::string FactReader::own_name_or_default(TSNode node) const {
  const TSNode name = child(node, Field::Name);
  return ts_node_is_null(name) ? std::string("default") : std::string(text(name));
}

std::size_t FactReader::statement_of(const OpenDefinition& open) const {
  std::size_t at = 0;
  if (open.kind == Capture::Bound) {
    at = 1;  // declarator, assignment, field or export
    const NodeType t = type(open.path.up(at));
    if (t == NodeType::VariableDeclarator || t == NodeType::AssignmentExpression) ++at;
  }
  const TSNode parent = open.path.up(at + 1);
  if (is(parent, NodeType::ExportStatement) || is(parent, NodeType::AmbientDeclaration)) return at + 1;
  return at;
}

bool FactReader::is_exported(const OpenDefinition& open) const {
  std::size_t statement = statement_of(open);
  if (is(open.path.up(statement), NodeType::AmbientDeclaration)) ++statement;  // export declare ...
  if (is(open.path.up(statement), NodeType::ExportStatement)) return true;
  // `exports.name = function () {}`
  return open.kind == Capture::Bound && is(open.path.up(1), NodeType::AssignmentExpression);
}

Definition FactReader::read_definition(const OpenDefinition& open, std::string name) const {
  Definition definition;
  const NodeType node_type = type(open.node);
  const bool is_class = node_type == NodeType::ClassDeclaration || node_type == NodeType::AbstractClassDeclaration ||
                        node_type == NodeType::Class;
  definition.label = open.kind == Capture::Interface ? Label::Interface
                     : is_class                      ? Label::Class
                     : open.kind == Capture::Method  ? Label::Method
                                                     : Label::Function;
  definition.name = std::move(name);
  const std::size_t statement = statement_of(open);
  definition.span = span_of(open.kind == Capture::Bound ? open.path.up(1) : open.node);
  // From the `class` / method line, decorators excluded (they run in the enclosing scope).
  const std::uint32_t children = ts_node_child_count(open.node);
  for (std::uint32_t i = 0; i < children && is(ts_node_child(open.node, i), NodeType::Decorator); ++i) {
    if (i + 1 < children && !is(ts_node_child(open.node, i + 1), NodeType::Decorator)) {
      const TSNode first = ts_node_child(open.node, i + 1);
      definition.span.line_start = line_of(ts_node_start_point(first));
      definition.span.byte_start = ts_node_start_byte(first);
    }
  }
  definition.is_abstract = node_type == NodeType::AbstractClassDeclaration;
  read_decorators(open, statement, definition);
  definition.docstring = docstring_before(open.path.up(statement), open.path.up(statement + 1));
  if (is_class || open.kind == Capture::Interface) {
    read_heritage(open.node, definition);
    return definition;
  }
  const std::uint32_t count = ts_node_child_count(open.node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_child(open.node, i);
    if (ts_node_is_named(part)) break;
    const NodeType t = type(part);
    if (t == NodeType::Async) definition.is_async = true;
    if (t == NodeType::Get || t == NodeType::Set) definition.is_accessor = true;
  }
  read_parameters(child(open.node, Field::Parameters), definition);
  definition.return_annotation = annotation_links(child(open.node, Field::ReturnType));
  return definition;
}

void FactReader::read_parameters(TSNode parameters, Definition& definition) const {
  if (ts_node_is_null(parameters)) return;
  const std::uint32_t count = ts_node_named_child_count(parameters);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode parameter = ts_node_named_child(parameters, i);
    TSNode name = parameter;
    TSNode annotation{};
    const NodeType t = type(parameter);
    if (t == NodeType::RequiredParameter || t == NodeType::OptionalParameter) {
      name = child(parameter, Field::Pattern);
      annotation = child(parameter, Field::Type);
    } else if (t != NodeType::Identifier) {
      name = child(parameter, Field::Left);  // `x = default`
    }
    if (!is(name, NodeType::Identifier)) continue;
    const std::string_view parameter_name = text(name);
    definition.parameters.emplace_back(parameter_name);
    if (definition.first_parameter.empty() && i == 0) definition.first_parameter = std::string(parameter_name);
    LinkChain links = annotation_links(annotation);
    if (!links.empty()) definition.annotated_parameters.emplace_back(std::string(parameter_name), std::move(links));
  }
}

void FactReader::read_parameter_properties(TSNode function, ScopeIndex scope, std::vector<Assignment>& out) const {
  const TSNode parameters = child(function, Field::Parameters);
  if (ts_node_is_null(parameters)) return;
  const std::uint32_t count = ts_node_named_child_count(parameters);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode parameter = ts_node_named_child(parameters, i);
    if (!is(parameter, NodeType::RequiredParameter) && !is(parameter, NodeType::OptionalParameter)) continue;
    bool property = false;
    const std::uint32_t parts = ts_node_child_count(parameter);
    for (std::uint32_t p = 0; p < parts; ++p) {
      const NodeType t = type(ts_node_child(parameter, p));
      property = property || t == NodeType::AccessibilityModifier || t == NodeType::Readonly;
    }
    const TSNode name = child(parameter, Field::Pattern);
    if (!property || !is(name, NodeType::Identifier)) continue;
    Assignment assignment;
    assignment.scope = scope;
    assignment.line = line_of(ts_node_start_point(parameter));
    assignment.target = {{Link::Kind::Name, "this"}, {Link::Kind::Attribute, std::string(text(name))}};
    assignment.annotation = annotation_links(child(parameter, Field::Type));
    out.push_back(std::move(assignment));
  }
}

void FactReader::read_decorators(const OpenDefinition& open, std::size_t level, Definition& definition) const {
  const TSNode node = open.node;
  const TSNode statement = open.path.up(level);
  const TSNode parent = open.path.up(level + 1);
  const auto add = [&](TSNode decorator) {
    if (ts_node_named_child_count(decorator) > 0) {
      definition.decorators.emplace_back(text(ts_node_named_child(decorator, 0)));
    }
  };
  // Decorators before the definition in a TypeScript class body.
  if (is(parent, NodeType::ClassBody)) {
    std::vector<TSNode> before;
    for_each_named_sibling_before(parent, statement, [&](TSNode at) {
      if (!is(at, NodeType::Decorator)) return false;
      before.push_back(at);
      return true;
    });
    std::for_each(before.rbegin(), before.rend(), add);
  }
  for (TSNode holder : {statement, node}) {
    const std::uint32_t count = ts_node_named_child_count(holder);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode part = ts_node_named_child(holder, i);
      if (is(part, NodeType::Decorator)) add(part);
    }
    if (ts_node_eq(statement, node)) break;
  }
}

std::string FactReader::docstring_before(TSNode statement, TSNode parent) const {
  TSNode before{};
  for_each_named_sibling_before(parent, statement, [&](TSNode at) {
    before = at;
    return is(at, NodeType::Decorator);
  });
  if (!is(before, NodeType::Comment)) return {};
  return jsdoc_text(text(before));
}

void FactReader::read_heritage(TSNode node, Definition& definition) const {
  const std::uint32_t count = ts_node_named_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_named_child(node, i);
    const NodeType t = type(part);
    if (t == NodeType::ClassHeritage) {
      const std::uint32_t clauses = ts_node_named_child_count(part);
      for (std::uint32_t c = 0; c < clauses; ++c) {
        const TSNode clause = ts_node_named_child(part, c);
        const NodeType ct = type(clause);
        if (ct == NodeType::ExtendsClause) {
          add_base(child(clause, Field::Value), definition.bases, &definition.base_texts);
        } else if (ct == NodeType::ImplementsClause) {
          const std::uint32_t types = ts_node_named_child_count(clause);
          for (std::uint32_t k = 0; k < types; ++k) {
            add_base(ts_node_named_child(clause, k), definition.implements, nullptr);
          }
        } else {
          add_base(clause, definition.bases, &definition.base_texts);  // JavaScript: the expression itself
        }
      }
    } else if (t == NodeType::ExtendsTypeClause) {
      const std::uint32_t types = ts_node_named_child_count(part);
      for (std::uint32_t k = 0; k < types; ++k) {
        add_base(ts_node_named_child(part, k), definition.bases, &definition.base_texts);
      }
    }
  }
}

void FactReader::add_base(TSNode node, std::vector<LinkChain>& chains, std::vector<std::string>* texts) const {
  if (ts_node_is_null(node)) return;
  if (texts != nullptr) texts->emplace_back(text(node));
  // `Base<T>` derives from Base.
  if (is(node, NodeType::GenericType)) node = child(node, Field::Name);
  LinkChain chain = annotation_links(node);
  if (chain.empty()) chain = links_of(node);
  chains.push_back(std::move(chain));
}

}  // namespace trellis::ingest::typescript
