#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// Every edge of the types, counted by the store (one directed hop between
// two unconstrained nodes nothing reads): each input row once, weighted by
// the count; dropped when there is no such edge.
class EdgeCount final : public Operator {
 public:
  EdgeCount(OperatorPtr input, std::vector<RelType> types, std::string text)
      : types_(std::move(types)), text_(std::move(text)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "EdgeCount " + text_; }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    std::int64_t count = 0;
    for (const RelType type : types_) count += static_cast<std::int64_t>(ctx.store().edge_count(type));
    while (input().next(ctx, row)) {
      ctx.tick();
      if (count == 0) continue;
      row.weight = count;  // the only weighting operator of its pipeline (planner.hpp)
      return true;
    }
    return false;
  }

 private:
  std::vector<RelType> types_;
  std::string text_;
};

}  // namespace

OperatorPtr make_edge_count(OperatorPtr input, std::vector<RelType> types, std::string text) {
  return std::make_unique<EdgeCount>(std::move(input), std::move(types), std::move(text));
}

}  // namespace trellis::cypher
