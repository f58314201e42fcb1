#include "resolve/name_uses.hpp"

#include <xxhash.h>

#include <algorithm>
#include <unordered_map>

#include "resolve/facts_digest.hpp"
#include "resolve/typed_facts.hpp"

namespace trellis::ingest::resolve {
namespace {

bool names_something(const Link& link) {
  return (link.kind == Link::Kind::Name || link.kind == Link::Kind::Attribute || link.kind == Link::Kind::Literal) &&
         !link.text.empty();
}

// The name a definition is found by: a constructor's is its class's, a
// destructor's its class's too.
std::string_view found_by(const FileFacts& facts, const Definition& definition) {
  if (definition.name == kConstructorName && definition.parent < facts.definitions.size()) {
    return facts.definitions[definition.parent].name;
  }
  if (definition.name.size() > 1 && definition.name.front() == '~') return std::string_view(definition.name).substr(1);
  return definition.name;
}

// Calls add(key) for each name of a chain, and of each dotted part of a
// qualifier or module path.
template <class Add>
void chain_names(const LinkChain& chain, Add&& add) {
  for (const Link& link : chain) {
    if (names_something(link)) add(name_key(link.text));
  }
}
template <class Add>
void dotted_names(std::string_view dotted, Add&& add) {
  while (!dotted.empty()) {
    const auto dot = dotted.find('.');
    add(name_key(dotted.substr(0, dot)));
    if (dot == std::string_view::npos) break;
    dotted.remove_prefix(dot + 1);
  }
}

// The types and names a declaration is written with, which type what
// reading it gives.
template <class Add>
void definition_mentions(const Definition& d, Add&& add) {
  for (const auto* chains : {&d.bases, &d.implements, &d.results}) {
    for (const LinkChain& chain : *chains) chain_names(chain, add);
  }
  for (const auto& parameter : d.annotated_parameters) chain_names(parameter.second, add);
  chain_names(d.return_annotation, add);
}

bool is_name_import(const Import& import) { return import.is_from && import.name != "*"; }

std::string_view import_name(const Import& import) { return import.alias.empty() ? import.name : import.alias; }

template <class Add>
void import_mentions(const Import& import, Add&& add) {
  dotted_names(import.module, add);
  add(name_key(import.name));
  chain_names(import.arguments, add);
}

// The key an assignment outside functions binds (a field, a variable), or none.
std::optional<NameKey> assigned_name(const Assignment& assignment) {
  if (assignment.target.empty() || !names_something(assignment.target.back())) return std::nullopt;
  return name_key(assignment.target.back().text);
}

void scope_path(FactsDigest& digest, const FileFacts& facts, ScopeIndex scope) {
  // Parents precede children: the walk ends (and is bounded by the count).
  for (std::size_t steps = 0; scope < facts.definitions.size() && steps <= facts.definitions.size(); ++steps) {
    digest.text(facts.definitions[scope].name);
    scope = facts.definitions[scope].parent;
  }
  digest.u32(0xFFFFFFFFu);
}

// Per name, the digests of what declares it, in order; and a digest of the
// rest (what no name stands for).
struct Declarations {
  std::unordered_map<NameKey, std::vector<std::uint64_t>> by_name;
  std::uint64_t rest = 0;
};

Declarations declarations(const FileFacts& facts) {
  Declarations out;
  for (const Definition& d : facts.definitions) {
    FactsDigest digest;
    digest.u32(static_cast<std::uint32_t>(d.label));
    digest.text(d.name);
    scope_path(digest, facts, d.parent);
    digest.text(d.qualifier);
    digest.text(d.signature);
    digest.u32((d.is_static ? 1u : 0u) | (d.is_variadic ? 2u : 0u) | (d.is_extension ? 4u : 0u) |
               (d.is_accessor ? 8u : 0u) | (d.is_declaration ? 16u : 0u) | (d.is_abstract ? 32u : 0u) |
               (d.typing_only ? 64u : 0u));
    digest.texts(d.decorators);
    digest.chains(d.bases);
    digest.chains(d.implements);
    digest.chains(d.results);
    digest.annotated(d.annotated_parameters);
    digest.texts(d.parameters);
    digest.u32(static_cast<std::uint32_t>(d.defaulted));
    digest.chain(d.return_annotation);
    out.by_name[name_key(found_by(facts, d))].push_back(digest.value());
  }
  FactsDigest rest;
  rest.text(facts.relative_path);
  rest.text(facts.package_name);
  rest.u32(facts.has_all ? 1 : 0);
  rest.texts(facts.all_names);
  rest.u32(facts.definitions_too_deep);
  facts.for_each_assignment_outside_callables([&](const Assignment& a) {
    FactsDigest digest;
    scope_path(digest, facts, a.scope);
    digest.chain(a.target);
    digest.chain(a.value);
    digest.chain(a.annotation);
    if (const auto key = assigned_name(a)) {
      out.by_name[*key].push_back(digest.value());
    } else {
      rest.u32(static_cast<std::uint32_t>(digest.value()));
    }
  });
  for (const Import& import : facts.imports) {
    FactsDigest digest;
    scope_path(digest, facts, import.scope);
    digest.u32(import.level);
    digest.text(import.module);
    digest.text(import.name);
    digest.text(import.alias);
    digest.u32((import.is_from ? 1u : 0u) | (import.reexport ? 2u : 0u));
    digest.chain(import.arguments);
    if (is_name_import(import)) {
      out.by_name[name_key(import_name(import))].push_back(digest.value());
    } else {  // an #include or a `using namespace`: what every name's lookup reads
      rest.u32(static_cast<std::uint32_t>(digest.value()));
      rest.u32(static_cast<std::uint32_t>(digest.value() >> 32));
    }
  }
  out.rest = rest.value();
  return out;
}

}  // namespace

NameKey name_key(std::string_view name) {
  if (name.ends_with('!')) name.remove_suffix(1);
  return static_cast<NameKey>(XXH3_64bits(name.data(), name.size()));
}

std::vector<NameKey> used_names(const FileFacts& facts) {
  std::vector<NameKey> keys;
  const auto add = [&](NameKey key) { keys.push_back(key); };
  for (const Definition& d : facts.definitions) {
    add(name_key(found_by(facts, d)));
    dotted_names(d.qualifier, add);
    definition_mentions(d, add);
  }
  for (const Assignment& a : facts.all_assignments()) {
    for (const LinkChain* chain : {&a.target, &a.value, &a.annotation}) chain_names(*chain, add);
  }
  for (const CallSite& site : facts.calls) {
    chain_names(site.callee, add);
    for (const LinkChain& argument : site.arguments) chain_names(argument, add);
  }
  for (const Import& import : facts.imports) {
    if (!import.is_from) continue;  // an #include names a file
    import_mentions(import, add);
    if (!import.alias.empty()) add(name_key(import.alias));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

std::optional<std::vector<NameKey>> changed_names(const FileFacts& before, const FileFacts& after) {
  Declarations old_declarations = declarations(before);
  const Declarations new_declarations = declarations(after);
  if (old_declarations.rest != new_declarations.rest) return std::nullopt;
  std::vector<NameKey> changed;
  for (const auto& [key, digests] : new_declarations.by_name) {
    const auto old = old_declarations.by_name.find(key);
    if (old == old_declarations.by_name.end() || old->second != digests) changed.push_back(key);
    if (old != old_declarations.by_name.end()) old_declarations.by_name.erase(old);
  }
  for (const auto& [key, digests] : old_declarations.by_name) changed.push_back(key);  // removed
  std::sort(changed.begin(), changed.end());
  return changed;
}

void add_dependent_names(std::span<const FileFacts> files, std::unordered_set<NameKey>& affected) {
  if (affected.empty()) return;
  bool grew = true;
  while (grew) {
    grew = false;
    const auto mentions_affected = [&](auto&& visit) {
      bool found = false;
      visit([&](NameKey key) { found = found || affected.contains(key); });
      return found;
    };
    const auto consider = [&](NameKey key, auto&& visit) {
      if (!affected.contains(key) && mentions_affected(visit)) {
        affected.insert(key);
        grew = true;
      }
    };
    for (const FileFacts& facts : files) {
      for (const Definition& d : facts.definitions) {
        consider(name_key(found_by(facts, d)), [&](auto&& add) { definition_mentions(d, add); });
      }
      facts.for_each_assignment_outside_callables([&](const Assignment& a) {
        if (const auto key = assigned_name(a)) {
          consider(*key, [&](auto&& add) {
            chain_names(a.value, add);
            chain_names(a.annotation, add);
          });
        }
      });
      for (const Import& import : facts.imports) {
        if (is_name_import(import)) {
          consider(name_key(import_name(import)), [&](auto&& add) { import_mentions(import, add); });
        }
      }
    }
  }
}

}  // namespace trellis::ingest::resolve
