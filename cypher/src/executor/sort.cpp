#include <algorithm>

#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"
#include "executor/top_rows.hpp"
#include "trellis/cypher/value/value_compare.hpp"

namespace trellis::cypher {
namespace {

// ORDER BY: rows sorted by the keys (orderability, null last ascending),
// stable; with `keep` (ORDER BY ... LIMIT k) only the best k are held
// (top_rows.hpp).
class Sort final : public Operator {
 public:
  Sort(OperatorPtr input, std::vector<SortSpec> keys, std::optional<std::size_t> keep, std::string text)
      : keys_(std::move(keys)), keep_(keep), text_(std::move(text)), top_(keys_, keep_) {
    set_child(std::move(input));
  }
  std::string describe() const override {
    return keep_ ? fmt::format("Top {} by {}", *keep_, text_) : "Sort by " + text_;
  }
  std::vector<const Operator*> extra_children() const override {
    std::vector<const Operator*> out;
    for (const SortSpec& key : keys_) add_subplans(*key.expr, out);
    return out;
  }

 protected:
  void do_open(ExecContext&) override {
    top_.clear();
    consumed_ = false;
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (!consumed_) {
      consumed_ = true;
      while (input().next(ctx, row)) {
        ctx.tick();
        top_.offer(ctx, row);
      }
      top_.finish();
    }
    if (at_ >= top_.size()) return false;
    top_.take(at_++, row);
    return true;
  }

 private:
  std::vector<SortSpec> keys_;
  std::optional<std::size_t> keep_;
  std::string text_;
  TopRows top_;
  bool consumed_ = false;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_sort(OperatorPtr input, std::vector<SortSpec> keys, std::optional<std::size_t> keep, std::string text) {
  return std::make_unique<Sort>(std::move(input), std::move(keys), keep, std::move(text));
}

}  // namespace trellis::cypher
