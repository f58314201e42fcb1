// A language frontend: everything ingest knows about one language, behind
// one interface, so adding a language is adding a folder under ingest/ and
// one line in language_registry.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/discover.hpp"

struct TSLanguage;
#include "trellis/ingest/file_facts.hpp"
#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest {

// Turns one file's text into facts. Not thread-safe: one per thread.
class FileExtractor {
 public:
  virtual ~FileExtractor() = default;
  virtual FileFacts extract(std::string_view source, std::string relative_path) = 0;
};

struct ProjectInfo {
  std::string name;  // the indexed folder's name
  std::string path;  // its absolute path
  // A compilation database named for the index (`--compile-commands`);
  // empty: the root's compile_commands.json, when there is one (C, C++).
  std::string compile_commands;
};

// What a language's frontend reads and how it names and links it, for
// people (`trellis stats --schema`, the MCP schema resource).
struct LanguageDescription {
  std::string_view files;       // the files it reads
  std::string_view naming;      // how qualified names are made
  std::string_view resolution;  // what calls, imports and types it resolves
};

// Cheap to make: what extraction needs is built by prepare(). Immutable once
// prepared; shared by all threads.
class LanguageFrontend {
 public:
  virtual ~LanguageFrontend() = default;
  virtual std::string_view name() const = 0;
  virtual LanguageDescription description() const = 0;
  // Whether this language reads the file (by its name). A file several
  // languages handle (a `.h`) is read by one of them (file_owners.hpp).
  virtual bool handles(std::string_view relative_path) const = 0;
  // Whether the file is a source that marks the tree as written in this
  // language (a `.c` for C, a `.cpp` for C++, not a header): what decides
  // which language reads a file several handle.
  virtual bool is_source(std::string_view relative_path) const {
    (void)relative_path;
    return false;
  }
  // Whether cached facts of a file are this language's (a `.h` read as C by
  // the last index and as C++ now is extracted again): FileFacts::language
  // is one this language writes.
  virtual bool wrote(const FileFacts& facts) const { return facts.language == name(); }
  // Compiles the language's queries. Called before make_extractor, and only
  // for a language that has files to parse (extract_files calls it on the
  // first such file): compiling every grammar's queries costs tens of
  // milliseconds at each start. INTERNAL when a query does not compile.
  // Calling it again does nothing.
  virtual Status prepare() = 0;
  // prepare() for extracting `files` (all of them this language's): a
  // language with several grammars may compile only the queries those files
  // need, and the others on a later call that needs them.
  virtual Status prepare_for(std::span<const DiscoveredFile> /*files*/) { return prepare(); }
  // Only after prepare() succeeded.
  virtual std::unique_ptr<FileExtractor> make_extractor() const = 0;
  // The tree-sitter grammar that parses the file (for parse-only baselines).
  virtual const TSLanguage* grammar(std::string_view relative_path) const = 0;
  // Links the facts of all this language's files (sorted by path).
  virtual ProgramGraph resolve(std::span<const FileFacts> files, const ProjectInfo& project) const = 0;

  // Incremental resolution (optional). A language that supports it returns
  // a digest of everything in `facts` that resolving OTHER files may read:
  // when an edited file's digest is unchanged, only that file's own edges
  // can change. nullopt (the default): any change re-resolves every file.
  virtual std::optional<std::uint64_t> interface_digest(const FileFacts& facts) const {
    (void)facts;
    return std::nullopt;
  }
  // A digest of what resolving every file reads from outside the files
  // (C and C++: the compilation database's include folders). When it differs
  // from the last index's, every file is resolved again. 0 (the default): none.
  virtual std::uint64_t context_digest(const ProjectInfo& project) const {
    (void)project;
    return 0;
  }
  // Like resolve(), but only the edges leaving files with `wanted[f] != 0`
  // are needed (the rest may be left out), and external_calls_by_file must
  // be filled. Called only on languages whose interface_digest answers.
  // `derived` (parallel to files, or empty) holds what the last resolution
  // derived from each file not wanted (FileEdgeSlice::derived).
  virtual ProgramGraph resolve_some(std::span<const FileFacts> files, const ProjectInfo& project,
                                    std::span<const std::uint8_t> wanted,
                                    std::span<const std::string> derived = {}) const {
    (void)wanted;
    (void)derived;
    return resolve(files, project);
  }
  // Incremental resolution of edits to what other files read (optional).
  // Sets wanted[f] to 1 for every file whose edges may change because the
  // files with `reshaped[f] != 0` changed their interface digest (C++: the
  // files that include them, directly or through other files, and read a
  // name whose declaration changed), to kReadsNoChange for a file that reads
  // them but none of what changed (its lookups find the same declarations,
  // wherever they now are in the edited file), to kNoChangeRead a file it
  // does not see reading them that reads none of what changed either (its
  // edges into them, if any, are renumbered), and returns true; false (the
  // default, nothing marked): every file's edges may change. `before`
  // (parallel to files) holds a reshaped file's facts as the last index
  // read them, or null; `used` (parallel to files) a file's used_names from
  // the last index, or null (unknown).
  static constexpr std::uint8_t kReadsNoChange = 2;
  static constexpr std::uint8_t kNoChangeRead = 3;
  virtual bool mark_dependents(std::span<const FileFacts> files, const ProjectInfo& project,
                               std::span<const std::uint8_t> reshaped, std::span<const FileFacts* const> before,
                               std::span<const std::vector<std::uint32_t>* const> used,
                               std::span<std::uint8_t> wanted) const {
    (void)files;
    (void)project;
    (void)reshaped;
    (void)before;
    (void)used;
    (void)wanted;
    return false;
  }
  // The names a file's resolution reads, as mark_dependents compares them
  // (kept with its edges for the next index); empty (the default) when the
  // language does not narrow dependents by name.
  virtual std::vector<std::uint32_t> used_names(const FileFacts& facts) const {
    (void)facts;
    return {};
  }
};

// Every language Trellis indexes, not yet prepared.
std::vector<std::unique_ptr<LanguageFrontend>> make_language_frontends();

}  // namespace trellis::ingest
