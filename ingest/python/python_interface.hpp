// What resolving other Python files can read from one file's facts, as a
// digest (see LanguageFrontend::interface_digest).
#pragma once

#include <cstdint>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::python {

// Everything the resolver reads except the call sites (only the file's own
// edges come from them), docstrings and byte offsets. Lines enter as ranks:
// the resolver only compares a file's lines with each other (which binding
// comes last) or with the lines of its own calls, so an edit that shifts
// lines without reordering bindings keeps the digest.
std::uint64_t interface_digest(const FileFacts& facts);

}  // namespace trellis::ingest::python
