#include "executor/operators.hpp"
#include "executor/distinct_keys.hpp"

namespace trellis::cypher {
namespace {

// Rows whose values in `slots` were not seen before (null equivalent to null).
class Distinct final : public Operator {
 public:
  Distinct(OperatorPtr input, std::vector<Slot> slots) : slots_(std::move(slots)) { set_child(std::move(input)); }
  std::string describe() const override { return "Distinct"; }

 protected:
  void do_open(ExecContext&) override { seen_.clear(); }
  bool do_next(ExecContext& ctx, Row& row) override {
    while (input().next(ctx, row)) {
      key_.clear();
      for (const Slot slot : slots_) key_.push_back(row.slots[slot]);
      if (!seen_.insert(key_)) continue;
      ctx.charge(1);
      return true;
    }
    return false;
  }

 private:
  std::vector<Slot> slots_;
  DistinctTuples seen_;
  std::vector<Value> key_;
};

}  // namespace

OperatorPtr make_distinct(OperatorPtr input, std::vector<Slot> slots) {
  return std::make_unique<Distinct>(std::move(input), std::move(slots));
}

}  // namespace trellis::cypher
