// How Rust paths, expressions and types read as LinkChains, the shared
// conventions of ingest/resolve/typed_facts.hpp applied to Rust's grammar.
//
// Paths are normalised against the file's module: `self::x` and `super::x`
// inside inline modules become [Name "self::", Attribute <inline module>...,
// Attribute x] (kFileModule stands for the file's own module); `super::x`
// at file level stays [Name super, Attribute x]; `crate::x` is [Name crate,
// Attribute x]; generic arguments are dropped (`Vec::<T>::new` is [Vec, new]).
//
// Expressions: `a.b.c(x)` is [Name a, Attribute b, Attribute c, Call "1"];
// `&x` is x's chain then kReferenceLink, `*x` x's then kIndirectionLink
// (type_table.hpp); parentheses and `.await` read through; `e?` and
// `e.unwrap()` / `e.expect(..)` are e's chain then [Attribute "[]"] (an
// element: Result<T, E> and Option<T> read as collections of T); `.clone()`,
// `.iter()`, `.into_iter()`, `.as_ref()`, `.borrow()` read through; a struct
// literal `T { .. }` is [<T>, Call ""]; `xs[i]` is xs's chain then "[]".
//
// Types: `&T` and `*const T` are T's chain then kReferenceLink (only as
// the whole type: `Vec<&T>` is a Vec<T>); `Box<T>`, `Rc<T>`, `Arc<T>`,
// `Cow<T>`, `dyn T`, `impl T` read as T; `Vec<T>`, `Option<T>`, `Result<T, E>`, sets, `[T]`
// and `[T; N]` as T then [Attribute "[]"]; maps as their value's; tuples
// and function types are empty.
#pragma once

#include <tree_sitter/api.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "extract/child_nodes.hpp"
#include "rust/rust_syntax.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::rust {

// The name a normalised path starts with to mean the file's own module.
inline constexpr std::string_view kFileModule = "self::";

// The method of std::ops (or std::cmp) an operator calls on its left
// operand (`+` add, `+=` add_assign, `==` eq; unary `-` neg, `!` not, `*`
// deref); "" for `&&` and `||`.
std::string_view operator_method(std::string_view op, bool unary);

class ChainReader {
 public:
  ChainReader(const RustSyntax& syntax, std::string_view source, TSNode root)
      : syntax_(syntax), source_(source), children_(root) {}

  const RustSyntax& syntax() const { return syntax_; }
  std::string_view text(TSNode node) const;  // "" for a null node
  std::vector<TSNode> named(TSNode node) const { return children_.of(node, true); }
  RustSyntax::Fields fields(TSNode node) const { return syntax_.fields(node, children_.cursor()); }

  // The segments of a path (`a::b::C`, `crate::x`, `super::super::y`), as
  // written; empty when a segment is no plain name (`<T as Tr>::f`).
  std::vector<std::string> segments(TSNode path) const;
  // Segments normalised for code inside the inline modules `inline`.
  static std::vector<std::string> normalised(std::vector<std::string> segments, std::span<const std::string> inline_modules);
  static LinkChain chain_of(const std::vector<std::string>& segments);

  // The chain of an expression read inside `inline_modules` (null: empty).
  LinkChain value(TSNode expression, std::span<const std::string> inline_modules) const;
  // The chain of a type as written (empty when it names no type).
  LinkChain type(TSNode type, std::span<const std::string> inline_modules) const;
  // A call's arity text: its argument count.
  std::string arity(TSNode arguments) const;

 private:
  void append_value(TSNode node, std::span<const std::string> inline_modules, LinkChain& out, int depth) const;
  LinkChain type_at(TSNode node, std::span<const std::string> inline_modules, int depth) const;
  void append_segments(TSNode node, std::vector<std::string>& out, int depth) const;

  const RustSyntax& syntax_;
  std::string_view source_;
  mutable ChildNodes children_;
};

}  // namespace trellis::ingest::rust
