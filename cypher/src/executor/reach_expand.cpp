#include <algorithm>

#include "executor/edge_cursor.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// A variable-length step whose result needs only its distinct ends
// (`*0..n`, `*1..n`): breadth-first from the start with visited marks, each
// accepted node yielded once per input row, no path enumerated.
//
// This is exact for trail semantics. A node other than the start is the
// end of a trail of length 1..n exactly when its distance is at most n (a
// shortest path repeats no relationship). The start is the end of a trail
// of length >= 1 when a cycle through it has length <= n: directed, an edge
// back into it from a node at distance < n; undirected, two parallel edges
// at the start, a self loop, or an edge joining nodes of two different
// first steps (branches), whose tree paths meet only at the start.
class ReachExpand final : public Operator {
 public:
  ReachExpand(OperatorPtr input, VarExpandSpec spec) : spec_(std::move(spec)) { set_child(std::move(input)); }
  std::string describe() const override {
    return fmt::format("ReachExpand {} *{}..{} (distinct ends)", spec_.step.text, spec_.min_hops, spec_.max_hops);
  }

 protected:
  void do_open(ExecContext&) override {
    clear_marks();
    active_ = false;
    pending_.clear();
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    const GraphStore& store = ctx.store();
    for (;;) {
      if (!pending_.empty()) {
        const NodeId node = pending_.back();
        pending_.pop_back();
        if (!spec_.step.to_bound) row.slots[spec_.step.to] = NodeRef{node};
        return true;
      }
      if (active_ && head_ < queue_.size()) {
        expand_level(ctx, store, row);
        continue;
      }
      active_ = false;
      if (!input().next(ctx, row)) return false;
      const Value& from = row.slots[spec_.step.from];
      if (from.kind() != ValueKind::Node) continue;
      start_row(store, row, from.as_node().id);
    }
  }

 private:
  bool both() const { return spec_.step.direction == Direction::Both; }
  bool accepts(const GraphStore& store, const Row& row, NodeId node) const {
    if (spec_.step.to_bound) {
      const Value& to = row.slots[spec_.step.to];
      return to.kind() == ValueKind::Node && to.as_node().id == node;
    }
    return has_label(store, node, spec_.step.to_labels);
  }
  bool seen(NodeId node) const { return (marks_[node >> 6] >> (node & 63)) & 1u; }
  void mark(NodeId node) {
    marks_[node >> 6] |= std::uint64_t{1} << (node & 63);
    queue_.push_back(node);
  }
  // Every marked node is in the queue: unmarking them clears the bitmap in
  // time proportional to the last reach, not to the graph.
  void clear_marks() {
    for (const NodeId node : queue_) marks_[node >> 6] &= ~(std::uint64_t{1} << (node & 63));
    queue_.clear();
  }

  void start_row(const GraphStore& store, const Row& row, NodeId start) {
    const std::size_t words = (store.node_count() + 63) / 64;
    if (marks_.size() != words) {
      marks_.assign(words, 0);
      queue_.clear();
      if (both()) {
        depth_.assign(store.node_count(), 0);
        branch_.assign(store.node_count(), kNoNode);
      }
    }
    clear_marks();
    start_ = start;
    mark(start);
    head_ = 0;
    depth_now_ = 0;
    if (both()) {
      depth_[start] = 0;
      branch_[start] = kNoNode;
    }
    active_ = spec_.max_hops > 0;
    // The start is an end at depth 0, else only if a cycle comes back to it.
    const bool start_accepted = accepts(store, row, start);
    start_open_ = start_accepted && spec_.min_hops > 0;
    if (start_accepted && spec_.min_hops == 0) found(start);
  }

  void found(NodeId node) {
    pending_.push_back(node);
    if (spec_.step.to_bound) active_ = false;  // a bound far end is found at most once
  }

  void cycle(std::size_t length) {
    if (start_open_ && length <= spec_.max_hops) {
      start_open_ = false;
      found(start_);
    }
  }

  // Expands the next level of the queue: every edge of its nodes over the
  // types and directions. The last level is not expanded. As in the
  // structural reach (engine call_reach.cpp), a wide level is read in two
  // passes that keep many cache misses in flight: where each node's range
  // lies (offsets loaded ahead), then the ranges (each loaded ahead).
  void expand_level(ExecContext& ctx, const GraphStore& store, const Row& row) {
    const std::size_t begin = head_;
    const std::size_t end = queue_.size();
    head_ = end;
    if (depth_now_ >= spec_.max_hops) return;
    const Direction direction = spec_.step.direction;
    for (const RelType type : spec_.step.types) {
      for (const bool incoming : {false, true}) {
        if (incoming ? direction == Direction::Out : direction == Direction::In) continue;
        const Csr& csr = incoming ? store.reverse(type) : store.forward(type);
        ranges_.clear();
        for (std::size_t q = begin; q < end; ++q) {
          if (q + 16 < end) csr.prefetch_offsets(queue_[q + 16]);
          const auto neighbours = csr.neighbors(queue_[q]);
          if (!neighbours.empty()) ranges_.push_back({neighbours, queue_[q]});
        }
        for (std::size_t r = 0; r < ranges_.size(); ++r) {
          if (r + 16 < ranges_.size()) {  // both ends: a range may cross a cache line
            __builtin_prefetch(ranges_[r + 16].first.data());
            __builtin_prefetch(&ranges_[r + 16].first.back());
          }
          visit(ctx, store, row, ranges_[r].second, ranges_[r].first, incoming);
          if (!active_) return;
        }
      }
    }
    ++depth_now_;
  }

  void visit(ExecContext& ctx, const GraphStore& store, const Row& row, NodeId node, std::span<const NodeId> others,
             bool incoming) {
    const std::uint32_t depth = depth_now_;
    for (const NodeId other : others) {
      ctx.tick();
      if (other == start_) {
        if (!both()) {
          cycle(depth + 1);
        } else if (node == start_ && !incoming) {
          cycle(1);  // a self loop, seen once (outgoing)
        }
        // Undirected, an edge from a first step back to the start was seen
        // from the start (parallel edges there are a cycle of two).
        continue;
      }
      if (!seen(other)) {
        mark(other);
        if (both()) {
          depth_[other] = depth + 1;
          branch_[other] = node == start_ ? other : branch_[node];
        }
        if (accepts(store, row, other)) found(other);
        if (!active_) return;
        continue;
      }
      if (both() && start_open_) {
        if (node == start_) {
          cycle(2);  // a second edge between the start and `other`
        } else if (branch_[other] != branch_[node]) {
          cycle(depth + depth_[other] + 1);
        }
      }
    }
  }

  VarExpandSpec spec_;
  std::vector<std::uint64_t> marks_;  // one bit per node: reached from the current start
  std::vector<NodeId> queue_;         // every node marked, level by level
  std::size_t head_ = 0;              // where the level to expand next begins
  std::uint32_t depth_now_ = 0;       // the depth of that level
  std::vector<std::pair<std::span<const NodeId>, NodeId>> ranges_;  // a level's neighbour ranges and their nodes
  // Undirected only, valid where marked: the depth, and the first step the node was reached through.
  std::vector<std::uint32_t> depth_;
  std::vector<NodeId> branch_;
  std::vector<NodeId> pending_;  // accepted ends found, not yet yielded
  NodeId start_ = kNoNode;
  bool active_ = false;
  bool start_open_ = false;  // the start is accepted but not yet found as an end
};

}  // namespace

OperatorPtr make_reach_expand(OperatorPtr input, VarExpandSpec spec) {
  return std::make_unique<ReachExpand>(std::move(input), std::move(spec));
}

}  // namespace trellis::cypher
