// How Go expressions and types read as LinkChains, the shared conventions of
// ingest/resolve/typed_facts.hpp applied to Go's grammar.
//
// Expressions: `a.b.C(x)` is [Name a, Attribute b, Attribute C, Call "1"];
// a Call link's text is its argument count ("" when an argument is spread
// with `xs...`). Parentheses, `&x` and `*x` read through. A value known to
// be of a named type T reads as T's constructor call, [<T's chain>, Call ""]:
// composite literals (`&Service{}`, `auth.Service{...}`), `new(T)`, type
// assertions (`x.(*T)` is [Name T, Call ""], so `x.(*T).M()` is [Name T,
// Call "", Attribute M]) and conversions the grammar tells apart
// (`(*T)(x)`). Literals are [Literal string|int|float64|complex128|rune|bool];
// function literals and everything else are [Opaque].
//
// Types: `*auth.Service` is [Name auth, Attribute Service]; pointers,
// parentheses and type arguments read through (`List[T]` is [Name List]);
// a slice, array, channel or map is its element's (value's) chain then
// [Attribute "[]"], as an index expression `xs[i]` is xs's chain then
// [Attribute "[]"]; functions, structs and interfaces are empty chains.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

#include "extract/child_nodes.hpp"
#include "go_syntax.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::go {

// Whether a chain holds an Opaque link (an unreadable step).
bool is_opaque(const LinkChain& chain);

class ChainReader {
 public:
  // `root`: the root of the tree whose nodes it reads; `tree`, when given,
  // that tree flattened, which must outlive the reader.
  ChainReader(const GoSyntax& syntax, std::string_view source, TSNode root, const FlatTree* tree = nullptr)
      : syntax_(syntax), source_(source), children_(root, tree) {}

  const GoSyntax& syntax() const { return syntax_; }
  std::string_view text(TSNode node) const;
  // The named children of a node, in order (one pass of a cursor, where
  // ts_node_named_child walks from the first child on every call).
  std::vector<TSNode> named(TSNode node) const { return children_.of(node, true); }
  // Several fields of one node, in one pass over its children.
  GoSyntax::Fields fields(TSNode node) const { return syntax_.fields(node, children_); }
  // Each child of `node` in `field`, in order.
  template <class Visit>
  void for_each_in_field(TSNode node, Field field, Visit&& visit) const {
    const TSFieldId id = syntax_.field_id(field);
    if (id == 0) return;
    children_.for_each_child(node, [&](TSNode child, TSFieldId in) {
      if (in == id) visit(child);
    });
  }

  // The chain of an expression (a null node: empty).
  LinkChain value(TSNode expression) const;
  // The chain of a type as written (also a type written as an expression,
  // `new(auth.Service)`); empty when it names no type.
  LinkChain type(TSNode type) const;
  // A call's arguments, each as a chain (empty when unreadable).
  std::vector<LinkChain> arguments(TSNode argument_list) const;
  // The text of a Call link: the argument count, "" when one is spread.
  std::string arity(TSNode argument_list) const;
  // The type `new(T)` allocates, or a null node when `call` is no such call.
  TSNode allocated_type(TSNode call) const { return allocated_type(fields(call)); }
  // The same, given the call's fields.
  TSNode allocated_type(const GoSyntax::Fields& call) const;

 private:
  void append_value(TSNode node, LinkChain& out, int depth) const;
  LinkChain type_at(TSNode node, int depth) const;

  const GoSyntax& syntax_;
  std::string_view source_;
  mutable ChildNodes children_;
};

}  // namespace trellis::ingest::go
