#include "executor/top_degrees.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
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

bool hop_reads(const RelRef& rel, NodeId node, std::span<const RelType> types, Direction direction,
               std::span<const NodeRange> into) {
  if (std::find(types.begin(), types.end(), rel.type) == types.end()) return false;
  NodeId far = kNoNode;
  if (direction != Direction::In && rel.from == node) {
    far = rel.to;
  } else if (direction != Direction::Out && rel.to == node) {
    far = rel.from;
  } else {
    return false;
  }
  if (into.empty()) return true;
  return std::any_of(into.begin(), into.end(), [&](const NodeRange& r) { return far >= r.begin && far < r.end; });
}

namespace {

std::int64_t count_into(std::span<const NodeId> neighbours, std::span<const NodeRange> into) {
  std::int64_t n = 0;
  for (const NodeRange& range : into) {
    const auto first = std::lower_bound(neighbours.begin(), neighbours.end(), range.begin);
    n += std::lower_bound(first, neighbours.end(), range.end) - first;
  }
  return n;
}

}  // namespace

std::int64_t hop_degree_into(const GraphStore& store, NodeId node, std::span<const RelType> types, Direction direction,
                             std::span<const NodeRange> into) {
  bool self_inside = false;
  for (const NodeRange& range : into) self_inside |= range.contains(node);
  std::int64_t degree = 0;
  for (const RelType type : types) {
    if (direction != Direction::In) degree += count_into(store.out(type, node), into);
    if (direction != Direction::Out) {
      const auto in = store.in(type, node);
      degree += count_into(in, into);
      // Undirected, a self loop is one match (it is in both lists).
      if (direction == Direction::Both && self_inside) degree -= std::count(in.begin(), in.end(), node);
    }
  }
  return degree;
}

std::vector<NodeRange> label_ranges(const GraphStore& store, std::span<const Label> labels) {
  std::vector<NodeRange> ranges;
  if (labels.empty()) {
    ranges.push_back({0, static_cast<NodeId>(store.node_count())});
    return ranges;
  }
  for (const Label label : labels) {
    const NodeRange range = store.nodes(label);
    if (range.size() != 0) ranges.push_back(range);
  }
  return ranges;
}

namespace {

// Nodes per task: large enough that a task costs far more than its scheduling.
constexpr NodeId kTopDegreeBlock = 1u << 15;

// A slice of one scanned range, the unit of parallel work; `first` is the
// scan position of `begin` (positions number the scanned nodes in scan order).
struct DegreeBlock {
  std::size_t range;
  NodeId begin;
  NodeId end;
  std::size_t first;
};

std::vector<DegreeBlock> degree_blocks(std::span<const NodeRange> ranges) {
  std::vector<DegreeBlock> blocks;
  std::size_t at = 0;
  for (std::size_t r = 0; r < ranges.size(); ++r) {
    for (NodeId begin = ranges[r].begin; begin < ranges[r].end; begin += std::min(kTopDegreeBlock, ranges[r].end - begin)) {
      const NodeId end = begin + std::min(kTopDegreeBlock, ranges[r].end - begin);
      blocks.push_back({r, begin, end, at});
      at += end - begin;
    }
  }
  return blocks;
}

// Writes the degrees of a block's nodes to `degrees` (its slice, zeroed),
// range by range off the CSR offsets, and returns the m largest among its rows.
std::vector<std::uint32_t> block_degrees(const GraphStore& store, const TopDegreeSpec& spec, const DegreeBlock& block,
                                         std::size_t m, std::span<std::uint32_t> degrees) {
  std::uint32_t* const out = degrees.data() + block.first;
  for (const RelType type : spec.types) {
    if (spec.direction != Direction::In) store.forward(type).add_degrees(block.begin, block.end, out);
    if (spec.direction != Direction::Out) store.reverse(type).add_degrees(block.begin, block.end, out);
  }
  std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> best;
  for (NodeId node = block.begin; node < block.end; ++node) {
    std::uint32_t& degree = out[node - block.begin];
    if (spec.direction == Direction::Both && degree != 0) {
      // Undirected, a self loop is one match (seen outgoing), not two.
      for (const RelType type : spec.types) {
        const auto in = store.in(type, node);
        degree -= static_cast<std::uint32_t>(std::count(in.begin(), in.end(), node));
      }
    }
    if (!spec.near_labels.empty() && !has_label(store, node, spec.near_labels)) degree = 0;
    if (degree == 0 && !spec.zero_rows) continue;
    if (best.size() < m) {
      best.push(degree);
    } else if (degree > best.top()) {
      best.pop();
      best.push(degree);
    }
  }
  std::vector<std::uint32_t> kept;
  kept.reserve(best.size());
  for (; !best.empty(); best.pop()) kept.push_back(best.top());
  return kept;
}

// Whether the blocks of one parallel loop should stop: the first block that
// finds the query cancelled or past its deadline says so for the rest.
class BlockStop {
 public:
  explicit BlockStop(const ExecContext& ctx) : ctx_(ctx) {}
  bool now() {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if (!ctx_.must_stop()) return false;
    stopped_.store(true, std::memory_order_relaxed);
    return true;
  }
  // Throws the query's TIMEOUT error on the calling thread when a block stopped.
  void rethrow() const {
    if (stopped_.load(std::memory_order_relaxed)) ctx_.fail_stopped();
  }

 private:
  const ExecContext& ctx_;
  std::atomic<bool> stopped_{false};
};

}  // namespace

std::vector<NodeId> top_degree_candidates(const ExecContext& ctx, std::span<const NodeRange> ranges,
                                          const TopDegreeSpec& spec) {
  const GraphStore& store = ctx.store();
  BlockStop stop(ctx);
  std::vector<NodeId> picked;
  if (spec.keep == 0) return picked;
  const std::size_t width = std::max<std::size_t>(spec.group_width, 1);
  const std::size_t m = spec.keep * width;
  const std::vector<DegreeBlock> blocks = degree_blocks(ranges);
  const std::size_t total = blocks.empty() ? 0 : blocks.back().first + (blocks.back().end - blocks.back().begin);
  std::vector<std::uint32_t> degrees(total);
  std::vector<std::vector<std::uint32_t>> best(blocks.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks.size(), 1), [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t b = r.begin(); b < r.end(); ++b) {
      if (stop.now()) return;
      best[b] = block_degrees(store, spec, blocks[b], m, degrees);
    }
  });
  stop.rethrow();
  // The m-th largest degree among the rows, from each block's m largest.
  std::vector<std::uint32_t> largest;
  for (const auto& kept : best) largest.insert(largest.end(), kept.begin(), kept.end());
  std::uint32_t bound = spec.zero_rows ? 0 : 1;
  if (largest.size() >= m) {
    const auto mth = largest.begin() + static_cast<std::ptrdiff_t>(m - 1);
    std::nth_element(largest.begin(), mth, largest.end(), std::greater<>());
    bound = std::max<std::uint32_t>(bound, static_cast<std::uint32_t>((*mth + width - 1) / width));
  }
  // (range, node) pairs order nodes as the scan does; blocks are in that order.
  std::vector<std::vector<std::pair<std::size_t, NodeId>>> found_in(blocks.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks.size(), 1), [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t b = r.begin(); b < r.end(); ++b) {
      if (stop.now()) return;
      const DegreeBlock& block = blocks[b];
      for (NodeId node = block.begin; node < block.end; ++node) {
        if (degrees[block.first + (node - block.begin)] >= bound) found_in[b].emplace_back(block.range, node);
      }
    }
  });
  stop.rethrow();
  std::vector<std::pair<std::size_t, NodeId>> found;
  for (const auto& part : found_in) found.insert(found.end(), part.begin(), part.end());
  if (width > 1) {
    // Namesakes of the nodes found: every member of their groups.
    std::vector<std::size_t> first_at(ranges.size());
    for (std::size_t r = 1; r < ranges.size(); ++r) first_at[r] = first_at[r - 1] + (ranges[r - 1].end - ranges[r - 1].begin);
    const std::size_t own = found.size();
    for (std::size_t i = 0; i < own; ++i) {
      for (const NodeId other : store.find_all(store.qualified_name(found[i].second))) {
        for (std::size_t r = 0; r < ranges.size(); ++r) {
          if (other < ranges[r].begin || other >= ranges[r].end) continue;
          const std::uint32_t degree = degrees[first_at[r] + (other - ranges[r].begin)];
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
