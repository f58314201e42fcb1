// Reads FileFacts' pieces out of the nodes of one TypeScript, TSX or
// JavaScript tree: what an expression or a type annotation names (link
// chains, ts_links.cpp), definitions with their names, decorators, JSDoc,
// parameters and heritage (ts_definition_reader.cpp), and imports, exports,
// `require` and CommonJS exports (ts_module_reader.cpp). The extractor
// (ts_extractor.cpp) finds the nodes with the queries and calls these.
#pragma once

#include <tree_sitter/api.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../extract/scope_finder.hpp"
#include "../extract/tree_sitter_handles.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "ts_syntax.hpp"

namespace trellis::ingest::typescript {

// Expression chains deeper than this (generated code) are not followed.
inline constexpr int kMaxChainDepth = 64;

// What the extractor makes of each query capture.
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
  Assignment,
  AssignmentExpression,
  AssignmentTarget,
  Decision,
  DecisionOperator,  // a binary expression: a decision when its operator is &&, || or ??
  Ambient,
};

// A node with its nearest ancestors: up(0) is the node, up(1) its parent, and
// so on; null past the root or past Size. Taken from the walk that found the
// node (ts_node_parent walks down from the root: its cost is the depth).
template <std::size_t Size>
class NodePath {
 public:
  NodePath() = default;
  // `node` and `walk`, the node a match started at, last, after its
  // ancestors: the match's start is `node` or one of its ancestors.
  NodePath(TSNode node, std::span<const TSNode> walk) {
    std::array<TSNode, Size> ring{};  // the last Size nodes from the root down to `node`
    std::size_t count = 0;
    const auto push = [&](TSNode at) { ring[count++ % Size] = at; };
    for (std::size_t i = walk.size() > Size ? walk.size() - Size : 0; i < walk.size(); ++i) push(walk[i]);
    for (TSNode at = walk.back(); !ts_node_eq(at, node);) {
      at = ts_node_child_with_descendant(at, node);
      if (ts_node_is_null(at)) break;
      push(at);
    }
    for (std::size_t k = 0; k < Size && k < count; ++k) nodes_[k] = ring[(count - 1 - k) % Size];
  }
  TSNode node() const { return nodes_[0]; }
  TSNode up(std::size_t k) const { return k < Size ? nodes_[k] : TSNode{}; }

 private:
  std::array<TSNode, Size> nodes_{};
};

// A definition's node and the statement around it (declarator, declaration,
// export, `declare`, class body): the readers look no further up.
using DefinitionPath = NodePath<5>;
// A call and what holds it (`x = require("m").a`).
using CallPath = NodePath<3>;

// A definition found by the queries: the class, interface or function node
// (for a bound one, the value: `const f = () => ...` is the arrow function).
struct OpenDefinition {
  TSNode node;
  Capture kind;
  DefinitionPath path;  // node and its ancestors
};

inline SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), line_of(ts_node_end_point(node)), ts_node_start_byte(node),
          ts_node_end_byte(node)};
}

inline bool is_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(), [](const Link& l) { return l.kind == Link::Kind::Opaque; });
}

inline bool is_function_value(NodeType type) {
  return type == NodeType::ArrowFunction || type == NodeType::FunctionExpression ||
         type == NodeType::GeneratorFunction;
}

// `exports.name` or `module.exports.name`: the name; else "".
std::string_view exported_name(std::string_view target);

// One per file; reads nodes of the tree parsed from `source`.
class FactReader {
 public:
  FactReader(const TsSyntax& syntax, std::string_view source) : syntax_(syntax), source_(source) {}
  std::string_view text(TSNode node) const { return node_text(node, source_); }
  TSNode child(TSNode node, Field field) const { return syntax_.child(node, field); }
  bool is(TSNode node, NodeType type) const { return syntax_.is(node, type); }
  NodeType type(TSNode node) const { return syntax_.type(node); }

  // An expression as a link chain: `this.repo.save` is [Name this,
  // Attribute repo, Attribute save]; `new C()` and `f()` end in Call; a
  // parenthesised, awaited or non-null expression is its operand; `x as T`
  // is [T..., Call] (an instance of T); literals are [Literal builtins];
  // anything else ends in Opaque.
  LinkChain links_of(TSNode node) const;
  // The class or interface a type annotation names: `Repo`, `ns.Repo`,
  // `Repo | null`, `Promise<Repo>`, `Repo<T>`; [Literal builtins] for arrays,
  // tuples, function types and primitives. Empty when it names no single one.
  LinkChain annotation_links(TSNode node, int depth = 0) const;

  // The name a definition is known by: its own, or for a bound one the
  // variable's, field's or `exports.name`'s; "default" for an anonymous
  // default export. Empty when nothing names it (it is then no definition).
  std::string definition_name(const OpenDefinition& open) const;
  // Label, span (from the declaration, or the binding for a bound one),
  // decorators, JSDoc, async / accessor / abstract marks, parameters,
  // return type and heritage; the parent is left for the caller.
  Definition read_definition(const OpenDefinition& open, std::string name) const;
  // Whether a definition is declared exported (`export ...`, `export
  // declare ...`, `export default ...`, `exports.name = ...`).
  bool is_exported(const OpenDefinition& open) const;
  // Names the parameters of a function bind, with their annotations (null: none).
  void read_parameters(TSNode parameters, Definition& definition) const;
  // Constructor parameters that are properties (`private repo: Repo`), as
  // `this.repo` assignments of the constructor `scope`.
  void read_parameter_properties(TSNode function, ScopeIndex scope, std::vector<Assignment>& out) const;

  // An import statement's imports (Import's comment says how each form maps).
  void read_import(TSNode node, ScopeIndex scope, std::vector<Import>& out) const;
  // An export statement's re-exports, local export lists and default export.
  void read_export(TSNode node, std::vector<Import>& out) const;
  // `require("m")` in the ways it binds names (`x = require`, `{a, b: c} =
  // require`, `x = require(m).a`, `exports.x = require`), or as a side effect.
  void read_require(const CallPath& call, ScopeIndex scope, std::vector<Import>& out) const;
  // `import("m")`: an import binding no name.
  void read_dynamic_import(TSNode call, ScopeIndex scope, std::vector<Import>& out) const;
  // `module.exports = name | {a, b: c}` and `exports.name = other`: what the
  // module exports, as re-exports of its own names.
  void read_commonjs_export(TSNode assignment, std::vector<Import>& out) const;
  // A string literal's text without quotes ("" for other nodes).
  std::string string_value(TSNode node) const;

 private:
  static Import named(const Import& base, std::string_view name, std::string_view alias);
  static Import aliased(const Import& base, std::string_view alias);
  // `{a, b as c}` of an import or export, or `{a, b: c}` of a require.
  void read_specifiers(TSNode list, const Import& base, std::vector<Import>& out) const;
  void append_links(TSNode node, LinkChain& out, int depth) const;
  std::string own_name_or_default(TSNode node) const;
  // The statement that holds a definition, where its JSDoc and outer
  // decorators sit, as the level of open.path it is at.
  std::size_t statement_of(const OpenDefinition& open) const;
  void read_decorators(const OpenDefinition& open, std::size_t statement, Definition& definition) const;
  std::string docstring_before(TSNode statement, TSNode parent) const;
  void read_heritage(TSNode node, Definition& definition) const;
  void add_base(TSNode node, std::vector<LinkChain>& chains, std::vector<std::string>* texts) const;

  const TsSyntax& syntax_;
  std::string_view source_;
};

}  // namespace trellis::ingest::typescript
