// The binder's working state (binder.hpp): the variables in scope, the row
// slots handed out so far, and where aggregates may appear. Clauses are
// bound in binder.cpp, patterns in pattern_binder.cpp, expressions in
// expression_binder.cpp. A semantic error unwinds as BindError and leaves
// bind() as an Error.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "binder/bound_query.hpp"
#include "trellis/cypher/ast/query.hpp"

namespace trellis::cypher {

struct BindError {
  Error error;
};

enum class VarKind { Node, Relationship, RelationshipList, Path, Value };

struct VarInfo {
  Slot slot = kNoSlot;
  VarKind kind = VarKind::Value;
  std::vector<Label> labels;    // Node: the labels it may have (empty: any)
  std::vector<RelType> types;   // Relationship(s): the types it may have (empty: any)
};

class Binder {
 public:
  Binder(const Parameters& parameters, const CypherOptions& options) : parameters_(parameters), options_(options) {}

  BoundQuery bind_statement(const ast::Statement& statement);

  // pattern_binder.cpp
  BoundPatternPart bind_part(const ast::PatternPart& part, bool in_predicate, ExprPtr& extra_where);
  // expression_binder.cpp
  ExprPtr bind_expr(const ast::Expression& expression);

 private:
  BoundSingleQuery bind_single(const ast::SingleQuery& query);
  void bind_match(const ast::Match& match, BoundSingleQuery& out);
  void bind_unwind(const ast::Unwind& unwind, BoundSingleQuery& out);
  void bind_projection(const ast::Projection& projection, const std::optional<ast::Expression>& where, bool is_return,
                       const ast::SourcePosition& position, BoundSingleQuery& out);
  std::size_t constant_count(const ast::Expression& expression, std::string_view clause);

  BoundNodePattern bind_node(const ast::NodePattern& node, bool in_predicate, ExprPtr& extra_where);
  BoundRelPattern bind_rel(const ast::RelationshipPattern& rel, bool in_predicate, ExprPtr& extra_where);
  // `{k: v}` on a pattern element as `slot.k = v` predicates.
  ExprPtr bind_properties(const ast::Expression& map, const VarInfo& owner, const std::string& name);
  std::vector<Label> resolve_labels(const ast::LabelExpression& labels, bool& impossible);

  ExprPtr bind_function(const ast::FunctionCall& call, const ast::Expression& whole);
  ExprPtr bind_subquery(const ast::PatternSubquery& subquery);
  void check_property(const VarInfo& owner, const ast::Name& key);

 public:
  [[noreturn]] static void semantic(std::string message, const ast::SourcePosition& at,
                                    std::vector<std::string> suggestions = {});
  [[noreturn]] static void invalid(std::string message);
  Slot new_slot() { return slot_count_++; }
  std::vector<std::string> scope_names() const;
  const Value& parameter(const std::string& name) const;

  std::map<std::string, VarInfo> scope_;
  std::size_t slot_count_ = 0;
  std::vector<Slot>* new_slots_ = nullptr;            // a MATCH records the slots it introduces
  std::vector<AggregateCall>* aggregates_ = nullptr;  // non-null where aggregates may appear
  std::vector<std::string> aggregate_keys_;           // sexpr of each aggregate, to share repeats
  bool in_aggregate_ = false;
  const Parameters& parameters_;
  const CypherOptions& options_;
};

// Conjunction of two optional predicates.
ExprPtr and_of(ExprPtr a, ExprPtr b);

}  // namespace trellis::cypher
