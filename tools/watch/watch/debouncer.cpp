#include "watch/debouncer.hpp"

#include <algorithm>

namespace trellis::watch {

void Debouncer::note(Clock::time_point now) {
  if (changes_ == 0) {
    first_ = now;
    last_ = now;
  } else {
    last_ = std::max(last_, now);
  }
  ++changes_;
}

std::optional<Debouncer::Clock::time_point> Debouncer::deadline() const {
  if (changes_ == 0) return std::nullopt;
  return std::min(last_ + timing_.quiet, first_ + timing_.max_delay);
}

bool Debouncer::due(Clock::time_point now) const {
  const auto when = deadline();
  return when && now >= *when;
}

std::size_t Debouncer::take() {
  const std::size_t changes = changes_;
  changes_ = 0;
  return changes;
}

}  // namespace trellis::watch
