// Resolution of one language's files, incremental where that is sound.
//
// When the previous index kept every file's edges, the language's file list
// is unchanged, and every changed file's interface digest is the same as
// before, only the changed files are resolved again: nothing another file's
// resolution reads has changed, so every other file keeps its edges. An
// edited interface re-resolves, besides, the files that the language says
// read it (LanguageFrontend::mark_dependents: a C++ header's includers) and
// those whose edges point into it. Otherwise (files added, removed or
// renamed, an interface edited in a language that cannot tell who reads
// it, the language's context digest changed, a language without digests)
// every file is resolved. Either way the program equals what a full
// resolve() gives (for C++, as far as the tree's #includes tell who reads a
// declaration: include_dependents.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/file_owners.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::ingest {

struct LanguageResolution {
  ProgramGraph program;
  // Per file, for the next index; empty when the language has no digests.
  std::vector<std::optional<ResolvedFile>> resolved;
  std::size_t files_resolved = 0;  // files whose edges were computed this time
  // Of those, unchanged files resolved because an edited file they read
  // changed its interface (LanguageFrontend::mark_dependents).
  std::size_t dependents_resolved = 0;
  // Files reading an edited file's declarations that kept their edges: they
  // read none of the names the edit changed.
  std::size_t dependents_skipped = 0;
  // Per file (or empty): 1 when resolved[i] is the cached one, unchanged.
  std::vector<std::uint8_t> kept;
};

// `changed[i]`: files[i]'s facts were not taken from the cache. Cached
// edges of unchanged files are moved out of `previous`; when every file is
// resolved, unchanged files' call sites are decoded from it first
// (DATABASE_ERROR if those bytes are damaged).
// `owners` says which files of the previous index were the language's.
Result<LanguageResolution> resolve_language(const LanguageFrontend& language, const FileOwners& owners,
                                            std::span<FileFacts> files, std::span<const std::uint8_t> changed,
                                            FactsCache* previous, const ProjectInfo& project);

}  // namespace trellis::ingest
