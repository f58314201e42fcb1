// query_similar (similar_queries.hpp): candidates are found through the
// target's callees' callers and its words' postings, never by comparing
// the target with every definition; exact duplicates by one pass over the
// body hashes.
#include <algorithm>
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

// The distinct nodes `node` calls, ascending.
std::vector<NodeId> distinct_callees(const GraphStore& store, NodeId node) {
  const auto out = store.out(RelType::Calls, node);
  std::vector<NodeId> callees(out.begin(), out.end());
  std::sort(callees.begin(), callees.end());
  callees.erase(std::unique(callees.begin(), callees.end()), callees.end());
  return callees;
}

// Whether `node` has term t in its name or doc field.
bool has_descriptive_term(const search::SearchIndex& index, std::uint32_t t, NodeId node) {
  const auto nodes = index.nodes(t);
  const auto at = std::lower_bound(nodes.begin(), nodes.end(), node);
  return at != nodes.end() && *at == node && descriptive(index.counts(t)[static_cast<std::size_t>(at - nodes.begin())]);
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
  std::vector<std::uint32_t> shared_calls(node_count, 0);
  std::vector<std::uint32_t> shared_words(node_count, 0);
  std::vector<NodeId> touched;
  const auto eligible = [&](NodeId node) { return node != result.target && same_kind(store.label(node), kind); };

  // Calls: each caller of each of the target's callees, once per callee.
  const std::vector<NodeId> callees = distinct_callees(store, result.target);
  result.calls = callees.size();
  std::vector<NodeId> last_callee(callees.empty() ? 0 : node_count, kNoNode);
  for (const NodeId callee : callees) {
    for (const NodeId caller : store.in(RelType::Calls, callee)) {
      if (last_callee[caller] == callee || !eligible(caller)) continue;
      last_callee[caller] = callee;
      if (shared_calls[caller]++ == 0 && shared_words[caller] == 0) touched.push_back(caller);
    }
  }

  // Words: the target's name and doc terms, then their postings.
  const search::SearchIndex index(store.parts());
  const auto descriptive_terms = store.parts().search_descriptive_terms.span();
  std::vector<std::uint32_t> words;
  for (std::uint32_t t = 0; t < index.term_count(); ++t) {
    if (has_descriptive_term(index, t, result.target)) words.push_back(t);
  }
  result.words = words.size();
  for (const std::uint32_t t : words) {
    const auto nodes = index.nodes(t);
    if (nodes.size() > kMaxWordPostings) continue;
    const auto counts = index.counts(t);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const NodeId node = nodes[i];
      if (!descriptive(counts[i]) || !eligible(node)) continue;
      if (shared_words[node]++ == 0 && shared_calls[node] == 0) touched.push_back(node);
    }
  }

  // Exact duplicates: the target's body hash elsewhere.
  const auto hashes = store.parts().body_hashes.span();
  const std::uint64_t hash = result.target < hashes.size() ? hashes[result.target] : 0;
  std::vector<std::uint8_t> exact(hash == 0 ? 0 : node_count, 0);
  if (hash != 0) {
    for (NodeId node = 0; node < hashes.size(); ++node) {
      if (hashes[node] != hash || !eligible(node)) continue;
      exact[node] = 1;
      ++result.exact_duplicates;
      if (shared_calls[node] == 0 && shared_words[node] == 0) touched.push_back(node);
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
      if (by_calls) sum += jaccard(shared_calls[node], callees.size(), distinct_callees(store, node).size());
      if (by_words) {
        const std::size_t theirs = node < descriptive_terms.size() ? descriptive_terms[node] : 0;
        sum += jaccard(shared_words[node], words.size(), std::max<std::size_t>(theirs, shared_words[node]));
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
    for (const std::uint32_t t : words) {
      if (has_descriptive_term(index, t, match.node)) match.shared_words.emplace_back(index.term(t));
    }
    result.similar.push_back(std::move(match));
  }
  result.count = page_count(total, first, result.similar.size());
  return result;
}

}  // namespace trellis::queries
