// What a name expression of a statically typed program evaluates to:
// receiver typing. `this.repo.save` is a Callable (the overloads of
// `save` on the declared type of the field `repo`); `new Foo(a).run()` is
// an Instance of run's declared return type. Locals and parameters are
// typed by their declarations, else by their initialisers; fields and
// returns by the TypeTable; members are looked up along supertypes. A
// local read at a line is its last assignment above whose block holds the
// line (Assignment::block_end), and with Go's blocks also each later
// plain `=` in a block closed since: a local that may hold several
// closures is a Callable of them all (Value::every).
// One Typer per file being resolved (it memoises that file's locals).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "resolve/type_table.hpp"

namespace trellis::ingest::resolve {

// A receiver's type arguments (Value::arguments) and, when they were
// written inside a class template, the binding of that template's own
// receiver (`Holder<W>`'s `Box<T> box`: box's T is Holder's W).
struct Binding {
  TypeId type = kNone;
  std::span<const Link> arguments;
  Context where;
  const struct Binding* outer = nullptr;
};

struct Value {
  enum class Kind : std::uint8_t { Unknown, External, Namespace, Type, Instance, Super, Callable };
  Kind kind = Kind::Unknown;
  std::uint32_t id = kNone;                          // Namespace, Type, Instance, Super
  const std::vector<ScopeRef>* overloads = nullptr;  // Callable
  std::uint8_t collection = 0;                       // Instance: a collection of them, so many levels deep
  bool handle = false;                               // Instance: a library's handle to one (kDerefLink)
  // Instance: its type's type arguments (DeclaredType::arguments), read at
  // `where`; Callable: those of the receiver it was found on (the Instance
  // of type `id`), which bind what its template parameters type.
  std::span<const Link> arguments;
  Context where;
  const Binding* outer = nullptr;  // what binds the template parameters `arguments` name
  // Instance: a reference to one (kReferenceLink), which an explicit
  // dereference reads through without calling its type's Deref.
  bool reference = false;
  // Callable: a local that may hold each of `overloads` (the closures of
  // the assignments that may reach the use): a call calls them all, not
  // the one overload resolution would choose.
  bool every = false;
  bool is(Kind k) const { return kind == k; }
  static Value of(Kind kind, std::uint32_t id = kNone) {
    Value value;
    value.kind = kind;
    value.id = id;
    return value;
  }
  static Value callable(const std::vector<ScopeRef>* overloads) {
    Value value = of(Kind::Callable);
    value.overloads = overloads;
    return value;
  }
};

class Typer {
 public:
  // `with_locals`: index the file's locals (only the file being resolved
  // reads them; another file's initialisers are read without).
  Typer(const TypeTable& table, std::uint32_t file, bool with_locals = true);

  // The value of `chain` read at `line` in `context`.
  Value evaluate(const LinkChain& chain, Context context, std::uint32_t line);
  // Those of the overloads that take `arity` arguments.
  std::vector<ScopeRef> of_arity(const std::vector<ScopeRef>& overloads, std::size_t arity) const;
  // Among overloads, the one a call with these arguments reaches.
  ScopeRef choose(const std::vector<ScopeRef>& overloads, std::optional<std::size_t> arity,
                  const std::vector<LinkChain>* arguments, Context context, std::uint32_t line);
  // The `operator()` overloads of an instance's class (a Callable bound to
  // it), else Unknown.
  Value call_operator(const Value& instance);
  // The value a declared type gives a variable (a template parameter no
  // receiver binds: unknown, or a library's collection or handle of it).
  static Value instance_of(DeclaredType type);
  // The value a member's declared type gives when read on `receiver`: a
  // template parameter of the receiver's class is its type argument.
  Value bound(DeclaredType declared, const Value& receiver, int depth = 0);

 private:
  Value evaluate(const LinkChain& chain, std::size_t length, Context context, std::uint32_t line, int depth);
  Value name_value(std::string_view name, bool called, Context context, std::uint32_t line, int depth);
  // A local or parameter in scope: its declaration, or the assignment whose
  // value types it.
  struct Local {
    bool found = false;
    const Assignment* assignment = nullptr;  // a local, when it has no declared type
    const LinkChain* declared = nullptr;     // its declared type
    ScopeIndex scope = kModuleScope;         // where that type is read
    // The local's assignments after `assignment` and above the use, in
    // blocks that closed before it (Go's): the plain `=` among them that
    // assign the variable the use sees may reach it too.
    std::span<const Assignment* const> later;
  };
  Local find_local(std::string_view name, Context context, std::uint32_t line) const;
  Value local_value(std::string_view name, Context context, std::uint32_t line, int depth, bool& found);
  Value assigned_value(const Assignment& assignment, int depth);
  Value member(Value of, std::string_view name, bool called, int depth);
  // What an operator member of an instance's class yields (`operator->`,
  // `operator[]`), Unknown when the class has none.
  Value operator_result(const Value& of, std::string_view name, std::size_t arity);
  Value field_value(const Field& field, int depth);
  Value call(Value callee, const Link& link, Context context, std::uint32_t line, int depth);
  Value result(Value callee, const Link& link, std::string_view index, Context context, std::uint32_t line);
  Value unbound(std::string_view name, Context context) const;
  // An argument's type as overloads are told apart by (`String`, `User[]`); empty when unknown.
  std::string argument_text(const LinkChain& argument, Context context, std::uint32_t line);
  // The declared type of a local or parameter, when it has one.
  const LinkChain* local_annotation(std::string_view name, Context context, std::uint32_t line) const;
  // C# extension methods named `name` whose `this` type is along `along`.
  const std::vector<ScopeRef>* applicable_extensions(std::string_view name, std::span<const TypeId> along);

  const TypeTable& table_;
  std::uint32_t file_;
  // By function or method: its locals by name, in source order.
  std::vector<std::unordered_map<std::string_view, std::vector<const Assignment*>>> locals_;
  std::unordered_map<const Assignment*, Value> assigned_;  // memoised initialiser values
  std::deque<std::vector<ScopeRef>> chosen_;               // filtered overload sets Values point into
  std::deque<Binding> bindings_;                           // the outer bindings Values point to
};

}  // namespace trellis::ingest::resolve
