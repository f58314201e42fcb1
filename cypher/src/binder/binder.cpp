#include "binder/binder.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "binder/binder_state.hpp"
#include "trellis/common/suggestions.hpp"
#include "trellis/cypher/ast/printer.hpp"

namespace trellis::cypher {
namespace {

// Whether `e` reads an aggregate. A repeated aggregate (count(*) + 1 after
// count(*) AS a) reuses the first one's slot and adds no AggregateCall, so
// the number of calls alone does not tell.
bool reads_aggregate(const Expr& e) {
  if (e.kind == ExprKind::Aggregate) return true;
  return std::any_of(e.args.begin(), e.args.end(), [](const ExprPtr& arg) { return arg && reads_aggregate(*arg); });
}

}  // namespace

void Binder::semantic(std::string message, const ast::SourcePosition& at, std::vector<std::string> suggestions) {
  Error error = make_error(ErrorCode::CypherSemanticError,
                           fmt::format("{} (line {}, column {})", message, at.line, at.column));
  error.suggestions = std::move(suggestions);
  error.position = TextPosition{at.line, at.column};
  throw BindError{std::move(error)};
}

void Binder::invalid(std::string message) { throw BindError{make_error(ErrorCode::InvalidArgument, std::move(message))}; }

std::vector<std::string> Binder::scope_names() const {
  std::vector<std::string> names;
  for (const auto& [name, info] : scope_) names.push_back(name);
  return names;
}

const Value& Binder::parameter(const std::string& name) const {
  for (const auto& [key, value] : parameters_) {
    if (key == name) return value;
  }
  std::vector<std::string> known;
  for (const auto& [key, value] : parameters_) known.push_back(key);
  Error error = make_error(ErrorCode::InvalidArgument, fmt::format("Missing parameter ${}", name));
  error.suggestions = suggest(name, known);
  throw BindError{std::move(error)};
}

void Binder::bind_match(const ast::Match& match, BoundSingleQuery& out) {
  BoundClause clause;
  clause.kind = BoundClause::Kind::Match;
  clause.match.optional = match.optional;
  new_slots_ = &clause.match.new_slots;
  ExprPtr where;
  for (const ast::PatternPart& part : match.pattern.parts) clause.match.parts.push_back(bind_part(part, false, where));
  if (match.where) where = and_of(std::move(where), bind_expr(*match.where));
  new_slots_ = nullptr;
  clause.match.where = std::move(where);
  out.clauses.push_back(std::move(clause));
}

void Binder::bind_unwind(const ast::Unwind& unwind, BoundSingleQuery& out) {
  BoundClause clause;
  clause.kind = BoundClause::Kind::Unwind;
  clause.unwind.list = bind_expr(unwind.list);
  clause.unwind.slot = new_slot();
  scope_[unwind.alias.text] = VarInfo{clause.unwind.slot, VarKind::Value, {}, {}};
  out.clauses.push_back(std::move(clause));
}

std::size_t Binder::constant_count(const ast::Expression& expression, std::string_view clause) {
  const auto saved = std::move(scope_);
  scope_.clear();
  ExprPtr e = bind_expr(expression);
  scope_ = saved;
  if (e->kind != ExprKind::Literal || e->literal.kind() != ValueKind::Int || e->literal.as_int() < 0) {
    invalid(fmt::format("{} takes a non-negative integer, not '{}'", clause, e->text));
  }
  return static_cast<std::size_t>(e->literal.as_int());
}

void Binder::bind_projection(const ast::Projection& projection, const std::optional<ast::Expression>& where,
                             bool is_return, const ast::SourcePosition& position, BoundSingleQuery& out) {
  BoundClause clause;
  clause.kind = BoundClause::Kind::Projection;
  BoundProjection& p = clause.projection;
  p.is_return = is_return;
  p.distinct = projection.distinct;
  aggregates_ = &p.aggregates;
  aggregate_keys_.clear();
  std::map<std::string, VarInfo> next_scope;
  std::vector<std::string> item_keys;  // sexpr per item, to match ORDER BY expressions
  const auto add_item = [&](ExprPtr expr, std::string name, const ast::SourcePosition& at, VarInfo info,
                            std::string key) {
    if (next_scope.count(name) != 0) semantic(fmt::format("Column '{}' is defined twice", name), at);
    info.slot = new_slot();
    next_scope[name] = info;
    p.items.push_back(ProjectionItem{std::move(expr), info.slot, name});
    item_keys.push_back(std::move(key));
  };
  if (projection.star) {
    if (scope_.empty()) semantic("RETURN * / WITH * need variables in scope", position);
    for (const auto& [name, info] : scope_) {
      auto e = std::make_unique<Expr>();
      e->kind = ExprKind::Variable;
      e->slot = info.slot;
      e->text = name;
      p.item_has_aggregate.push_back(false);
      add_item(std::move(e), name, position, info, "(var " + name + ")");
    }
  }
  for (const ast::ProjectionItem& item : projection.items) {
    const std::size_t before = p.aggregates.size();
    ExprPtr e = bind_expr(item.expression);
    p.item_has_aggregate.push_back(p.aggregates.size() != before || reads_aggregate(*e));
    VarInfo info;
    if (const auto* var = std::get_if<ast::Variable>(&item.expression.node)) info = scope_.at(var->name);
    if (!is_return && !item.alias && info.slot == kNoSlot) {
      semantic(fmt::format("Expression '{}' in WITH must be aliased (use AS)", item.text), item.expression.position);
    }
    info.slot = kNoSlot;
    add_item(std::move(e), std::string(item.column_name()), item.expression.position, info, ast::to_sexpr(item.expression));
  }
  const bool aggregating = !p.aggregates.empty();
  // ORDER BY sees the projected names and, unless the projection aggregates
  // or is DISTINCT, the variables before it too.
  std::map<std::string, VarInfo> order_scope = (aggregating || p.distinct) ? std::map<std::string, VarInfo>() : scope_;
  for (const auto& [name, info] : next_scope) order_scope[name] = info;
  std::swap(scope_, order_scope);
  if (!aggregating) aggregates_ = nullptr;
  for (const ast::SortItem& sort : projection.order_by) {
    const std::string key = ast::to_sexpr(sort.expression);
    ExprPtr e;
    for (std::size_t i = 0; i < item_keys.size(); ++i) {
      if (item_keys[i] == key) {
        e = std::make_unique<Expr>();
        e->kind = ExprKind::Variable;
        e->slot = p.items[i].slot;
        e->text = p.items[i].name;
      }
    }
    if (!e) e = bind_expr(sort.expression);
    p.order_by.push_back(SortKey{std::move(e), sort.descending});
  }
  aggregates_ = nullptr;
  std::swap(scope_, order_scope);
  if (projection.skip) {
    auto e = std::make_unique<Expr>();
    e->literal = static_cast<std::int64_t>(constant_count(*projection.skip, "SKIP"));
    p.skip = std::move(e);
  }
  if (projection.limit) {
    auto e = std::make_unique<Expr>();
    e->literal = static_cast<std::int64_t>(constant_count(*projection.limit, "LIMIT"));
    p.limit = std::move(e);
  }
  scope_ = std::move(next_scope);
  if (where) p.where = bind_expr(*where);
  if (is_return) {
    for (const ProjectionItem& item : p.items) {
      out.columns.push_back(item.name);
      out.column_slots.push_back(item.slot);
    }
  }
  out.clauses.push_back(std::move(clause));
}

BoundSingleQuery Binder::bind_single(const ast::SingleQuery& query) {
  BoundSingleQuery out;
  scope_.clear();
  slot_count_ = 0;
  for (const ast::Clause& clause : query.clauses) {
    std::visit(
        [&](const auto& c) {
          using T = std::decay_t<decltype(c)>;
          if constexpr (std::is_same_v<T, ast::Match>) {
            bind_match(c, out);
          } else if constexpr (std::is_same_v<T, ast::Unwind>) {
            bind_unwind(c, out);
          } else if constexpr (std::is_same_v<T, ast::With>) {
            bind_projection(c.projection, c.where, false, c.position, out);
          } else if constexpr (std::is_same_v<T, ast::Return>) {
            bind_projection(c.projection, std::nullopt, true, c.position, out);
          } else {
            throw BindError{make_error(ErrorCode::ReadOnly,
                                       fmt::format("{} is a write clause; expert mode is read-only", ast::to_string(c.kind)))};
          }
        },
        clause);
  }
  if (out.columns.empty()) semantic("A query must end with RETURN", ast::SourcePosition{});
  out.slot_count = slot_count_;
  return out;
}

BoundQuery Binder::bind_statement(const ast::Statement& statement) {
  BoundQuery out;
  switch (statement.mode) {
    case ast::QueryMode::Run: out.mode = QueryMode::Run; break;
    case ast::QueryMode::Explain: out.mode = QueryMode::Explain; break;
    case ast::QueryMode::Profile: out.mode = QueryMode::Profile; break;
  }
  out.queries.push_back(bind_single(statement.query.first));
  for (std::size_t i = 0; i < statement.query.unions.size(); ++i) {
    const ast::UnionPart& part = statement.query.unions[i];
    if (i == 0) {
      out.union_all = part.all;
    } else if (part.all != out.union_all) {
      semantic("UNION and UNION ALL cannot be mixed in one query", ast::SourcePosition{});
    }
    out.queries.push_back(bind_single(part.query));
    if (out.queries.back().columns != out.queries.front().columns) {
      semantic(fmt::format("All parts of a UNION must return the same columns ({} vs {})",
                           fmt::join(out.queries.front().columns, ", "), fmt::join(out.queries.back().columns, ", ")),
               ast::SourcePosition{});
    }
  }
  return out;
}

Result<BoundQuery> bind(const ast::Statement& statement, const Parameters& parameters, const CypherOptions& options) {
  try {
    Binder binder(parameters, options);
    return binder.bind_statement(statement);
  } catch (BindError& error) {
    return std::move(error.error);
  }
}

}  // namespace trellis::cypher
