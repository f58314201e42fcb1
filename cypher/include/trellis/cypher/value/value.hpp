// Value: what a Cypher expression evaluates to. null, boolean, 64-bit
// integer, double, string, list, map, node, relationship and path.
//
// Nodes and relationships are store references (a NodeId; a relationship's
// type, forward edge position and endpoints): they stay valid as long as the
// GraphStore they came from, and are printed as objects, never as ids.
// Lists, maps and paths are immutable and shared, so copying a Value is
// cheap whatever it holds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "trellis/store/ids.hpp"
#include "trellis/store/property_value.hpp"
#include "trellis/store/schema.hpp"

namespace trellis::cypher {

struct NodeRef {
  NodeId id = kNoNode;
  friend bool operator==(NodeRef, NodeRef) = default;
};

// One edge of the store: identity is (type, pos); from/to as written.
// Inside the executor an anonymous relationship reached backwards may carry
// kLazyPos and its index in `to`'s incoming list instead (finding the
// forward position costs two binary searches); such a reference never
// leaves the executor (see executor/edge_cursor.hpp).
inline constexpr EdgePos kLazyPos = static_cast<EdgePos>(-1);
struct RelRef {
  RelType type = RelType::Calls;
  EdgePos pos = 0;
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  std::uint32_t reverse_index = 0;  // with pos == kLazyPos
  friend bool operator==(const RelRef& a, const RelRef& b) { return a.type == b.type && a.pos == b.pos; }
  // The forward position, resolving a lazy one.
  template <class Store>
  EdgePos position(const Store& store) const {
    return pos != kLazyPos ? pos : store.in_edge_position(type, to, reverse_index);
  }
};

// A path: nodes.size() == rels.size() + 1; rels[i] joins nodes[i] and nodes[i+1]
// (in either direction).
struct PathValue {
  std::vector<NodeId> nodes;
  std::vector<RelRef> rels;
};

class Value;
using ValueList = std::vector<Value>;
// A map keeps its keys in insertion order (each key once).
using ValueMap = std::vector<std::pair<std::string, Value>>;

enum class ValueKind : std::uint8_t { Null, Bool, Int, Float, String, List, Map, Node, Relationship, Path };

std::string_view to_string(ValueKind kind);  // "NULL", "BOOLEAN", "INTEGER", ...

class Value {
 public:
  Value() = default;
  Value(std::nullptr_t) {}                                  // NOLINT: null
  Value(bool b) : v_(b) {}                                  // NOLINT
  Value(std::int64_t i) : v_(i) {}                          // NOLINT
  Value(int i) : v_(static_cast<std::int64_t>(i)) {}        // NOLINT
  Value(double d) : v_(d) {}                                // NOLINT
  Value(std::string s) : v_(std::move(s)) {}                // NOLINT
  Value(std::string_view s) : v_(std::string(s)) {}         // NOLINT
  Value(const char* s) : v_(std::string(s)) {}              // NOLINT
  Value(ValueList list) : v_(std::make_shared<const ValueList>(std::move(list))) {}  // NOLINT
  Value(ValueMap map) : v_(std::make_shared<const ValueMap>(std::move(map))) {}      // NOLINT
  Value(NodeRef node) : v_(node) {}                         // NOLINT
  Value(RelRef rel) : v_(rel) {}                            // NOLINT
  Value(PathValue path) : v_(std::make_shared<const PathValue>(std::move(path))) {}  // NOLINT

  // Storing a node or relationship into a slot that held one already
  // overwrites it in place (no temporary Value, no variant visit).
  Value& operator=(NodeRef node) {
    v_ = node;
    return *this;
  }
  Value& operator=(RelRef rel) {
    v_ = rel;
    return *this;
  }

  ValueKind kind() const { return static_cast<ValueKind>(v_.index()); }
  bool is_null() const { return kind() == ValueKind::Null; }
  bool is_number() const { return kind() == ValueKind::Int || kind() == ValueKind::Float; }

  bool as_bool() const { return std::get<bool>(v_); }
  std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
  double as_float() const { return std::get<double>(v_); }
  // Int or Float as a double.
  double as_number() const { return kind() == ValueKind::Int ? static_cast<double>(as_int()) : as_float(); }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const ValueList& as_list() const { return *std::get<std::shared_ptr<const ValueList>>(v_); }
  const ValueMap& as_map() const { return *std::get<std::shared_ptr<const ValueMap>>(v_); }
  NodeRef as_node() const { return std::get<NodeRef>(v_); }
  const RelRef& as_rel() const { return std::get<RelRef>(v_); }
  const PathValue& as_path() const { return *std::get<std::shared_ptr<const PathValue>>(v_); }

  // The value of `key` in a map, null when absent.
  const Value* find(std::string_view key) const;

 private:
  std::variant<std::monostate, bool, std::int64_t, double, std::string, std::shared_ptr<const ValueList>,
               std::shared_ptr<const ValueMap>, NodeRef, RelRef, std::shared_ptr<const PathValue>>
      v_;
};

// A store property as a Value (string lists become lists of strings).
Value from_property(const PropertyValue& value);

}  // namespace trellis::cypher
