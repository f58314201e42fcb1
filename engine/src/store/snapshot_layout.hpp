// Reading a snapshot file's header and section table: every check that
// needs no section data (magic, version, header and table checksums, the
// sections' places and the file size), then, separately, the section
// checksums. Refusals are DATABASE_ERROR naming the file and the problem.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "snapshot_format.hpp"
#include "trellis/common/error.hpp"

namespace trellis {

struct SnapshotLayout {
  snapshot_format::FileHeader header;
  std::vector<snapshot_format::SectionEntry> sections;  // in file order
};

// Checks the header and the section table at the start of `file`, which
// holds the whole file (only those leading bytes are read). `path` is for
// messages.
Result<SnapshotLayout> read_layout(std::span<const std::byte> file, const std::string& path);

// Checks that the gaps between sections are zero and that every section
// matches its checksum.
Status verify_sections(std::span<const std::byte> file, const SnapshotLayout& layout,
                       const std::string& path);

std::string_view section_name(const snapshot_format::SectionEntry& entry);

// The bytes of `entry` in `file` (read_layout has checked they are there).
std::span<const std::byte> section_bytes(std::span<const std::byte> file,
                                         const snapshot_format::SectionEntry& entry);

// "snapshot <path> <problem>", as a DATABASE_ERROR.
Error snapshot_error(const std::string& path, std::string_view problem);

}  // namespace trellis
