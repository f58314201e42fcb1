// Go declarations as Definitions (ingest/resolve/typed_facts.hpp):
// `func F()` is a Function; `func (s *Service) Login()` a Method at module
// scope whose qualifier is "Service" and whose receiver comes first in
// annotated_parameters (and is first_parameter) but not in parameters; a
// named interface type is an Interface whose method specs are Methods; any
// other named type (structs, `type IDs []int`, aliases) is a Class.
// Embedded struct fields and embedded interfaces are bases.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "go_chains.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::go {

// Whether Go exports a name: it starts with an upper-case (ASCII) letter.
bool is_exported(std::string_view name);

// The comments right before a declaration among its siblings, by the
// declaration's node id (extract/sibling_comments.hpp): only declarations
// that have any.
using CommentsBefore = std::unordered_map<const void*, std::vector<TSNode>>;

class DeclarationReader {
 public:
  DeclarationReader(const ChainReader& chains, const CommentsBefore& comments)
      : chains_(chains), syntax_(chains.syntax()), comments_(comments) {}

  // A function_declaration or method_declaration (parent left unset).
  Definition function(TSNode node) const;
  // A type_spec or type_alias (`parent`: the node it is a child of): its
  // label, span, docstring and bases.
  Definition type(TSNode spec, TSNode parent) const;
  // A func_literal bound to a name, as a Function named `name`.
  Definition closure(TSNode literal, std::string name) const;
  // A method_elem of an interface type.
  Definition interface_method(TSNode elem) const;
  // A struct type's fields, each an Assignment in `scope` (embedded fields
  // named by their type's last name).
  std::vector<Assignment> fields(TSNode spec, ScopeIndex scope) const;
  // Where the part of a definition that holds its calls and members starts.
  std::uint32_t body_start(TSNode node) const;
  // A parameter list's names (the blank `_` included), their types and
  // whether the last one is variadic.
  void read_parameters(TSNode parameter_list, Definition& into) const;

 private:
  void read_signature(TSNode node, Definition& into) const;
  SourceSpan span(TSNode first, TSNode last) const;
  // The `//` comment lines right above `node`, without their markers.
  std::string docstring(TSNode node) const;

  const ChainReader& chains_;
  const GoSyntax& syntax_;
  const CommentsBefore& comments_;
};

}  // namespace trellis::ingest::go
