// FileFacts: what one source file says, before anything is resolved.
//
// An extractor (one per language, ingest/<language>/) turns a parsed file
// into these facts; the language's resolver then links facts of all files
// into nodes and edges. Facts name things by text only: no node ids, so
// extraction runs on many threads with no shared state.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "trellis/search/search_field.hpp"
#include "trellis/store/schema.hpp"

namespace trellis::ingest {

// Index of a definition within its file; kModuleScope is the file itself.
using ScopeIndex = std::uint32_t;
inline constexpr ScopeIndex kModuleScope = 0xFFFFFFFFu;

struct SourceSpan {
  std::uint32_t line_start = 0;  // 1-based, inclusive
  std::uint32_t line_end = 0;
  std::uint32_t byte_start = 0;
  std::uint32_t byte_end = 0;    // exclusive
};

// One step of a name expression, read left to right: `self.repo.save()` is
// [Name self, Attribute repo, Attribute save]; `C().run` is
// [Name C, Call, Attribute run]; `super().m` is [Name super, Call, Attribute m].
// Python: `d["k"]` is [Name d, Element "s:k"], `xs[0]` [Name xs, Element "i:0"],
// `xs[i]` [Name xs, Element "n:i"] (the key a name holds), an element of
// unknown key (what `for x in xs` binds) Element "". A call's argument that
// is an integer or string literal is the key alone: [Element "i:1"].
struct Link {
  // Literal: a literal value whose type is a builtin ("str", "list", ...).
  // Element: one element of a container, by its literal key (see above).
  enum class Kind : std::uint8_t { Name, Attribute, Call, Literal, Opaque, Element };
  static constexpr Kind kLastKind = Kind::Element;
  Kind kind = Kind::Opaque;
  std::string text;  // the identifier for Name and Attribute, the type for Literal
  bool operator==(const Link&) const = default;
};
using LinkChain = std::vector<Link>;

struct Definition {
  Label label = Label::Function;  // Class, Interface, Function or Method
  std::string name;
  ScopeIndex parent = kModuleScope;  // enclosing definition
  // From the `def` / `class` line (decorators excluded, as Python's ast
  // reports lineno) to the end of the body.
  SourceSpan span;
  std::vector<std::string> decorators;  // as written, without '@'
  std::string docstring;
  std::vector<LinkChain> bases;         // base class expressions (TypeScript: `extends`)
  std::vector<std::string> base_texts;  // the same, as written
  // Interfaces a class names in `implements` (TypeScript, Java, C#).
  std::vector<LinkChain> implements;
  bool is_async = false;
  bool is_abstract = false;  // an abstract class
  // Reading the name runs it (a TypeScript getter or setter): `obj.name`
  // yields what it returns, and `obj.name()` calls that.
  bool is_accessor = false;
  // Declared in the body of `if TYPE_CHECKING:` (typing stubs): a node, but
  // no name Python binds at run time.
  bool typing_only = false;
  // Parameters with annotations: (name, annotation chain); the first
  // parameter of a method is the receiver (`self` / `cls`).
  std::vector<std::pair<std::string, LinkChain>> annotated_parameters;
  std::vector<std::string> parameters;  // every parameter name, in order
  // Python: bit p set when parameter p has a default value (from p = 63
  // on, bit 63 stands for every one).
  std::uint64_t defaulted = 0;
  std::string first_parameter;
  // Names the body binds other than by `name = value` (loop and `as`
  // targets, tuple targets, walrus): local, of unknown type.
  std::vector<std::string> local_names;
  LinkChain return_annotation;
  // Functions and methods: cyclomatic complexity, 1 + the decision points in
  // the body outside nested definitions (extract/complexity.hpp); 0 for
  // classes and interfaces.
  std::uint32_t complexity = 0;

  // Statically typed languages (ingest/resolve/typed_facts.hpp says how
  // their extractors fill these and the fields above).
  // A top-level definition: the namespace it is declared in (Java's
  // package, C#'s enclosing namespaces, dotted). A Go method: its receiver's
  // type name (the method is top-level in the file; its type may be in
  // another file of the package).
  std::string qualifier;
  // An overloaded member: its erased parameter types, `(String,int)`, which
  // its qualified name carries; empty when the name is its type's only one.
  std::string signature;
  bool is_static = false;     // a static member (Java, C#)
  bool is_variadic = false;   // the last parameter takes any number of arguments
  bool is_extension = false;  // a C# extension method (`this T self` first)
  // Declared here, defined elsewhere (a C++ member function declared in its
  // class): a definition of the same qualified name is the node, at its
  // location; the declaration stands for it until one is seen.
  bool is_declaration = false;
  // Every declared result's type when there are several (Go's `(T, error)`;
  // the first is return_annotation too): `x, err := f()` reads result 1.
  std::vector<LinkChain> results;
};

struct Import {
  ScopeIndex scope = kModuleScope;
  std::uint32_t line = 0;
  // `import a.b.c` / `import a.b as c`: module "a.b.c", no name.
  // `from ..x import y as z`: level 2, module "x", name "y", alias "z".
  // `from . import y`: level 1, module "", name "y".
  // `from x import *`: name "*".
  // TypeScript and JavaScript (module: the specifier as written, `./a`,
  // `react`): `import d from m` name "default" alias d; `import {a as b}`
  // name a alias b; `import * as ns` / `ns = require(m)` no name, alias ns;
  // `import m` (side effect) and `import(m)` neither; all with is_from when
  // a name is taken.
  std::uint32_t level = 0;
  std::string module;
  std::string name;
  std::string alias;
  bool is_from = false;
  // The module exports `alias` as `name` of `module` without binding it
  // (`export {name as alias} from m`, `export * from m` with name "*");
  // with an empty module, a name of its own (`export {name as alias}`,
  // `export default name`: alias "default").
  bool reexport = false;
  // C++'s `using A = Box<W>` (alias A, name Box): the type arguments the
  // alias gives its target as written ([<, W, >], resolve/type_table.hpp's
  // kTypeArgumentOpen groups); empty otherwise.
  LinkChain arguments;
};

struct CallSite {
  ScopeIndex caller = kModuleScope;  // the function, method or module that runs the call
  // Where names in the call are looked up: the caller, or a class body
  // between the caller and the call (`x = helper()` in a class body sees the
  // class's own `helper`).
  ScopeIndex scope = kModuleScope;
  std::uint32_t line = 0;
  LinkChain callee;       // the called expression
  std::string text;       // as written, for unresolved-call reports
  // Statically typed languages: the arguments, each as a chain (a literal's
  // type, a name, a call...), for choosing among overloads; a chain may be
  // empty (unreadable).
  std::vector<LinkChain> arguments;
  // Python: the keyword of each argument ("" for a positional one), when
  // any is passed by keyword; empty otherwise.
  std::vector<std::string> keywords;
  // Python: a call the syntax makes without writing it (a decorator applied
  // to its definition, `with` entering its context, `for` iterating): an edge
  // when it resolves to a definition in the tree, never an unresolved site.
  bool implicit = false;
  // Python: the last line of the innermost block holding the call, as
  // Assignment::block_end (kNoLine in its scope's own block).
  std::uint32_t block_end = 0xFFFFFFFFu;
};

// `target = value` and `target: annotation [= value]` where the target is a
// name or `self.attribute`; the resolver infers types from them. A name
// assigned something unreadable (`x = items[0]`) is kept with an empty
// value: it still rebinds (shadows) the name.
struct Assignment {
  ScopeIndex scope = kModuleScope;
  std::uint32_t line = 0;
  LinkChain target;
  LinkChain value;       // a call, name or literal chain; empty when not one
  LinkChain annotation;  // empty when none
  // Python: the last line of the innermost block (a body of an if, for,
  // while, try, with...) holding the assignment; kNoLine when that is its
  // scope's own block (the module's, a def's or a class's body). It
  // dominates the uses below it up to there: they see it, not what was
  // assigned before it. Go: the last line of the innermost block (a `{}`
  // body, a case clause, or the if, for or switch statement an initialiser
  // declares in); kNoLine at package level.
  std::uint32_t block_end = 0xFFFFFFFFu;
  // Go: a plain `=` to a name declared before. A declaration (`:=`, `var`)
  // in a block closed before a use declares a variable the use does not
  // see; a plain `=` there still may have set the one it sees.
  bool reassigns = false;
  // Python: the first line of an if/elif/else every branch of which assigns
  // the name, on the last such assignment (whose block_end is then the
  // if's block's): the assignments from there on are alternatives, which
  // together overwrite the ones before. 0 otherwise.
  std::uint32_t branches_from = 0;
};

// Assignments read back from the facts cache are decoded on first use, once,
// by whichever thread asks first: an incremental index resolves few files,
// which read the assignments of few others, and decoding every file's up
// front was a third of its memory. Other files' resolution reads only the
// assignments outside functions and methods (fields, module variables),
// which are decoded apart, without the locals.
class DeferredAssignments {
 public:
  using Decode = std::function<std::vector<Assignment>()>;
  DeferredAssignments(Decode decode, Decode decode_outside_callables)
      : decode_(std::move(decode)), decode_outside_(std::move(decode_outside_callables)) {}
  const std::vector<Assignment>& get() const {
    std::call_once(once_, [this] { values_ = decode_(); });
    return values_;
  }
  // The assignments whose scope is the module or no Function or Method, in order.
  const std::vector<Assignment>& outside_callables() const {
    std::call_once(outside_once_, [this] { outside_ = decode_outside_(); });
    return outside_;
  }

 private:
  Decode decode_;
  Decode decode_outside_;
  mutable std::once_flag once_;
  mutable std::vector<Assignment> values_;
  mutable std::once_flag outside_once_;
  mutable std::vector<Assignment> outside_;
};

// Whether a definition's scope holds locals (a function or method).
inline bool is_callable(Label label) { return label == Label::Function || label == Label::Method; }

// The words full-text search indexes for each definition of a file and for
// its module (ingest/search_terms/ reads them from the source): each word
// of the file once in `words`, then per scope its (word, field, count)
// entries. Scope d's entries (d in 0 .. definitions.size() - 1) are
// terms[scope_offsets[d] .. scope_offsets[d + 1]); the module's come last,
// at d = definitions.size(). Empty when the file was not read.
struct ScopeTerm {
  std::uint32_t word = 0;  // index into SearchTerms::words
  search::SearchField field = search::SearchField::Body;
  std::uint32_t count = 0;
  bool operator==(const ScopeTerm&) const = default;
};
struct SearchTerms {
  std::vector<std::string> words;
  std::vector<std::uint32_t> scope_offsets;  // definitions.size() + 2 entries, or none
  std::vector<ScopeTerm> terms;
  // Per definition: its normalised body hash (search_terms/body_hash.hpp), or none.
  std::vector<std::uint64_t> body_hashes;
  bool operator==(const SearchTerms&) const = default;
};

// The words of a file's search terms read back from the facts cache,
// decoded on first use, once, by whichever thread asks first: an
// incremental index writes the words of few files again (the others'
// postings come from the previous index), and decoding every file's up
// front was most of the time spent reading the cache.
class DeferredSearchTerms {
 public:
  using Decode = std::function<SearchTerms()>;
  explicit DeferredSearchTerms(Decode decode) : decode_(std::move(decode)) {}
  const SearchTerms& get() const {
    std::call_once(once_, [this] { terms_ = decode_(); });
    return terms_;
  }

 private:
  Decode decode_;
  mutable std::once_flag once_;
  mutable SearchTerms terms_;
};

// How deep definitions may nest in a file (FileFacts::definitions_too_deep).
inline constexpr std::uint32_t kMaxDefinitionNesting = 100;

struct FileFacts {
  std::string relative_path;  // '/'-separated from the indexed root
  std::string language;
  std::uint32_t line_count = 0;
  std::uint32_t byte_count = 0;
  bool has_syntax_errors = false;
  // Definitions nested more than kMaxDefinitionNesting levels deep
  // (namespaces, modules, classes, functions inside one another) that were
  // not read, each with everything inside it: a qualified name grows with
  // each level, and the cap keeps their total size linear in the file's.
  std::uint32_t definitions_too_deep = 0;
  std::vector<Definition> definitions;  // in source order; parents precede children
  std::vector<Import> imports;
  std::vector<CallSite> calls;
  // An extractor fills `assignments`; facts from the cache may leave them
  // `deferred` instead. Readers use all_assignments().
  std::vector<Assignment> assignments;
  std::shared_ptr<const DeferredAssignments> deferred_assignments;
  // The names the module declares public, when it declares them: Python's
  // module-level `__all__` (when it is a literal list); TypeScript's and
  // JavaScript's exported names of its own (always declared: a file that
  // exports nothing has none).
  std::vector<std::string> all_names;
  bool has_all = false;
  // Go: the `package` clause's name; Java: the `package` declaration
  // (dotted); empty otherwise.
  std::string package_name;
  // An extractor fills `search_terms`; facts from the cache fill only its
  // body_hashes and leave the rest `deferred`. Readers of the words use
  // all_search_terms().
  SearchTerms search_terms;
  std::shared_ptr<const DeferredSearchTerms> deferred_search_terms;

  const SearchTerms& all_search_terms() const {
    return deferred_search_terms ? deferred_search_terms->get() : search_terms;
  }

  const std::vector<Assignment>& all_assignments() const {
    return deferred_assignments ? deferred_assignments->get() : assignments;
  }
  // Calls visit(const Assignment&) for each assignment at module level or
  // in a class body, in order: all but the locals of functions and methods,
  // which only the file's own resolution reads (cached facts decode just
  // these for it).
  template <class Visit>
  void for_each_assignment_outside_callables(Visit&& visit) const {
    if (deferred_assignments) {
      for (const Assignment& assignment : deferred_assignments->outside_callables()) visit(assignment);
      return;
    }
    for (const Assignment& assignment : assignments) {
      if (assignment.scope == kModuleScope || !is_callable(definitions[assignment.scope].label)) visit(assignment);
    }
  }
};

}  // namespace trellis::ingest
