// How the extractors of statically typed languages (Go, Java, C#, and the
// next ones) fill FileFacts, so that one resolver (typed_resolver.hpp)
// links them all. Only this header's conventions are shared; each
// language's extractor reads its own grammar.
//
// Names and chains
//   A name expression is a LinkChain read left to right (file_facts.hpp):
//   `this.repo.save(x)` is [Name this, Attribute repo, Attribute save];
//   `new Foo(a).run()` is [Name Foo, Call "1", Attribute run];
//   `auth.NewService()` is [Name auth, Attribute NewService].
//   A Call link's text is its argument count in decimal ("" when unknown).
//   `super.m()` / `base.M()` start with [Name super] / [Name base]; the
//   receiver of a method is `this` (Java, C#) or its named receiver (Go).
//   A literal is [Literal <type>] with the language's type name ("String",
//   "int", "string", "bool", ...). Anything else is [Opaque] or empty.
//   Parenthesised and cast expressions are read through (`((Foo) x).m()`
//   is [Name x, Attribute m] typed by the cast: [Name Foo] is fine too).
//
// Types
//   A type as written is a chain of names with generics erased:
//   `java.util.List<Foo>` is [Name java, Attribute util, Attribute List],
//   Go's `*auth.Service` is [Name auth, Attribute Service] (pointers read
//   through). C++ marks what a handle holds with kDerefLink
//   (type_table.hpp): `unique_ptr<T>` is [T, "*"], `p->f` [p, "*", f]. Arrays, slices, maps, channels, function types and tuples are
//   empty chains (no members to resolve). `var` / `:=` / C#'s `var` leave
//   the annotation empty and give the initialiser as `value`.
//
// Definitions (Definition)
//   Class: classes, structs, records, enums (and Go named non-interface
//   types); Interface: interfaces (Go interface types); Method: members of
//   a type, constructors (named "<init>"), C# properties with accessor
//   bodies (is_accessor, return_annotation = the property's type); Function:
//   Go's package-level functions. Lambdas, closures and anonymous classes
//   are no definitions: their calls belong to the enclosing method; but a
//   closure bound to a name (Go's `run := func() {...}`) is a Function
//   nested in the definition around it (at module level: a top-level
//   one), whose calls are its own, and the name holds [Name
//   kFunctionLiteralLink, Attribute <the Function's index in the file's
//   definitions>]: calling the name calls it.
//   - parent: the enclosing type (nested types, members); kModuleScope for
//     top-level types, Go functions, and Go methods (whose `qualifier` is
//     the receiver's type name, `Service` for `func (s *Service) Login()`).
//   - qualifier (top-level types): the package (Java) or the namespaces
//     enclosing it, joined with '.' (C#, block or file-scoped).
//   - signature: set on every member that shares its name with another
//     member of the same type: `(String,int)`, the erased simple names of the
//     parameter types, comma-separated, no spaces; empty otherwise.
//   - parameters: every parameter's name in order, without the receiver;
//     annotated_parameters: (name, type chain) for each that declares a
//     type; Go's receiver comes first there and is first_parameter.
//   - return_annotation: the declared return type (Go: the first result);
//     results: every result's type when there are several.
//   - bases: `extends` (Java), the base class or interface list (C#: all of
//     them; the resolver splits classes from interfaces), embedded types
//     (Go structs and interfaces); implements: `implements` (Java).
//     base_texts: each as written.
//   - decorators: annotations / attributes as written without '@' / '[]'.
//   - is_static, is_abstract, is_async, is_variadic, is_extension.
//   - span: from the declaration's first keyword or modifier after its
//     annotations (or its name) to the end of its body.
//
// Fields and locals (Assignment)
//   A field (Java/C# field, auto-property, enum constant, Go struct field,
//   Go embedded field named by its type): scope = the type, target = [Name
//   field], annotation = its type chain, value = its initialiser chain.
//   A local variable, parameter-like binding (for-each variable, catch
//   parameter, pattern variable, Go `:=`, `var`, range variables): scope =
//   the enclosing Function or Method, target = [Name x], annotation and/or
//   value; line = its line. `x, err := f()`: x gets value [f, Call "0"],
//   err [f, Call "0", Attribute "#1"] (the call's result 1). Package-level Go `var`s and constants:
//   scope kModuleScope.
//
// Calls (CallSite)
//   caller: the innermost Function or Method (kModuleScope for field
//   initialisers and package-level initialisers); scope: the innermost
//   definition (a type for a field initialiser). callee: the chain of the
//   called expression; arguments: one chain per argument. Constructor calls
//   (`new Foo(a)`) have callee [Name Foo]; `this(...)` / `super(...)` have
//   [Name this] / [Name super]; Java method references `Foo::bar` are calls
//   of [Name Foo, Attribute bar] with no Call arity (arguments empty).
//
// Imports (Import)
//   Java: `import a.b.C;` module "a.b" name "C" is_from; `import a.b.*;`
//   name "*"; `import static a.b.C.m;` module "a.b.C" name "m" level 1
//   (`.*` name "*"). C#: `using A.B;` module "A.B" name "*"; `using X =
//   A.B.C;` module "A.B.C" alias "X"; `using static A.B.C;` name "*" level
//   1. Go: `import x "p/q"` module "p/q" alias "x" (alias "" when absent,
//   "." for a dot import, "_" for a blank one).
//
// Type extensions (Rust `impl T` and `impl Trait for T` blocks)
//   A Class whose is_extension is set is a part of the type its name names
//   where it is written (declared in its namespace or imported), not a type
//   of its own: its members are that type's, its `implements` that type's
//   supertypes, its qualified name that type's (the writer then merges it
//   into the type's node). When the tree declares no such type, the part
//   stands for it (a Class named in the part's namespace whose members may
//   come from outside the tree). Its `bases` name types whose members the
//   type's values reach without being one (Rust's `type Target` of an
//   `impl Deref`): looked up along, never INHERITS.
//
// Nested namespaces (TypedRules::nested_namespaces, Rust's inline modules)
//   A top-level definition's qualifier is the path of the namespaces it is
//   nested in within its file's, dotted ("tests" for `mod tests { ... }`).
//
// Macros (Rust)
//   A macro definition (`macro_rules! m`) is a Function named "m!" (a
//   function m may sit beside it) whose decorators hold kMacroDecorator:
//   no call by name reaches it. An invocation `m!(...)` is a call site
//   whose callee is [Name "m!"]: never linked; one of a macro the tree
//   defines where it is visible (under the same root namespace, or
//   imported by name) is an unresolved site (not_callable), any other a
//   call out of the tree.
//
// Module-level: FileFacts::package_name is Go's `package` clause and Java's
// package; has_all is true and all_names the exported top-level names (Go:
// capitalised; Java and C#: public types).
#pragma once

#include <string_view>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::resolve {

// The first link of a value that is a closure of the file (typed_facts above).
inline constexpr std::string_view kFunctionLiteralLink = "<func>";

// The name constructors have as Methods.
inline constexpr std::string_view kConstructorName = "<init>";

// The method an explicit dereference calls (Rust's `*x`: an implicit call
// site [x.., Attribute "deref"]): the operand's type's Deref on a value; on
// a reference (kReferenceLink) or on `self` the language's own, no call.
inline constexpr std::string_view kDerefMethod = "deref";

// The decorator that marks a Function as a macro definition.
inline constexpr std::string_view kMacroDecorator = "macro_rules!";

inline bool is_macro_definition(const Definition& definition) {
  for (const std::string& decorator : definition.decorators) {
    if (decorator == kMacroDecorator) return true;
  }
  return false;
}

}  // namespace trellis::ingest::resolve
