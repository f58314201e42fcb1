#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "binder/binder_state.hpp"
#include "trellis/common/suggestions.hpp"
#include "trellis/cypher/ast/printer.hpp"
#include "trellis/cypher/value/value_text.hpp"

namespace trellis::cypher {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

ExprPtr make(ExprKind kind, std::string text) {
  auto e = std::make_unique<Expr>();
  e->kind = kind;
  e->text = std::move(text);
  return e;
}

// A bound pattern as Cypher text, for EXPLAIN and column names:
// (f)-[:CALLS*1..3]->(:Method). Property maps are not repeated: they are
// predicates of the pattern's subplan, which EXPLAIN shows under it.
std::string pattern_text(const BoundPatternPart& part) {
  const auto node = [](const BoundNodePattern& n) {
    std::vector<std::string_view> labels;
    for (const Label l : n.labels) labels.push_back(to_string(l));
    return fmt::format("({}{}{})", n.name, labels.empty() ? "" : ":", fmt::join(labels, "|"));
  };
  std::string out = node(part.nodes[0]);
  for (std::size_t i = 0; i < part.rels.size(); ++i) {
    const BoundRelPattern& rel = part.rels[i];
    std::vector<std::string_view> types;
    for (const RelType t : rel.types) types.push_back(to_string(t));
    std::string body = fmt::format("{}{}{}", rel.name, types.empty() ? "" : ":", fmt::join(types, "|"));
    if (rel.variable_length) body += fmt::format("*{}..{}", rel.min_hops, rel.max_hops);
    out += fmt::format("{}{}{}{}", rel.direction == Direction::In ? "<-" : "-", body.empty() ? "" : "[" + body + "]",
                       rel.direction == Direction::Out ? "->" : "-", node(part.nodes[i + 1]));
  }
  return out;
}

ExprPtr literal(Value value, std::string text) {
  auto e = make(ExprKind::Literal, std::move(text));
  e->literal = std::move(value);
  return e;
}

std::string_view binary_text(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Or: return "OR";
    case ast::BinaryOp::Xor: return "XOR";
    case ast::BinaryOp::And: return "AND";
    case ast::BinaryOp::Add: return "+";
    case ast::BinaryOp::Subtract: return "-";
    case ast::BinaryOp::Multiply: return "*";
    case ast::BinaryOp::Divide: return "/";
    case ast::BinaryOp::Modulo: return "%";
    case ast::BinaryOp::Power: return "^";
    case ast::BinaryOp::In: return "IN";
    case ast::BinaryOp::StartsWith: return "STARTS WITH";
    case ast::BinaryOp::EndsWith: return "ENDS WITH";
    case ast::BinaryOp::Contains: return "CONTAINS";
    case ast::BinaryOp::RegexMatch: return "=~";
  }
  return "?";
}

std::string_view comparison_text(ast::ComparisonOp op) {
  switch (op) {
    case ast::ComparisonOp::Equal: return "=";
    case ast::ComparisonOp::NotEqual: return "<>";
    case ast::ComparisonOp::Less: return "<";
    case ast::ComparisonOp::LessEqual: return "<=";
    case ast::ComparisonOp::Greater: return ">";
    case ast::ComparisonOp::GreaterEqual: return ">=";
  }
  return "=";
}

std::optional<AggregateKind> aggregate_kind(const std::string& name, bool star) {
  if (name == "count") return star ? AggregateKind::CountStar : AggregateKind::Count;
  if (name == "collect") return AggregateKind::Collect;
  if (name == "sum") return AggregateKind::Sum;
  if (name == "avg") return AggregateKind::Avg;
  if (name == "min") return AggregateKind::Min;
  if (name == "max") return AggregateKind::Max;
  return std::nullopt;
}

}  // namespace

ExprPtr and_of(ExprPtr a, ExprPtr b) {
  if (!a) return b;
  if (!b) return a;
  auto e = make(ExprKind::And, a->text + " AND " + b->text);
  e->args.push_back(std::move(a));
  e->args.push_back(std::move(b));
  return e;
}

void Binder::check_property(const VarInfo& owner, const ast::Name& key) {
  std::vector<std::string> known;
  if (owner.kind == VarKind::Node) {
    known = {"qualified_name", "name"};
    for (const LabelDef& def : all_labels()) {
      if (!owner.labels.empty() && std::find(owner.labels.begin(), owner.labels.end(), def.label) == owner.labels.end())
        continue;
      for (const PropertyDef& p : def.properties) known.emplace_back(p.name);
    }
  } else if (owner.kind == VarKind::Relationship) {
    for (const RelTypeDef& def : all_rel_types()) {
      if (!owner.types.empty() && std::find(owner.types.begin(), owner.types.end(), def.type) == owner.types.end())
        continue;
      for (const PropertyDef& p : def.properties) known.emplace_back(p.name);
    }
  } else {
    return;
  }
  if (std::find(known.begin(), known.end(), key.text) != known.end()) return;
  std::string owner_text;
  if (owner.kind == VarKind::Node && !owner.labels.empty()) {
    std::vector<std::string_view> names;
    for (const Label l : owner.labels) names.push_back(to_string(l));
    owner_text = fmt::format(" on {}", fmt::join(names, "|"));
  } else if (owner.kind == VarKind::Relationship && !owner.types.empty()) {
    std::vector<std::string_view> names;
    for (const RelType t : owner.types) names.push_back(to_string(t));
    owner_text = fmt::format(" on {}", fmt::join(names, "|"));
  }
  semantic(fmt::format("Unknown property '{}'{}", key.text, owner_text), key.position, suggest(key.text, known));
}

ExprPtr Binder::bind_function(const ast::FunctionCall& call, const ast::Expression& whole) {
  const std::string name = lower(call.name);
  if (const auto kind = aggregate_kind(name, call.star)) {
    if (aggregates_ == nullptr) {
      semantic(fmt::format("Aggregate function {}() is only allowed in WITH, RETURN and ORDER BY", call.name),
               whole.position);
    }
    if (in_aggregate_) semantic(fmt::format("Aggregate function {}() cannot be nested in another aggregate", call.name), whole.position);
    if (!call.star && call.args.size() != 1) {
      semantic(fmt::format("{}() takes exactly one argument", call.name), whole.position);
    }
    const std::string key = ast::to_sexpr(whole);
    for (std::size_t i = 0; i < aggregate_keys_.size(); ++i) {
      if (aggregate_keys_[i] == key) {
        auto e = make(ExprKind::Aggregate, (*aggregates_)[i].text);
        e->slot = (*aggregates_)[i].slot;
        return e;
      }
    }
    AggregateCall aggregate;
    aggregate.kind = *kind;
    aggregate.distinct = call.distinct;
    if (!call.star) {
      in_aggregate_ = true;
      aggregate.arg = bind_expr(call.args[0]);
      in_aggregate_ = false;
    }
    aggregate.slot = new_slot();
    aggregate.text = call.star ? "count(*)"
                               : fmt::format("{}({}{})", name, call.distinct ? "DISTINCT " : "", aggregate.arg->text);
    auto e = make(ExprKind::Aggregate, aggregate.text);
    e->slot = aggregate.slot;
    aggregates_->push_back(std::move(aggregate));
    aggregate_keys_.push_back(key);
    return e;
  }
  if (name == "exists" && call.args.size() == 1) {
    const auto& arg = call.args[0];
    if (std::holds_alternative<ast::PatternPredicate>(arg.node)) return bind_expr(arg);
    if (std::holds_alternative<ast::PropertyAccess>(arg.node)) {
      auto inner = bind_expr(arg);
      auto e = make(ExprKind::IsNotNull, "exists(" + inner->text + ")");
      e->args.push_back(std::move(inner));
      return e;
    }
    semantic("exists() takes a pattern or a property", whole.position);
  }
  if (call.star || call.distinct) semantic(fmt::format("{}() is not an aggregate function", call.name), whole.position);
  const FunctionDef* def = find_function(call.name);
  if (def == nullptr) {
    semantic(fmt::format("Unknown function '{}'", call.name), whole.position, suggest(call.name, function_names()));
  }
  if (call.args.size() < def->min_args || call.args.size() > def->max_args) {
    const std::string arity = def->min_args == def->max_args ? std::to_string(def->min_args)
                                                              : fmt::format("{} to {}", def->min_args, def->max_args);
    semantic(fmt::format("{}() takes {} argument{}, not {}", def->name, arity, def->max_args == 1 ? "" : "s",
                         call.args.size()),
             whole.position);
  }
  auto e = make(ExprKind::Function, "");
  e->function = def;
  std::vector<std::string> texts;
  for (const auto& arg : call.args) {
    e->args.push_back(bind_expr(arg));
    texts.push_back(e->args.back()->text);
  }
  e->text = fmt::format("{}({})", def->name, fmt::join(texts, ", "));
  return e;
}

ExprPtr Binder::bind_expr(const ast::Expression& expression) {
  using namespace ast;
  return std::visit(
      [&](const auto& node) -> ExprPtr {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, NullLiteral>) {
          return literal(Value(), "null");
        } else if constexpr (std::is_same_v<T, BoolLiteral>) {
          return literal(node.value, node.value ? "true" : "false");
        } else if constexpr (std::is_same_v<T, IntLiteral>) {
          return literal(node.value, std::to_string(node.value));
        } else if constexpr (std::is_same_v<T, FloatLiteral>) {
          return literal(node.value, float_text(node.value));
        } else if constexpr (std::is_same_v<T, StringLiteral>) {
          return literal(node.value, fmt::format("'{}'", node.value));
        } else if constexpr (std::is_same_v<T, ListLiteral>) {
          auto e = make(ExprKind::ListLiteral, "");
          std::vector<std::string> texts;
          for (const auto& item : node.items) {
            e->args.push_back(bind_expr(item));
            texts.push_back(e->args.back()->text);
          }
          e->text = fmt::format("[{}]", fmt::join(texts, ", "));
          return e;
        } else if constexpr (std::is_same_v<T, MapLiteral>) {
          auto e = make(ExprKind::MapLiteral, "");
          std::vector<std::string> texts;
          for (const auto& entry : node.entries) {
            e->keys.push_back(entry.key.text);
            e->args.push_back(bind_expr(entry.value));
            texts.push_back(entry.key.text + ": " + e->args.back()->text);
          }
          e->text = fmt::format("{{{}}}", fmt::join(texts, ", "));
          return e;
        } else if constexpr (std::is_same_v<T, Parameter>) {
          const Value& value = parameter(node.name);
          auto e = literal(value, "$" + node.name);
          return e;
        } else if constexpr (std::is_same_v<T, Variable>) {
          const auto it = scope_.find(node.name);
          if (it == scope_.end()) {
            semantic(fmt::format("Variable '{}' is not defined", node.name), expression.position,
                     suggest(node.name, scope_names()));
          }
          auto e = make(ExprKind::Variable, node.name);
          e->slot = it->second.slot;
          return e;
        } else if constexpr (std::is_same_v<T, PropertyAccess>) {
          if (const auto* var = std::get_if<Variable>(&node.object->node)) {
            const auto it = scope_.find(var->name);
            if (it != scope_.end()) check_property(it->second, node.key);
          }
          auto object = bind_expr(*node.object);
          auto e = make(ExprKind::Property, object->text + "." + node.key.text);
          e->key = node.key.text;
          e->property = resolve_property(node.key.text);
          e->args.push_back(std::move(object));
          return e;
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          return bind_function(node, expression);
        } else if constexpr (std::is_same_v<T, UnaryExpression>) {
          auto operand = bind_expr(*node.operand);
          if (node.op == UnaryOp::Plus) return operand;
          const bool is_not = node.op == UnaryOp::Not;
          auto e = make(is_not ? ExprKind::Not : ExprKind::Negate, (is_not ? "NOT " : "-") + operand->text);
          e->args.push_back(std::move(operand));
          return e;
        } else if constexpr (std::is_same_v<T, BinaryExpression>) {
          auto left = bind_expr(*node.left);
          auto right = bind_expr(*node.right);
          ExprKind kind = ExprKind::Arithmetic;
          switch (node.op) {
            case BinaryOp::Or: kind = ExprKind::Or; break;
            case BinaryOp::Xor: kind = ExprKind::Xor; break;
            case BinaryOp::And: kind = ExprKind::And; break;
            case BinaryOp::In: kind = ExprKind::In; break;
            case BinaryOp::StartsWith: kind = ExprKind::StartsWith; break;
            case BinaryOp::EndsWith: kind = ExprKind::EndsWith; break;
            case BinaryOp::Contains: kind = ExprKind::Contains; break;
            case BinaryOp::RegexMatch: kind = ExprKind::Regex; break;
            default: break;
          }
          auto e = make(kind, fmt::format("{} {} {}", left->text, binary_text(node.op), right->text));
          e->op = std::string(binary_text(node.op));
          if (kind == ExprKind::Regex && right->kind == ExprKind::Literal && right->literal.kind() == ValueKind::String) {
            auto compiled = std::make_shared<re2::RE2>(right->literal.as_string(), re2::RE2::Quiet);
            if (!compiled->ok()) {
              invalid(fmt::format("Invalid regular expression '{}': {}", right->literal.as_string(), compiled->error()));
            }
            e->regex = std::move(compiled);
          }
          e->args.push_back(std::move(left));
          e->args.push_back(std::move(right));
          return e;
        } else if constexpr (std::is_same_v<T, Comparison>) {
          auto e = make(ExprKind::Compare, "");
          e->args.push_back(bind_expr(*node.first));
          std::string text = e->args[0]->text;
          std::vector<std::string> ops;
          for (const auto& link : node.links) {
            e->args.push_back(bind_expr(link.operand));
            ops.emplace_back(comparison_text(link.op));
            text += fmt::format(" {} {}", comparison_text(link.op), e->args.back()->text);
          }
          e->op = fmt::format("{}", fmt::join(ops, " "));
          e->text = std::move(text);
          return e;
        } else if constexpr (std::is_same_v<T, IsNull>) {
          auto operand = bind_expr(*node.operand);
          auto e = make(node.negated ? ExprKind::IsNotNull : ExprKind::IsNull,
                        operand->text + (node.negated ? " IS NOT NULL" : " IS NULL"));
          e->args.push_back(std::move(operand));
          return e;
        } else if constexpr (std::is_same_v<T, LabelPredicate>) {
          auto operand = bind_expr(*node.operand);
          auto e = make(ExprKind::HasLabels, operand->text);
          for (const auto& name : node.labels) {
            const auto label = label_from_string(name.text);
            if (!label) {
              std::vector<std::string> known;
              for (const LabelDef& def : all_labels()) known.emplace_back(def.name);
              semantic(fmt::format("Unknown label '{}'", name.text), name.position, suggest(name.text, known));
            }
            e->labels.push_back(*label);
            e->text += ":" + name.text;
          }
          e->args.push_back(std::move(operand));
          return e;
        } else if constexpr (std::is_same_v<T, CaseExpression>) {
          auto e = make(ExprKind::Case, "CASE ... END");
          if (node.subject) {
            e->has_subject = true;
            e->args.push_back(bind_expr(**node.subject));
          }
          for (const auto& alternative : node.alternatives) {
            e->args.push_back(bind_expr(alternative.when));
            e->args.push_back(bind_expr(alternative.then));
          }
          if (node.otherwise) {
            e->has_else = true;
            e->args.push_back(bind_expr(**node.otherwise));
          }
          return e;
        } else if constexpr (std::is_same_v<T, IndexExpression>) {
          auto list = bind_expr(*node.list);
          auto index = bind_expr(*node.index);
          auto e = make(ExprKind::Index, fmt::format("{}[{}]", list->text, index->text));
          e->args.push_back(std::move(list));
          e->args.push_back(std::move(index));
          return e;
        } else if constexpr (std::is_same_v<T, SliceExpression>) {
          auto e = make(ExprKind::Slice, "");
          e->args.push_back(bind_expr(*node.list));
          e->args.push_back(node.from ? bind_expr(**node.from) : nullptr);
          e->args.push_back(node.to ? bind_expr(**node.to) : nullptr);
          e->text = fmt::format("{}[{}..{}]", e->args[0]->text, e->args[1] ? e->args[1]->text : "",
                                e->args[2] ? e->args[2]->text : "");
          return e;
        } else if constexpr (std::is_same_v<T, ListComprehension>) {
          auto e = make(ExprKind::Comprehension, "");
          e->args.push_back(bind_expr(*node.list));
          const auto saved = scope_.find(node.variable.text) == scope_.end()
                                 ? std::optional<VarInfo>()
                                 : std::optional<VarInfo>(scope_[node.variable.text]);
          e->slot = new_slot();
          scope_[node.variable.text] = VarInfo{e->slot, VarKind::Value, {}, {}};
          if (node.predicate) {
            e->has_where = true;
            e->args.push_back(bind_expr(**node.predicate));
          }
          if (node.projection) {
            e->has_map = true;
            e->args.push_back(bind_expr(**node.projection));
          }
          if (saved) {
            scope_[node.variable.text] = *saved;
          } else {
            scope_.erase(node.variable.text);
          }
          e->text = fmt::format("[{} IN {} ...]", node.variable.text, e->args[0]->text);
          return e;
        } else if constexpr (std::is_same_v<T, PatternSubquery>) {
          return bind_subquery(node);
        } else {
          static_assert(std::is_same_v<T, PatternPredicate>);
          ExprPtr extra;
          auto part = std::make_shared<BoundPatternPart>();
          ast::PatternPart ast_part;
          ast_part.element = *node.pattern;
          ast_part.position = expression.position;
          std::vector<Slot>* outer_new = new_slots_;
          std::vector<Slot> ignored;
          new_slots_ = &ignored;
          *part = bind_part(ast_part, true, extra);
          new_slots_ = outer_new;
          auto e = make(ExprKind::PatternExists, "exists(" + pattern_text(*part) + ")");
          e->pattern = std::move(part);
          if (extra) e->args.push_back(std::move(extra));
          return e;
        }
      },
      expression.node);
}

// EXISTS { pattern WHERE p } / COUNT { ... }: the pattern is bound in a
// scope of its own (its new variables are visible in its WHERE only, and
// marked local so the planner knows the enclosing query does not bind them);
// the WHERE and the pattern's property maps become the expression's argument.
ExprPtr Binder::bind_subquery(const ast::PatternSubquery& subquery) {
  const auto outer = scope_;
  std::vector<Slot>* outer_new = new_slots_;
  std::vector<Slot> ignored;
  new_slots_ = &ignored;
  std::vector<AggregateCall>* outer_aggregates = std::exchange(aggregates_, nullptr);
  ExprPtr where;
  auto part = std::make_shared<BoundPatternPart>();
  ast::PatternPart ast_part;
  ast_part.element = *subquery.pattern;
  ast_part.position = subquery.pattern->start.position;
  *part = bind_part(ast_part, false, where);
  std::string predicate_text;
  if (subquery.predicate) {
    ExprPtr predicate = bind_expr(**subquery.predicate);
    predicate_text = " WHERE " + predicate->text;
    where = and_of(std::move(where), std::move(predicate));
  }
  new_slots_ = outer_new;
  aggregates_ = outer_aggregates;
  scope_ = outer;
  for (BoundNodePattern& node : part->nodes) {
    node.local = std::none_of(outer.begin(), outer.end(), [&](const auto& var) { return var.second.slot == node.slot; });
  }
  const bool count = subquery.kind == ast::SubqueryKind::Count;
  std::string text = fmt::format("{} {{ {}{} }}", count ? "COUNT" : "EXISTS", pattern_text(*part), predicate_text);
  auto e = make(count ? ExprKind::PatternCount : ExprKind::PatternExists, std::move(text));
  e->pattern = std::move(part);
  if (where) e->args.push_back(std::move(where));
  return e;
}

}  // namespace trellis::cypher
