// `trellis query similar NAME` / find_similar: the definitions most like a
// given one, for "is there already a helper like this?".
//
// A definition is compared with those of its kind (functions and methods
// with each other, classes and interfaces with each other) by two sets:
//   calls: the functions, methods and classes it calls (CALLS targets);
//   words: the distinct words of its name and documentation (the name and
//          doc fields of the full-text index: docstring, doc comments and
//          comments in its body).
// Each set's Jaccard index |A ∩ B| / |A ∪ B| is computed exactly, and the
// score is their mean over the sets the target has (one set when it calls
// nothing or has no words). The words come from a forward index of the
// name and doc fields (store_parts.hpp search.node_term_*). A callee more
// than kMaxFanIn definitions call (sympify) and a word more than kMaxFanIn
// have ("the", "return") count in the Jaccard indexes but find no
// candidate on their own. Definitions with the target's normalised body
// hash (its text without comments, whitespace or its own name, hashed at
// ingest) are exact duplicates: first, with score 1. Then by score, then by
// node id. Definitions sharing nothing are not listed.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

inline constexpr std::size_t kMaxFanIn = 2000;

struct SimilarRequest {
  std::string name;
  std::size_t limit = 10;  // 1 .. kMaxResults
  std::size_t offset = 0;
};

struct SimilarMatch {
  NodeId node = kNoNode;
  double score = 0.0;
  bool exact_duplicate = false;
  std::vector<NodeId> shared_calls;       // what both call, by id
  std::vector<std::string> shared_words;  // name and doc words both have, in byte order
};

struct SimilarResult {
  NodeId target = kNoNode;
  std::size_t calls = 0;             // how many distinct definitions the target calls
  std::size_t words = 0;             // how many distinct name and doc words it has
  std::size_t exact_duplicates = 0;  // over the whole list
  std::vector<SimilarMatch> similar; // one page, most similar first
  ResultCount count;
};

// NODE_NOT_FOUND / AMBIGUOUS_NAME as every NAME (a Function, Method, Class
// or Interface); an empty list when nothing shares a call, a word or the body.
Result<SimilarResult> query_similar(const GraphStore& store, const SimilarRequest& request, TraversalScratch& scratch);

}  // namespace trellis::queries
