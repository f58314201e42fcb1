#include "batch/vector_expr.hpp"
#include "batch/vector_kernels.hpp"
#include "batch/function_vec.hpp"

#include <algorithm>
#include <array>

#include <re2/re2.h>

#include "executor/edge_cursor.hpp"
#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"
#include "trellis/cypher/value/value_compare.hpp"
#include "value/graph_access.hpp"

namespace trellis::cypher {

void VecExpr::prepare(std::size_t rows) {
  switch (kind_) {
    case VecKind::Int:
    case VecKind::Bool: out_.ints.resize(rows); break;
    case VecKind::Float: out_.floats.resize(rows); break;
    case VecKind::Str:
      out_.strs.resize(rows);
      if (interned_) out_.ids.resize(rows);
      break;
    case VecKind::Node: out_.nodes.resize(rows); break;
    case VecKind::Any: out_.values.resize(rows); break;
    case VecKind::Null: break;
  }
  out_.nulls.assign(rows, 0);
}

Value vec_value(const Vec& vec, VecKind kind, std::size_t i) {
  if (kind == VecKind::Any) return vec.values[i];
  if (kind == VecKind::Null || vec.nulls[i] != 0) return {};
  switch (kind) {
    case VecKind::Int: return vec.ints[i];
    case VecKind::Bool: return vec.ints[i] != 0;
    case VecKind::Float: return vec.floats[i];
    case VecKind::Str: return std::string(vec.strs[i]);
    case VecKind::Node: return NodeRef{vec.nodes[i]};
    default: return {};
  }
}

int vec_order_compare(const Vec& vec, VecKind kind, std::size_t i, const Value& value) {
  if (kind == VecKind::Int && vec.nulls[i] == 0 && value.kind() == ValueKind::Int) {
    const std::int64_t a = vec.ints[i];
    const std::int64_t b = value.as_int();
    return a < b ? -1 : (a > b ? 1 : 0);
  }
  if (kind == VecKind::Str && vec.nulls[i] == 0 && value.kind() == ValueKind::String) {
    const int c = vec.strs[i].compare(value.as_string());
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  if (kind == VecKind::Node && value.kind() == ValueKind::Node) {
    const NodeId a = vec.nodes[i];
    const NodeId b = value.as_node().id;
    return a < b ? -1 : (a > b ? 1 : 0);
  }
  if (kind == VecKind::Any) return order_compare(vec.values[i], value);
  return order_compare(vec_value(vec, kind, i), value);
}

namespace {

// The slots a batch has columns for: node ids, relationships.
using Slots = BatchLayout;

// Whether a loop that cannot fail runs over every row of the batch (one
// vector loop) rather than only the selected ones: the unselected rows'
// results are never read, and the loop is much faster per row than the
// selection's indirect one while an eighth of the rows or more are selected.
bool whole_batch(const VecInput& in) {
  return in.selection == nullptr || in.selection->size() * 8 >= in.batch.size;
}

// Row by row through the row evaluator: the general case.
class RowEval final : public VecExpr {
 public:
  explicit RowEval(const Expr& expr) : VecExpr(VecKind::Any), expr_(expr) {}
  bool row_by_row() const override { return true; }

 protected:
  void run(VecInput& in, Vec& out) override {
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      in.batch.write_row(i, in.scratch);
      out.values[i] = evaluate(expr_, in.scratch, in.ctx);
    });
  }

 private:
  const Expr& expr_;
};

VecKind kind_of(const Value& v) {
  switch (v.kind()) {
    case ValueKind::Null: return VecKind::Null;
    case ValueKind::Int: return VecKind::Int;
    case ValueKind::Float: return VecKind::Float;
    case ValueKind::Bool: return VecKind::Bool;
    case ValueKind::String: return VecKind::Str;
    default: return VecKind::Any;
  }
}

class LiteralVec final : public VecExpr {
 public:
  explicit LiteralVec(const Value& value) : VecExpr(kind_of(value)), value_(value) {}
  const Value* constant() const override { return &value_; }

 protected:
  void run(VecInput& in, Vec& out) override {
    switch (kind()) {
      case VecKind::Int: {
        const std::int64_t v = value_.as_int();
        in.each([&](std::uint32_t i) __attribute__((always_inline)) { out.ints[i] = v; });
        break;
      }
      case VecKind::Bool: {
        const std::int64_t v = value_.as_bool() ? 1 : 0;
        in.each([&](std::uint32_t i) __attribute__((always_inline)) { out.ints[i] = v; });
        break;
      }
      case VecKind::Float: {
        const double v = value_.as_float();
        in.each([&](std::uint32_t i) __attribute__((always_inline)) { out.floats[i] = v; });
        break;
      }
      case VecKind::Str: {
        const std::string_view v = value_.as_string();
        in.each([&](std::uint32_t i) __attribute__((always_inline)) { out.strs[i] = v; });
        break;
      }
      case VecKind::Any: in.each([&](std::uint32_t i) __attribute__((always_inline)) { out.values[i] = value_; }); break;
      default: break;
    }
  }

 private:
  const Value& value_;
};

class NodeVec final : public VecExpr {
 public:
  explicit NodeVec(Slot slot) : VecExpr(VecKind::Node), slot_(slot) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const std::vector<NodeId>& nodes = in.batch.nodes[slot_];
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      out.nodes[i] = nodes[i];
    });
  }

 private:
  Slot slot_;
};

// A column of values a WITH computed (Batch::values).
class ValueColumnVec final : public VecExpr {
 public:
  ValueColumnVec(Slot slot, ValueColumn column) : VecExpr(column.kind), slot_(slot) {
    if (column.interned) set_interned();
  }

 protected:
  void run(VecInput& in, Vec& out) override {
    out.copy_rows(in.batch.values[slot_], kind(), in.selection, in.batch.size);
  }

 private:
  Slot slot_;
};

// The kind `count` columns share (`columns[i]` of owner i, whose schema
// `properties_of(i)` gives): Any when they differ or one holds string
// lists, Null when no owner has the property. Owners are labels (a node's
// property) or relationship types.
template <class PropertiesOf>
VecKind shared_kind(const std::int16_t* columns, std::size_t count, PropertiesOf&& properties_of) {
  VecKind kind = VecKind::Null;
  for (std::size_t i = 0; i < count; ++i) {
    if (columns[i] == PropertyKey::kAbsent) continue;
    VecKind here = VecKind::Any;
    switch (properties_of(i)[static_cast<std::size_t>(columns[i])].type) {
      case ValueType::Int: here = VecKind::Int; break;
      case ValueType::Bool: here = VecKind::Bool; break;
      case ValueType::String: here = VecKind::Str; break;
      case ValueType::StringList: here = VecKind::Any; break;
    }
    if (kind == VecKind::Null) {
      kind = here;
    } else if (kind != here) {
      return VecKind::Any;
    }
  }
  return kind;
}

// The kind every label's column of `key` has.
VecKind column_kind(const PropertyKey& key) {
  return shared_kind(key.node_column.data(), kLabelCount,
                     [](std::size_t l) -> const auto& { return label_def(static_cast<Label>(l)).properties; });
}

VecKind property_kind(const PropertyKey& key) {
  if (key.source != PropertyKey::Source::Column) return VecKind::Str;
  return column_kind(key);
}

// A property of a node variable, read off the store's columns.
class PropertyVec final : public VecExpr {
 public:
  PropertyVec(Slot slot, const PropertyKey& key) : VecExpr(property_kind(key)), slot_(slot), key_(key) {
    if (key.source == PropertyKey::Source::Name || (key.source == PropertyKey::Source::Column && kind() == VecKind::Str)) {
      set_interned();
    }
  }

  void ids_only() override {
    if (interned()) text_ = false;
  }

 protected:
  void run(VecInput& in, Vec& out) override {
    const GraphStore& store = in.ctx.store();
    const std::vector<NodeId>& nodes = in.batch.nodes[slot_];
    switch (key_.source) {
      case PropertyKey::Source::QualifiedName: {
        out.arena.clear();
        offsets_.resize(in.batch.size);
        ends_.resize(in.batch.size);
        in.each([&](std::uint32_t i) __attribute__((always_inline)) {
          offsets_[i] = out.arena.size();
          store.append_qualified_name(nodes[i], out.arena);
          ends_[i] = out.arena.size();
        });
        in.each([&](std::uint32_t i) __attribute__((always_inline)) {
          out.strs[i] = std::string_view(out.arena).substr(offsets_[i], ends_[i] - offsets_[i]);
        });
        return;
      }
      case PropertyKey::Source::Name: {
        const auto& names = store.parts().name;
        if (!text_) {
          in.each([&](std::uint32_t i) __attribute__((always_inline)) { out.ids[i] = names[nodes[i]]; });
          return;
        }
        in.each([&](std::uint32_t i) __attribute__((always_inline)) {
          const StringId id = names[nodes[i]];
          out.ids[i] = id;
          out.strs[i] = store.strings().get(id);
        });
        return;
      }
      case PropertyKey::Source::Column: break;
    }
    if (kind() == VecKind::Any) {
      in.each([&](std::uint32_t i) __attribute__((always_inline)) {
        out.values[i] = node_property(store, nodes[i], key_);
      });
      return;
    }
    if (in.batch.size != 0 && read_one_label(store, nodes, in.batch.size, in.batch.ascending == slot_, in.selection, out)) {
      return;
    }
    // Nodes of several labels: each label's first id and column, looked up
    // once per batch; a row finds its label by its id.
    std::array<NodeId, kLabelCount + 1> begins{};
    std::array<const void*, kLabelCount> columns{};
    for (std::size_t l = 0; l < kLabelCount; ++l) {
      const auto label = static_cast<Label>(l);
      begins[l] = store.nodes(label).begin;
      const std::int16_t column = key_.node_column[l];
      columns[l] = column == PropertyKey::kAbsent ? nullptr : column_data(store.columns(label)[static_cast<std::size_t>(column)]);
    }
    begins[kLabelCount] = static_cast<NodeId>(store.node_count());
    NodeRange range{1, 0};
    const void* data = nullptr;
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      const NodeId node = nodes[i];
      if (!range.contains(node)) {
        std::size_t l = 0;
        while (l + 1 < kLabelCount && node >= begins[l + 1]) ++l;
        range = {begins[l], begins[l + 1]};
        data = columns[l];
      }
      if (data == nullptr) {
        out.nulls[i] = 1;
        return;
      }
      const std::size_t row = node - range.begin;
      switch (kind()) {
        case VecKind::Int: {
          const std::int32_t v = static_cast<const std::int32_t*>(data)[row];
          out.nulls[i] = v == kNullInt;
          out.ints[i] = v;
          break;
        }
        case VecKind::Bool: {
          const std::uint8_t v = static_cast<const std::uint8_t*>(data)[row];
          out.nulls[i] = v == kNullBool;
          out.ints[i] = v == 1;
          break;
        }
        default: {  // Str
          const StringId id = static_cast<const StringId*>(data)[row];
          out.nulls[i] = id == kNullString;
          out.ids[i] = id;
          if (text_) out.strs[i] = store.strings().get(id);
          break;
        }
      }
    });
  }

 private:
  // Every row's node within one label's range (a scan's batch, most often):
  // the column read as a plain array. False when the nodes span labels.
  // Every row's id is a node of the batch (selected or not), so the bounds
  // and a consecutive stretch are read over all of them; other reads only
  // for the selected rows.
  bool read_one_label(const GraphStore& store, const std::vector<NodeId>& nodes, std::size_t n, bool ascending,
                      const std::vector<std::uint32_t>* selection, Vec& out) const {
    const auto rows = [&](auto&& f) __attribute__((always_inline)) {
      if (selection != nullptr) {
        for (const std::uint32_t i : *selection) f(i);
      } else {
        for (std::size_t i = 0; i < n; ++i) f(i);
      }
    };
    NodeId lo = nodes[0];
    NodeId hi = nodes[n - 1];
    if (!ascending) {
      for (std::size_t i = 0; i < n; ++i) {
        lo = std::min(lo, nodes[i]);
        hi = std::max(hi, nodes[i]);
      }
    }
    const Label label = store.label(lo);
    const NodeRange range = store.nodes(label);
    if (!range.contains(hi)) return false;
    const std::int16_t column = key_.node_column[index_of(label)];
    if (column == PropertyKey::kAbsent) {
      std::fill(out.nulls.begin(), out.nulls.begin() + static_cast<std::ptrdiff_t>(n), std::uint8_t{1});
      return true;
    }
    if (selection != nullptr && selection->empty()) return true;
    const void* data = column_data(store.columns(label)[static_cast<std::size_t>(column)]);
    const NodeId begin = range.begin;
    switch (kind()) {
      case VecKind::Int: {
        const auto* __restrict values = static_cast<const std::int32_t*>(data);
        std::uint8_t* __restrict nulls = out.nulls.data();
        std::int64_t* __restrict ints = out.ints.data();
        if (ascending && hi - lo == n - 1) {  // consecutive ids (a scan's): a copy of the column's stretch
          kernels::widen(values + (lo - begin), kNullInt, ints, nulls, n);
          return true;
        }
        const NodeId* __restrict ids = nodes.data();
        rows([&](std::size_t i) __attribute__((always_inline)) {
          const std::int32_t v = values[ids[i] - begin];
          nulls[i] = v == kNullInt;
          ints[i] = v;
        });
        return true;
      }
      case VecKind::Bool: {
        const auto* __restrict values = static_cast<const std::uint8_t*>(data);
        std::uint8_t* __restrict nulls = out.nulls.data();
        std::int64_t* __restrict ints = out.ints.data();
        const NodeId* __restrict ids = nodes.data();
        rows([&](std::size_t i) __attribute__((always_inline)) {
          const std::uint8_t v = values[ids[i] - begin];
          nulls[i] = v == kNullBool;
          ints[i] = v == 1;
        });
        return true;
      }
      default: {
        const auto* values = static_cast<const StringId*>(data);
        if (!text_) {
          rows([&](std::size_t i) __attribute__((always_inline)) {
            const StringId id = values[nodes[i] - begin];
            out.nulls[i] = id == kNullString;
            out.ids[i] = id;
          });
          return true;
        }
        const StringTable& strings = store.strings();
        rows([&](std::size_t i) __attribute__((always_inline)) {
          const StringId id = values[nodes[i] - begin];
          out.nulls[i] = id == kNullString;
          out.ids[i] = id;
          out.strs[i] = strings.get(id);
        });
        return true;
      }
    }
  }

  // The values of a column of this expression's kind.
  static const void* column_data(const Column& column) {
    if (const auto* ints = std::get_if<IntColumn>(&column)) return ints->values.data();
    if (const auto* bools = std::get_if<BoolColumn>(&column)) return bools->values.data();
    if (const auto* strings = std::get_if<StringColumn>(&column)) return strings->values.data();
    return nullptr;
  }

  Slot slot_;
  const PropertyKey& key_;
  bool text_ = true;  // Str: look the texts up too (false: ids only)
  std::vector<std::size_t> offsets_;
  std::vector<std::size_t> ends_;
};

// The kind every relationship type's column of `key` has.
VecKind rel_property_kind(const PropertyKey& key) {
  return shared_kind(key.rel_column.data(), kRelTypeCount,
                     [](std::size_t t) -> const auto& { return rel_type_def(static_cast<RelType>(t)).properties; });
}

// A property of a relationship variable, read off its type's column at the
// edge's position (texts as store ids, like a node's).
class RelPropertyVec final : public VecExpr {
 public:
  RelPropertyVec(Slot slot, const PropertyKey& key) : VecExpr(rel_property_kind(key)), slot_(slot), key_(key) {
    if (kind() == VecKind::Str) set_interned();
  }
  void ids_only() override { text_ = false; }

 protected:
  void run(VecInput& in, Vec& out) override {
    const GraphStore& store = in.ctx.store();
    const std::vector<RelRef>& rels = in.batch.rels[slot_];
    if (kind() == VecKind::Any) {
      in.each([&](std::uint32_t i) { out.values[i] = rel_property(store, rels[i], key_); });
      return;
    }
    std::array<const void*, kRelTypeCount> data{};
    for (std::size_t t = 0; t < kRelTypeCount; ++t) {
      const std::int16_t column = key_.rel_column[t];
      if (column == PropertyKey::kAbsent) continue;
      const Column& values = store.edge_columns(static_cast<RelType>(t))[static_cast<std::size_t>(column)];
      if (const auto* ints = std::get_if<IntColumn>(&values)) data[t] = ints->values.data();
      if (const auto* bools = std::get_if<BoolColumn>(&values)) data[t] = bools->values.data();
      if (const auto* strings = std::get_if<StringColumn>(&values)) data[t] = strings->values.data();
    }
    const VecKind k = kind();
    in.each([&](std::uint32_t i) {
      const RelRef& rel = rels[i];
      const void* column = data[index_of(rel.type)];
      if (column == nullptr) {
        out.nulls[i] = 1;
        return;
      }
      const EdgePos pos = rel.position(store);
      if (k == VecKind::Int) {
        const std::int32_t v = static_cast<const std::int32_t*>(column)[pos];
        out.nulls[i] = v == kNullInt;
        out.ints[i] = v;
      } else if (k == VecKind::Bool) {
        const std::uint8_t v = static_cast<const std::uint8_t*>(column)[pos];
        out.nulls[i] = v == kNullBool;
        out.ints[i] = v == 1;
      } else {
        const StringId id = static_cast<const StringId*>(column)[pos];
        out.nulls[i] = id == kNullString;
        out.ids[i] = id;
        if (text_ && id != kNullString) out.strs[i] = store.strings().get(id);
      }
    });
  }

 private:
  Slot slot_;
  const PropertyKey& key_;
  bool text_ = true;
};

class LabelTestVec final : public VecExpr {
 public:
  LabelTestVec(Slot slot, const Expr& expr) : VecExpr(VecKind::Bool), slot_(slot), expr_(expr) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const GraphStore& store = in.ctx.store();
    const std::vector<NodeId>& nodes = in.batch.nodes[slot_];
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      const Label label = store.label(nodes[i]);
      bool yes = true;
      if (expr_.any_label) {
        yes = std::find(expr_.labels.begin(), expr_.labels.end(), label) != expr_.labels.end();
      } else {
        for (const Label l : expr_.labels) yes = yes && l == label;
      }
      out.ints[i] = yes;
    });
  }

 private:
  Slot slot_;
  const Expr& expr_;
};

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };

std::optional<CompareOp> compare_op_of(std::string_view op) {
  if (op == "=") return CompareOp::Eq;
  if (op == "<>") return CompareOp::Ne;
  if (op == "<") return CompareOp::Lt;
  if (op == "<=") return CompareOp::Le;
  if (op == ">") return CompareOp::Gt;
  if (op == ">=") return CompareOp::Ge;
  return std::nullopt;
}

bool holds(CompareOp op, int c) {
  switch (op) {
    case CompareOp::Eq: return c == 0;
    case CompareOp::Ne: return c != 0;
    case CompareOp::Lt: return c < 0;
    case CompareOp::Le: return c <= 0;
    case CompareOp::Gt: return c > 0;
    case CompareOp::Ge: return c >= 0;
  }
  return false;
}

// Two operands of one kind (Int, Str; Node for = and <>).
class CompareVec final : public VecExpr {
 public:
  CompareVec(CompareOp op, VecExprPtr a, VecExprPtr b) : VecExpr(VecKind::Bool), op_(op), a_(std::move(a)), b_(std::move(b)) {
    // Texts of the store compared for (in)equality compare their ids: no text is looked up.
    if (a_->interned() && b_->interned() && (op_ == CompareOp::Eq || op_ == CompareOp::Ne)) {
      a_->ids_only();
      b_->ids_only();
    }
  }

 protected:
  void run(VecInput& in, Vec& out) override {
    const VecKind kind = a_->kind();
    if (kind == VecKind::Int) {
      // A column against a literal: one loop over the column.
      if (const Value* c = b_->constant()) {
        compare_ints_to(a_->eval(in), c->as_int(), op_, in, out);
        return;
      }
      if (const Value* c = a_->constant()) {
        compare_ints_to(b_->eval(in), c->as_int(), mirrored(op_), in, out);
        return;
      }
    }
    const Vec& a = a_->eval(in);
    const Vec& b = b_->eval(in);
    if (kind == VecKind::Int && whole_batch(in)) {
      compare_ints(a, b, in.batch.size, out);
      return;
    }
    const bool ids = a_->interned() && b_->interned() && (op_ == CompareOp::Eq || op_ == CompareOp::Ne);
    if (ids && in.selection == nullptr) {  // texts of the store: equal ids, equal texts
      const std::uint8_t* __restrict a_nulls = a.nulls.data();
      const std::uint8_t* __restrict b_nulls = b.nulls.data();
      const StringId* __restrict a_ids = a.ids.data();
      const StringId* __restrict b_ids = b.ids.data();
      std::uint8_t* __restrict nulls = out.nulls.data();
      std::int64_t* __restrict ints = out.ints.data();
      const bool equal = op_ == CompareOp::Eq;
      for (std::size_t i = 0, n = in.batch.size; i < n; ++i) {
        nulls[i] = a_nulls[i] | b_nulls[i];
        ints[i] = (a_ids[i] == b_ids[i]) == equal ? 1 : 0;
      }
      return;
    }
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      if (a.nulls[i] != 0 || b.nulls[i] != 0) {
        out.nulls[i] = 1;
        return;
      }
      int c = 0;
      if (kind == VecKind::Int) {
        c = a.ints[i] < b.ints[i] ? -1 : (a.ints[i] > b.ints[i] ? 1 : 0);
      } else if (kind == VecKind::Node) {
        c = a.nodes[i] == b.nodes[i] ? 0 : 1;
      } else if (ids) {
        c = a.ids[i] == b.ids[i] ? 0 : 1;
      } else {
        c = a.strs[i].compare(b.strs[i]);
      }
      out.ints[i] = holds(op_, c);
    });
  }

 private:
  // `c op x` as `x mirrored(op) c`.
  static CompareOp mirrored(CompareOp op) {
    switch (op) {
      case CompareOp::Lt: return CompareOp::Gt;
      case CompareOp::Le: return CompareOp::Ge;
      case CompareOp::Gt: return CompareOp::Lt;
      case CompareOp::Ge: return CompareOp::Le;
      default: return op;
    }
  }
  template <class Holds>
  static void compare_ints_to(const Vec& a, std::int64_t c, VecInput& in, Vec& out, Holds holds) {
    // Raw pointers: a byte store may alias anything, so vectors' data would be reloaded per row.
    const std::uint8_t* __restrict a_nulls = a.nulls.data();
    const std::int64_t* __restrict a_ints = a.ints.data();
    std::uint8_t* __restrict nulls = out.nulls.data();
    std::int64_t* __restrict ints = out.ints.data();
    for (const std::uint32_t i : *in.selection) {
      nulls[i] = a_nulls[i];
      ints[i] = holds(a_ints[i], c) ? 1 : 0;
    }
  }
  // Each row against one integer, one loop per operator (null gives null).
  static void compare_ints_to(const Vec& a, std::int64_t c, CompareOp op, VecInput& in, Vec& out) {
    if (whole_batch(in)) {
      kernels::compare_to_constant(kernel_op(op), a.ints.data(), a.nulls.data(), c, out.ints.data(), out.nulls.data(),
                                   in.batch.size);
      return;
    }
    switch (op) {
      case CompareOp::Eq: compare_ints_to(a, c, in, out, [](std::int64_t x, std::int64_t y) { return x == y; }); break;
      case CompareOp::Ne: compare_ints_to(a, c, in, out, [](std::int64_t x, std::int64_t y) { return x != y; }); break;
      case CompareOp::Lt: compare_ints_to(a, c, in, out, [](std::int64_t x, std::int64_t y) { return x < y; }); break;
      case CompareOp::Le: compare_ints_to(a, c, in, out, [](std::int64_t x, std::int64_t y) { return x <= y; }); break;
      case CompareOp::Gt: compare_ints_to(a, c, in, out, [](std::int64_t x, std::int64_t y) { return x > y; }); break;
      case CompareOp::Ge: compare_ints_to(a, c, in, out, [](std::int64_t x, std::int64_t y) { return x >= y; }); break;
    }
  }
  static kernels::Compare kernel_op(CompareOp op) {
    static_assert(static_cast<int>(CompareOp::Ge) == static_cast<int>(kernels::Compare::Ge), "the same operators in the same order");
    return static_cast<kernels::Compare>(op);
  }
  // Every row, one loop per operator (nulls give null).
  void compare_ints(const Vec& a, const Vec& b, std::size_t n, Vec& out) const {
    kernels::compare_columns(kernel_op(op_), a.ints.data(), a.nulls.data(), b.ints.data(), b.nulls.data(), out.ints.data(),
                             out.nulls.data(), n);
  }

  CompareOp op_;
  VecExprPtr a_;
  VecExprPtr b_;
};

// + - * of two integers (overflow fails as the row evaluator does).
class ArithmeticVec final : public VecExpr {
 public:
  ArithmeticVec(char op, VecExprPtr a, VecExprPtr b) : VecExpr(VecKind::Int), op_(op), a_(std::move(a)), b_(std::move(b)) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const Vec& a = a_->eval(in);
    const Vec& b = b_->eval(in);
    if (whole_batch(in) && op_ != '*') {
      if (!kernels::add_columns(op_ == '-', a.ints.data(), a.nulls.data(), b.ints.data(), b.nulls.data(), out.ints.data(),
                                out.nulls.data(), in.batch.size)) {
        return;
      }
      fail_on_overflow(in, a, b, out);  // when a selected row overflowed
      return;
    }
    // A sparse selection (or *): the selected rows only, overflow checked per row.
    switch (op_) {
      case '+': apply(in, a, b, out, [](std::int64_t x, std::int64_t y, std::int64_t* r) { return __builtin_add_overflow(x, y, r); }); break;
      case '-': apply(in, a, b, out, [](std::int64_t x, std::int64_t y, std::int64_t* r) { return __builtin_sub_overflow(x, y, r); }); break;
      default: apply(in, a, b, out, [](std::int64_t x, std::int64_t y, std::int64_t* r) { return __builtin_mul_overflow(x, y, r); }); break;
    }
  }

 private:
  // One loop per operator; an overflow (or a null operand's garbage) is
  // looked at after it, so the loop has no branch.
  template <class Op>
  void apply(VecInput& in, const Vec& a, const Vec& b, Vec& out, Op op) const {
    const std::uint8_t* __restrict a_nulls = a.nulls.data();
    const std::uint8_t* __restrict b_nulls = b.nulls.data();
    const std::int64_t* __restrict a_ints = a.ints.data();
    const std::int64_t* __restrict b_ints = b.ints.data();
    std::uint8_t* __restrict nulls = out.nulls.data();
    std::int64_t* __restrict ints = out.ints.data();
    std::uint8_t overflow = 0;
    const auto row = [&](std::size_t i) __attribute__((always_inline)) {
      const std::uint8_t null = a_nulls[i] | b_nulls[i];
      nulls[i] = null;
      std::int64_t r = 0;
      overflow |= static_cast<std::uint8_t>(op(a_ints[i], b_ints[i], &r) & (null == 0));
      ints[i] = r;
    };
    if (in.selection == nullptr) {
      for (std::size_t i = 0, n = in.batch.size; i < n; ++i) row(i);
    } else {
      for (const std::uint32_t i : *in.selection) row(i);
    }
    if (!overflow) return;
    fail_on_overflow(in, a, b, out);
  }
  // The first row whose result overflowed fails with the row evaluator's message.
  void fail_on_overflow(VecInput& in, const Vec& a, const Vec& b, const Vec& out) const {
    in.each([&](std::uint32_t i) {
      if (out.nulls[i] == 0) arithmetic(std::string(1, op_), Value(a.ints[i]), Value(b.ints[i]));  // fails on overflow
    });
  }

  char op_;
  VecExprPtr a_;
  VecExprPtr b_;
};

// STARTS WITH / ENDS WITH / CONTAINS of two texts, and =~ a literal
// pattern: null when either side is null, as the row evaluator's.
class TextTestVec final : public VecExpr {
 public:
  TextTestVec(const Expr& expr, VecExprPtr text, VecExprPtr part)
      : VecExpr(VecKind::Bool), expr_(expr), text_(std::move(text)), part_(std::move(part)) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const Vec& a = text_->eval(in);
    if (expr_.kind == ExprKind::Regex) {
      const re2::RE2& pattern = *expr_.regex;
      in.each([&](std::uint32_t i) __attribute__((always_inline)) {
        out.nulls[i] = a.nulls[i];
        out.ints[i] = a.nulls[i] == 0 && RE2::FullMatch(a.strs[i], pattern);
      });
      return;
    }
    const Vec& b = part_->eval(in);
    const ExprKind kind = expr_.kind;
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      const std::uint8_t null = a.nulls[i] | b.nulls[i];
      out.nulls[i] = null;
      if (null != 0) return;
      const std::string_view text = a.strs[i];
      const std::string_view part = b.strs[i];
      switch (kind) {
        case ExprKind::StartsWith: out.ints[i] = text.starts_with(part); break;
        case ExprKind::EndsWith: out.ints[i] = text.ends_with(part); break;
        default: out.ints[i] = text.find(part) != std::string_view::npos; break;
      }
    });
  }

 private:
  const Expr& expr_;
  VecExprPtr text_;
  VecExprPtr part_;
};

// COUNT { (n)-[:T]->() } and EXISTS of it (a one-hop pattern from a node
// column to any node, DegreeSpec): the node's degree read off the CSR, as
// the DegreeCount plan the row evaluator runs counts it.
class DegreeVec final : public VecExpr {
 public:
  DegreeVec(const DegreeSpec& spec, bool exists) : VecExpr(exists ? VecKind::Bool : VecKind::Int), spec_(spec) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const GraphStore& store = in.ctx.store();
    const std::vector<NodeId>& nodes = in.batch.nodes[spec_.near];
    const bool exists = kind() == VecKind::Bool;
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      const std::int64_t count = degree(store, nodes[i]);
      out.ints[i] = exists ? (count != 0 ? 1 : 0) : count;
    });
  }

 private:
  std::int64_t degree(const GraphStore& store, NodeId near) const {
    if (!has_label(store, near, spec_.near_labels)) return 0;
    std::int64_t count = 0;
    for (const RelType type : spec_.types) {
      if (spec_.direction != Direction::In) count += static_cast<std::int64_t>(store.out(type, near).size());
      if (spec_.direction != Direction::Out) {
        const auto in = store.in(type, near);
        count += static_cast<std::int64_t>(in.size());
        if (spec_.direction == Direction::Both) {  // a self loop is one match (seen outgoing), not two
          const auto [first, last] = std::equal_range(in.begin(), in.end(), near);
          count -= last - first;
        }
      }
    }
    return count;
  }

  const DegreeSpec& spec_;
};

// Three-valued NOT / AND / OR / XOR over booleans; AND and OR evaluate their
// right operand only on the rows the left one leaves open.
class LogicVec final : public VecExpr {
 public:
  LogicVec(ExprKind op, VecExprPtr a, VecExprPtr b) : VecExpr(VecKind::Bool), op_(op), a_(std::move(a)), b_(std::move(b)) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const Vec& a = a_->eval(in);
    if (op_ == ExprKind::Not) {
      in.each([&](std::uint32_t i) __attribute__((always_inline)) {
        out.nulls[i] = a.nulls[i];
        out.ints[i] = a.ints[i] == 0;
      });
      return;
    }
    // Rows whose answer the left operand settles: AND with false, OR with true.
    open_.clear();
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      const bool settles = a.nulls[i] == 0 && ((op_ == ExprKind::And && a.ints[i] == 0) || (op_ == ExprKind::Or && a.ints[i] != 0));
      if (settles) {
        out.ints[i] = a.ints[i];
      } else {
        open_.push_back(i);
      }
    });
    if (open_.empty()) return;
    VecInput right{in.batch, in.ctx, in.scratch, &open_};
    const Vec& b = b_->eval(right);
    for (const std::uint32_t i : open_) {
      const bool an = a.nulls[i] != 0;
      const bool bn = b.nulls[i] != 0;
      const bool av = a.ints[i] != 0;
      const bool bv = b.ints[i] != 0;
      switch (op_) {
        case ExprKind::And:  // a is true or null here
          if (!bn && !bv) {
            out.ints[i] = 0;
          } else if (an || bn) {
            out.nulls[i] = 1;
          } else {
            out.ints[i] = 1;
          }
          break;
        case ExprKind::Or:  // a is false or null here
          if (!bn && bv) {
            out.ints[i] = 1;
          } else if (an || bn) {
            out.nulls[i] = 1;
          } else {
            out.ints[i] = 0;
          }
          break;
        default:  // Xor
          if (an || bn) {
            out.nulls[i] = 1;
          } else {
            out.ints[i] = av != bv;
          }
          break;
      }
    }
  }

 private:
  ExprKind op_;
  VecExprPtr a_;
  VecExprPtr b_;
  std::vector<std::uint32_t> open_;
};

class NullTestVec final : public VecExpr {
 public:
  NullTestVec(bool is_null, VecExprPtr a) : VecExpr(VecKind::Bool), is_null_(is_null), a_(std::move(a)) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    const Vec& a = a_->eval(in);
    const bool nodes = a_->kind() == VecKind::Node;
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      const bool null = !nodes && a.nulls[i] != 0;
      out.ints[i] = null == is_null_;
    });
  }

 private:
  bool is_null_;
  VecExprPtr a_;
};

// An integer or string IN a list literal of non-null values of that kind.
class InListVec final : public VecExpr {
 public:
  InListVec(VecExprPtr item, const Expr& list) : VecExpr(VecKind::Bool), item_(std::move(item)) {
    for (const auto& element : list.args) {
      if (item_->kind() == VecKind::Int) {
        ints_.push_back(element->literal.as_int());
      } else {
        strs_.push_back(element->literal.as_string());
      }
    }
  }

 protected:
  void run(VecInput& in, Vec& out) override {
    const Vec& a = item_->eval(in);
    in.each([&](std::uint32_t i) __attribute__((always_inline)) {
      if (a.nulls[i] != 0) {
        out.nulls[i] = ints_.empty() && strs_.empty() ? 0 : 1;
        out.ints[i] = 0;
        return;
      }
      bool found = false;
      if (item_->kind() == VecKind::Int) {
        found = std::find(ints_.begin(), ints_.end(), a.ints[i]) != ints_.end();
      } else {
        found = std::find(strs_.begin(), strs_.end(), a.strs[i]) != strs_.end();
      }
      out.ints[i] = found;
    });
  }

 private:
  VecExprPtr item_;
  std::vector<std::int64_t> ints_;
  std::vector<std::string_view> strs_;
};

bool node_variable(const Expr& e, const Slots& slots) {
  return e.kind == ExprKind::Variable && e.slot < slots.nodes.size() && slots.nodes[e.slot] != 0;
}
bool rel_variable(const Expr& e, const Slots& slots) {
  return e.kind == ExprKind::Variable && e.slot < slots.rels.size() && slots.rels[e.slot] != 0;
}

// A literal list whose elements are all non-null literals of `kind`.
bool literal_list_of(const Expr& list, VecKind kind) {
  if (list.kind != ExprKind::ListLiteral) return false;
  return std::all_of(list.args.begin(), list.args.end(), [&](const ExprPtr& e) {
    return e->kind == ExprKind::Literal && kind_of(e->literal) == kind;
  });
}

VecExprPtr compile_native(const Expr& expr, const Slots& node_slots);

VecExprPtr compile_child(const Expr& expr, const Slots& node_slots) { return compile_native(expr, node_slots); }

// The expression's batched form, or null when it has none (the caller
// then runs the whole expression row by row).
VecExprPtr compile_native(const Expr& expr, const Slots& node_slots) {
  switch (expr.kind) {
    case ExprKind::Literal: return std::make_unique<LiteralVec>(expr.literal);
    case ExprKind::Variable:
      if (node_variable(expr, node_slots)) return std::make_unique<NodeVec>(expr.slot);
      if (const auto column = node_slots.value(expr.slot)) return std::make_unique<ValueColumnVec>(expr.slot, *column);
      return nullptr;
    case ExprKind::Property:
      if (rel_variable(*expr.args[0], node_slots)) {
        if (rel_property_kind(expr.property) == VecKind::Null) return nullptr;
        return std::make_unique<RelPropertyVec>(expr.args[0]->slot, expr.property);
      }
      if (!node_variable(*expr.args[0], node_slots)) return nullptr;
      return std::make_unique<PropertyVec>(expr.args[0]->slot, expr.property);
    case ExprKind::HasLabels:
      if (!node_variable(*expr.args[0], node_slots)) return nullptr;
      return std::make_unique<LabelTestVec>(expr.args[0]->slot, expr);
    case ExprKind::Compare: {
      if (expr.args.size() != 2) return nullptr;
      const auto op = compare_op_of(expr.op);
      if (!op) return nullptr;
      auto a = compile_child(*expr.args[0], node_slots);
      auto b = compile_child(*expr.args[1], node_slots);
      if (!a || !b || a->kind() != b->kind()) return nullptr;
      const VecKind k = a->kind();
      const bool equality = *op == CompareOp::Eq || *op == CompareOp::Ne;
      if (k != VecKind::Int && k != VecKind::Str && !(k == VecKind::Node && equality)) return nullptr;
      return std::make_unique<CompareVec>(*op, std::move(a), std::move(b));
    }
    case ExprKind::Arithmetic: {
      if (expr.args.size() != 2) return nullptr;
      auto a = compile_child(*expr.args[0], node_slots);
      auto b = compile_child(*expr.args[1], node_slots);
      if (!a || !b) return nullptr;
      if ((expr.op == "+" || expr.op == "-" || expr.op == "*") && a->kind() == VecKind::Int && b->kind() == VecKind::Int) {
        return std::make_unique<ArithmeticVec>(expr.op[0], std::move(a), std::move(b));
      }
      std::vector<VecExprPtr> args;
      args.push_back(std::move(a));
      args.push_back(std::move(b));
      return compile_function(expr, std::move(args));  // division, remainder, texts, floats
    }
    case ExprKind::Not:
    case ExprKind::And:
    case ExprKind::Or:
    case ExprKind::Xor: {
      auto a = compile_child(*expr.args[0], node_slots);
      if (!a || a->kind() != VecKind::Bool) return nullptr;
      VecExprPtr b;
      if (expr.kind != ExprKind::Not) {
        b = compile_child(*expr.args[1], node_slots);
        if (!b || b->kind() != VecKind::Bool) return nullptr;
      }
      return std::make_unique<LogicVec>(expr.kind, std::move(a), std::move(b));
    }
    case ExprKind::IsNull:
    case ExprKind::IsNotNull: {
      auto a = compile_child(*expr.args[0], node_slots);
      if (!a || a->kind() == VecKind::Any || a->kind() == VecKind::Null) return nullptr;
      return std::make_unique<NullTestVec>(expr.kind == ExprKind::IsNull, std::move(a));
    }
    case ExprKind::PatternCount:
    case ExprKind::PatternExists: {
      if (!expr.plan || !expr.plan_writes_nothing) return nullptr;
      const OperatorForm form = expr.plan->form();
      if (form.kind != OperatorForm::Kind::Degree || form.degree->far != kNoSlot) return nullptr;
      if (form.degree->near >= node_slots.nodes.size() || node_slots.nodes[form.degree->near] == 0) return nullptr;
      return std::make_unique<DegreeVec>(*form.degree, expr.kind == ExprKind::PatternExists);
    }
    case ExprKind::StartsWith:
    case ExprKind::EndsWith:
    case ExprKind::Contains:
    case ExprKind::Regex: {
      if (expr.args.size() != 2) return nullptr;
      if (expr.kind == ExprKind::Regex && !expr.regex) return nullptr;  // a pattern computed per row
      auto a = compile_child(*expr.args[0], node_slots);
      auto b = compile_child(*expr.args[1], node_slots);
      if (!a || !b || a->kind() != VecKind::Str || b->kind() != VecKind::Str) return nullptr;
      return std::make_unique<TextTestVec>(expr, std::move(a), std::move(b));
    }
    case ExprKind::In: {
      auto item = compile_child(*expr.args[0], node_slots);
      if (!item || (item->kind() != VecKind::Int && item->kind() != VecKind::Str)) return nullptr;
      if (!literal_list_of(*expr.args[1], item->kind())) return nullptr;
      return std::make_unique<InListVec>(std::move(item), *expr.args[1]);
    }
    case ExprKind::Function: {
      std::vector<VecExprPtr> args;
      for (const auto& arg : expr.args) {
        if (!arg) return nullptr;
        auto compiled = compile_child(*arg, node_slots);
        if (!compiled) return nullptr;
        args.push_back(std::move(compiled));
      }
      return compile_function(expr, std::move(args));
    }
    case ExprKind::Case: {
      std::vector<VecExprPtr> args;
      for (const auto& arg : expr.args) {
        auto compiled = arg ? compile_child(*arg, node_slots) : nullptr;
        if (!compiled) return nullptr;
        args.push_back(std::move(compiled));
      }
      return compile_case(expr, std::move(args));
    }
    default: return nullptr;
  }
}

}  // namespace

namespace {

// The index of each row's node label (node_slot) or relationship type.
class ShapeIndexVec final : public VecExpr {
 public:
  ShapeIndexVec(Slot slot, bool relationship) : VecExpr(VecKind::Int), slot_(slot), relationship_(relationship) {}

 protected:
  void run(VecInput& in, Vec& out) override {
    if (relationship_) {
      const std::vector<RelRef>& rels = in.batch.rels[slot_];
      in.each([&](std::uint32_t i) { out.ints[i] = static_cast<std::int64_t>(index_of(rels[i].type)); });
      return;
    }
    const GraphStore& store = in.ctx.store();
    const std::vector<NodeId>& nodes = in.batch.nodes[slot_];
    in.each([&](std::uint32_t i) { out.ints[i] = static_cast<std::int64_t>(index_of(store.label(nodes[i]))); });
  }

 private:
  Slot slot_;
  bool relationship_;
};

}  // namespace

VecExprPtr compile_shape_index(Slot slot, bool relationship) { return std::make_unique<ShapeIndexVec>(slot, relationship); }

VecExprPtr compile_vector(const Expr& expr, const BatchLayout& layout) {
  if (auto native = compile_native(expr, layout)) return native;
  return std::make_unique<RowEval>(expr);
}

}  // namespace trellis::cypher
