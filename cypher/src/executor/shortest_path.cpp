#include <unordered_map>

#include "executor/edge_cursor.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// shortestPath / allShortestPaths between two bound nodes: breadth-first
// search level by level from the start, up to max_hops, recording every
// parent edge on a shortest route; then one path (the first found) or all
// of them, read back from the end.
class ShortestPath final : public Operator {
 public:
  ShortestPath(OperatorPtr input, VarExpandSpec spec, Slot path, bool all)
      : spec_(std::move(spec)), path_(path), all_(all) {
    set_child(std::move(input));
  }
  std::string describe() const override {
    return fmt::format("{} {} *{}..{}", all_ ? "AllShortestPaths" : "ShortestPath", spec_.step.text, spec_.min_hops,
                       spec_.max_hops);
  }

 protected:
  void do_open(ExecContext&) override {
    paths_.clear();
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      if (at_ < paths_.size()) {
        const PathValue& path = paths_[at_++];
        ValueList rels;
        for (const RelRef& rel : path.rels) rels.emplace_back(rel);
        row.slots[spec_.step.rel] = std::move(rels);
        if (path_ != kNoSlot) row.slots[path_] = path;
        return true;
      }
      if (!input().next(ctx, row)) return false;
      const Value& from = row.slots[spec_.step.from];
      const Value& to = row.slots[spec_.step.to];
      paths_.clear();
      at_ = 0;
      if (from.kind() == ValueKind::Node && to.kind() == ValueKind::Node) {
        search(ctx, from.as_node().id, to.as_node().id);
      }
    }
  }

 private:
  struct Parent {
    NodeId node;
    RelRef rel;
  };

  void search(ExecContext& ctx, NodeId source, NodeId target) {
    if (source == target) {
      if (spec_.min_hops == 0) paths_.push_back(PathValue{{source}, {}});
      return;
    }
    std::unordered_map<NodeId, std::uint32_t> depth{{source, 0}};
    std::unordered_map<NodeId, std::vector<Parent>> parents;
    std::vector<NodeId> frontier{source};
    std::vector<NodeId> next;
    EdgeCursor cursor;
    bool found = false;
    for (std::uint32_t level = 1; level <= spec_.max_hops && !frontier.empty() && !found; ++level) {
      next.clear();
      for (const NodeId node : frontier) {
        cursor.reset(ctx.store(), node, &spec_.step.types, spec_.step.direction);
        EdgeStep step;
        while (cursor.next(step)) {
          ctx.tick();
          auto [it, inserted] = depth.try_emplace(step.other, level);
          if (inserted) {
            ctx.charge(1);
            next.push_back(step.other);
          }
          if (it->second == level) parents[step.other].push_back({node, step.rel});
          if (step.other == target) found = true;
        }
      }
      frontier.swap(next);
    }
    if (!found || depth[target] < spec_.min_hops) return;
    PathValue reversed{{target}, {}};
    collect(ctx, parents, source, reversed);
  }

  // Paths from `source` to the last node of `reversed` (built backwards).
  bool collect(ExecContext& ctx, const std::unordered_map<NodeId, std::vector<Parent>>& parents, NodeId source,
               PathValue& reversed) {
    const NodeId at = reversed.nodes.back();
    if (at == source) {
      PathValue path{{reversed.nodes.rbegin(), reversed.nodes.rend()}, {reversed.rels.rbegin(), reversed.rels.rend()}};
      ctx.charge(1);
      paths_.push_back(std::move(path));
      return !all_;  // stop after the first unless all are wanted
    }
    const auto it = parents.find(at);
    if (it == parents.end()) return false;
    for (const Parent& parent : it->second) {
      reversed.nodes.push_back(parent.node);
      reversed.rels.push_back(parent.rel);
      const bool done = collect(ctx, parents, source, reversed);
      reversed.nodes.pop_back();
      reversed.rels.pop_back();
      if (done) return true;
    }
    return false;
  }

  VarExpandSpec spec_;
  Slot path_;
  bool all_;
  std::vector<PathValue> paths_;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_shortest_path(OperatorPtr input, VarExpandSpec spec, Slot path, bool all) {
  return std::make_unique<ShortestPath>(std::move(input), std::move(spec), path, all);
}

}  // namespace trellis::cypher
