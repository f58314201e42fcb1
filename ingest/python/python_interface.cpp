#include "python_interface.hpp"

#include "resolve/facts_digest.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace trellis::ingest::python {
namespace {

using Digest = resolve::FactsDigest;

// Each line of a binding, replaced by its rank among those lines.
class LineRanks {
 public:
  explicit LineRanks(const FileFacts& facts) {
    for (const Definition& d : facts.definitions) lines_.push_back(d.span.line_start);
    for (const Import& i : facts.imports) lines_.push_back(i.line);
    for (const Assignment& a : facts.all_assignments()) lines_.push_back(a.line);
    std::sort(lines_.begin(), lines_.end());
    lines_.erase(std::unique(lines_.begin(), lines_.end()), lines_.end());
  }
  std::uint32_t rank(std::uint32_t line) const {
    return static_cast<std::uint32_t>(std::lower_bound(lines_.begin(), lines_.end(), line) - lines_.begin());
  }

 private:
  std::vector<std::uint32_t> lines_;
};

// Whether `name` is a definition nested directly in the function `scope`
// or in one around it (what a class body defines is no bare name in it).
bool is_nested_definition(const FileFacts& facts, ScopeIndex scope, std::string_view name) {
  const auto& definitions = facts.definitions;
  for (ScopeIndex s = scope; s != kModuleScope; s = definitions[s].parent) {
    if (!is_callable(definitions[s].label)) continue;
    for (ScopeIndex d = s + 1; d < definitions.size() && definitions[d].span.byte_start < definitions[s].span.byte_end; ++d) {
      if (definitions[d].parent == s && definitions[d].name == name) return true;
    }
  }
  return false;
}

}  // namespace

bool is_interface_call(const FileFacts& facts, const CallSite& call) {
  if (call.caller == kModuleScope || call.callee.empty() || call.callee[0].kind != Link::Kind::Name) return false;
  const std::string& head = call.callee[0].text;
  if (head == "super") return call.callee.size() == 3 && call.callee[1].kind == Link::Kind::Call;
  return call.callee.size() == 1 && is_nested_definition(facts, call.scope, head);
}

std::uint64_t interface_digest(const FileFacts& facts) {
  const LineRanks ranks(facts);
  Digest d;
  d.text(facts.relative_path);
  d.u32(facts.has_all ? 1 : 0);
  d.texts(facts.all_names);
  d.u32(static_cast<std::uint32_t>(facts.definitions.size()));
  for (const Definition& def : facts.definitions) {
    d.u32(static_cast<std::uint32_t>(def.label));
    d.text(def.name);
    d.u32(def.parent);
    d.u32(ranks.rank(def.span.line_start));
    d.texts(def.decorators);
    d.chains(def.bases);
    d.texts(def.base_texts);
    d.u32(def.is_async ? 1 : 0);
    d.u32(def.typing_only ? 1 : 0);
    d.annotated(def.annotated_parameters);
    d.texts(def.parameters);
    d.u32(static_cast<std::uint32_t>(def.defaulted));
    d.u32(static_cast<std::uint32_t>(def.defaulted >> 32));
    d.text(def.first_parameter);
    d.texts(def.local_names);
    d.chain(def.return_annotation);
  }
  d.u32(static_cast<std::uint32_t>(facts.imports.size()));
  for (const Import& i : facts.imports) {
    d.u32(i.scope);
    d.u32(ranks.rank(i.line));
    d.u32(i.level);
    d.text(i.module);
    d.text(i.name);
    d.text(i.alias);
    d.u32(i.is_from ? 1 : 0);
  }
  d.u32(static_cast<std::uint32_t>(facts.all_assignments().size()));
  for (const Assignment& a : facts.all_assignments()) {
    d.u32(a.scope);
    d.u32(ranks.rank(a.line));
    d.chain(a.target);
    d.chain(a.value);
    d.chain(a.annotation);
    d.u32(a.block_end == 0xFFFFFFFFu ? a.block_end : ranks.rank(a.block_end));
  }
  for (const CallSite& c : facts.calls) {
    if (!is_interface_call(facts, c)) continue;
    d.u32(c.scope);
    d.u32(ranks.rank(c.line));
    d.u32(c.block_end == 0xFFFFFFFFu ? c.block_end : ranks.rank(c.block_end));
    d.chain(c.callee);
    d.u32(static_cast<std::uint32_t>(c.arguments.size()));
    for (const LinkChain& argument : c.arguments) d.chain(argument);
    d.texts(c.keywords);
  }
  return d.value();
}

}  // namespace trellis::ingest::python
