#include <algorithm>

#include "batch/batch_operators.hpp"
#include "executor/expression_eval.hpp"
#include "planner/expression_slots.hpp"

namespace trellis::cypher {
namespace {

using Kind = OperatorForm::Kind;

bool row_prefix_kind(Kind kind) { return kind == Kind::Lookup || kind == Kind::Reach || kind == Kind::Filter; }

// Rows of a row-operator chain (lookups, breadth-first reaches and filters
// over them: every slot they bind holds a node) packed into batches, so
// the aggregation or top k above them runs batched.
class BatchRows final : public BatchOperator {
 public:
  BatchRows(OperatorPtr rows, BatchLayout layout, std::size_t slot_count) : layout_(std::move(layout)) {
    set_child(std::move(rows));
    row_.slots.resize(slot_count);
    for (std::size_t s = 0; s < layout_.slots; ++s) {
      if (layout_.nodes[s]) slots_.push_back(s);
    }
  }
  std::string describe() const override { return "BatchRows"; }

 protected:
  bool do_pull(ExecContext& ctx, Batch& out) override {
    layout_.shape(out);
    std::size_t n = 0;
    Operator& rows = *mutable_child();
    while (n < kBatchSize && rows.next(ctx, row_)) {
      for (const Slot s : slots_) out.nodes[s][n] = row_.slots[s].as_node().id;
      ++n;
    }
    out.size = n;
    out.selected = false;
    out.ascending = kNoSlot;
    return n != 0;
  }

 private:
  BatchLayout layout_;
  std::vector<Slot> slots_;
  Row row_;
};

}  // namespace

std::optional<BatchPipeline> batch_pipeline(OperatorPtr& chain, std::size_t slot_count, const std::set<Slot>& reads,
                                            bool take) {
  // The chain top to bottom. It ends in Once with a NodeScan above it (the
  // pipeline's batched source), or a lookup with reaches and filters above
  // it (run row by row, their rows packed into batches by BatchRows).
  std::vector<Operator*> ops;
  for (Operator* op = chain.get(); op != nullptr; op = op->mutable_child()) ops.push_back(op);
  const std::size_t once = ops.size() - 1;
  if (ops.size() < 2 || ops[once]->form().kind != Kind::Once) return std::nullopt;
  std::size_t bottom = once - 1;  // the lowest operator given a batched form
  bool row_source = false;
  if (ops[bottom]->form().kind == Kind::Lookup) {
    row_source = true;
    while (bottom > 0 && row_prefix_kind(ops[bottom - 1]->form().kind)) --bottom;
    while (bottom < once - 1 && ops[bottom]->form().kind == Kind::Filter) ++bottom;  // filters above it run batched
  } else if (ops[bottom]->form().kind != Kind::Scan) {
    return std::nullopt;
  }
  // What each level's output must carry for the levels above it.
  std::vector<std::set<Slot>> needed(ops.size());
  std::set<Slot> above = reads;
  for (std::size_t i = 0; i < bottom; ++i) {
    needed[i] = above;
    const OperatorForm form = ops[i]->form();
    switch (form.kind) {
      case Kind::Filter: collect_slots(*form.predicate, above); break;
      case Kind::Expand:
        above.insert(form.expand->unique.begin(), form.expand->unique.end());
        above.insert(form.expand->from);
        break;
      case Kind::ExpandCount: above.insert(form.expand->unique.begin(), form.expand->unique.end()); break;
      case Kind::Unwind:
        above.erase(form.slot);
        collect_slots(*form.list, above);
        break;
      case Kind::Alias:
        // Below it the rows carry what the slots written are read from.
        for (const auto& [read, written] : form.aliases) above.erase(written);
        for (const auto& [expr, written] : form.computed) above.erase(written);
        for (const auto& [read, written] : form.aliases) above.insert(read);
        for (const auto& [expr, written] : form.computed) collect_slots(*expr, above);
        break;
      default: return std::nullopt;  // a scan per row of another (a product), a lookup, a reach, ...
    }
  }
  needed[bottom] = above;
  BatchLayout layout;
  layout.slots = slot_count;
  layout.nodes.assign(slot_count, 0);
  layout.rels.assign(slot_count, 0);
  layout.values.assign(slot_count, std::nullopt);
  std::vector<BatchStep> steps;
  if (row_source) {
    for (std::size_t i = bottom; i < once; ++i) {
      const OperatorForm form = ops[i]->form();
      if (form.slot != kNoSlot) layout.nodes[form.slot] = 1;
    }
  }
  for (std::size_t i = row_source ? bottom : bottom + 1; i-- > 0;) {
    const OperatorForm form = ops[i]->form();
    BatchStep step{form, layout, layout, ops[i]->describe()};
    switch (form.kind) {
      case Kind::Scan:
        step.out.nodes[form.slot] = 1;
        step.text = step.text.substr(std::string_view("NodeScan ").size());
        break;
      case Kind::Filter: break;
      case Kind::Alias: {
        for (const auto& [read, written] : form.aliases) {
          if (read >= slot_count || written >= slot_count || !layout.column(read)) return std::nullopt;
        }
        // A computed item's value is a column of the kind its expression
        // has over the batches below (a pattern predicate only as a count
        // off the CSR: subplans run row by row are not run inside a pipeline).
        std::vector<ValueColumn> columns;
        for (const auto& [expr, written] : form.computed) {
          if (written >= slot_count) return std::nullopt;
          const VecExprPtr vector = compile_vector(*expr, layout);
          if (vector->row_by_row() && !subplans(*expr).empty()) return std::nullopt;
          columns.push_back({vector->kind(), vector->interned()});
        }
        for (const auto& [read, written] : form.aliases) {
          step.out.nodes[written] = layout.nodes[read];
          step.out.rels[written] = layout.rels[read];
          step.out.values[written] = layout.value(read);
        }
        for (std::size_t k = 0; k < columns.size(); ++k) {
          const Slot written = form.computed[k].second;
          step.out.nodes[written] = 0;
          step.out.rels[written] = 0;
          step.out.values[written] = columns[k];
        }
        step.text = step.text.substr(std::string_view("Project ").size());
        break;
      }
      case Kind::Unwind: {
        // Only a literal list of typed items: other lists are values made
        // per row, which the row Unwind hands on with one copy less.
        if (form.slot >= slot_count) return std::nullopt;
        const std::optional<ValueColumn> column = unwound_column(*form.list, layout);
        if (!column) return std::nullopt;
        step.out.nodes[form.slot] = 0;
        step.out.rels[form.slot] = 0;
        step.out.values[form.slot] = column;
        break;
      }
      case Kind::ExpandCount:
        if (layout.weighted || !layout.nodes[form.expand->from]) return std::nullopt;
        for (const Slot u : form.expand->unique) {
          if (!layout.rels[u]) return std::nullopt;  // a relationship list (variable length): no column
        }
        step.out.weighted = true;
        break;
      case Kind::Expand: {
        const ExpandSpec& spec = *form.expand;
        if (!layout.nodes[spec.from]) return std::nullopt;
        for (const Slot u : spec.unique) {
          if (!layout.rels[u]) return std::nullopt;  // a relationship list (variable length): no column
        }
        if (spec.to_bound && !layout.nodes[spec.to]) return std::nullopt;
        if (!spec.to_bound) step.out.nodes[spec.to] = 1;
        if (needed[i].count(spec.rel) != 0) step.out.rels[spec.rel] = 1;
        break;
      }
      default: return std::nullopt;
    }
    layout = step.out;
    steps.push_back(std::move(step));
  }
  // Every slot read above must be a column (anything else was bound before
  // the pipeline, which a pipeline from Once has not).
  for (const Slot s : reads) {
    if (!layout.column(s)) return std::nullopt;
  }
  BatchPipeline pipeline{nullptr, std::move(layout), nullptr, std::move(steps), false, row_source};
  for (const BatchStep& step : pipeline.steps) {
    if (step.form.kind == Kind::Filter && compile_vector(*step.form.predicate, step.in)->row_by_row()) {
      pipeline.row_by_row = true;
    }
    for (const auto& [expr, written] : step.form.computed) {
      if (compile_vector(*expr, step.in)->row_by_row()) pipeline.row_by_row = true;
    }
  }
  if (!take) return pipeline;
  BatchOperatorPtr base;
  if (row_source) {
    BatchLayout source;
    source.slots = slot_count;
    source.nodes.assign(slot_count, 0);
    source.rels.assign(slot_count, 0);
    source.values.assign(slot_count, std::nullopt);
    for (std::size_t i = bottom; i < once; ++i) {
      const OperatorForm form = ops[i]->form();
      if (form.slot != kNoSlot) source.nodes[form.slot] = 1;
    }
    OperatorPtr rows = bottom == 0 ? std::move(chain) : ops[bottom - 1]->take_child();
    base = std::make_unique<BatchRows>(std::move(rows), std::move(source), slot_count);
  }
  pipeline.top = pipeline.build(std::move(base), std::nullopt);
  pipeline.rows = std::move(chain);
  return pipeline;
}

BatchOperatorPtr BatchPipeline::instantiate(std::optional<std::vector<NodeRange>> ranges) const {
  if (row_source) return nullptr;  // its rows come from one row chain
  return build(nullptr, std::move(ranges));
}

BatchOperatorPtr BatchPipeline::build(BatchOperatorPtr base, std::optional<std::vector<NodeRange>> ranges) const {
  BatchOperatorPtr made = std::move(base);
  for (const BatchStep& step : steps) {
    switch (step.form.kind) {
      case Kind::Scan: made = make_batch_scan(step.form.slot, *step.form.labels, step.text, step.out, ranges); break;
      case Kind::Filter: made = make_batch_filter(std::move(made), *step.form.predicate, step.out); break;
      case Kind::ExpandCount: made = make_batch_expand_count(std::move(made), *step.form.expand, step.out); break;
      case Kind::Expand: made = make_batch_expand(std::move(made), *step.form.expand, step.in, step.out); break;
      case Kind::Alias: made = make_batch_alias(std::move(made), step.form, step.in, step.text); break;
      case Kind::Unwind: made = make_batch_unwind(std::move(made), *step.form.list, step.form.slot, step.in, step.out); break;
      default: break;
    }
  }
  return made;
}

std::vector<NodeRange> BatchPipeline::scan_ranges(const GraphStore& store) const {
  std::vector<NodeRange> ranges;
  if (row_source || steps.empty()) return ranges;
  const std::vector<Label>& labels = *steps.front().form.labels;
  if (labels.empty()) {
    ranges.push_back({0, static_cast<NodeId>(store.node_count())});
  } else {
    for (const Label label : labels) ranges.push_back(store.nodes(label));
  }
  return ranges;
}

std::vector<NodeRange> BatchPipeline::parallel_parts(const GraphStore& store, std::size_t part_nodes) const {
  std::vector<NodeRange> parts;
  if (row_source || row_by_row) return parts;
  const std::vector<NodeRange> ranges = scan_ranges(store);
  std::size_t nodes = 0;
  for (const NodeRange& r : ranges) nodes += r.size();
  const auto size = static_cast<NodeId>(std::max<std::size_t>(1, std::min<std::size_t>(part_nodes, 0xFFFFFFFFu)));
  if (nodes <= 2 * std::size_t{size}) return parts;
  for (const NodeRange& r : ranges) {
    for (NodeId at = r.begin; at < r.end; at += std::min<NodeId>(size, r.end - at)) {
      parts.push_back({at, std::min<NodeId>(r.end, at + size)});
    }
  }
  return parts;
}

}  // namespace trellis::cypher
