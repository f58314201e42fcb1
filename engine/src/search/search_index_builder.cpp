#include "search_index_builder.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <span>

namespace trellis::search {
namespace {

constexpr std::uint32_t kNoTerm = ~std::uint32_t{0};

// Two packed counts of one term in one node, field by field.
std::uint32_t merged_counts(std::uint32_t a, std::uint32_t b) {
  for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
    const auto field = static_cast<SearchField>(f);
    a = add_field_count(a, field, field_count(b, field));
  }
  return a;
}

std::uint16_t capped_length(std::uint32_t length) {
  return static_cast<std::uint16_t>(std::min<std::uint32_t>(length, std::numeric_limits<std::uint16_t>::max()));
}

// The forward index of the name and doc fields: per node, the terms it
// has there, ascending (the postings are visited term by term).
void lay_out_node_terms(const std::vector<std::uint32_t>& posting_offsets, const std::vector<NodeId>& nodes,
                        const std::vector<std::uint32_t>& counts, std::size_t node_count, StoreParts& parts) {
  if (nodes.empty()) return;
  std::vector<std::uint32_t> offsets(node_count + 1, 0);
  const auto descriptive = [&](std::size_t i) {
    return field_count(counts[i], SearchField::Name) != 0 || field_count(counts[i], SearchField::Doc) != 0;
  };
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (descriptive(i)) ++offsets[nodes[i] + 1];
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<std::uint32_t> terms(offsets.back());
  std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  for (std::uint32_t t = 0; t + 1 < posting_offsets.size(); ++t) {
    for (std::size_t i = posting_offsets[t]; i < posting_offsets[t + 1]; ++i) {
      if (descriptive(i)) terms[cursor[nodes[i]]++] = t;
    }
  }
  parts.search_node_term_offsets = PodArray<std::uint32_t>(std::move(offsets));
  parts.search_node_terms = PodArray<std::uint32_t>(std::move(terms));
}

// The postings of one old term whose nodes are reused, renumbered, written
// to `nodes_out` and `counts_out`: how many, and whether still ascending.
struct KeptRun {
  std::size_t size;
  bool ordered;
};

KeptRun keep_postings(std::span<const NodeId> nodes, std::span<const std::uint32_t> counts,
                      const NodeId* renumbered, NodeId* nodes_out, std::uint32_t* counts_out) {
  std::size_t size = 0;
  std::int64_t previous = -1;
  bool ordered = true;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodeId node = renumbered[nodes[i]];
    if (node == kNoNode) continue;
    ordered &= static_cast<std::int64_t>(node) > previous;
    previous = node;
    nodes_out[size] = node;
    counts_out[size] = counts[i];
    ++size;
  }
  return {size, ordered};
}

// The forward index of a merge (see lay_out_node_terms) without a pass
// over the postings: a reused node's terms are its old ones renumbered
// (the merge keeps byte order, so they stay ascending, and keeps every
// term a reused node has), an indexed node's are its added entries with
// a name or doc count, which `added` holds by (term, node).
void remap_node_terms(const PreviousSearchIndex& previous, std::span<const NodeId> renumbered,
                      std::span<const std::uint32_t> new_of_old,
                      std::span<const SearchIndexEntry> added,
                      std::span<const std::uint32_t> new_of_rank, std::size_t node_count,
                      StoreParts& parts) {
  const auto old_offsets = previous.node_term_offsets();
  const auto old_terms = previous.node_terms();
  std::vector<std::uint32_t> offsets(node_count + 1, 0);
  const auto descriptive = [](std::uint32_t counts) {
    return field_count(counts, SearchField::Name) != 0 ||
           field_count(counts, SearchField::Doc) != 0;
  };
  if (!old_offsets.empty()) {
    for (NodeId old = 0; old < renumbered.size(); ++old) {
      if (renumbered[old] != kNoNode)
        offsets[renumbered[old] + 1] = old_offsets[old + 1] - old_offsets[old];
    }
  }
  for (const SearchIndexEntry& e : added) {
    if (descriptive(e.counts)) ++offsets[e.node + 1];
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<std::uint32_t> terms(offsets.back());
  std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  if (!old_offsets.empty()) {
    for (NodeId old = 0; old < renumbered.size(); ++old) {
      if (renumbered[old] == kNoNode) continue;
      std::uint32_t& at = cursor[renumbered[old]];
      for (std::uint32_t i = old_offsets[old]; i < old_offsets[old + 1]; ++i)
        terms[at++] = new_of_old[old_terms[i]];
    }
  }
  for (const SearchIndexEntry& e : added) {
    if (descriptive(e.counts)) terms[cursor[e.node]++] = new_of_rank[e.term];
  }
  parts.search_node_term_offsets = PodArray<std::uint32_t>(std::move(offsets));
  parts.search_node_terms = PodArray<std::uint32_t>(std::move(terms));
}

}  // namespace

void SearchIndexBuilder::reuse(std::uint32_t node, const PreviousSearchIndex& previous, NodeId old_node) {
  previous_ = &previous;
  reused_.push_back({node, old_node});
}

void SearchIndexBuilder::add(std::uint32_t node, std::uint32_t term, SearchField field, std::uint32_t count) {
  if (count == 0) return;
  entries_.push_back({term, node, add_field_count(0, field, count)});
  if (lengths_.size() <= node) lengths_.resize(node + 1, {});
  lengths_[node][index_of(field)] += count;
}

void SearchIndexBuilder::build(std::span<const NodeId> node_ids, std::size_t node_count, StoreParts& parts) && {
  if (!reused_.empty()) {
    std::move(*this).build_reusing(node_ids, node_count, parts);
    return;
  }
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
        posting_counts.back() = merged_counts(posting_counts.back(), counts);
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
        field_lengths[node * kSearchFieldCount + f] = capped_length(length);
        totals[1 + f] += length;
        any = any || length != 0;
      }
      if (any) ++totals[0];
    }
  }
  lay_out_node_terms(posting_offsets, posting_nodes, posting_counts, node_count, parts);
  parts.search_term_blob = PodArray<char>(std::move(blob));
  parts.search_term_offsets = PodArray<std::uint32_t>(std::move(term_offsets));
  parts.search_posting_offsets = PodArray<std::uint32_t>(std::move(posting_offsets));
  parts.search_posting_nodes = PodArray<NodeId>(std::move(posting_nodes));
  parts.search_posting_counts = PodArray<std::uint32_t>(std::move(posting_counts));
  parts.search_field_lengths = PodArray<std::uint16_t>(std::move(field_lengths));
  parts.search_totals = PodArray<std::uint64_t>(std::move(totals));
}

void SearchIndexBuilder::build_reusing(std::span<const NodeId> node_ids, std::size_t node_count,
                                       StoreParts& parts) && {
  const PreviousSearchIndex& previous = *previous_;
  const SearchIndex old = previous.index();
  std::vector<NodeId> renumbered(previous.node_count(), kNoNode);
  for (const Reused& r : reused_) renumbered[r.old_node] = node_ids[r.node];

  // The words added, in byte order, and their entries by (rank, node), one per pair.
  std::vector<std::uint8_t> used(words_.size(), 0);
  for (const Entry& e : entries_) used[e.term] = 1;
  std::vector<std::uint32_t> by_text;
  for (std::uint32_t w = 0; w < used.size(); ++w) {
    if (used[w] != 0) by_text.push_back(w);
  }
  std::sort(by_text.begin(), by_text.end(),
            [&](std::uint32_t a, std::uint32_t b) { return words_.get(a) < words_.get(b); });
  std::vector<std::uint32_t> rank(words_.size(), 0);
  for (std::uint32_t r = 0; r < by_text.size(); ++r) rank[by_text[r]] = r;
  std::vector<Entry> added;
  added.reserve(entries_.size());
  for (const Entry& e : entries_) added.push_back({rank[e.term], node_ids[e.node], e.counts});
  std::sort(added.begin(), added.end(),
            [](const Entry& a, const Entry& b) { return a.term != b.term ? a.term < b.term : a.node < b.node; });
  std::size_t unique = 0;
  for (std::size_t i = 0; i < added.size(); ++i) {
    if (unique != 0 && added[unique - 1].term == added[i].term && added[unique - 1].node == added[i].node) {
      added[unique - 1].counts = merged_counts(added[unique - 1].counts, added[i].counts);
    } else {
      added[unique++] = added[i];
    }
  }
  added.resize(unique);

  // Both vocabularies in byte order: a term keeps the previous postings of
  // reused nodes (renumbered; the order of ids is mostly kept, else sorted
  // again) merged with the added ones, and is dropped when it has none.
  // Postings are written in place into arrays of their largest possible
  // size (cut to size after); only a term whose renumbered postings fall
  // out of order, or that has both kinds, goes through `pairs`.
  std::vector<char> blob;
  blob.reserve(old.term_bytes() + added.size());
  std::vector<std::uint32_t> term_offsets{0};
  std::vector<std::uint32_t> posting_offsets{0};
  term_offsets.reserve(old.term_count() + by_text.size() + 1);
  posting_offsets.reserve(old.term_count() + by_text.size() + 1);
  std::vector<NodeId> posting_nodes(previous.posting_count() + added.size());
  std::vector<std::uint32_t> posting_counts(posting_nodes.size());
  NodeId* const nodes_out = posting_nodes.data();
  std::uint32_t* const counts_out = posting_counts.data();
  std::size_t written = 0;
  std::vector<std::pair<NodeId, std::uint32_t>> pairs;
  // Where each old term and each added word went (kNoTerm: dropped), for the forward index.
  std::vector<std::uint32_t> new_of_old(old.term_count(), kNoTerm);
  std::vector<std::uint32_t> new_of_rank(by_text.size(), kNoTerm);
  std::size_t t = 0;
  std::size_t r = 0;
  std::size_t a = 0;
  while (t < old.term_count() || r < by_text.size()) {
    // Negative: the old term comes first; positive: the added word; zero: they are one term.
    const int order = t == old.term_count() ? 1
                      : r == by_text.size() ? -1
                                            : old.term(t).compare(words_.get(by_text[r]));
    const bool take_old = order <= 0;
    const bool take_added = order >= 0;
    const std::string_view text = take_old ? old.term(t) : words_.get(by_text[r]);
    const auto new_term = static_cast<std::uint32_t>(term_offsets.size() - 1);
    if (take_old) new_of_old[t] = new_term;
    if (take_added) new_of_rank[r] = new_term;
    const std::size_t start = written;
    bool ordered = true;
    if (take_old) {
      const KeptRun run = keep_postings(
          old.nodes(static_cast<std::uint32_t>(t)), old.counts(static_cast<std::uint32_t>(t)),
          renumbered.data(), nodes_out + written, counts_out + written);
      written += run.size;
      ordered = run.ordered;
      ++t;
    }
    const std::size_t kept = written - start;
    std::size_t added_end = a;
    if (take_added) {
      while (added_end < added.size() && added[added_end].term == r) ++added_end;
      ++r;
    }
    if (ordered && (kept == 0 || added_end == a)) {
      for (; a < added_end; ++a, ++written) {
        nodes_out[written] = added[a].node;
        counts_out[written] = added[a].counts;
      }
    } else {
      // A node is reused or given words, never both: the two runs do not share a node.
      pairs.clear();
      for (std::size_t i = start; i < written; ++i) pairs.emplace_back(nodes_out[i], counts_out[i]);
      if (!ordered) std::sort(pairs.begin(), pairs.end());
      for (; a < added_end; ++a) pairs.emplace_back(added[a].node, added[a].counts);
      std::inplace_merge(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(kept), pairs.end());
      written = start;
      for (const auto& [node, counts] : pairs) {
        nodes_out[written] = node;
        counts_out[written] = counts;
        ++written;
      }
    }
    if (written == start) {
      if (take_old) new_of_old[t - 1] = kNoTerm;
      if (take_added) new_of_rank[r - 1] = kNoTerm;
      continue;
    }
    blob.insert(blob.end(), text.begin(), text.end());
    term_offsets.push_back(static_cast<std::uint32_t>(blob.size()));
    posting_offsets.push_back(static_cast<std::uint32_t>(written));
  }
  posting_nodes.resize(written);
  posting_counts.resize(written);

  const std::size_t term_count = term_offsets.size() - 1;
  std::vector<std::uint16_t> field_lengths;
  std::vector<std::uint64_t> totals(1 + kSearchFieldCount, 0);
  if (term_count != 0) {
    field_lengths.assign(node_count * kSearchFieldCount, 0);
    std::vector<std::uint8_t> any(node_count, 0);
    for (const Reused& reused : reused_) {
      const NodeId node = node_ids[reused.node];
      for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
        const std::uint16_t length = previous.field_length(reused.old_node, static_cast<SearchField>(f));
        field_lengths[node * kSearchFieldCount + f] = length;
        totals[1 + f] += length;
        any[node] |= length != 0 ? 1 : 0;
      }
    }
    for (std::size_t b = 0; b < lengths_.size(); ++b) {
      const NodeId node = node_ids[b];
      for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
        const std::uint32_t length = lengths_[b][f];
        if (length == 0) continue;
        field_lengths[node * kSearchFieldCount + f] = capped_length(length);
        totals[1 + f] += length;
        any[node] = 1;
      }
    }
    totals[0] = static_cast<std::uint64_t>(std::count(any.begin(), any.end(), 1));
  }
  if (!posting_nodes.empty()) {
    remap_node_terms(previous, renumbered, new_of_old, added, new_of_rank, node_count, parts);
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
