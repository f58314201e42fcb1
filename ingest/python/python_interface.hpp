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
// With them, the calls of its functions that run code the function itself
// holds or inherits (is_interface_call): resolving another file follows
// those, and no other call, when it traces an object handed to the function.
std::uint64_t interface_digest(const FileFacts& facts);

// Whether a call in a function runs a definition nested in it (or in a
// function around it) by name, or a method through `super()`. Few body
// edits touch these, so an edit elsewhere in a body keeps the interface.
bool is_interface_call(const FileFacts& facts, const CallSite& call);

}  // namespace trellis::ingest::python
