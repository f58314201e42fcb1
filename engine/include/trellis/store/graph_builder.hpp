// GraphBuilder: the one way to make a GraphStore. Ingest and CSV import both
// add nodes, properties and edges here, then build() lays them out in
// O(V + E): ids grouped by label, strings interned, CSR per relationship
// type in both directions, and the name indexes.
//
// Builder ids are handed out by add_node in call order; build() reports the
// final NodeId of each. The same sequence of calls always produces the same
// store, byte for byte.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/search/search_field.hpp"
#include "trellis/store/graph_store.hpp"
#include "trellis/store/string_table.hpp"
#include "trellis/store/unresolved_reason.hpp"

namespace trellis {
namespace search {
class PreviousSearchIndex;
class SearchIndexBuilder;
}

using BuildId = std::uint32_t;

struct BuiltGraph {
  GraphStore store;
  std::vector<NodeId> node_ids;  // node_ids[build id] = final NodeId
};

class GraphBuilder {
 public:
  GraphBuilder();
  ~GraphBuilder();
  GraphBuilder(GraphBuilder&&) noexcept;
  GraphBuilder& operator=(GraphBuilder&&) noexcept;

  // Adds a node. Refuses (INVALID_ARGUMENT) a second node with the same
  // label and qualified_name, or an empty qualified_name.
  Result<BuildId> add_node(Label label, std::string_view qualified_name, std::string_view name);
  // The node with this label and qualified name: the one added before
  // (second: false), else a new one as add_node adds it (second: true).
  Result<std::pair<BuildId, bool>> find_or_add_node(Label label, std::string_view qualified_name,
                                                    std::string_view name);
  // The node added with this label and qualified name, if any.
  std::optional<BuildId> find(Label label, std::string_view qualified_name) const;
  std::size_t node_count() const { return nodes_.size(); }
  Label label(BuildId node) const { return nodes_[node].label; }
  std::string_view qualified_name(BuildId node) const { return qnames_.get(nodes_[node].qualified_name); }

  // Node properties; `column` indexes label_def(label).properties and must
  // have the matching type. Unset properties are null. Setting twice keeps
  // the last value; add_list_item appends to the list.
  void set_int(BuildId node, std::size_t column, std::int32_t value);
  void set_bool(BuildId node, std::size_t column, bool value);
  void set_string(BuildId node, std::size_t column, std::string_view value);
  // set_string with the id intern(value) gave: for a value set on many nodes.
  void set_string_id(BuildId node, std::size_t column, StringId value);
  void add_list_item(BuildId node, std::size_t column, std::string_view item);

  // Adds an edge and returns its index among this type's edges, for the
  // edge property setters. Parallel edges and self loops are kept.
  std::uint32_t add_edge(RelType type, BuildId source, BuildId target);
  void set_edge_int(RelType type, std::uint32_t edge, std::size_t column, std::int32_t value);
  void set_edge_string(RelType type, std::uint32_t edge, std::size_t column, std::string_view value);
  void set_edge_string_id(RelType type, std::uint32_t edge, std::size_t column, StringId value);

  // The id the store gives `text` (interning it), for the *_id setters.
  StringId intern(std::string_view text) { return strings_.intern(text); }
  std::size_t edge_count(RelType type) const { return edges_[index_of(type)].sources.size(); }

  // Records a call site in `caller` that resolution could not link, and why.
  void add_unresolved_call(BuildId caller, std::string_view text, std::int32_t line,
                           UnresolvedReason reason = UnresolvedReason::Unknown);

  // Full-text terms (search/search_field.hpp): a handle for a word, then
  // `count` occurrences of it in one field of a node. Words are indexed as
  // given (search/word_split.hpp makes them).
  std::uint32_t intern_search_word(std::string_view word);
  void add_search_term(BuildId node, std::uint32_t word, search::SearchField field, std::uint32_t count = 1);
  // Room for `terms` more add_search_term calls (a hint: its vector then
  // grows once instead of doubling over and over).
  void reserve_search_terms(std::size_t terms);
  // Instead of its words: the node's postings are those of `old_node` in
  // the index of the snapshot this one replaces (search/previous_search_index.hpp),
  // which must outlive build(). A node is given words or reused, not both.
  void reuse_search_terms(BuildId node, const search::PreviousSearchIndex& previous, NodeId old_node);

  // The normalised body hash of a definition (store_parts.hpp body_hashes; 0: none).
  void set_body_hash(BuildId node, std::uint64_t hash);

  // Lays out the store. Fails with INVALID_ARGUMENT on an edge whose end is
  // not a node, or with INTERNAL when the graph exceeds the id space.
  Result<BuiltGraph> build() &&;

 private:
  // find() with hash_string(qualified_name) given.
  std::optional<BuildId> find(Label label, std::string_view qualified_name, std::uint64_t hash) const;
  struct NodeEntry {
    Label label;
    std::uint32_t row;            // row in its label
    StringId name;
    StringId qualified_name;      // id in qnames_, not strings_
  };
  // Column contents while building: plain vectors, or (row, item) pairs for lists.
  struct ColumnBuilder {
    ValueType type;
    std::vector<std::int32_t> ints;
    std::vector<std::uint8_t> bools;
    std::vector<StringId> strings;
    std::vector<std::uint32_t> list_rows;
    std::vector<StringId> list_items;
  };
  struct EdgeList {
    std::vector<BuildId> sources;
    std::vector<BuildId> targets;
    std::vector<ColumnBuilder> properties;
  };

  ColumnBuilder& node_column(BuildId node, std::size_t column, ValueType type);
  ColumnBuilder& edge_column(RelType type, std::uint32_t edge, std::size_t column, ValueType value_type);

  StringInterner strings_;
  StringInterner qnames_;  // full qualified names, only while building
  std::vector<NodeEntry> nodes_;
  std::vector<BuildId> first_with_qname_;  // by qnames_ id; kNoNode when none
  std::vector<BuildId> next_with_qname_;   // by build id: chain of equal names
  std::array<std::uint32_t, kLabelCount> label_rows_{};
  std::array<std::vector<ColumnBuilder>, kLabelCount> columns_;
  std::array<EdgeList, kRelTypeCount> edges_;
  std::vector<BuildId> unresolved_callers_;
  std::vector<StringId> unresolved_texts_;
  std::vector<std::int32_t> unresolved_lines_;
  std::vector<std::uint8_t> unresolved_reasons_;
  std::unique_ptr<search::SearchIndexBuilder> search_;
  std::vector<std::uint64_t> body_hashes_;  // by build id; empty while none is set
};

}  // namespace trellis
