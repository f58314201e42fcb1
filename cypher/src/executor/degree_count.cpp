#include <algorithm>

#include "executor/edge_cursor.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// The matches of a one-hop pattern from a bound node, read off the CSR: the
// length of its neighbour ranges, or with the far end bound too, how often
// that node occurs in them (ranges are sorted: a binary search). Yields one
// row weighted by the count, or none when it is 0.
class DegreeCount final : public Operator {
 public:
  explicit DegreeCount(DegreeSpec spec) : spec_(std::move(spec)) {}
  std::string describe() const override { return "DegreeCount " + spec_.text; }
  OperatorForm form() const override {
    OperatorForm form;
    form.kind = OperatorForm::Kind::Degree;
    form.degree = &spec_;
    return form;
  }

 protected:
  void do_open(ExecContext&) override { done_ = false; }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (done_) return false;
    done_ = true;
    const std::int64_t count = matches(ctx.store(), row);
    if (count == 0) return false;
    row.weight = count;
    return true;
  }

 private:
  static std::int64_t occurrences(std::span<const NodeId> span, NodeId node) {
    const auto [first, last] = std::equal_range(span.begin(), span.end(), node);
    return last - first;
  }

  std::int64_t matches(const GraphStore& store, const Row& row) const {
    const Value& near_value = row.slots[spec_.near];
    if (near_value.kind() != ValueKind::Node) return 0;
    const NodeId near = near_value.as_node().id;
    if (!has_label(store, near, spec_.near_labels)) return 0;
    NodeId far = kNoNode;
    if (spec_.far != kNoSlot) {
      const Value& far_value = row.slots[spec_.far];
      if (far_value.kind() != ValueKind::Node) return 0;
      far = far_value.as_node().id;
      if (!has_label(store, far, spec_.far_labels)) return 0;
    }
    std::int64_t count = 0;
    for (const RelType type : spec_.types) {
      if (spec_.direction != Direction::In) {
        const auto out = store.out(type, near);
        count += far == kNoNode ? static_cast<std::int64_t>(out.size()) : occurrences(out, far);
      }
      if (spec_.direction != Direction::Out) {
        const auto in = store.in(type, near);
        count += far == kNoNode ? static_cast<std::int64_t>(in.size()) : occurrences(in, far);
        // Undirected, a self loop is one match (seen outgoing), not two.
        if (spec_.direction == Direction::Both && (far == kNoNode || far == near)) count -= occurrences(in, near);
      }
    }
    return count;
  }

  DegreeSpec spec_;
  bool done_ = false;
};

}  // namespace

OperatorPtr make_degree_count(DegreeSpec spec) { return std::make_unique<DegreeCount>(std::move(spec)); }

}  // namespace trellis::cypher
