// Batched execution: a pipeline's rows move as batches of up to kBatchSize
// rows, one column per slot the pipeline binds (node ids, relationships)
// and a weight column, so a scan, an expansion or a filter runs as a loop
// over arrays rather than a virtual call and a Value per row (issue 21;
// the design follows DuckDB's vectors and Kùzu's node-id columns). A batch
// operator is an Operator (EXPLAIN and PROFILE show it, with the rows it
// produced) whose rows are pulled with pull(); next() is not used.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "batch/vec.hpp"
#include "binder/bound_query.hpp"
#include "executor/operator.hpp"

namespace trellis::cypher {

inline constexpr std::size_t kBatchSize = 1024;

struct Batch {
  std::size_t size = 0;
  // By slot; a slot's column is used when the pipeline binds it (nodes) or
  // something reads it (relationships).
  std::vector<std::vector<NodeId>> nodes;
  std::vector<std::vector<RelRef>> rels;
  std::vector<std::uint8_t> has_node;  // by slot: nodes[slot] is a column of this pipeline
  std::vector<std::uint8_t> has_rel;
  // By slot: values a WITH computed (`WITH f, size(f.name) AS s`), of the
  // kind value_kinds[slot] when has_value[slot].
  std::vector<Vec> values;
  std::vector<std::uint8_t> has_value;
  std::vector<VecKind> value_kinds;
  std::vector<std::int64_t> weights;   // row weights when `weighted` (a counted expansion)
  bool weighted = false;
  // The slot whose column holds ascending node ids (a scan's; kept by
  // compact()), or kNoSlot.
  Slot ascending = kNoSlot;
  // When `selected`, only the rows listed in `selection` (ascending) are
  // live: a filter marks the rows it keeps instead of moving every column
  // (the columns keep their other rows; readers of a selected batch look
  // at the listed rows only, or call flatten()).
  bool selected = false;
  std::vector<std::uint32_t> selection;
  std::vector<std::uint32_t> kept_;  // compact()'s scratch

  void resize_slots(std::size_t slots) {
    nodes.resize(slots);
    rels.resize(slots);
    has_node.resize(slots, 0);
    has_rel.resize(slots, 0);
    values.resize(slots);
    has_value.resize(slots, 0);
    value_kinds.resize(slots, VecKind::Null);
  }
  std::int64_t weight(std::size_t row) const { return weighted ? weights[row] : 1; }
  // How many rows are live.
  std::size_t live() const { return selected ? selection.size() : size; }
  // The live rows' positions for a VecInput (null: every row).
  const std::vector<std::uint32_t>* live_rows() const { return selected ? &selection : nullptr; }
  // Moves the live rows to the front: the batch is no longer selected.
  void flatten();
  // Keeps the rows whose `keep` entry is non-zero, in order.
  void compact(const std::vector<std::uint8_t>& keep);
  // Writes row `row`'s columns into `out`'s slots as values.
  void write_row(std::size_t row, Row& out) const;

 private:
  // Keeps the first n rows listed in kept_, in order.
  void gather_kept(std::size_t n);
};

// A column of computed values in a pipeline's batches.
struct ValueColumn {
  VecKind kind = VecKind::Null;
  bool interned = false;  // Str: the store's ids come with the texts
  bool operator==(const ValueColumn&) const = default;
};

// Which slots the batches of one level of a pipeline carry as columns.
struct BatchLayout {
  std::size_t slots = 0;
  std::vector<std::uint8_t> nodes;  // by slot
  std::vector<std::uint8_t> rels;   // by slot
  std::vector<std::optional<ValueColumn>> values;  // by slot (empty: none)
  bool weighted = false;

  std::optional<ValueColumn> value(Slot slot) const {
    return slot < values.size() ? values[slot] : std::nullopt;
  }
  // Whether `slot` is a column of the batches (nodes, relationships or values).
  bool column(Slot slot) const {
    return slot < slots && (nodes[slot] != 0 || rels[slot] != 0 || value(slot).has_value());
  }
  // Sizes `batch` for this layout (columns of kBatchSize rows).
  void shape(Batch& batch) const;

 private:
  bool same_values(const Batch& batch) const;  // batch's value columns are this layout's
};

// Rows 0..n of `out` take the columns of `layout` (all but `skip`) and the
// weights of `in`'s rows parents[0..n): an expansion's or an UNWIND's
// output rows gathered from the input rows they came from.
void gather_parents(const Batch& in, const BatchLayout& layout, const std::uint32_t* parents, std::size_t n, Batch& out,
                    Slot skip = kNoSlot);

class BatchOperator : public Operator {
 public:
  // Fills `out` with the next rows (out.size == 0: no more).
  bool pull(ExecContext& ctx, Batch& out) {
    if (!ctx.profile()) return do_pull(ctx, out);
    const auto start = std::chrono::steady_clock::now();
    const bool produced = do_pull(ctx, out);
    add_elapsed(std::chrono::steady_clock::now() - start);
    add_rows(out.size);
    return produced;
  }
  BatchOperator* batch_input() { return static_cast<BatchOperator*>(mutable_child()); }

 protected:
  virtual bool do_pull(ExecContext& ctx, Batch& out) = 0;
  bool do_next(ExecContext&, Row&) override { return false; }
};

}  // namespace trellis::cypher
