// Compressed sparse rows for one relationship type in one direction.
//
// Offsets cover only the id range [base, base + range) that has edges in this
// direction: node ids are grouped by label, so a type whose sources are
// Modules pays for Modules only. They are stored in two levels to halve
// their size: one absolute 32-bit offset per block of 64 nodes, and a
// 16-bit offset within the block per node. A block whose edges do not fit
// 16 bits (a hub called by thousands) keeps 32-bit offsets in wide_offsets.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "trellis/store/ids.hpp"
#include "trellis/store/pod_array.hpp"

namespace trellis {

struct Csr {
  static constexpr std::uint32_t kBlockBits = 6;
  static constexpr std::uint32_t kBlockSize = 1u << kBlockBits;
  // Marks a block_offsets entry as "wide": the low bits index wide_offsets
  // in blocks of kBlockSize.
  static constexpr std::uint32_t kWideBlock = 0x80000000u;

  NodeId base = 0;
  PodArray<std::uint32_t> block_offsets;  // one per kBlockSize entries of local_offsets
  PodArray<std::uint16_t> local_offsets;  // range + 1 entries (empty: no edges)
  PodArray<std::uint32_t> wide_offsets;   // kBlockSize per wide block
  PodArray<NodeId> targets;               // neighbours, sorted by id per node

  // Number of node ids the offsets cover.
  std::uint32_t range() const {
    return local_offsets.empty() ? 0 : static_cast<std::uint32_t>(local_offsets.size() - 1);
  }
  // Where the neighbours of the i-th node of the range start; i <= range().
  std::uint32_t offset(std::uint32_t i) const {
    const std::uint32_t block = block_offsets[i >> kBlockBits];
    if ((block & kWideBlock) != 0) {
      return wide_offsets[((block & ~kWideBlock) << kBlockBits) + (i & (kBlockSize - 1))];
    }
    return block + local_offsets[i];
  }
  // Neighbours of `node` (empty when it is outside the range).
  std::span<const NodeId> neighbors(NodeId node) const {
    const std::uint32_t i = node - base;  // wraps for node < base
    if (i >= range()) return {};
    const std::uint32_t begin = offset(i);
    return targets.span().subspan(begin, offset(i + 1) - begin);
  }
  // Adds the neighbour count of each node of [begin, end) to out[node - begin]
  // (nodes outside the range have none): one pass over the offsets.
  void add_degrees(NodeId begin, NodeId end, std::uint32_t* out) const {
    const NodeId lo = std::max(begin, base);
    const NodeId hi = std::min<NodeId>(end, base + range());
    if (lo >= hi) return;
    std::uint32_t previous = offset(lo - base);
    for (NodeId node = lo; node < hi; ++node) {
      const std::uint32_t next = offset(node - base + 1);
      out[node - begin] += next - previous;
      previous = next;
    }
  }
  // Neighbour count of the nodes of [begin, end) together: one difference of offsets.
  std::size_t degree_sum(NodeId begin, NodeId end) const {
    const NodeId lo = std::max(begin, base);
    const NodeId hi = std::min<NodeId>(end, base + range());
    if (lo >= hi) return 0;
    return offset(hi - base) - offset(lo - base);
  }
  // The first node of [begin, end) with a neighbour, `end` when none: a
  // binary search over the offsets.
  NodeId first_with_neighbors(NodeId begin, NodeId end) const {
    const NodeId lo = std::max(begin, base);
    const NodeId hi = std::min<NodeId>(end, base + range());
    if (lo >= hi) return end;
    const std::uint32_t start = offset(lo - base);
    if (offset(hi - base) == start) return end;
    NodeId a = lo;
    NodeId b = hi - 1;  // the answer lies in [a, b]
    while (a < b) {
      const NodeId mid = a + (b - a) / 2;
      if (offset(mid - base + 1) > start) {
        b = mid;
      } else {
        a = mid + 1;
      }
    }
    return a;
  }
  // Prefetch hint for a traversal that knows which rows it reads next: the
  // offsets of `node` (the row itself can be prefetched once they are read).
  void prefetch_offsets(NodeId node) const {
    const std::uint32_t i = node - base;
    if (i < range()) __builtin_prefetch(local_offsets.data() + i);
  }
  // Position of the first neighbour of `node` in `targets`.
  std::uint32_t first_position(NodeId node) const {
    const std::uint32_t i = node - base;
    return i >= range() ? 0 : offset(i);
  }
  std::size_t edge_count() const { return targets.size(); }
  std::size_t size_bytes() const {
    return block_offsets.size_bytes() + local_offsets.size_bytes() + wide_offsets.size_bytes() +
           targets.size_bytes();
  }
};

// Lays out plain offsets (range + 1 entries, starting at 0, never
// decreasing) in the two-level form above.
void set_offsets(Csr& csr, std::span<const std::uint32_t> offsets);

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
