// The snapshot's on-disk layout (format version 2), shared by the writer and
// the reader. Everything is little-endian and written as these structs are.
//
//   offset 0     FileHeader (64 bytes)
//   offset 64    SectionEntry[section_count] (128 bytes each): the section table
//   then         the sections, in table order, each starting at the first
//                64-byte boundary after the previous one (or after the table);
//                the gaps are zero bytes. The file ends where the last section ends.
//
// The header checksum covers the header bytes before it (so also the table
// checksum); the table checksum covers the whole table; each entry holds its
// section's checksum. All checksums are XXH3-64 with seed 0.
//
// Sections, in this order: every array of StoreParts as for_each_array()
// names it, then "meta" (MetaSection), then "extra.<name>" for each extra
// section in name order. Magic and version sit at fixed offsets in every
// format version, so a reader can always tell a foreign file from a newer one.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "trellis/store/schema.hpp"

namespace trellis::snapshot_format {

static_assert(std::endian::native == std::endian::little, "snapshots are written little-endian");

inline constexpr std::array<char, 8> kMagic = {'T', 'R', 'E', 'L', 'L', 'I', 'S', '\0'};
inline constexpr std::uint64_t kSectionAlignment = 64;
inline constexpr std::string_view kMetaSection = "meta";
inline constexpr std::string_view kExtraPrefix = "extra.";

struct FileHeader {
  std::array<char, 8> magic;
  std::uint32_t format_version;
  std::uint32_t header_bytes;  // sizeof(FileHeader)
  std::uint32_t entry_bytes;   // sizeof(SectionEntry)
  std::uint32_t section_count;
  std::uint64_t node_count;
  std::uint64_t edge_count;
  std::uint64_t file_bytes;  // the whole file
  std::uint64_t table_checksum;
  std::uint64_t header_checksum;  // of the bytes before this field
};

struct SectionEntry {
  std::array<char, 100> name;  // NUL-terminated, zero-padded
  std::uint32_t element_size;  // bytes per element; byte_length is a multiple
  std::uint64_t offset;        // from the start of the file
  std::uint64_t byte_length;
  std::uint64_t checksum;  // of the section's bytes
};

// The scalars of StoreParts, as one array of uint32 values: label_begin,
// then (forward base, reverse base) of each relationship type in schema order.
struct MetaSection {
  std::array<std::uint32_t, kLabelCount + 1> label_begin;
  std::array<std::array<std::uint32_t, 2>, kRelTypeCount> csr_base;
};

// No padding bytes inside the structs, so writing them is deterministic.
static_assert(sizeof(FileHeader) == 64 && std::has_unique_object_representations_v<FileHeader>);
static_assert(sizeof(SectionEntry) == 128 &&
              std::has_unique_object_representations_v<SectionEntry>);
static_assert(sizeof(MetaSection) == (kLabelCount + 1 + 2 * kRelTypeCount) * sizeof(std::uint32_t));
static_assert(std::has_unique_object_representations_v<MetaSection>);

inline constexpr std::size_t kHeaderChecksummedBytes = offsetof(FileHeader, header_checksum);
inline constexpr std::size_t kMaxSectionName = sizeof(SectionEntry::name) - 1;

inline constexpr std::uint64_t align_up(std::uint64_t offset) {
  return (offset + kSectionAlignment - 1) / kSectionAlignment * kSectionAlignment;
}

std::uint64_t checksum(std::span<const std::byte> bytes);

}  // namespace trellis::snapshot_format
