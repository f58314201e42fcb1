#include <algorithm>

#include "batch/batch_operators.hpp"
#include "executor/edge_cursor.hpp"
#include "executor/top_degrees.hpp"

namespace trellis::cypher {
namespace {

// One hop from each row's `from` node over the CSR: the neighbours of a
// node are read as one range and written as rows in a loop; the input's
// columns are gathered into the output afterwards. The relationship is
// written only when something reads it (its column is in the layout).
class BatchExpand final : public BatchOperator {
 public:
  BatchExpand(BatchOperatorPtr input, const ExpandSpec& spec, BatchLayout in, BatchLayout out)
      : spec_(spec), in_layout_(std::move(in)), out_layout_(std::move(out)) {
    set_child(std::move(input));
    rel_column_ = out_layout_.rels[spec_.rel] != 0;
    plain_ = !spec_.to_bound && spec_.to_labels.empty() && !rel_column_ && spec_.unique.empty();
  }
  std::string describe() const override { return "BatchExpand " + spec_.text; }

 protected:
  void do_open(ExecContext&) override {
    in_.size = 0;
    row_ = 0;
    started_ = false;
    done_ = false;
  }
  bool do_pull(ExecContext& ctx, Batch& out) override {
    ctx.check_deadline();
    out_layout_.shape(out);
    const GraphStore& store = ctx.store();
    std::size_t n = 0;
    parents_.resize(kBatchSize);
    while (n < kBatchSize && !done_) {
      if (!started_ || row_ >= in_.size) {
        if (n != 0) break;  // the rows written refer to this input batch: gather them first
        if (!batch_input()->pull(ctx, in_)) {
          done_ = true;
          break;
        }
        in_.flatten();  // the rows a filter left, moved together
        row_ = 0;
        started_ = true;
        start_row(store);
      }
      // The rest of the current row's edges.
      while (n < kBatchSize) {
        if (plain_ && at_ < span_.size() && !(incoming_ && spec_.direction == Direction::Both)) {
          // Any neighbour, no relationship read: the range is copied as it is.
          const std::size_t take = std::min(kBatchSize - n, span_.size() - at_);
          std::copy_n(span_.begin() + static_cast<std::ptrdiff_t>(at_), take, out.nodes[spec_.to].begin() + static_cast<std::ptrdiff_t>(n));
          std::fill_n(parents_.begin() + static_cast<std::ptrdiff_t>(n), take, static_cast<std::uint32_t>(row_));
          at_ += take;
          n += take;
          continue;
        }
        if (at_ < span_.size()) {
          const std::size_t i = at_++;
          const NodeId other = span_[i];
          if (incoming_ && spec_.direction == Direction::Both && other == node_) continue;
          if (spec_.to_bound) {
            if (in_.nodes[spec_.to][row_] != other) continue;
          } else if (!has_label(store, other, spec_.to_labels)) {
            continue;
          }
          RelRef rel;
          if (rel_column_ || !spec_.unique.empty()) {
            const RelType type = spec_.types[type_];
            if (incoming_) {
              rel = spec_.lazy_rel ? RelRef{type, kLazyPos, other, node_, static_cast<std::uint32_t>(i)}
                                   : RelRef{type, store.in_edge_position(type, node_, i), other, node_};
            } else {
              rel = RelRef{type, store.out_edge_position(type, node_, i), node_, other, 0};
            }
            if (in_use(store, rel)) continue;
            if (rel_column_) out.rels[spec_.rel][n] = rel;
          }
          if (!spec_.to_bound) out.nodes[spec_.to][n] = other;
          parents_[n++] = static_cast<std::uint32_t>(row_);
          continue;
        }
        if (!next_span(store)) {
          if (++row_ >= in_.size) break;
          start_row(store);
        }
      }
    }
    gather_parents(in_, in_layout_, parents_.data(), n, out);  // the input's columns, by parent row
    out.size = n;
    out.selected = false;
    out.ascending = in_.ascending;  // the rows of one input row stay together, in its order
    return n != 0;
  }

 private:
  void start_row(const GraphStore& store) {
    node_ = in_.nodes[spec_.from][row_];
    type_ = 0;
    incoming_ = spec_.direction == Direction::In;
    load(store);
  }
  void load(const GraphStore& store) {
    at_ = 0;
    const RelType type = spec_.types[type_];
    span_ = incoming_ ? store.in(type, node_) : store.out(type, node_);
  }
  // Moves to the row's next edge list; false when the row has none left.
  bool next_span(const GraphStore& store) {
    if (spec_.direction == Direction::Both && !incoming_) {
      incoming_ = true;
    } else {
      if (++type_ >= spec_.types.size()) return false;
      incoming_ = spec_.direction == Direction::In;
    }
    load(store);
    return true;
  }
  bool in_use(const GraphStore& store, const RelRef& rel) const {
    for (const Slot slot : spec_.unique) {
      if (same_edge(store, in_.rels[slot][row_], rel)) return true;
    }
    return false;
  }
  const ExpandSpec& spec_;
  bool plain_ = false;  // every neighbour is a row and nothing reads the relationship
  BatchLayout in_layout_;
  BatchLayout out_layout_;
  bool rel_column_ = false;
  Batch in_;
  std::size_t row_ = 0;
  bool started_ = false;
  bool done_ = false;
  NodeId node_ = kNoNode;
  std::size_t type_ = 0;
  bool incoming_ = false;
  std::span<const NodeId> span_;
  std::size_t at_ = 0;
  std::vector<std::uint32_t> parents_;
};

// Each row weighted by the degree of `from` over the types; rows of degree 0 dropped.
class BatchExpandCount final : public BatchOperator {
 public:
  BatchExpandCount(BatchOperatorPtr input, const ExpandSpec& spec, BatchLayout layout)
      : spec_(spec), layout_(std::move(layout)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "BatchExpandCount " + spec_.text; }

 protected:
  bool do_pull(ExecContext& ctx, Batch& out) override {
    const GraphStore& store = ctx.store();
    while (batch_input()->pull(ctx, out)) {
      out.flatten();
      layout_.shape(out);
      keep_.resize(out.size);
      const std::vector<NodeId>& from = out.nodes[spec_.from];
      const std::size_t n = out.size;
      // Rows of consecutive nodes (a scan's): the degrees of the id range in
      // one pass over each CSR's offsets.
      if (!spec_.to_labels.empty()) {
        // Only neighbours of the far end's labels: counted inside their id ranges.
        if (!into_ready_) {
          into_ = label_ranges(store, spec_.to_labels);
          into_ready_ = true;
        }
        for (std::size_t i = 0; i < n; ++i) {
          const std::int64_t degree = hop_degree_into(store, from[i], spec_.types, spec_.direction, into_);
          out.weights[i] = degree;
          keep_[i] = degree != 0;
        }
      } else if (spec_.direction != Direction::Both && consecutive(from, n)) {
        degrees_.assign(n, 0);
        for (const RelType type : spec_.types) {
          const Csr& csr = spec_.direction == Direction::Out ? store.forward(type) : store.reverse(type);
          csr.add_degrees(from[0], from[0] + static_cast<NodeId>(n), degrees_.data());
        }
        for (std::size_t i = 0; i < n; ++i) {
          out.weights[i] = degrees_[i];
          keep_[i] = degrees_[i] != 0;
        }
      } else {
        for (std::size_t i = 0; i < n; ++i) {
          const std::int64_t degree = hop_degree(store, from[i], spec_.types, spec_.direction);
          out.weights[i] = degree;
          keep_[i] = degree != 0;
        }
      }
      // The relationships the pattern's earlier hops used (columns) are not matched again.
      for (const Slot u : spec_.unique) {
        const RelRef* used = out.rels[u].data();
        for (std::size_t i = 0; i < n; ++i) {
          if (hop_reads(used[i], from[i], spec_.types, spec_.direction, into_)) keep_[i] = --out.weights[i] != 0;
        }
      }
      out.compact(keep_);
      if (out.size != 0) return true;
    }
    return false;
  }

 private:
  static bool consecutive(const std::vector<NodeId>& nodes, std::size_t n) {
    for (std::size_t i = 1; i < n; ++i) {
      if (nodes[i] != nodes[0] + i) return false;
    }
    return true;
  }

  const ExpandSpec& spec_;
  BatchLayout layout_;
  std::vector<std::uint8_t> keep_;
  std::vector<std::uint32_t> degrees_;
  std::vector<NodeRange> into_;  // the far end's label ranges (to_labels set)
  bool into_ready_ = false;
};

}  // namespace

BatchOperatorPtr make_batch_expand(BatchOperatorPtr input, const ExpandSpec& spec, BatchLayout in, BatchLayout out) {
  return std::make_unique<BatchExpand>(std::move(input), spec, std::move(in), std::move(out));
}

BatchOperatorPtr make_batch_expand_count(BatchOperatorPtr input, const ExpandSpec& spec, BatchLayout layout) {
  return std::make_unique<BatchExpandCount>(std::move(input), spec, std::move(layout));
}

}  // namespace trellis::cypher
