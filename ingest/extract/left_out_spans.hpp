// The byte spans of a file's definitions left out for their depth
// (FileFacts::definitions_too_deep), each with all it holds, so that what
// the queries found inside them is dropped too.
#pragma once

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

namespace trellis::ingest {

class LeftOutSpans {
 public:
  // Spans come in source order and apart.
  void add(std::uint32_t start, std::uint32_t end) { spans_.emplace_back(start, end); }
  bool empty() const { return spans_.empty(); }
  // Whether the span added last holds `byte`, which lies past its start.
  bool last_holds(std::uint32_t byte) const { return !spans_.empty() && byte < spans_.back().second; }
  bool holds(std::uint32_t byte) const {
    const auto after = std::upper_bound(spans_.begin(), spans_.end(), byte,
                                        [](std::uint32_t b, const auto& span) { return b < span.first; });
    return after != spans_.begin() && byte < std::prev(after)->second;
  }
  // Drops the items of `found` whose node (node_of(item)) starts in a span.
  template <class Items, class NodeOf>
  void drop_from(Items& found, NodeOf node_of) const {
    if (spans_.empty()) return;
    std::erase_if(found, [&](const auto& item) { return holds(ts_node_start_byte(node_of(item))); });
  }

 private:
  std::vector<std::pair<std::uint32_t, std::uint32_t>> spans_;
};

}  // namespace trellis::ingest
