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

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

SearchTerms collect_search_terms(std::string_view source, const FileFacts& facts);

}  // namespace trellis::ingest
