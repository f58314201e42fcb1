// The symbol tables of a statically typed program: its namespaces
// (packages), the types each declares, every type's members (methods by
// name with their overloads, fields with their declared types, nested
// types) and supertypes, and the qualified name of every definition.
// Built once per resolution, then only read (by many threads).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "resolve/typed_language.hpp"

namespace trellis::ingest::resolve {

using TypeId = std::uint32_t;
using NamespaceId = std::uint32_t;

// Where a name is read: a file and the innermost definition around it.
struct Context {
  std::uint32_t file = kNone;
  ScopeIndex scope = kModuleScope;
};

// What a declared type names.
struct DeclaredType {
  // Parameter: a type parameter of the class template `type` (C++'s `T` in
  // `template <class T> struct Box { T get(); }`), the `parameter`-th; what
  // it is comes from a receiver's type arguments (expression_typer.hpp).
  enum class Kind : std::uint8_t { Unknown, External, Type, Parameter };
  Kind kind = Kind::Unknown;
  TypeId type = kNone;
  std::uint8_t collection = 0;  // a collection of `type` (1), of collections of it (2)...
  bool handle = false;          // a library's handle to `type` (C++'s unique_ptr<T>)
  std::uint8_t parameter = 0;   // Parameter: its index among the template's type parameters
  // Type: its type arguments as written (kTypeArgumentOpen groups, `W` of
  // `Box<W>`), a view of the chain resolve_type read, read at `where`.
  std::span<const Link> arguments;
  Context where;
  bool reference = false;  // written as a reference to `type` (kReferenceLink)
  static DeclaredType external() { return {Kind::External, kNone, 0, false, 0, {}, {}}; }
  static DeclaredType of(TypeId type, std::uint8_t collection = 0) { return {Kind::Type, type, collection, false, 0, {}, {}}; }
};

// The element link of a collection (typed_facts.hpp): `[]T` is [T, "[]"],
// `xs[i]` is [xs, "[]"].
inline constexpr std::string_view kElementLink = "[]";
// The dereference link (C++): `[T, "*"]` as a type is a handle to a T whose
// own members are a library's (`unique_ptr<T>`: get, reset); `p->f` is [p,
// "*", f] and `*p` [p, "*"], which reach T's members through a handle and
// read a plain pointer or value as itself.
inline constexpr std::string_view kDerefLink = "*";
// An explicit dereference (C++'s `*p`, where kDerefLink is `p->`): the same
// through a pointer or handle; on an object of a class, that class's
// `operator*` (kDerefLink: its `operator->`).
inline constexpr std::string_view kIndirectionLink = "(*)";
// A reference (Rust's `&T` and `&x`, `*const T`): [T, "&"] reads as T
// everywhere (members, method calls) but for an explicit dereference,
// which on a reference is the language's own and on a value its type's
// Deref (kIndirectionLink: Value::reference).
inline constexpr std::string_view kReferenceLink = "&";
// Type arguments (C++): a declared type `Box<W, V>` is [Box, <, W, >, <, V,
// >]: each argument's own chain between Element links of these texts
// (nested ones balanced).
inline constexpr std::string_view kTypeArgumentOpen = "<";
inline constexpr std::string_view kTypeArgumentClose = ">";
// A declared type whose first link has this kind starts with a type
// parameter of the templates around it, by name (`T`, `T*`, `vector<T>`).
inline constexpr Link::Kind kTemplateParameterKind = Link::Kind::Element;

// The i-th type argument of `arguments` (kTypeArgumentOpen groups); empty
// when there is none or it was not read.
std::span<const Link> type_argument(std::span<const Link> arguments, std::size_t i);
// How many links of a type chain name it, before its type arguments.
std::size_t name_length(std::span<const Link> chain);

struct Field {
  std::uint32_t file = kNone;
  const Assignment* declaration = nullptr;
  DeclaredType type;  // from its annotation, else its initialiser when that is `new T`
};

struct TypeInfo {
  std::string qualified;
  Label label = Label::Class;
  std::vector<ScopeRef> parts;  // several for C# partial classes
  TypeId outer = kNone;         // the enclosing type of a nested one
  NamespaceId ns = kNone;       // the namespace of a top-level one
  std::unordered_map<std::string_view, std::vector<ScopeRef>> methods;  // overloads in declaration order
  std::unordered_map<std::string_view, Field> fields;
  std::unordered_map<std::string_view, TypeId> nested;
  std::vector<TypeId> supertypes;  // in the tree, as declared
  // Those of the supertypes an extension part's `bases` name (Rust's Deref
  // targets): their members are reached, but no INHERITS or IMPLEMENTS.
  std::vector<TypeId> reached_only;
  bool external_supertype = false;  // a supertype outside the tree (members may come from it)
};

struct NamespaceInfo {
  std::string qualified;
  std::unordered_map<std::string_view, NamespaceId> children;
  std::unordered_map<std::string_view, TypeId> types;
  std::unordered_map<std::string_view, std::vector<ScopeRef>> functions;  // Go
  std::unordered_map<std::string_view, Field> variables;                  // Go
  std::vector<std::uint32_t> files;
};

class TypeTable {
 public:
  TypeTable(std::span<const FileFacts> files, const TypedLayout& layout, std::span<const FileScope> scopes,
            const TypedRules& rules);

  std::span<const FileFacts> files() const { return files_; }
  const TypedRules& rules() const { return rules_; }
  const TypeInfo& type(TypeId id) const { return types_[id]; }
  std::size_t type_count() const { return types_.size(); }
  const NamespaceInfo& ns(NamespaceId id) const { return namespaces_[id]; }
  std::optional<NamespaceId> find_namespace(std::string_view qualified) const;
  std::optional<TypeId> find_type(std::string_view qualified) const;

  // The type a Class or Interface definition declares (kNone for others).
  TypeId type_of(ScopeRef definition) const;
  // The innermost type around a context (a Go method's receiver type).
  TypeId enclosing_type(Context context) const;
  // The namespace a context's top-level definition is named in.
  NamespaceId namespace_of(Context context) const;
  // The namespace a type is declared in (a nested type's: its outermost type's).
  NamespaceId namespace_of_type(TypeId type) const;
  const FileScope& scope_of(std::uint32_t file) const { return scopes_[file]; }
  // The namespaces of the tree the file's FileScope::open_namespaces names.
  std::span<const NamespaceId> open_namespaces(std::uint32_t file) const { return open_ids_[file]; }

  // A type as written, read where it is written. The arguments of the
  // result view `chain`: keep it alive while they are read.
  DeclaredType resolve_type(std::span<const Link> chain, Context context) const;
  // The index of `name` among a class template's type parameters (those of
  // its first part that has any: the primary template's, or a
  // specialisation's read as the primary), or nullopt.
  std::optional<std::uint8_t> template_parameter(TypeId type, std::string_view name) const;
  // The declared return type of a Function or Method.
  DeclaredType return_type(ScopeRef callable) const;
  // The type a property-like member yields when read (C# accessors).
  // `type` and its supertypes, nearest first, each once.
  // (Kept once the table is built.)
  std::span<const TypeId> lineage(TypeId type) const;
  // The methods named `name` of the first type along the lineage that has any.
  const std::vector<ScopeRef>* find_methods(TypeId type, std::string_view name) const;
  const Field* find_field(TypeId type, std::string_view name) const;
  // Whether members may come from outside the tree (an external supertype).
  bool open_lineage(TypeId type) const;
  // C# extension methods named `name`.
  const std::vector<ScopeRef>* extension_methods(std::string_view name) const;
  // Whether a macro of the tree named `name` ("m!", typed_facts.hpp) is
  // visible where it is invoked: one defined under the same root namespace
  // (a Rust crate), or one of another root the file imports by name; with
  // TypedRules::calls_may_be_macros, any the tree defines.
  bool is_macro(std::string_view name, Context context) const;

  std::vector<std::vector<std::string>> take_qualified_names() { return std::move(qualified_names_); }
  const std::vector<DetachedMember>& detached_members() const { return detached_; }
  // A nested or imported type or namespace the first name of a chain names.
  struct NameMeaning {
    enum class Kind : std::uint8_t { None, Type, Namespace, External } kind = Kind::None;
    std::uint32_t id = kNone;
    // Type: the type arguments an alias gives it (ImportedName::arguments), read at `where`.
    std::span<const Link> arguments{};
    Context where{};
  };
  NameMeaning lookup_type_name(std::string_view name, Context context) const;

 private:
  void add_namespaces();
  void add_types();
  // Definition d of file f as a part of the type `prefix.name` (a new one
  // the first time that name is seen).
  void add_type_part(std::uint32_t f, ScopeIndex d, std::string_view prefix);
  void add_members();
  // TypedRules::sign_shared_names: the signatures of overloads join their names.
  void sign_shared_names();
  // A member declared outside its type (a Go method, a C++ out-of-line definition).
  static bool is_detached(const Definition& definition);
  // The signature a member's qualified name carries as add_types names it.
  std::string_view signature_of(const Definition& definition) const;
  void resolve_supertypes();
  void resolve_member_types();
  void resolve_returns(std::uint32_t file) const;
  NamespaceId intern_namespace(std::string_view qualified);
  std::string_view top_namespace(std::uint32_t file, ScopeIndex def) const;
  // What an import's target names; a name another namespace's file imports
  // (a Rust `pub use`) is followed to what it names there.
  NameMeaning meaning_of_target(std::string_view target, int depth = 0) const;
  std::vector<TypeId> compute_lineage(TypeId type) const;

  std::span<const FileFacts> files_;
  const TypedLayout& layout_;
  std::span<const FileScope> scopes_;
  const TypedRules& rules_;
  std::vector<TypeInfo> types_;
  std::vector<NamespaceInfo> namespaces_;
  // Looked up by string_view without building a string.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  };
  std::unordered_map<std::string, NamespaceId, NameHash, std::equal_to<>> namespace_ids_;
  std::unordered_map<std::string, TypeId, NameHash, std::equal_to<>> type_ids_;
  std::vector<std::vector<TypeId>> type_of_definition_;  // [file][def]
  std::vector<std::vector<NamespaceId>> open_ids_;        // [file]: its open namespaces in the tree
  std::vector<std::vector<std::string>> qualified_names_;
  std::vector<DetachedMember> detached_;
  std::unordered_map<std::uint64_t, TypeId> detached_owner_;  // (file, def) of a detached method -> its type
  std::unordered_map<std::string_view, std::vector<ScopeRef>> extensions_;
  std::unordered_map<std::string_view, std::vector<std::string_view>> macros_;  // name -> root namespaces defining it
  // (file, top-level definition) -> its namespace nested in the file's.
  std::unordered_map<std::uint64_t, std::string> nested_namespaces_;
  // [file][def]: declared return types, a file's resolved when one of them
  // is first read (a one-file re-index reads those of the few files its
  // calls reach).
  mutable std::vector<std::vector<DeclaredType>> returns_;
  mutable std::unique_ptr<std::once_flag[]> returns_resolved_;  // [file]
  std::vector<std::vector<TypeId>> lineages_;         // [type]: itself, then its supertypes, nearest first
  std::vector<std::uint8_t> open_;                    // [type]: a supertype along it is outside the tree
};

}  // namespace trellis::ingest::resolve
