#include "go_extractor.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "extract/complexity.hpp"
#include "extract/query_matches.hpp"
#include "extract/scope_finder.hpp"
#include "go_chains.hpp"
#include "go_declarations.hpp"

extern "C" const TSLanguage* tree_sitter_go();

namespace trellis::ingest::go {

// queries/complexity.scm, embedded by CMake.
extern const std::string_view kQueryText;

namespace {

constexpr std::size_t kMaxCallText = 200;

// The syntax nodes one walk of the tree collects, in pre-order.
struct Collected {
  TSNode package{};
  std::vector<TSNode> definitions;  // function, method, type spec, interface method spec
  std::vector<TSNode> imports;
  std::vector<TSNode> calls;
  std::vector<TSNode> bindings;  // the statements and literals that bind names
};

bool is_binding(NodeType type) {
  switch (type) {
    case NodeType::ShortVarDeclaration:
    case NodeType::VarSpec:
    case NodeType::ConstSpec:
    case NodeType::RangeClause:
    case NodeType::TypeSwitchStatement:
    case NodeType::ReceiveStatement:
    case NodeType::FuncLiteral: return true;
    default: return false;
  }
}

// A method spec of a named interface type (an anonymous interface's methods
// belong to no definition).
bool is_interface_method(const GoSyntax& syntax, TSNode elem) {
  const TSNode interface = ts_node_parent(elem);
  const TSNode spec = ts_node_parent(interface);
  return syntax.is(spec, NodeType::TypeSpec) && ts_node_eq(syntax.child(spec, Field::Type), interface);
}

Collected collect(const GoSyntax& syntax, TSNode root) {
  Collected collected;
  TsTreeCursor walk(root);
  TSTreeCursor* at = walk.get();
  for (bool descend = true;;) {
    if (descend) {
      const TSNode node = ts_tree_cursor_current_node(at);
      const NodeType type = syntax.type(node);
      switch (type) {
        case NodeType::PackageClause: collected.package = node; break;
        case NodeType::ImportSpec: collected.imports.push_back(node); break;
        case NodeType::FunctionDeclaration:
        case NodeType::MethodDeclaration:
        case NodeType::TypeSpec:
        case NodeType::TypeAlias: collected.definitions.push_back(node); break;
        case NodeType::MethodElem:
          if (is_interface_method(syntax, node)) collected.definitions.push_back(node);
          break;
        case NodeType::CallExpression: collected.calls.push_back(node); break;
        default:
          if (is_binding(type)) collected.bindings.push_back(node);
          break;
      }
    }
    if (descend && ts_tree_cursor_goto_first_child(at)) continue;
    if (ts_tree_cursor_goto_next_sibling(at)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(at)) break;
    descend = false;
  }
  return collected;
}

// The innermost Function or Method holding a byte (kModuleScope when none).
ScopeIndex function_at(const ScopeFinder& scopes, std::uint32_t byte) {
  const auto definitions = scopes.definitions();
  ScopeIndex index = scopes.scope_at(byte);
  while (index != kModuleScope && definitions[index].label != Label::Function &&
         definitions[index].label != Label::Method) {
    index = definitions[index].parent;
  }
  return index;
}

// The text of a Go string literal, without its quotes.
std::string unquoted(std::string_view literal) {
  if (literal.size() >= 2) literal = literal.substr(1, literal.size() - 2);
  return std::string(literal);
}

// Turns the collected binding nodes into Assignments.
class BindingReader {
 public:
  BindingReader(const ChainReader& chains, const DeclarationReader& declarations, const ScopeFinder& scopes,
                FileFacts& facts)
      : chains_(chains), syntax_(chains.syntax()), declarations_(declarations), scopes_(scopes), facts_(facts) {}

  void read(TSNode node) {
    scope_ = function_at(scopes_, ts_node_start_byte(node));
    line_ = line_of(ts_node_start_point(node));
    switch (syntax_.type(node)) {
      case NodeType::ShortVarDeclaration:
        bind(names_in(syntax_.child(node, Field::Left)), values_in(syntax_.child(node, Field::Right)), {});
        break;
      case NodeType::VarSpec:
      case NodeType::ConstSpec: {
        std::vector<TSNode> names;
        for_each_in_field(syntax_, node, Field::Name, [&](TSNode name) { names.push_back(name); });
        const LinkChain annotation = chains_.type(syntax_.child(node, Field::Type));
        bind(names, values_in(syntax_.child(node, Field::Value)), annotation);
        if (scope_ == kModuleScope) {
          for (const TSNode name : names) {
            if (is_exported(chains_.text(name))) facts_.all_names.emplace_back(chains_.text(name));
          }
        }
        break;
      }
      case NodeType::RangeClause:
      case NodeType::ReceiveStatement:
        bind(names_in(syntax_.child(node, Field::Left)), {}, {});
        break;
      case NodeType::TypeSwitchStatement: bind(names_in(syntax_.child(node, Field::Alias)), {}, {}); break;
      case NodeType::FuncLiteral: {
        Definition parameters;
        declarations_.read_parameters(syntax_.child(node, Field::Parameters), parameters);
        for (auto& [name, type] : parameters.annotated_parameters) add(std::move(name), {}, std::move(type));
        break;
      }
      default: break;
    }
  }

 private:
  // The identifiers of an expression list (null for anything else, which binds nothing).
  std::vector<TSNode> names_in(TSNode list) const {
    std::vector<TSNode> names;
    if (ts_node_is_null(list)) return names;
    const std::uint32_t count = ts_node_named_child_count(list);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode child = ts_node_named_child(list, i);
      if (syntax_.is(child, NodeType::Comment)) continue;
      names.push_back(syntax_.is(child, NodeType::Identifier) ? child : TSNode{});
    }
    return names;
  }
  std::vector<TSNode> values_in(TSNode list) const {
    std::vector<TSNode> values;
    if (ts_node_is_null(list)) return values;
    const std::uint32_t count = ts_node_named_child_count(list);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode child = ts_node_named_child(list, i);
      if (!syntax_.is(child, NodeType::Comment)) values.push_back(child);
    }
    return values;
  }

  // Names get the value at their position; with fewer values (`x, err :=
  // f()`), the first gets the first and the others nothing.
  void bind(const std::vector<TSNode>& names, const std::vector<TSNode>& values, const LinkChain& annotation) {
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (ts_node_is_null(names[i])) continue;
      const bool paired = values.size() == names.size() || (i == 0 && !values.empty());
      LinkChain value = paired ? chains_.value(values[i]) : LinkChain{};
      if (is_opaque(value)) value.clear();
      add(std::string(chains_.text(names[i])), std::move(value), annotation);
    }
  }

  void add(std::string name, LinkChain value, LinkChain annotation) {
    if (name.empty() || name == "_") return;
    Assignment assignment;
    assignment.scope = scope_;
    assignment.line = line_;
    assignment.target = {{Link::Kind::Name, std::move(name)}};
    assignment.value = std::move(value);
    assignment.annotation = std::move(annotation);
    facts_.assignments.push_back(std::move(assignment));
  }

  const ChainReader& chains_;
  const GoSyntax& syntax_;
  const DeclarationReader& declarations_;
  const ScopeFinder& scopes_;
  FileFacts& facts_;
  ScopeIndex scope_ = kModuleScope;
  std::uint32_t line_ = 0;
};

}  // namespace

const TSLanguage* go_grammar() { return tree_sitter_go(); }

Result<GoQueries> GoQueries::compile() {
  std::string text(kQueryText);
  std::uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query = ts_query_new(go_grammar(), text.data(), static_cast<std::uint32_t>(text.size()), &error_offset,
                                &error_type);
  if (query == nullptr) {
    return make_error(ErrorCode::Internal, fmt::format("the go queries do not compile: error {} at byte {}",
                                                       static_cast<int>(error_type), error_offset));
  }
  return GoQueries(TsQuery(query), std::move(text));
}

GoQueries::GoQueries(TsQuery query, std::string text)
    : text_(std::move(text)),
      query_(std::move(query)),
      roots_(query_.get(), text_, go_grammar()),
      syntax_(go_grammar()) {}

GoExtractor::GoExtractor(const GoQueries& queries)
    : queries_(queries), parser_(ts_parser_new()), cursor_(ts_query_cursor_new()) {
  ts_parser_set_language(parser_.get(), go_grammar());
}

FileFacts GoExtractor::extract(std::string_view source, std::string relative_path) {
  FileFacts facts;
  facts.relative_path = std::move(relative_path);
  facts.language = "go";
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());
  const TsTree tree(
      ts_parser_parse_string(parser_.get(), nullptr, source.data(), static_cast<std::uint32_t>(source.size())));
  if (!tree) return facts;
  const TSNode root = ts_tree_root_node(tree.get());
  facts.has_syntax_errors = ts_node_has_error(root);
  const GoSyntax& syntax = queries_.syntax();
  const ChainReader chains(syntax, source);
  const DeclarationReader declarations(chains);
  const Collected collected = collect(syntax, root);

  if (!ts_node_is_null(collected.package)) {
    facts.package_name = std::string(chains.text(ts_node_named_child(collected.package, 0)));
  }
  for (const TSNode spec : collected.imports) {
    Import import;
    import.line = line_of(ts_node_start_point(spec));
    import.module = unquoted(chains.text(syntax.child(spec, Field::Path)));
    const TSNode name = syntax.child(spec, Field::Name);
    import.alias = syntax.is(name, NodeType::Dot) ? std::string(".") : std::string(chains.text(name));
    facts.imports.push_back(std::move(import));
  }

  // Definitions in source order (the walk's pre-order), each with its parent.
  std::vector<std::uint32_t> body_starts;
  std::vector<TSNode> definition_nodes;
  std::vector<ScopeIndex> stack;
  for (const TSNode node : collected.definitions) {
    const NodeType type = syntax.type(node);
    Definition definition = type == NodeType::MethodElem ? declarations.interface_method(node)
                            : type == NodeType::TypeSpec || type == NodeType::TypeAlias
                                ? declarations.type(node)
                                : declarations.function(node);
    if (definition.name.empty()) continue;
    while (!stack.empty() && facts.definitions[stack.back()].span.byte_end <= definition.span.byte_start) {
      stack.pop_back();
    }
    if (type != NodeType::MethodDeclaration && !stack.empty()) definition.parent = stack.back();
    if (definition.parent == kModuleScope && definition.label != Label::Method && is_exported(definition.name)) {
      facts.all_names.push_back(definition.name);
    }
    body_starts.push_back(declarations.body_start(node));
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
    definition_nodes.push_back(node);
  }
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));

  std::vector<std::uint32_t> decisions;
  for_each_match(cursor_.get(), queries_.query(), queries_.roots(), root, [&](const TSQueryMatch& match) {
    if (match.capture_count > 0) decisions.push_back(ts_node_start_byte(match.captures[0].node));
  });
  count_complexity(facts.definitions, scopes, decisions);

  for (ScopeIndex i = 0; i < facts.definitions.size(); ++i) {
    std::vector<Assignment> fields = declarations.fields(definition_nodes[i], i);
    facts.assignments.insert(facts.assignments.end(), std::make_move_iterator(fields.begin()),
                             std::make_move_iterator(fields.end()));
  }
  BindingReader bindings(chains, declarations, scopes, facts);
  for (const TSNode node : collected.bindings) bindings.read(node);

  facts.calls.reserve(collected.calls.size());
  for (const TSNode call : collected.calls) {
    if (!ts_node_is_null(chains.allocated_type(call))) continue;  // new(T) allocates, calls nothing
    const TSNode function = syntax.child(call, Field::Function);
    const std::uint32_t byte = ts_node_start_byte(call);
    CallSite site;
    site.caller = function_at(scopes, byte);
    site.scope = scopes.scope_at(byte);
    site.line = line_of(ts_node_start_point(call));
    site.callee = chains.value(function);
    site.text = std::string(chains.text(function).substr(0, kMaxCallText));
    site.arguments = chains.arguments(syntax.child(call, Field::Arguments));
    facts.calls.push_back(std::move(site));
  }

  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  facts.has_all = true;
  std::sort(facts.all_names.begin(), facts.all_names.end());
  facts.all_names.erase(std::unique(facts.all_names.begin(), facts.all_names.end()), facts.all_names.end());
  return facts;
}

}  // namespace trellis::ingest::go
