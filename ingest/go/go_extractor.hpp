// Go extraction: one parse and one walk of the tree (which also counts
// decision points, extract/decision_points.hpp) turn a file into FileFacts following the
// conventions of ingest/resolve/typed_facts.hpp (package clause, imports,
// types with their fields and embedded bases, interfaces with their method
// specs, functions, methods with their receivers, calls, package-level
// variables and locals). Nothing here is resolved.
//
// Where typed_facts.hpp leaves room, Go reads so:
// - A value of a named type T (composite literal, `new(T)`, type assertion
//   `x.(*T)`, conversion `(*T)(x)`) is [<T>, Call ""] (go_chains.hpp);
//   composite literals and `new(T)` are no call sites, `T(x)` is one (a
//   conversion the grammar cannot tell from a call: the resolver decides).
// - Function literals are no definitions: their calls belong to the
//   enclosing function (the module at package level), their parameters are
//   locals of it (Assignments with the parameter's type as annotation).
// - Locals: `:=`, `var`, `const`, range variables, the type switch's
//   binding and a select case's received values; `_` binds nothing. With
//   one call on the right of several names the first gets it, the others
//   nothing. Plain `=` assignments rebind no type and are not reported.
// - annotated_parameters lists every named parameter, with an empty chain
//   when its type names none (`[]int`, `...T`).
// - Type aliases (`type A = B`) are Classes without bases; local types are
//   definitions whose parent is their function.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "extract/parsed_file.hpp"
#include "go_syntax.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::go {

// The Go grammar.
const TSLanguage* go_grammar();

// The grammar's ids and decision points, resolved once;
// shared read-only by every extractor thread.
class GoQueries : public SyntaxQueries<GoSyntax> {
 public:
  static Result<GoQueries> compile();
  // Per symbol, whether the readers read fields of such a node: FlatTree's fields_under.
  std::span<const std::uint8_t> fields_read() const { return fields_read_; }
  // Per symbol, whether the readers read such a node whole, never what it
  // holds (string literals: their quotes, contents and escapes, about one
  // node in twenty in caddy, each a cursor step of hundreds of
  // instructions): FlatTree's skip_under.
  std::span<const std::uint8_t> read_whole() const { return read_whole_; }

 private:
  GoQueries();
  std::vector<std::uint8_t> fields_read_;
  std::vector<std::uint8_t> read_whole_;
};

// One per thread: owns a parser.
class GoExtractor {
 public:
  explicit GoExtractor(const GoQueries& queries);

  // The facts of one file; a file that does not parse gives what could be read.
  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const GoQueries& queries_;
  TsParser parser_;
};

}  // namespace trellis::ingest::go
