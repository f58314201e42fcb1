#include "go_extractor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "extract/complexity.hpp"
#include "extract/flat_tree.hpp"
#include "extract/scope_finder.hpp"
#include "go_bindings.hpp"
#include "go_chains.hpp"
#include "go_declarations.hpp"

extern "C" const TSLanguage* tree_sitter_go();

namespace trellis::ingest::go {


namespace {

constexpr std::size_t kMaxCallText = 200;

// A definition's node and the node it is a child of.
struct DefinitionNode {
  TSNode node;
  TSNode parent;
};

// A statement or literal that binds names, and the last line of the
// innermost block its names are declared in (Assignment::block_end).
struct Binding {
  TSNode node;
  std::uint32_t block_end;
};

// The syntax nodes one walk of the tree collects, in pre-order.
struct Collected {
  TSNode package{};
  // function, method, type spec, interface method spec, and function
  // literals in a binding's values (a closure, when bound to a name); the
  // parent of a literal is its binding statement
  std::vector<DefinitionNode> definitions;
  CommentsBefore comments;  // of declarations, their docstrings
  std::vector<TSNode> imports;
  std::vector<TSNode> calls;
  std::vector<Binding> bindings;  // the statements and literals that bind names
  std::vector<std::uint32_t> decisions;  // first bytes of decision points
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

// Nodes whose names are scoped to them (Go's blocks): a `{}` body, a case
// clause, and the if, for and switch statements an initialiser declares in
// (a type switch's alias too).
bool is_block(NodeType type) {
  switch (type) {
    case NodeType::Block:
    case NodeType::ExpressionCase:
    case NodeType::DefaultCase:
    case NodeType::TypeCase:
    case NodeType::CommunicationCase:
    case NodeType::IfStatement:
    case NodeType::ForStatement:
    case NodeType::ExpressionSwitchStatement:
    case NodeType::TypeSwitchStatement: return true;
    default: return false;
  }
}

// A method spec of a named interface type (an anonymous interface's methods
// belong to no definition), given the interface type it is in and that
// type's parent.
bool is_interface_method(const GoSyntax& syntax, TSNode interface, TSNode spec) {
  return syntax.is(spec, NodeType::TypeSpec) && ts_node_eq(syntax.child(spec, Field::Type), interface);
}

// Declarations whose docstring may be read: their comments are kept.
bool has_docstring(NodeType type) {
  switch (type) {
    case NodeType::FunctionDeclaration:
    case NodeType::MethodDeclaration:
    case NodeType::TypeDeclaration:
    case NodeType::TypeSpec:
    case NodeType::TypeAlias:
    case NodeType::MethodElem: return true;
    default: return false;
  }
}

Collected collect(const GoSyntax& syntax, const DecisionPoints& decisions, const FlatTree& tree) {
  Collected collected;
  const std::span<const FlatTree::Node> nodes = tree.nodes();
  // The node `up` levels above nodes[at] (a null node above the root).
  const auto ancestor = [&](FlatTree::Index at, std::size_t up) {
    for (; up > 0 && at != FlatTree::kNone; --up) at = nodes[at].parent;
    return at == FlatTree::kNone ? TSNode{} : nodes[at].node;
  };
  // The last line of the innermost block holding nodes[at] (the node
  // itself, for a type switch's alias and a literal's parameters); kNoLine
  // at package level.
  const auto block_end = [&](FlatTree::Index at) {
    for (; at != FlatTree::kNone; at = nodes[at].parent) {
      const NodeType type = syntax.type_of(nodes[at].symbol);
      if (is_block(type) || type == NodeType::FuncLiteral) return last_line_of(nodes[at].node);
    }
    return 0xFFFFFFFFu;
  };
  std::vector<TSNode> comments;  // of the node being visited: the comments right before it among its siblings
  TSNode last_assignment{};       // the last `=` statement among the bindings
  for (FlatTree::Index at = 0; at < nodes.size(); ++at) {
    const TSNode node = nodes[at].node;
    const NodeType type = syntax.type_of(nodes[at].symbol);
    for (std::uint32_t k = decisions.count(node, nodes[at].symbol); k > 0; --k) collected.decisions.push_back(ts_node_start_byte(node));
    if (has_docstring(type)) {
      comments.clear();
      for (FlatTree::Index before = nodes[at].previous;
           before != FlatTree::kNone && syntax.type_of(nodes[before].symbol) == NodeType::Comment; before = nodes[before].previous) {
        comments.push_back(nodes[before].node);
      }
      if (!comments.empty()) collected.comments.emplace(node.id, std::vector<TSNode>(comments.rbegin(), comments.rend()));
    }
    switch (type) {
      case NodeType::PackageClause: collected.package = node; break;
      case NodeType::ImportSpec: collected.imports.push_back(node); break;
      case NodeType::FunctionDeclaration:
      case NodeType::MethodDeclaration:
      case NodeType::TypeSpec:
      case NodeType::TypeAlias: collected.definitions.push_back({node, ancestor(at, 1)}); break;
      case NodeType::MethodElem:
        if (is_interface_method(syntax, ancestor(at, 1), ancestor(at, 2))) collected.definitions.push_back({node, ancestor(at, 1)});
        break;
      case NodeType::CallExpression: collected.calls.push_back(node); break;
      case NodeType::FuncLiteral: {
        const TSNode statement = ancestor(at, 2);
        const bool assigned = syntax.is(statement, NodeType::AssignmentStatement);
        if (syntax.is(ancestor(at, 1), NodeType::ExpressionList) &&
            (syntax.is(statement, NodeType::ShortVarDeclaration) || syntax.is(statement, NodeType::VarSpec) || assigned)) {
          collected.definitions.push_back({node, statement});
          // An `=` statement binds only the closures it assigns (once for several).
          if (assigned && !ts_node_eq(statement, last_assignment)) {
            collected.bindings.push_back({statement, block_end(nodes[nodes[at].parent].parent)});
            last_assignment = statement;
          }
        }
        collected.bindings.push_back({node, block_end(at)});
        break;
      }
      default:
        if (is_binding(type)) {
          const bool own = type == NodeType::TypeSwitchStatement;
          collected.bindings.push_back({node, block_end(own ? at : nodes[at].parent)});
        }
        break;
    }
  }
  return collected;
}

// The identifier a function literal in the values of a binding statement
// is bound to (`run := func() {...}`, `var run = func() {...}`, `run =
// func() {...}`): the name at its position; null for `_`, a field or an
// index (`s.cb = func() {...}`), or a literal among the names.
TSNode bound_name(const ChainReader& chains, TSNode literal, TSNode statement) {
  const GoSyntax& syntax = chains.syntax();
  const bool spec = syntax.is(statement, NodeType::VarSpec);
  const TSNode values = syntax.child(statement, spec ? Field::Value : Field::Right);
  if (ts_node_is_null(values) || !ts_node_eq(ts_node_parent(literal), values)) return {};
  std::vector<TSNode> names;
  if (spec) {
    chains.for_each_in_field(statement, Field::Name, [&](TSNode name) { names.push_back(name); });
  } else {
    for (const TSNode name : chains.named(syntax.child(statement, Field::Left))) {
      if (!syntax.is(name, NodeType::Comment)) names.push_back(name);
    }
  }
  std::size_t position = 0;
  for (const TSNode value : chains.named(values)) {
    if (ts_node_eq(value, literal)) break;
    if (!syntax.is(value, NodeType::Comment)) ++position;
  }
  if (position >= names.size() || !syntax.is(names[position], NodeType::Identifier)) return {};
  if (syntax.is(statement, NodeType::AssignmentStatement) && chains.text(syntax.child(statement, Field::Operator)) != "=") return {};
  return names[position];
}

// The text of a Go string literal, without its quotes.
std::string unquoted(std::string_view literal) {
  if (literal.size() >= 2) literal = literal.substr(1, literal.size() - 2);
  return std::string(literal);
}

}  // namespace

const TSLanguage* go_grammar() { return tree_sitter_go(); }

// Decision points: if, for (every form), the cases of expression, type and
// select switches (not `default`), and the short-circuit operators.
constexpr DecisionPoints::Rule kDecisionRules[] = {
    {"if_statement"},
    {"for_statement"},
    {"expression_case"},
    {"type_case"},
    {"communication_case"},
    {"binary_expression", "&&", DecisionPoints::Kind::Operator},
    {"binary_expression", "||", DecisionPoints::Kind::Operator},
};

Result<GoQueries> GoQueries::compile() { return GoQueries(); }

namespace {

// The nodes whose fields the readers read through ChainReader (fields(),
// for_each_in_field()); a node missing here is still read right, with a
// cursor, only slower.
bool reads_fields(NodeType type) {
  switch (type) {
    case NodeType::CallExpression:
    case NodeType::SelectorExpression:
    case NodeType::UnaryExpression:
    case NodeType::VarSpec:
    case NodeType::ConstSpec:
    case NodeType::FieldDeclaration:
    case NodeType::ParameterDeclaration:
    case NodeType::VariadicParameterDeclaration: return true;
    default: return false;
  }
}

}  // namespace

GoQueries::GoQueries()
    : SyntaxQueries(go_grammar(), kDecisionRules),
      fields_read_(syntax().typed_symbols().size(), 0),
      read_whole_(syntax().typed_symbols().size(), 0) {
  for (TSSymbol symbol = 0; symbol < fields_read_.size(); ++symbol) {
    const NodeType type = syntax().type_of(symbol);
    fields_read_[symbol] = reads_fields(type) ? 1 : 0;
    read_whole_[symbol] = type == NodeType::InterpretedStringLiteral || type == NodeType::RawStringLiteral ? 1 : 0;
  }
}

GoExtractor::GoExtractor(const GoQueries& queries) : queries_(queries), parser_(ts_parser_new()) {
  ts_parser_set_language(parser_.get(), go_grammar());
}

FileFacts GoExtractor::extract(std::string_view source, std::string relative_path) {
  ParsedFile parsed = parse_file(parser_.get(), source, std::move(relative_path), "go");
  FileFacts& facts = parsed.facts;
  if (!parsed.tree) return std::move(facts);
  const TSNode root = ts_tree_root_node(parsed.tree.get());
  const GoSyntax& syntax = queries_.syntax();
  const FlatTree tree(root, queries_.fields_read(), queries_.read_whole());
  const ChainReader chains(syntax, source, root, &tree);
  const Collected collected = collect(syntax, queries_.decisions(), tree);
  const DeclarationReader declarations(chains, collected.comments);

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
  // Closures bound to names: their literals' first bytes and definitions,
  // and how many each definition holds.
  std::vector<std::pair<std::uint32_t, ScopeIndex>> closures;
  std::vector<std::uint32_t> closure_counts;
  for (const auto& [node, parent] : collected.definitions) {
    const NodeType type = syntax.type(node);
    std::string_view bound;
    if (type == NodeType::FuncLiteral) {
      bound = chains.text(bound_name(chains, node, parent));
      if (bound.empty() || bound == "_") continue;
    }
    Definition definition = type == NodeType::MethodElem                               ? declarations.interface_method(node)
                            : type == NodeType::TypeSpec || type == NodeType::TypeAlias ? declarations.type(node, parent)
                            : type == NodeType::FuncLiteral                             ? declarations.closure(node, std::string(bound))
                                                                                        : declarations.function(node);
    if (definition.name.empty()) continue;
    while (!stack.empty() && facts.definitions[stack.back()].span.byte_end <= definition.span.byte_start) {
      stack.pop_back();
    }
    if (type != NodeType::MethodDeclaration && !stack.empty()) definition.parent = stack.back();
    if (type == NodeType::FuncLiteral) {
      // A package-level closure is named by its variable (unique in the
      // package); one in a function `funcN`, the Nth closure bound there.
      if (definition.parent != kModuleScope) {
        definition.name = fmt::format("func{}", ++closure_counts[definition.parent]);
      }
      closures.emplace_back(ts_node_start_byte(node), static_cast<ScopeIndex>(facts.definitions.size()));
    }
    closure_counts.push_back(0);
    if (definition.parent == kModuleScope && definition.label != Label::Method && is_exported(definition.name)) {
      facts.all_names.push_back(definition.name);
    }
    body_starts.push_back(declarations.body_start(node));
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
    definition_nodes.push_back(node);
  }
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));

  count_complexity(facts.definitions, scopes, collected.decisions);

  for (ScopeIndex i = 0; i < facts.definitions.size(); ++i) {
    std::vector<Assignment> fields = declarations.fields(definition_nodes[i], i);
    facts.assignments.insert(facts.assignments.end(), std::make_move_iterator(fields.begin()),
                             std::make_move_iterator(fields.end()));
  }
  BindingReader bindings(chains, declarations, scopes, closures, facts);
  for (const auto& [node, block_end] : collected.bindings) bindings.read(node, block_end);

  facts.calls.reserve(collected.calls.size());
  for (const TSNode call : collected.calls) {
    const auto parts = chains.fields(call);
    if (!ts_node_is_null(chains.allocated_type(parts))) continue;  // new(T) allocates, calls nothing
    TSNode function = parts[Field::Function];
    while (syntax.is(function, NodeType::ParenthesizedExpression) && ts_node_named_child_count(function) > 0) {
      function = ts_node_named_child(function, 0);
    }
    // `func() { ... }()`: the literal's body is part of the caller already.
    if (syntax.is(function, NodeType::FuncLiteral)) continue;
    const std::uint32_t byte = ts_node_start_byte(call);
    CallSite site;
    site.caller = function_at(scopes, byte);
    site.scope = scopes.scope_at(byte);
    site.line = line_of(ts_node_start_point(call));
    site.callee = chains.value(function);
    site.text = std::string(chains.text(function).substr(0, kMaxCallText));
    site.arguments = chains.arguments(parts[Field::Arguments]);
    facts.calls.push_back(std::move(site));
  }

  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  facts.has_all = true;
  std::sort(facts.all_names.begin(), facts.all_names.end());
  facts.all_names.erase(std::unique(facts.all_names.begin(), facts.all_names.end()), facts.all_names.end());
  return std::move(facts);
}

}  // namespace trellis::ingest::go
