// Shared by the structural query tests: a small graph built by qualified
// name, answers turned back into names, and the Python fixture
// tests/fixtures/python/shop indexed from source.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trellis/ingest/index_repository.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {

// Nodes are named by qualified name; the short name is its last segment.
class NamedGraph {
 public:
  NamedGraph& node(Label label, const std::string& qualified_name) {
    auto id = builder_.add_node(label, qualified_name, short_name(qualified_name));
    REQUIRE_MESSAGE(id.ok(), qualified_name);
    built_[{label, qualified_name}] = *id;
    last_ = *id;
    return *this;
  }
  // Properties of the node added last.
  NamedGraph& line(std::int32_t line_start) {
    builder_.set_int(last_, column("line_start"), line_start);
    return *this;
  }
  NamedGraph& flag(std::string_view property, bool value) {
    builder_.set_bool(last_, column(property), value);
    return *this;
  }
  NamedGraph& list(std::string_view property, std::initializer_list<std::string_view> items) {
    for (const std::string_view item : items) builder_.add_list_item(last_, column(property), item);
    return *this;
  }
  NamedGraph& unresolved_calls(int count) {
    for (int i = 0; i < count; ++i) builder_.add_unresolved_call(last_, "x.unknown", i + 1);
    return *this;
  }
  // An edge between nodes named by qualified name (the code node when a
  // Package shares the name).
  NamedGraph& edge(RelType type, const std::string& from, const std::string& to) {
    builder_.add_edge(type, build_id(from), build_id(to));
    return *this;
  }

  void build() {
    auto built = std::move(builder_).build();
    REQUIRE(built.ok());
    graph_ = std::move(built).value();
  }
  const GraphStore& store() const { return graph_.store; }
  NodeId operator[](const std::string& qualified_name) const {
    const auto found = graph_.store.find_all(qualified_name);
    REQUIRE_MESSAGE(!found.empty(), "no node ", qualified_name);
    return found.back();
  }

 private:
  static std::string short_name(const std::string& qualified_name) {
    const auto dot = qualified_name.rfind('.');
    return dot == std::string::npos ? qualified_name : qualified_name.substr(dot + 1);
  }
  std::size_t column(std::string_view property) const {
    const auto index = property_index(builder_.label(last_), property);
    REQUIRE_MESSAGE(index.has_value(), property);
    return *index;
  }
  BuildId build_id(const std::string& qualified_name) const {
    const BuildId* found = nullptr;
    for (const auto& [key, id] : built_) {
      if (key.second == qualified_name && (found == nullptr || key.first != Label::Package))
        found = &id;
    }
    REQUIRE_MESSAGE(found != nullptr, "no node ", qualified_name);
    return *found;
  }

  GraphBuilder builder_;
  std::map<std::pair<Label, std::string>, BuildId> built_;
  BuildId last_ = 0;
  BuiltGraph graph_;
};

// (qualified name, depth) of each row, in the answer's order.
using NamedRows = std::vector<std::pair<std::string, int>>;

inline NamedRows named(const GraphStore& store, std::span<const queries::NodeAtDepth> rows) {
  NamedRows out;
  for (const auto& row : rows) out.emplace_back(store.qualified_name(row.node), row.depth);
  return out;
}

inline std::vector<std::string> named(const GraphStore& store, std::span<const NodeId> nodes) {
  std::vector<std::string> out;
  for (const NodeId node : nodes) out.push_back(store.qualified_name(node));
  return out;
}

inline std::vector<std::pair<std::string, std::string>> named(
    const GraphStore& store, std::span<const std::pair<NodeId, NodeId>> edges) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [a, b] : edges)
    out.emplace_back(store.qualified_name(a), store.qualified_name(b));
  return out;
}

// tests/fixtures/python/shop, indexed once per test binary.
inline const GraphStore& shop_store() {
  static const GraphStore store = [] {
    ingest::IndexOptions options;
    options.root = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";
    auto indexed = ingest::index_repository(options);
    REQUIRE(indexed.ok());
    return std::move(indexed->store);
  }();
  return store;
}

}  // namespace trellis::testing
