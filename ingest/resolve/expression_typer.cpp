#include "resolve/expression_typer.hpp"

#include "resolve/typed_facts.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace trellis::ingest::resolve {
namespace {

// Bounds chains of initialisers that refer to each other (a = b.f(); b = a.g()).
constexpr int kMaxDepth = 16;

bool contains(const std::vector<std::string_view>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool callable(Label label) { return label == Label::Function || label == Label::Method; }

std::optional<std::size_t> arity_of(const Link& call) {
  std::size_t value = 0;
  const auto* end = call.text.data() + call.text.size();
  if (call.text.empty() || std::from_chars(call.text.data(), end, value).ptr != end) return std::nullopt;
  return value;
}

std::string_view last_name(std::string_view qualified) {
  const auto dot = qualified.rfind('.');
  return dot == std::string_view::npos ? qualified : qualified.substr(dot + 1);
}

// A declared type as overloads are told apart by: its last name, then "[]"
// for each collection level (`String[]`, `List`); a handle as what it holds.
std::string declared_text(const LinkChain& chain) {
  if (chain.size() == 1 && chain[0].kind == kTemplateParameterKind) return {};  // `T`: any type
  std::size_t end = chain.size();
  std::string arrays;
  while (end > 0 && (chain[end - 1].text == kElementLink || chain[end - 1].text == kDerefLink)) {
    --end;
    if (chain[end].text == kElementLink) arrays += kElementLink;
  }
  end = name_length(std::span<const Link>(chain).first(end));  // `Box<W>` is `Box`
  return end == 0 ? std::string() : chain[end - 1].text + arrays;
}

// A generic method's type parameter, by the naming every style guide uses
// (`T`, `E`, `K2`, `T[]`): it matches any argument type.
bool is_type_parameter(std::string_view text) {
  while (text.ends_with(kElementLink)) text.remove_suffix(kElementLink.size());
  return !text.empty() && text.size() <= 2 && std::isupper(static_cast<unsigned char>(text[0])) != 0 &&
         (text.size() == 1 || std::isdigit(static_cast<unsigned char>(text[1])) != 0);
}

}  // namespace

Typer::Typer(const TypeTable& table, std::uint32_t file, bool with_locals) : table_(table), file_(file) {
  const FileFacts& facts = table.files()[file];
  locals_.resize(facts.definitions.size());
  if (!with_locals) return;
  for (const Assignment& assignment : facts.all_assignments()) {
    if (assignment.scope == kModuleScope || !callable(facts.definitions[assignment.scope].label)) continue;
    if (assignment.target.size() != 1 || assignment.target[0].kind != Link::Kind::Name) continue;
    locals_[assignment.scope][assignment.target[0].text].push_back(&assignment);
  }
}

Value Typer::instance_of(DeclaredType type) {
  switch (type.kind) {
    case DeclaredType::Kind::Type: {
      Value out{Value::Kind::Instance, type.type, nullptr, type.collection, type.handle, type.arguments, type.where};
      out.reference = type.reference;
      return out;
    }
    case DeclaredType::Kind::External: return Value::of(Value::Kind::External);
    case DeclaredType::Kind::Parameter:
      return type.collection > 0 || type.handle ? Value::of(Value::Kind::External) : Value{};
    case DeclaredType::Kind::Unknown: break;
  }
  return {};
}

Value Typer::bound(DeclaredType declared, const Value& receiver, int depth) {
  if (declared.kind != DeclaredType::Kind::Parameter) {
    Value out = instance_of(declared);
    // Its own type arguments may name the receiver's template parameters.
    if (out.is(Value::Kind::Instance) && !out.arguments.empty() && !receiver.arguments.empty()) {
      out.outer = &bindings_.emplace_back(Binding{receiver.id, receiver.arguments, receiver.where, receiver.outer});
    }
    return out;
  }
  if (receiver.id != declared.type || depth > kMaxDepth) return instance_of(declared);
  const std::span<const Link> argument = type_argument(receiver.arguments, declared.parameter);
  if (argument.empty()) return instance_of(declared);
  DeclaredType actual = table_.resolve_type(argument, receiver.where);
  Value out;
  if (actual.kind == DeclaredType::Kind::Parameter) {  // written inside a template: its receiver binds it
    if (receiver.outer == nullptr) return instance_of(declared);
    const Binding& outer = *receiver.outer;
    out = bound(actual, {Value::Kind::Instance, outer.type, nullptr, 0, false, outer.arguments, outer.where, outer.outer},
                depth + 1);
  } else {
    out = instance_of(actual);
    out.outer = receiver.outer;  // its arguments are read where the receiver's are
  }
  if (out.is(Value::Kind::Instance)) {  // `vector<T>` of `Box<W>` is a vector of W
    out.collection = static_cast<std::uint8_t>(out.collection + declared.collection);
    out.handle = out.handle || declared.handle;
  } else if (out.is(Value::Kind::Unknown) && (declared.collection > 0 || declared.handle)) {
    return Value::of(Value::Kind::External);
  }
  return out;
}

Value Typer::evaluate(const LinkChain& chain, Context context, std::uint32_t line) {
  return evaluate(chain, chain.size(), context, line, 0);
}

Value Typer::evaluate(const LinkChain& chain, std::size_t length, Context context, std::uint32_t line, int depth) {
  if (length == 0 || depth > kMaxDepth) return {};
  const Link& first = chain[0];
  const auto called_at = [&](std::size_t i) { return i + 1 < length && chain[i + 1].kind == Link::Kind::Call; };
  Value value;
  std::size_t next = 1;  // the first link after the value's start
  if (first.kind == Link::Kind::Name && first.text == kFunctionLiteralLink) {  // a closure (typed_facts.hpp)
    ScopeIndex closure = kModuleScope;
    if (length < 2 ||
        std::from_chars(chain[1].text.data(), chain[1].text.data() + chain[1].text.size(), closure).ec != std::errc{} ||
        closure >= table_.files()[context.file].definitions.size()) {
      return {};
    }
    value = Value::callable(&chosen_.emplace_back(std::vector<ScopeRef>{{context.file, closure}}));
    next = 2;
  } else if (first.kind == Link::Kind::Name) {
    value = name_value(first.text, called_at(0), context, line, depth);
  } else if (first.kind == Link::Kind::Literal) {
    value = Value::of(Value::Kind::External);  // members of a literal are the language's own
  } else {
    return {};
  }
  for (std::size_t i = next; i < length; ++i) {
    const Link& link = chain[i];
    if (value.is(Value::Kind::Unknown)) return value;
    switch (link.kind) {
      case Link::Kind::Attribute:
        if (i == 1 && (link.text == kDerefLink || link.text == kIndirectionLink) && contains(table_.rules().self_names, first.text)) {
          break;  // `this->`, `*this`: a pointer's
        }
        value = member(value, link.text, called_at(i), depth);
        break;
      case Link::Kind::Call:
        if (i + 1 < length && chain[i + 1].kind == Link::Kind::Attribute && chain[i + 1].text.starts_with('#')) {
          value = result(value, link, chain[i + 1].text, context, line);  // `x, err := f()`: one of its results
          ++i;
        } else {
          value = call(value, link, context, line, depth);
        }
        break;
      default: return {};
    }
  }
  return value;
}

Typer::Local Typer::find_local(std::string_view name, Context context, std::uint32_t line) const {
  if (context.file != file_) return {};
  const auto& definitions = table_.files()[file_].definitions;
  for (ScopeIndex d = context.scope; d != kModuleScope; d = definitions[d].parent) {
    const Definition& definition = definitions[d];
    if (!callable(definition.label)) continue;
    // A local assigned before the line: the last such assignment whose block
    // holds the line (Assignment::block_end; what came before it is
    // overwritten), and the later ones in blocks closed since; with none
    // above, the first (a loop's variable read above its declaration does
    // not happen in typed code). Assigned above only in closed blocks (Go),
    // the name is no local of this scope.
    if (const auto it = locals_[d].find(name); it != locals_[d].end()) {
      const std::vector<const Assignment*>& assignments = it->second;
      std::size_t first = 0;
      std::size_t last_above = 0;
      bool above = false;
      bool reaches = false;
      for (std::size_t a = 0; a < assignments.size(); ++a) {
        if (assignments[a]->line > line) continue;
        above = true;
        last_above = a;
        if (assignments[a]->block_end >= line) {
          first = a;
          reaches = true;
        }
      }
      if (reaches || !above) {
        const Assignment* chosen = assignments[first];
        // Go's locals are in source order (only its block_ends close).
        const std::span<const Assignment* const> later =
            last_above > first ? std::span(assignments).subspan(first + 1, last_above - first)
                               : std::span<const Assignment* const>();
        return {true, chosen, chosen->annotation.empty() ? nullptr : &chosen->annotation, chosen->scope, later};
      }
    }
    for (const auto& [parameter, annotation] : definition.annotated_parameters) {
      if (parameter == name) return {true, nullptr, &annotation, d, {}};
    }
    if (std::find(definition.parameters.begin(), definition.parameters.end(), name) != definition.parameters.end()) {
      return {true, nullptr, nullptr, d, {}};  // a parameter of no declared type
    }
  }
  return {};
}

Value Typer::local_value(std::string_view name, Context context, std::uint32_t line, int depth, bool& found) {
  const Local local = find_local(name, context, line);
  found = local.found;
  Value value;
  if (local.declared != nullptr) {
    value = instance_of(table_.resolve_type(*local.declared, {file_, local.scope}));
  } else if (local.assignment != nullptr) {
    value = assigned_value(*local.assignment, depth);
  }
  if (local.later.empty()) return value;
  // The plain `=` in blocks closed before the use may have left their
  // values (`if c { run = f2 }`), but not those that assign a variable a
  // declaration in such a block shadows (`if c { run := f2; run = f3 }`),
  // up to its block's end: together the callables they hold.
  std::vector<ScopeRef> union_of;
  const auto add = [&](const Value& held) {
    if (!held.is(Value::Kind::Callable)) return;
    for (const ScopeRef ref : *held.overloads) {
      if (std::find(union_of.begin(), union_of.end(), ref) == union_of.end()) union_of.push_back(ref);
    }
  };
  add(value);
  std::uint32_t shadowed_until = 0;
  for (const Assignment* assignment : local.later) {
    if (!assignment->reassigns) {
      shadowed_until = std::max(shadowed_until, assignment->block_end);
    } else if (assignment->line > shadowed_until) {
      add(assigned_value(*assignment, depth));
    }
  }
  if (union_of.empty() || (value.is(Value::Kind::Callable) && union_of.size() == value.overloads->size())) return value;
  Value every = Value::callable(&chosen_.emplace_back(std::move(union_of)));
  every.every = true;
  return every;
}

Value Typer::assigned_value(const Assignment& assignment, int depth) {
  if (const auto memo = assigned_.find(&assignment); memo != assigned_.end()) return memo->second;
  assigned_[&assignment] = Value{};  // a cycle reads Unknown
  const Value value = evaluate(assignment.value, assignment.value.size(), {file_, assignment.scope}, assignment.line, depth + 1);
  assigned_[&assignment] = value;
  return value;
}

const LinkChain* Typer::local_annotation(std::string_view name, Context context, std::uint32_t line) const {
  const Local local = find_local(name, context, line);
  return local.declared != nullptr && !local.declared->empty() ? local.declared : nullptr;
}

Value Typer::field_value(const Field& field, int depth) {
  if (field.type.kind != DeclaredType::Kind::Unknown || field.declaration->value.empty()) return instance_of(field.type);
  if (field.file != file_) {
    // Another file's initialiser: read it without this file's locals.
    Typer other(table_, field.file, false);
    return other.evaluate(field.declaration->value, field.declaration->value.size(),
                          {field.file, field.declaration->scope}, field.declaration->line, depth + 1);
  }
  if (const auto memo = assigned_.find(field.declaration); memo != assigned_.end()) return memo->second;
  assigned_[field.declaration] = Value{};
  const Value value = evaluate(field.declaration->value, field.declaration->value.size(),
                               {field.file, field.declaration->scope}, field.declaration->line, depth + 1);
  assigned_[field.declaration] = value;
  return value;
}

Value Typer::unbound(std::string_view name, Context context) const {
  // Every name of a compiled program is declared: one declared nowhere in
  // the tree is the language's or a library's (Go's builtins, java.lang,
  // System), or a member inherited from outside the tree.
  if (table_.rules().unbound_names_external) return Value::of(Value::Kind::External);
  if (!name.empty() && std::isupper(static_cast<unsigned char>(name[0])) != 0) return Value::of(Value::Kind::External);
  // Members are read unqualified only where `this` is implicit.
  for (TypeId t = table_.rules().implicit_this ? table_.enclosing_type(context) : kNone; t != kNone;
       t = table_.type(t).outer) {
    if (table_.open_lineage(t)) return Value::of(Value::Kind::External);
  }
  return {};  // a lambda's parameter, say: unknown
}

Value Typer::name_value(std::string_view name, bool called, Context context, std::uint32_t line, int depth) {
  const TypedRules& rules = table_.rules();
  if (contains(rules.self_names, name)) {
    const TypeId self = table_.enclosing_type(context);
    return self == kNone ? Value{} : Value::of(Value::Kind::Instance, self);
  }
  if (contains(rules.super_names, name)) {
    const TypeId self = table_.enclosing_type(context);
    return self == kNone ? Value{} : Value::of(Value::Kind::Super, self);
  }
  bool found = false;
  if (Value local = local_value(name, context, line, depth, found); found) return local;
  if (rules.implicit_this) {
    for (TypeId t = table_.enclosing_type(context); t != kNone; t = table_.type(t).outer) {
      const auto* methods = table_.find_methods(t, name);
      const Field* field = table_.find_field(t, name);
      if (methods != nullptr && (called || field == nullptr)) return Value::callable(methods);
      if (field != nullptr) return field_value(*field, depth);
    }
  }
  for (const ImportedName& imported : table_.scope_of(context.file).static_imports) {
    if (imported.name != name && imported.name != "*") continue;
    const std::string_view member_name = imported.member.empty() || imported.name == "*" ? name : std::string_view(imported.member);
    const auto type = table_.find_type(imported.target);
    if (!type) {
      if (rules.namespace_functions) {
        if (const auto ns = table_.find_namespace(imported.target)) {
          const NamespaceInfo& info = table_.ns(*ns);
          if (const auto it = info.functions.find(member_name); it != info.functions.end()) {
            return Value::callable(&it->second);
          }
          if (const auto it = info.variables.find(member_name); it != info.variables.end()) {
            return field_value(it->second, depth);
          }
          continue;  // a type or namespace of that name: below
        }
      }
      if (imported.name == name) return Value::of(Value::Kind::External);
      continue;
    }
    if (const auto* methods = table_.find_methods(*type, member_name)) return Value::callable(methods);
    if (const Field* field = table_.find_field(*type, member_name)) return field_value(*field, depth);
  }
  if (rules.namespace_functions) {
    // The context's namespace, (C++) the ones around it, then the open ones.
    Value held;
    const auto holds = [&](NamespaceId ns) {
      const NamespaceInfo& info = table_.ns(ns);
      if (const auto it = info.functions.find(name); it != info.functions.end()) {
        held = Value::callable(&it->second);
        return true;
      }
      if (const auto it = info.variables.find(name); it != info.variables.end()) {
        held = field_value(it->second, depth);
        return true;
      }
      return false;
    };
    const NamespaceId own = table_.namespace_of(context);
    if (holds(own)) return held;
    if (rules.enclosing_namespaces) {
      for (std::string_view qualified = table_.ns(own).qualified; !qualified.empty();) {
        const auto dot = qualified.rfind('.');
        qualified = dot == std::string_view::npos ? std::string_view{} : qualified.substr(0, dot);
        if (const auto ns = table_.find_namespace(qualified); ns && holds(*ns)) return held;
      }
    }
    for (const NamespaceId ns : table_.open_namespaces(context.file)) {
      if (holds(ns)) return held;
    }
  }
  using Kind = TypeTable::NameMeaning::Kind;
  switch (const auto meaning = table_.lookup_type_name(name, context); meaning.kind) {
    case Kind::Type: return Value::of(Value::Kind::Type, meaning.id);
    case Kind::Namespace: return Value::of(Value::Kind::Namespace, meaning.id);
    case Kind::External: return Value::of(Value::Kind::External);
    case Kind::None: break;
  }
  return unbound(name, context);
}

Value Typer::call_operator(const Value& instance) {
  if (!instance.is(Value::Kind::Instance) || instance.collection != 0 || instance.handle) return {};
  const auto* overloads = table_.find_methods(instance.id, "operator()");
  if (overloads == nullptr) return {};
  return {Value::Kind::Callable, instance.id, overloads, 0, false, instance.arguments, instance.where, instance.outer};
}

std::vector<ScopeRef> Typer::of_arity(const std::vector<ScopeRef>& overloads, std::size_t arity) const {
  std::vector<ScopeRef> out;
  for (const ScopeRef ref : overloads) {
    const Definition& definition = table_.files()[ref.file].definitions[ref.def];
    if (definition.parameters.size() == arity || (definition.is_variadic && arity + 1 >= definition.parameters.size())) {
      out.push_back(ref);
    }
  }
  return out;
}

Value Typer::operator_result(const Value& of, std::string_view name, std::size_t arity) {
  if (!of.is(Value::Kind::Instance) || of.collection != 0 || of.handle) return {};
  const auto* overloads = table_.find_methods(of.id, name);
  if (overloads == nullptr) return {};
  const std::vector<ScopeRef> fitting = of_arity(*overloads, arity);
  if (fitting.empty()) return {};
  return bound(table_.return_type(choose(fitting, arity, nullptr, {}, 0)), of);
}

Value Typer::member(Value of, std::string_view name, bool called, int depth) {
  if (name == kReferenceLink) {  // `&x`
    if (of.is(Value::Kind::Instance)) of.reference = true;
    return of;
  }
  if (name == kElementLink) {  // an element of a collection
    of.reference = false;
    if (of.is(Value::Kind::Instance) && of.collection > 0) {
      --of.collection;
      return of;
    }
    if (of.is(Value::Kind::Instance) && of.handle) {  // a pointer's
      of.handle = false;
      return of;
    }
    if (Value element = operator_result(of, "operator[]", 1); !element.is(Value::Kind::Unknown)) return element;
    return of.is(Value::Kind::External) ? of : Value{};
  }
  if (name == kIndirectionLink && of.is(Value::Kind::Instance) && of.collection == 0 && !of.handle) {
    if (of.reference) {  // a reference's own dereference
      of.reference = false;
      return of;
    }
    // A type's Deref (Rust's `impl Deref`): its Target (TypeInfo::reached_only).
    if (const auto& targets = table_.type(of.id).reached_only; !targets.empty()) return Value::of(Value::Kind::Instance, targets.front());
  }
  if (name == kDerefLink || name == kIndirectionLink) {  // through a handle or pointer to what it points at
    // A class's own `->` / `*` (an iterator, a smart pointer of the tree's): what it yields.
    if (Value pointee = operator_result(of, name == kDerefLink ? "operator->" : "operator*", 0); !pointee.is(Value::Kind::Unknown)) {
      if (pointee.is(Value::Kind::Instance) && pointee.collection == 0) pointee.handle = false;  // `->` again through its pointer
      return pointee;
    }
    if (of.is(Value::Kind::Instance) && of.collection == 0) of.handle = false;
    return of.is(Value::Kind::Instance) || of.is(Value::Kind::External) ? of : Value{};
  }
  // A slice, map or array has no members of ours (Go's have none at all), nor a handle.
  if (of.is(Value::Kind::Instance) && (of.collection > 0 || of.handle)) return Value::of(Value::Kind::External);
  switch (of.kind) {
    case Value::Kind::Instance:
    case Value::Kind::Super:
    case Value::Kind::Type: {
      std::span<const TypeId> along = table_.lineage(of.id);
      if (of.is(Value::Kind::Super)) along = along.subspan(1);
      if (of.is(Value::Kind::Type)) {
        if (const auto it = table_.type(of.id).nested.find(name); it != table_.type(of.id).nested.end()) {
          return Value::of(Value::Kind::Type, it->second);
        }
      }
      const std::vector<ScopeRef>* methods = nullptr;
      const Field* field = nullptr;
      for (const TypeId t : along) {
        const TypeInfo& info = table_.type(t);
        if (methods == nullptr) {
          if (const auto it = info.methods.find(name); it != info.methods.end()) methods = &it->second;
        }
        if (field == nullptr) {
          if (const auto it = info.fields.find(name); it != info.fields.end()) field = &it->second;
        }
      }
      if (methods != nullptr && (called || field == nullptr)) {
        const ScopeRef only = methods->front();
        const Definition& definition = table_.files()[only.file].definitions[only.def];
        if (definition.is_accessor && !called) return bound(table_.return_type(only), of);
        if (!of.is(Value::Kind::Instance)) return Value::callable(methods);
        return {Value::Kind::Callable, of.id, methods, 0, false, of.arguments, of.where, of.outer};
      }
      if (field != nullptr) {
        if (field->type.kind != DeclaredType::Kind::Unknown && of.is(Value::Kind::Instance)) return bound(field->type, of);
        return field_value(*field, depth);
      }
      if (!of.is(Value::Kind::Type)) {
        if (const auto* extensions = applicable_extensions(name, along)) return Value::callable(extensions);
      }
      return table_.open_lineage(of.id) ? Value::of(Value::Kind::External) : Value{};
    }
    case Value::Kind::Namespace: {
      const NamespaceInfo& info = table_.ns(of.id);
      if (const auto it = info.types.find(name); it != info.types.end()) return Value::of(Value::Kind::Type, it->second);
      if (const auto it = info.children.find(name); it != info.children.end()) {
        return Value::of(Value::Kind::Namespace, it->second);
      }
      if (const auto it = info.functions.find(name); it != info.functions.end()) {
        return Value::callable(&it->second);
      }
      if (const auto it = info.variables.find(name); it != info.variables.end()) return field_value(it->second, depth);
      // A function or variable one of its files imports (a Rust `pub use a::f`).
      for (const std::uint32_t file : info.files) {
        for (const ImportedName& imported : table_.scope_of(file).static_imports) {
          if (imported.name != name || depth > kMaxDepth) continue;
          const auto target = table_.find_namespace(imported.target);
          if (!target || *target == of.id) continue;
          const Value value = member(Value::of(Value::Kind::Namespace, *target),
                                     imported.member.empty() ? name : std::string_view(imported.member), called, depth + 1);
          if (!value.is(Value::Kind::Unknown)) return value;
        }
      }
      // A namespace the tree only shares a prefix with (`com` of `com.google`), or one open to libraries.
      return info.files.empty() || table_.rules().open_namespaces ? Value::of(Value::Kind::External) : Value{};
    }
    case Value::Kind::External: return of;
    default: return {};
  }
}

const std::vector<ScopeRef>* Typer::applicable_extensions(std::string_view name, std::span<const TypeId> along) {
  const auto* extensions = table_.extension_methods(name);
  if (extensions == nullptr) return nullptr;
  // Those whose `this` parameter is the receiver's type or a supertype of it.
  std::vector<ScopeRef> applicable;
  for (const ScopeRef ref : *extensions) {
    const Definition& definition = table_.files()[ref.file].definitions[ref.def];
    if (definition.annotated_parameters.empty()) continue;
    const DeclaredType self = table_.resolve_type(definition.annotated_parameters.front().second, {ref.file, ref.def});
    if (self.kind == DeclaredType::Kind::Type && self.collection == 0 &&
        std::find(along.begin(), along.end(), self.type) != along.end()) {
      applicable.push_back(ref);
    }
  }
  if (applicable.empty()) return nullptr;
  return &chosen_.emplace_back(std::move(applicable));
}

Value Typer::call(Value callee, const Link& link, Context context, std::uint32_t line, int depth) {
  switch (callee.kind) {
    case Value::Kind::Callable: {
      const ScopeRef chosen = choose(*callee.overloads, arity_of(link), nullptr, context, line);
      return bound(table_.return_type(chosen),
                   {Value::Kind::Instance, callee.id, nullptr, 0, false, callee.arguments, callee.where, callee.outer});
    }
    case Value::Kind::Type: return Value::of(Value::Kind::Instance, callee.id);  // a constructor
    case Value::Kind::Instance:  // an object's `operator()`
      if (const Value operator_call = call_operator(callee); operator_call.is(Value::Kind::Callable)) {
        return call(operator_call, link, context, line, depth);
      }
      return {};
    case Value::Kind::External: return callee;
    default: (void)depth; return {};
  }
}

Value Typer::result(Value callee, const Link& link, std::string_view index, Context context, std::uint32_t line) {
  if (callee.is(Value::Kind::External)) return callee;
  if (!callee.is(Value::Kind::Callable)) return {};
  std::size_t which = 0;
  const auto* end = index.data() + index.size();
  if (std::from_chars(index.data() + 1, end, which).ptr != end) return {};
  const ScopeRef chosen = choose(*callee.overloads, arity_of(link), nullptr, context, line);
  const Definition& definition = table_.files()[chosen.file].definitions[chosen.def];
  if (which >= definition.results.size()) return which == 0 ? instance_of(table_.return_type(chosen)) : Value{};
  // Resolved where the callee is declared.
  return instance_of(table_.resolve_type(definition.results[which], {chosen.file, chosen.def}));
}

std::string Typer::argument_text(const LinkChain& argument, Context context, std::uint32_t line) {
  if (argument.size() == 1 && argument[0].kind == Link::Kind::Literal) return argument[0].text;
  if (argument.size() == 1 && argument[0].kind == Link::Kind::Name) {
    if (const LinkChain* annotation = local_annotation(argument[0].text, context, line)) return declared_text(*annotation);
  }
  const Value value = evaluate(argument, argument.size(), context, line, 1);
  if (!value.is(Value::Kind::Instance)) return {};
  std::string text(last_name(table_.type(value.id).qualified));
  for (std::uint8_t level = 0; level < value.collection; ++level) text += kElementLink;
  return text;
}

ScopeRef Typer::choose(const std::vector<ScopeRef>& overloads, std::optional<std::size_t> arity,
                       const std::vector<LinkChain>* arguments, Context context, std::uint32_t line) {
  if (overloads.size() == 1) return overloads.front();
  const auto definition_of = [&](ScopeRef ref) -> const Definition& {
    return table_.files()[ref.file].definitions[ref.def];
  };
  const auto takes = [&](const Definition& definition, std::size_t count) {
    const std::size_t declared = definition.parameters.size() - (definition.is_extension ? 1 : 0);
    return declared == count || (definition.is_variadic && count + 1 >= declared);
  };
  std::vector<ScopeRef> fitting;
  if (arity) {
    for (const ScopeRef ref : overloads) {
      if (takes(definition_of(ref), *arity)) fitting.push_back(ref);
    }
  }
  if (fitting.empty()) return overloads.front();
  if (fitting.size() == 1 || arguments == nullptr) return fitting.front();
  // Several of the right arity: the one whose parameter types the arguments' types match best.
  std::vector<std::string> argument_types;
  for (const LinkChain& argument : *arguments) argument_types.push_back(argument_text(argument, context, line));
  ScopeRef best = fitting.front();
  int best_score = -1;
  for (const ScopeRef ref : fitting) {
    const Definition& definition = definition_of(ref);
    int score = 0;
    const std::size_t skip = definition.is_extension ? 1 : 0;
    for (std::size_t i = 0; i < argument_types.size() && i + skip < definition.annotated_parameters.size(); ++i) {
      const std::string parameter = declared_text(definition.annotated_parameters[i + skip].second);
      if (argument_types[i].empty() || parameter.empty()) continue;
      if (parameter == argument_types[i]) {
        score += 2;
      } else if (!is_type_parameter(parameter)) {
        score -= 1;  // a type parameter (`T`, `T[]`) takes any argument: neither
      }
    }
    if (score > best_score) {
      best = ref;
      best_score = score;
    }
  }
  return best;
}

}  // namespace trellis::ingest::resolve
