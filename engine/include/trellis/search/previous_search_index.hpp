// The full-text index of the snapshot an incremental index replaces, read
// on its own (the search.* sections and the stable node id index, nothing
// else of the store): GraphBuilder keeps the postings of the definitions
// whose words cannot have changed from it instead of indexing them again
// (search_index_builder.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

#include "trellis/common/error.hpp"
#include "trellis/search/search_index.hpp"
#include "trellis/store/ids.hpp"
#include "trellis/store/store_parts.hpp"

namespace trellis::search {

class PreviousSearchIndex {
 public:
  // Maps the snapshot at `path` and reads its search.* and index.node_id_*
  // sections, each checked against its checksum and against the others
  // (sizes, offsets, node ids in range, terms in byte order). nullopt when
  // the snapshot has no full-text index; DATABASE_ERROR when it cannot be
  // read or any check fails.
  static Result<std::optional<PreviousSearchIndex>> load(const std::filesystem::path& path);

  std::size_t node_count() const { return node_count_; }
  // The node whose stable key (store/node_id.hpp) is `key`, if exactly one has it.
  std::optional<NodeId> find(std::uint64_t key) const;
  SearchIndex index() const { return SearchIndex(parts_); }
  std::size_t posting_count() const { return parts_.search_posting_nodes.size(); }
  // Its forward index of the name and doc fields (store_parts.hpp; both
  // empty when it has none).
  std::span<const std::uint32_t> node_term_offsets() const {
    return parts_.search_node_term_offsets.span();
  }
  std::span<const std::uint32_t> node_terms() const { return parts_.search_node_terms.span(); }
  // A node's length in words in each field.
  std::uint16_t field_length(NodeId node, SearchField field) const {
    return parts_.search_field_lengths[static_cast<std::size_t>(node) * kSearchFieldCount + index_of(field)];
  }

 private:
  PreviousSearchIndex() = default;
  StoreParts parts_;  // the arrays named above; the rest stay empty
  std::size_t node_count_ = 0;
};

}  // namespace trellis::search
