// How C++ names, expressions and types read as LinkChains, the shared
// conventions of ingest/resolve/typed_facts.hpp applied to C++'s grammar.
//
// Names: `a::b::f` is [Name a, Attribute b, Attribute f]; template
// arguments are dropped (`Box<int>::make` is [Box, make]: a template reads
// as its primary template); a leading `::` is dropped.
//
// Expressions: `p->q.f(x)` is [Name p, Attribute "*", Attribute q,
// Attribute f, Call "1"] (kDerefLink: through a pointer or handle); `*p` is
// [p, "(*)"] (kIndirectionLink); `this` is [Name this]; `&x` and parentheses read through;
// `new T(a)`, `T(a)`, `T{a}`, `static_cast<T>(e)` (any named cast) and
// `(T)e` are [<T>, Call]; so is a call of a template given one explicit
// type argument, whose result reads as that type (`x.Cast<T>()`,
// `std::make_unique<T>(..)`, `get<T>()`); `xs[i]` is xs's chain then [Attribute "[]"];
// literals are [Literal string|char|int|double|float|bool].
//
// Types: pointers and references (declarators) and cv-qualifiers read
// through; `unique_ptr<T>`, `shared_ptr<T>`, `weak_ptr<T>`, `optional<T>`,
// `reference_wrapper<T>`, `atomic<T>` are handles to T, [<T>, "*"] (their
// own members, get or reset, are a library's; `->` reaches T's); `vector<T>`, `list<T>`, `deque<T>`, `set<T>`, `array<T, N>`,
// `span<T>` (and the other sequences) as T then [Attribute "[]"]; maps as
// their value's; a primitive type is its name ([Name int]: a type outside
// the tree); `auto`, `decltype` and dependent types are empty. A cast to a
// primitive type is a literal of it ([Literal double]). A declared type
// keeps the type arguments of any other template (declared_type).
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

#include "cpp/cpp_syntax.hpp"
#include "extract/child_nodes.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::cpp {

class ChainReader {
 public:
  ChainReader(const CppSyntax& syntax, std::string_view source, TSNode root)
      : syntax_(syntax), source_(source), children_(root) {}

  const CppSyntax& syntax() const { return syntax_; }
  std::string_view text(TSNode node) const;  // "" for a null node
  std::vector<TSNode> named(TSNode node) const { return children_.of(node, true); }
  std::vector<TSNode> all(TSNode node) const { return children_.of(node, false); }
  CppSyntax::Fields fields(TSNode node) const { return syntax_.fields(node, children_.cursor()); }

  // The chain of a (qualified) name; empty when a part is no plain name.
  LinkChain name(TSNode node) const;
  // The chain of an expression (null: empty).
  LinkChain value(TSNode expression) const;
  // The chain of a type as written (empty when it names no type of ours).
  LinkChain type(TSNode type) const;
  // The same with the type arguments of a template of the tree's kept, as
  // resolve/type_table.hpp's kTypeArgumentOpen groups (`Box<W>` is [Box,
  // <, W, >]): what a declared type is written as (a variable's, a
  // parameter's, a return's), not a name called.
  LinkChain declared_type(TSNode type) const;
  // A type as overloads are told apart by: its last name as written
  // (template arguments dropped), then `*` or `&` for the declarator around
  // the parameter (`const std::string&` is `string&`, `vector<int>` `vector`).
  std::string signature_text(TSNode type, TSNode declarator) const;
  // The one type argument a called template is given explicitly
  // (`x.Cast<T>`, `std::make_unique<T>`), or null.
  TSNode sole_type_argument(TSNode function) const;
  // Whether a called expression is a named cast (`static_cast<T>`): no call.
  bool is_cast(TSNode function) const;
  // A call's arity text: its argument count.
  std::string arity(TSNode arguments) const;

 private:
  void append_value(TSNode node, LinkChain& out, int depth) const;
  void append_name(TSNode node, LinkChain& out, int depth) const;
  LinkChain type_at(TSNode node, int depth, bool with_arguments) const;

  const CppSyntax& syntax_;
  std::string_view source_;
  mutable ChildNodes children_;
};

}  // namespace trellis::ingest::cpp
