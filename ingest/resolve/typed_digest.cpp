// What resolving other files reads of a file: its package, imports,
// definitions with their declared types and supertypes, and its fields and
// package-level variables. Call sites and the locals of functions are left
// out: editing a body changes only the file's own edges.
#include "resolve/facts_digest.hpp"
#include "resolve/typed_facts.hpp"
#include "resolve/typed_language.hpp"

namespace trellis::ingest::resolve {
namespace {

bool callable(Label label) { return label == Label::Function || label == Label::Method; }

}  // namespace

std::uint64_t typed_interface_digest(const FileFacts& facts) {
  FactsDigest digest;
  digest.text(facts.relative_path);
  digest.text(facts.package_name);
  digest.u32(static_cast<std::uint32_t>(facts.imports.size()));
  for (const Import& import : facts.imports) {
    digest.text(import.module);
    digest.text(import.name);
    digest.text(import.alias);
    digest.u32(import.level);
    digest.chain(import.arguments);
  }
  digest.u32(static_cast<std::uint32_t>(facts.definitions.size()));
  for (const Definition& d : facts.definitions) {
    digest.u32(static_cast<std::uint32_t>(d.label));
    digest.text(d.name);
    digest.u32(d.parent);
    digest.text(d.qualifier);
    digest.text(d.signature);
    digest.u32((d.is_static ? 1u : 0u) | (d.is_variadic ? 2u : 0u) | (d.is_extension ? 4u : 0u) |
                  (d.is_accessor ? 8u : 0u) | (is_macro_definition(d) ? 16u : 0u));
    digest.chains(d.bases);
    digest.chains(d.implements);
    digest.annotated(d.annotated_parameters);
    digest.u32(static_cast<std::uint32_t>(d.parameters.size()));
    if (d.label == Label::Class) {  // a C++ class template's type parameters, which its members' types name
      for (const std::string& parameter : d.parameters) digest.text(parameter);
    }
    digest.chain(d.return_annotation);
    digest.chains(d.results);
  }
  for (const Assignment& a : facts.all_assignments()) {
    if (a.scope != kModuleScope && callable(facts.definitions[a.scope].label)) continue;  // a local
    digest.u32(a.scope);
    digest.chain(a.target);
    digest.chain(a.value);
    digest.chain(a.annotation);
  }
  return digest.value();
}

}  // namespace trellis::ingest::resolve
