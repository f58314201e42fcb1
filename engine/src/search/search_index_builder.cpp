#include "search_index_builder.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace trellis::search {

void SearchIndexBuilder::add(std::uint32_t node, std::uint32_t term, SearchField field, std::uint32_t count) {
  if (count == 0) return;
  entries_.push_back({term, node, add_field_count(0, field, count)});
  if (lengths_.size() <= node) lengths_.resize(node + 1, {});
  lengths_[node][index_of(field)] += count;
}

void SearchIndexBuilder::build(std::span<const NodeId> node_ids, std::size_t node_count, StoreParts& parts) && {
  // Word 0 is the interner's "": never added, so never a term.
  const std::size_t word_count = words_.size();
  std::vector<std::uint32_t> used(word_count, 0);
  for (const Entry& e : entries_) used[e.term] = 1;
  std::vector<std::uint32_t> by_text;
  for (std::uint32_t w = 0; w < word_count; ++w) {
    if (used[w] != 0) by_text.push_back(w);
  }
  std::sort(by_text.begin(), by_text.end(),
            [&](std::uint32_t a, std::uint32_t b) { return words_.get(a) < words_.get(b); });
  std::vector<std::uint32_t> rank(word_count, 0);
  std::vector<char> blob;
  std::vector<std::uint32_t> term_offsets{0};
  for (std::uint32_t r = 0; r < by_text.size(); ++r) {
    rank[by_text[r]] = r;
    const std::string_view text = words_.get(by_text[r]);
    blob.insert(blob.end(), text.begin(), text.end());
    term_offsets.push_back(static_cast<std::uint32_t>(blob.size()));
  }

  // Two stable counting sorts, by node then by term, leave each term's
  // entries in node order; one node's entries of several fields are then
  // adjacent, and merged.
  const std::size_t term_count = by_text.size();
  std::vector<std::uint32_t> node_start(node_count + 1, 0);
  for (const Entry& e : entries_) ++node_start[node_ids[e.node] + 1];
  std::partial_sum(node_start.begin(), node_start.end(), node_start.begin());
  std::vector<Entry> by_node(entries_.size());
  for (const Entry& e : entries_) {
    const NodeId node = node_ids[e.node];
    by_node[node_start[node]++] = {rank[e.term], node, e.counts};
  }
  entries_ = {};
  node_start = {};
  std::vector<std::uint32_t> bucket(term_count + 1, 0);
  for (const Entry& e : by_node) ++bucket[e.term + 1];
  std::partial_sum(bucket.begin(), bucket.end(), bucket.begin());
  std::vector<std::pair<NodeId, std::uint32_t>> sorted(by_node.size());
  {
    std::vector<std::uint32_t> cursor(bucket.begin(), bucket.end() - 1);
    for (const Entry& e : by_node) sorted[cursor[e.term]++] = {e.node, e.counts};
  }
  by_node = {};
  std::vector<std::uint32_t> posting_offsets{0};
  std::vector<NodeId> posting_nodes;
  std::vector<std::uint32_t> posting_counts;
  posting_nodes.reserve(sorted.size());
  posting_counts.reserve(sorted.size());
  for (std::size_t t = 0; t < term_count; ++t) {
    for (std::size_t i = bucket[t]; i < bucket[t + 1]; ++i) {
      const auto& [node, counts] = sorted[i];
      if (posting_nodes.size() > posting_offsets.back() && posting_nodes.back() == node) {
        std::uint32_t merged = posting_counts.back();
        for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
          const auto field = static_cast<SearchField>(f);
          merged = add_field_count(merged, field, field_count(counts, field));
        }
        posting_counts.back() = merged;
      } else {
        posting_nodes.push_back(node);
        posting_counts.push_back(counts);
      }
    }
    posting_offsets.push_back(static_cast<std::uint32_t>(posting_nodes.size()));
  }

  std::vector<std::uint16_t> field_lengths;
  std::vector<std::uint64_t> totals(1 + kSearchFieldCount, 0);
  if (term_count != 0) {
    field_lengths.assign(node_count * kSearchFieldCount, 0);
    for (std::size_t b = 0; b < lengths_.size(); ++b) {
      const NodeId node = node_ids[b];
      bool any = false;
      for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
        const std::uint32_t length = lengths_[b][f];
        field_lengths[node * kSearchFieldCount + f] =
            static_cast<std::uint16_t>(std::min<std::uint32_t>(length, std::numeric_limits<std::uint16_t>::max()));
        totals[1 + f] += length;
        any = any || length != 0;
      }
      if (any) ++totals[0];
    }
  }
  parts.search_term_blob = PodArray<char>(std::move(blob));
  parts.search_term_offsets = PodArray<std::uint32_t>(std::move(term_offsets));
  parts.search_posting_offsets = PodArray<std::uint32_t>(std::move(posting_offsets));
  parts.search_posting_nodes = PodArray<NodeId>(std::move(posting_nodes));
  parts.search_posting_counts = PodArray<std::uint32_t>(std::move(posting_counts));
  parts.search_field_lengths = PodArray<std::uint16_t>(std::move(field_lengths));
  parts.search_totals = PodArray<std::uint64_t>(std::move(totals));
}

}  // namespace trellis::search
