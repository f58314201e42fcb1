#include "batch/batch.hpp"

namespace trellis::cypher {

void Batch::compact(const std::vector<std::uint8_t>& keep) {
  // The kept positions, written without a branch.
  kept_.resize(size);
  std::uint32_t* __restrict kept = kept_.data();
  const std::uint8_t* __restrict flags = keep.data();
  std::size_t n = 0;
  for (std::size_t i = 0; i < size; ++i) {
    kept[n] = static_cast<std::uint32_t>(i);
    n += flags[i] != 0 ? std::size_t{1} : std::size_t{0};
  }
  if (n == size) return;
  gather_kept(n);
}

void Batch::flatten() {
  if (!selected) return;
  selected = false;
  if (selection.size() == size) return;
  kept_.assign(selection.begin(), selection.end());
  gather_kept(kept_.size());
}

void Batch::gather_kept(std::size_t n) {
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
  for (std::size_t s = 0; s < values.size(); ++s) {
    if (has_value[s]) values[s].gather(values[s], value_kinds[s], kept_.data(), n);
  }
  if (weighted) {
    for (std::size_t j = 0; j < n; ++j) weights[j] = weights[kept_[j]];
  }
  size = n;
}

void gather_parents(const Batch& in, const BatchLayout& layout, const std::uint32_t* parents, std::size_t n, Batch& out,
                    Slot skip) {
  for (std::size_t s = 0; s < layout.slots; ++s) {
    if (s == skip) continue;
    if (layout.nodes[s]) {
      const NodeId* from = in.nodes[s].data();
      NodeId* to = out.nodes[s].data();
      for (std::size_t j = 0; j < n; ++j) to[j] = from[parents[j]];
    }
    if (layout.rels[s]) {
      for (std::size_t j = 0; j < n; ++j) out.rels[s][j] = in.rels[s][parents[j]];
    }
    if (const auto column = layout.value(s)) out.values[s].gather(in.values[s], column->kind, parents, n);
  }
  if (layout.weighted) {
    for (std::size_t j = 0; j < n; ++j) out.weights[j] = in.weights[parents[j]];
  }
}

void Batch::write_row(std::size_t row, Row& out) const {
  for (std::size_t s = 0; s < nodes.size(); ++s) {
    if (has_node[s]) out.slots[s] = NodeRef{nodes[s][row]};
    if (has_rel[s]) out.slots[s] = rels[s][row];
  }
  for (std::size_t s = 0; s < values.size(); ++s) {
    if (has_value[s]) out.slots[s] = vec_value(values[s], value_kinds[s], row);
  }
  out.weight = weight(row);
}

}  // namespace trellis::cypher
