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
  BatchOperatorPtr top;
  for (std::size_t i = ops.size() - 1; i-- > 0;) {
    const OperatorForm form = ops[i]->form();
    switch (form.kind) {
      case OperatorForm::Kind::Scan:
        layout.nodes[form.slot] = 1;
        top = make_batch_scan(form.slot, *form.labels, ops[i]->describe().substr(std::string_view("NodeScan ").size()), layout);
        break;
      case OperatorForm::Kind::Filter: top = make_batch_filter(std::move(top), *form.predicate, layout); break;
      case OperatorForm::Kind::ExpandCount:
        if (layout.weighted) return std::nullopt;
        layout.weighted = true;
        top = make_batch_expand_count(std::move(top), *form.expand, layout);
        break;
      case OperatorForm::Kind::Expand: {
        const ExpandSpec& spec = *form.expand;
        if (!layout.nodes[spec.from]) return std::nullopt;
        for (const Slot u : spec.unique) {
          if (!layout.rels[u]) return std::nullopt;  // a relationship list (variable length): no column
        }
        if (spec.to_bound && !layout.nodes[spec.to]) return std::nullopt;
        BatchLayout out = layout;
        if (!spec.to_bound) out.nodes[spec.to] = 1;
        if (needed[i].count(spec.rel) != 0) out.rels[spec.rel] = 1;
        top = make_batch_expand(std::move(top), spec, layout, out);
        layout = std::move(out);
        break;
      }
      default: return std::nullopt;
    }
  }
  // Every slot read above must be a column (anything else was bound before
  // the pipeline, which a pipeline from Once has not).
  for (const Slot s : reads) {
    if (s >= slot_count || (!layout.nodes[s] && !layout.rels[s])) return std::nullopt;
  }
  return BatchPipeline{std::move(top), std::move(layout), std::move(chain)};
}

}  // namespace trellis::cypher
