#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// Every node of the labels (all labels when none), counted by the store (a
// node pattern nothing reads but a count): each input row once, weighted by
// the count; dropped when there is no such node.
class NodeCount final : public Operator {
 public:
  NodeCount(OperatorPtr input, std::vector<Label> labels, std::string text)
      : labels_(std::move(labels)), text_(std::move(text)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "NodeCount " + text_; }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    const GraphStore& store = ctx.store();
    std::int64_t count = 0;
    if (labels_.empty()) count = static_cast<std::int64_t>(store.node_count());
    for (const Label label : labels_) count += static_cast<std::int64_t>(store.node_count(label));
    while (input().next(ctx, row)) {
      ctx.tick();
      if (count == 0) continue;
      row.weight = count;  // the only weighting operator of its pipeline (planner.hpp)
      return true;
    }
    return false;
  }

 private:
  std::vector<Label> labels_;
  std::string text_;
};

}  // namespace

OperatorPtr make_node_count(OperatorPtr input, std::vector<Label> labels, std::string text) {
  return std::make_unique<NodeCount>(std::move(input), std::move(labels), std::move(text));
}

}  // namespace trellis::cypher
