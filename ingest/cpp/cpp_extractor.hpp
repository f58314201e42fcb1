// C++ extraction: one parse and one walk of the tree turn a C++ source or
// header into FileFacts following ingest/resolve/typed_facts.hpp. Nothing is
// resolved (cpp_frontend.cpp names and links). Macros are not expanded: the
// grammar reads the file as written, every #if branch included.
//
// Where typed_facts.hpp leaves room, C++ reads so:
// - A top-level definition's qualifier is its namespace path, dotted
//   (`shop.auth`); an inline namespace adds nothing (its members are its
//   parent's); an anonymous namespace, and a free function or macro outside
//   any namespace, have the file's path without its extension
//   (`src.util.strings`): header and source share it.
// - classes, structs, unions and enums with a body are Classes (templates as
//   their primary template: a specialisation is another part of the same
//   Class); `bases` each base class as written (access and `virtual`
//   dropped). Fields are Assignments scoped to the class.
// - Member functions declared in a class body are Methods marked
//   is_declaration (a pure virtual one is_abstract); defined there, plain
//   Methods. A definition outside its class, `void A::f() {}`, is a
//   top-level Method whose bases[0] is the class as written ([A]), its
//   qualifier the namespace it is written in: the resolver joins it to the
//   class, and the writer makes declaration and definition one node, at the
//   definition. Constructors are named "<init>", destructors "~A", operators
//   "operator==". Every member function and free function carries its
//   signature, `(int,string&)` (the resolver keeps it in the name only for
//   overloads). decorators: the member's access (public, protected,
//   private), then virtual, static, override as written.
// - Free functions with a body are Functions (prototypes are no nodes).
// - A class template's `parameters` are its type parameters, in order
//   (value parameters left out). A declared type that starts with a type
//   parameter of an enclosing template starts with a kTemplateParameterKind
//   link (`T`, `T*`, `vector<T>`; type_table.hpp): the resolver binds it by
//   the receiver's type arguments, or reads it as unknown (a collection or
//   handle of it as a library's). Declared types keep the type arguments of
//   templates other than the standard wrappers and containers (`Box<W>` is
//   [Box, <, W, >]; cpp_chains.hpp).
// - `#define NAME` / `#define NAME(...)` is the Function "NAME!" marked
//   kMacroDecorator.
// - Locals: declarations in function bodies (type and initialiser), range
//   for variables (an element of the range), typed lambda parameters; all
//   scoped to the enclosing function: a lambda is no definition, its calls
//   are its enclosing function's.
// - Imports: `#include "x.h"` is module "x.h" level 1, `<x>` level 0;
//   `using namespace a::b;` module "a.b" name "*"; `using a::B;` module "a"
//   name "B"; `using X = a::B;` and `typedef a::B X;` module "a" name "B"
//   alias "X".
// - Calls: call expressions (callee the called expression's chain),
//   `new T(..)` and `T x(..)` / `T x{..}` (callee [T]: a constructor), base
//   and member initialisers of a constructor (`: Base(x)`).
#pragma once

#include <string>
#include <string_view>

#include "cpp/cpp_syntax.hpp"
#include "extract/parsed_file.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::cpp {

// The C++ grammar.
const TSLanguage* cpp_grammar();

// The dotted path of a file without its extension (`src/util/strings.cpp`
// is `src.util.strings`): the namespace of what it defines outside any.
std::string file_namespace(std::string_view relative_path);

// The grammar's ids and decision points, resolved once; shared read-only by
// every extractor thread.
class CppQueries : public SyntaxQueries<CppSyntax> {
 public:
  static Result<CppQueries> compile();

 private:
  CppQueries();
};

// One per thread: owns a parser.
class CppExtractor {
 public:
  explicit CppExtractor(const CppQueries& queries);

  // The facts of one file; a file that does not parse gives what could be read.
  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const CppQueries& queries_;
  TsParser parser_;
};

}  // namespace trellis::ingest::cpp
