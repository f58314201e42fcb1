#include "executor/expression_eval.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <cmath>

#include "executor/operator.hpp"
#include "trellis/cypher/value/value_compare.hpp"
#include "value/graph_access.hpp"

namespace trellis::cypher {
namespace {

[[noreturn]] void type_error(std::string_view what, const Value& a, const Value& b) {
  fail(ErrorCode::InvalidArgument,
       fmt::format("Cannot apply {} to {} and {}", what, to_string(a.kind()), to_string(b.kind())));
}

Value property_of(const Value& object, const Expr& access, ExecContext& ctx) {
  const std::string& key = access.key;
  switch (object.kind()) {
    case ValueKind::Null: return {};
    case ValueKind::Node: return node_property(ctx.store(), object.as_node().id, access.property);
    case ValueKind::Relationship: return rel_property(ctx.store(), object.as_rel(), access.property);
    case ValueKind::Map: {
      const Value* found = object.find(key);
      return found == nullptr ? Value() : *found;
    }
    default:
      fail(ErrorCode::InvalidArgument,
           fmt::format("Cannot read property '{}' of a {}", key, to_string(object.kind())));
  }
}

// `op` is one of = <> < <= > >=, told apart by its characters.
Value compare_op(std::string_view op, const Value& a, const Value& b) {
  const bool two = op.size() == 2;
  if (op[0] == '=') return to_value(equals(a, b));
  if (two && op[1] == '>' && op[0] == '<') {
    const Ternary t = equals(a, b);
    return t == Ternary::Unknown ? Value() : Value(t == Ternary::False);
  }
  const auto c = compare(a, b);
  if (!c) return {};
  if (op[0] == '<') return two ? *c <= 0 : *c < 0;
  return two ? *c >= 0 : *c > 0;
}

Value in_list(const Value& item, const Value& list) {
  if (list.is_null()) return {};
  if (list.kind() != ValueKind::List) type_error("IN", item, list);
  bool unknown = false;
  for (const Value& element : list.as_list()) {
    const Ternary t = equals(item, element);
    if (t == Ternary::True) return true;
    if (t == Ternary::Unknown) unknown = true;
  }
  return unknown ? Value() : Value(false);
}

Value string_predicate(ExprKind kind, const Value& a, const Value& b) {
  if (a.kind() != ValueKind::String || b.kind() != ValueKind::String) return {};
  const std::string& text = a.as_string();
  const std::string& part = b.as_string();
  switch (kind) {
    case ExprKind::StartsWith: return text.starts_with(part);
    case ExprKind::EndsWith: return text.ends_with(part);
    default: return text.find(part) != std::string::npos;
  }
}

Value regex_match(const Expr& expr, const Value& text, const Value& pattern) {
  if (text.kind() != ValueKind::String || pattern.kind() != ValueKind::String) return {};
  if (expr.regex) return RE2::FullMatch(text.as_string(), *expr.regex);
  const RE2 compiled(pattern.as_string(), RE2::Quiet);
  if (!compiled.ok()) {
    fail(ErrorCode::InvalidArgument, fmt::format("Invalid regular expression '{}': {}", pattern.as_string(), compiled.error()));
  }
  return RE2::FullMatch(text.as_string(), compiled);
}

// Cypher list positions: negative counts from the end.
std::optional<std::size_t> position(std::int64_t index, std::size_t size) {
  const std::int64_t n = static_cast<std::int64_t>(size);
  if (index < 0) index += n;
  if (index < 0 || index >= n) return std::nullopt;
  return static_cast<std::size_t>(index);
}

Value index_value(const Value& container, const Value& index) {
  if (container.is_null() || index.is_null()) return {};
  if (container.kind() == ValueKind::List) {
    if (index.kind() != ValueKind::Int) type_error("[]", container, index);
    const auto at = position(index.as_int(), container.as_list().size());
    return at ? container.as_list()[*at] : Value();
  }
  if (index.kind() != ValueKind::String) type_error("[]", container, index);
  if (container.kind() == ValueKind::Map) {
    const Value* found = container.find(index.as_string());
    return found == nullptr ? Value() : *found;
  }
  type_error("[]", container, index);
}

Value slice_value(const Value& container, const Value& from, const Value& to, bool has_from, bool has_to) {
  if (container.is_null() || (has_from && from.is_null()) || (has_to && to.is_null())) return {};
  if (container.kind() != ValueKind::List) type_error("[..]", container, from);
  const ValueList& list = container.as_list();
  const std::int64_t n = static_cast<std::int64_t>(list.size());
  const auto clamp = [n](std::int64_t i) { return std::clamp(i < 0 ? i + n : i, std::int64_t{0}, n); };
  const std::int64_t begin = has_from ? clamp(from.as_int()) : 0;
  const std::int64_t end = has_to ? clamp(to.as_int()) : n;
  ValueList out;
  for (std::int64_t i = begin; i < end; ++i) out.push_back(list[static_cast<std::size_t>(i)]);
  return out;
}

Value logical(const Expr& expr, Row& row, ExecContext& ctx) {
  const auto operand = [&](std::size_t i) {
    const Value v = evaluate(*expr.args[i], row, ctx);
    const auto t = to_ternary(v);
    if (!t) fail(ErrorCode::InvalidArgument, fmt::format("Expected a boolean but got {} in '{}'", to_string(v.kind()), expr.text));
    return *t;
  };
  using enum Ternary;
  const Ternary a = operand(0);
  switch (expr.kind) {
    case ExprKind::Not: return to_value(a == Unknown ? Unknown : (a == True ? False : True));
    case ExprKind::And: {
      if (a == False) return false;
      const Ternary b = operand(1);
      if (b == False) return false;
      return to_value(a == True && b == True ? True : Unknown);
    }
    case ExprKind::Or: {
      if (a == True) return true;
      const Ternary b = operand(1);
      if (b == True) return true;
      return to_value(a == False && b == False ? False : Unknown);
    }
    default: {  // Xor
      const Ternary b = operand(1);
      if (a == Unknown || b == Unknown) return {};
      return (a == True) != (b == True);
    }
  }
}

Value case_value(const Expr& expr, Row& row, ExecContext& ctx) {
  std::size_t i = 0;
  Value subject;
  if (expr.has_subject) subject = evaluate(*expr.args[i++], row, ctx);
  const std::size_t end = expr.args.size() - (expr.has_else ? 1 : 0);
  for (; i + 1 < end; i += 2) {
    const Value when = evaluate(*expr.args[i], row, ctx);
    const bool hit = expr.has_subject ? equals(subject, when) == Ternary::True
                                      : (when.kind() == ValueKind::Bool && when.as_bool());
    if (hit) return evaluate(*expr.args[i + 1], row, ctx);
  }
  return expr.has_else ? evaluate(*expr.args.back(), row, ctx) : Value();
}

Value comprehension(const Expr& expr, Row& row, ExecContext& ctx) {
  const Value list = evaluate(*expr.args[0], row, ctx);
  if (list.is_null()) return {};
  if (list.kind() != ValueKind::List) fail(ErrorCode::InvalidArgument, fmt::format("Expected a list in '{}'", expr.text));
  const Value saved = row.slots[expr.slot];
  ValueList out;
  std::size_t next_arg = 1;
  const Expr* where = expr.has_where ? expr.args[next_arg++].get() : nullptr;
  const Expr* map = expr.has_map ? expr.args[next_arg].get() : nullptr;
  for (const Value& item : list.as_list()) {
    ctx.tick();
    row.slots[expr.slot] = item;
    if (where != nullptr && !is_true(*where, row, ctx)) continue;
    out.push_back(map != nullptr ? evaluate(*map, row, ctx) : item);
  }
  row.slots[expr.slot] = saved;
  return out;
}

Value pattern_exists(const Expr& expr, Row& row, ExecContext& ctx) {
  Operator& plan = *expr.plan;
  plan.open(ctx);
  const std::int64_t weight = row.weight;
  if (expr.plan_writes_nothing) {
    const bool found = plan.next(ctx, row);
    row.weight = weight;
    return found;
  }
  std::vector<Value> saved = row.slots;  // the subplan writes its own slots only, but keeps the row whole
  const bool found = plan.next(ctx, row);
  row.slots = std::move(saved);
  row.weight = weight;
  return found;
}

// COUNT { pattern }: the subplan's rows, each standing for `weight` matches.
Value pattern_count(const Expr& expr, Row& row, ExecContext& ctx) {
  Operator& plan = *expr.plan;
  plan.open(ctx);
  const std::int64_t weight = row.weight;
  std::int64_t count = 0;
  if (expr.plan_writes_nothing) {
    while (plan.next(ctx, row)) count += row.weight;
    row.weight = weight;
    return count;
  }
  std::vector<Value> saved = row.slots;
  row.weight = 1;
  while (plan.next(ctx, row)) {
    ctx.tick();
    count += row.weight;
  }
  row.slots = std::move(saved);
  row.weight = weight;
  return count;
}

}  // namespace

void add_subplans(const Expr& expr, std::vector<const Operator*>& out) {
  if ((expr.kind == ExprKind::PatternExists || expr.kind == ExprKind::PatternCount) && expr.plan) {
    out.push_back(expr.plan.get());
  }
  for (const auto& arg : expr.args) {
    if (arg) add_subplans(*arg, out);
  }
}

std::vector<const Operator*> subplans(const Expr& expr) {
  std::vector<const Operator*> out;
  add_subplans(expr, out);
  return out;
}

Value arithmetic(std::string_view op, const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return {};
  const char o = op[0];
  if (o == '+') {
    if (a.kind() == ValueKind::String && b.kind() == ValueKind::String) return a.as_string() + b.as_string();
    if (a.kind() == ValueKind::List || b.kind() == ValueKind::List) {
      ValueList out = a.kind() == ValueKind::List ? a.as_list() : ValueList{a};
      if (b.kind() == ValueKind::List) {
        out.insert(out.end(), b.as_list().begin(), b.as_list().end());
      } else {
        out.push_back(b);
      }
      return out;
    }
    if (a.kind() == ValueKind::String && b.is_number()) return a.as_string() + (b.kind() == ValueKind::Int ? std::to_string(b.as_int()) : float_text(b.as_float()));
    if (b.kind() == ValueKind::String && a.is_number()) return (a.kind() == ValueKind::Int ? std::to_string(a.as_int()) : float_text(a.as_float())) + b.as_string();
  }
  if (!a.is_number() || !b.is_number()) type_error(op, a, b);
  if (o == '^') return std::pow(a.as_number(), b.as_number());
  if (a.kind() == ValueKind::Int && b.kind() == ValueKind::Int) {
    const std::int64_t x = a.as_int();
    const std::int64_t y = b.as_int();
    std::int64_t r = 0;
    switch (o) {
      case '+':
        if (__builtin_add_overflow(x, y, &r)) fail(ErrorCode::InvalidArgument, "Integer overflow in +");
        return r;
      case '-':
        if (__builtin_sub_overflow(x, y, &r)) fail(ErrorCode::InvalidArgument, "Integer overflow in -");
        return r;
      case '*':
        if (__builtin_mul_overflow(x, y, &r)) fail(ErrorCode::InvalidArgument, "Integer overflow in *");
        return r;
      case '/':
        if (y == 0) fail(ErrorCode::InvalidArgument, "Division by zero");
        if (x == std::numeric_limits<std::int64_t>::min() && y == -1) fail(ErrorCode::InvalidArgument, "Integer overflow in /");
        return x / y;
      default:
        if (y == 0) fail(ErrorCode::InvalidArgument, "Division by zero");
        if (y == -1) return std::int64_t{0};
        return x % y;
    }
  }
  const double x = a.as_number();
  const double y = b.as_number();
  switch (o) {
    case '+': return x + y;
    case '-': return x - y;
    case '*': return x * y;
    case '/': return x / y;
    default: return std::fmod(x, y);
  }
}

Value evaluate(const Expr& expr, Row& row, ExecContext& ctx) {
  switch (expr.kind) {
    case ExprKind::Literal: return expr.literal;
    case ExprKind::Variable:
    case ExprKind::Aggregate: return row.slots[expr.slot];
    case ExprKind::Property: {
      // A variable's property reads the slot in place (no copy of the node value).
      const Expr& object = *expr.args[0];
      if (object.kind == ExprKind::Variable) return property_of(row.slots[object.slot], expr, ctx);
      return property_of(evaluate(object, row, ctx), expr, ctx);
    }
    case ExprKind::HasLabels: {
      const Value v = evaluate(*expr.args[0], row, ctx);
      if (v.is_null()) return {};
      if (v.kind() != ValueKind::Node) fail(ErrorCode::InvalidArgument, fmt::format("Expected a node in '{}'", expr.text));
      const Label label = ctx.store().label(v.as_node().id);
      if (expr.any_label) {  // a pattern's (n:A|B): one of them
        return std::find(expr.labels.begin(), expr.labels.end(), label) != expr.labels.end();
      }
      for (const Label l : expr.labels) {
        if (l != label) return false;
      }
      return true;
    }
    case ExprKind::Not:
    case ExprKind::And:
    case ExprKind::Or:
    case ExprKind::Xor: return logical(expr, row, ctx);
    case ExprKind::Negate: {
      const Value v = evaluate(*expr.args[0], row, ctx);
      if (v.is_null()) return {};
      if (v.kind() == ValueKind::Int) return arithmetic("-", std::int64_t{0}, v);
      if (v.kind() == ValueKind::Float) return -v.as_float();
      fail(ErrorCode::InvalidArgument, fmt::format("Cannot negate a {}", to_string(v.kind())));
    }
    case ExprKind::Compare: {
      // A chain a < b <= c: args are the operands, op holds the operators separated by spaces.
      const std::string_view ops = expr.op;
      std::size_t start = 0;
      Value left = evaluate(*expr.args[0], row, ctx);
      bool unknown = false;
      for (std::size_t i = 1; i < expr.args.size(); ++i) {
        const std::size_t end = ops.find(' ', start);
        const std::string_view op = ops.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        start = end + 1;
        Value right = evaluate(*expr.args[i], row, ctx);
        const Value r = compare_op(op, left, right);
        if (r.is_null()) {
          unknown = true;
        } else if (!r.as_bool()) {
          return false;
        }
        left = std::move(right);
      }
      return unknown ? Value() : Value(true);
    }
    case ExprKind::Arithmetic:
      return arithmetic(expr.op, evaluate(*expr.args[0], row, ctx), evaluate(*expr.args[1], row, ctx));
    case ExprKind::IsNull: return evaluate(*expr.args[0], row, ctx).is_null();
    case ExprKind::IsNotNull: return !evaluate(*expr.args[0], row, ctx).is_null();
    case ExprKind::In: return in_list(evaluate(*expr.args[0], row, ctx), evaluate(*expr.args[1], row, ctx));
    case ExprKind::StartsWith:
    case ExprKind::EndsWith:
    case ExprKind::Contains:
      return string_predicate(expr.kind, evaluate(*expr.args[0], row, ctx), evaluate(*expr.args[1], row, ctx));
    case ExprKind::Regex:
      return regex_match(expr, evaluate(*expr.args[0], row, ctx), evaluate(*expr.args[1], row, ctx));
    case ExprKind::Function: {
      std::vector<Value> args;
      args.reserve(expr.args.size());
      for (const auto& arg : expr.args) args.push_back(evaluate(*arg, row, ctx));
      return expr.function->call(ctx.store(), args);
    }
    case ExprKind::Case: return case_value(expr, row, ctx);
    case ExprKind::ListLiteral: {
      ValueList list;
      list.reserve(expr.args.size());
      for (const auto& arg : expr.args) list.push_back(evaluate(*arg, row, ctx));
      return list;
    }
    case ExprKind::MapLiteral: {
      ValueMap map;
      for (std::size_t i = 0; i < expr.args.size(); ++i) {
        Value v = evaluate(*expr.args[i], row, ctx);
        auto existing = std::find_if(map.begin(), map.end(), [&](const auto& e) { return e.first == expr.keys[i]; });
        if (existing != map.end()) {
          existing->second = std::move(v);
        } else {
          map.emplace_back(expr.keys[i], std::move(v));
        }
      }
      return map;
    }
    case ExprKind::Index: return index_value(evaluate(*expr.args[0], row, ctx), evaluate(*expr.args[1], row, ctx));
    case ExprKind::Slice: {
      const bool has_from = expr.args[1] != nullptr;
      const bool has_to = expr.args[2] != nullptr;
      return slice_value(evaluate(*expr.args[0], row, ctx), has_from ? evaluate(*expr.args[1], row, ctx) : Value(),
                         has_to ? evaluate(*expr.args[2], row, ctx) : Value(), has_from, has_to);
    }
    case ExprKind::Comprehension: return comprehension(expr, row, ctx);
    case ExprKind::PatternExists: return pattern_exists(expr, row, ctx);
    case ExprKind::PatternCount: return pattern_count(expr, row, ctx);
  }
  return {};
}

bool is_true(const Expr& expr, Row& row, ExecContext& ctx) {
  const Value v = evaluate(expr, row, ctx);
  if (v.is_null()) return false;
  if (v.kind() != ValueKind::Bool) {
    fail(ErrorCode::InvalidArgument, fmt::format("Expected a boolean but got {} in '{}'", to_string(v.kind()), expr.text));
  }
  return v.as_bool();
}

}  // namespace trellis::cypher
