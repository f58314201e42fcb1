// What an edit to a file's declarations can change in a language whose
// files read one another's declarations through #include (C++): the edges
// of the files that include it, directly or through other files. The rest
// keep their edges.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "resolve/typed_language.hpp"

namespace trellis::ingest::resolve {

// Marks in `wanted` every file that may read what the files with
// `reshaped[f] != 0` declare (their interface changed): each file that
// includes, directly or through other files, one of them or one of the
// files that declare what they define elsewhere: for a source, the headers
// it is a companion of (TypedLayout::companions), the files that declare a
// class whose members it defines out of line (`void A::f() {}`), and the
// files that declare a non-static free function of a name it defines.
// `before[f]` (or null) is a reshaped file's facts as the last index read
// them: what they defined counts too (a definition removed).
// Of those files, one whose `used[f]` (name_uses.hpp's used_names, from the
// last index; null: unknown) holds none of the names the edits changed nor
// any name whose declaration mentions one of them (add_dependent_names) is
// marked LanguageFrontend::kReadsNoChange instead: its lookups find what
// they found before. An edit that changed what no name stands for (an
// #include, a `using namespace`) marks every one 1. A file no include
// reaches them from that reads none of those names either is marked
// LanguageFrontend::kNoChangeRead. Returns false, marking nothing, when the
// layout has no includes (every file may read every other's declarations).
// A file that reaches a declaration through no #include the tree resolves
// (a generated header, an include path the compilation database does not
// give) keeps its edges (unless they point into a reshaped file:
// resolve_language.hpp) until it is edited or every file is resolved.
bool mark_include_dependents(std::span<const FileFacts> files, const TypedLayout& layout,
                             std::span<const std::uint8_t> reshaped, std::span<const FileFacts* const> before,
                             std::span<const std::vector<std::uint32_t>* const> used, std::span<std::uint8_t> wanted);

}  // namespace trellis::ingest::resolve
