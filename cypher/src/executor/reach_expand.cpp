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
  OperatorForm form() const override {
    OperatorForm f{OperatorForm::Kind::Reach};
    f.slot = spec_.step.to_bound ? static_cast<std::size_t>(-1) : spec_.step.to;
    return f;
  }
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
      if (active_) {
        advance(ctx, store, row);
        continue;
      }
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
    level_open_ = false;
    ranges_.clear();
    range_ = edge_ = 0;
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

  // Walks on from where it stopped: the level being expanded, its
  // (type, direction) pass, the range and the edge within it. Stops as soon
  // as an end is found (an existence test needs no more) or the reach is
  // done. Each level's ranges are found in two passes that keep many cache
  // misses in flight, as the structural reach does (engine call_reach.cpp):
  // where each node's range lies (offsets loaded ahead), then the ranges
  // (each loaded ahead). The last level is not expanded.
  void advance(ExecContext& ctx, const GraphStore& store, const Row& row) {
    while (active_ && pending_.empty()) {
      if (!level_open_) {  // the next level: the nodes queued since the last one
        if (head_ == queue_.size() || depth_now_ >= spec_.max_hops) {
          active_ = false;
          return;
        }
        level_begin_ = head_;
        level_end_ = head_ = queue_.size();
        level_open_ = true;
        pass_ = 0;
        load_pass(store);
        continue;
      }
      if (range_ == ranges_.size()) {  // the pass is done
        ++pass_;
        load_pass(store);
        if (pass_ >= spec_.step.types.size() * 2) {
          level_open_ = false;
          ++depth_now_;
        }
        continue;
      }
      if (edge_ == 0 && range_ + 16 < ranges_.size()) {  // both ends: a range may cross a cache line
        __builtin_prefetch(ranges_[range_ + 16].first.data());
        __builtin_prefetch(&ranges_[range_ + 16].first.back());
      }
      const auto [others, node] = ranges_[range_];
      const bool incoming = pass_ % 2 == 1;
      while (edge_ < others.size()) {
        visit(ctx, store, row, node, others[edge_++], incoming);
        if (!pending_.empty() || !active_) break;
      }
      if (edge_ == others.size()) {
        edge_ = 0;
        ++range_;
      }
    }
  }

  // The neighbour ranges of the level's nodes for pass_ (type pass_ / 2,
  // incoming when odd), or for the next pass the direction asks for.
  void load_pass(const GraphStore& store) {
    const Direction direction = spec_.step.direction;
    const std::size_t passes = spec_.step.types.size() * 2;
    while (pass_ < passes && (pass_ % 2 == 1 ? direction == Direction::Out : direction == Direction::In)) ++pass_;
    ranges_.clear();
    range_ = edge_ = 0;
    if (pass_ >= passes) return;
    const RelType type = spec_.step.types[pass_ / 2];
    const Csr& csr = pass_ % 2 == 1 ? store.reverse(type) : store.forward(type);
    for (std::size_t q = level_begin_; q < level_end_; ++q) {
      if (q + 16 < level_end_) csr.prefetch_offsets(queue_[q + 16]);
      const auto neighbours = csr.neighbors(queue_[q]);
      if (!neighbours.empty()) ranges_.push_back({neighbours, queue_[q]});
    }
  }

  // One edge from `node` (at depth_now_) to `other`.
  void visit(ExecContext& ctx, const GraphStore& store, const Row& row, NodeId node, NodeId other, bool incoming) {
    ctx.tick();
    const std::uint32_t depth = depth_now_;
    if (other == start_) {
      if (!both()) {
        cycle(depth + 1);
      } else if (node == start_ && !incoming) {
        cycle(1);  // a self loop, seen once (outgoing)
      }
      // Undirected, an edge from a first step back to the start was seen
      // from the start (parallel edges there are a cycle of two).
      return;
    }
    if (!seen(other)) {
      mark(other);
      if (both()) {
        depth_[other] = depth + 1;
        branch_[other] = node == start_ ? other : branch_[node];
      }
      if (accepts(store, row, other)) found(other);
      return;
    }
    if (both() && start_open_) {
      if (node == start_) {
        cycle(2);  // a second edge between the start and `other`
      } else if (branch_[other] != branch_[node]) {
        cycle(depth + depth_[other] + 1);
      }
    }
  }

  VarExpandSpec spec_;
  std::vector<std::uint64_t> marks_;  // one bit per node: reached from the current start
  std::vector<NodeId> queue_;         // every node marked, level by level
  std::size_t head_ = 0;              // where the level to expand next begins
  // The level being expanded: queue_[level_begin_, level_end_), at depth
  // depth_now_; its pass (type index * 2 + incoming), the pass's neighbour
  // ranges with their nodes, and the range and edge reached.
  bool level_open_ = false;
  std::size_t level_begin_ = 0;
  std::size_t level_end_ = 0;
  std::uint32_t depth_now_ = 0;
  std::size_t pass_ = 0;
  std::vector<std::pair<std::span<const NodeId>, NodeId>> ranges_;
  std::size_t range_ = 0;
  std::size_t edge_ = 0;
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
