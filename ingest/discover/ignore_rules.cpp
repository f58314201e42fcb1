#include "trellis/ingest/ignore_rules.hpp"

#include <utility>

namespace trellis::ingest {

IgnoreRules IgnoreRules::with_innermost(IgnoreList list) const {
  IgnoreRules rules;
  rules.innermost_ = std::make_shared<const Layer>(Layer{std::move(list), innermost_});
  return rules;
}

bool IgnoreRules::excludes(std::string_view path, bool is_directory) const {
  for (const Layer* layer = innermost_.get(); layer != nullptr; layer = layer->outer.get()) {
    const IgnoreVerdict verdict = layer->list.check(path, is_directory);
    if (verdict != IgnoreVerdict::Unmatched) return verdict == IgnoreVerdict::Excluded;
  }
  return false;
}

}  // namespace trellis::ingest
