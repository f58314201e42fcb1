// Go's name bindings as Assignments (ingest/resolve/typed_facts.hpp):
// `x := f()`, `var x T = v`, constants, range variables, a type switch's
// binding, a select case's received values and function literals'
// parameters. `_` binds nothing. Names get the value at their position;
// with fewer values (`x, err := f()`), the first gets the first value and
// the others none. Package-level `var` and `const` names are at module
// scope, and the exported ones are added to all_names. A name bound to a
// closure (a function literal that is a Function of its own) holds
// [Name kFunctionLiteralLink, Attribute <its definition's index>]
// (typed_facts.hpp), and so does a name a plain `=` assigns one to; a
// closure's parameters are its Definition's. Other `=` statements bind
// nothing. Each Assignment carries the last line of the block its name is
// declared in (block_end) and whether a plain `=` made it (reassigns).
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "extract/scope_finder.hpp"
#include "go_chains.hpp"
#include "go_declarations.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::go {

// The innermost Function or Method holding a byte (kModuleScope when none):
// the caller of a call there, the scope of a local declared there.
ScopeIndex function_at(const ScopeFinder& scopes, std::uint32_t byte);

// Adds the Assignments of one binding node (short_var_declaration,
// var_spec, const_spec, range_clause, type_switch_statement,
// receive_statement, assignment_statement or func_literal) to `facts`.
// `closures`: the first byte of each closure's literal and its
// definition, by byte.
class BindingReader {
 public:
  BindingReader(const ChainReader& chains, const DeclarationReader& declarations, const ScopeFinder& scopes,
                std::span<const std::pair<std::uint32_t, ScopeIndex>> closures, FileFacts& facts)
      : chains_(chains), syntax_(chains.syntax()), declarations_(declarations), scopes_(scopes), closures_(closures),
        facts_(facts) {}

  // `block_end`: the last line of the innermost block the node declares
  // in (Assignment::block_end).
  void read(TSNode node, std::uint32_t block_end);

 private:
  std::vector<TSNode> names_in(TSNode list) const;
  std::vector<TSNode> values_in(TSNode list) const;
  void bind(const std::vector<TSNode>& names, const std::vector<TSNode>& values, const LinkChain& annotation);
  void add(std::string name, LinkChain value, LinkChain annotation);
  // The value of a closure's literal: empty when `value` is no such literal.
  LinkChain closure_value(TSNode value) const;

  const ChainReader& chains_;
  const GoSyntax& syntax_;
  const DeclarationReader& declarations_;
  const ScopeFinder& scopes_;
  std::span<const std::pair<std::uint32_t, ScopeIndex>> closures_;
  FileFacts& facts_;
  ScopeIndex scope_ = kModuleScope;
  std::uint32_t line_ = 0;
  std::uint32_t block_end_ = 0xFFFFFFFFu;
  bool reassigns_ = false;  // a plain `=`
};

}  // namespace trellis::ingest::go
