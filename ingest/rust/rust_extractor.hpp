// Rust extraction: one parse and one walk of the tree turn a .rs file into
// FileFacts following ingest/resolve/typed_facts.hpp. Nothing is resolved.
//
// Where typed_facts.hpp leaves room, Rust reads so:
// - structs, enums and unions are Classes (struct fields are their fields);
//   traits Interfaces (supertraits are bases; every method, with or without
//   a default body, a Method); an `impl T` / `impl Tr for T` block is an
//   extension part named T (is_extension, `implements` [Tr]) whose
//   functions are its Methods (an `impl Deref` adds its `type Target` to
//   the part's bases; methods of one type in a file that share a name are
//   told apart by their trait as signature, `fmt<Display>`, `fmt<Debug>`);
//   other functions are Functions (a function
//   inside a function is nested in it); `macro_rules! m` is the Function
//   "m!" marked kMacroDecorator.
// - A top-level item of an inline module (`mod tests { ... }`) has the
//   module path within the file as qualifier ("tests", "a.b").
// - Parameters: `self` is no parameter (self_names covers it); a parameter
//   typed by a generic parameter `T: Bound` (or `impl Bound`) reads as its
//   first bound.
// - Locals: `let` (with its type and value), `for x in e` (an element of e),
//   `if let Some(x) = e` / `while let Ok(x) = e` and a match arm `Some(x)`
//   of `match e` (an element of e; an arm's bare `x`: e), and the names
//   other patterns bind (closure parameters, tuples, struct fields) with
//   no type, but for the untyped parameters of a closure passed to an
//   element adaptor (`xs.iter().map(|x| ..)`, `opt.map(|x| ..)`, `filter`,
//   `for_each`, `find`, ...): each an element of the receiver.
// - Imports: each name a `use` binds is one Import: module the normalised
//   path before it (rust_chains.hpp), name the last segment or "*", alias
//   the `as` name. `use a::b::{self}` binds b.
// - Calls: call expressions (a path ending in a capitalised name, an enum
//   variant or tuple struct built through a path, is none) and macro
//   invocations, whose callee is [Name "m!"]. Macro arguments are not
//   parsed (token trees), so calls written inside them are not seen.
#pragma once

#include <string>
#include <string_view>

#include "extract/parsed_file.hpp"
#include "rust/rust_syntax.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::rust {

// The Rust grammar.
const TSLanguage* rust_grammar();

// The grammar's ids and decision points, resolved once; shared read-only by
// every extractor thread.
class RustQueries : public SyntaxQueries<RustSyntax> {
 public:
  static Result<RustQueries> compile();

 private:
  RustQueries();
};

// One per thread: owns a parser.
class RustExtractor {
 public:
  explicit RustExtractor(const RustQueries& queries);

  // The facts of one file; a file that does not parse gives what could be read.
  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const RustQueries& queries_;
  TsParser parser_;
};

}  // namespace trellis::ingest::rust
