// What the binder hands the planner: a query whose names are resolved.
// Variables are slots in one row per single query; labels, relationship
// types and functions are schema and registry entries; parameters are
// substituted as literals. Nothing here refers to query text any more,
// except names kept for messages and EXPLAIN.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "functions/function_registry.hpp"
#include "value/graph_access.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/value/value.hpp"
#include "trellis/store/schema.hpp"

namespace re2 {
class RE2;
}

namespace trellis::cypher {

class Operator;
struct BoundPatternPart;

using Slot = std::size_t;
inline constexpr Slot kNoSlot = static_cast<Slot>(-1);

enum class ExprKind {
  Literal,
  Variable,        // slot
  Property,        // args[0].key
  HasLabels,       // args[0] has one of labels
  Not,
  Negate,
  And,
  Or,
  Xor,
  Compare,         // op: = <> < <= > >=
  Arithmetic,      // op: + - * / % ^
  IsNull,
  IsNotNull,
  In,
  StartsWith,
  EndsWith,
  Contains,
  Regex,
  Function,        // function(args)
  Aggregate,       // read from slot after aggregation
  Case,            // args: [subject?] (when, then)* [else?]
  ListLiteral,
  MapLiteral,      // keys[i] -> args[i]
  Index,           // args[0][args[1]]
  Slice,           // args[0][args[1]..args[2]] (either may be null literal: absent)
  Comprehension,   // [slot IN args[0] WHERE args[1] | args[2]]
  PatternExists,   // pattern: any match from the current row (args[0]: its predicate, if any)
  PatternCount,    // pattern: how many matches from the current row (COUNT { ... })
};

enum class AggregateKind { CountStar, Count, Collect, Sum, Avg, Min, Max };

struct Expr {
  ExprKind kind = ExprKind::Literal;
  std::string op;                  // Compare / Arithmetic operator
  Value literal;                   // Literal
  Slot slot = kNoSlot;             // Variable, Aggregate, Comprehension
  std::string key;                 // Property
  PropertyKey property;            // Property: `key` resolved against the schema (resolve_property)
  std::vector<std::string> keys;   // MapLiteral
  std::vector<Label> labels;       // HasLabels
  bool any_label = false;          // HasLabels: one of `labels` (a pattern's :A|B), not all of them
  std::vector<std::unique_ptr<Expr>> args;
  const FunctionDef* function = nullptr;
  bool has_subject = false;        // Case: args[0] is the subject
  bool has_else = false;           // Case: last arg is ELSE
  bool has_where = false;          // Comprehension
  bool has_map = false;            // Comprehension
  std::shared_ptr<re2::RE2> regex; // Regex with a literal pattern, compiled once
  std::shared_ptr<BoundPatternPart> pattern;  // PatternExists, PatternCount
  std::shared_ptr<Operator> plan;             // PatternExists, PatternCount: built by the planner
  // The plan writes no slot and yields rows weighted by their count
  // (DegreeCount): evaluated without saving the row.
  bool plan_writes_nothing = false;
  std::string text;                // the source text, for column names and EXPLAIN
};
using ExprPtr = std::unique_ptr<Expr>;

enum class Direction { Out, In, Both };

// Property maps of patterns ({k: v}) become predicates of the MATCH's
// WHERE (`n.k = v`), where the planner finds index lookups among them.
struct BoundNodePattern {
  Slot slot = kNoSlot;  // always set (anonymous nodes get a hidden slot)
  std::string name;           // empty when anonymous
  std::vector<Label> labels;  // any of (empty: every label)
  bool local = false;         // introduced by a pattern subquery (COUNT / EXISTS { ... }), visible only there
};

struct BoundRelPattern {
  Slot slot = kNoSlot;        // always set (anonymous relationships get a hidden slot)
  Slot segment = kNoSlot;     // variable length: the walked nodes and edges as a path
  std::string name;
  std::vector<RelType> types;  // any of (empty: every type)
  Direction direction = Direction::Out;
  bool variable_length = false;
  std::size_t min_hops = 1;
  std::size_t max_hops = 1;
};

enum class PathKind { Plain, Shortest, AllShortest };

struct BoundPatternPart {
  Slot path_slot = kNoSlot;
  PathKind kind = PathKind::Plain;
  std::vector<BoundNodePattern> nodes;  // nodes.size() == rels.size() + 1
  std::vector<BoundRelPattern> rels;
};

struct BoundMatch {
  bool optional = false;
  std::vector<BoundPatternPart> parts;
  ExprPtr where;
  std::vector<Slot> new_slots;  // set to null when an OPTIONAL MATCH finds nothing
};

struct BoundUnwind {
  ExprPtr list;
  Slot slot = kNoSlot;
};

struct ProjectionItem {
  ExprPtr expr;
  Slot slot = kNoSlot;
  std::string name;
};

struct AggregateCall {
  AggregateKind kind = AggregateKind::CountStar;
  bool distinct = false;
  ExprPtr arg;          // null for count(*)
  Slot slot = kNoSlot;  // where the result goes
  std::string text;
};

struct SortKey {
  ExprPtr expr;
  bool descending = false;
};

struct BoundProjection {
  bool is_return = false;
  bool distinct = false;
  std::vector<ProjectionItem> items;
  std::vector<AggregateCall> aggregates;  // non-empty: the items without aggregates are the grouping keys
  std::vector<bool> item_has_aggregate;
  std::vector<SortKey> order_by;
  ExprPtr skip;
  ExprPtr limit;
  ExprPtr where;  // WITH ... WHERE

  // Planner decisions (planner.cpp), one entry per item:
  // group by this expression instead of the item's value (a node instead of
  // its qualified_name, which is unique within its one label); null: the item.
  std::vector<ExprPtr> group_keys;
  // Moreover the node stands for its qualified_name, which a node of another
  // label may share (the variable may have several labels): a group whose
  // node's name is shared is merged by name before it is written.
  std::vector<bool> name_keys;
  // computed only after ORDER BY / SKIP / LIMIT (nothing before reads it).
  std::vector<bool> deferred;
  // The input arrives grouped by the keys (they are the outermost scan's
  // node): aggregate group by group without a hash table.
  bool clustered = false;
  // Moreover each input row is its own group (nothing multiplied the rows of
  // the outermost scan): aggregate row by row, nothing held.
  bool singleton_groups = false;
  // Few rows reach the aggregation (a top-degree scan kept them): whether a
  // node's name is shared is looked up by name per group rather than by
  // marking every shared name of the store once (GraphStore::qualified_name_shared).
  bool few_groups = false;
};

struct BoundClause {
  enum class Kind { Match, Unwind, Projection } kind = Kind::Match;
  BoundMatch match;
  BoundUnwind unwind;
  BoundProjection projection;
};

struct BoundSingleQuery {
  std::vector<BoundClause> clauses;  // ends with the RETURN projection
  std::size_t slot_count = 0;
  std::vector<std::string> columns;
  std::vector<Slot> column_slots;
};

struct BoundQuery {
  QueryMode mode = QueryMode::Run;
  std::vector<BoundSingleQuery> queries;  // UNION branches, in order
  bool union_all = false;                 // UNION ALL (every branch) vs UNION
};

}  // namespace trellis::cypher
