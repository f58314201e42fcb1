#include "batch/batch_operators.hpp"
#include "planner/expression_slots.hpp"

namespace trellis::cypher {
namespace {

// The rows of a batch pipeline handed to row operators one at a time (a
// plain projection over a scan, expansions and filters): the pipeline runs
// batched, its rows come out in the order the row operators would give
// them. The rows left are counted off the batches' sizes (count_rest).
class Unbatch final : public Operator {
 public:
  explicit Unbatch(BatchPipeline pipeline) : pipeline_(std::move(pipeline)) { set_child(std::move(pipeline_.top)); }
  std::string describe() const override { return "Unbatch"; }

  std::size_t count_rest(ExecContext& ctx, Row&, std::size_t bound) override {
    std::size_t counted = std::min(bound, batch_.live() - at_);
    at_ = batch_.live();
    while (counted < bound && source().pull(ctx, batch_)) counted += std::min(bound - counted, batch_.live());
    at_ = batch_.live();
    return counted;
  }

 protected:
  void do_open(ExecContext&) override {
    batch_.size = 0;
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    while (at_ >= batch_.live()) {
      if (!source().pull(ctx, batch_)) return false;
      at_ = 0;
    }
    const std::size_t i = at_++;
    batch_.write_row(batch_.selected ? batch_.selection[i] : i, row);
    return true;
  }

 private:
  BatchOperator& source() { return *static_cast<BatchOperator*>(mutable_child()); }

  BatchPipeline pipeline_;
  Batch batch_;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_unbatch(OperatorPtr& chain, std::size_t slot_count, const std::set<Slot>& reads) {
  const auto layout = batch_pipeline(chain, slot_count, reads, false);
  // Over a scan only (a lookup's few rows gain nothing); a counted hop's
  // weighted rows stand for several rows, which row operators do not read.
  if (!layout || layout->row_source || layout->layout.weighted) return nullptr;
  auto pipeline = batch_pipeline(chain, slot_count, reads);
  return std::make_unique<Unbatch>(std::move(*pipeline));
}

}  // namespace trellis::cypher
