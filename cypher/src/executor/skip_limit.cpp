#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// SKIP n: drops the first n rows.
class Skip final : public Operator {
 public:
  Skip(OperatorPtr input, std::size_t count) : count_(count) { set_child(std::move(input)); }
  std::string describe() const override { return fmt::format("Skip {}", count_); }

 protected:
  void do_open(ExecContext&) override { skipped_ = 0; }
  bool do_next(ExecContext& ctx, Row& row) override {
    while (skipped_ < count_) {
      if (!input().next(ctx, row)) return false;
      ++skipped_;
    }
    return input().next(ctx, row);
  }

 private:
  std::size_t count_;
  std::size_t skipped_ = 0;
};

// LIMIT n: stops pulling its input after n rows.
class Limit final : public Operator {
 public:
  Limit(OperatorPtr input, std::size_t count) : count_(count) { set_child(std::move(input)); }
  std::string describe() const override { return fmt::format("Limit {}", count_); }

 protected:
  void do_open(ExecContext&) override { produced_ = 0; }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (produced_ >= count_ || !input().next(ctx, row)) return false;
    ++produced_;
    return true;
  }

 private:
  std::size_t count_;
  std::size_t produced_ = 0;
};

}  // namespace

OperatorPtr make_skip(OperatorPtr input, std::size_t count) { return std::make_unique<Skip>(std::move(input), count); }
OperatorPtr make_limit(OperatorPtr input, std::size_t count) { return std::make_unique<Limit>(std::move(input), count); }

}  // namespace trellis::cypher
