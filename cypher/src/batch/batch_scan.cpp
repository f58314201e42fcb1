#include "batch/batch_operators.hpp"

namespace trellis::cypher {
namespace {

// Every node of the labels (all nodes when none), kBatchSize ids at a time.
class BatchScan final : public BatchOperator {
 public:
  BatchScan(Slot slot, std::vector<Label> labels, std::string text, BatchLayout layout,
            std::optional<std::vector<NodeRange>> only)
      : slot_(slot), labels_(std::move(labels)), text_(std::move(text)), layout_(std::move(layout)), only_(std::move(only)) {}
  std::string describe() const override { return "BatchScan " + text_; }

 protected:
  void do_open(ExecContext& ctx) override {
    ranges_.clear();
    if (only_) {
      ranges_ = *only_;
    } else if (labels_.empty()) {
      ranges_.push_back({0, static_cast<NodeId>(ctx.store().node_count())});
    } else {
      for (const Label label : labels_) ranges_.push_back(ctx.store().nodes(label));
    }
    range_ = 0;
    current_ = ranges_.empty() ? 0 : ranges_[0].begin;
  }
  bool do_pull(ExecContext& ctx, Batch& out) override {
    ctx.check_deadline();
    layout_.shape(out);
    std::vector<NodeId>& ids = out.nodes[slot_];
    std::size_t n = 0;
    while (n < kBatchSize && range_ < ranges_.size()) {
      const NodeId end = ranges_[range_].end;
      const auto take = static_cast<NodeId>(std::min<std::size_t>(kBatchSize - n, end - current_));
      for (NodeId j = 0; j < take; ++j) ids[n + j] = current_ + j;
      n += take;
      current_ += take;
      if (current_ >= end && ++range_ < ranges_.size()) current_ = ranges_[range_].begin;
    }
    out.size = n;
    out.selected = false;
    out.ascending = slot_;
    return n != 0;
  }

 private:
  Slot slot_;
  std::vector<Label> labels_;
  std::string text_;
  BatchLayout layout_;
  std::optional<std::vector<NodeRange>> only_;
  std::vector<NodeRange> ranges_;
  std::size_t range_ = 0;
  NodeId current_ = 0;
};

}  // namespace

bool BatchLayout::same_values(const Batch& batch) const {
  for (std::size_t s = 0; s < slots; ++s) {
    const std::optional<ValueColumn> column = value(s);
    if ((batch.has_value[s] != 0) != column.has_value()) return false;
    if (column && batch.value_kinds[s] != column->kind) return false;
  }
  return true;
}

void BatchLayout::shape(Batch& batch) const {
  if (batch.nodes.size() == slots && batch.weighted == weighted && batch.has_node == nodes && batch.has_rel == rels &&
      same_values(batch))
    return;
  batch.resize_slots(slots);
  batch.has_node = nodes;
  batch.has_rel = rels;
  for (std::size_t s = 0; s < slots; ++s) {
    if (nodes[s]) batch.nodes[s].resize(kBatchSize);
    if (rels[s]) batch.rels[s].resize(kBatchSize);
    const std::optional<ValueColumn> column = value(s);
    batch.has_value[s] = column.has_value();
    if (column) {
      batch.value_kinds[s] = column->kind;
      batch.values[s].shape(column->kind, column->interned, kBatchSize);
    }
  }
  batch.weighted = weighted;
  if (weighted) batch.weights.resize(kBatchSize);
}

BatchOperatorPtr make_batch_scan(Slot slot, std::vector<Label> labels, std::string text, BatchLayout layout,
                                 std::optional<std::vector<NodeRange>> only) {
  return std::make_unique<BatchScan>(slot, std::move(labels), std::move(text), std::move(layout), std::move(only));
}

}  // namespace trellis::cypher
