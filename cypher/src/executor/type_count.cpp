#include <algorithm>
#include <tuple>

#include "executor/edge_cursor.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

struct TypeMatches {
  std::int64_t count = 0;
  RelRef rel;  // the first match in the order Expand yields them
  NodeId near = kNoNode;
  NodeId far = kNoNode;
  std::size_t range = 0;  // where that match's near node is scanned: (range, node)
};

// A one-hop pattern read per relationship type, as the counts the store
// keeps (TypeCountSpec): per input row, one row per type with matches,
// weighted by their number, binding a match of that type (the first one an
// Expand from a scan of `near` yields). The types come in the order their
// first matches come in that scan, so groups keyed by type(r) are met in
// the same order as over the expanded rows.
class TypeCount final : public Operator {
 public:
  TypeCount(OperatorPtr input, TypeCountSpec spec) : spec_(std::move(spec)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "TypeCount " + spec_.text; }

 protected:
  void do_open(ExecContext&) override {
    at_ = types_.size();
    counted_ = false;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      if (at_ < types_.size()) {
        ctx.tick();
        const TypeMatches& t = types_[at_++];
        row.slots[spec_.rel] = t.rel;
        row.slots[spec_.near] = NodeRef{t.near};
        row.slots[spec_.far] = NodeRef{t.far};
        row.weight = t.count;  // the only weighting operator of its pipeline (planner.hpp)
        return true;
      }
      if (!input().next(ctx, row)) return false;
      if (!counted_) count(ctx.store());
      at_ = 0;
    }
  }

 private:
  static std::vector<NodeRange> ranges(const GraphStore& store, const std::vector<Label>& labels) {
    if (labels.empty()) return {store.all_nodes()};
    std::vector<NodeRange> out;
    for (const Label label : labels) out.push_back(store.nodes(label));
    return out;
  }

  // Matches of `type` from the nodes of `near` to those of `far` in the spec's direction.
  std::int64_t matches(const GraphStore& store, RelType type, NodeRange near, NodeRange far) const {
    std::size_t count = 0;
    if (spec_.direction != Direction::In) count += store.edge_count(type, near, far);
    if (spec_.direction != Direction::Out) count += store.edge_count(type, far, near);
    if (spec_.direction == Direction::Both) {
      // Undirected, a self loop is one match (seen outgoing), not two.
      const NodeRange both{std::max(near.begin, far.begin), std::min(near.end, far.end)};
      if (both.begin < both.end) count -= store.self_loop_count(type, both);
    }
    return static_cast<std::int64_t>(count);
  }

  bool in_far(NodeId node) const {
    return std::any_of(far_.begin(), far_.end(), [&](NodeRange r) { return r.contains(node); });
  }

  // The first match of `type` at `node`, as EdgeCursor and Expand yield them.
  bool first_at(const GraphStore& store, RelType type, NodeId node, TypeMatches& out) const {
    if (spec_.direction != Direction::In) {
      const auto list = store.out(type, node);
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (!in_far(list[i])) continue;
        out.rel = RelRef{type, store.out_edge_position(type, node, i), node, list[i], 0};
        out.near = node;
        out.far = list[i];
        return true;
      }
    }
    if (spec_.direction != Direction::Out) {
      const auto list = store.in(type, node);
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (!in_far(list[i]) || (spec_.direction == Direction::Both && list[i] == node)) continue;
        out.rel = RelRef{type, store.in_edge_position(type, node, i), list[i], node, 0};
        out.near = node;
        out.far = list[i];
        return true;
      }
    }
    return false;
  }

  // The first near node, in scan order, with a match of `type` (there is one).
  void find_first(const GraphStore& store, RelType type, TypeMatches& out) const {
    for (std::size_t r = 0; r < near_.size(); ++r) {
      const NodeRange range = near_[r];
      NodeId node = range.end;
      if (spec_.direction != Direction::In)
        node = std::min(node, store.forward(type).first_with_neighbors(range.begin, range.end));
      if (spec_.direction != Direction::Out)
        node = std::min(node, store.reverse(type).first_with_neighbors(range.begin, range.end));
      for (; node < range.end; ++node) {
        if (first_at(store, type, node, out)) {
          out.range = r;
          return;
        }
      }
    }
  }

  void count(const GraphStore& store) {
    counted_ = true;
    near_ = ranges(store, spec_.near_labels);
    far_ = ranges(store, spec_.far_labels);
    // A label named twice is one test of the far end (Expand's has_label).
    const auto key = [](NodeRange r) { return std::pair(r.begin, r.end); };
    std::sort(far_.begin(), far_.end(), [&](NodeRange a, NodeRange b) { return key(a) < key(b); });
    far_.erase(std::unique(far_.begin(), far_.end(),
                           [&](NodeRange a, NodeRange b) { return key(a) == key(b); }),
               far_.end());
    types_.clear();
    for (const RelType type : spec_.types) {
      TypeMatches t;
      for (const NodeRange near : near_) {
        for (const NodeRange far : far_) t.count += matches(store, type, near, far);
      }
      if (t.count == 0) continue;
      find_first(store, type, t);
      types_.push_back(t);
    }
    // Expand meets a node's types in the spec's order: ties keep it.
    std::stable_sort(types_.begin(), types_.end(), [](const TypeMatches& a, const TypeMatches& b) {
      return std::tie(a.range, a.near) < std::tie(b.range, b.near);
    });
    at_ = types_.size();
  }

  TypeCountSpec spec_;
  bool counted_ = false;  // types_ holds the store's counts (they are the same for every input row)
  std::vector<NodeRange> near_;
  std::vector<NodeRange> far_;
  std::vector<TypeMatches> types_;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_type_count(OperatorPtr input, TypeCountSpec spec) {
  return std::make_unique<TypeCount>(std::move(input), std::move(spec));
}

}  // namespace trellis::cypher
