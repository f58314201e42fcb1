#include <algorithm>

#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// Nodes found through the store's indexes: the (label, qualified_name) index
// or the short-name index, keeping those with one of the labels.
class NodeLookup final : public Operator {
 public:
  NodeLookup(OperatorPtr input, Slot slot, std::vector<Label> labels, ExprPtr key, bool qualified, std::string text)
      : slot_(slot), labels_(std::move(labels)), key_(std::move(key)), qualified_(qualified), text_(std::move(text)) {
    set_child(std::move(input));
  }
  std::string describe() const override {
    return fmt::format("{} {} = {}", qualified_ ? "NodeByQualifiedName" : "NodeByName", text_, key_->text);
  }
  OperatorForm form() const override {
    OperatorForm f{OperatorForm::Kind::Lookup};
    f.slot = slot_;
    return f;
  }

 protected:
  void do_open(ExecContext&) override {
    found_.clear();
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      if (at_ < found_.size()) {
        row.slots[slot_] = NodeRef{found_[at_++]};
        return true;
      }
      if (!input().next(ctx, row)) return false;
      lookup(ctx, evaluate(*key_, row, ctx));
    }
  }

 private:
  void lookup(ExecContext& ctx, const Value& key) {
    found_.clear();
    at_ = 0;
    if (key.kind() != ValueKind::String) return;
    const GraphStore& store = ctx.store();
    if (qualified_) {
      if (labels_.size() == 1) {
        if (auto node = store.find(labels_[0], key.as_string())) found_.push_back(*node);
        return;
      }
      found_ = store.find_all(key.as_string());
    } else {
      const auto named = store.nodes_named(key.as_string());
      found_.assign(named.begin(), named.end());
    }
    if (!labels_.empty()) {
      std::erase_if(found_, [&](NodeId n) {
        return std::find(labels_.begin(), labels_.end(), store.label(n)) == labels_.end();
      });
    }
  }

  Slot slot_;
  std::vector<Label> labels_;
  ExprPtr key_;
  bool qualified_;
  std::string text_;
  std::vector<NodeId> found_;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_node_lookup(OperatorPtr input, Slot slot, std::vector<Label> labels, ExprPtr key, bool qualified,
                             std::string text) {
  return std::make_unique<NodeLookup>(std::move(input), slot, std::move(labels), std::move(key), qualified,
                                      std::move(text));
}

}  // namespace trellis::cypher
