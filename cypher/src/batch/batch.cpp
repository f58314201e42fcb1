#include "batch/batch.hpp"

namespace trellis::cypher {

void Batch::compact(const std::vector<std::uint8_t>& keep) {
  kept_.clear();
  for (std::size_t i = 0; i < size; ++i) {
    if (keep[i] != 0) kept_.push_back(static_cast<std::uint32_t>(i));
  }
  if (kept_.size() == size) return;
  const std::size_t n = kept_.size();
  // Column by column: each is one gather over the kept positions (ascending, so in place).
  for (std::size_t s = 0; s < nodes.size(); ++s) {
    if (has_node[s]) {
      NodeId* column = nodes[s].data();
      for (std::size_t j = 0; j < n; ++j) column[j] = column[kept_[j]];
    }
    if (has_rel[s]) {
      RelRef* column = rels[s].data();
      for (std::size_t j = 0; j < n; ++j) column[j] = column[kept_[j]];
    }
  }
  if (weighted) {
    for (std::size_t j = 0; j < n; ++j) weights[j] = weights[kept_[j]];
  }
  size = n;
}

void Batch::write_row(std::size_t row, Row& out) const {
  for (std::size_t s = 0; s < nodes.size(); ++s) {
    if (has_node[s]) out.slots[s] = NodeRef{nodes[s][row]};
    if (has_rel[s]) out.slots[s] = rels[s][row];
  }
  out.weight = weight(row);
}

}  // namespace trellis::cypher
