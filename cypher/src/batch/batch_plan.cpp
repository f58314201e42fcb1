#include <algorithm>

#include "batch/batch_operators.hpp"
#include "planner/expression_slots.hpp"

namespace trellis::cypher {

std::optional<BatchPipeline> batch_pipeline(OperatorPtr& chain, std::size_t slot_count, const std::set<Slot>& reads) {
  // The chain top to bottom; it must end in Once <- NodeScan.
  std::vector<Operator*> ops;
  for (Operator* op = chain.get(); op != nullptr; op = op->mutable_child()) ops.push_back(op);
  if (ops.size() < 2 || ops.back()->form().kind != OperatorForm::Kind::Once ||
      ops[ops.size() - 2]->form().kind != OperatorForm::Kind::Scan) {
    return std::nullopt;
  }
  // What each level's output must carry for the levels above it.
  std::vector<std::set<Slot>> needed(ops.size());
  std::set<Slot> above = reads;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    needed[i] = above;
    const OperatorForm form = ops[i]->form();
    switch (form.kind) {
      case OperatorForm::Kind::Filter: collect_slots(*form.predicate, above); break;
      case OperatorForm::Kind::Expand:
        above.insert(form.expand->unique.begin(), form.expand->unique.end());
        above.insert(form.expand->from);
        break;
      case OperatorForm::Kind::Scan:
      case OperatorForm::Kind::Once:
        if (i + 2 < ops.size()) return std::nullopt;  // a scan per row of another (a product): no batched form
        break;
      case OperatorForm::Kind::ExpandCount: break;
      case OperatorForm::Kind::Other: return std::nullopt;
    }
  }
  BatchLayout layout;
  layout.slots = slot_count;
  layout.nodes.assign(slot_count, 0);
  layout.rels.assign(slot_count, 0);
  std::vector<BatchStep> steps;
  for (std::size_t i = ops.size() - 1; i-- > 0;) {
    const OperatorForm form = ops[i]->form();
    BatchStep step{form, layout, layout, ops[i]->describe()};
    switch (form.kind) {
      case OperatorForm::Kind::Scan:
        step.out.nodes[form.slot] = 1;
        step.text = step.text.substr(std::string_view("NodeScan ").size());
        break;
      case OperatorForm::Kind::Filter: break;
      case OperatorForm::Kind::ExpandCount:
        if (layout.weighted) return std::nullopt;
        step.out.weighted = true;
        break;
      case OperatorForm::Kind::Expand: {
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
    if (s >= slot_count || (!layout.nodes[s] && !layout.rels[s])) return std::nullopt;
  }
  BatchPipeline pipeline{nullptr, std::move(layout), nullptr, std::move(steps), false};
  pipeline.top = pipeline.instantiate(std::nullopt);
  for (const BatchStep& step : pipeline.steps) {
    if (step.form.kind == OperatorForm::Kind::Filter && compile_vector(*step.form.predicate, step.in.nodes)->row_by_row()) {
      pipeline.row_by_row = true;
    }
  }
  pipeline.rows = std::move(chain);
  return pipeline;
}

BatchOperatorPtr BatchPipeline::instantiate(std::optional<std::vector<NodeRange>> ranges) const {
  BatchOperatorPtr made;
  for (const BatchStep& step : steps) {
    switch (step.form.kind) {
      case OperatorForm::Kind::Scan:
        made = make_batch_scan(step.form.slot, *step.form.labels, step.text, step.out, ranges);
        break;
      case OperatorForm::Kind::Filter: made = make_batch_filter(std::move(made), *step.form.predicate, step.out); break;
      case OperatorForm::Kind::ExpandCount: made = make_batch_expand_count(std::move(made), *step.form.expand, step.out); break;
      case OperatorForm::Kind::Expand: made = make_batch_expand(std::move(made), *step.form.expand, step.in, step.out); break;
      default: break;
    }
  }
  return made;
}

std::vector<NodeRange> BatchPipeline::scan_ranges(const GraphStore& store) const {
  const std::vector<Label>& labels = *steps.front().form.labels;
  std::vector<NodeRange> ranges;
  if (labels.empty()) {
    ranges.push_back({0, static_cast<NodeId>(store.node_count())});
  } else {
    for (const Label label : labels) ranges.push_back(store.nodes(label));
  }
  return ranges;
}

}  // namespace trellis::cypher
