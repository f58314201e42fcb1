// The full-text words of each definition of a file and of its module
// (FileFacts::search_terms), from the file's bytes and the definitions'
// line ranges, so no extractor needs to know about search:
//   doc:       the docstring (or doc comment) the extractor read, the
//              comments right before it when the extractor read none (a
//              Python `#` block above a def), and the comments inside
//              its own lines;
//   decorator: its decorators;
//   body:      identifiers and string-literal words inside its own lines.
// With them, each definition's normalised body hash (body_hash.hpp).
// A line belongs to the innermost definition spanning it; lines outside
// every definition belong to the module. Keywords of the language are not
// words of a body. Names and qualified names are added when the graph is
// written (graph_writer.cpp), since only resolution knows them.
#pragma once

#include <string_view>

#include "search_terms/run_words.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

// `runs`: the identifier runs split so far, kept by the calling thread from
// file to file (made by code_run_words()).
SearchTerms collect_search_terms(std::string_view source, const FileFacts& facts, search_terms::RunWords& runs);
// The same with a table of its own.
SearchTerms collect_search_terms(std::string_view source, const FileFacts& facts);

// An empty table of runs that marks the code stop words (keywords and
// ubiquitous names, which say nothing in code).
search_terms::RunWords code_run_words();

}  // namespace trellis::ingest
