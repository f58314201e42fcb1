#include "ts_resolver.hpp"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "resolve/classify_unresolved.hpp"
#include "trellis/common/parallel.hpp"
#include "ts_globals.hpp"

namespace trellis::ingest::typescript {
namespace {

// Bounds the evaluation of chains that refer to each other, so resolution
// always ends. A value computed past it, or through a cycle, is not cached
// (so the answer never depends on which file a thread resolved first).
constexpr int kMaxDepth = 24;
constexpr int kMaxChain = 32;  // classes along an `extends` chain

struct Value {
  enum class Kind : std::uint8_t { Unknown, External, Module, Class, Interface, Instance, Function, Super };
  Kind kind = Kind::Unknown;
  ScopeRef ref;      // Module: {file, module}; others: the definition
  std::string name;  // External: the package

  static Value unknown() { return {}; }
  static Value external(std::string_view package) { return {Kind::External, {}, std::string(package)}; }
  bool is(Kind k) const { return kind == k; }
  bool operator==(const Value&) const = default;
};

struct Binding {
  enum class Kind : std::uint8_t { Definition, Import, Assigned, Parameter, Local };
  Kind kind = Kind::Local;
  ScopeRef where;
  std::uint32_t index = kNone;                 // Definition: definition; Import: import
  std::vector<const Assignment*> assignments;  // Assigned
  const LinkChain* annotation = nullptr;       // Parameter
};

struct ScopeTable {
  std::unordered_map<std::string, Binding> names;
};

struct FileIndex {
  std::vector<ScopeTable> tables;  // by definition; the module's at the back
  // Module exports by exported name: indices of re-export imports.
  std::unordered_map<std::string, std::uint32_t> exports;
  std::vector<std::uint32_t> star_exports;  // `export * from`
  // By class: members by name (first definition wins: a getter before its setter).
  std::vector<std::unordered_map<std::string, ScopeIndex>> members;
  // By class: `this.<name>` assignments in its body and methods.
  std::vector<std::unordered_map<std::string, std::vector<const Assignment*>>> attributes;
  std::vector<ModuleTarget> import_targets;  // parallel to the file's imports
};

std::size_t slot(ScopeIndex scope, std::size_t definitions) { return scope == kModuleScope ? definitions : scope; }

bool is_type(Label label) { return label == Label::Class || label == Label::Interface; }

// The class whose `this` a scope sees: the nearest class, through methods
// and nested functions (arrow functions keep `this`).
ScopeIndex this_class(const FileFacts& facts, ScopeIndex scope) {
  for (ScopeIndex s = scope; s != kModuleScope; s = facts.definitions[s].parent) {
    if (facts.definitions[s].label == Label::Class) return s;
  }
  return kModuleScope;
}

class Tables {
 public:
  Tables(std::span<const FileFacts> files, const ModuleResolver& modules) : files_(files), index_(files.size()) {
    trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t f) { build(static_cast<std::uint32_t>(f), modules); });
  }
  std::span<const FileFacts> files() const { return files_; }
  const FileIndex& index(std::uint32_t file) const { return index_[file]; }
  const ScopeTable& table(std::uint32_t file, ScopeIndex scope) const {
    return index_[file].tables[slot(scope, files_[file].definitions.size())];
  }

 private:
  void build(std::uint32_t f, const ModuleResolver& modules) {
    const FileFacts& facts = files_[f];
    FileIndex& index = index_[f];
    const std::size_t n = facts.definitions.size();
    index.tables.resize(n + 1);
    index.members.resize(n);
    index.attributes.resize(n);
    index.import_targets.reserve(facts.imports.size());
    for (const Import& import : facts.imports) index.import_targets.push_back(modules.resolve(f, import.module));

    for (ScopeIndex d = 0; d < n; ++d) {
      const Definition& definition = facts.definitions[d];
      ScopeTable& own = index.tables[d];
      for (const std::string& local : definition.local_names) own.names[local] = {Binding::Kind::Local, {f, d}, kNone, {}, nullptr};
      for (const std::string& parameter : definition.parameters) {
        Binding binding{Binding::Kind::Parameter, {f, d}, kNone, {}, nullptr};
        for (const auto& [name, annotation] : definition.annotated_parameters) {
          if (name == parameter) binding.annotation = &annotation;
        }
        own.names[parameter] = std::move(binding);
      }
      if (definition.parent != kModuleScope && is_type(facts.definitions[definition.parent].label)) {
        index.members[definition.parent].try_emplace(definition.name, d);
      } else {
        // A function's or class's name is bound in the enclosing scope.
        index.tables[slot(definition.parent, n)].names[definition.name] =
            Binding{Binding::Kind::Definition, {f, definition.parent}, d, {}, nullptr};
      }
    }
    for (std::uint32_t i = 0; i < facts.imports.size(); ++i) {
      const Import& import = facts.imports[i];
      if (import.reexport) {
        if (import.name == "*" && import.alias == "*") {
          index.star_exports.push_back(i);
        } else {
          index.exports.try_emplace(import.alias, i);
        }
        continue;
      }
      if (import.alias.empty()) continue;  // a side effect
      index.tables[slot(import.scope, n)].names[import.alias] =
          Binding{Binding::Kind::Import, {f, import.scope}, i, {}, nullptr};
    }
    for (const Assignment& assignment : facts.all_assignments()) {
      if (assignment.target.size() == 2) {
        const ScopeIndex klass = this_class(facts, assignment.scope);
        if (klass != kModuleScope) index.attributes[klass][assignment.target[1].text].push_back(&assignment);
        continue;
      }
      ScopeTable& table = index.tables[slot(assignment.scope, n)];
      Binding& binding = table.names[assignment.target[0].text];
      if (binding.kind == Binding::Kind::Definition || binding.kind == Binding::Kind::Import) continue;
      if (binding.kind != Binding::Kind::Assigned) binding = Binding{Binding::Kind::Assigned, {f, assignment.scope}, kNone, {}, nullptr};
      binding.assignments.push_back(&assignment);
    }
  }

  std::span<const FileFacts> files_;
  std::vector<FileIndex> index_;
};

class Resolver {
 public:
  explicit Resolver(const Tables& tables) : tables_(tables), files_(tables.files()) {}

  Value evaluate(const LinkChain& chain, std::uint32_t file, ScopeIndex scope, int depth) {
    if (chain.empty() || depth > kMaxDepth) return limit();
    const FileFacts& facts = files_[file];
    std::size_t i = 1;
    Value value;
    const Link& head = chain[0];
    if (head.kind == Link::Kind::Name && head.text == "this" && lookup("this", file, scope) == nullptr) {
      const ScopeIndex klass = this_class(facts, scope);
      if (klass == kModuleScope) return Value::unknown();
      value = {Value::Kind::Instance, {file, klass}, {}};
    } else if (head.kind == Link::Kind::Name && head.text == "super") {
      const ScopeIndex klass = this_class(facts, scope);
      if (klass == kModuleScope) return Value::unknown();
      value = {Value::Kind::Super, {file, klass}, {}};
    } else if (head.kind == Link::Kind::Name) {
      value = resolve_name(head.text, file, scope, depth + 1);
    } else if (head.kind == Link::Kind::Literal) {
      value = Value::external("builtins");
    } else {
      return Value::unknown();
    }
    for (; i < chain.size(); ++i) {
      const Link& link = chain[i];
      switch (link.kind) {
        case Link::Kind::Attribute: value = member(value, link.text, depth + 1); break;
        case Link::Kind::Call: value = call_result(value, depth + 1); break;
        default: return Value::unknown();
      }
    }
    return value;
  }

  // The names `file` re-exports, in source order, each with the definition
  // or module it stands for in another file: `export {a as b} from m`,
  // `export * as ns from m`, `export {a}` of an imported `a`, and every name
  // `export * from m` passes on (m's own exports and what m re-exports, not
  // its default).
  std::vector<ReExport> re_exports(std::uint32_t file) {
    std::vector<std::string> names;
    std::set<std::uint32_t> visited{file};
    const auto add_name = [&](const std::string& name) {
      if (name == "module.exports" || std::find(names.begin(), names.end(), name) != names.end()) return;
      names.push_back(name);
    };
    // What `export * from <file>` passes on.
    const auto star_names = [&](auto& self, std::uint32_t from) -> void {
      if (!visited.insert(from).second) return;
      for (const std::string& name : files_[from].all_names) {
        if (name != "default") add_name(name);
      }
      for (const Import& import : files_[from].imports) {
        if (!import.reexport || import.alias == "default") continue;
        if (import.name == "*" && import.alias == "*") continue;
        add_name(import.alias);
      }
      const FileIndex& index = tables_.index(from);
      for (const std::uint32_t star : index.star_exports) {
        if (const ModuleTarget& target = index.import_targets[star]; target.is_file()) self(self, target.file);
      }
    };
    const FileIndex& index = tables_.index(file);
    const std::vector<Import>& imports = files_[file].imports;
    for (std::uint32_t i = 0; i < imports.size(); ++i) {
      const Import& import = imports[i];
      if (!import.reexport) continue;
      if (import.name == "*" && import.alias == "*") {
        if (const ModuleTarget& target = index.import_targets[i]; target.is_file()) star_names(star_names, target.file);
      } else {
        add_name(import.alias);
      }
    }
    std::vector<ReExport> out;
    for (const std::string& name : names) {
      const Value value = export_of(file, name, 0);
      const bool definition = value.is(Value::Kind::Function) || value.is(Value::Kind::Class) || value.is(Value::Kind::Interface);
      if ((definition || value.is(Value::Kind::Module)) && value.ref.file != file) out.push_back({file, name, value.ref});
    }
    return out;
  }

  // The class a class's `extends` names (nullopt: none, or outside the tree).
  std::optional<ScopeRef> base_of(ScopeRef klass, int depth) {
    const Definition& definition = files_[klass.file].definitions[klass.def];
    if (definition.bases.empty()) return std::nullopt;
    const Value base = evaluate(definition.bases[0], klass.file, definition.parent, depth + 1);
    if (!base.is(Value::Kind::Class) || base.ref == klass) return std::nullopt;
    return base.ref;
  }

  // A heritage expression's type: a Class or an Interface, else unknown.
  Value heritage(const LinkChain& chain, ScopeRef owner) {
    const Definition& definition = files_[owner.file].definitions[owner.def];
    const Value value = evaluate(chain, owner.file, definition.parent, 0);
    return value.is(Value::Kind::Class) || value.is(Value::Kind::Interface) ? value : Value::unknown();
  }

  // `super(...)`: the base class's constructor method, else the base class.
  Value super_constructor(ScopeRef klass) {
    const auto base = base_of(klass, 0);
    if (!base) {
      const Definition& definition = files_[klass.file].definitions[klass.def];
      if (definition.bases.empty()) return Value::unknown();
      const Value outside = evaluate(definition.bases[0], klass.file, definition.parent, 0);
      return outside.is(Value::Kind::External) ? outside : Value::unknown();
    }
    const Value constructor = class_member(*base, "constructor", false, 1);
    if (constructor.is(Value::Kind::Function)) return constructor;
    return {Value::Kind::Class, *base, {}};
  }

 private:
  Value limit() {
    ++cycles_;
    return Value::unknown();
  }

  // Caches `compute()` under `key` unless a cycle or the depth limit was met on the way.
  template <class Key, class Compute>
  Value memo(std::map<Key, Value>& cache, const Key& key, Compute&& compute) {
    if (const auto it = cache.find(key); it != cache.end()) {
      if (it->second.kind == Value::Kind::Unknown && in_progress_.contains(&it->second)) return limit();
      return it->second;
    }
    auto [it, added] = cache.emplace(key, Value::unknown());
    in_progress_.insert(&it->second);
    const std::size_t before = cycles_;
    const Value value = compute();
    in_progress_.erase(&it->second);
    if (cycles_ != before) {
      cache.erase(key);
    } else {
      it->second = value;
    }
    return value;
  }

  const ScopeTable& table(std::uint32_t file, ScopeIndex scope) const { return tables_.table(file, scope); }

  // Lexical lookup: the scope and its enclosing functions (class bodies bind
  // no names), then the module.
  const Binding* lookup(const std::string& name, std::uint32_t file, ScopeIndex scope) const {
    const auto& definitions = files_[file].definitions;
    for (ScopeIndex s = scope; s != kModuleScope; s = definitions[s].parent) {
      if (is_type(definitions[s].label)) continue;
      const ScopeTable& t = table(file, s);
      if (const auto it = t.names.find(name); it != t.names.end()) return &it->second;
    }
    const ScopeTable& module = table(file, kModuleScope);
    if (const auto it = module.names.find(name); it != module.names.end()) return &it->second;
    return nullptr;
  }

  Value resolve_name(const std::string& name, std::uint32_t file, ScopeIndex scope, int depth) {
    if (const Binding* binding = lookup(name, file, scope)) return resolve(*binding, depth + 1);
    if (is_global_name(name)) return Value::external("builtins");
    return Value::unknown();
  }

  Value definition_value(ScopeRef ref) const {
    switch (files_[ref.file].definitions[ref.def].label) {
      case Label::Class: return {Value::Kind::Class, ref, {}};
      case Label::Interface: return {Value::Kind::Interface, ref, {}};
      default: return {Value::Kind::Function, ref, {}};
    }
  }

  Value resolve(const Binding& binding, int depth) {
    if (depth > kMaxDepth) return limit();
    const std::uint32_t file = binding.where.file;
    switch (binding.kind) {
      case Binding::Kind::Definition: return definition_value({file, binding.index});
      case Binding::Kind::Import: return import_value(file, binding.index, depth + 1);
      case Binding::Kind::Parameter: {
        if (binding.annotation == nullptr) return Value::unknown();
        const Definition& definition = files_[file].definitions[binding.where.def];
        return instance_of(evaluate(*binding.annotation, file, definition.parent, depth + 1));
      }
      case Binding::Kind::Assigned:
        return memo(assigned_cache_, &binding, [&] { return declared_value(binding.assignments, file, true, depth + 1); });
      case Binding::Kind::Local: return Value::unknown();
    }
    return Value::unknown();
  }

  // What an import binds: a module's export, or the module itself.
  Value import_value(std::uint32_t file, std::uint32_t index, int depth) {
    const Import& import = files_[file].imports[index];
    const ModuleTarget& target = tables_.index(file).import_targets[index];
    if (!target.external.empty()) return Value::external(target.external);
    if (!target.is_file()) return import.module.empty() ? local_export(file, import, depth + 1) : Value::unknown();
    if (import.name.empty()) return whole_module(target.file, depth + 1);
    return export_of(target.file, import.name, depth + 1);
  }

  // `export {name as alias}` with no source: the module's own binding `name`.
  Value local_export(std::uint32_t file, const Import& import, int depth) {
    const ScopeTable& module = table(file, kModuleScope);
    if (const auto it = module.names.find(import.name); it != module.names.end()) return resolve(it->second, depth + 1);
    if (is_global_name(import.name)) return Value::external("builtins");
    return Value::unknown();
  }

  // `require(m)`, `import * as ns from m`: what `module.exports =` set, else the module.
  Value whole_module(std::uint32_t file, int depth) {
    if (tables_.index(file).exports.contains("module.exports")) return export_of(file, "module.exports", depth + 1);
    return {Value::Kind::Module, {file, kModuleScope}, {}};
  }

  Value export_of(std::uint32_t file, const std::string& name, int depth) {
    if (depth > kMaxDepth) return limit();
    return memo(export_cache_, std::pair<std::uint32_t, std::string>(file, name),
                [&] { return compute_export(file, name, depth + 1); });
  }

  Value compute_export(std::uint32_t file, const std::string& name, int depth) {
    const FileIndex& index = tables_.index(file);
    if (const auto it = index.exports.find(name); it != index.exports.end()) {
      return import_value(file, it->second, depth + 1);
    }
    const ScopeTable& module = table(file, kModuleScope);
    if (const auto it = module.names.find(name); it != module.names.end()) return resolve(it->second, depth + 1);
    if (name == "default" && index.exports.contains("module.exports")) return export_of(file, "module.exports", depth + 1);
    if (name == "default") return Value::unknown();
    for (const std::uint32_t star : index.star_exports) {
      const ModuleTarget& target = index.import_targets[star];
      if (!target.is_file()) continue;
      const Value value = export_of(target.file, name, depth + 1);
      if (!value.is(Value::Kind::Unknown)) return value;
    }
    return Value::unknown();
  }

  // The type a binding declares: its annotation when it has one; else, for
  // a name, its first value (the declaration's initialiser, as TypeScript
  // infers), for an attribute the values of its assignments that are known,
  // which must agree.
  Value declared_value(const std::vector<const Assignment*>& assignments, std::uint32_t file, bool first_value,
                       int depth) {
    std::optional<Value> agreed;
    const auto agree = [&](const Value& value) {
      if (!agreed) {
        agreed = value;
        return true;
      }
      return *agreed == value;
    };
    for (const Assignment* assignment : assignments) {
      if (assignment->annotation.empty()) continue;
      if (!agree(instance_of(evaluate(assignment->annotation, file, assignment->scope, depth + 1)))) {
        return Value::unknown();
      }
    }
    if (agreed) return *agreed;
    for (const Assignment* assignment : assignments) {
      if (assignment->value.empty()) continue;  // `let x;`, `x = null`
      const Value value = evaluate(assignment->value, file, assignment->scope, depth + 1);
      if (first_value) return value;
      if (value.is(Value::Kind::Unknown)) continue;
      if (!agree(value)) return Value::unknown();
    }
    return agreed.value_or(Value::unknown());
  }

  static Value instance_of(const Value& type) {
    if (type.is(Value::Kind::Class) || type.is(Value::Kind::Interface)) return {Value::Kind::Instance, type.ref, {}};
    if (type.is(Value::Kind::External)) return type;
    return Value::unknown();
  }

  Value call_result(const Value& callee, int depth) {
    switch (callee.kind) {
      case Value::Kind::Class: return {Value::Kind::Instance, callee.ref, {}};
      case Value::Kind::External: return callee;
      case Value::Kind::Function: return return_value(callee.ref, depth + 1);
      default: return Value::unknown();
    }
  }

  Value return_value(ScopeRef function, int depth) {
    const Definition& definition = files_[function.file].definitions[function.def];
    if (definition.return_annotation.empty()) return Value::unknown();
    return instance_of(evaluate(definition.return_annotation, function.file, definition.parent, depth + 1));
  }

  Value member(const Value& owner, const std::string& name, int depth) {
    if (depth > kMaxDepth) return limit();
    switch (owner.kind) {
      case Value::Kind::Module: return export_of(owner.ref.file, name, depth + 1);
      case Value::Kind::Class: return class_member(owner.ref, name, false, depth + 1);
      case Value::Kind::Instance:
        if (files_[owner.ref.file].definitions[owner.ref.def].label == Label::Interface) {
          std::set<ScopeRef> seen;
          return interface_member(owner.ref, name, seen, depth + 1);
        }
        return class_member(owner.ref, name, true, depth + 1);
      case Value::Kind::Super: {
        const auto base = base_of(owner.ref, depth + 1);
        return base ? class_member(*base, name, true, depth + 1) : Value::unknown();
      }
      case Value::Kind::External: return owner;
      case Value::Kind::Function: return Value::external("builtins");  // call, apply, bind
      default: return Value::unknown();
    }
  }

  // `name` along the `extends` chain of `klass`; the lookup gives up at a
  // base outside the tree (it may define the name).
  Value class_member(ScopeRef klass, const std::string& name, bool on_instance, int depth) {
    std::vector<ScopeRef> chain;
    // What a member not found in the tree is: unknown, or outside the tree
    // when the chain ends at an imported or global class (which may define it).
    Value missing = Value::unknown();
    for (std::optional<ScopeRef> at = klass; at && chain.size() < kMaxChain; at = base_of(*at, depth + 1)) {
      if (std::find(chain.begin(), chain.end(), *at) != chain.end()) break;
      chain.push_back(*at);
      const auto& members = tables_.index(at->file).members[at->def];
      if (const auto it = members.find(name); it != members.end()) {
        const ScopeRef ref{at->file, it->second};
        const Definition& definition = files_[ref.file].definitions[ref.def];
        if (definition.is_accessor) return on_instance ? return_value(ref, depth + 1) : Value::unknown();
        return definition_value(ref);
      }
      const Definition& definition = files_[at->file].definitions[at->def];
      if (!definition.bases.empty() && !base_of(*at, depth + 1)) {
        if (evaluate(definition.bases[0], at->file, definition.parent, depth + 1).is(Value::Kind::External)) {
          missing = Value::external("builtins");
        }
        break;
      }
    }
    if (!on_instance) return missing;
    for (const ScopeRef& owner : chain) {
      const Value value = attribute(owner, name, depth + 1);
      if (!value.is(Value::Kind::Unknown)) return value;
    }
    // `f().then(...)` where f returns Promise<C>: a declared Promise<C> is
    // read as C (so `(await f()).m()` resolves), and C lacks these.
    if (name == "then" || name == "catch" || name == "finally") return Value::external("builtins");
    return missing;
  }

  Value attribute(ScopeRef klass, const std::string& name, int depth) {
    const auto& attributes = tables_.index(klass.file).attributes[klass.def];
    const auto it = attributes.find(name);
    if (it == attributes.end()) return Value::unknown();
    return memo(attribute_cache_, &it->second, [&] { return declared_value(it->second, klass.file, false, depth + 1); });
  }

  Value interface_member(ScopeRef type, const std::string& name, std::set<ScopeRef>& seen, int depth) {
    if (depth > kMaxDepth || !seen.insert(type).second) return Value::unknown();
    const Definition& definition = files_[type.file].definitions[type.def];
    if (definition.label == Label::Class) return class_member(type, name, true, depth + 1);
    const auto& members = tables_.index(type.file).members[type.def];
    if (const auto it = members.find(name); it != members.end()) return definition_value({type.file, it->second});
    for (const LinkChain& base : definition.bases) {
      const Value value = evaluate(base, type.file, definition.parent, depth + 1);
      if (!value.is(Value::Kind::Class) && !value.is(Value::Kind::Interface)) continue;
      const Value found = interface_member(value.ref, name, seen, depth + 1);
      if (!found.is(Value::Kind::Unknown)) return found;
    }
    return Value::unknown();
  }

  const Tables& tables_;
  std::span<const FileFacts> files_;
  std::map<std::pair<std::uint32_t, std::string>, Value> export_cache_;
  std::map<const Binding*, Value> assigned_cache_;
  std::map<const std::vector<const Assignment*>*, Value> attribute_cache_;
  std::set<const Value*> in_progress_;
  std::size_t cycles_ = 0;
};

struct FileEdges {
  std::vector<InheritsEdge> inherits;
  std::vector<InheritsEdge> implements;
  std::vector<CallEdge> calls;
  std::vector<UnresolvedCall> unresolved;
  std::vector<ReExport> reexports;
  std::size_t external_calls = 0;
};

FileEdges resolve_file(Resolver& resolver, std::span<const FileFacts> files, std::uint32_t f) {
  FileEdges edges;
  const FileFacts& facts = files[f];
  for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
    const Definition& definition = facts.definitions[d];
    if (!is_type(definition.label)) continue;
    const ScopeRef owner{f, d};
    for (const LinkChain& base : definition.bases) {
      const Value value = resolver.heritage(base, owner);
      // A class extends a class; an interface extends interfaces (or classes).
      if (value.is(Value::Kind::Class) || (definition.label == Label::Interface && value.is(Value::Kind::Interface))) {
        if (value.ref != owner) edges.inherits.push_back({owner, value.ref});
      }
    }
    for (const LinkChain& type : definition.implements) {
      const Value value = resolver.heritage(type, owner);
      if (value.is(Value::Kind::Interface)) edges.implements.push_back({owner, value.ref});
    }
  }
  edges.reexports = resolver.re_exports(f);
  for (const CallSite& call : facts.calls) {
    const ScopeRef caller{f, call.caller};
    Value target;
    if (call.callee.size() == 1 && call.callee[0].kind == Link::Kind::Name && call.callee[0].text == "super") {
      const ScopeIndex klass = this_class(facts, call.scope);
      if (klass != kModuleScope) target = resolver.super_constructor({f, klass});
    } else {
      target = resolver.evaluate(call.callee, f, call.scope, 0);
    }
    switch (target.kind) {
      case Value::Kind::Function: {
        const Label label = files[target.ref.file].definitions[target.ref.def].label;
        edges.calls.push_back({caller, target.ref, label == Label::Method ? CallType::Method : CallType::Direct, call.line});
        break;
      }
      case Value::Kind::Class: edges.calls.push_back({caller, target.ref, CallType::Constructor, call.line}); break;
      case Value::Kind::External: ++edges.external_calls; break;
      default: {
        const UnresolvedReason reason = resolve::classify_unresolved(call.callee, [&](std::span<const Link> prefix) {
          return !resolver.evaluate(LinkChain(prefix.begin(), prefix.end()), f, call.scope, 0).is(Value::Kind::Unknown);
        });
        edges.unresolved.push_back({caller, call.text, call.line, reason});
        break;
      }
    }
  }
  return edges;
}

void add_imports(const Tables& tables, ProgramGraph& graph) {
  std::unordered_map<std::string, std::uint32_t> externals;
  for (std::uint32_t f = 0; f < graph.files.size(); ++f) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    const FileIndex& index = tables.index(f);
    for (const ModuleTarget& target : index.import_targets) {
      if (target.is_file()) {
        if (target.file != f && seen.insert({target.file, kNone}).second) graph.imports.push_back({f, target.file, kNone});
      } else if (!target.external.empty()) {
        const auto [it, added] = externals.emplace(target.external, static_cast<std::uint32_t>(graph.external_packages.size()));
        if (added) graph.external_packages.push_back(target.external);
        if (seen.insert({kNone, it->second}).second) graph.imports.push_back({f, kNone, it->second});
      }
    }
  }
}

}  // namespace

ProgramGraph resolve_typescript(std::span<const FileFacts> files, const ProjectConfig& config,
                                std::string project_name, std::string project_path) {
  ProgramGraph graph;
  graph.files = files;
  std::vector<std::string> paths;
  paths.reserve(files.size());
  for (const FileFacts& facts : files) paths.push_back(facts.relative_path);
  graph.modules.resize(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) {
    ModuleEntry& module = graph.modules[f];
    module.qualified_name = module_name(paths[f], project_name);
    const auto dot = module.qualified_name.rfind('.');
    module.name = dot == std::string::npos ? module.qualified_name : module.qualified_name.substr(dot + 1);
  }
  graph.project_name = std::move(project_name);
  graph.project_path = std::move(project_path);

  const ModuleResolver modules(paths, config);
  const Tables tables(files, modules);
  add_imports(tables, graph);

  // Each file's edges on its own (threads keep their own caches), appended
  // in file order so the graph does not depend on the number of threads.
  std::vector<FileEdges> per_file(files.size());
  tbb::enumerable_thread_specific<Resolver> resolvers([&tables] { return Resolver(tables); });
  trellis::parallel_for(tbb::blocked_range<std::uint32_t>(0, static_cast<std::uint32_t>(files.size()), 4),
                    [&](const tbb::blocked_range<std::uint32_t>& range) {
                      Resolver& resolver = resolvers.local();
                      for (std::uint32_t f = range.begin(); f != range.end(); ++f) {
                        per_file[f] = resolve_file(resolver, files, f);
                      }
                    });
  for (FileEdges& edges : per_file) {
    std::move(edges.inherits.begin(), edges.inherits.end(), std::back_inserter(graph.inherits));
    std::move(edges.implements.begin(), edges.implements.end(), std::back_inserter(graph.implements));
    std::move(edges.calls.begin(), edges.calls.end(), std::back_inserter(graph.calls));
    std::move(edges.unresolved.begin(), edges.unresolved.end(), std::back_inserter(graph.unresolved_calls));
    std::move(edges.reexports.begin(), edges.reexports.end(), std::back_inserter(graph.reexports));
    graph.external_calls += edges.external_calls;
  }
  return graph;
}

}  // namespace trellis::ingest::typescript
