// C extraction: one parse and one walk of the tree turn a .c or .h file into
// FileFacts. Nothing here is resolved (c_resolver.hpp does that). Macros are
// not expanded: the grammar reads the file as written, so code in every
// branch of #if/#ifdef is read.
//
// What the facts hold for C:
// - Definitions: functions with a body (Function, is_static for `static`,
//   parameters and local_names the names a call through a variable may use,
//   annotated_parameters each parameter of struct, union or typedef'd type
//   with [Name type], complexity), and structs, unions and enums with a body (Class), named by
//   their tag, or by the typedef that names an untagged one
//   (`typedef struct {..} Foo;` is the Class Foo). All are top-level.
// - all_names (has_all true): what the file declares for other files:
//   non-static prototypes (`int f(int);`) and non-static function
//   definitions, and in a header its structs, unions and enums.
// - imports: one per #include, module the path as written; level 1 for a
//   quoted include (`"x.h"`), 0 for an angle one (`<stdio.h>`).
// - assignments, in source order:
//   - variables, at file scope or in a function (its scope): target [Name v],
//     annotation [Name type] when its type is a struct, union or typedef name
//     (`struct Writer *out` -> Writer), else none;
//   - macros, #define NAME or NAME(...): target [Name NAME], annotation
//     [Opaque "#define"], at file scope;
//   - function pointers stored in fields: a designated initialiser of a
//     typed variable, `struct ops o = {.read = my_read}` (also `&my_read`),
//     is target [Literal ops, Attribute read], value [Name my_read]; an
//     assignment `x.read = my_read` / `x->read = my_read` is target
//     [Name x, Attribute read], value [Name my_read]. Nested initialiser
//     lists and positional ones are not read.
// - calls: every call expression; the callee is [Name f] for `f(...)`,
//   [Name p, Attribute m] for `p->m(...)` / `p.m(...)`, [Opaque] otherwise.
#pragma once

#include <string>
#include <string_view>

#include "extract/parsed_file.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::c {

// The C grammar.
const TSLanguage* c_grammar();

// The annotation that marks an Assignment as a macro definition.
inline constexpr std::string_view kMacroMark = "#define";

// The grammar's decision points, resolved once; shared read-only by every
// extractor thread.
class CQueries {
 public:
  static Result<CQueries> compile();
  const DecisionPoints& decisions() const { return decisions_; }

 private:
  CQueries();
  DecisionPoints decisions_;
};

// One per thread: owns a parser.
class CExtractor {
 public:
  explicit CExtractor(const CQueries& queries);

  // The facts of one file; a file that does not parse gives what could be read.
  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const CQueries& queries_;
  TsParser parser_;
};

}  // namespace trellis::ingest::c
