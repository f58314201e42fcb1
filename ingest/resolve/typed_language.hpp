// The shared resolution core of statically typed languages (Go, Java, C#):
// what a language tells the core, and the core's entry points. A language
// folder holds its extractor (facts as typed_facts.hpp describes them), its
// naming (packages, modules, namespaces) and how its imports read; the core
// does the rest: symbol and namespace tables, declared types of fields,
// parameters, locals and returns, receiver typing, supertypes and member
// lookup along them, overload choice, implicit interfaces, and the edges.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trellis/ingest/language.hpp"
#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest::resolve {

// A name a file binds to a qualified type or namespace.
struct ImportedName {
  std::string name;    // the name as the file uses it
  std::string target;  // dotted qualified name of a type or a namespace
  // A static import of one member under another name (Rust `use a::f as
  // g`: name "g", member "f"); empty: the member is `name`.
  std::string member;
  // The type arguments an alias gives its target (C++ `using A = Box<W>`:
  // [<, W, >], a view of the Import's), read at the top level of `file`.
  std::span<const Link> arguments{};
  std::uint32_t file = kNone;
};

// What one file's imports make visible, in the core's terms.
struct FileScope {
  // Java single-type imports, C# `using X = ...`, Go imports (by alias or
  // package name).
  std::vector<ImportedName> aliases;
  // Namespaces whose types (and Go functions) are visible unqualified, after
  // the file's own namespace: on-demand imports, C# `using`, Go dot imports.
  std::vector<std::string> open_namespaces;
  // Java `import static a.B.m` (name "m") and `a.B.*` (name "*"), C#
  // `using static a.B` (name "*"): static members of type `target`; with
  // namespace_functions, a namespace `target`'s functions and variables too
  // (Rust `use crate::util::helper`).
  std::vector<ImportedName> static_imports;
  // IMPORTS edges: what each import names (a type or namespace), and the
  // ExternalPackage that stands for it when it is not in the tree; or a file
  // of the tree it reads directly (`file`, a C++ #include).
  struct Edge {
    std::string target;
    std::string external;
    std::uint32_t file = kNone;
  };
  std::vector<Edge> edges;
};

// A language's packages and modules, and the namespace each file's
// top-level definitions are named in.
struct TypedLayout {
  std::vector<PackageEntry> packages;
  std::vector<ModuleEntry> modules;     // parallel to files
  std::vector<std::string> namespaces;  // parallel to files; empty: each top-level definition's qualifier
  // The name an import binds when it gives none, by imported path (Go: the
  // package clause of the tree's packages).
  std::unordered_map<std::string, std::string> import_names;
  // The file of the tree each #include of a file reads, in order (kNone: not
  // in the tree), C++; parallel to files or empty.
  std::vector<std::vector<std::uint32_t>> includes;
  // The sources that define what a header declares (C++: those of its base
  // name, `util.h` and `src/util.cpp`); parallel to files or empty.
  std::vector<std::vector<std::uint32_t>> companions;
  // What each file lends the scope of every file that reads it (C++: a file
  // and what it includes), worked out once rather than for each reader:
  // the namespaces it opens (its own, its companions', its `using
  // namespace`s), in order, as indexes into opened_names; its aliases and
  // static imports. Parallel to files or empty.
  std::vector<std::string> opened_names;
  std::vector<std::vector<std::uint32_t>> opens;
  std::vector<std::vector<ImportedName>> lent_aliases;
  std::vector<std::vector<ImportedName>> lent_static_imports;
};

struct TypedRules {
  std::vector<std::string_view> self_names;   // `this`
  std::vector<std::string_view> super_names;  // `super`, `base`
  // A type's members are visible unqualified in its methods (Java, C#).
  bool implicit_this = true;
  // The namespaces enclosing a definition's own are open (C#).
  bool enclosing_namespaces = false;
  // A type implements every interface whose methods it has (Go).
  bool implicit_interfaces = false;
  // Top-level functions and variables are members of their namespace (Go).
  bool namespace_functions = false;
  // A name bound nowhere in the tree is the language's own or a library's
  // (Go: builtins and the universe scope). Otherwise only a capitalised one
  // (a type such as java.lang's) or one read where a supertype is outside
  // the tree is; the rest (a lambda's parameter) stay unknown.
  bool unbound_names_external = false;
  // Calling a type converts a value to it (Go's `T(x)`, `(*T)(nil)`): no
  // constructor runs, so it is no call at all.
  bool type_calls_convert = false;
  // A top-level definition's qualifier is a namespace nested in its file's
  // (Rust's inline `mod tests { ... }`: "tests"), not its own namespace.
  bool nested_namespaces = false;
  // The child namespaces of a definition's own are in scope (Rust's child
  // modules), before the roots.
  bool child_namespaces = false;
  // Every type may have members from outside the tree (Rust: derived and
  // blanket trait implementations): a member the tree does not show is a
  // library's, not unknown.
  bool open_types = false;
  // A member's signature joins its qualified name only when another member
  // of its type (or function of its namespace) shares its name with another
  // signature (C++: a declaration in a class and its out-of-line definition
  // in another file are read apart, and only the two together tell whether
  // the name is overloaded).
  bool sign_shared_names = false;
  // A call by a bare name is a macro invocation when the tree defines a
  // macro of that name (C++'s preprocessor: typed_facts.hpp's macros).
  bool calls_may_be_macros = false;
  // A namespace may have members from outside the tree (C++: namespaces are
  // reopened by libraries, `std` by the tree's own specialisations): a
  // member of it the tree does not show is a library's, not unknown.
  bool open_namespaces = false;
  // A function called by a bare name that ordinary lookup does not find is
  // looked up in the namespaces of its arguments' classes too (C++'s
  // argument-dependent lookup), and so is a free operator.
  bool argument_dependent_lookup = false;
  // An operator may be a free function taking its operands (C++'s
  // `operator+(const A&, const A&)`), not only a method of the left one's type.
  bool free_operators = false;
  // A file reads the declarations of the files it #includes (C++): an edit
  // to a file's declarations re-resolves the files that include it, not
  // every file (include_dependents.hpp).
  bool declarations_through_includes = false;
};

class TypedLanguage {
 public:
  virtual ~TypedLanguage() = default;
  virtual const TypedRules& rules() const = 0;
  // Files sorted by path, all of this language.
  virtual TypedLayout layout(std::span<const FileFacts> files, const ProjectInfo& project) const = 0;
  virtual FileScope file_scope(std::span<const FileFacts> files, const TypedLayout& layout, std::uint32_t file) const = 0;
};

// Links the files' facts. `wanted` as LanguageFrontend::resolve_some (empty:
// every file); external_calls_by_file is always filled. `made`: the
// language's layout of these files when it was made already.
ProgramGraph resolve_typed(const TypedLanguage& language, std::span<const FileFacts> files,
                           const ProjectInfo& project, std::span<const std::uint8_t> wanted,
                           const TypedLayout* made = nullptr);

// A digest of what resolving other files reads of `facts` (all but call
// sites and the locals of functions).
std::uint64_t typed_interface_digest(const FileFacts& facts);

}  // namespace trellis::ingest::resolve
