#include "trellis/cypher/value/value_compare.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace trellis::cypher {
namespace {

int sign(double a, double b) { return a < b ? -1 : (a > b ? 1 : 0); }

int three_way(std::int64_t a, std::int64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

// Integers compare exactly; an integer and a float as doubles.
int number_compare(const Value& a, const Value& b) {
  if (a.kind() == ValueKind::Int && b.kind() == ValueKind::Int) return three_way(a.as_int(), b.as_int());
  return sign(a.as_number(), b.as_number());
}

int rank(ValueKind kind) {
  switch (kind) {
    case ValueKind::Map: return 0;
    case ValueKind::Node: return 1;
    case ValueKind::Relationship: return 2;
    case ValueKind::List: return 3;
    case ValueKind::Path: return 4;
    case ValueKind::String: return 5;
    case ValueKind::Bool: return 6;
    case ValueKind::Int:
    case ValueKind::Float: return 7;
    case ValueKind::Null: return 8;
  }
  return 8;
}

Ternary all_equal(std::size_t n, const std::function<Ternary(std::size_t)>& item) {
  bool unknown = false;
  for (std::size_t i = 0; i < n; ++i) {
    const Ternary t = item(i);
    if (t == Ternary::False) return Ternary::False;
    if (t == Ternary::Unknown) unknown = true;
  }
  return unknown ? Ternary::Unknown : Ternary::True;
}

bool same_path(const PathValue& a, const PathValue& b) { return a.nodes == b.nodes && a.rels == b.rels; }

}  // namespace

Ternary equals(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return Ternary::Unknown;
  if (a.is_number() && b.is_number()) {
    if (a.kind() == ValueKind::Float && std::isnan(a.as_float())) return Ternary::False;
    if (b.kind() == ValueKind::Float && std::isnan(b.as_float())) return Ternary::False;
    return number_compare(a, b) == 0 ? Ternary::True : Ternary::False;
  }
  if (a.kind() != b.kind()) return Ternary::False;
  const auto of = [](bool t) { return t ? Ternary::True : Ternary::False; };
  switch (a.kind()) {
    case ValueKind::Bool: return of(a.as_bool() == b.as_bool());
    case ValueKind::String: return of(a.as_string() == b.as_string());
    case ValueKind::Node: return of(a.as_node() == b.as_node());
    case ValueKind::Relationship: return of(a.as_rel() == b.as_rel());
    case ValueKind::Path: return of(same_path(a.as_path(), b.as_path()));
    case ValueKind::List: {
      const ValueList& x = a.as_list();
      const ValueList& y = b.as_list();
      if (x.size() != y.size()) return Ternary::False;
      return all_equal(x.size(), [&](std::size_t i) { return equals(x[i], y[i]); });
    }
    case ValueKind::Map: {
      const ValueMap& x = a.as_map();
      const ValueMap& y = b.as_map();
      if (x.size() != y.size()) return Ternary::False;
      return all_equal(x.size(), [&](std::size_t i) {
        const Value* other = b.find(x[i].first);
        return other == nullptr ? Ternary::False : equals(x[i].second, *other);
      });
    }
    default: return Ternary::False;
  }
}

std::optional<int> compare(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return std::nullopt;
  if (a.is_number() && b.is_number()) {
    if ((a.kind() == ValueKind::Float && std::isnan(a.as_float())) ||
        (b.kind() == ValueKind::Float && std::isnan(b.as_float())))
      return std::nullopt;
    return number_compare(a, b);
  }
  if (a.kind() != b.kind()) return std::nullopt;
  switch (a.kind()) {
    case ValueKind::String: return a.as_string().compare(b.as_string()) < 0 ? -1 : (a.as_string() == b.as_string() ? 0 : 1);
    case ValueKind::Bool: return static_cast<int>(a.as_bool()) - static_cast<int>(b.as_bool());
    case ValueKind::List: {
      const ValueList& x = a.as_list();
      const ValueList& y = b.as_list();
      for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        const auto c = compare(x[i], y[i]);
        if (!c) return std::nullopt;
        if (*c != 0) return c;
      }
      return three_way(static_cast<std::int64_t>(x.size()), static_cast<std::int64_t>(y.size()));
    }
    default: return std::nullopt;
  }
}

int order_compare(const Value& a, const Value& b) {
  const int ra = rank(a.kind());
  const int rb = rank(b.kind());
  if (ra != rb) return ra < rb ? -1 : 1;
  switch (a.kind()) {
    case ValueKind::Null: return 0;
    case ValueKind::Int:
    case ValueKind::Float: {
      const bool na = a.kind() == ValueKind::Float && std::isnan(a.as_float());
      const bool nb = b.kind() == ValueKind::Float && std::isnan(b.as_float());
      if (na || nb) return na == nb ? 0 : (na ? 1 : -1);  // NaN after every number
      return number_compare(a, b);
    }
    case ValueKind::Bool: return static_cast<int>(a.as_bool()) - static_cast<int>(b.as_bool());
    case ValueKind::String: {
      const int c = a.as_string().compare(b.as_string());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case ValueKind::Node: return three_way(a.as_node().id, b.as_node().id);
    case ValueKind::Relationship: {
      const RelRef& x = a.as_rel();
      const RelRef& y = b.as_rel();
      if (x.type != y.type) return x.type < y.type ? -1 : 1;
      return three_way(x.pos, y.pos);
    }
    case ValueKind::List: {
      const ValueList& x = a.as_list();
      const ValueList& y = b.as_list();
      for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        const int c = order_compare(x[i], y[i]);
        if (c != 0) return c;
      }
      return three_way(static_cast<std::int64_t>(x.size()), static_cast<std::int64_t>(y.size()));
    }
    case ValueKind::Path: {
      const PathValue& x = a.as_path();
      const PathValue& y = b.as_path();
      for (std::size_t i = 0; i < std::min(x.nodes.size(), y.nodes.size()); ++i) {
        if (x.nodes[i] != y.nodes[i]) return x.nodes[i] < y.nodes[i] ? -1 : 1;
      }
      return three_way(static_cast<std::int64_t>(x.nodes.size()), static_cast<std::int64_t>(y.nodes.size()));
    }
    case ValueKind::Map: {
      const ValueMap& x = a.as_map();
      const ValueMap& y = b.as_map();
      for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        const int k = x[i].first.compare(y[i].first);
        if (k != 0) return k < 0 ? -1 : 1;
        const int c = order_compare(x[i].second, y[i].second);
        if (c != 0) return c;
      }
      return three_way(static_cast<std::int64_t>(x.size()), static_cast<std::int64_t>(y.size()));
    }
  }
  return 0;
}

bool equivalent(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  if (a.kind() == ValueKind::List && b.kind() == ValueKind::List) {
    const ValueList& x = a.as_list();
    const ValueList& y = b.as_list();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!equivalent(x[i], y[i])) return false;
    }
    return true;
  }
  if (a.kind() == ValueKind::Map && b.kind() == ValueKind::Map) {
    const ValueMap& x = a.as_map();
    if (x.size() != b.as_map().size()) return false;
    for (const auto& [key, value] : x) {
      const Value* other = b.find(key);
      if (other == nullptr || !equivalent(value, *other)) return false;
    }
    return true;
  }
  if (a.kind() == ValueKind::Float && b.kind() == ValueKind::Float && std::isnan(a.as_float()) &&
      std::isnan(b.as_float()))
    return true;
  return equals(a, b) == Ternary::True;
}

std::size_t hash_value(const Value& value) {
  constexpr std::size_t kMix = 0x9e3779b97f4a7c15ull;
  const auto combine = [](std::size_t seed, std::size_t h) { return seed ^ (h + kMix + (seed << 6) + (seed >> 2)); };
  switch (value.kind()) {
    case ValueKind::Null: return 0x51ed;
    case ValueKind::Bool: return value.as_bool() ? 3 : 5;
    case ValueKind::Int: return std::hash<double>{}(static_cast<double>(value.as_int()));
    case ValueKind::Float: {
      const double d = value.as_float();
      return std::isnan(d) ? 0x7ff8 : std::hash<double>{}(d);
    }
    case ValueKind::String: return std::hash<std::string>{}(value.as_string());
    case ValueKind::Node: return std::hash<std::uint64_t>{}(value.as_node().id) * kMix;
    case ValueKind::Relationship: {
      const RelRef& r = value.as_rel();
      return combine(static_cast<std::size_t>(r.type), r.pos);
    }
    case ValueKind::Path: {
      std::size_t h = 0x9a7;
      for (const NodeId n : value.as_path().nodes) h = combine(h, n);
      return h;
    }
    case ValueKind::List: {
      std::size_t h = 0x1157;
      for (const Value& item : value.as_list()) h = combine(h, hash_value(item));
      return h;
    }
    case ValueKind::Map: {
      std::size_t h = 0x3a9;  // order-independent: keys may come in any order
      for (const auto& [key, item] : value.as_map()) h += combine(std::hash<std::string>{}(key), hash_value(item));
      return h;
    }
  }
  return 0;
}

Value to_value(Ternary t) {
  switch (t) {
    case Ternary::True: return true;
    case Ternary::False: return false;
    case Ternary::Unknown: return {};
  }
  return {};
}

std::optional<Ternary> to_ternary(const Value& value) {
  if (value.is_null()) return Ternary::Unknown;
  if (value.kind() != ValueKind::Bool) return std::nullopt;
  return value.as_bool() ? Ternary::True : Ternary::False;
}

}  // namespace trellis::cypher
