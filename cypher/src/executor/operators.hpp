// Factories of the executor's operators (one class per file in executor/).
// The planner composes them; each takes its input operator first. Slots
// are the row positions the binder assigned.
#pragma once

#include <memory>
#include <vector>

#include "binder/bound_query.hpp"
#include "executor/operator.hpp"
#include "executor/top_degrees.hpp"

namespace trellis::cypher {

// Relationships a new edge must differ from (relationship uniqueness within
// one MATCH): slots holding a relationship or a list of them.
using UniqueRels = std::vector<Slot>;

struct ExpandSpec {
  Slot from = kNoSlot;
  Slot to = kNoSlot;
  Slot rel = kNoSlot;
  std::vector<RelType> types;  // never empty: the planner lists every type for "any"
  Direction direction = Direction::Out;
  std::vector<Label> to_labels;  // empty: any
  bool to_bound = false;         // `to` is bound already: check it instead of binding it
  UniqueRels unique;
  // The relationship is anonymous and nothing reads it but uniqueness checks:
  // incoming edges may keep their position lazy (edge_cursor.hpp).
  bool lazy_rel = false;
  std::string text;              // the pattern as EXPLAIN shows it
};

struct VarExpandSpec {
  ExpandSpec step;
  Slot segment = kNoSlot;
  std::size_t min_hops = 1;
  std::size_t max_hops = 1;
  // The walk goes against the pattern's written order (expanding leftwards):
  // the relationship list and segment are reversed to read as written.
  bool reversed = false;
};

// Yields one row per open(): the leaf of every plan and subplan.
OperatorPtr make_once();
OperatorPtr make_node_scan(OperatorPtr input, Slot slot, std::vector<Label> labels, std::string text);
// Restricts a NodeScan (make_node_scan) to the nodes whose count of `spec`'s
// hop can put them among the best spec.keep (top_degrees.hpp), for a plan
// that counts that hop per node and keeps the k highest counts. False when
// `scan` is no NodeScan.
bool scan_top_degrees(Operator& scan, TopDegreeSpec spec);
// Nodes whose qualified_name (or short name) equals `key`, evaluated per input row.
OperatorPtr make_node_lookup(OperatorPtr input, Slot slot, std::vector<Label> labels, ExprPtr key,
                             bool qualified, std::string text);
OperatorPtr make_expand(OperatorPtr input, ExpandSpec spec);
// The rows of `input` weighted by the degree of `from` (a counted expansion
// to an anonymous node nothing else reads).
OperatorPtr make_expand_count(OperatorPtr input, ExpandSpec spec);
// The rows of `input` weighted by the number of edges of `types` (a
// directed hop between two unconstrained nodes that only a count reads).
OperatorPtr make_edge_count(OperatorPtr input, std::vector<RelType> types, std::string text);
// The rows of `input` weighted by the number of nodes of `labels` (all
// nodes when empty): a lone node pattern that only a count reads.
OperatorPtr make_node_count(OperatorPtr input, std::vector<Label> labels, std::string text);
// A one-hop pattern between two unbound nodes that only an aggregation
// reads, the relationship through type(r) and the ends not at all (or as
// count(x)): per input row, one row per type with matches, weighted by how
// many (counts of the store: GraphStore::edge_count over the ends' label
// ranges, less the self loops an undirected hop sees once), binding one of
// them. The types come in the order their first matches come in a scan of
// `near` expanded towards `far`, as the row plan meets them.
struct TypeCountSpec {
  Slot near = kNoSlot;             // the end the row plan would scan
  std::vector<Label> near_labels;  // empty: any
  Slot far = kNoSlot;
  std::vector<Label> far_labels;  // empty: any
  Slot rel = kNoSlot;
  std::vector<RelType> types;            // never empty
  Direction direction = Direction::Out;  // from near
  std::string text;
};
OperatorPtr make_type_count(OperatorPtr input, TypeCountSpec spec);
// A lone node pattern that only an aggregation reads, through labels(n),
// n:Label or count(n): per input row, one row per label of `labels` (all
// labels when empty) in scan order, binding the label's first node and
// weighted by its node count; labels without nodes are left out.
OperatorPtr make_label_count(OperatorPtr input, Slot slot, std::vector<Label> labels,
                             std::string text);
OperatorPtr make_var_expand(OperatorPtr input, VarExpandSpec spec);
// The distinct ends of a variable-length step with min_hops <= 1, breadth
// first (each once per input row); binds `to` only, never the relationship
// list or the segment. For consumers that ignore duplicate rows.
OperatorPtr make_reach_expand(OperatorPtr input, VarExpandSpec spec);
// A one-hop pattern from the bound node `near` counted off the CSR (COUNT
// and EXISTS subqueries, pattern predicates): to any node, or to the bound
// node `far`, each end checked against its labels (empty: any). A leaf that
// writes no slot: one row weighted by the count, none when it is 0.
struct DegreeSpec {
  Slot near = kNoSlot;
  std::vector<Label> near_labels;
  Slot far = kNoSlot;  // kNoSlot: any node
  std::vector<Label> far_labels;
  std::vector<RelType> types;  // never empty
  Direction direction = Direction::Out;
  std::string text;
};
OperatorPtr make_degree_count(DegreeSpec spec);
OperatorPtr make_shortest_path(OperatorPtr input, VarExpandSpec spec, Slot path, bool all);
OperatorPtr make_filter(OperatorPtr input, ExprPtr predicate);
// Rows of `inner` (reopened per input row); when it has none, the input row
// once with `null_slots` set to null.
OperatorPtr make_optional(OperatorPtr input, OperatorPtr inner, std::vector<Slot> null_slots);
OperatorPtr make_unwind(OperatorPtr input, ExprPtr list, Slot slot);
struct ProjectItem {
  const Expr* expr;
  Slot slot;
};
// `counts_through`: no item can fail, so the rows left are counted off the
// input's (Operator::count_rest) without computing them.
OperatorPtr make_project(OperatorPtr input, std::vector<ProjectItem> items, std::string text,
                         bool counts_through = false);
// Groups by the items without aggregates; writes each aggregate's slot, then every item.
OperatorPtr make_aggregate(OperatorPtr input, const BoundProjection& projection, std::string text);
OperatorPtr make_distinct(OperatorPtr input, std::vector<Slot> slots);
struct SortSpec {
  const Expr* expr;
  bool descending;
  // The key is the value of a projected item left to the sort (top-k): it is
  // written to this slot of the rows the sort evaluates it for.
  Slot writes = kNoSlot;
};
// Sorts all rows; with `keep` set, keeps only the first `keep` (top-k).
OperatorPtr make_sort(OperatorPtr input, std::vector<SortSpec> keys, std::optional<std::size_t> keep, std::string text);
OperatorPtr make_skip(OperatorPtr input, std::size_t count);
OperatorPtr make_limit(OperatorPtr input, std::size_t count);
// Builds the path value of a pattern part from its node, relationship and
// segment slots.
OperatorPtr make_build_path(OperatorPtr input, const BoundPatternPart& part);

}  // namespace trellis::cypher
