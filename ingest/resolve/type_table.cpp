#include "resolve/type_table.hpp"

#include <algorithm>

#include "resolve/typed_facts.hpp"
#include "trellis/common/parallel.hpp"

namespace trellis::ingest::resolve {
namespace {

bool is_type(Label label) { return label == Label::Class || label == Label::Interface; }

std::uint64_t key_of(std::uint32_t file, ScopeIndex def) { return (std::uint64_t{file} << 32) | def; }

// The first name of a dotted namespace (a Rust crate).
std::string_view root_of(std::string_view qualified) { return qualified.substr(0, qualified.find('.')); }

// `prefix.name` then `suffix` (a signature), in one allocation.
std::string joined(std::string_view prefix, std::string_view name, std::string_view suffix = {}) {
  std::string out;
  out.reserve(prefix.size() + 1 + name.size() + suffix.size());
  if (!prefix.empty()) out.append(prefix).append(".");
  out.append(name).append(suffix);
  return out;
}

}  // namespace

TypeTable::TypeTable(std::span<const FileFacts> files, const TypedLayout& layout, std::span<const FileScope> scopes,
                     const TypedRules& rules)
    : files_(files), layout_(layout), scopes_(scopes), rules_(rules) {
  add_namespaces();
  add_types();
  add_members();
  if (rules.sign_shared_names) sign_shared_names();
  resolve_supertypes();
  // Each type's lineage and whether it leaves the tree, once: member
  // lookups on the hot path read them many times per call site.
  lineages_.resize(types_.size());
  open_.resize(types_.size());
  trellis::parallel_for(std::size_t{0}, types_.size(), [this](std::size_t t) {
    lineages_[t] = compute_lineage(static_cast<TypeId>(t));
    open_[t] = std::any_of(lineages_[t].begin(), lineages_[t].end(),
                           [&](TypeId along) { return types_[along].external_supertype; });
  });
  resolve_member_types();
}

std::string_view TypeTable::top_namespace(std::uint32_t file, ScopeIndex def) const {
  const bool file_named = file < layout_.namespaces.size() && !layout_.namespaces[file].empty();
  if (file_named && (!rules_.nested_namespaces || def == kModuleScope)) return layout_.namespaces[file];
  if (def == kModuleScope) return {};
  const auto& definitions = files_[file].definitions;
  while (definitions[def].parent != kModuleScope) def = definitions[def].parent;
  if (!file_named) return definitions[def].qualifier;
  if (definitions[def].qualifier.empty()) return layout_.namespaces[file];
  return nested_namespaces_.find(key_of(file, def))->second;
}

NamespaceId TypeTable::intern_namespace(std::string_view qualified) {
  if (const auto it = namespace_ids_.find(qualified); it != namespace_ids_.end()) return it->second;
  // Parents first, so `a.b.c` is reachable from `a` one name at a time.
  if (const auto dot = qualified.rfind('.'); dot != std::string_view::npos) {
    intern_namespace(qualified.substr(0, dot));
  } else if (!qualified.empty()) {
    intern_namespace("");
  }
  const auto id = static_cast<NamespaceId>(namespaces_.size());
  namespaces_.push_back(NamespaceInfo{std::string(qualified), {}, {}, {}, {}, {}});
  namespace_ids_.emplace(std::string(qualified), id);
  return id;  // children are linked by add_namespaces once every namespace is in
}

void TypeTable::add_namespaces() {
  namespaces_.reserve(files_.size() + 16);
  intern_namespace("");
  if (rules_.nested_namespaces) {
    for (std::uint32_t f = 0; f < files_.size() && f < layout_.namespaces.size(); ++f) {
      const auto& definitions = files_[f].definitions;
      for (ScopeIndex d = 0; d < definitions.size(); ++d) {
        if (definitions[d].parent != kModuleScope || definitions[d].qualifier.empty()) continue;
        nested_namespaces_.emplace(key_of(f, d), joined(layout_.namespaces[f], definitions[d].qualifier));
      }
    }
  }
  for (std::uint32_t f = 0; f < files_.size(); ++f) {
    // The file belongs to its own namespace and to each its top-level
    // definitions are declared in (several C# namespace blocks).
    std::vector<NamespaceId> declared{intern_namespace(top_namespace(f, kModuleScope))};
    for (ScopeIndex d = 0; d < files_[f].definitions.size(); ++d) {
      if (files_[f].definitions[d].parent == kModuleScope) declared.push_back(intern_namespace(top_namespace(f, d)));
    }
    std::sort(declared.begin(), declared.end());
    declared.erase(std::unique(declared.begin(), declared.end()), declared.end());
    for (const NamespaceId ns : declared) namespaces_[ns].files.push_back(f);
  }
  // Each file's open namespaces, looked up once: member lookups read them per name.
  open_ids_.resize(files_.size());
  for (std::uint32_t f = 0; f < files_.size() && f < scopes_.size(); ++f) {
    for (const std::string& open : scopes_[f].open_namespaces) {
      if (const auto ns = find_namespace(open)) open_ids_[f].push_back(*ns);
    }
  }
  // Children were keyed by views of strings that may have moved with the
  // vector (short strings live inside the object): key them again now that
  // the vector is complete.
  for (NamespaceInfo& info : namespaces_) info.children.clear();
  for (NamespaceId id = 0; id < namespaces_.size(); ++id) {
    const std::string_view qualified = namespaces_[id].qualified;
    if (qualified.empty()) continue;
    const auto dot = qualified.rfind('.');
    const std::string_view parent = dot == std::string_view::npos ? std::string_view{} : qualified.substr(0, dot);
    const std::string_view last = dot == std::string_view::npos ? qualified : qualified.substr(dot + 1);
    namespaces_[namespace_ids_.find(parent)->second].children.emplace(last, id);
  }
}

void TypeTable::add_type_part(std::uint32_t f, ScopeIndex d, std::string_view prefix) {
  const Definition& definition = files_[f].definitions[d];
  const bool top = definition.parent == kModuleScope;
  std::string qualified = joined(prefix, definition.name);
  qualified_names_[f][d] = qualified;
  auto [it, added] = type_ids_.emplace(qualified, static_cast<TypeId>(types_.size()));
  if (added) {
    TypeInfo info;
    info.qualified = std::move(qualified);
    info.label = definition.label;
    info.outer = top ? kNone : type_of_definition_[f][definition.parent];
    info.ns = top ? *find_namespace(prefix) : kNone;
    if (top) namespaces_[info.ns].types.emplace(definition.name, it->second);
    types_.push_back(std::move(info));
  }
  types_[it->second].parts.push_back({f, d});
  type_of_definition_[f][d] = it->second;
}

void TypeTable::add_types() {
  type_of_definition_.resize(files_.size());
  qualified_names_.resize(files_.size());
  // Definitions in or under an extension part (typed_facts.hpp), by file:
  // named once every declared type is known.
  std::vector<std::vector<std::uint8_t>> extending(files_.size());
  // Detached members (Go methods) and what they hold, by file: named below.
  std::vector<std::vector<std::uint8_t>> detached(files_.size());
  // Types first (all files), so a Go method names itself after its type.
  for (std::uint32_t f = 0; f < files_.size(); ++f) {
    const auto& definitions = files_[f].definitions;
    type_of_definition_[f].assign(definitions.size(), kNone);
    qualified_names_[f].resize(definitions.size());
    extending[f].assign(definitions.size(), 0);
    detached[f].assign(definitions.size(), 0);
    for (ScopeIndex d = 0; d < definitions.size(); ++d) {
      const Definition& definition = definitions[d];
      const bool top = definition.parent == kModuleScope;
      if ((is_type(definition.label) && definition.is_extension) || (!top && extending[f][definition.parent] != 0)) {
        extending[f][d] = 1;
        continue;
      }
      if (is_detached(definition) || (!top && detached[f][definition.parent] != 0)) {
        detached[f][d] = 1;  // named after its type, below (and what it holds after it)
        continue;
      }
      const std::string_view prefix = top ? top_namespace(f, d) : std::string_view(qualified_names_[f][definition.parent]);
      if (!is_type(definition.label)) {
        qualified_names_[f][d] = joined(prefix, definition.name, signature_of(definition));
        continue;
      }
      add_type_part(f, d, prefix);
    }
  }
  // Extension parts join the type their name names where they are written;
  // one naming no type of the tree stands for a type outside it.
  for (std::uint32_t f = 0; f < files_.size(); ++f) {
    const auto& definitions = files_[f].definitions;
    for (ScopeIndex d = 0; d < definitions.size(); ++d) {
      if (extending[f][d] == 0) continue;
      const Definition& definition = definitions[d];
      if (!is_type(definition.label) || !definition.is_extension) {
        qualified_names_[f][d] = joined(qualified_names_[f][definition.parent], definition.name, signature_of(definition));
        continue;
      }
      const NameMeaning meaning = lookup_type_name(definition.name, {f, d});
      if (meaning.kind == NameMeaning::Kind::Type) {
        qualified_names_[f][d] = types_[meaning.id].qualified;
        types_[meaning.id].parts.push_back({f, d});
        type_of_definition_[f][d] = meaning.id;
        continue;
      }
      add_type_part(f, d, top_namespace(f, d));
      types_[type_of_definition_[f][d]].external_supertype = true;
    }
  }
  // Then methods declared beside their type (Go: `pkg.Type.Method`; C++:
  // `void Type::method() {}`, the type looked up where it is written).
  for (std::uint32_t f = 0; f < files_.size(); ++f) {
    const auto& definitions = files_[f].definitions;
    for (ScopeIndex d = 0; d < definitions.size(); ++d) {
      const Definition& definition = definitions[d];
      if (!is_detached(definition)) {
        // What a detached member holds (a closure in a Go method), after it.
        if (detached[f][d] == 0) continue;
        if (is_type(definition.label)) {
          add_type_part(f, d, qualified_names_[f][definition.parent]);
        } else {
          qualified_names_[f][d] = joined(qualified_names_[f][definition.parent], definition.name, signature_of(definition));
        }
        continue;
      }
      std::optional<TypeId> owner;
      std::string owner_name;
      if (definition.bases.empty()) {
        owner_name = joined(top_namespace(f, d), definition.qualifier);
        owner = find_type(owner_name);
      } else if (const DeclaredType type = resolve_type(definition.bases.front(), {f, d}); type.kind == DeclaredType::Kind::Type) {
        owner = type.type;
        owner_name = types_[type.type].qualified;
      } else {
        owner_name = top_namespace(f, d);
        for (const Link& link : definition.bases.front()) owner_name = joined(owner_name, link.text);
      }
      qualified_names_[f][d] = joined(owner_name, definition.name, signature_of(definition));
      if (owner) {
        const ScopeRef part = types_[*owner].parts.front();
        detached_.push_back({{f, d}, part});
        detached_owner_.emplace(key_of(f, d), *owner);
      }
    }
  }
}

bool TypeTable::is_detached(const Definition& definition) {
  return definition.parent == kModuleScope && definition.label == Label::Method &&
         (!definition.qualifier.empty() || !definition.bases.empty());
}

std::string_view TypeTable::signature_of(const Definition& definition) const {
  return rules_.sign_shared_names ? std::string_view{} : std::string_view(definition.signature);
}

void TypeTable::sign_shared_names() {
  const auto sign = [&](const std::vector<ScopeRef>& members) {
    if (members.size() < 2) return;
    const auto signature = [&](ScopeRef ref) -> const std::string& { return files_[ref.file].definitions[ref.def].signature; };
    const bool shared = std::any_of(members.begin(), members.end(),
                                    [&](ScopeRef ref) { return signature(ref) != signature(members.front()); });
    if (!shared) return;
    for (const ScopeRef ref : members) qualified_names_[ref.file][ref.def] += signature(ref);
  };
  for (const TypeInfo& info : types_) {
    for (const auto& [name, members] : info.methods) sign(members);
  }
  for (const NamespaceInfo& info : namespaces_) {
    for (const auto& [name, members] : info.functions) sign(members);
  }
}

void TypeTable::add_members() {
  // Assignments cached by an earlier index are decoded on first use: decode
  // those the tables read (not the locals) on every thread before the tables
  // are filled on this one.
  trellis::parallel_for(std::size_t{0}, files_.size(),
                        [this](std::size_t f) { files_[f].for_each_assignment_outside_callables([](const Assignment&) {}); });
  for (std::uint32_t f = 0; f < files_.size(); ++f) {
    const FileFacts& facts = files_[f];
    const auto& definitions = facts.definitions;
    for (ScopeIndex d = 0; d < definitions.size(); ++d) {
      const Definition& definition = definitions[d];
      TypeId owner = kNone;
      if (definition.parent != kModuleScope) {
        owner = type_of_definition_[f][definition.parent];
      } else if (const auto it = detached_owner_.find(key_of(f, d)); it != detached_owner_.end()) {
        owner = it->second;
      }
      if (is_type(definition.label)) {
        // Top-level types are in their namespace already (add_type_part).
        if (owner != kNone) types_[owner].nested.emplace(definition.name, type_of_definition_[f][d]);
        continue;
      }
      if (is_macro_definition(definition)) {
        macros_[definition.name].push_back(root_of(top_namespace(f, d)));  // reached by no call by name
        continue;
      }
      if (owner != kNone) {
        types_[owner].methods[definition.name].push_back({f, d});
      } else if (definition.parent == kModuleScope && rules_.namespace_functions && !is_detached(definition)) {
        namespaces_[*find_namespace(top_namespace(f, d))].functions[definition.name].push_back({f, d});
      }
      if (definition.is_extension) extensions_[definition.name].push_back({f, d});
    }
    facts.for_each_assignment_outside_callables([&](const Assignment& assignment) {
      if (assignment.target.size() != 1 || assignment.target[0].kind != Link::Kind::Name) return;
      const std::string_view name = assignment.target[0].text;
      const Field field{f, &assignment, {}};
      if (assignment.scope != kModuleScope) {
        if (const TypeId owner = type_of_definition_[f][assignment.scope]; owner != kNone) {
          types_[owner].fields.emplace(name, field);
        }
      } else if (rules_.namespace_functions) {
        namespaces_[*find_namespace(top_namespace(f, kModuleScope))].variables.emplace(name, field);
      }
    });
  }
}

void TypeTable::resolve_supertypes() {
  for (TypeId t = 0; t < types_.size(); ++t) {
    TypeInfo& info = types_[t];
    if (rules_.open_types) info.external_supertype = true;
    for (const ScopeRef part : info.parts) {
      const Definition& definition = files_[part.file].definitions[part.def];
      // Read inside the type: its namespace (a C# namespace block's) and its
      // enclosing types are in scope.
      const Context where{part.file, part.def};
      for (const auto* chains : {&definition.bases, &definition.implements}) {
        for (const LinkChain& chain : *chains) {
          const DeclaredType base = resolve_type(chain, where);
          if (base.kind == DeclaredType::Kind::Type && base.type != t) {
            if (std::find(info.supertypes.begin(), info.supertypes.end(), base.type) == info.supertypes.end()) {
              info.supertypes.push_back(base.type);
              if (definition.is_extension && chains == &definition.bases) info.reached_only.push_back(base.type);
            }
          } else if (base.kind != DeclaredType::Kind::Type) {
            info.external_supertype = true;
          }
        }
      }
    }
  }
}

// Each type's fields, each namespace's variables and each file's returns are
// written by one task; resolve_type only reads the finished tables.
void TypeTable::resolve_member_types() {
  trellis::parallel_for(std::size_t{0}, types_.size(), [this](std::size_t t) {
    for (auto& [name, field] : types_[t].fields) {
      field.type = resolve_type(field.declaration->annotation, {field.file, field.declaration->scope});
    }
  });
  for (NamespaceInfo& info : namespaces_) {
    for (auto& [name, field] : info.variables) {
      field.type = resolve_type(field.declaration->annotation, {field.file, kModuleScope});
    }
  }
  returns_.resize(files_.size());
  returns_resolved_ = std::make_unique<std::once_flag[]>(files_.size());
}

void TypeTable::resolve_returns(std::uint32_t file) const {
  const auto& definitions = files_[file].definitions;
  returns_[file].resize(definitions.size());
  for (ScopeIndex d = 0; d < definitions.size(); ++d) {
    if (is_type(definitions[d].label)) continue;
    returns_[file][d] = resolve_type(definitions[d].return_annotation, {file, d});
  }
}

std::optional<NamespaceId> TypeTable::find_namespace(std::string_view qualified) const {
  const auto it = namespace_ids_.find(qualified);
  if (it == namespace_ids_.end()) return std::nullopt;
  return it->second;
}

std::optional<TypeId> TypeTable::find_type(std::string_view qualified) const {
  const auto it = type_ids_.find(qualified);
  if (it == type_ids_.end()) return std::nullopt;
  return it->second;
}

TypeId TypeTable::type_of(ScopeRef definition) const {
  if (definition.def == kModuleScope) return kNone;
  return type_of_definition_[definition.file][definition.def];
}

TypeId TypeTable::enclosing_type(Context context) const {
  const auto& definitions = files_[context.file].definitions;
  for (ScopeIndex d = context.scope; d != kModuleScope; d = definitions[d].parent) {
    if (const TypeId type = type_of_definition_[context.file][d]; type != kNone) return type;
    if (const auto it = detached_owner_.find(key_of(context.file, d)); it != detached_owner_.end()) return it->second;
  }
  return kNone;
}

NamespaceId TypeTable::namespace_of(Context context) const {
  return *find_namespace(top_namespace(context.file, context.scope));
}

NamespaceId TypeTable::namespace_of_type(TypeId type) const {
  while (types_[type].outer != kNone) type = types_[type].outer;
  return types_[type].ns;
}

DeclaredType TypeTable::return_type(ScopeRef callable) const {
  if (callable.def == kModuleScope || returns_resolved_ == nullptr) return {};
  std::call_once(returns_resolved_[callable.file], [&] { resolve_returns(callable.file); });
  return returns_[callable.file][callable.def];
}

TypeTable::NameMeaning TypeTable::meaning_of_target(std::string_view target, int depth) const {
  if (const auto type = find_type(target)) return {NameMeaning::Kind::Type, *type};
  if (const auto ns = find_namespace(target)) return {NameMeaning::Kind::Namespace, *ns};
  // Re-exported: the target's namespace imports the name from elsewhere.
  constexpr int kMaxReexports = 8;
  const auto dot = target.rfind('.');
  if (dot != std::string_view::npos && depth < kMaxReexports) {
    if (const auto ns = find_namespace(target.substr(0, dot))) {
      const std::string_view name = target.substr(dot + 1);
      for (const std::uint32_t file : namespaces_[*ns].files) {
        for (const ImportedName& alias : scopes_[file].aliases) {
          if (alias.name == name && alias.target != target) return meaning_of_target(alias.target, depth + 1);
        }
      }
    }
  }
  return {NameMeaning::Kind::External, kNone};
}

TypeTable::NameMeaning TypeTable::lookup_type_name(std::string_view name, Context context) const {
  using Kind = NameMeaning::Kind;
  // The enclosing type by its own name for itself (Rust's `Self`).
  if (std::find(rules_.self_names.begin(), rules_.self_names.end(), name) != rules_.self_names.end()) {
    const TypeId self = enclosing_type(context);
    return self == kNone ? NameMeaning{} : NameMeaning{Kind::Type, self};
  }
  // The enclosing types, their nested types and their supertypes' nested types.
  for (TypeId t = enclosing_type(context); t != kNone; t = types_[t].outer) {
    // While supertypes are being resolved, lineages are not kept yet.
    std::vector<TypeId> computed;
    if (lineages_.empty()) computed = compute_lineage(t);
    for (const TypeId along : lineages_.empty() ? std::span<const TypeId>(computed) : lineage(t)) {
      const TypeInfo& info = types_[along];
      const std::string_view qualified = info.qualified;
      if (qualified == name || (qualified.ends_with(name) && qualified[qualified.size() - name.size() - 1] == '.')) {
        return {Kind::Type, along};
      }
      if (const auto it = info.nested.find(name); it != info.nested.end()) return {Kind::Type, it->second};
    }
  }
  for (const ImportedName& alias : scopes_[context.file].aliases) {
    if (alias.name != name) continue;
    NameMeaning meaning = meaning_of_target(alias.target);
    if (meaning.kind == Kind::Type && !alias.arguments.empty()) {
      meaning.arguments = alias.arguments;
      meaning.where = {alias.file, kModuleScope};
    }
    return meaning;
  }
  const NamespaceId own = namespace_of(context);
  const auto type_in = [&](NamespaceId ns) -> std::optional<TypeId> {
    const auto it = namespaces_[ns].types.find(name);
    if (it == namespaces_[ns].types.end()) return std::nullopt;
    return it->second;
  };
  if (const auto type = type_in(own)) return {Kind::Type, *type};
  if (rules_.enclosing_namespaces) {
    for (std::string_view qualified = namespaces_[own].qualified; !qualified.empty();) {
      const auto dot = qualified.rfind('.');
      qualified = dot == std::string_view::npos ? std::string_view{} : qualified.substr(0, dot);
      if (const auto ns = find_namespace(qualified)) {
        if (const auto type = type_in(*ns)) return {Kind::Type, *type};
      }
    }
  }
  for (const NamespaceId ns : open_namespaces(context.file)) {
    if (const auto type = type_in(ns)) return {Kind::Type, *type};
  }
  // A namespace: from the root, or (C#) within the enclosing ones.
  if (rules_.enclosing_namespaces) {
    for (std::string_view qualified = namespaces_[own].qualified;;) {
      const auto& children = namespaces_[*find_namespace(qualified)].children;
      if (const auto it = children.find(name); it != children.end()) return {Kind::Namespace, it->second};
      if (qualified.empty()) break;
      const auto dot = qualified.rfind('.');
      qualified = dot == std::string_view::npos ? std::string_view{} : qualified.substr(0, dot);
    }
  } else {
    if (rules_.child_namespaces) {
      const auto& children = namespaces_[own].children;
      if (const auto it = children.find(name); it != children.end()) return {Kind::Namespace, it->second};
    }
    if (const auto& roots = namespaces_[0].children; roots.contains(name)) return {Kind::Namespace, roots.at(name)};
  }
  return {};
}

std::size_t name_length(std::span<const Link> chain) {
  for (std::size_t i = 1; i < chain.size(); ++i) {
    if (chain[i].kind == Link::Kind::Element && chain[i].text == kTypeArgumentOpen) return i;
  }
  return chain.size();
}

std::span<const Link> type_argument(std::span<const Link> arguments, std::size_t i) {
  std::size_t depth = 0;
  std::size_t index = 0;
  std::size_t begin = 0;
  for (std::size_t at = 0; at < arguments.size(); ++at) {
    const Link& link = arguments[at];
    if (link.kind != Link::Kind::Element) continue;
    if (link.text == kTypeArgumentOpen) {
      if (depth++ == 0) begin = at + 1;
    } else if (link.text == kTypeArgumentClose && depth > 0) {
      if (--depth == 0 && index++ == i) return arguments.subspan(begin, at - begin);
    }
  }
  return {};
}

std::optional<std::uint8_t> TypeTable::template_parameter(TypeId type, std::string_view name) const {
  for (const ScopeRef part : types_[type].parts) {
    const auto& parameters = files_[part.file].definitions[part.def].parameters;
    if (parameters.empty()) continue;
    const auto it = std::find(parameters.begin(), parameters.end(), name);
    if (it == parameters.end() || it - parameters.begin() > 255) return std::nullopt;
    return static_cast<std::uint8_t>(it - parameters.begin());
  }
  return std::nullopt;
}

DeclaredType TypeTable::resolve_type(std::span<const Link> written, Context context) const {
  using Kind = NameMeaning::Kind;
  // A collection: the element's type, so many levels down.
  std::size_t length = written.size();
  std::uint8_t collection = 0;
  while (length > 1 && written[length - 1].kind == Link::Kind::Attribute && written[length - 1].text == kElementLink) {
    --length;
    ++collection;
  }
  const bool parameter = !written.empty() && written[0].kind == kTemplateParameterKind;
  if (collection > 0) {
    DeclaredType element = resolve_type(written.first(length), context);
    if (element.kind == DeclaredType::Kind::Type || element.kind == DeclaredType::Kind::Parameter) {
      element.collection = collection;
    } else if (parameter) {
      return DeclaredType::external();  // a library's collection of a parameter no receiver binds
    }
    return element;
  }
  if (length > 1 && written[length - 1].kind == Link::Kind::Attribute && written[length - 1].text == kReferenceLink) {
    DeclaredType referent = resolve_type(written.first(length - 1), context);
    referent.reference = true;
    return referent;
  }
  if (length > 1 && written[length - 1].kind == Link::Kind::Attribute && written[length - 1].text == kDerefLink) {
    DeclaredType held = resolve_type(written.first(length - 1), context);
    held.handle = held.kind == DeclaredType::Kind::Type || held.kind == DeclaredType::Kind::Parameter;
    if (held.kind == DeclaredType::Kind::Unknown && parameter) return DeclaredType::external();
    return held;
  }
  if (parameter) {  // `T` of the class template around the context, else of a function template: unknown
    const TypeId owner = length == 1 ? enclosing_type(context) : kNone;
    const auto index = owner == kNone ? std::nullopt : template_parameter(owner, written[0].text);
    if (!index) return {};
    DeclaredType out{DeclaredType::Kind::Parameter, owner, 0, false, 0, {}, {}};
    out.parameter = *index;
    return out;
  }
  const std::size_t names = name_length(written);
  const std::span<const Link> chain = written.first(names);
  if (chain.empty() || chain[0].kind != Link::Kind::Name) return {};
  NameMeaning meaning = lookup_type_name(chain[0].text, context);
  for (std::size_t i = 1; i < chain.size() && meaning.kind != Kind::External; ++i) {
    if (chain[i].kind != Link::Kind::Attribute) return {};
    const std::string_view name = chain[i].text;
    if (meaning.kind == Kind::Type) {
      const TypeInfo& info = types_[meaning.id];
      const auto it = info.nested.find(name);
      meaning = it != info.nested.end() ? NameMeaning{Kind::Type, it->second} : NameMeaning{Kind::External, kNone};
    } else if (meaning.kind == Kind::Namespace) {
      const NamespaceInfo& info = namespaces_[meaning.id];
      if (const auto type = info.types.find(name); type != info.types.end()) {
        meaning = {Kind::Type, type->second};
      } else if (const auto child = info.children.find(name); child != info.children.end()) {
        meaning = {Kind::Namespace, child->second};
      } else {
        meaning = {Kind::External, kNone};
      }
    } else {
      meaning = {Kind::External, kNone};
    }
  }
  if (meaning.kind == Kind::Type) {
    DeclaredType out = DeclaredType::of(meaning.id);
    out.arguments = written.subspan(names);
    out.where = context;
    if (out.arguments.empty() && !meaning.arguments.empty()) {  // an alias's (`using A = Box<W>`)
      out.arguments = meaning.arguments;
      out.where = meaning.where;
    }
    return out;
  }
  // A declared type the tree does not define: the language's own, or a library's.
  return meaning.kind == Kind::Namespace ? DeclaredType{} : DeclaredType::external();
}

std::vector<TypeId> TypeTable::compute_lineage(TypeId type) const {
  std::vector<TypeId> out{type};
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (const TypeId super : types_[out[i]].supertypes) {
      if (std::find(out.begin(), out.end(), super) == out.end()) out.push_back(super);
    }
  }
  return out;
}

const std::vector<ScopeRef>* TypeTable::find_methods(TypeId type, std::string_view name) const {
  for (const TypeId along : lineage(type)) {
    const auto& methods = types_[along].methods;
    if (const auto it = methods.find(name); it != methods.end()) return &it->second;
  }
  return nullptr;
}

const Field* TypeTable::find_field(TypeId type, std::string_view name) const {
  for (const TypeId along : lineage(type)) {
    const auto& fields = types_[along].fields;
    if (const auto it = fields.find(name); it != fields.end()) return &it->second;
  }
  return nullptr;
}

std::span<const TypeId> TypeTable::lineage(TypeId type) const { return lineages_[type]; }

bool TypeTable::open_lineage(TypeId type) const { return open_[type] != 0; }

bool TypeTable::is_macro(std::string_view name, Context context) const {
  const auto it = macros_.find(name);
  if (it == macros_.end()) return false;
  if (rules_.calls_may_be_macros) return true;  // the preprocessor's macros are everywhere
  const auto defined_under = [&](std::string_view qualified) {
    const std::string_view root = root_of(qualified);
    return std::find(it->second.begin(), it->second.end(), root) != it->second.end();
  };
  if (defined_under(namespaces_[namespace_of(context)].qualified)) return true;
  const std::string_view bare = name.substr(0, name.size() - 1);
  for (const ImportedName& imported : scopes_[context.file].static_imports) {
    if ((imported.member.empty() ? imported.name : imported.member) == bare && defined_under(imported.target)) return true;
  }
  return false;
}

const std::vector<ScopeRef>* TypeTable::extension_methods(std::string_view name) const {
  const auto it = extensions_.find(name);
  return it == extensions_.end() ? nullptr : &it->second;
}

}  // namespace trellis::ingest::resolve
