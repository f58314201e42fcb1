#include "label_tests.hpp"

#include <algorithm>
#include <cctype>

#include "functions/function_registry.hpp"

namespace trellis::cypher {
namespace {

bool named(const Expr& e, std::string_view name) {
  if (e.kind != ExprKind::Function || e.function == nullptr || e.function->name.size() != name.size()) return false;
  return std::equal(name.begin(), name.end(), e.function->name.begin(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)); });
}

// The variable of `labels(n)`.
std::optional<Slot> labels_of(const Expr& e) {
  if (!named(e, "labels") || e.args.size() != 1 || e.args[0]->kind != ExprKind::Variable) return std::nullopt;
  return e.args[0]->slot;
}

// The variable of `labels(n)[0]` or `head(labels(n))`: a node's one label.
std::optional<Slot> first_label_of(const Expr& e) {
  if (e.kind == ExprKind::Index && e.args.size() == 2 && e.args[1]->kind == ExprKind::Literal &&
      e.args[1]->literal.kind() == ValueKind::Int && e.args[1]->literal.as_int() == 0) {
    return labels_of(*e.args[0]);
  }
  if (named(e, "head") && e.args.size() == 1) return labels_of(*e.args[0]);
  return std::nullopt;
}

// The labels a string literal, or a list of them, names (unknown names
// name none); nullopt when `e` is not such a literal.
std::optional<std::vector<Label>> named_labels(const Expr& e) {
  std::vector<Label> labels;
  bool literal = true;
  const auto add = [&](const Value& value) {
    if (value.kind() != ValueKind::String) {
      literal = false;
      return;
    }
    if (const auto label = label_from_string(value.as_string())) labels.push_back(*label);
  };
  if (e.kind == ExprKind::Literal && e.literal.kind() == ValueKind::String) {
    add(e.literal);
  } else if (e.kind == ExprKind::Literal && e.literal.kind() == ValueKind::List) {
    for (const Value& item : e.literal.as_list()) add(item);
  } else if (e.kind == ExprKind::ListLiteral) {
    for (const auto& item : e.args) {
      if (item->kind != ExprKind::Literal) return std::nullopt;
      add(item->literal);
    }
  } else {
    return std::nullopt;
  }
  if (!literal) return std::nullopt;
  return labels;
}

std::optional<LabelTest> test_of(Slot slot, std::vector<Label> labels) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  if (labels.empty()) return std::nullopt;  // no node passes: left as a filter
  return LabelTest{slot, std::move(labels)};
}

}  // namespace

std::optional<LabelTest> label_test(const Expr& e) {
  switch (e.kind) {
    case ExprKind::HasLabels: {
      if (e.args.size() != 1 || e.args[0]->kind != ExprKind::Variable) return std::nullopt;
      // n:A:B asks for both labels, which no node has: left as a filter.
      if (!e.any_label && e.labels.size() != 1) return std::nullopt;
      return test_of(e.args[0]->slot, e.labels);
    }
    case ExprKind::Or: {
      if (e.args.size() != 2) return std::nullopt;
      auto left = label_test(*e.args[0]);
      auto right = label_test(*e.args[1]);
      if (!left || !right || left->slot != right->slot) return std::nullopt;
      left->labels.insert(left->labels.end(), right->labels.begin(), right->labels.end());
      return test_of(left->slot, std::move(left->labels));
    }
    case ExprKind::In: {
      if (e.args.size() != 2) return std::nullopt;
      // 'Method' IN labels(n)
      if (const auto slot = labels_of(*e.args[1])) {
        const auto labels = named_labels(*e.args[0]);
        if (!labels || e.args[0]->kind != ExprKind::Literal || e.args[0]->literal.kind() != ValueKind::String) {
          return std::nullopt;
        }
        return test_of(*slot, *labels);
      }
      // labels(n)[0] IN ['Function', 'Method']
      const auto slot = first_label_of(*e.args[0]);
      const auto labels = named_labels(*e.args[1]);
      if (!slot || !labels || (e.args[1]->kind == ExprKind::Literal && e.args[1]->literal.kind() == ValueKind::String)) {
        return std::nullopt;
      }
      return test_of(*slot, *labels);
    }
    case ExprKind::Compare: {
      // labels(n)[0] = 'Function', either way round
      if (e.op != "=" || e.args.size() != 2) return std::nullopt;
      for (std::size_t side = 0; side < 2; ++side) {
        const auto slot = first_label_of(*e.args[side]);
        const Expr& other = *e.args[1 - side];
        if (!slot || other.kind != ExprKind::Literal || other.literal.kind() != ValueKind::String) continue;
        return test_of(*slot, *named_labels(other));
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

}  // namespace trellis::cypher
