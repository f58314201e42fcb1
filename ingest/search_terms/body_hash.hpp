// Each definition's normalised body hash (SearchTerms::body_hashes), for
// `query similar`'s exact duplicates: the XXH3 of its text from its first
// to its last byte with comments left out, whitespace ignored (tokens are
// identifier runs and single other characters) and its own name's first
// occurrence left out, so that two definitions that differ only in name,
// layout or comments hash alike. Never 0 (0 means "no hash").
// `code` is the file's source with each comment's bytes replaced by spaces
// (source_regions.hpp finds them; offsets are the source's).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

std::vector<std::uint64_t> definition_body_hashes(std::string_view code, const FileFacts& facts);

}  // namespace trellis::ingest
