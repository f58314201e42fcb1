// What resolving other files reads of a file: its package, imports,
// definitions with their declared types and supertypes, and its fields and
// package-level variables. Call sites and the locals of functions are left
// out: editing a body changes only the file's own edges.
#include <xxhash.h>

#include "resolve/typed_language.hpp"

namespace trellis::ingest::resolve {
namespace {

class Digest {
 public:
  Digest() : state_(XXH3_createState()) { XXH3_64bits_reset(state_); }
  ~Digest() { XXH3_freeState(state_); }
  Digest(const Digest&) = delete;
  Digest& operator=(const Digest&) = delete;

  void number(std::uint64_t value) { XXH3_64bits_update(state_, &value, sizeof value); }
  void text(std::string_view value) {
    number(value.size());
    XXH3_64bits_update(state_, value.data(), value.size());
  }
  void chain(const LinkChain& links) {
    number(links.size());
    for (const Link& link : links) {
      number(static_cast<std::uint64_t>(link.kind));
      text(link.text);
    }
  }
  std::uint64_t value() const { return XXH3_64bits_digest(state_); }

 private:
  XXH3_state_t* state_;
};

bool callable(Label label) { return label == Label::Function || label == Label::Method; }

}  // namespace

std::uint64_t typed_interface_digest(const FileFacts& facts) {
  Digest digest;
  digest.text(facts.relative_path);
  digest.text(facts.package_name);
  digest.number(facts.imports.size());
  for (const Import& import : facts.imports) {
    digest.text(import.module);
    digest.text(import.name);
    digest.text(import.alias);
    digest.number(import.level);
  }
  digest.number(facts.definitions.size());
  for (const Definition& d : facts.definitions) {
    digest.number(static_cast<std::uint64_t>(d.label));
    digest.text(d.name);
    digest.number(d.parent);
    digest.text(d.qualifier);
    digest.text(d.signature);
    digest.number((d.is_static ? 1u : 0u) | (d.is_variadic ? 2u : 0u) | (d.is_extension ? 4u : 0u) |
                  (d.is_accessor ? 8u : 0u));
    for (const auto* chains : {&d.bases, &d.implements}) {
      digest.number(chains->size());
      for (const LinkChain& chain : *chains) digest.chain(chain);
    }
    digest.number(d.annotated_parameters.size());
    for (const auto& [name, annotation] : d.annotated_parameters) {
      digest.text(name);
      digest.chain(annotation);
    }
    digest.number(d.parameters.size());
    digest.chain(d.return_annotation);
  }
  for (const Assignment& a : facts.all_assignments()) {
    if (a.scope != kModuleScope && callable(facts.definitions[a.scope].label)) continue;  // a local
    digest.number(a.scope);
    digest.chain(a.target);
    digest.chain(a.value);
    digest.chain(a.annotation);
  }
  return digest.value();
}

}  // namespace trellis::ingest::resolve
