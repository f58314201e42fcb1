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
    switch (layer->list.check(path, is_directory)) {
      case IgnoreVerdict::Excluded:
        return true;
      case IgnoreVerdict::Included:
        return false;
      case IgnoreVerdict::Unmatched:
        break;
    }
  }
  return false;
}

}  // namespace trellis::ingest
