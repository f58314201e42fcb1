#include "python_resolver.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <tbb/enumerable_thread_specific.h>

#include "python_builtins.hpp"
#include "python_module_index.hpp"
#include "trellis/common/parallel.hpp"

namespace trellis::ingest::python {
namespace {

// Bounds the evaluation of chains that refer to each other
// (x = y.f(); y = x.g()), so resolution always ends.
constexpr int kMaxDepth = 24;

// What an expression evaluates to, as far as static resolution can tell.
struct Value {
  enum class Kind : std::uint8_t { Unknown, External, Module, Namespace, Class, Instance, Function, Super };
  Kind kind = Kind::Unknown;
  ScopeRef ref;      // Module: {file, module}; Class, Instance, Function, Super: the definition
  std::string name;  // Namespace: the dotted prefix; External: the top-level package

  static Value unknown() { return {}; }
  static Value external(std::string_view package) { return {Kind::External, {}, std::string(package)}; }
  bool is(Kind k) const { return kind == k; }
  bool operator==(const Value&) const = default;
};

// How a name is bound in one scope. Later bindings (by line) replace earlier ones.
struct Binding {
  enum class Kind : std::uint8_t { Definition, Module, ImportedName, External, Assigned, Parameter, Local };
  Kind kind = Kind::Local;
  ScopeRef where;           // the scope that binds the name
  ScopeIndex definition = kModuleScope;  // Definition: the definition index
  std::string module;       // Module, ImportedName: absolute dotted name; External: package
  std::string name;         // ImportedName: the name in `module`
  std::vector<const Assignment*> assignments;  // Assigned
  const LinkChain* annotation = nullptr;       // Parameter
  bool receiver = false;    // Parameter: the `self` / `cls` of a method
};

// Names are views of the files' facts, which outlive the tables.
struct ScopeTable {
  std::unordered_map<std::string_view, Binding> names;
  std::vector<std::string> star_modules;  // `from m import *`, in order
};

struct FileIndex {
  std::vector<std::vector<ScopeIndex>> children;  // by definition; module's at the back
  std::vector<std::vector<const Import*>> imports;
  std::vector<std::vector<const Assignment*>> assignments;
  std::vector<std::unique_ptr<ScopeTable>> tables;  // module's at the back
  // By class definition: `self.<name> = ...` assignments in its methods, by name.
  std::vector<std::unordered_map<std::string_view, std::vector<const Assignment*>>> instance_attributes;
};

std::size_t slot(ScopeIndex scope, std::size_t definitions) {
  return scope == kModuleScope ? definitions : scope;
}

// `@name` or `@module.name`.
bool has_decorator(const Definition& definition, std::string_view name) {
  return std::any_of(definition.decorators.begin(), definition.decorators.end(), [&](const std::string& d) {
    return d == name || (d.size() > name.size() && d.ends_with(name) && d[d.size() - name.size() - 1] == '.');
  });
}

// A decorator's last dotted name, without call arguments: "x.setter" -> "setter".
std::string_view decorator_name(std::string_view decorator) {
  decorator = decorator.substr(0, decorator.find('('));
  const auto dot = decorator.rfind('.');
  return dot == std::string_view::npos ? decorator : decorator.substr(dot + 1);
}

bool is_accessor(std::string_view name) { return name == "setter" || name == "getter" || name == "deleter"; }

// Reading the name runs the function (`@property`, `@functools.cached_property`,
// decorators named like them such as `@memoize_property`, and a property's
// `@x.setter`): `obj.name(...)` calls what the getter returns, not the getter.
bool is_property(const Definition& definition) {
  return std::any_of(definition.decorators.begin(), definition.decorators.end(), [](const std::string& d) {
    const std::string_view name = decorator_name(d);
    return name.ends_with("property") || is_accessor(name);
  });
}

// `x = None`: says nothing about the type x has when it is used as a receiver
// (a call on None fails), so it neither types nor untypes the name.
bool assigns_none(const Assignment& assignment) {
  return assignment.annotation.empty() && assignment.value.size() == 1 &&
         assignment.value[0].kind == Link::Kind::Literal && assignment.value[0].text == "None";
}

// The names every scope of every file binds, built once per file and then
// only read, so resolution can run on many threads. `eager` builds every
// file's tables up front (in parallel, one file per task); otherwise a
// file's tables are built the first time a lookup needs them, so resolving
// a few files reads only the files their names lead to.
class ScopeTables {
 public:
  ScopeTables(std::span<const FileFacts> files, const PythonModuleIndex& modules, bool eager)
      : files_(files), modules_(modules), index_(files.size()), built_(std::make_unique<std::once_flag[]>(files.size())) {
    if (eager) {
      trellis::parallel_for(std::size_t{0}, files.size(), [this](std::size_t f) { ensure(static_cast<std::uint32_t>(f)); });
    }
  }

  // Freeing every file's tables is a hundred thousand small frees: spread them.
  ~ScopeTables() {
    trellis::parallel_for(std::size_t{0}, index_.size(), [this](std::size_t f) { index_[f] = FileIndex{}; });
  }
  ScopeTables(const ScopeTables&) = delete;
  ScopeTables& operator=(const ScopeTables&) = delete;

  std::span<const FileFacts> files() const { return files_; }
  const PythonModuleIndex& modules() const { return modules_; }
  const FileIndex& index(std::uint32_t file) const {
    ensure(file);
    return index_[file];
  }
  // The names one scope binds itself.
  const ScopeTable& table(std::uint32_t file, ScopeIndex scope) const {
    ensure(file);
    return *index_[file].tables[slot(scope, files_[file].definitions.size())];
  }

 private:
  // Builds the file's index and tables once, whichever thread asks first.
  void ensure(std::uint32_t file) const {
    std::call_once(built_[file], [this, file] {
      index_file(file);
      FileIndex& index = index_[file];
      const std::size_t n = files_[file].definitions.size();
      for (std::size_t s = 0; s <= n; ++s) {
        const ScopeIndex scope = s == n ? kModuleScope : static_cast<ScopeIndex>(s);
        index.tables[s] = std::make_unique<ScopeTable>(build_table(file, scope));
      }
    });
  }

  void index_file(std::uint32_t f) const {
    const FileFacts& facts = files_[f];
    FileIndex& index = index_[f];
    const std::size_t n = facts.definitions.size();
    index.children.resize(n + 1);
    index.imports.resize(n + 1);
    index.assignments.resize(n + 1);
    index.tables.resize(n + 1);
    for (ScopeIndex d = 0; d < n; ++d) index.children[slot(facts.definitions[d].parent, n)].push_back(d);
    for (const Import& import : facts.imports) index.imports[slot(import.scope, n)].push_back(&import);
    for (const Assignment& assignment : facts.all_assignments()) {
      index.assignments[slot(assignment.scope, n)].push_back(&assignment);
    }
    index.instance_attributes.resize(n);
    for (const Assignment& assignment : facts.all_assignments()) {
      if (assignment.scope == kModuleScope || assignment.target.size() != 2) continue;
      const Definition& method = facts.definitions[assignment.scope];
      if (method.label != Label::Method || method.first_parameter.empty() ||
          has_decorator(method, "staticmethod") || assignment.target[0].text != method.first_parameter) {
        continue;
      }
      index.instance_attributes[method.parent][assignment.target[1].text].push_back(&assignment);
    }
  }


  ScopeTable build_table(std::uint32_t file, ScopeIndex scope) const {
    const FileFacts& facts = files_[file];
    const FileIndex& index = index_[file];
    const std::size_t s = slot(scope, facts.definitions.size());
    ScopeTable table;
    const ScopeRef where{file, scope};

    if (scope != kModuleScope) {
      const Definition& definition = facts.definitions[scope];
      for (const std::string& local : definition.local_names) {
        table.names[local] = Binding{Binding::Kind::Local, where, kModuleScope, {}, {}, {}, nullptr, false};
      }
      for (std::size_t p = 0; p < definition.parameters.size(); ++p) {
        Binding binding{Binding::Kind::Parameter, where, kModuleScope, {}, {}, {}, nullptr, false};
        for (const auto& [name, annotation] : definition.annotated_parameters) {
          if (name == definition.parameters[p]) binding.annotation = &annotation;
        }
        binding.receiver = p == 0 && definition.label == Label::Method && !has_decorator(definition, "staticmethod");
        table.names[definition.parameters[p]] = std::move(binding);
      }
    }

    // Definitions, imports and assignments in line order: the last one wins.
    struct Event {
      std::uint32_t line;
      int kind;  // 0 definition, 1 import, 2 assignment
      const void* item;
      ScopeIndex definition;
    };
    std::vector<Event> events;
    for (const ScopeIndex d : index.children[s]) {
      if (!facts.definitions[d].typing_only) events.push_back({facts.definitions[d].span.line_start, 0, nullptr, d});
    }
    for (const Import* import : index.imports[s]) events.push_back({import->line, 1, import, kModuleScope});
    for (const Assignment* assignment : index.assignments[s]) {
      if (assignment->target.size() == 1 && assignment->target[0].kind == Link::Kind::Name) {
        events.push_back({assignment->line, 2, assignment, kModuleScope});
      }
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.line < b.line; });

    for (const Event& event : events) {
      if (event.kind == 0) {
        const Definition& definition = facts.definitions[event.definition];
        table.names[definition.name] =
            Binding{Binding::Kind::Definition, where, event.definition, {}, {}, {}, nullptr, false};
      } else if (event.kind == 1) {
        bind_import(*static_cast<const Import*>(event.item), where, table);
      } else {
        const auto* assignment = static_cast<const Assignment*>(event.item);
        // `except ImportError: x = None` after `from m import x` keeps the import.
        if (assigns_none(*assignment) && table.names.contains(assignment->target[0].text)) continue;
        Binding& binding = table.names[assignment->target[0].text];
        if (binding.kind != Binding::Kind::Assigned) {
          binding = Binding{Binding::Kind::Assigned, where, kModuleScope, {}, {}, {}, nullptr, false};
        }
        binding.assignments.push_back(assignment);
      }
    }
    return table;
  }

  void bind_import(const Import& import, ScopeRef where, ScopeTable& table) const {
    if (!import.is_from) {
      if (!import.alias.empty()) {
        table.names[import.alias] = module_binding(import.module, where);
      } else {
        // `import a.b.c` binds `a`; the rest is reached by attribute.
        table.names[top_level(import.module)] = module_binding(std::string(top_level(import.module)), where);
      }
      return;
    }
    const auto base = modules_.absolute_name(where.file, import.level, import.module);
    if (!base) return;
    if (import.name == "*") {
      table.star_modules.push_back(*base);
      return;
    }
    // A module importing from itself (`from pkg.m import X` inside pkg.m)
    // gets what the name is bound to so far; binding it to the import would
    // make the name refer to itself.
    if (where.def == kModuleScope && *base == modules_.name_of(where.file)) {
      if (const auto it = table.names.find(import.name); it != table.names.end() && !import.alias.empty()) {
        table.names[import.alias] = Binding(it->second);
      }
      return;
    }
    table.names[import.alias.empty() ? import.name : import.alias] =
        Binding{Binding::Kind::ImportedName, where, kModuleScope, *base, import.name, {}, nullptr, false};
  }

  Binding module_binding(const std::string& name, ScopeRef where) const {
    if (modules_.file_of(name) || modules_.is_namespace(name)) {
      return Binding{Binding::Kind::Module, where, kModuleScope, name, {}, {}, nullptr, false};
    }
    return Binding{Binding::Kind::External, where, kModuleScope, std::string(top_level(name)), {}, {}, nullptr, false};
  }


  std::span<const FileFacts> files_;
  const PythonModuleIndex& modules_;
  // Written once per file under built_'s flag, read-only after.
  mutable std::vector<FileIndex> index_;
  std::unique_ptr<std::once_flag[]> built_;
};

class Resolver {
 public:
  // One per thread: the caches below are the only state resolution changes.
  explicit Resolver(const ScopeTables& tables)
      : tables_(tables), files_(tables.files()), modules_(tables.modules()) {}

  const PythonModuleIndex& modules() const { return modules_; }

  // The value of a call's callee expression, evaluated where the call is.
  // `line`, when known, is the call's: a name assigned in `scope` itself then
  // takes its type from the assignments above that line only.
  Value evaluate(const LinkChain& chain, std::uint32_t file, ScopeIndex scope, int depth, std::uint32_t line = 0) {
    if (chain.empty() || depth > kMaxDepth) return Value::unknown();
    std::size_t i = 1;
    Value value;
    const Link& head = chain[0];
    if (head.kind == Link::Kind::Name && head.text == "super" && chain.size() > 1 &&
        chain[1].kind == Link::Kind::Call && lookup(head.text, file, scope) == nullptr) {
      const ScopeIndex klass = enclosing_class(file, scope);
      if (klass == kModuleScope) return Value::unknown();
      value = {Value::Kind::Super, {file, klass}, {}};
      i = 2;
    } else if (head.kind == Link::Kind::Name) {
      value = resolve_name(head.text, file, scope, depth, line);
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

  // The class a base-class expression names, if it is in the tree.
  std::optional<ScopeRef> base_class(const LinkChain& chain, std::uint32_t file, ScopeIndex klass) {
    const Value value = evaluate(chain, file, files_[file].definitions[klass].parent, 0);
    if (!value.is(Value::Kind::Class)) return std::nullopt;
    return value.ref;
  }

  // The C3 linearisation of `klass`. A base outside the tree (or one that
  // cannot be resolved) stands in it as an opaque entry, one per base text,
  // so lookups stop there instead of skipping to a later in-tree class.
  // `object` and `Generic[...]` define nothing a lookup could find first.
  const std::vector<ScopeRef>& mro(ScopeRef klass) {
    if (const auto it = mro_.find(klass); it != mro_.end()) return it->second;
    mro_[klass] = {klass};  // guards against inheritance loops while computing
    std::vector<std::vector<ScopeRef>> sequences;
    std::vector<ScopeRef> bases;
    const Definition& definition = files_[klass.file].definitions[klass.def];
    for (std::size_t b = 0; b < definition.bases.size(); ++b) {
      if (const auto resolved = base_class(definition.bases[b], klass.file, klass.def)) {
        if (*resolved == klass) continue;
        bases.push_back(*resolved);
        sequences.push_back(mro(*resolved));
      } else if (const std::string_view text = definition.base_texts[b]; !defines_nothing(text)) {
        bases.push_back(opaque_base(text));
        sequences.push_back({bases.back()});
      }
    }
    sequences.push_back(bases);
    std::vector<ScopeRef> order = {klass};
    if (!c3_merge(sequences, order)) {
      // Inconsistent hierarchy: fall back to depth-first, left to right.
      order = {klass};
      for (const ScopeRef& base : bases) {
        const std::vector<ScopeRef> ancestors = is_opaque_base(base) ? std::vector<ScopeRef>{base} : mro(base);
        for (const ScopeRef& ancestor : ancestors) {
          if (std::find(order.begin(), order.end(), ancestor) == order.end()) order.push_back(ancestor);
        }
      }
    }
    return mro_[klass] = std::move(order);
  }

  static bool is_opaque_base(ScopeRef ref) { return ref.file == kNone; }

 private:
  static bool defines_nothing(std::string_view base_text) {
    return base_text == "object" || base_text.starts_with("Generic[") || base_text.starts_with("typing.Generic[");
  }

  ScopeRef opaque_base(std::string_view text) {
    const auto [it, added] = opaque_bases_.try_emplace(std::string(text), static_cast<ScopeIndex>(opaque_bases_.size()));
    return {kNone, it->second};
  }

  static bool c3_merge(std::vector<std::vector<ScopeRef>> sequences, std::vector<ScopeRef>& out) {
    for (;;) {
      sequences.erase(std::remove_if(sequences.begin(), sequences.end(),
                                     [](const auto& s) { return s.empty(); }),
                      sequences.end());
      if (sequences.empty()) return true;
      const ScopeRef* head = nullptr;
      for (const auto& sequence : sequences) {
        const ScopeRef candidate = sequence.front();
        const bool in_tail = std::any_of(sequences.begin(), sequences.end(), [&](const auto& s) {
          return std::find(s.begin() + 1, s.end(), candidate) != s.end();
        });
        if (!in_tail) {
          head = &sequence.front();
          break;
        }
      }
      if (head == nullptr) return false;
      const ScopeRef chosen = *head;
      out.push_back(chosen);
      for (auto& sequence : sequences) {
        if (sequence.front() == chosen) sequence.erase(sequence.begin());
      }
    }
  }

  ScopeIndex enclosing_class(std::uint32_t file, ScopeIndex scope) const {
    const auto& definitions = files_[file].definitions;
    while (scope != kModuleScope && definitions[scope].label != Label::Class) scope = definitions[scope].parent;
    return scope;
  }

  // Python's lookup: the scope, then enclosing function scopes (class bodies
  // do not enclose), the module, its star imports. nullptr when unbound.
  const ScopeTable& table(std::uint32_t file, ScopeIndex scope) const { return tables_.table(file, scope); }

  const Binding* lookup(const std::string& name, std::uint32_t file, ScopeIndex scope) const {
    const auto& definitions = files_[file].definitions;
    bool first = true;
    for (ScopeIndex s = scope; s != kModuleScope; s = definitions[s].parent, first = false) {
      if (!first && definitions[s].label == Label::Class) continue;
      const ScopeTable& t = table(file, s);
      if (const auto it = t.names.find(name); it != t.names.end()) return &it->second;
    }
    const ScopeTable& module = table(file, kModuleScope);
    if (const auto it = module.names.find(name); it != module.names.end()) return &it->second;
    return nullptr;
  }

  Value resolve_name(const std::string& name, std::uint32_t file, ScopeIndex scope, int depth, std::uint32_t line) {
    if (const Binding* binding = lookup(name, file, scope)) {
      if (line != 0 && binding->kind == Binding::Kind::Assigned && binding->where == ScopeRef{file, scope}) {
        return assigned_value(*binding, depth + 1, line);
      }
      return resolve(*binding, depth + 1);
    }
    // Star imports of the module, then builtins.
    for (const std::string& star : table(file, kModuleScope).star_modules) {
      const Value value = star_member(star, name, depth + 1);
      if (!value.is(Value::Kind::Unknown)) return value;
    }
    if (is_builtin_name(name)) return Value::external("builtins");
    return Value::unknown();
  }

  Value resolve(const Binding& binding, int depth) {
    if (depth > kMaxDepth) return Value::unknown();
    switch (binding.kind) {
      case Binding::Kind::Definition: {
        const Definition& definition = files_[binding.where.file].definitions[binding.definition];
        const ScopeRef ref{binding.where.file, binding.definition};
        if (definition.label == Label::Class) return {Value::Kind::Class, ref, {}};
        return {Value::Kind::Function, ref, {}};
      }
      case Binding::Kind::Module: return module_value(binding.module);
      case Binding::Kind::External: return Value::external(binding.module);
      case Binding::Kind::ImportedName: return module_member(binding.module, binding.name, depth + 1);
      case Binding::Kind::Parameter: return parameter_value(binding, depth + 1);
      case Binding::Kind::Assigned: return assigned_value(binding, depth + 1);
      case Binding::Kind::Local: return Value::unknown();
    }
    return Value::unknown();
  }

  Value module_value(const std::string& name) const {
    if (const auto file = modules_.file_of(name)) return {Value::Kind::Module, {*file, kModuleScope}, {}};
    if (modules_.is_namespace(name)) return {Value::Kind::Namespace, {}, name};
    return Value::external(top_level(name));
  }

  // `from module import name`: a name the module binds, else its submodule.
  Value module_member(const std::string& module, const std::string& name, int depth) {
    const Value base = module_value(module);
    if (base.is(Value::Kind::External)) return base;
    return member(base, name, depth + 1);
  }

  // What `from module import *` brings in under `name`: the names listed in
  // the module's __all__ when it has one, else its names without a leading _.
  Value star_member(const std::string& module, const std::string& name, int depth) {
    if (const auto file = modules_.file_of(module)) {
      const FileFacts& facts = files_[*file];
      if (facts.has_all) {
        if (std::find(facts.all_names.begin(), facts.all_names.end(), name) == facts.all_names.end()) {
          return Value::unknown();
        }
      } else if (name.starts_with('_')) {
        return Value::unknown();
      }
    }
    return module_member(module, name, depth + 1);
  }

  Value parameter_value(const Binding& binding, int depth) {
    const auto& definitions = files_[binding.where.file].definitions;
    const Definition& definition = definitions[binding.where.def];
    if (binding.receiver) {
      const ScopeRef klass{binding.where.file, definition.parent};
      return {has_decorator(definition, "classmethod") ? Value::Kind::Class : Value::Kind::Instance, klass, {}};
    }
    if (binding.annotation == nullptr) return Value::unknown();
    return instance_of(evaluate(*binding.annotation, binding.where.file, definition.parent, depth + 1));
  }

  static Value instance_of(const Value& type) {
    if (type.is(Value::Kind::Class)) return {Value::Kind::Instance, type.ref, {}};
    if (type.is(Value::Kind::External)) return type;
    return Value::unknown();
  }

  // The value of a name bound by assignments: their types must agree. With a
  // `line`, only the assignments above it count (straight-line rebinding),
  // unless there are none (a use above them, in a loop).
  Value assigned_value(const Binding& binding, int depth, std::uint32_t line = 0) {
    const auto& assignments = binding.assignments;
    std::size_t count = assignments.size();
    if (line != 0) {
      const auto above = std::partition_point(assignments.begin(), assignments.end(),
                                              [line](const Assignment* a) { return a->line < line; });
      if (above != assignments.begin()) count = static_cast<std::size_t>(above - assignments.begin());
    }
    const std::pair<const Binding*, std::size_t> key{&binding, count};
    if (const auto it = assigned_cache_.find(key); it != assigned_cache_.end()) return it->second;
    assigned_cache_[key] = Value::unknown();  // a self-reference is unknown
    std::optional<Value> agreed;
    for (std::size_t a = 0; a < count; ++a) {
      if (assigns_none(*assignments[a])) continue;
      const Value value = assignment_value(*assignments[a], binding.where.file, depth + 1);
      if (!agreed) {
        agreed = value;
      } else if (!(*agreed == value)) {
        agreed = Value::unknown();
        break;
      }
    }
    return assigned_cache_[key] = agreed.value_or(Value::unknown());
  }

  Value assignment_value(const Assignment& assignment, std::uint32_t file, int depth) {
    if (!assignment.annotation.empty()) {
      return instance_of(evaluate(assignment.annotation, file, assignment.scope, depth + 1));
    }
    return evaluate(assignment.value, file, assignment.scope, depth + 1);
  }

  Value call_result(const Value& callee, int depth) {
    switch (callee.kind) {
      case Value::Kind::Class: return {Value::Kind::Instance, callee.ref, {}};
      case Value::Kind::External: return callee;
      case Value::Kind::Function: return return_value(callee.ref, depth + 1);
      case Value::Kind::Instance: {
        const Value call = call_method(callee, depth + 1);
        return call.is(Value::Kind::Function) ? return_value(call.ref, depth + 1) : Value::unknown();
      }
      default: return Value::unknown();
    }
  }

 public:
  // Calling an instance calls its class's __call__ (unknown when it has none).
  Value call_method(const Value& instance, int depth) {
    const Value call = class_member(instance.ref, "__call__", false, false, depth + 1);
    return call.is(Value::Kind::Function) ? call : Value::unknown();
  }

 private:

  Value return_value(ScopeRef function, int depth) {
    const Definition& definition = files_[function.file].definitions[function.def];
    if (definition.return_annotation.empty()) return Value::unknown();
    return instance_of(evaluate(definition.return_annotation, function.file, definition.parent, depth + 1));
  }

  Value member(const Value& owner, const std::string& name, int depth) {
    if (depth > kMaxDepth) return Value::unknown();
    switch (owner.kind) {
      case Value::Kind::Module: {
        const ScopeTable& t = table(owner.ref.file, kModuleScope);
        if (const auto it = t.names.find(name); it != t.names.end()) return resolve(it->second, depth + 1);
        const std::string submodule = modules_.name_of(owner.ref.file) + "." + name;
        if (modules_.file_of(submodule) || modules_.is_namespace(submodule)) return module_value(submodule);
        for (const std::string& star : t.star_modules) {
          const Value value = star_member(star, name, depth + 1);
          if (!value.is(Value::Kind::Unknown)) return value;
        }
        return Value::unknown();
      }
      case Value::Kind::Namespace: {
        const std::string submodule = owner.name + "." + name;
        if (modules_.file_of(submodule) || modules_.is_namespace(submodule)) return module_value(submodule);
        return Value::unknown();
      }
      case Value::Kind::Class: return class_member(owner.ref, name, false, false, depth + 1);
      case Value::Kind::Instance: return class_member(owner.ref, name, true, false, depth + 1);
      case Value::Kind::Super: return class_member(owner.ref, name, true, true, depth + 1);
      case Value::Kind::External: return owner;
      default: return Value::unknown();
    }
  }

  // `name` looked up along the MRO of `klass` (after it, for super()). The
  // lookup gives up at a base outside the tree: it may define the name.
  Value class_member(ScopeRef klass, const std::string& name, bool on_instance, bool skip_self, int depth) {
    // A reference into mro_: std::map keeps it valid while lookups below add entries.
    const std::vector<ScopeRef>& order = mro(klass);
    for (std::size_t i = skip_self ? 1 : 0; i < order.size() && !is_opaque_base(order[i]); ++i) {
      const ScopeRef owner = order[i];
      const ScopeTable& t = table(owner.file, owner.def);
      const auto it = t.names.find(name);
      if (it == t.names.end()) continue;
      const Binding& binding = it->second;
      if (binding.kind == Binding::Kind::Definition) {
        const Definition& definition = files_[owner.file].definitions[binding.definition];
        const ScopeRef ref{owner.file, binding.definition};
        if (definition.label == Label::Class) return {Value::Kind::Class, ref, {}};
        if (is_property(definition)) {
          // On an instance: what the getter returns; on the class: the
          // property object, which nothing in the tree defines.
          return on_instance ? property_value(owner, name, depth + 1) : Value::unknown();
        }
        return {Value::Kind::Function, ref, {}};
      }
      return resolve(binding, depth + 1);
    }
    if (on_instance) {
      for (std::size_t i = skip_self ? 1 : 0; i < order.size(); ++i) {
        if (is_opaque_base(order[i])) continue;
        const Value value = instance_attribute(order[i], name, depth + 1);
        if (!value.is(Value::Kind::Unknown)) return value;
      }
    }
    return Value::unknown();
  }

  // What reading property `name` of `klass` yields: its getter's return type.
  // The getter is the first definition of the name that is no setter or deleter.
  Value property_value(ScopeRef klass, const std::string& name, int depth) {
    const auto& definitions = files_[klass.file].definitions;
    for (const ScopeIndex d : tables_.index(klass.file).children[klass.def]) {
      const Definition& definition = definitions[d];
      if (definition.name != name || definition.typing_only) continue;
      const bool accessor = std::any_of(definition.decorators.begin(), definition.decorators.end(),
                                        [](const std::string& x) { return is_accessor(decorator_name(x)); });
      if (!accessor) return return_value({klass.file, d}, depth + 1);
    }
    return Value::unknown();
  }

  // The type of `self.<name>` from assignments in the class's methods.
  Value instance_attribute(ScopeRef klass, const std::string& name, int depth) {
    const auto& attributes = tables_.index(klass.file).instance_attributes[klass.def];
    const auto it = attributes.find(name);
    if (it == attributes.end()) return Value::unknown();
    std::optional<Value> agreed;
    for (const Assignment* assignment : it->second) {
      if (assigns_none(*assignment)) continue;
      const Value value = assignment_value(*assignment, klass.file, depth + 1);
      if (value.is(Value::Kind::Unknown)) continue;
      if (!agreed) {
        agreed = value;
      } else if (!(*agreed == value)) {
        return Value::unknown();
      }
    }
    return agreed.value_or(Value::unknown());
  }

  const ScopeTables& tables_;
  std::span<const FileFacts> files_;
  const PythonModuleIndex& modules_;
  std::map<ScopeRef, std::vector<ScopeRef>> mro_;
  // By binding and how many of its assignments (in line order) count.
  std::map<std::pair<const Binding*, std::size_t>, Value> assigned_cache_;
  std::unordered_map<std::string, ScopeIndex> opaque_bases_;  // by base text
};

void add_packages(const PythonLayout& layout, ProgramGraph& graph) {
  std::unordered_map<std::string, std::uint32_t> by_name;
  for (const PythonPackage& package : layout.packages()) {
    PackageEntry entry;
    entry.qualified_name = package.qualified_name;
    const auto dot = package.qualified_name.rfind('.');
    entry.name = dot == std::string::npos ? package.qualified_name : package.qualified_name.substr(dot + 1);
    entry.relative_path = package.relative_path;
    if (dot != std::string::npos) {
      if (const auto it = by_name.find(package.qualified_name.substr(0, dot)); it != by_name.end()) {
        entry.parent = it->second;
      }
    }
    by_name.emplace(package.qualified_name, static_cast<std::uint32_t>(graph.packages.size()));
    graph.packages.push_back(std::move(entry));
  }
  for (std::uint32_t f = 0; f < graph.files.size(); ++f) {
    ModuleEntry& module = graph.modules[f];
    std::string owner = module.qualified_name;
    if (!PythonLayout::is_package_init(graph.files[f].relative_path)) {
      const auto dot = owner.rfind('.');
      owner = dot == std::string::npos ? std::string() : owner.substr(0, dot);
    }
    if (const auto it = by_name.find(owner); it != by_name.end()) module.package = it->second;
  }
}

class ExternalNames {
 public:
  explicit ExternalNames(std::vector<std::string>& names) : names_(names) {}
  std::uint32_t index(std::string_view name) {
    const auto [it, added] = index_.emplace(std::string(name), static_cast<std::uint32_t>(names_.size()));
    if (added) names_.emplace_back(name);
    return it->second;
  }

 private:
  std::vector<std::string>& names_;
  std::unordered_map<std::string, std::uint32_t> index_;
};

void add_imports(const PythonModuleIndex& modules, ProgramGraph& graph) {
  ExternalNames externals(graph.external_packages);
  for (std::uint32_t f = 0; f < graph.files.size(); ++f) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;  // (in-tree file | external) targets
    auto add_module = [&](const std::string& name) {
      // The module itself, else the longest in-tree prefix, else external.
      std::string probe = name;
      while (!probe.empty()) {
        if (const auto file = modules.file_of(probe)) {
          if (*file != f && seen.insert({*file, kNone}).second) graph.imports.push_back({f, *file, kNone});
          return;
        }
        if (modules.is_namespace(probe)) return;
        const auto dot = probe.rfind('.');
        if (dot == std::string::npos) break;
        probe.resize(dot);
      }
      const std::uint32_t external = externals.index(top_level(name));
      if (seen.insert({kNone, external}).second) graph.imports.push_back({f, kNone, external});
    };
    for (const Import& import : graph.files[f].imports) {
      if (!import.is_from) {
        add_module(import.module);
        continue;
      }
      const auto base = modules.absolute_name(f, import.level, import.module);
      if (!base) continue;
      const std::string submodule = *base + "." + import.name;
      if (import.name != "*" && modules.file_of(submodule)) {
        add_module(submodule);
      } else {
        add_module(*base);
      }
    }
  }
}

FileEdgeSlice resolve_file(Resolver& resolver, std::span<const FileFacts> files, std::uint32_t f) {
  FileEdgeSlice edges;
  const FileFacts& facts = files[f];
  for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
    if (facts.definitions[d].label != Label::Class) continue;
    for (const LinkChain& base : facts.definitions[d].bases) {
      if (const auto resolved = resolver.base_class(base, f, d)) edges.inherits.push_back({{f, d}, *resolved});
    }
  }
  for (const CallSite& call : facts.calls) {
    const Value target = resolver.evaluate(call.callee, f, call.scope, 0, call.line);
    const ScopeRef caller{f, call.caller};
    switch (target.kind) {
      case Value::Kind::Function: {
        const Label label = files[target.ref.file].definitions[target.ref.def].label;
        edges.calls.push_back({caller, target.ref, label == Label::Method ? CallType::Method : CallType::Direct, call.line});
        break;
      }
      case Value::Kind::Class:
        edges.calls.push_back({caller, target.ref, CallType::Constructor, call.line});
        break;
      case Value::Kind::External: ++edges.external_calls; break;
      case Value::Kind::Instance:
        // Calling an instance calls its class's __call__.
        if (const Value method = resolver.call_method(target, 0); method.is(Value::Kind::Function)) {
          edges.calls.push_back({caller, method.ref, CallType::Method, call.line});
          break;
        }
        edges.unresolved.push_back({caller, call.text, call.line});
        break;
      default: edges.unresolved.push_back({caller, call.text, call.line}); break;
    }
  }
  return edges;
}

}  // namespace

ProgramGraph resolve_python(std::span<const FileFacts> files, const PythonLayout& layout,
                            std::string project_name, std::string project_path,
                            std::span<const std::uint8_t> wanted) {
  ProgramGraph graph;
  graph.project_name = std::move(project_name);
  graph.project_path = std::move(project_path);
  graph.files = files;

  std::vector<std::string> module_names;
  std::vector<bool> init_flags;
  for (const FileFacts& facts : files) {
    module_names.push_back(layout.module_name(facts.relative_path));
    init_flags.push_back(PythonLayout::is_package_init(facts.relative_path));
  }
  const std::unique_ptr<bool[]> init_files = std::make_unique<bool[]>(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) init_files[f] = init_flags[f];

  graph.modules.resize(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) {
    ModuleEntry& module = graph.modules[f];
    module.qualified_name = module_names[f];
    const auto dot = module.qualified_name.rfind('.');
    module.name = dot == std::string::npos ? module.qualified_name : module.qualified_name.substr(dot + 1);
  }
  add_packages(layout, graph);

  const PythonModuleIndex modules(module_names, std::span<const bool>(init_files.get(), files.size()));
  add_imports(modules, graph);
  const bool all_wanted = wanted.empty() || std::all_of(wanted.begin(), wanted.end(), [](std::uint8_t w) { return w != 0; });
  const ScopeTables tables(files, modules, all_wanted);

  // Each file's edges are resolved on its own (threads keep their own
  // caches), then appended in file order so the graph does not depend on
  // the number of threads.
  std::vector<FileEdgeSlice> per_file(files.size());
  tbb::enumerable_thread_specific<Resolver> resolvers([&tables] { return Resolver(tables); });
  trellis::parallel_for(tbb::blocked_range<std::uint32_t>(0, static_cast<std::uint32_t>(files.size()), 4),
                    [&](const tbb::blocked_range<std::uint32_t>& range) {
                      Resolver& resolver = resolvers.local();
                      for (std::uint32_t f = range.begin(); f != range.end(); ++f) {
                        if (all_wanted || wanted[f] != 0) per_file[f] = resolve_file(resolver, files, f);
                      }
                    });
  set_file_edges(std::span<FileEdgeSlice>(per_file), graph);
  return graph;
}

}  // namespace trellis::ingest::python
