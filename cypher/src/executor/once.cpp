#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

class Once final : public Operator {
 public:
  std::string describe() const override { return "Argument"; }
  OperatorForm form() const override { return {OperatorForm::Kind::Once}; }

 protected:
  void do_open(ExecContext&) override { done_ = false; }
  bool do_next(ExecContext&, Row&) override {
    if (done_) return false;
    done_ = true;
    return true;
  }

 private:
  bool done_ = false;
};

}  // namespace

OperatorPtr make_once() { return std::make_unique<Once>(); }

}  // namespace trellis::cypher
