// Compressed sparse rows for one relationship type in one direction.
// Offsets cover only the id range [base, base + offsets.size() - 1) that has
// edges in this direction: node ids are grouped by label, so a type whose
// sources are Modules pays offsets for Modules only.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "trellis/store/ids.hpp"
#include "trellis/store/pod_array.hpp"

namespace trellis {

struct Csr {
  NodeId base = 0;
  PodArray<std::uint32_t> offsets;  // empty, or (range + 1) entries
  PodArray<NodeId> targets;         // neighbours, sorted by id per node

  // Neighbours of `node` (empty when it is outside the range).
  std::span<const NodeId> neighbors(NodeId node) const {
    const std::uint32_t i = node - base;  // wraps for node < base
    if (offsets.empty() || i >= offsets.size() - 1) return {};
    return targets.span().subspan(offsets[i], offsets[i + 1] - offsets[i]);
  }
  // Position of the first neighbour of `node` in `targets`.
  std::uint32_t first_position(NodeId node) const {
    const std::uint32_t i = node - base;
    if (offsets.empty() || i >= offsets.size() - 1) return 0;
    return offsets[i];
  }
  std::size_t edge_count() const { return targets.size(); }
  std::size_t size_bytes() const { return offsets.size_bytes() + targets.size_bytes(); }
};

// Both directions of one relationship type, built in O(V + E) by counting
// sort. Forward lists are ordered by (target, insertion order), reverse lists
// by (source, insertion order), so the k-th parallel edge u->v is the k-th
// in both directions (see forward_position).
struct CsrPair {
  Csr forward;
  Csr reverse;
  // forward_order[p] = index in the input of the edge at forward position p;
  // edge property columns are permuted by it.
  std::vector<std::uint32_t> forward_order;
};

CsrPair build_csr(std::span<const NodeId> sources, std::span<const NodeId> targets);

// The forward position of the reverse edge at `reverse_index` among
// reverse.neighbors(node), i.e. of the edge neighbors[reverse_index] -> node.
EdgePos forward_position(const Csr& forward, const Csr& reverse, NodeId node,
                         std::size_t reverse_index);

}  // namespace trellis
