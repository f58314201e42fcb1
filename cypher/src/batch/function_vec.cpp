#include "batch/function_vec.hpp"

#include <algorithm>
#include <cctype>

#include "executor/expression_eval.hpp"
#include "executor/runtime_error.hpp"
#include "functions/function_registry.hpp"

namespace trellis::cypher {
namespace {

bool any_of_kinds(VecKind kind, std::initializer_list<VecKind> kinds) {
  return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

// The kind of the function's value for arguments of these kinds (every
// row's value is of it or null), or nullopt: the call is left to the row
// evaluator.
std::optional<VecKind> result_kind(std::string_view name, const std::vector<VecKind>& args) {
  using K = VecKind;
  const auto one = [&](std::initializer_list<VecKind> kinds) { return args.size() == 1 && any_of_kinds(args[0], kinds); };
  if (name == "size" && one({K::Str, K::Any})) return K::Int;  // a text's or a list's size
  if ((name == "toLower" || name == "toUpper" || name == "trim") && one({K::Str})) return K::Str;
  if (name == "toString" && one({K::Str, K::Int, K::Float, K::Bool})) return K::Str;
  if (name == "toInteger" && one({K::Str, K::Int, K::Float, K::Bool})) return K::Int;
  if (name == "toFloat" && one({K::Str, K::Int, K::Float})) return K::Float;
  if (name == "abs" && one({K::Int, K::Float})) return args[0];
  if (name == "substring" && args.size() >= 2 && args[0] == K::Str &&
      std::all_of(args.begin() + 1, args.end(), [](VecKind k) { return k == K::Int; }))
    return K::Str;
  if (name == "replace" && args.size() == 3 &&
      std::all_of(args.begin(), args.end(), [](VecKind k) { return k == K::Str; }))
    return K::Str;
  if (name == "coalesce" && !args.empty() && args[0] != K::Any && args[0] != K::Null &&
      std::all_of(args.begin(), args.end(), [&](VecKind k) { return k == args[0]; }))
    return args[0];
  return std::nullopt;
}

// The kind of `a op b` (an Arithmetic the batch has no loop of its own
// for), or nullopt.
std::optional<VecKind> operator_kind(char op, VecKind a, VecKind b) {
  using K = VecKind;
  const auto number = [](VecKind k) { return k == K::Int || k == K::Float; };
  if (op == '+' && (a == K::Str || b == K::Str)) {
    if ((a == K::Str || number(a)) && (b == K::Str || number(b))) return K::Str;
    return std::nullopt;
  }
  if (!number(a) || !number(b)) return std::nullopt;
  if (op == '^') return K::Float;
  if (op != '+' && op != '-' && op != '*' && op != '/' && op != '%') return std::nullopt;
  return a == K::Int && b == K::Int ? K::Int : K::Float;
}

enum class Kernel : std::uint8_t { Call, Size, Upper, Lower, Substring, Divide, Remainder, Concat };

Kernel kernel_of(const Expr& expr, const std::vector<VecExprPtr>& args) {
  if (expr.kind == ExprKind::Arithmetic) {
    const bool ints = args[0]->kind() == VecKind::Int && args[1]->kind() == VecKind::Int;
    if (ints && expr.op == "/") return Kernel::Divide;
    if (ints && expr.op == "%") return Kernel::Remainder;
    if (expr.op == "+" && args[0]->kind() == VecKind::Str && args[1]->kind() == VecKind::Str) return Kernel::Concat;
    return Kernel::Call;
  }
  const std::string_view name = expr.function->name;
  if (name == "size" && args[0]->kind() == VecKind::Str) return Kernel::Size;
  if (name == "toUpper") return Kernel::Upper;
  if (name == "toLower") return Kernel::Lower;
  if (name == "substring") return Kernel::Substring;
  return Kernel::Call;
}

// A scalar function or an operator over the arguments' columns. Common
// text functions, integer division and remainder and text concatenation
// run as loops; the others call the function (or arithmetic()) per row
// with the row's argument values (no expression tree walked, no row written).
// When anything fails, the rows are evaluated again by the row evaluator,
// so the error raised is the one it meets first.
class FunctionVec final : public ReplayingVec {
 public:
  FunctionVec(const Expr& expr, VecKind kind, std::vector<VecExprPtr> args)
      : ReplayingVec(expr, kind), kernel_(kernel_of(expr, args)), args_(std::move(args)), values_(args_.size()) {}

 private:
  void compute(VecInput& in, Vec& out) override {
    columns_.clear();
    for (const VecExprPtr& arg : args_) columns_.push_back(&arg->eval(in));
    const Vec& a = *columns_[0];
    switch (kernel_) {
      case Kernel::Size:
        in.each([&](std::uint32_t i) {
          out.nulls[i] = a.nulls[i];
          out.ints[i] = static_cast<std::int64_t>(a.strs[i].size());
        });
        return;
      case Kernel::Upper:
      case Kernel::Lower:
        texts(in, out, [&](std::uint32_t i, std::string& arena) {
          if (a.nulls[i] != 0) return false;
          const std::size_t at = arena.size();
          arena.append(a.strs[i]);
          for (std::size_t c = at; c < arena.size(); ++c) {
            const int ch = static_cast<unsigned char>(arena[c]);
            arena[c] = static_cast<char>(kernel_ == Kernel::Upper ? std::toupper(ch) : std::tolower(ch));
          }
          return true;
        });
        return;
      case Kernel::Substring:
        texts(in, out, [&](std::uint32_t i, std::string& arena) {
          const bool plain = a.nulls[i] == 0 && std::all_of(columns_.begin() + 1, columns_.end(), [&](const Vec* c) {
            return c->nulls[i] == 0 && c->ints[i] >= 0;
          });
          if (!plain) return call_text(in, i, arena);
          const std::string_view text = a.strs[i];
          const auto start = static_cast<std::size_t>(columns_[1]->ints[i]);
          if (start >= text.size()) return true;
          const std::size_t length = columns_.size() > 2 ? static_cast<std::size_t>(columns_[2]->ints[i]) : text.size();
          arena.append(text.substr(start, length));
          return true;
        });
        return;
      case Kernel::Divide:
      case Kernel::Remainder: {
        const Vec& b = *columns_[1];
        in.each([&](std::uint32_t i) {
          out.nulls[i] = a.nulls[i] | b.nulls[i];
          const std::int64_t y = b.ints[i];
          if (out.nulls[i] != 0) return;
          if (y == 0 || y == -1) {
            store(call(in, i), i, out);  // division by zero, the overflow of min / -1: the row evaluator's errors
          } else {
            out.ints[i] = kernel_ == Kernel::Divide ? a.ints[i] / y : a.ints[i] % y;
          }
        });
        return;
      }
      case Kernel::Concat: {
        const Vec& b = *columns_[1];
        texts(in, out, [&](std::uint32_t i, std::string& arena) {
          if (a.nulls[i] != 0 || b.nulls[i] != 0) return false;
          arena.append(a.strs[i]);
          arena.append(b.strs[i]);
          return true;
        });
        return;
      }
      case Kernel::Call:
        if (kind() == VecKind::Str) {
          texts(in, out, [&](std::uint32_t i, std::string& arena) { return call_text(in, i, arena); });
          return;
        }
        in.each([&](std::uint32_t i) { store(call(in, i), i, out); });
        return;
    }
  }

  Value call(VecInput& in, std::uint32_t i) {
    for (std::size_t k = 0; k < args_.size(); ++k) values_[k] = vec_value(*columns_[k], args_[k]->kind(), i);
    if (expr().kind == ExprKind::Arithmetic) return arithmetic(expr().op, values_[0], values_[1]);
    return expr().function->call(in.ctx.store(), values_);
  }
  // The call's text appended to `arena`; false when it is null.
  bool call_text(VecInput& in, std::uint32_t i, std::string& arena) {
    const Value v = call(in, i);
    if (v.is_null()) return false;
    if (v.kind() != ValueKind::String) mismatch(v);
    arena.append(v.as_string());
    return true;
  }
  void store(const Value& v, std::uint32_t i, Vec& out) const {
    out.nulls[i] = v.is_null() ? 1 : 0;
    if (v.is_null()) return;
    switch (kind()) {
      case VecKind::Int:
        if (v.kind() != ValueKind::Int) mismatch(v);
        out.ints[i] = v.as_int();
        return;
      case VecKind::Bool:
        if (v.kind() != ValueKind::Bool) mismatch(v);
        out.ints[i] = v.as_bool() ? 1 : 0;
        return;
      case VecKind::Float:
        if (v.kind() != ValueKind::Float) mismatch(v);
        out.floats[i] = v.as_float();
        return;
      case VecKind::Node:
        if (v.kind() != ValueKind::Node) mismatch(v);
        out.nodes[i] = v.as_node().id;
        return;
      default: mismatch(v);
    }
  }
  [[noreturn]] void mismatch(const Value& v) const {
    fail(ErrorCode::Internal, "batched " + expr().text + " gave a " + std::string(to_string(v.kind())));
  }
  // Texts computed row by row into the arena, viewed once all are written.
  template <class F>
  void texts(VecInput& in, Vec& out, F&& append) {
    out.arena.clear();
    offsets_.resize(in.batch.size + 1);
    in.each([&](std::uint32_t i) {
      offsets_[i] = out.arena.size();
      out.nulls[i] = append(i, out.arena) ? 0 : 1;
      ends_[i] = out.arena.size();
    });
    const std::string_view arena = out.arena;
    in.each([&](std::uint32_t i) { out.strs[i] = arena.substr(offsets_[i], ends_[i] - offsets_[i]); });
  }

  Kernel kernel_;
  std::vector<VecExprPtr> args_;
  std::vector<const Vec*> columns_;
  std::vector<Value> values_;
  std::vector<std::size_t> offsets_;
  std::array<std::size_t, kBatchSize> ends_{};
};

}  // namespace

void replay_rows(const Expr& expr, VecInput& in) {
  in.each([&](std::uint32_t i) {
    in.batch.write_row(i, in.scratch);
    evaluate(expr, in.scratch, in.ctx);
  });
}

VecExprPtr compile_function(const Expr& expr, std::vector<VecExprPtr> args) {
  if (args.empty()) return nullptr;
  std::optional<VecKind> kind;
  if (expr.kind == ExprKind::Arithmetic) {
    if (args.size() == 2 && !expr.op.empty()) kind = operator_kind(expr.op[0], args[0]->kind(), args[1]->kind());
  } else if (expr.kind == ExprKind::Function && expr.function != nullptr) {
    std::vector<VecKind> kinds;
    for (const VecExprPtr& arg : args) kinds.push_back(arg->kind());
    kind = result_kind(expr.function->name, kinds);
  }
  if (!kind) return nullptr;
  return std::make_unique<FunctionVec>(expr, *kind, std::move(args));
}

}  // namespace trellis::cypher
