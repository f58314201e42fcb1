// query_similar (similar_queries.hpp): candidates are found through the
// target's callees' callers and its words' postings, never by comparing
// the target with every definition; exact duplicates by one pass over the
// body hashes. Each candidate's Jaccard indexes are then exact: sorted
// callee lists and forward-index term lists merged.
#include <algorithm>
#include <iterator>
#include <span>
#include <utility>

#include "paging.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/similar_queries.hpp"
#include "trellis/search/search_index.hpp"

namespace trellis::queries {
namespace {

using search::SearchField;

inline constexpr Label kSimilarLabels[] = {Label::Function, Label::Method, Label::Class, Label::Interface};
inline constexpr NameKind kSimilarName{"Definition", kSimilarLabels};

bool callable(Label label) { return label == Label::Function || label == Label::Method; }
bool type_like(Label label) { return label == Label::Class || label == Label::Interface; }
bool same_kind(Label a, Label b) { return callable(a) ? callable(b) : type_like(a) && type_like(b); }

bool descriptive(std::uint32_t counts) {
  return search::field_count(counts, SearchField::Name) != 0 || search::field_count(counts, SearchField::Doc) != 0;
}

// The distinct nodes `node` calls, ascending (out() is sorted, a node repeated per call site).
std::vector<NodeId> distinct_callees(const GraphStore& store, NodeId node) {
  const auto out = store.out(RelType::Calls, node);
  std::vector<NodeId> callees;
  std::unique_copy(out.begin(), out.end(), std::back_inserter(callees));
  return callees;
}

// How many distinct nodes `node` calls, without copying them.
std::size_t distinct_callee_count(const GraphStore& store, NodeId node) {
  const auto out = store.out(RelType::Calls, node);
  std::size_t count = 0;
  for (std::size_t i = 0; i < out.size(); ++i) count += (i == 0 || out[i] != out[i - 1]) ? std::size_t{1} : std::size_t{0};
  return count;
}

// How many of `callees` (ascending, distinct) a node's out() (ascending,
// repeated per call site) holds.
std::size_t shared_callee_count(std::span<const NodeId> callees, std::span<const NodeId> out) {
  std::size_t count = 0;
  for (std::size_t i = 0, j = 0; i < callees.size() && j < out.size();) {
    if (callees[i] < out[j]) {
      ++i;
    } else if (out[j] < callees[i]) {
      ++j;
    } else {
      ++count;
      ++i;
      while (j < out.size() && out[j] == callees[i - 1]) ++j;
    }
  }
  return count;
}

// How many values two ascending lists share.
std::size_t shared_count(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
  std::size_t count = 0;
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++count;
      ++i;
      ++j;
    }
  }
  return count;
}

double jaccard(std::size_t shared, std::size_t a, std::size_t b) {
  const std::size_t either = a + b - std::min(shared, a + b);
  return either == 0 ? 0.0 : static_cast<double>(shared) / static_cast<double>(either);
}

struct Candidate {
  NodeId node;
  double score;
  bool exact;
};

}  // namespace

Result<SimilarResult> query_similar(const GraphStore& store, const SimilarRequest& request,
                                    TraversalScratch& /*scratch: counters are per query*/) {
  auto target = lookup_node(store, request.name, kSimilarName);
  if (!target) return std::move(target).take_error();
  SimilarResult result;
  result.target = *target;
  const Label kind = store.label(result.target);
  const std::size_t node_count = store.node_count();
  std::vector<std::uint8_t> seen(node_count, 0);
  std::vector<NodeId> touched;
  const auto touch = [&](NodeId node) {
    if (seen[node] != 0 || node == result.target || !same_kind(store.label(node), kind)) return;
    seen[node] = 1;
    touched.push_back(node);
  };

  // Candidates: the callers of the target's callees, the holders of its
  // name and doc words (each but the most common), its exact duplicates.
  const std::vector<NodeId> callees = distinct_callees(store, result.target);
  result.calls = callees.size();
  for (const NodeId callee : callees) {
    const auto callers = store.in(RelType::Calls, callee);
    if (callers.size() > kMaxFanIn) continue;
    for (const NodeId caller : callers) touch(caller);
  }
  const search::SearchIndex index(store.parts());
  const auto term_offsets = store.parts().search_node_term_offsets.span();
  const auto node_terms = store.parts().search_node_terms.span();
  const auto terms_of = [&](NodeId node) {
    if (node + 1 >= term_offsets.size()) return std::span<const std::uint32_t>();
    return node_terms.subspan(term_offsets[node], term_offsets[node + 1] - term_offsets[node]);
  };
  const std::span<const std::uint32_t> words = terms_of(result.target);
  result.words = words.size();
  for (const std::uint32_t t : words) {
    const auto nodes = index.nodes(t);
    if (nodes.size() > kMaxFanIn) continue;
    const auto counts = index.counts(t);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (descriptive(counts[i])) touch(nodes[i]);
    }
  }
  const auto hashes = store.parts().body_hashes.span();
  const std::uint64_t hash = result.target < hashes.size() ? hashes[result.target] : 0;
  std::vector<std::uint8_t> exact(hash == 0 ? 0 : node_count, 0);
  if (hash != 0) {
    for (NodeId node = 0; node < hashes.size(); ++node) {
      if (hashes[node] != hash || node == result.target || !same_kind(store.label(node), kind)) continue;
      exact[node] = 1;
      ++result.exact_duplicates;
      touch(node);
    }
  }

  std::vector<Candidate> candidates;
  candidates.reserve(touched.size());
  const bool by_calls = !callees.empty();
  const bool by_words = !words.empty();
  for (const NodeId node : touched) {
    const bool is_exact = !exact.empty() && exact[node] != 0;
    double score = 1.0;
    if (!is_exact) {
      double sum = 0.0;
      if (by_calls) {
        const auto theirs = store.out(RelType::Calls, node);
        sum += jaccard(shared_callee_count(callees, theirs), callees.size(), distinct_callee_count(store, node));
      }
      if (by_words) {
        const auto theirs = terms_of(node);
        sum += jaccard(shared_count(words, theirs), words.size(), theirs.size());
      }
      score = sum / static_cast<double>((by_calls ? 1 : 0) + (by_words ? 1 : 0));
    }
    candidates.push_back({node, score, is_exact});
  }
  const auto better = [](const Candidate& a, const Candidate& b) {
    if (a.exact != b.exact) return a.exact;
    if (a.score != b.score) return a.score > b.score;
    return a.node < b.node;
  };
  const std::size_t total = candidates.size();
  const std::size_t first = std::min(request.offset, total);
  const std::size_t last = std::min(first + std::min(request.limit, kMaxResults), total);
  std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(last), candidates.end(),
                    better);
  for (std::size_t i = first; i < last; ++i) {
    SimilarMatch match{candidates[i].node, candidates[i].score, candidates[i].exact, {}, {}};
    const std::vector<NodeId> theirs = distinct_callees(store, match.node);
    std::set_intersection(callees.begin(), callees.end(), theirs.begin(), theirs.end(),
                          std::back_inserter(match.shared_calls));
    const auto theirs_words = terms_of(match.node);
    std::vector<std::uint32_t> shared;
    std::set_intersection(words.begin(), words.end(), theirs_words.begin(), theirs_words.end(),
                          std::back_inserter(shared));
    for (const std::uint32_t t : shared) match.shared_words.emplace_back(index.term(t));
    result.similar.push_back(std::move(match));
  }
  result.count = page_count(total, first, result.similar.size());
  return result;
}

}  // namespace trellis::queries
