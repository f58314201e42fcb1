#include "planner/planner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "batch/batch_operators.hpp"
#include "executor/operators.hpp"
#include "planner/duplicate_insensitive.hpp"
#include "planner/expression_slots.hpp"
#include "planner/label_tests.hpp"

namespace trellis::cypher {
namespace {

std::vector<RelType> types_or_all(const std::vector<RelType>& types) {
  if (!types.empty()) return types;
  std::vector<RelType> all;
  for (const RelTypeDef& def : all_rel_types()) all.push_back(def.type);
  return all;
}

std::string node_text(const BoundNodePattern& node) {
  std::vector<std::string_view> labels;
  for (const Label l : node.labels) labels.push_back(to_string(l));
  return fmt::format("({}{}{})", node.name, labels.empty() ? "" : ":", fmt::join(labels, "|"));
}

std::string step_text(const BoundNodePattern& from, const BoundRelPattern& rel, const BoundNodePattern& to,
                      Direction direction) {
  std::vector<std::string_view> types;
  for (const RelType t : rel.types) types.push_back(to_string(t));
  const std::string body = fmt::format("[{}{}{}]", rel.name, types.empty() ? "" : ":", fmt::join(types, "|"));
  return fmt::format("{}{}{}{}{}", node_text(from), direction == Direction::In ? "<-" : "-", body,
                     direction == Direction::Out ? "->" : "-", node_text(to));
}

Direction flipped(Direction d) {
  if (d == Direction::Out) return Direction::In;
  if (d == Direction::In) return Direction::Out;
  return d;
}

ExprPtr label_check(const BoundNodePattern& node) {
  auto variable = std::make_unique<Expr>();
  variable->kind = ExprKind::Variable;
  variable->slot = node.slot;
  variable->text = node.name.empty() ? "_" : node.name;
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::HasLabels;
  e->labels = node.labels;
  e->any_label = true;
  e->text = node_text(node);
  e->args.push_back(std::move(variable));
  return e;
}

// An expression over a batch pipeline's rows that cannot fail: a literal,
// a variable (a node or relationship column), a property of one.
bool cannot_fail(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Literal:
    case ExprKind::Variable: return true;
    case ExprKind::Property: return expr.args.size() == 1 && expr.args[0]->kind == ExprKind::Variable;
    default: return false;
  }
}

// Whether `expr` reads `slot` only through its label or type: as the
// argument of type() or labels(), or in a label test.
bool reads_only_kind(const Expr& expr, Slot slot) {
  const bool of_slot = !expr.args.empty() && expr.args[0] && expr.args[0]->kind == ExprKind::Variable &&
                       expr.args[0]->slot == slot;
  const bool kind_function = expr.kind == ExprKind::Function && expr.function != nullptr && expr.args.size() == 1 &&
                             (expr.function->name == "type" || expr.function->name == "labels");
  if (of_slot && (kind_function || expr.kind == ExprKind::HasLabels)) return true;
  if (expr.kind == ExprKind::PatternExists || expr.kind == ExprKind::PatternCount) {
    std::set<Slot> reads;
    collect_slots(expr, reads);
    return reads.count(slot) == 0;
  }
  if (expr.kind == ExprKind::Variable && expr.slot == slot) return false;
  return std::all_of(expr.args.begin(), expr.args.end(), [&](const ExprPtr& arg) { return !arg || reads_only_kind(*arg, slot); });
}

// Whether a pattern whose variables are `pattern` may stand for the
// aggregation `p` (and the WHERE conjuncts before it) as one row per kind
// weighted by its matches (TypeCount, LabelCount): they read the variables
// of `kinds` only through their label or type and the others not at all,
// but as count(x) of a variable (never null); an aggregate reads them only
// where every match of one kind gives the same (count, min, max).
bool reads_kinds_only(const BoundProjection& p, const std::vector<ExprPtr>& conjuncts, const std::vector<Slot>& pattern,
                      const std::vector<Slot>& kinds) {
  const auto reads_pattern = [&](const Expr& e) {
    std::set<Slot> reads;
    collect_slots(e, reads);
    return std::any_of(pattern.begin(), pattern.end(), [&](Slot s) { return reads.count(s) != 0; });
  };
  const auto by_kind = [&](const Expr& e) {
    std::set<Slot> reads;
    collect_slots(e, reads);
    for (const Slot s : pattern) {
      if (reads.count(s) == 0) continue;
      if (std::find(kinds.begin(), kinds.end(), s) == kinds.end() || !reads_only_kind(e, s)) return false;
    }
    return true;
  };
  if (!std::all_of(conjuncts.begin(), conjuncts.end(), [&](const ExprPtr& c) { return by_kind(*c); })) return false;
  for (const ProjectionItem& item : p.items) {
    if (!by_kind(*item.expr)) return false;
  }
  for (const SortKey& key : p.order_by) {
    if (!by_kind(*key.expr)) return false;
  }
  for (const ExprPtr* e : {&p.skip, &p.limit, &p.where}) {
    if (*e && !by_kind(**e)) return false;
  }
  for (const AggregateCall& call : p.aggregates) {
    if (!call.arg || !reads_pattern(*call.arg)) continue;
    const Expr& arg = *call.arg;
    const bool whole = arg.kind == ExprKind::Variable && std::find(pattern.begin(), pattern.end(), arg.slot) != pattern.end();
    if (call.kind == AggregateKind::Count && !call.distinct && whole) continue;
    const bool one_per_kind = call.kind == AggregateKind::Count || call.kind == AggregateKind::Min ||
                              call.kind == AggregateKind::Max;
    if (!one_per_kind || !by_kind(arg)) return false;
  }
  return true;
}

class Planner {
 public:
  Planner(BoundSingleQuery& query, const GraphStore& store, bool batched)
      : query_(query), store_(store), batched_(batched) {}

  OperatorPtr plan() {
    OperatorPtr op = make_once();
    auto& clauses = query_.clauses;
    for (std::size_t c = 0; c < clauses.size(); ++c) {
      BoundClause& clause = clauses[c];
      switch (clause.kind) {
        case BoundClause::Kind::Match: {
          const bool feeds_aggregate = c + 1 < clauses.size() && clauses[c + 1].kind == BoundClause::Kind::Projection &&
                                       !clauses[c + 1].projection.aggregates.empty();
          read_next_.clear();
          if (feeds_aggregate) {
            if (!clause.match.optional) count_rows_of_bound(clause.match, clauses[c + 1].projection);
            read_next_ = slots_read(clauses[c + 1].projection);
          }
          next_projection_ = feeds_aggregate ? &clauses[c + 1].projection : nullptr;
          distinct_reads_ = reads_until_distinct(clauses, c);
          op = plan_match(std::move(op), clause.match, feeds_aggregate);
          distinct_reads_.reset();
          break;
        }
        case BoundClause::Kind::Unwind:
          fresh_ = false;
          multiplied_ = true;
          prepare(*clause.unwind.list);
          if (batched_) {
            // A list the batch cannot unwind reads the pipeline under it
            // through Unbatch, which writes what the list and the later clauses read.
            std::set<Slot> reads;
            collect_slots(*clause.unwind.list, reads);
            if (!reads.empty()) {
              std::set<Slot> later;
              for (std::size_t after = c + 1; after < clauses.size(); ++after) collect_clause_slots(clauses[after], later);
              for (const Slot s : later) {
                if (bound_.count(s) != 0) reads.insert(s);  // bound by now: a column of the rows
              }
              unbatch_list_reads(op, *clause.unwind.list, reads);
            }
          }
          op = make_unwind(std::move(op), std::move(clause.unwind.list), clause.unwind.slot);
          bound_.insert(clause.unwind.slot);
          break;
        case BoundClause::Kind::Projection:
          read_after_.clear();
          for (std::size_t after = c + 1; after < clauses.size(); ++after)
            collect_clause_slots(clauses[after], read_after_);
          next_clause_ = c + 1 < clauses.size() ? &clauses[c + 1] : nullptr;
          op = plan_projection(std::move(op), clause.projection);
          break;
      }
    }
    return op;
  }

 private:
  // Plans the pattern predicates and subqueries inside `expr` as subplans
  // run from the current row. Each is its own uniqueness scope (openCypher: a
  // MATCH's scope leaves out what its WHERE only references; Neo4j: an
  // existential subquery matches in its own scope): its relationships are
  // distinct among themselves (a fresh UniqueRels) but may be ones the outer
  // pattern bound. The operator that evaluates `expr` lists the subplans for
  // EXPLAIN (subplans()).
  void prepare(Expr& expr) {
    for (auto& arg : expr.args) {
      if (arg) prepare(*arg);
    }
    const bool count = expr.kind == ExprKind::PatternCount;
    if ((expr.kind != ExprKind::PatternExists && !count) || expr.plan) return;
    if (auto degree = degree_pattern(expr)) {
      expr.plan = std::shared_ptr<Operator>(make_degree_count(std::move(*degree)));
      expr.plan_writes_nothing = true;
      return;
    }
    const std::set<Slot> saved = bound_;
    const bool saved_in_path = in_path_;  // a subplan is planned in the middle of an outer part
    // An existence test needs only the pattern's ends when its one
    // relationship is its only uniqueness constraint; a count needs every match.
    auto saved_distinct = std::exchange(distinct_reads_, count ? std::optional<std::set<Slot>>() : std::set<Slot>());
    const bool saved_reach = std::exchange(reach_ok_, expr.pattern->rels.size() == 1);
    const auto saved_read_next = std::exchange(read_next_, std::set<Slot>());
    const BoundProjection* saved_next_projection = std::exchange(next_projection_, nullptr);
    const bool saved_first_part = std::exchange(first_part_, false);  // a subplan's scan is no top-degree scan
    for (const BoundNodePattern& node : expr.pattern->nodes) {
      if (!node.name.empty() && !node.local) bound_.insert(node.slot);
    }
    std::vector<ExprPtr> conjuncts;
    if (!expr.args.empty()) split_conjuncts(std::move(expr.args[0]), conjuncts);
    expr.args.clear();
    UniqueRels unique;
    OperatorPtr sub = plan_part(make_once(), *expr.pattern, conjuncts, unique, count);
    sub = place_filters(std::move(sub), conjuncts, true);
    expr.plan = std::shared_ptr<Operator>(std::move(sub));
    bound_ = saved;
    in_path_ = saved_in_path;
    distinct_reads_ = std::move(saved_distinct);
    reach_ok_ = saved_reach;
    read_next_ = saved_read_next;
    next_projection_ = saved_next_projection;
    first_part_ = saved_first_part;
  }

  // A one-hop pattern with no predicate from a node the enclosing row binds,
  // to any node (anonymous or a variable of its own nothing reads, without
  // labels) or to another bound node: counted off the CSR (DegreeCount).
  std::optional<DegreeSpec> degree_pattern(const Expr& expr) const {
    const BoundPatternPart& part = *expr.pattern;
    if (!expr.args.empty() || part.rels.size() != 1 || part.rels[0].variable_length || part.kind != PathKind::Plain) {
      return std::nullopt;
    }
    const auto outer = [](const BoundNodePattern& node) { return !node.name.empty() && !node.local; };
    const BoundRelPattern& rel = part.rels[0];
    for (const bool forward : {true, false}) {
      const BoundNodePattern& near = part.nodes[forward ? 0 : 1];
      const BoundNodePattern& far = part.nodes[forward ? 1 : 0];
      if (!outer(near) || (!outer(far) && !far.labels.empty())) continue;
      DegreeSpec spec;
      spec.near = near.slot;
      spec.near_labels = near.labels;
      if (outer(far)) {
        spec.far = far.slot;
        spec.far_labels = far.labels;
      }
      spec.types = types_or_all(rel.types);
      spec.direction = forward ? rel.direction : flipped(rel.direction);
      spec.text = step_text(near, rel, far, spec.direction);
      return spec;
    }
    return std::nullopt;
  }

  OperatorPtr place_filters(OperatorPtr op, std::vector<ExprPtr>& conjuncts, bool all = false) {
    for (auto it = conjuncts.begin(); it != conjuncts.end();) {
      std::set<Slot> reads;
      collect_slots(**it, reads);
      const bool ready = std::all_of(reads.begin(), reads.end(), [&](Slot s) { return bound_.count(s) != 0; });
      if (ready || all) {
        prepare(**it);
        op = make_filter(std::move(op), std::move(*it));
        it = conjuncts.erase(it);
      } else {
        ++it;
      }
    }
    return op;
  }

  // The conjunct `slot.key = expr` (either way round) with expr readable now.
  std::optional<std::pair<std::size_t, std::size_t>> key_conjunct(const std::vector<ExprPtr>& conjuncts, Slot slot,
                                                                  std::string_view key) const {
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
      const Expr& c = *conjuncts[i];
      if (c.kind != ExprKind::Compare || c.op != "=" || c.args.size() != 2) continue;
      for (std::size_t side = 0; side < 2; ++side) {
        const Expr& p = *c.args[side];
        if (p.kind != ExprKind::Property || p.key != key || p.args[0]->kind != ExprKind::Variable ||
            p.args[0]->slot != slot)
          continue;
        std::set<Slot> reads;
        collect_slots(*c.args[1 - side], reads);
        if (std::all_of(reads.begin(), reads.end(), [&](Slot s) { return bound_.count(s) != 0; })) {
          return std::make_pair(i, 1 - side);
        }
      }
    }
    return std::nullopt;
  }

  // Lower is better: bound, qualified_name lookup, name lookup, then by how many nodes a scan reads.
  std::pair<int, std::size_t> anchor_score(const BoundNodePattern& node, const std::vector<ExprPtr>& conjuncts) const {
    if (bound_.count(node.slot) != 0) return {0, 0};
    if (key_conjunct(conjuncts, node.slot, "qualified_name")) return {1, 0};
    if (key_conjunct(conjuncts, node.slot, "name")) return {2, 0};
    if (node.labels.empty()) return {4, store_.node_count()};
    std::size_t count = 0;
    for (const Label l : node.labels) count += store_.node_count(l);
    return {3, count};
  }

  OperatorPtr bind_anchor(OperatorPtr op, const BoundNodePattern& node, std::vector<ExprPtr>& conjuncts) {
    last_anchor_ = node.slot;
    if (bound_.count(node.slot) != 0) {
      if (!node.labels.empty()) op = make_filter(std::move(op), label_check(node));
      return op;
    }
    for (const bool qualified : {true, false}) {
      const auto found = key_conjunct(conjuncts, node.slot, qualified ? "qualified_name" : "name");
      if (!found) continue;
      ExprPtr key = std::move(conjuncts[found->first]->args[found->second]);
      conjuncts.erase(conjuncts.begin() + static_cast<std::ptrdiff_t>(found->first));
      prepare(*key);
      op = make_node_lookup(std::move(op), node.slot, node.labels, std::move(key), qualified, node_text(node));
      bound_.insert(node.slot);
      node_labels_[node.slot] = node.labels;
      return op;
    }
    op = make_node_scan(std::move(op), node.slot, node.labels, node_text(node));
    if (first_part_) top_scan_ = {op.get(), node.slot, node.labels};
    bound_.insert(node.slot);
    node_labels_[node.slot] = node.labels;
    return op;
  }

  bool read_by(const std::vector<ExprPtr>& conjuncts, Slot slot) const {
    for (const auto& c : conjuncts) {
      std::set<Slot> reads;
      collect_slots(*c, reads);
      if (reads.count(slot) != 0) return true;
    }
    return false;
  }

  OperatorPtr expand(OperatorPtr op, const BoundRelPattern& rel, const BoundNodePattern& from,
                     const BoundNodePattern& to, bool forward, std::vector<ExprPtr>& conjuncts, UniqueRels& unique,
                     bool count_allowed) {
    ExpandSpec spec;
    spec.from = from.slot;
    spec.to = to.slot;
    spec.rel = rel.slot;
    spec.types = types_or_all(rel.types);
    spec.direction = forward ? rel.direction : flipped(rel.direction);
    spec.to_bound = bound_.count(to.slot) != 0;
    if (!spec.to_bound) spec.to_labels = to.labels;
    spec.unique = unique;
    spec.text = step_text(from, rel, to, spec.direction);
    // The far end and the relationship may be named when the aggregation
    // that follows reads neither (`MATCH (a)-[r:CALLS]->(b) RETURN count(*)`).
    const bool unread_after = read_next_.count(to.slot) == 0 && read_next_.count(rel.slot) == 0;
    if (count_allowed && !rel.variable_length && (rel.name.empty() || unread_after) &&
        (to.name.empty() || unread_after) && !spec.to_bound && !read_by(conjuncts, to.slot) &&
        !read_by(conjuncts, rel.slot)) {
      // A far end with labels counts the neighbours of those labels (ExpandCount's to_labels);
      // the top-degree scan reads whole degrees, so it takes only an unlabelled far end.
      const bool over_scan = op.get() == top_scan_.op && spec.from == top_scan_.slot && spec.to_labels.empty();
      const ExpandSpec counted = spec;
      op = make_expand_count(std::move(op), std::move(spec));
      if (over_scan) counted_hop_ = {op.get(), counted};
      return op;
    }
    multiplied_ = true;
    spec.lazy_rel = rel.name.empty() && !in_path_ && !read_by(conjuncts, rel.slot);
    if (rel.variable_length) {
      spec.lazy_rel = false;
      const bool reach = reaches_ends_only(rel, spec, conjuncts);
      VarExpandSpec var{std::move(spec), rel.segment, rel.min_hops, rel.max_hops, !forward};
      op = reach ? make_reach_expand(std::move(op), std::move(var)) : make_var_expand(std::move(op), std::move(var));
      bound_.insert(rel.segment);
    } else {
      op = make_expand(std::move(op), std::move(spec));
    }
    unique.push_back(rel.slot);
    bound_.insert(rel.slot);
    const bool to_was_bound = bound_.count(to.slot) != 0;
    bound_.insert(to.slot);
    if (!to_was_bound) node_labels_[to.slot] = to.labels;
    if (to_was_bound && !to.labels.empty()) op = make_filter(std::move(op), label_check(to));
    return place_filters(std::move(op), conjuncts);
  }

  // Whether the one hop of `part`, expanded from node `near`, would be
  // counted (ExpandCount: the conditions expand() checks): its far end and
  // relationship are unread and unconstrained.
  bool counted_from(const BoundPatternPart& part, std::size_t near, const std::vector<ExprPtr>& conjuncts) const {
    const BoundRelPattern& rel = part.rels[0];
    const BoundNodePattern& to = part.nodes[1 - near];
    if (rel.variable_length || part.path_slot != kNoSlot || part.nodes[0].slot == part.nodes[1].slot) return false;
    const bool unread_after = read_next_.count(to.slot) == 0 && read_next_.count(rel.slot) == 0;
    return (rel.name.empty() || unread_after) && (to.name.empty() || unread_after) && bound_.count(to.slot) == 0 &&
           !read_by(conjuncts, to.slot) && !read_by(conjuncts, rel.slot);
  }

  // A variable-length step may yield its distinct ends once each (a
  // breadth-first reach) instead of one row per path when: only distinct
  // rows matter after it (duplicate_insensitive.hpp), it is the only
  // relationship of its MATCH (no other one it must differ from), nothing
  // reads its relationship list, segment or path, and its lower bound is 0
  // or 1 (the ends of longer trails are not those of longer walks).
  bool reaches_ends_only(const BoundRelPattern& rel, const ExpandSpec& spec, const std::vector<ExprPtr>& conjuncts) const {
    if (!reach_ok_ || !distinct_reads_ || in_path_ || !spec.unique.empty() || rel.min_hops > 1) return false;
    for (const Slot slot : {rel.slot, rel.segment}) {
      if (distinct_reads_->count(slot) != 0 || read_by(conjuncts, slot)) return false;
    }
    return true;
  }

  // One directed hop between two different nodes without labels, neither
  // bound, and nothing after but a count reads them or the relationship:
  // every edge of the types is one match (`MATCH (a)-[:CALLS]->(b) RETURN count(*)`).
  bool counts_every_edge(const BoundPatternPart& part, const std::vector<ExprPtr>& conjuncts) const {
    if (part.rels.size() != 1 || part.path_slot != kNoSlot) return false;
    const BoundRelPattern& rel = part.rels[0];
    if (rel.variable_length || rel.direction == Direction::Both || part.nodes[0].slot == part.nodes[1].slot) return false;
    for (const Slot slot : {part.nodes[0].slot, part.nodes[1].slot, rel.slot}) {
      if (bound_.count(slot) != 0 || read_next_.count(slot) != 0 || read_by(conjuncts, slot)) return false;
    }
    return part.nodes[0].labels.empty() && part.nodes[1].labels.empty();
  }

  // One hop between two different unbound nodes, with the aggregation
  // after it and the WHERE reading its relationship only through type(r)
  // and its ends not at all, or as count(x) (never null): the matches of
  // each type are counted off the store (TypeCount). Its rows are weighted,
  // so an aggregate may read the pattern only where every match of one type
  // gives the same: count, min or max of type(r). Batched plans only (the
  // row plan is the reference the differential tests compare with).
  bool counts_by_type(const BoundPatternPart& part, const std::vector<ExprPtr>& conjuncts) const {
    if (!batched_ || next_projection_ == nullptr || part.rels.size() != 1 || part.path_slot != kNoSlot) return false;
    const BoundRelPattern& rel = part.rels[0];
    const Slot a = part.nodes[0].slot;
    const Slot b = part.nodes[1].slot;
    if (rel.variable_length || a == b) return false;
    for (const Slot slot : {a, b, rel.slot}) {
      if (bound_.count(slot) != 0) return false;
    }
    return reads_kinds_only(*next_projection_, conjuncts, {a, b, rel.slot}, {rel.slot});
  }

  // The TypeCount of counts_by_type(), from the end the row plan anchors at.
  OperatorPtr plan_type_count(OperatorPtr op, const BoundPatternPart& part, std::size_t anchor,
                              std::vector<ExprPtr>& conjuncts) {
    const BoundRelPattern& rel = part.rels[0];
    const BoundNodePattern& near = part.nodes[anchor];
    const BoundNodePattern& far = part.nodes[1 - anchor];
    TypeCountSpec spec;
    spec.near = near.slot;
    spec.near_labels = near.labels;
    spec.far = far.slot;
    spec.far_labels = far.labels;
    spec.rel = rel.slot;
    spec.types = types_or_all(rel.types);
    spec.direction = anchor == 0 ? rel.direction : flipped(rel.direction);
    spec.text = step_text(near, rel, far, spec.direction);
    multiplied_ = true;
    last_anchor_ = kNoSlot;
    op = make_type_count(std::move(op), std::move(spec));
    for (const Slot slot : {near.slot, far.slot, rel.slot}) bound_.insert(slot);
    return place_filters(std::move(op), conjuncts);
  }

  // A lone node pattern, not bound, that the WHERE and the aggregation after
  // read only through its labels (labels(n), n:Label) or as count(n): the
  // nodes of each label are counted by the store (LabelCount). Batched plans
  // only, as TypeCount.
  bool counts_by_label(const BoundPatternPart& part, const std::vector<ExprPtr>& conjuncts) const {
    if (!batched_ || next_projection_ == nullptr || !part.rels.empty() || part.nodes.size() != 1 ||
        part.path_slot != kNoSlot) {
      return false;
    }
    const Slot slot = part.nodes[0].slot;
    return bound_.count(slot) == 0 && reads_kinds_only(*next_projection_, conjuncts, {slot}, {slot});
  }

  // A lone node pattern, not bound, and nothing after but a count reads it:
  // every node of its labels is one match (`MATCH (c:Class) RETURN count(*)`).
  bool counts_every_node(const BoundPatternPart& part, const std::vector<ExprPtr>& conjuncts) const {
    if (!part.rels.empty() || part.nodes.size() != 1 || part.path_slot != kNoSlot) return false;
    const Slot slot = part.nodes[0].slot;
    return bound_.count(slot) == 0 && read_next_.count(slot) == 0 && !read_by(conjuncts, slot);
  }

  OperatorPtr plan_shortest(OperatorPtr op, BoundPatternPart& part, std::vector<ExprPtr>& conjuncts) {
    for (const BoundNodePattern& node : part.nodes) {
      op = bind_anchor(std::move(op), node, conjuncts);
      op = place_filters(std::move(op), conjuncts);
    }
    const BoundRelPattern& rel = part.rels[0];
    VarExpandSpec spec;
    spec.step.from = part.nodes[0].slot;
    spec.step.to = part.nodes[1].slot;
    spec.step.rel = rel.slot;
    spec.step.types = types_or_all(rel.types);
    spec.step.direction = rel.direction;
    spec.step.to_bound = true;
    spec.step.text = step_text(part.nodes[0], rel, part.nodes[1], rel.direction);
    spec.min_hops = rel.min_hops;
    spec.max_hops = rel.max_hops;
    multiplied_ = true;
    op = make_shortest_path(std::move(op), std::move(spec), part.path_slot, part.kind == PathKind::AllShortest);
    bound_.insert(rel.slot);
    if (part.path_slot != kNoSlot) bound_.insert(part.path_slot);
    return place_filters(std::move(op), conjuncts);
  }

  OperatorPtr plan_part(OperatorPtr op, BoundPatternPart& part, std::vector<ExprPtr>& conjuncts, UniqueRels& unique,
                        bool count_allowed) {
    if (part.kind != PathKind::Plain) return plan_shortest(std::move(op), part, conjuncts);
    in_path_ = part.path_slot != kNoSlot;
    if (count_allowed && counts_every_edge(part, conjuncts)) {
      multiplied_ = true;
      last_anchor_ = kNoSlot;
      const BoundRelPattern& rel = part.rels[0];
      return make_edge_count(std::move(op), types_or_all(rel.types),
                             step_text(part.nodes[0], rel, part.nodes[1], rel.direction));
    }
    if (count_allowed && counts_every_node(part, conjuncts)) {
      multiplied_ = true;
      last_anchor_ = kNoSlot;
      return make_node_count(std::move(op), part.nodes[0].labels, node_text(part.nodes[0]));
    }
    if (count_allowed && counts_by_label(part, conjuncts)) {
      multiplied_ = true;
      last_anchor_ = kNoSlot;
      const BoundNodePattern& node = part.nodes[0];
      op = make_label_count(std::move(op), node.slot, node.labels, node_text(node));
      bound_.insert(node.slot);
      return place_filters(std::move(op), conjuncts);
    }
    std::size_t anchor = 0;
    auto best = anchor_score(part.nodes[0], conjuncts);
    for (std::size_t i = 1; i < part.nodes.size(); ++i) {
      const auto score = anchor_score(part.nodes[i], conjuncts);
      if (score < best) {
        best = score;
        anchor = i;
      }
    }
    // One hop whose far end only a count reads: anchored at the other end
    // (when that is a scan too) the hop is counted off the CSR (ExpandCount)
    // instead of producing its rows.
    if (count_allowed && part.rels.size() == 1 && best.first >= 3 && !counted_from(part, anchor, conjuncts) &&
        counted_from(part, 1 - anchor, conjuncts) && anchor_score(part.nodes[1 - anchor], conjuncts).first >= 3) {
      anchor = 1 - anchor;
    }
    if (count_allowed && counts_by_type(part, conjuncts)) return plan_type_count(std::move(op), part, anchor, conjuncts);
    op = bind_anchor(std::move(op), part.nodes[anchor], conjuncts);
    op = place_filters(std::move(op), conjuncts);
    for (std::size_t j = anchor; j < part.rels.size(); ++j) {
      const bool last = j + 1 == part.rels.size() && anchor == 0;
      op = expand(std::move(op), part.rels[j], part.nodes[j], part.nodes[j + 1], true, conjuncts, unique,
                  count_allowed && last);
    }
    for (std::size_t j = anchor; j > 0; --j) {
      const bool last = j == 1;
      op = expand(std::move(op), part.rels[j - 1], part.nodes[j], part.nodes[j - 1], false, conjuncts, unique,
                  count_allowed && last);
    }
    if (part.path_slot != kNoSlot) {
      op = make_build_path(std::move(op), part);
      bound_.insert(part.path_slot);
      op = place_filters(std::move(op), conjuncts);
    }
    return op;
  }

  OperatorPtr plan_parts(OperatorPtr op, BoundMatch& match, std::vector<ExprPtr>& conjuncts, bool count_allowed) {
    op = place_filters(std::move(op), conjuncts);
    UniqueRels unique;
    std::vector<bool> done(match.parts.size(), false);
    // One part: its last hop may be counted (the store counts take one hop
    // or one lone node themselves); a hop counted in one part of several
    // would leave its end unbound for the others.
    const bool single_step = match.parts.size() == 1 && match.parts[0].kind == PathKind::Plain &&
                             match.parts[0].path_slot == kNoSlot;
    for (std::size_t n = 0; n < match.parts.size(); ++n) {
      std::size_t pick = 0;
      std::pair<int, std::size_t> best{5, 0};
      for (std::size_t i = 0; i < match.parts.size(); ++i) {
        if (done[i]) continue;
        std::pair<int, std::size_t> score{5, 0};
        for (const BoundNodePattern& node : match.parts[i].nodes) score = std::min(score, anchor_score(node, conjuncts));
        if (score < best || best.first == 5) {
          best = score;
          pick = i;
        }
      }
      done[pick] = true;
      const bool first = fresh_;
      if (!first) multiplied_ = true;  // a later part: a product or a join
      fresh_ = false;
      first_part_ = first && !match.optional;
      op = plan_part(std::move(op), match.parts[pick], conjuncts, unique, count_allowed && single_step);
      first_part_ = false;
      if (first && !match.optional) outermost_ = last_anchor_;
    }
    return place_filters(std::move(op), conjuncts, true);
  }

  // Every slot a projection reads: its items, aggregate arguments, ORDER BY, SKIP, LIMIT and WHERE.
  // count(v) of a variable a MATCH (not OPTIONAL) binds counts every row
  // (v is never null there): it is count(*), which reads nothing, so a
  // pattern only counted stays a count of the store's (NodeCount,
  // ExpandCount, ...) whichever way the count is spelled.
  static void count_rows_of_bound(const BoundMatch& match, BoundProjection& p) {
    for (AggregateCall& call : p.aggregates) {
      if (call.kind != AggregateKind::Count || call.distinct || !call.arg || call.arg->kind != ExprKind::Variable) continue;
      if (std::find(match.new_slots.begin(), match.new_slots.end(), call.arg->slot) == match.new_slots.end()) continue;
      call.kind = AggregateKind::CountStar;
      call.arg.reset();
    }
  }

  // A row operator reads the rows of `op`: a batch pipeline over a scan
  // under it runs batched and hands its rows on one at a time (Unbatch).
  // `reads`: the slots the row operators above read off those rows.
  void unbatch_for_rows(OperatorPtr& op, const std::set<Slot>& reads) const {
    if (!batched_) return;
    if (OperatorPtr rows = make_unbatch(op, query_.slot_count, reads)) op = std::move(rows);
  }

  // Before a row Unwind of `list`: the pipeline under it runs batched
  // (Unbatch) unless the Unwind can join it (a literal list of typed items).
  void unbatch_list_reads(OperatorPtr& op, const Expr& list, const std::set<Slot>& reads) const {
    auto layout = batch_pipeline(op, query_.slot_count, reads, false);
    if (!layout || unwound_column(list, layout->layout)) return;
    unbatch_for_rows(op, reads);
  }

  static std::set<Slot> slots_read(const BoundProjection& p) {
    std::set<Slot> read;
    for (const ProjectionItem& item : p.items) collect_slots(*item.expr, read);
    for (const AggregateCall& call : p.aggregates) {
      if (call.arg) collect_slots(*call.arg, read);
    }
    for (const SortKey& key : p.order_by) collect_slots(*key.expr, read);
    for (const ExprPtr* e : {&p.skip, &p.limit, &p.where}) {
      if (*e) collect_slots(**e, read);
    }
    return read;
  }

  // Label tests among the WHERE's conjuncts join the patterns' labels
  // (label_tests.hpp); a test whose labels no pattern of the variable
  // allows stays a filter (no node passes it).
  static void absorb_label_tests(BoundMatch& match, std::vector<ExprPtr>& conjuncts) {
    for (auto it = conjuncts.begin(); it != conjuncts.end();) {
      const auto test = label_test(**it);
      std::vector<BoundNodePattern*> nodes;
      if (test) {
        for (BoundPatternPart& part : match.parts) {
          for (BoundNodePattern& node : part.nodes) {
            if (node.slot == test->slot) nodes.push_back(&node);
          }
        }
      }
      std::vector<std::vector<Label>> narrowed;
      for (const BoundNodePattern* node : nodes) {
        std::vector<Label> labels = test->labels;
        if (!node->labels.empty()) {
          std::erase_if(labels, [&](Label l) { return std::find(node->labels.begin(), node->labels.end(), l) == node->labels.end(); });
        }
        if (labels.empty()) break;
        narrowed.push_back(std::move(labels));
      }
      if (nodes.empty() || narrowed.size() != nodes.size()) {
        ++it;
        continue;
      }
      for (std::size_t i = 0; i < nodes.size(); ++i) nodes[i]->labels = std::move(narrowed[i]);
      it = conjuncts.erase(it);
    }
  }

  OperatorPtr plan_match(OperatorPtr op, BoundMatch& match, bool feeds_aggregate) {
    std::size_t rels = 0;
    for (const BoundPatternPart& part : match.parts) rels += part.rels.size();
    reach_ok_ = rels == 1;
    std::vector<ExprPtr> conjuncts;
    split_conjuncts(std::move(match.where), conjuncts);
    absorb_label_tests(match, conjuncts);
    if (!match.optional) return plan_parts(std::move(op), match, conjuncts, feeds_aggregate);
    OperatorPtr inner = plan_parts(make_once(), match, conjuncts, false);
    multiplied_ = true;
    return make_optional(std::move(op), std::move(inner), match.new_slots);
  }

  // Grouping by a node's qualified_name is grouping by the node when the
  // variable has one label (qualified names are unique per label). With
  // several labels (or none) it is too when groups come one by one (the
  // node is the outermost scan's): the rare group whose name a node of
  // another label shares is then merged by name (Aggregate's name_keys).
  void choose_group_keys(BoundProjection& p) {
    set_group_keys(p, true);
    const bool by_shared_names = std::any_of(p.name_keys.begin(), p.name_keys.end(), [](bool b) { return b; });
    if (by_shared_names && !p.clustered) set_group_keys(p, false);
  }

  void set_group_keys(BoundProjection& p, bool shared_names) {
    p.group_keys.clear();
    p.group_keys.resize(p.items.size());
    p.name_keys.assign(p.items.size(), false);
    bool identifies_outermost = false;
    bool within_outermost = outermost_ != kNoSlot;
    for (std::size_t i = 0; i < p.items.size(); ++i) {
      if (p.item_has_aggregate[i]) continue;
      const Expr& e = *p.items[i].expr;
      if (e.kind == ExprKind::Property && e.key == "qualified_name" && e.args[0]->kind == ExprKind::Variable) {
        const auto labels = node_labels_.find(e.args[0]->slot);
        const bool one_label = labels != node_labels_.end() && labels->second.size() == 1;
        if (one_label || (shared_names && labels != node_labels_.end())) {
          auto key = std::make_unique<Expr>();
          key->kind = ExprKind::Variable;
          key->slot = e.args[0]->slot;
          key->text = e.args[0]->text;
          p.group_keys[i] = std::move(key);
          p.name_keys[i] = !one_label;
        }
      }
      const Expr& key = p.group_keys[i] ? *p.group_keys[i] : e;
      if (key.kind == ExprKind::Variable && key.slot == outermost_) identifies_outermost = true;
      std::set<Slot> reads;
      collect_slots(key, reads);
      if (reads.size() > 1 || (reads.size() == 1 && *reads.begin() != outermost_)) within_outermost = false;
    }
    // Rows come clustered by the outermost scan's node: when a key is that
    // node and every other key depends on it alone, groups arrive one by one.
    p.clustered = identifies_outermost && within_outermost;
    p.singleton_groups = p.clustered && !multiplied_;
  }

  // With ORDER BY ... LIMIT, items nothing sorts on are computed for the
  // kept rows only. An item that is a sort key by itself (ORDER BY c DESC,
  // name) is left to the top-k, which computes it only for rows whose
  // earlier keys tie with the k-th best (`by_sort`); any other read of it
  // keeps it where it is.
  void choose_deferred(BoundProjection& p, std::vector<bool>& by_sort) {
    p.deferred.assign(p.items.size(), false);
    by_sort.assign(p.items.size(), false);
    if (!p.limit || p.order_by.empty() || p.distinct) return;
    std::set<Slot> sorted_on;       // read by a sort key in any other way
    std::set<Slot> whole_key;       // a sort key by itself
    for (const SortKey& key : p.order_by) {
      if (key.expr->kind == ExprKind::Variable) {
        whole_key.insert(key.expr->slot);
      } else {
        collect_slots(*key.expr, sorted_on);
      }
    }
    for (std::size_t i = 0; i < p.items.size(); ++i) {
      const Expr& e = *p.items[i].expr;
      if (p.item_has_aggregate[i] || e.kind == ExprKind::Variable || e.kind == ExprKind::Literal) continue;
      if (!p.group_keys.empty() && p.group_keys[i] == nullptr && !p.aggregates.empty()) continue;  // the key is the value
      if (sorted_on.count(p.items[i].slot) != 0) continue;
      p.deferred[i] = true;
      by_sort[i] = whole_key.count(p.items[i].slot) != 0;
    }
  }

  // ORDER BY a count of one hop per node DESC ... LIMIT k, straight over the
  // first part's scan of that node: counted by an ExpandCount and grouped by
  // the node (or its qualified_name), or a COUNT { } read off the CSR
  // (DegreeCount) per scanned row. The scan then yields only the nodes that
  // can make the top k (top_degrees.hpp) and the rows after it stay as they
  // are: same groups, same order, ties included.
  void top_degree_rewrite(BoundProjection& p, const Operator* input) {
    if (top_scan_.op == nullptr || !p.limit || p.order_by.empty() || p.distinct || !p.order_by[0].descending) return;
    const Expr& first = *p.order_by[0].expr;
    const ProjectionItem* counted = nullptr;
    for (const ProjectionItem& item : p.items) {
      if (first.kind == ExprKind::Variable && item.slot == first.slot) counted = &item;
    }
    if (counted == nullptr) return;
    TopDegreeSpec spec;
    spec.keep = static_cast<std::size_t>((p.skip ? p.skip->literal.as_int() : 0) + p.limit->literal.as_int());
    if (!p.aggregates.empty()) {
      const AggregateCall& call = p.aggregates[0];
      if (input != counted_hop_.op || p.aggregates.size() != 1 || call.kind != AggregateKind::CountStar ||
          counted->expr->kind != ExprKind::Aggregate || counted->expr->slot != call.slot) {
        return;
      }
      bool keyed = false;
      for (std::size_t i = 0; i < p.items.size(); ++i) {
        if (p.item_has_aggregate[i]) continue;
        const Expr& key = p.group_keys[i] ? *p.group_keys[i] : *p.items[i].expr;
        if (key.kind != ExprKind::Variable || key.slot != top_scan_.slot) return;
        keyed = true;
        if (p.name_keys[i]) spec.group_width = top_scan_.labels.empty() ? all_labels().size() : top_scan_.labels.size();
      }
      if (!keyed) return;
      spec.types = counted_hop_.spec.types;
      spec.direction = counted_hop_.spec.direction;
      spec.text = counted_hop_.spec.text;
      p.few_groups = true;
    } else {
      if (input != top_scan_.op || counted->expr->kind != ExprKind::PatternCount || !counted->expr->plan_writes_nothing) {
        return;
      }
      const auto degree = degree_pattern(*counted->expr);
      if (!degree || degree->near != top_scan_.slot || degree->far != kNoSlot) return;
      spec.types = degree->types;
      spec.direction = degree->direction;
      spec.near_labels = degree->near_labels;
      spec.zero_rows = true;
      spec.text = degree->text;
    }
    scan_top_degrees(*top_scan_.op, std::move(spec));
  }

  OperatorPtr plan_projection(OperatorPtr op, BoundProjection& p) {
    fresh_ = false;
    std::vector<std::string> names;
    for (ProjectionItem& item : p.items) {
      prepare(*item.expr);
      names.push_back(item.name);
    }
    for (AggregateCall& call : p.aggregates) {
      if (call.arg) prepare(*call.arg);
    }
    if (!p.aggregates.empty()) choose_group_keys(p);
    std::vector<bool> by_sort;
    choose_deferred(p, by_sort);
    const std::string text = fmt::format("{}", fmt::join(names, ", "));
    std::vector<ProjectItem> late;
    for (std::size_t i = 0; i < p.items.size(); ++i) {
      if (p.deferred[i] && !by_sort[i]) late.push_back({p.items[i].expr.get(), p.items[i].slot});
    }
    top_degree_rewrite(p, op.get());
    top_scan_ = {};
    counted_hop_ = {};
    Operator* batch_aggregate = nullptr;
    std::vector<ProjectItem> pending;  // a Project the batched top k may take over
    // DISTINCT without aggregates groups by every item: batched, it is an
    // aggregation with no aggregates (groups written in first-seen order, as
    // the row Distinct keeps first occurrences).
    OperatorPtr distinct_groups;
    bool distinct_done = false;
    if (p.aggregates.empty() && p.distinct && batched_) {
      distinct_groups = make_batch_aggregate(op, p, query_.slot_count, "DISTINCT " + text, nullptr, std::nullopt);
    }
    if (!p.aggregates.empty()) {
      OperatorPtr batched = batched_ ? make_batch_aggregate(op, p, query_.slot_count, text, nullptr, std::nullopt) : nullptr;
      batch_aggregate = batched.get();
      if (!batched) {
        std::set<Slot> reads;
        for (std::size_t i = 0; i < p.items.size(); ++i) {
          if (!p.item_has_aggregate[i]) collect_slots(*p.items[i].expr, reads);
        }
        for (const AggregateCall& call : p.aggregates) {
          if (call.arg) collect_slots(*call.arg, reads);
        }
        unbatch_for_rows(op, reads);
      }
      op = batched ? std::move(batched) : make_aggregate(std::move(op), p, text);
    } else if (distinct_groups) {
      batch_aggregate = distinct_groups.get();
      op = std::move(distinct_groups);
      distinct_done = true;
    } else {
      // DISTINCT over values computed from variables: rows with the same
      // variables give the same values, so they are dropped before computing them.
      if (p.distinct) {
        std::set<Slot> reads;
        bool all_variables = true;
        for (const ProjectionItem& item : p.items) {
          collect_slots(*item.expr, reads);
          all_variables = all_variables && item.expr->kind == ExprKind::Variable;
        }
        if (!all_variables && !reads.empty()) {
          unbatch_for_rows(op, reads);
          op = make_distinct(std::move(op), {reads.begin(), reads.end()});
        }
      }
      std::vector<ProjectItem> items;
      for (std::size_t i = 0; i < p.items.size(); ++i) {
        if (!p.deferred[i]) items.push_back({p.items[i].expr.get(), p.items[i].slot});
      }
      if (batched_ && !p.distinct && p.limit && !p.order_by.empty()) {
        pending = std::move(items);
      } else {
        bool counts_through = false;
        // A WITH of variables only stays a row Project whose form is an
        // alias: what reads its rows next (an aggregation, a top k, a
        // filter, an expansion) takes it into its own batch pipeline.
        const bool alias_only = !p.is_return && std::all_of(p.items.begin(), p.items.end(), [](const ProjectionItem& item) {
          return item.expr->kind == ExprKind::Variable;
        });
        // So does a WITH computing values whose rows the next projection
        // reads as they come: its items become columns of that pipeline.
        const bool read_next = !p.is_return && !p.distinct && !p.skip && !p.limit && p.order_by.empty() &&
                               next_clause_ != nullptr && next_clause_->kind == BoundClause::Kind::Projection;
        if (batched_ && !alias_only && !read_next) {
          // A scan's pipeline runs batched under the projection; with items
          // that cannot fail (reads of the pattern's variables and their
          // properties), rows past the caller's limit are only counted.
          std::set<Slot> reads;
          for (const ProjectItem& item : items) collect_slots(*item.expr, reads);
          if (OperatorPtr rows = make_unbatch(op, query_.slot_count, reads)) {
            op = std::move(rows);
            counts_through = std::all_of(items.begin(), items.end(), [](const ProjectItem& item) { return cannot_fail(*item.expr); });
          }
        }
        op = make_project(std::move(op), std::move(items), text, counts_through);
      }
    }
    outermost_ = kNoSlot;
    const auto labels_before = std::move(node_labels_);
    node_labels_.clear();
    bound_.clear();
    std::vector<Slot> slots;
    for (const ProjectionItem& item : p.items) {
      bound_.insert(item.slot);
      slots.push_back(item.slot);
      if (item.expr->kind == ExprKind::Variable) {
        const auto labels = labels_before.find(item.expr->slot);
        if (labels != labels_before.end()) node_labels_[item.slot] = labels->second;
      }
    }
    if (p.distinct && !distinct_done) op = make_distinct(std::move(op), slots);
    const std::size_t skip = p.skip ? static_cast<std::size_t>(p.skip->literal.as_int()) : 0;
    if (!p.order_by.empty()) {
      std::vector<SortSpec> keys;
      std::vector<std::string> texts;
      for (SortKey& key : p.order_by) {
        prepare(*key.expr);
        SortSpec spec{key.expr.get(), key.descending};
        for (std::size_t i = 0; i < p.items.size(); ++i) {
          if (by_sort[i] && key.expr->kind == ExprKind::Variable && key.expr->slot == p.items[i].slot) {
            spec = SortSpec{p.items[i].expr.get(), key.descending, p.items[i].slot};
          }
        }
        keys.push_back(spec);
        texts.push_back(key.expr->text + (key.descending ? " DESC" : ""));
      }
      std::optional<std::size_t> keep;
      if (p.limit) keep = skip + static_cast<std::size_t>(p.limit->literal.as_int());
      const std::string sort_text = fmt::format("{}", fmt::join(texts, ", "));
      OperatorPtr top;
      if (p.aggregates.empty() && batched_ && !p.distinct && keep) {
        top = make_batch_top(op, pending, keys, *keep, query_.slot_count, sort_text);
        if (!top) {
          // The items and the sort keys read the rows (keys that are items aside).
          std::set<Slot> reads;
          std::set<Slot> items;
          for (const ProjectItem& item : pending) {
            collect_slots(*item.expr, reads);
            items.insert(item.slot);
          }
          for (const SortSpec& key : keys) {
            std::set<Slot> key_reads;
            collect_slots(*key.expr, key_reads);
            for (const Slot s : key_reads) {
              if (items.count(s) == 0) reads.insert(s);
            }
          }
          unbatch_for_rows(op, reads);
          op = make_project(std::move(op), std::move(pending), text);
        }
      }
      if (batch_aggregate != nullptr && keep) batch_aggregate_keep_top(*batch_aggregate, keys, *keep);
      op = top ? std::move(top) : make_sort(std::move(op), std::move(keys), keep, sort_text);
    }
    if (p.skip) op = make_skip(std::move(op), skip);
    if (p.limit) op = make_limit(std::move(op), static_cast<std::size_t>(p.limit->literal.as_int()));
    if (!late.empty()) {
      std::vector<std::string> late_names;
      for (std::size_t i = 0; i < p.items.size(); ++i) {
        if (p.deferred[i] && !by_sort[i]) late_names.push_back(p.items[i].name);
      }
      op = make_project(std::move(op), std::move(late), fmt::format("{} (after LIMIT)", fmt::join(late_names, ", ")));
    }
    // Right after a batched aggregation, the groups are tested before rows are made of them.
    const bool on_groups = batch_aggregate != nullptr && !p.aggregates.empty() && !p.distinct &&
                           p.order_by.empty() && !p.skip && !p.limit && late.empty();
    if (on_groups && (!p.where || quiet_predicate(*p.where)) && order_free_after(p))
      batch_aggregate_any_order(*batch_aggregate);
    if (p.where) {
      prepare(*p.where);
      if (!(on_groups && batch_aggregate_filter(*batch_aggregate, p.where))) {
        collect_slots(*p.where, read_after_);  // read off the rows
        op = make_filter(std::move(op), std::move(p.where));
      }
    }
    if (batch_aggregate != nullptr && !p.aggregates.empty()) write_read_items(*batch_aggregate, p);
    return op;
  }

  // Whether a predicate never fails: comparisons (null when types differ),
  // null tests and their logic over variables and literals.
  static bool quiet_predicate(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Compare:
        return std::all_of(e.args.begin(), e.args.end(), [](const ExprPtr& arg) {
          return arg && (arg->kind == ExprKind::Variable || arg->kind == ExprKind::Literal);
        });
      case ExprKind::IsNull:
      case ExprKind::IsNotNull:
        return cannot_fail(*e.args[0]);
      case ExprKind::Not:
      case ExprKind::And:
      case ExprKind::Or:
      case ExprKind::Xor:
        return std::all_of(e.args.begin(), e.args.end(),
                           [](const ExprPtr& arg) { return arg && quiet_predicate(*arg); });
      default:
        return false;  // a bare variable or literal may be no boolean
    }
  }

  // Whether the rows of WITH `p` may come in any order: the clause after it
  // aggregates them into one row with functions whose result and errors
  // do not depend on the order (count, and min / max of p's counts, which
  // are integers: no two equal values tell apart).
  bool order_free_after(const BoundProjection& p) const {
    if (p.is_return || next_clause_ == nullptr ||
        next_clause_->kind != BoundClause::Kind::Projection)
      return false;
    const BoundProjection& next = next_clause_->projection;
    if (next.aggregates.empty()) return false;
    for (const bool aggregated : next.item_has_aggregate) {
      if (!aggregated) return false;
    }
    const auto is_count_item = [&](const Expr& arg) {
      if (arg.kind != ExprKind::Variable) return false;
      for (const ProjectionItem& item : p.items) {
        if (item.slot != arg.slot || item.expr->kind != ExprKind::Aggregate) continue;
        for (const AggregateCall& call : p.aggregates) {
          if (call.slot == item.expr->slot)
            return call.kind == AggregateKind::CountStar || call.kind == AggregateKind::Count;
        }
      }
      return false;
    };
    return std::all_of(next.aggregates.begin(), next.aggregates.end(),
                       [&](const AggregateCall& call) {
                         switch (call.kind) {
                           case AggregateKind::CountStar:
                             return true;
                           case AggregateKind::Count:
                             return cannot_fail(*call.arg);
                           case AggregateKind::Min:
                           case AggregateKind::Max:
                             return is_count_item(*call.arg);
                           default:
                             return false;
                         }
                       });
  }

  // A WITH's batched aggregation writes only the items read after it (by
  // its ORDER BY, a WHERE over its rows, the clauses after): a RETURN's
  // items are the answer, and DISTINCT compares whole rows.
  void write_read_items(Operator& aggregate, const BoundProjection& p) const {
    if (p.is_return || p.distinct) return;
    std::set<Slot> read = read_after_;
    for (const SortKey& key : p.order_by) collect_slots(*key.expr, read);
    std::vector<bool> item_read;
    std::vector<bool> quiet;
    for (const ProjectionItem& item : p.items) {
      item_read.push_back(read.count(item.slot) != 0);
      quiet.push_back(item.expr->kind == ExprKind::Aggregate || cannot_fail(*item.expr));
    }
    batch_aggregate_writes(aggregate, item_read, quiet);
  }

  BoundSingleQuery& query_;
  const GraphStore& store_;
  bool batched_ = true;
  std::set<Slot> bound_;
  std::map<Slot, std::vector<Label>> node_labels_;  // labels of node variables bound since the last projection
  std::set<Slot> read_after_;  // the slots the clauses after the projection being planned read
  const BoundClause* next_clause_ = nullptr;  // ... and the clause right after it
  std::set<Slot> read_next_;  // the slots the aggregation after the MATCH being planned reads
  const BoundProjection* next_projection_ = nullptr;  // that aggregation
  // While planning a MATCH whose rows matter only as a set: what the clauses after it read.
  std::optional<std::set<Slot>> distinct_reads_;
  bool reach_ok_ = false;     // the MATCH (or pattern predicate) being planned has one relationship
  Slot outermost_ = kNoSlot;  // the node of the pipeline's first scan, while rows stay clustered by it
  Slot last_anchor_ = kNoSlot;
  bool fresh_ = true;         // nothing planned yet but the leaf
  bool multiplied_ = false;   // some operator may have made several rows of one outermost node
  bool in_path_ = false;      // the part being planned has a path variable (its relationships are read)
  bool first_part_ = false;   // planning the first part of a query's first MATCH (nothing before it)
  // That part's scan, and a counted hop of its node right after it (top_degree_rewrite()).
  struct ScanRecord {
    Operator* op = nullptr;
    Slot slot = kNoSlot;
    std::vector<Label> labels;
  };
  struct HopRecord {
    const Operator* op = nullptr;
    ExpandSpec spec;
  };
  ScanRecord top_scan_;
  HopRecord counted_hop_;
};

}  // namespace

OperatorPtr plan_query(BoundSingleQuery& query, const GraphStore& store, bool batched) {
  return Planner(query, store, batched).plan();
}

}  // namespace trellis::cypher
