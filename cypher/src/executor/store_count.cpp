#include <functional>

#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// A count the store keeps (of the nodes of some labels, of the edges of
// some types) standing for a pattern nothing reads but a count: each input
// row once, weighted by the count; dropped when the count is 0.
class StoreCount final : public Operator {
 public:
  using Counter = std::function<std::int64_t(const GraphStore&)>;
  StoreCount(OperatorPtr input, std::string description, Counter count)
      : description_(std::move(description)), count_(std::move(count)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return description_; }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    const std::int64_t count = count_(ctx.store());
    while (input().next(ctx, row)) {
      ctx.tick();
      if (count == 0) continue;
      row.weight = count;  // the only weighting operator of its pipeline (planner.hpp)
      return true;
    }
    return false;
  }

 private:
  std::string description_;
  Counter count_;
};

// Per input row, one row per label with nodes (in the order a scan of the
// labels meets them), binding the label's first node, weighted by its node
// count: a lone node pattern read only through its labels.
class LabelCount final : public Operator {
 public:
  LabelCount(OperatorPtr input, Slot slot, std::vector<Label> labels, std::string text)
      : slot_(slot), labels_(std::move(labels)), text_(std::move(text)) {
    set_child(std::move(input));
    if (labels_.empty()) {
      // In id order, as a scan of every node meets them.
      for (const LabelDef& def : all_labels()) labels_.push_back(def.label);
    }
  }
  std::string describe() const override { return "LabelCount " + text_; }

 protected:
  void do_open(ExecContext&) override { at_ = labels_.size(); }
  bool do_next(ExecContext& ctx, Row& row) override {
    const GraphStore& store = ctx.store();
    for (;;) {
      while (at_ < labels_.size()) {
        const NodeRange nodes = store.nodes(labels_[at_++]);
        if (nodes.size() == 0) continue;
        ctx.tick();
        row.slots[slot_] = NodeRef{nodes.begin};
        // The only weighting operator of its pipeline (planner.hpp).
        row.weight = static_cast<std::int64_t>(nodes.size());
        return true;
      }
      if (!input().next(ctx, row)) return false;
      at_ = 0;
    }
  }

 private:
  Slot slot_;
  std::vector<Label> labels_;
  std::string text_;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_label_count(OperatorPtr input, Slot slot, std::vector<Label> labels,
                             std::string text) {
  return std::make_unique<LabelCount>(std::move(input), slot, std::move(labels), std::move(text));
}

OperatorPtr make_edge_count(OperatorPtr input, std::vector<RelType> types, std::string text) {
  return std::make_unique<StoreCount>(std::move(input), "EdgeCount " + text,
                                      [types = std::move(types)](const GraphStore& store) {
                                        std::int64_t count = 0;
                                        for (const RelType type : types) {
                                          count += static_cast<std::int64_t>(store.edge_count(type));
                                        }
                                        return count;
                                      });
}

OperatorPtr make_node_count(OperatorPtr input, std::vector<Label> labels, std::string text) {
  return std::make_unique<StoreCount>(std::move(input), "NodeCount " + text,
                                      [labels = std::move(labels)](const GraphStore& store) {
                                        if (labels.empty()) return static_cast<std::int64_t>(store.node_count());
                                        std::int64_t count = 0;
                                        for (const Label label : labels) {
                                          count += static_cast<std::int64_t>(store.node_count(label));
                                        }
                                        return count;
                                      });
}

}  // namespace trellis::cypher
