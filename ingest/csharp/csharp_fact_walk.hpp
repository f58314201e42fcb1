// One pre-order walk over a C# syntax tree that fills a file's definitions,
// imports, calls and assignments (resolve/typed_facts.hpp). Namespaces and
// definitions are tracked as the walk enters them, so every fact knows its
// enclosing namespace, type and method without searching.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../extract/decision_points.hpp"
#include "../extract/sibling_comments.hpp"
#include "csharp_reader.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::csharp {

class FactWalk {
 public:
  FactWalk(const CSharpReader& reader, const DecisionPoints& decisions, FileFacts& facts)
      : reader_(reader), decision_points_(decisions), facts_(facts) {}

  // Walks the tree under `root` once, then sets overload signatures and the
  // file's public names.
  void run(TSNode root);
  // Where each definition's body begins (for extract/scope_finder.hpp).
  std::vector<std::uint32_t> take_body_starts() { return std::move(body_starts_); }
  // The first byte of each decision point walked past (extract/complexity.hpp).
  std::vector<std::uint32_t> take_decisions() { return std::move(decisions_); }

 private:
  struct OpenScope {
    std::uint32_t end = 0;
    ScopeIndex index = kModuleScope;
  };
  struct OpenNamespace {
    std::uint32_t end = 0;
    std::string name;
  };

  // Handles a node as the walk enters it; false to skip its subtree.
  bool visit(TSNode node);
  // A namespace, type or member past kMaxDefinitionNesting levels: not read,
  // nor what it holds (counted in definitions_too_deep).
  bool too_deep(NodeType type);
  void close_before(std::uint32_t byte);
  ScopeIndex scope() const { return scopes_.empty() ? kModuleScope : scopes_.back().index; }
  ScopeIndex caller() const;
  bool in_method() const;
  std::string qualifier() const;

  ScopeIndex open_definition(TSNode node, Label label, std::string name, TSNode body);
  void add_type(TSNode node, Label label);
  void add_method(TSNode node, std::string name);
  void add_property(TSNode node);
  void add_fields(TSNode declaration);
  void add_field(TSNode at, TSNode name, LinkChain annotation, TSNode value);
  void add_locals(TSNode variable_declaration);
  void add_local(TSNode name, TSNode type, TSNode value);
  void add_using(TSNode directive);
  void add_call(TSNode call, LinkChain callee, std::string_view text, TSNode arguments);
  void set_signatures();

  const CSharpReader& reader_;
  const DecisionPoints& decision_points_;
  std::vector<std::uint32_t> decisions_;
  FileFacts& facts_;
  std::vector<OpenScope> scopes_;
  std::vector<OpenNamespace> namespaces_;
  std::string file_namespace_;  // `namespace A.B;`
  std::vector<std::uint32_t> body_starts_;
  std::vector<std::string> signatures_;  // per definition, set when overloaded
  SiblingComments comments_;             // before the node the walk is on
};

}  // namespace trellis::ingest::csharp
