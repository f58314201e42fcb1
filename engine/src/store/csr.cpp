#include "trellis/store/csr.hpp"

#include <algorithm>

namespace trellis {
namespace {

struct KeyRange {
  NodeId lo = 0;
  NodeId hi = 0;  // exclusive
};

KeyRange key_range(std::span<const NodeId> keys) {
  if (keys.empty()) return {};
  const auto [lo, hi] = std::minmax_element(keys.begin(), keys.end());
  return {*lo, *hi + 1};
}

// Stable counting sort of `order` (indices into keys) by keys[index].
// Returns the sorted order and fills `offsets` with the bucket starts.
std::vector<std::uint32_t> counting_sort(std::span<const std::uint32_t> order,
                                         std::span<const NodeId> keys, KeyRange range,
                                         std::vector<std::uint32_t>& offsets) {
  offsets.assign(static_cast<std::size_t>(range.hi - range.lo) + 1, 0);
  for (const std::uint32_t e : order) ++offsets[keys[e] - range.lo + 1];
  for (std::size_t i = 1; i < offsets.size(); ++i) offsets[i] += offsets[i - 1];
  std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  std::vector<std::uint32_t> sorted(order.size());
  for (const std::uint32_t e : order) sorted[cursor[keys[e] - range.lo]++] = e;
  return sorted;
}

Csr make_csr(KeyRange range, const std::vector<std::uint32_t>& offsets,
             std::span<const std::uint32_t> order, std::span<const NodeId> neighbours) {
  std::vector<NodeId> targets(order.size());
  for (std::size_t p = 0; p < order.size(); ++p) targets[p] = neighbours[order[p]];
  Csr csr;
  csr.base = range.lo;
  if (!order.empty()) set_offsets(csr, offsets);
  csr.targets = PodArray<NodeId>(std::move(targets));
  return csr;
}

}  // namespace

void set_offsets(Csr& csr, std::span<const std::uint32_t> offsets) {
  constexpr std::uint32_t kLocalLimit = 0xFFFF;
  const std::size_t blocks = (offsets.size() + Csr::kBlockSize - 1) / Csr::kBlockSize;
  std::vector<std::uint32_t> block_offsets(blocks);
  std::vector<std::uint16_t> local_offsets(offsets.size(), 0);
  std::vector<std::uint32_t> wide_offsets;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = b * Csr::kBlockSize;
    const std::size_t last = std::min(offsets.size(), first + Csr::kBlockSize);
    const std::uint32_t start = offsets[first];
    if (offsets[last - 1] - start <= kLocalLimit) {
      block_offsets[b] = start;
      for (std::size_t i = first; i < last; ++i) local_offsets[i] = static_cast<std::uint16_t>(offsets[i] - start);
    } else {
      block_offsets[b] = Csr::kWideBlock | static_cast<std::uint32_t>(wide_offsets.size() / Csr::kBlockSize);
      for (std::size_t i = 0; i < Csr::kBlockSize; ++i) {
        wide_offsets.push_back(first + i < last ? offsets[first + i] : offsets[last - 1]);
      }
    }
  }
  csr.block_offsets = PodArray<std::uint32_t>(std::move(block_offsets));
  csr.local_offsets = PodArray<std::uint16_t>(std::move(local_offsets));
  csr.wide_offsets = PodArray<std::uint32_t>(std::move(wide_offsets));
}

CsrPair build_csr(std::span<const NodeId> sources, std::span<const NodeId> targets) {
  const std::size_t edge_count = sources.size();
  std::vector<std::uint32_t> input(edge_count);
  for (std::uint32_t e = 0; e < edge_count; ++e) input[e] = e;

  const KeyRange source_range = key_range(sources);
  const KeyRange target_range = key_range(targets);

  // LSD radix: by target, then by source -> (source, target, input order).
  std::vector<std::uint32_t> scratch;
  const auto by_target = counting_sort(input, targets, target_range, scratch);
  std::vector<std::uint32_t> forward_offsets;
  auto forward_order = counting_sort(by_target, sources, source_range, forward_offsets);
  // A stable pass by target over the forward order -> (target, source, input order).
  std::vector<std::uint32_t> reverse_offsets;
  const auto reverse_order = counting_sort(forward_order, targets, target_range, reverse_offsets);

  CsrPair pair;
  pair.forward = make_csr(source_range, forward_offsets, forward_order, targets);
  pair.reverse = make_csr(target_range, reverse_offsets, reverse_order, sources);
  pair.forward_order = std::move(forward_order);
  return pair;
}

EdgePos forward_position(const Csr& forward, const Csr& reverse, NodeId node,
                         std::size_t reverse_index) {
  const auto in = reverse.neighbors(node);
  const NodeId source = in[reverse_index];
  // How many parallel edges source->node precede this one.
  const auto first_parallel = std::lower_bound(in.begin(), in.end(), source);
  const auto k = static_cast<std::size_t>(in.begin() + static_cast<std::ptrdiff_t>(reverse_index) -
                                          first_parallel);
  const auto out = forward.neighbors(source);
  const auto first_out = std::lower_bound(out.begin(), out.end(), node);
  return forward.first_position(source) +
         static_cast<EdgePos>(first_out - out.begin()) + static_cast<EdgePos>(k);
}

}  // namespace trellis
