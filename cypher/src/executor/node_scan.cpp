#include "executor/operators.hpp"
#include "executor/top_degrees.hpp"

namespace trellis::cypher {
namespace {

// Every node of the labels (all labels when none), per input row; with a
// top-degree spec, only the nodes top_degree_candidates() keeps, in the
// same order.
class NodeScan final : public Operator {
 public:
  NodeScan(OperatorPtr input, Slot slot, std::vector<Label> labels, std::string text)
      : slot_(slot), labels_(std::move(labels)), text_(std::move(text)) {
    set_child(std::move(input));
  }
  std::string describe() const override {
    if (!top_) return "NodeScan " + text_;
    return fmt::format("NodeScan {} top {} by degree {}", text_, top_->keep, top_->text);
  }
  void keep_top_degrees(TopDegreeSpec spec) { top_ = std::move(spec); }
  OperatorForm form() const override {
    if (top_) return {};
    OperatorForm f{OperatorForm::Kind::Scan};
    f.slot = slot_;
    f.labels = &labels_;
    return f;
  }

 protected:
  void do_open(ExecContext& ctx) override {
    ranges_.clear();
    if (labels_.empty()) {
      ranges_.push_back({0, static_cast<NodeId>(ctx.store().node_count())});
    } else {
      for (const Label label : labels_) ranges_.push_back(ctx.store().nodes(label));
    }
    range_ = ranges_.size();
    picked_.clear();
    picked_at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      if (top_) {
        if (picked_at_ < picked_.size()) {
          ctx.tick();
          row.slots[slot_] = NodeRef{picked_[picked_at_++]};
          return true;
        }
      } else {
        while (range_ < ranges_.size()) {
          if (current_ < ranges_[range_].end) {
            ctx.tick();
            row.slots[slot_] = NodeRef{current_++};
            return true;
          }
          if (++range_ < ranges_.size()) current_ = ranges_[range_].begin;
        }
      }
      if (!input().next(ctx, row)) return false;
      if (top_) {
        picked_ = top_degree_candidates(ctx, ranges_, *top_);
        picked_at_ = 0;
        continue;
      }
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
  std::optional<TopDegreeSpec> top_;
  std::vector<NodeId> picked_;
  std::size_t picked_at_ = 0;
};

}  // namespace

OperatorPtr make_node_scan(OperatorPtr input, Slot slot, std::vector<Label> labels, std::string text) {
  return std::make_unique<NodeScan>(std::move(input), slot, std::move(labels), std::move(text));
}

bool scan_top_degrees(Operator& scan, TopDegreeSpec spec) {
  auto* node_scan = dynamic_cast<NodeScan*>(&scan);
  if (node_scan == nullptr) return false;
  node_scan->keep_top_degrees(std::move(spec));
  return true;
}

}  // namespace trellis::cypher
