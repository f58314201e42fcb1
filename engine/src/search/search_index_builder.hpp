// Collects the full-text terms GraphBuilder is given and lays out the
// search.* arrays of StoreParts (store_parts.hpp) in O(postings + terms
// log terms): terms in byte order, each term's postings by node id with
// the counts of all its fields merged into one packed word.
//
// Given the index of the snapshot being replaced (previous_search_index.hpp),
// a node may take its postings and field lengths from there (reuse()) rather
// than have its words added again: build() then merges the previous
// postings of reused nodes, renumbered, with the words added, in
// O(previous postings + added words log added words), and takes the reused
// nodes' forward index (search.node_term_*) from the previous one with its
// terms renumbered. The result is the index a build from every word would
// give.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "trellis/search/previous_search_index.hpp"
#include "trellis/search/search_field.hpp"
#include "trellis/store/ids.hpp"
#include "trellis/store/store_parts.hpp"
#include "trellis/store/string_table.hpp"

namespace trellis::search {

// One word of one node as SearchIndexBuilder collects it.
struct SearchIndexEntry {
  std::uint32_t term;
  std::uint32_t node;
  std::uint32_t counts;  // packed, search_field.hpp
};

class SearchIndexBuilder {
 public:
  // A handle for `word`, the same for equal words.
  std::uint32_t intern(std::string_view word) { return words_.intern(word); }
  // `count` occurrences of the word `term` (from intern) in `field` of the
  // node with builder id `node`.
  void add(std::uint32_t node, std::uint32_t term, SearchField field, std::uint32_t count);
  // Room for `terms` more add() calls.
  void reserve(std::size_t terms) { entries_.reserve(entries_.size() + terms); }
  // The node with builder id `node` has, word for word, the postings of
  // `old_node` in `previous` (one previous index for every reuse; no word
  // is added for a reused node).
  void reuse(std::uint32_t node, const PreviousSearchIndex& previous, NodeId old_node);
  bool empty() const { return entries_.empty() && reused_.empty(); }

  // Fills parts.search_* for a graph of `node_count` nodes; node_ids maps
  // the builder ids given to add() and reuse() to final node ids.
  void build(std::span<const NodeId> node_ids, std::size_t node_count, StoreParts& parts) &&;

 private:
  using Entry = SearchIndexEntry;
  struct Reused {
    std::uint32_t node;
    NodeId old_node;
  };
  // The merge of build() when nodes are reused.
  void build_reusing(std::span<const NodeId> node_ids, std::size_t node_count, StoreParts& parts) &&;

  StringInterner words_;
  const PreviousSearchIndex* previous_ = nullptr;
  std::vector<Reused> reused_;
  std::vector<Entry> entries_;
  std::vector<std::array<std::uint32_t, kSearchFieldCount>> lengths_;  // by builder id
};

}  // namespace trellis::search
