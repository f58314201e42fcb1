#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// Every node of the labels (all labels when none), per input row.
class NodeScan final : public Operator {
 public:
  NodeScan(OperatorPtr input, Slot slot, std::vector<Label> labels, std::string text)
      : slot_(slot), labels_(std::move(labels)), text_(std::move(text)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "NodeScan " + text_; }

 protected:
  void do_open(ExecContext& ctx) override {
    ranges_.clear();
    if (labels_.empty()) {
      ranges_.push_back({0, static_cast<NodeId>(ctx.store().node_count())});
    } else {
      for (const Label label : labels_) ranges_.push_back(ctx.store().nodes(label));
    }
    range_ = ranges_.size();
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      while (range_ < ranges_.size()) {
        if (current_ < ranges_[range_].end) {
          ctx.tick();
          row.slots[slot_] = NodeRef{current_++};
          return true;
        }
        if (++range_ < ranges_.size()) current_ = ranges_[range_].begin;
      }
      if (!input().next(ctx, row)) return false;
      range_ = 0;
      current_ = ranges_.empty() ? 0 : ranges_[0].begin;
    }
  }

 private:
  Slot slot_;
  std::vector<Label> labels_;
  std::string text_;
  std::vector<NodeRange> ranges_;
  std::size_t range_ = 0;
  NodeId current_ = 0;
};

}  // namespace

OperatorPtr make_node_scan(OperatorPtr input, Slot slot, std::vector<Label> labels, std::string text) {
  return std::make_unique<NodeScan>(std::move(input), slot, std::move(labels), std::move(text));
}

}  // namespace trellis::cypher
