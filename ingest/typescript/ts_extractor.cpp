#include "ts_extractor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <tuple>

#include "../extract/query_matches.hpp"

extern "C" const TSLanguage* tree_sitter_typescript();
extern "C" const TSLanguage* tree_sitter_tsx();
extern "C" const TSLanguage* tree_sitter_javascript();

namespace trellis::ingest::typescript {

// queries/*.scm, embedded by CMake: the shared ones, then each dialect's own.
extern const std::string_view kCommonQueryText;
extern const std::string_view kTypeScriptQueryText;
extern const std::string_view kJavaScriptQueryText;

namespace {

// Expression chains deeper than this (generated code) are not followed.
constexpr int kMaxChainDepth = 64;
constexpr std::size_t kMaxCallText = 200;

enum class Capture : std::uint8_t {
  Other,
  Class,
  Interface,
  Function,
  Method,
  Signature,
  Bound,
  Field,
  Anonymous,
  Import,
  Export,
  Call,
  CallNew,
  Callee,
  Assignment,
  AssignmentExpression,
  AssignmentTarget,
};

Capture capture_kind(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Capture>, 16> kNames{{
      {"definition.class", Capture::Class},
      {"definition.interface", Capture::Interface},
      {"definition.function", Capture::Function},
      {"definition.method", Capture::Method},
      {"definition.signature", Capture::Signature},
      {"definition.bound", Capture::Bound},
      {"field", Capture::Field},
      {"function.anonymous", Capture::Anonymous},
      {"import", Capture::Import},
      {"export", Capture::Export},
      {"call", Capture::Call},
      {"call.new", Capture::CallNew},
      {"call.callee", Capture::Callee},
      {"assignment", Capture::Assignment},
      {"assignment.expression", Capture::AssignmentExpression},
      {"assignment.target", Capture::AssignmentTarget},
  }};
  for (const auto& [text, kind] : kNames) {
    if (text == name) return kind;
  }
  return Capture::Other;
}

std::uint32_t line_of(TSPoint point) { return point.row + 1; }

SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), line_of(ts_node_end_point(node)), ts_node_start_byte(node),
          ts_node_end_byte(node)};
}

std::uint32_t count_lines(std::string_view source) {
  if (source.empty()) return 0;
  auto lines = static_cast<std::uint32_t>(std::count(source.begin(), source.end(), '\n'));
  return source.back() == '\n' ? lines : lines + 1;
}

bool is_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(), [](const Link& l) { return l.kind == Link::Kind::Opaque; });
}

bool is_function_value(NodeType type) {
  return type == NodeType::ArrowFunction || type == NodeType::FunctionExpression ||
         type == NodeType::GeneratorFunction;
}

// `exports.name` or `module.exports.name`: the name; else "".
std::string_view exported_name(std::string_view target) {
  for (const std::string_view prefix : {std::string_view("exports."), std::string_view("module.exports.")}) {
    if (target.starts_with(prefix) && target.find('.', prefix.size()) == std::string_view::npos) {
      return target.substr(prefix.size());
    }
  }
  return {};
}

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

struct OpenDefinition {
  TSNode node;       // the class, interface or function node (for a bound one, the value)
  Capture kind;
};

// Reads facts out of the nodes of one file's tree.
class FactReader {
 public:
  FactReader(const TsSyntax& syntax, std::string_view source) : syntax_(syntax), source_(source) {}

  std::string_view text(TSNode node) const { return node_text(node, source_); }
  TSNode child(TSNode node, Field field) const { return syntax_.child(node, field); }
  bool is(TSNode node, NodeType type) const { return syntax_.is(node, type); }
  NodeType type(TSNode node) const { return syntax_.type(node); }

  LinkChain links_of(TSNode node) const {
    LinkChain chain;
    if (!ts_node_is_null(node)) append_links(node, chain, 0);
    return chain;
  }

  // The class or interface a type annotation names: `Repo`, `ns.Repo`,
  // `Repo | null`, `Promise<Repo>`, `Repo<T>`. Empty when it names no single one.
  LinkChain annotation_links(TSNode node, int depth = 0) const {
    if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
    switch (type(node)) {
      case NodeType::TypeAnnotation:
      case NodeType::ParenthesizedType:
        return ts_node_named_child_count(node) == 1 ? annotation_links(ts_node_named_child(node, 0), depth + 1)
                                                    : LinkChain{};
      case NodeType::TypeIdentifier:
      case NodeType::Identifier: return {{Link::Kind::Name, std::string(text(node))}};
      // Arrays, tuples, functions and primitives: a builtin's methods.
      case NodeType::ArrayType:
      case NodeType::TupleType:
      case NodeType::FunctionType: return {{Link::Kind::Literal, "builtins"}};
      case NodeType::PredefinedType: {
        const std::string_view name = text(node);
        if (name == "string" || name == "number" || name == "boolean" || name == "bigint" || name == "symbol") {
          return {{Link::Kind::Literal, "builtins"}};
        }
        return {};  // any, unknown, void, never, object: nothing known
      }
      case NodeType::NestedTypeIdentifier: {
        LinkChain chain = links_of(child(node, Field::Module));
        chain.push_back({Link::Kind::Attribute, std::string(text(child(node, Field::Name)))});
        return is_opaque(chain) ? LinkChain{} : chain;
      }
      case NodeType::MemberExpression: {
        LinkChain chain = links_of(node);
        return is_opaque(chain) ? LinkChain{} : chain;
      }
      case NodeType::GenericType: {
        const TSNode name = child(node, Field::Name);
        const std::string_view head = text(name);
        if (head == "Promise" || head == "PromiseLike" || head == "Readonly") {
          const TSNode arguments = ts_node_named_child(node, 1);
          if (ts_node_is_null(arguments) || ts_node_named_child_count(arguments) != 1) return {};
          return annotation_links(ts_node_named_child(arguments, 0), depth + 1);
        }
        return annotation_links(name, depth + 1);
      }
      case NodeType::UnionType: {
        // X | null | undefined names X.
        LinkChain named;
        const std::uint32_t count = ts_node_named_child_count(node);
        for (std::uint32_t i = 0; i < count; ++i) {
          const TSNode part = ts_node_named_child(node, i);
          const std::string_view part_text = text(part);
          if (part_text == "null" || part_text == "undefined") continue;
          if (!named.empty()) return {};
          named = annotation_links(part, depth + 1);
          if (named.empty()) return {};
        }
        return named;
      }
      default: return {};
    }
  }

  // The name a definition node is known by.
  std::string definition_name(TSNode node, Capture kind) const {
    if (kind != Capture::Bound) return std::string(text(child(node, Field::Name)));
    const TSNode parent = ts_node_parent(node);
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

  std::string own_name_or_default(TSNode node) const {
    const TSNode name = child(node, Field::Name);
    return ts_node_is_null(name) ? std::string("default") : std::string(text(name));
  }

  // The statement that holds a definition: where its JSDoc and outer
  // decorators sit.
  TSNode statement_of(TSNode node, Capture kind) const {
    TSNode at = node;
    if (kind == Capture::Bound) {
      at = ts_node_parent(at);  // declarator, assignment, field or export
      const NodeType t = type(at);
      if (t == NodeType::VariableDeclarator) at = ts_node_parent(at);
      if (t == NodeType::AssignmentExpression) at = ts_node_parent(at);
    }
    const TSNode parent = ts_node_parent(at);
    if (is(parent, NodeType::ExportStatement) || is(parent, NodeType::AmbientDeclaration)) return parent;
    return at;
  }

  Definition read_definition(const OpenDefinition& open, std::string name) const {
    Definition definition;
    const NodeType node_type = type(open.node);
    const bool is_class = node_type == NodeType::ClassDeclaration || node_type == NodeType::AbstractClassDeclaration ||
                          node_type == NodeType::Class;
    definition.label = open.kind == Capture::Interface ? Label::Interface
                       : is_class                      ? Label::Class
                       : open.kind == Capture::Method  ? Label::Method
                                                       : Label::Function;
    definition.name = std::move(name);
    const TSNode statement = statement_of(open.node, open.kind);
    definition.span = span_of(open.kind == Capture::Bound ? ts_node_parent(open.node) : open.node);
    definition.is_abstract = node_type == NodeType::AbstractClassDeclaration;
    read_decorators(open.node, statement, definition);
    definition.docstring = docstring_before(statement);
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

  // Names the parameters of `function` bind, with their annotations.
  void read_parameters(TSNode parameters, Definition& definition) const {
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

  // Constructor parameters that are properties (`private repo: Repo`).
  void read_parameter_properties(TSNode function, ScopeIndex scope, std::vector<Assignment>& out) const {
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

  // Reads an import statement.
  void read_import(TSNode node, ScopeIndex scope, std::vector<Import>& out) const {
    Import base;
    base.scope = scope;
    base.line = line_of(ts_node_start_point(node));
    base.module = string_value(child(node, Field::Source));
    const std::uint32_t count = ts_node_named_child_count(node);
    bool binds = false;
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode part = ts_node_named_child(node, i);
      if (is(part, NodeType::ImportRequireClause)) {
        // `import x = require("m")`
        Import import = base;
        import.alias = std::string(text(ts_node_named_child(part, 0)));
        import.module = string_value(child(part, Field::Source));
        out.push_back(std::move(import));
        return;
      }
      if (!is(part, NodeType::ImportClause)) continue;
      const std::uint32_t clauses = ts_node_named_child_count(part);
      for (std::uint32_t c = 0; c < clauses; ++c) {
        const TSNode clause = ts_node_named_child(part, c);
        const NodeType t = type(clause);
        if (t == NodeType::Identifier) {
          out.push_back(named(base, "default", text(clause)));
          binds = true;
        } else if (t == NodeType::NamespaceImport) {
          Import import = base;
          import.alias = std::string(text(ts_node_named_child(clause, 0)));
          out.push_back(std::move(import));
          binds = true;
        } else if (t == NodeType::NamedImports) {
          read_specifiers(clause, base, out);
          binds = true;
        }
      }
    }
    if (!binds && !base.module.empty()) out.push_back(std::move(base));
  }

  // Reads an export statement: re-exports, local export lists, defaults.
  void read_export(TSNode node, std::vector<Import>& out) const {
    Import base;
    base.scope = kModuleScope;
    base.line = line_of(ts_node_start_point(node));
    base.reexport = true;
    const TSNode source = child(node, Field::Source);
    if (!ts_node_is_null(source)) base.module = string_value(source);
    bool is_default = false;
    const std::uint32_t count = ts_node_child_count(node);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode part = ts_node_child(node, i);
      const NodeType t = type(part);
      if (t == NodeType::Default) is_default = true;
      if (!ts_node_is_named(part) && text(part) == "=" && i + 1 < count && is(ts_node_child(node, i + 1), NodeType::Identifier)) {
        out.push_back(named(base, text(ts_node_child(node, i + 1)), "module.exports"));  // export = name
        return;
      }
      if (t == NodeType::ExportClause) {
        read_specifiers(part, base, out);
        return;
      }
      if (t == NodeType::NamespaceExport) {
        Import import = base;
        import.alias = std::string(text(ts_node_named_child(part, 0)));
        out.push_back(std::move(import));
        return;
      }
    }
    if (!base.module.empty()) {
      out.push_back(named(base, "*", "*"));  // export * from "m"
      return;
    }
    if (!is_default) return;
    const TSNode value = child(node, Field::Value);
    if (is(value, NodeType::Identifier)) {
      out.push_back(named(base, text(value), "default"));
      return;
    }
    const TSNode declaration = child(node, Field::Declaration);
    const TSNode name = child(declaration, Field::Name);
    if (!ts_node_is_null(name)) out.push_back(named(base, text(name), "default"));
  }

  // `require("m")` in the ways it binds names, or as a side effect.
  void read_require(TSNode call, ScopeIndex scope, std::vector<Import>& out) const {
    Import base;
    base.scope = scope;
    base.line = line_of(ts_node_start_point(call));
    base.module = string_value(ts_node_named_child(child(call, Field::Arguments), 0));
    TSNode parent = ts_node_parent(call);
    std::string member;
    if (is(parent, NodeType::MemberExpression) && ts_node_eq(child(parent, Field::Object), call)) {
      member = std::string(text(child(parent, Field::Property)));  // require("m").name
      parent = ts_node_parent(parent);
    }
    if (is(parent, NodeType::VariableDeclarator)) {
      const TSNode name = child(parent, Field::Name);
      if (is(name, NodeType::Identifier)) {
        out.push_back(member.empty() ? aliased(base, text(name)) : named(base, member, text(name)));
        return;
      }
      if (is(name, NodeType::ObjectPattern) && member.empty()) {
        read_specifiers(name, base, out);
        return;
      }
    }
    if (is(parent, NodeType::AssignmentExpression) && member.empty()) {
      const std::string_view left = text(child(parent, Field::Left));
      base.reexport = true;
      if (left == "module.exports") {
        out.push_back(named(base, "*", "*"));
        return;
      }
      if (const std::string_view exported = exported_name(left); !exported.empty()) {
        out.push_back(aliased(base, exported));
        return;
      }
      base.reexport = false;
    }
    out.push_back(std::move(base));
  }

  void read_dynamic_import(TSNode call, ScopeIndex scope, std::vector<Import>& out) const {
    Import import;
    import.scope = scope;
    import.line = line_of(ts_node_start_point(call));
    import.module = string_value(ts_node_named_child(child(call, Field::Arguments), 0));
    out.push_back(std::move(import));
  }

  // `module.exports = name | {a, b: c}` and `exports.name = other`: what the
  // module exports, as re-exports of its own names.
  void read_commonjs_export(TSNode assignment, std::vector<Import>& out) const {
    const std::string_view left = text(child(assignment, Field::Left));
    const TSNode right = child(assignment, Field::Right);
    Import base;
    base.line = line_of(ts_node_start_point(assignment));
    base.reexport = true;
    if (left == "module.exports") {
      if (is(right, NodeType::Identifier)) {
        out.push_back(named(base, text(right), "module.exports"));
      } else if (is(right, NodeType::Object)) {
        const std::uint32_t count = ts_node_named_child_count(right);
        for (std::uint32_t i = 0; i < count; ++i) {
          const TSNode item = ts_node_named_child(right, i);
          if (is(item, NodeType::ShorthandPropertyIdentifier)) {
            out.push_back(named(base, text(item), text(item)));
          } else if (is(item, NodeType::Pair) && is(child(item, Field::Value), NodeType::Identifier)) {
            out.push_back(named(base, text(child(item, Field::Value)), text(child(item, Field::Key))));
          }
        }
      }
      return;
    }
    if (const std::string_view exported = exported_name(left); !exported.empty() && is(right, NodeType::Identifier)) {
      out.push_back(named(base, text(right), exported));
    }
  }

  std::string string_value(TSNode node) const {
    if (!is(node, NodeType::String)) return {};
    std::string value;
    const std::uint32_t count = ts_node_named_child_count(node);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode part = ts_node_named_child(node, i);
      if (is(part, NodeType::StringFragment)) value += text(part);
    }
    return value;
  }

 private:
  static Import named(const Import& base, std::string_view name, std::string_view alias) {
    Import import = base;
    import.name = std::string(name);
    import.alias = std::string(alias);
    import.is_from = true;
    return import;
  }
  static Import aliased(const Import& base, std::string_view alias) {
    Import import = base;
    import.alias = std::string(alias);
    return import;
  }

  // `{a, b as c}` of an import or export, or `{a, b: c}` of a require.
  void read_specifiers(TSNode list, const Import& base, std::vector<Import>& out) const {
    const std::uint32_t count = ts_node_named_child_count(list);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode item = ts_node_named_child(list, i);
      const NodeType t = type(item);
      if (t == NodeType::ImportSpecifier || t == NodeType::ExportSpecifier) {
        const std::string_view name = text(child(item, Field::Name));
        const TSNode alias = child(item, Field::Alias);
        out.push_back(named(base, name, ts_node_is_null(alias) ? name : text(alias)));
      } else if (t == NodeType::ShorthandPropertyIdentifierPattern) {
        out.push_back(named(base, text(item), text(item)));
      } else if (t == NodeType::PairPattern && is(child(item, Field::Value), NodeType::Identifier)) {
        out.push_back(named(base, text(child(item, Field::Key)), text(child(item, Field::Value))));
      }
    }
  }

  void append_links(TSNode node, LinkChain& out, int depth) const {
    if (depth > kMaxChainDepth) {
      out.push_back({Link::Kind::Opaque, {}});
      return;
    }
    switch (type(node)) {
      case NodeType::Identifier: out.push_back({Link::Kind::Name, std::string(text(node))}); return;
      case NodeType::This: out.push_back({Link::Kind::Name, "this"}); return;
      case NodeType::Super: out.push_back({Link::Kind::Name, "super"}); return;
      case NodeType::MemberExpression:
        append_links(child(node, Field::Object), out, depth + 1);
        out.push_back({Link::Kind::Attribute, std::string(text(child(node, Field::Property)))});
        return;
      case NodeType::CallExpression:
        append_links(child(node, Field::Function), out, depth + 1);
        out.push_back({Link::Kind::Call, {}});
        return;
      case NodeType::NewExpression:
        append_links(child(node, Field::Constructor), out, depth + 1);
        out.push_back({Link::Kind::Call, {}});
        return;
      case NodeType::ParenthesizedExpression:
      case NodeType::AwaitExpression:
      case NodeType::NonNullExpression:
      case NodeType::SatisfiesExpression:
        if (ts_node_named_child_count(node) >= 1) {
          append_links(ts_node_named_child(node, 0), out, depth + 1);
          return;
        }
        break;
      case NodeType::AsExpression: {
        // `x as Repo` is an instance of Repo: the class, called.
        LinkChain type_links = annotation_links(ts_node_named_child(node, 1));
        if (type_links.empty()) break;
        out.insert(out.end(), type_links.begin(), type_links.end());
        out.push_back({Link::Kind::Call, {}});
        return;
      }
      case NodeType::String:
      case NodeType::TemplateString:
      case NodeType::Number:
      case NodeType::Array:
      case NodeType::Object:
      case NodeType::Regex:
      case NodeType::True:
      case NodeType::False: out.push_back({Link::Kind::Literal, "builtins"}); return;
      default: break;
    }
    out.push_back({Link::Kind::Opaque, {}});
  }

  void read_decorators(TSNode node, TSNode statement, Definition& definition) const {
    const auto add = [&](TSNode decorator) {
      if (ts_node_named_child_count(decorator) > 0) {
        definition.decorators.emplace_back(text(ts_node_named_child(decorator, 0)));
      }
    };
    // Decorators before the definition in a TypeScript class body.
    std::vector<TSNode> before;
    for (TSNode at = ts_node_prev_named_sibling(statement); is(at, NodeType::Decorator);
         at = ts_node_prev_named_sibling(at)) {
      before.push_back(at);
    }
    if (is(ts_node_parent(statement), NodeType::ClassBody)) {
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

  std::string docstring_before(TSNode statement) const {
    TSNode at = ts_node_prev_named_sibling(statement);
    while (is(at, NodeType::Decorator)) at = ts_node_prev_named_sibling(at);
    if (!is(at, NodeType::Comment)) return {};
    return jsdoc_text(text(at));
  }

  void read_heritage(TSNode node, Definition& definition) const {
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

  void add_base(TSNode node, std::vector<LinkChain>& chains, std::vector<std::string>* texts) const {
    if (ts_node_is_null(node)) return;
    if (texts != nullptr) texts->emplace_back(text(node));
    // `Base<T>` derives from Base.
    if (is(node, NodeType::GenericType)) node = child(node, Field::Name);
    LinkChain chain = annotation_links(node);
    if (chain.empty()) chain = links_of(node);
    chains.push_back(std::move(chain));
  }

  const TsSyntax& syntax_;
  std::string_view source_;
};

// Finds the innermost definition whose body holds a byte.
class ScopeFinder {
 public:
  ScopeFinder(std::span<const Definition> definitions, std::vector<std::uint32_t> body_starts)
      : definitions_(definitions), body_starts_(std::move(body_starts)) {}

  ScopeIndex scope_at(std::uint32_t byte) const {
    auto it = std::upper_bound(definitions_.begin(), definitions_.end(), byte,
                               [](std::uint32_t b, const Definition& d) { return b < d.span.byte_start; });
    if (it == definitions_.begin()) return kModuleScope;
    auto index = static_cast<ScopeIndex>(std::distance(definitions_.begin(), it) - 1);
    while (index != kModuleScope && !(byte >= body_starts_[index] && byte < definitions_[index].span.byte_end)) {
      index = definitions_[index].parent;
    }
    return index;
  }

  // Callers are functions, methods or the module: a class body's field
  // initialisers run in its constructor when it declares one, else as part
  // of the enclosing scope.
  ScopeIndex caller_at(std::uint32_t byte) const {
    ScopeIndex index = scope_at(byte);
    while (index != kModuleScope &&
           (definitions_[index].label == Label::Class || definitions_[index].label == Label::Interface)) {
      for (ScopeIndex d = index + 1; d < definitions_.size() && definitions_[d].span.byte_start < definitions_[index].span.byte_end; ++d) {
        if (definitions_[d].parent == index && definitions_[d].name == "constructor") return d;
      }
      index = definitions_[index].parent;
    }
    return index;
  }

 private:
  std::span<const Definition> definitions_;
  std::vector<std::uint32_t> body_starts_;
};

bool has_ancestor(TSNode node, const TsSyntax& syntax, NodeType type) {
  for (TSNode at = ts_node_parent(node); !ts_node_is_null(at); at = ts_node_parent(at)) {
    if (syntax.is(at, type)) return true;
  }
  return false;
}

}  // namespace

std::optional<Dialect> dialect_of(std::string_view path) {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return std::nullopt;
  const std::string_view extension = path.substr(dot);
  if (extension == ".ts" || extension == ".mts" || extension == ".cts") return Dialect::TypeScript;
  if (extension == ".tsx") return Dialect::Tsx;
  if (extension == ".js" || extension == ".jsx" || extension == ".mjs" || extension == ".cjs") {
    return Dialect::JavaScript;
  }
  return std::nullopt;
}

std::string_view language_of(Dialect dialect) {
  return dialect == Dialect::JavaScript ? "javascript" : "typescript";
}

const TSLanguage* grammar_of(Dialect dialect) {
  switch (dialect) {
    case Dialect::TypeScript: return tree_sitter_typescript();
    case Dialect::Tsx: return tree_sitter_tsx();
    case Dialect::JavaScript: return tree_sitter_javascript();
  }
  return nullptr;
}

bool is_declaration_file(std::string_view path) {
  return path.ends_with(".d.ts") || path.ends_with(".d.mts") || path.ends_with(".d.cts");
}

Result<TsQueries> TsQueries::compile(Dialect dialect) {
  std::string text(kCommonQueryText);
  text += dialect == Dialect::JavaScript ? kJavaScriptQueryText : kTypeScriptQueryText;
  std::uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query = ts_query_new(grammar_of(dialect), text.data(), static_cast<std::uint32_t>(text.size()),
                                &error_offset, &error_type);
  if (query == nullptr) {
    return make_error(ErrorCode::Internal, fmt::format("the {} queries do not compile: error {} at byte {}",
                                                       language_of(dialect), static_cast<int>(error_type),
                                                       error_offset));
  }
  return TsQueries(dialect, TsQuery(query), std::move(text));
}

TsQueries::TsQueries(Dialect dialect, TsQuery query, std::string text)
    : dialect_(dialect),
      text_(std::move(text)),
      query_(std::move(query)),
      roots_(query_.get(), text_, grammar_of(dialect)),
      syntax_(grammar_of(dialect)) {
  const std::uint32_t captures = ts_query_capture_count(query_.get());
  capture_kinds_.reserve(captures);
  for (std::uint32_t id = 0; id < captures; ++id) {
    std::uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query_.get(), id, &length);
    capture_kinds_.push_back(static_cast<std::uint8_t>(capture_kind(std::string_view(name, length))));
  }
}

Result<TsQuerySet> compile_query_set() {
  auto typescript = TsQueries::compile(Dialect::TypeScript);
  if (!typescript.ok()) return typescript.error();
  auto tsx = TsQueries::compile(Dialect::Tsx);
  if (!tsx.ok()) return tsx.error();
  auto javascript = TsQueries::compile(Dialect::JavaScript);
  if (!javascript.ok()) return javascript.error();
  return TsQuerySet{std::move(typescript).value(), std::move(tsx).value(), std::move(javascript).value()};
}

TsExtractor::TsExtractor(const TsQuerySet& queries) : queries_(queries), cursor_(ts_query_cursor_new()) {
  for (std::size_t d = 0; d < kDialectCount; ++d) {
    parsers_[d] = TsParser(ts_parser_new());
    ts_parser_set_language(parsers_[d].get(), grammar_of(static_cast<Dialect>(d)));
  }
}

FileFacts TsExtractor::extract(std::string_view source, std::string relative_path) {
  FileFacts facts;
  const Dialect dialect = dialect_of(relative_path).value_or(Dialect::TypeScript);
  const bool declaration_file = is_declaration_file(relative_path);
  facts.relative_path = std::move(relative_path);
  facts.language = std::string(language_of(dialect));
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());

  const auto d = static_cast<std::size_t>(dialect);
  const TsTree tree(ts_parser_parse_string(parsers_[d].get(), nullptr, source.data(),
                                           static_cast<std::uint32_t>(source.size())));
  if (!tree) return facts;
  const TSNode root = ts_tree_root_node(tree.get());
  facts.has_syntax_errors = ts_node_has_error(root);
  const TsQueries& queries = queries_[d];
  const TsSyntax& syntax = queries.syntax();
  const FactReader reader(syntax, source);
  const std::span<const std::uint8_t> kinds = queries.capture_kinds();

  std::vector<OpenDefinition> open_definitions;
  std::vector<std::pair<TSNode, Capture>> imports;      // node, kind
  std::vector<std::pair<TSNode, TSNode>> calls;          // call, callee
  std::vector<std::pair<TSNode, TSNode>> assignments;    // declarator or assignment, target
  std::vector<TSNode> fields;
  std::vector<TSNode> anonymous;

  for_each_match(cursor_.get(), queries.query(), queries.roots(), root, [&](const TSQueryMatch& match) {
    TSNode main{};
    TSNode detail{};
    Capture main_kind = Capture::Other;
    for (std::uint16_t c = 0; c < match.capture_count; ++c) {
      const auto kind = static_cast<Capture>(kinds[match.captures[c].index]);
      if (kind == Capture::Callee || kind == Capture::AssignmentTarget) {
        detail = match.captures[c].node;
      } else if (kind != Capture::Other) {
        main = match.captures[c].node;
        main_kind = kind;
      }
    }
    switch (main_kind) {
      case Capture::Class:
      case Capture::Interface:
      case Capture::Function:
      case Capture::Method: open_definitions.push_back({main, main_kind}); break;
      case Capture::Signature:
        // Overload signatures before a body are no definitions of their own.
        if (declaration_file || has_ancestor(main, syntax, NodeType::AmbientDeclaration)) {
          open_definitions.push_back({main, reader.is(main, NodeType::MethodSignature) ? Capture::Method : Capture::Function});
        }
        break;
      case Capture::Bound: open_definitions.push_back({main, main_kind}); break;
      case Capture::Field: fields.push_back(main); break;
      case Capture::Anonymous: anonymous.push_back(main); break;
      case Capture::Import:
      case Capture::Export: imports.emplace_back(main, main_kind); break;
      case Capture::Call:
      case Capture::CallNew: calls.emplace_back(main, detail); break;
      case Capture::Assignment:
      case Capture::AssignmentExpression: assignments.emplace_back(main, detail); break;
      default: break;
    }
  });

  // Definitions in source order, each with its enclosing definition.
  std::sort(open_definitions.begin(), open_definitions.end(), [](const OpenDefinition& a, const OpenDefinition& b) {
    return ts_node_start_byte(a.node) < ts_node_start_byte(b.node);
  });
  std::vector<std::uint32_t> body_starts;
  std::vector<ScopeIndex> stack;
  std::vector<TSNode> definition_nodes;
  for (const OpenDefinition& open : open_definitions) {
    std::string name = reader.definition_name(open.node, open.kind);
    if (name.empty()) continue;
    Definition definition = reader.read_definition(open, std::move(name));
    const std::uint32_t start = ts_node_start_byte(open.node);
    while (!stack.empty() && facts.definitions[stack.back()].span.byte_end <= start) stack.pop_back();
    definition.parent = stack.empty() ? kModuleScope : stack.back();
    const Label parent_label =
        definition.parent == kModuleScope ? Label::Module : facts.definitions[definition.parent].label;
    const bool in_type = parent_label == Label::Class || parent_label == Label::Interface;
    if (definition.label == Label::Method && !in_type) definition.label = Label::Function;
    if (definition.label == Label::Function && in_type && open.kind == Capture::Bound) definition.label = Label::Method;
    const TSNode body = reader.child(open.node, Field::Body);
    body_starts.push_back(ts_node_is_null(body) ? ts_node_end_byte(open.node) : ts_node_start_byte(body));
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
    definition_nodes.push_back(open.node);
  }
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));

  // Constructor parameter properties type `this.<name>`.
  for (ScopeIndex i = 0; i < facts.definitions.size(); ++i) {
    const Definition& definition = facts.definitions[i];
    if (definition.label == Label::Method && definition.name == "constructor") {
      reader.read_parameter_properties(definition_nodes[i], i, facts.assignments);
    }
  }

  // Parameters of functions no name binds (callbacks) are names of the
  // enclosing scope, of unknown type.
  for (const TSNode function : anonymous) {
    const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(function));
    if (scope == kModuleScope) continue;
    Definition& owner = facts.definitions[scope];
    if (ts_node_start_byte(function) < owner.span.byte_start) continue;
    Definition parameters;
    reader.read_parameters(reader.child(function, Field::Parameters), parameters);
    for (std::string& name : parameters.parameters) owner.local_names.push_back(std::move(name));
    const TSNode single = ts_node_child_by_field_name(function, "parameter", 9);
    if (reader.is(single, NodeType::Identifier)) owner.local_names.emplace_back(reader.text(single));
  }

  for (const auto& [node, kind] : imports) {
    const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(node));
    if (kind == Capture::Import) {
      reader.read_import(node, scope, facts.imports);
    } else {
      reader.read_export(node, facts.imports);
    }
  }

  facts.calls.reserve(calls.size());
  for (const auto& [call, callee] : calls) {
    // `require("m")` and `import("m")`: imports, not calls.
    const NodeType callee_type = reader.type(callee);
    if (callee_type == NodeType::Import || (callee_type == NodeType::Identifier && reader.text(callee) == "require")) {
      const TSNode arguments = reader.child(call, Field::Arguments);
      if (reader.is(ts_node_named_child(arguments, 0), NodeType::String)) {
        const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(call));
        if (callee_type == NodeType::Import) {
          reader.read_dynamic_import(call, scope, facts.imports);
        } else {
          reader.read_require(call, scope, facts.imports);
        }
        continue;
      }
    }
    if (!declaration_file) {
      CallSite site;
      site.caller = scopes.caller_at(ts_node_start_byte(call));
      site.scope = scopes.scope_at(ts_node_start_byte(call));
      site.line = line_of(ts_node_start_point(call));
      site.callee = reader.links_of(callee);
      site.text = std::string(reader.text(callee).substr(0, kMaxCallText));
      facts.calls.push_back(std::move(site));
    }
  }

  const auto add_assignment = [&](TSNode statement, LinkChain target, TSNode value, TSNode annotation, ScopeIndex scope) {
    Assignment assignment;
    assignment.scope = scope;
    assignment.line = line_of(ts_node_start_point(statement));
    assignment.target = std::move(target);
    if (!ts_node_is_null(value)) {
      assignment.value = reader.links_of(value);
      if (is_opaque(assignment.value)) assignment.value.clear();
    }
    assignment.annotation = reader.annotation_links(annotation);
    facts.assignments.push_back(std::move(assignment));
  };
  for (const auto& [statement, target] : assignments) {
    const bool declarator = reader.is(statement, NodeType::VariableDeclarator);
    const TSNode value = reader.child(statement, declarator ? Field::Value : Field::Right);
    const NodeType value_type = reader.type(value);
    if (is_function_value(value_type) || value_type == NodeType::Class) continue;  // a definition binds it
    if (value_type == NodeType::CallExpression && reader.text(reader.child(value, Field::Function)) == "require") {
      continue;  // an import binds it
    }
    if (!declarator) {
      const std::string_view left = reader.text(target);
      if (left == "module.exports" || !exported_name(left).empty()) {
        reader.read_commonjs_export(statement, facts.imports);
        continue;
      }
    }
    LinkChain target_links = reader.links_of(target);
    const bool name = target_links.size() == 1 && target_links[0].kind == Link::Kind::Name;
    const bool on_this = target_links.size() == 2 && target_links[0].text == "this" &&
                         target_links[1].kind == Link::Kind::Attribute;
    if (!name && !on_this) continue;
    add_assignment(statement, std::move(target_links), value,
                   declarator ? reader.child(statement, Field::Type) : TSNode{},
                   scopes.scope_at(ts_node_start_byte(statement)));
  }
  for (const TSNode field : fields) {
    const bool javascript = reader.is(field, NodeType::FieldDefinition);
    const TSNode name = reader.child(field, javascript ? Field::Property : Field::Name);
    const TSNode value = reader.child(field, Field::Value);
    if (is_function_value(reader.type(value))) continue;  // a method
    LinkChain target{{Link::Kind::Name, "this"}, {Link::Kind::Attribute, std::string(reader.text(name))}};
    add_assignment(field, std::move(target), value, reader.child(field, Field::Type),
                   scopes.scope_at(ts_node_start_byte(field)));
  }
  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  std::stable_sort(facts.imports.begin(), facts.imports.end(),
                   [](const Import& a, const Import& b) { return a.line < b.line; });
  return facts;
}

}  // namespace trellis::ingest::typescript
