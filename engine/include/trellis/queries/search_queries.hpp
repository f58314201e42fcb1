// Ranked full-text search over definitions and modules (CONTRACT.md
// `trellis search` / search_code), over the index ingest stores with the
// graph (search/search_index.hpp).
//
// The query text is split into words as code is (search/word_split.hpp);
// common English words ("the", "where", ...) are left out unless nothing
// else is asked. "Quoted phrases" must appear as consecutive words in the
// definition's name, docstring or source lines. A node matches when it has
// any query word and every phrase; matches are ranked by BM25F over the
// fields of search_field.hpp (name 6, path 1.5, doc 2, decorator 2, body 1;
// k1 1.2, b 0.75) times the square of the share of the query's known
// words the node has; for a one-word query, the nodes of that short name
// (case folded) first; then by score, then by node id. A query that matches
// nothing suggests vocabulary words near its unknown words (edit distance).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/source_reader.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

struct SearchRequest {
  std::string text;
  std::string label = "all";  // "all", or Module, Class, Interface, Function, Method
  std::string language;       // "" for any; else a language as `language` holds it ("python")
  std::string path_glob;      // "" for any; else an fnmatch(3) pattern over file_path ('*' spans '/')
  std::size_t limit = 10;     // 1 .. kMaxResults
  std::size_t offset = 0;
};

struct SearchHit {
  NodeId node = kNoNode;
  double score = 0.0;
  bool exact_name = false;             // a one-word query: its short name is that word (case folded)
  std::vector<std::string> matched;    // the query words it has, in query order
  std::string snippet;                 // one line: where a matched word appears, else its first line
};

struct SearchResult {
  std::vector<SearchHit> hits;      // one page, best first
  ResultCount count;                // over every match
  std::vector<std::string> words;   // the words searched for, in query order
  std::vector<std::string> phrases; // the phrases required, as words joined by spaces
  // Words of the index's vocabulary near the query's unknown words, when
  // nothing matched (at most 5).
  std::vector<std::string> suggestions;
};

// INVALID_ARGUMENT when the text holds no word; an empty result (with
// suggestions) when nothing matches. `sources` gives snippets and phrase
// checks the source lines; without one they use names and docstrings.
Result<SearchResult> query_search(const GraphStore& store, const SearchRequest& request, TraversalScratch& scratch,
                                  const SourceReader* sources = nullptr);

}  // namespace trellis::queries
