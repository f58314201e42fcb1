// The batched operators (batch.hpp) and the planner's entry points to them
// (batch_plan.cpp). Each factory takes its input first, like the row
// operators' (executor/operators.hpp), and the slot layout of the batches
// it writes.
#pragma once

#include <set>

#include "batch/batch.hpp"
#include "batch/vector_expr.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {

using BatchOperatorPtr = std::unique_ptr<BatchOperator>;

// Every node of the labels, or with `only` set, the nodes of those ranges
// (a part of the scan, for one worker of a parallel run).
BatchOperatorPtr make_batch_scan(Slot slot, std::vector<Label> labels, std::string text, BatchLayout layout,
                                 std::optional<std::vector<NodeRange>> only = std::nullopt);
BatchOperatorPtr make_batch_expand(BatchOperatorPtr input, const ExpandSpec& spec, BatchLayout in, BatchLayout out);
BatchOperatorPtr make_batch_expand_count(BatchOperatorPtr input, const ExpandSpec& spec, BatchLayout layout);
BatchOperatorPtr make_batch_filter(BatchOperatorPtr input, const Expr& predicate, BatchLayout layout);
// A projection inside a pipeline (an Alias form): the columns of each
// alias's first slot also under its second, each computed item's values a
// column of its slot. `in`: the layout of the input's batches.
BatchOperatorPtr make_batch_alias(BatchOperatorPtr input, const OperatorForm& form, const BatchLayout& in,
                                  std::string text);

// UNWIND of a literal list of items of one kind inside a pipeline (an
// Unwind form): one row per item; `unwound_column` is the column its items
// go to, or nullopt for any other list (the row Unwind runs it).
BatchOperatorPtr make_batch_unwind(BatchOperatorPtr input, const Expr& list, Slot slot, BatchLayout in, BatchLayout out);
std::optional<ValueColumn> unwound_column(const Expr& list, const BatchLayout& in);

// One operator of a batched pipeline: what it does and the layout of the batches it writes.
struct BatchStep {
  OperatorForm form;
  BatchLayout in;
  BatchLayout out;
  std::string text;
};

// A pipeline of batch operators compiled from a chain of row operators.
struct BatchPipeline {
  BatchOperatorPtr top;
  BatchLayout layout;  // of the batches `top` writes
  OperatorPtr rows;    // the row chain it replaces, kept for the expressions it owns
  std::vector<BatchStep> steps;  // bottom (the scan) first
  bool row_by_row = false;       // a filter of it evaluates row by row (not thread-safe)
  bool row_source = false;       // its rows come from row operators (a lookup, a reach), not a scan

  // Another instance of the pipeline whose scan reads only `ranges` (null
  // for a pipeline over row operators, which run once).
  BatchOperatorPtr instantiate(std::optional<std::vector<NodeRange>> ranges) const;
  // The steps over `base` (the batched rows of row operators; null: the scan step).
  BatchOperatorPtr build(BatchOperatorPtr base, std::optional<std::vector<NodeRange>> ranges) const;
  // The node ranges the scan reads.
  std::vector<NodeRange> scan_ranges(const GraphStore& store) const;
  // The scan's ranges cut into parts of at most `part_nodes` nodes, one
  // per task of a parallel run (CypherOptions::parallel_part_nodes); empty
  // when the scan has no more than two parts' nodes or the pipeline cannot
  // run in parts (rows from row operators, a filter evaluated row by row).
  std::vector<NodeRange> parallel_parts(const GraphStore& store, std::size_t part_nodes) const;
};

// The batched form of `chain` (Once -> NodeScan -> Filter / Expand /
// ExpandCount ..., or Once -> a lookup with breadth-first reaches and
// filters, whose rows are packed into batches, -> Filter / Expand /
// ExpandCount ...), or nullopt when some operator of it has none. `reads`:
// the slots the consumer reads (relationships among them get columns).
// `take` false: a dry run, `chain` left as it is and the pipeline's layout
// and steps only (no operators), to check what the consumer needs first.
std::optional<BatchPipeline> batch_pipeline(OperatorPtr& chain, std::size_t slot_count, const std::set<Slot>& reads,
                                            bool take = true);

// Aggregation over a pipeline: the batched Aggregate when the projection's
// keys and aggregates have a batched form, else nullptr (`chain` is then
// left as it was). `sort` and `keep`: ORDER BY ... LIMIT k follows (the
// planner keeps its Sort): groups that cannot be among the first k are not
// written.
OperatorPtr make_batch_aggregate(OperatorPtr& chain, const BoundProjection& projection, std::size_t slot_count,
                                 std::string text, const std::vector<SortSpec>* sort, std::optional<std::size_t> keep);

// The same for an aggregate made by make_batch_aggregate() before its Sort was planned.
void batch_aggregate_keep_top(Operator& aggregate, const std::vector<SortSpec>& sort, std::size_t keep);
// A WITH's WHERE right after its aggregation (no ORDER BY, SKIP, LIMIT or
// DISTINCT in between), tested on each group before it is written: a group
// that fails it is never made into a row. False when `aggregate` is not a
// batched aggregation (the caller then filters its rows).
bool batch_aggregate_filter(Operator& aggregate, ExprPtr& predicate);
// Items of a WITH nothing after it reads (`read[i]` false): their values are
// not written into the rows (the slot stays null). Such an item is still
// evaluated, its value dropped, unless it is a grouping key written from
// its key (evaluated when grouping) or `quiet[i]` (its evaluation cannot
// fail), so the errors raised are the row Aggregate's. Items the batched
// WHERE reads on the rows are written whatever `read` says.
// The rows may come in any order (the next clause aggregates them with
// functions that do not depend on it, and the WHERE on the groups cannot
// fail): a parallel run's groups are not put back in first-seen order,
// unless an item that may fail is evaluated (the first failing group must
// be the row executor's).
void batch_aggregate_any_order(Operator& aggregate);
void batch_aggregate_writes(Operator& aggregate, const std::vector<bool>& read,
                            const std::vector<bool>& quiet);

// The rows of `chain` run as a batch pipeline over a scan and handed on
// one at a time (for a plain projection), else nullptr (`chain` left as it
// was). `reads`: the slots the operators above read.
OperatorPtr make_unbatch(OperatorPtr& chain, std::size_t slot_count, const std::set<Slot>& reads);

// Project + Sort (ORDER BY ... LIMIT k, no DISTINCT) over a pipeline: the
// batched top k, else nullptr.
OperatorPtr make_batch_top(OperatorPtr& chain, std::vector<ProjectItem> items, std::vector<SortSpec> keys,
                           std::size_t keep, std::size_t slot_count, std::string text);

}  // namespace trellis::cypher
