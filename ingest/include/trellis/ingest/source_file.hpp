// Reading a source file for parsing: the whole file in one read, with
// invalid UTF-8 replaced so extraction never sees undecodable bytes.
#pragma once

#include <filesystem>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/common/utf8.hpp"

namespace trellis::ingest {

struct SourceText {
  std::string text;
  bool had_invalid_utf8 = false;  // some bytes were replaced by U+FFFD
};

// Reads `path`; INVALID_ARGUMENT with the reason when it cannot be read.
Result<SourceText> read_source_file(const std::filesystem::path& path);

// Replaces every invalid UTF-8 sequence with U+FFFD (trellis/common/utf8.hpp).
using trellis::repair_utf8;

}  // namespace trellis::ingest
