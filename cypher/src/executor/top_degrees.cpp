#include "executor/top_degrees.hpp"

#include <algorithm>
#include <functional>
#include <queue>

#include "executor/edge_cursor.hpp"

namespace trellis::cypher {

std::int64_t hop_degree(const GraphStore& store, NodeId node, std::span<const RelType> types, Direction direction) {
  std::int64_t degree = 0;
  for (const RelType type : types) {
    if (direction != Direction::In) degree += static_cast<std::int64_t>(store.out(type, node).size());
    if (direction != Direction::Out) {
      const auto in = store.in(type, node);
      degree += static_cast<std::int64_t>(in.size());
      if (direction == Direction::Both) degree -= std::count(in.begin(), in.end(), node);
    }
  }
  return degree;
}

namespace {

// Degrees of every scanned node in scan order, and the m-th largest among
// the rows (0 when fewer than m nodes are rows).
struct ScanDegrees {
  std::vector<std::uint32_t> degrees;
  std::uint32_t mth_largest = 0;
  bool full = false;
};

ScanDegrees scan_degrees(const GraphStore& store, std::span<const NodeRange> ranges, const TopDegreeSpec& spec,
                         std::size_t m) {
  ScanDegrees out;
  std::size_t total = 0;
  for (const NodeRange& r : ranges) total += r.end - r.begin;
  out.degrees.resize(total);
  std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> best;  // the m largest
  std::size_t at = 0;
  for (const NodeRange& r : ranges) {
    for (NodeId node = r.begin; node < r.end; ++node) {
      const bool labelled = spec.near_labels.empty() || has_label(store, node, spec.near_labels);
      const auto degree = labelled ? static_cast<std::uint32_t>(hop_degree(store, node, spec.types, spec.direction)) : 0u;
      out.degrees[at++] = degree;
      if (degree == 0 && !spec.zero_rows) continue;
      if (best.size() < m) {
        best.push(degree);
      } else if (degree > best.top()) {
        best.pop();
        best.push(degree);
      }
    }
  }
  out.full = best.size() == m;
  if (out.full) out.mth_largest = best.top();
  return out;
}

}  // namespace

std::vector<NodeId> top_degree_candidates(const GraphStore& store, std::span<const NodeRange> ranges,
                                          const TopDegreeSpec& spec) {
  std::vector<NodeId> picked;
  if (spec.keep == 0) return picked;
  const std::size_t width = std::max<std::size_t>(spec.group_width, 1);
  const ScanDegrees scan = scan_degrees(store, ranges, spec, spec.keep * width);
  std::uint32_t bound = spec.zero_rows ? 0 : 1;
  if (scan.full) bound = std::max<std::uint32_t>(bound, static_cast<std::uint32_t>((scan.mth_largest + width - 1) / width));
  // (range, node) pairs order nodes as the scan does.
  std::vector<std::pair<std::size_t, NodeId>> found;
  std::vector<std::size_t> first_at(ranges.size());
  std::size_t at = 0;
  for (std::size_t r = 0; r < ranges.size(); ++r) {
    first_at[r] = at;
    for (NodeId node = ranges[r].begin; node < ranges[r].end; ++node) {
      if (scan.degrees[at++] >= bound) found.emplace_back(r, node);
    }
  }
  if (width > 1) {
    const std::size_t own = found.size();
    for (std::size_t i = 0; i < own; ++i) {
      for (const NodeId other : store.find_all(store.qualified_name(found[i].second))) {
        for (std::size_t r = 0; r < ranges.size(); ++r) {
          if (other < ranges[r].begin || other >= ranges[r].end) continue;
          const std::uint32_t degree = scan.degrees[first_at[r] + (other - ranges[r].begin)];
          if (degree < bound && (degree > 0 || spec.zero_rows)) found.emplace_back(r, other);
        }
      }
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
  }
  picked.reserve(found.size());
  for (const auto& [range, node] : found) picked.push_back(node);
  return picked;
}

}  // namespace trellis::cypher
