// The on-disk snapshot: one file holding a whole GraphStore.
//
// Layout: a fixed header (magic "TRELLIS\0", format version, node and edge
// counts, section count, header checksum), a section table, then the
// sections, each 64-byte aligned and covered by its own XXH3-64 checksum.
// Graph sections are the arrays of StoreParts (for_each_array names them);
// callers may add named extra sections (ingest keeps its file hashes there).
//
// Writing is atomic: a temporary file in the same folder, fsync, rename, so
// a reader sees the old snapshot or the new one, never a mix.
// Loading maps the file and verifies every checksum before use; arrays of
// the loaded store view the mapping (no copy). A corrupt, truncated,
// foreign or newer-version file is refused with DATABASE_ERROR and a
// message saying what is wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"
#include "trellis/store/pod_array.hpp"

namespace trellis {

// 2: Module gained the columns all_names and has_all (Python's __all__).
// 3: Function and Method gained the column complexity.
// 4: unresolved call sites gained their reason (unresolved.reasons).
// 5: Module gained the columns reexported_names and reexported_from; the stable
//    node id index (index.node_id_*) and the full-text index (search.*).
// 6: per node, its name and doc terms (search.node_term_*) and its
//    normalised body hash (similar.body_hashes), for `query similar`.
inline constexpr std::uint32_t kSnapshotFormatVersion = 6;
// Longest name of an extra section, in bytes.
inline constexpr std::size_t kMaxExtraNameBytes = 93;

struct Snapshot {
  GraphStore store;
  // Named extra sections (not graph arrays), e.g. "ingest.files".
  std::map<std::string, PodArray<std::byte>> extras;
};

// One section as the section table lists it.
struct SnapshotSectionInfo {
  std::string name;          // "rels.CALLS.forward.targets", "meta", "extra.<name>"
  std::uint64_t offset = 0;  // from the start of the file
  std::uint64_t bytes = 0;
};

struct SnapshotInfo {
  std::uint32_t format_version = 0;
  std::uint64_t file_bytes = 0;
  std::uint64_t node_count = 0;
  std::uint64_t edge_count = 0;
  std::size_t section_count = 0;
  std::vector<SnapshotSectionInfo> sections;  // in file order
};

// Writes `snapshot` to `path` atomically; the same snapshot always gives the
// same bytes. On failure the previous file at `path`, if any, is untouched
// and no temporary file is left behind: DATABASE_ERROR when the file system
// refuses, INVALID_ARGUMENT for an extra name that is empty, holds a NUL or
// is longer than kMaxExtraNameBytes.
Status save_snapshot(const Snapshot& snapshot, const std::filesystem::path& path);

// Loads and verifies the snapshot at `path`: checksums, then the consistency
// of the arrays, so a damaged or crafted file never yields a store that
// reads out of bounds. DATABASE_ERROR "no snapshot at <path>" when there is
// no file.
Result<Snapshot> load_snapshot(const std::filesystem::path& path);

// Reads one extra section (`name` without the "extra." prefix) without
// loading the store: the header, the section table and that section's
// checksum are verified, nothing else. nullopt when the snapshot has no
// such section; DATABASE_ERROR as load_snapshot's.
Result<std::optional<PodArray<std::byte>>> load_snapshot_extra(const std::filesystem::path& path,
                                                               std::string_view name);

// Reads and checks only the header and the section table (for `trellis
// stats`); section contents are neither read nor verified.
Result<SnapshotInfo> read_snapshot_info(const std::filesystem::path& path);

}  // namespace trellis
