#include <algorithm>

#include "batch/batch_operators.hpp"

namespace trellis::cypher {
namespace {

// A projection of variables only (`WITH a, b AS c`) inside a pipeline: each
// batch passes through with the columns read also under the slots
// written. All columns are read before any is written, so `WITH b AS a,
// a AS b` swaps them as the row Project does.
class BatchAlias final : public BatchOperator {
 public:
  BatchAlias(BatchOperatorPtr input, std::vector<std::pair<std::size_t, std::size_t>> aliases, std::string text)
      : aliases_(std::move(aliases)), text_(std::move(text)), nodes_(aliases_.size()), rels_(aliases_.size()) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "BatchAlias " + text_; }

 protected:
  bool do_pull(ExecContext& ctx, Batch& out) override {
    if (!batch_input()->pull(ctx, out)) return false;
    const std::size_t size = out.size;
    for (std::size_t k = 0; k < aliases_.size(); ++k) {
      const auto [read, written] = aliases_[k];
      if (read == written) continue;
      if (out.has_node[read]) nodes_[k].assign(out.nodes[read].begin(), out.nodes[read].begin() + size);
      if (out.has_rel[read]) rels_[k].assign(out.rels[read].begin(), out.rels[read].begin() + size);
    }
    std::vector<std::uint8_t> node_read(aliases_.size()), rel_read(aliases_.size());
    for (std::size_t k = 0; k < aliases_.size(); ++k) {
      node_read[k] = out.has_node[aliases_[k].first];
      rel_read[k] = out.has_rel[aliases_[k].first];
    }
    for (std::size_t k = 0; k < aliases_.size(); ++k) {
      const auto [read, written] = aliases_[k];
      if (read == written) continue;
      out.has_node[written] = node_read[k];
      out.has_rel[written] = rel_read[k];
      if (node_read[k] != 0) {
        out.nodes[written].resize(kBatchSize);
        std::copy_n(nodes_[k].begin(), size, out.nodes[written].begin());
      }
      if (rel_read[k] != 0) {
        out.rels[written].resize(kBatchSize);
        std::copy_n(rels_[k].begin(), size, out.rels[written].begin());
      }
    }
    return true;
  }

 private:
  std::vector<std::pair<std::size_t, std::size_t>> aliases_;
  std::string text_;
  std::vector<std::vector<NodeId>> nodes_;  // per alias, the column read (scratch)
  std::vector<std::vector<RelRef>> rels_;
};

}  // namespace

BatchOperatorPtr make_batch_alias(BatchOperatorPtr input, std::vector<std::pair<std::size_t, std::size_t>> aliases,
                                  std::string text) {
  return std::make_unique<BatchAlias>(std::move(input), std::move(aliases), std::move(text));
}

}  // namespace trellis::cypher
