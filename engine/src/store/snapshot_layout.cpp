#include "snapshot_layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <set>

#include "trellis/store/snapshot.hpp"

namespace trellis {
namespace {

using snapshot_format::FileHeader;
using snapshot_format::SectionEntry;

template <class T>
T read_struct(std::span<const std::byte> bytes) {
  T value;
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

Result<FileHeader> read_header(std::span<const std::byte> file, const std::string& path) {
  const auto& magic = snapshot_format::kMagic;
  const std::size_t magic_bytes = std::min(file.size(), magic.size());
  if (std::memcmp(file.data(), magic.data(), magic_bytes) != 0) {
    return snapshot_error(path, "is not a Trellis snapshot: it does not start with \"TRELLIS\"");
  }
  if (file.size() < sizeof(FileHeader)) {
    return snapshot_error(
        path, fmt::format("is truncated: it has {} bytes, fewer than the {}-byte header",
                          file.size(), sizeof(FileHeader)));
  }
  const auto header = read_struct<FileHeader>(file);
  if (header.format_version > kSnapshotFormatVersion) {
    return snapshot_error(path,
                          fmt::format("has format version {}, but this build of Trellis reads "
                                      "version {}: upgrade Trellis or rebuild the snapshot",
                                      header.format_version, kSnapshotFormatVersion));
  }
  if (header.format_version >= 1 && header.format_version < kSnapshotFormatVersion) {
    return snapshot_error(path,
                          fmt::format("has format version {}, written by an older Trellis; this "
                                      "build reads version {}: rebuild it with `trellis index`",
                                      header.format_version, kSnapshotFormatVersion));
  }
  if (header.format_version != kSnapshotFormatVersion) {
    return snapshot_error(path,
                          fmt::format("has unknown format version {} (this build reads version {})",
                                      header.format_version, kSnapshotFormatVersion));
  }
  if (snapshot_format::checksum(file.first(snapshot_format::kHeaderChecksummedBytes)) !=
      header.header_checksum) {
    return snapshot_error(path, "is corrupt: the header checksum does not match");
  }
  if (header.header_bytes != sizeof(FileHeader) || header.entry_bytes != sizeof(SectionEntry)) {
    return snapshot_error(
        path, fmt::format("is corrupt: its header declares a {}-byte header and "
                          "{}-byte section entries, version {} uses {} and {}",
                          header.header_bytes, header.entry_bytes, kSnapshotFormatVersion,
                          sizeof(FileHeader), sizeof(SectionEntry)));
  }
  return header;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return b > std::numeric_limits<std::uint64_t>::max() - a
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

bool well_formed_name(const SectionEntry& entry) {
  const auto& name = entry.name;
  const auto end = std::find(name.begin(), name.end(), '\0');
  return end != name.begin() && end != name.end() &&
         std::all_of(end, name.end(), [](char c) { return c == '\0'; });
}

// Checks one entry against the table so far and the file; `position` is
// where the previous section (or the table) ends.
Status check_entry(const SectionEntry& entry, std::size_t index, std::uint64_t position,
                   std::uint64_t file_size, const std::string& path) {
  if (!well_formed_name(entry)) {
    return snapshot_error(path, fmt::format("is corrupt: section #{} has a malformed name", index));
  }
  const std::string_view name = section_name(entry);
  if (entry.element_size == 0 || entry.byte_length % entry.element_size != 0) {
    return snapshot_error(path,
                          fmt::format("is corrupt: section {} has {} bytes, not a whole number "
                                      "of its {}-byte elements",
                                      name, entry.byte_length, entry.element_size));
  }
  const std::uint64_t expected_offset = snapshot_format::align_up(position);
  if (entry.offset != expected_offset) {
    return snapshot_error(path, fmt::format("is corrupt: section {} starts at byte {}, expected {}",
                                            name, entry.offset, expected_offset));
  }
  const std::uint64_t end = saturating_add(entry.offset, entry.byte_length);
  if (end > file_size) {
    return snapshot_error(path, fmt::format("is truncated: section {} ends at byte {} but the file "
                                            "has {} bytes",
                                            name, end, file_size));
  }
  return {};
}

}  // namespace

Error snapshot_error(const std::string& path, std::string_view problem) {
  return make_error(ErrorCode::DatabaseError, fmt::format("snapshot {} {}", path, problem));
}

std::string_view section_name(const SectionEntry& entry) {
  return {entry.name.data(), ::strnlen(entry.name.data(), entry.name.size())};
}

std::span<const std::byte> section_bytes(std::span<const std::byte> file,
                                         const SectionEntry& entry) {
  return file.subspan(static_cast<std::size_t>(entry.offset),
                      static_cast<std::size_t>(entry.byte_length));
}

Result<SnapshotLayout> read_layout(std::span<const std::byte> file, const std::string& path) {
  auto header = read_header(file, path);
  if (!header) return std::move(header).take_error();
  const std::uint64_t file_size = file.size();
  const std::uint64_t table_end =
      sizeof(FileHeader) + std::uint64_t{header->section_count} * sizeof(SectionEntry);
  if (table_end > file_size) {
    return snapshot_error(path,
                          fmt::format("is truncated: the section table ends at byte {} but the "
                                      "file has {} bytes",
                                      table_end, file_size));
  }
  const auto table =
      file.subspan(sizeof(FileHeader), static_cast<std::size_t>(table_end) - sizeof(FileHeader));
  if (snapshot_format::checksum(table) != header->table_checksum) {
    return snapshot_error(path, "is corrupt: the section table checksum does not match");
  }

  SnapshotLayout layout{*header, {}};
  layout.sections.reserve(header->section_count);
  std::set<std::string, std::less<>> names;
  std::uint64_t position = table_end;
  for (std::size_t i = 0; i < header->section_count; ++i) {
    const auto entry = read_struct<SectionEntry>(table.subspan(i * sizeof(SectionEntry)));
    if (Status ok = check_entry(entry, i, position, file_size, path); !ok)
      return std::move(ok).take_error();
    layout.sections.push_back(entry);
    if (!names.emplace(section_name(entry)).second) {
      return snapshot_error(
          path, fmt::format("is corrupt: section {} appears twice", section_name(entry)));
    }
    position = entry.offset + entry.byte_length;
  }
  if (header->file_bytes != position) {
    return snapshot_error(path,
                          fmt::format("is corrupt: its header gives a size of {} bytes but its "
                                      "sections end at byte {}",
                                      header->file_bytes, position));
  }
  if (file_size > position) {
    return snapshot_error(path,
                          fmt::format("is corrupt: {} unexpected bytes follow its last section, "
                                      "which ends at byte {}",
                                      file_size - position, position));
  }
  return layout;
}

Status verify_sections(std::span<const std::byte> file, const SnapshotLayout& layout,
                       const std::string& path) {
  std::uint64_t position = sizeof(snapshot_format::FileHeader) +
                           layout.sections.size() * sizeof(snapshot_format::SectionEntry);
  for (const SectionEntry& entry : layout.sections) {
    const auto padding = file.subspan(static_cast<std::size_t>(position),
                                      static_cast<std::size_t>(entry.offset - position));
    if (std::any_of(padding.begin(), padding.end(),
                    [](std::byte b) { return b != std::byte{0}; })) {
      return snapshot_error(path,
                            fmt::format("is corrupt: the padding before section {} is not zero",
                                        section_name(entry)));
    }
    if (snapshot_format::checksum(section_bytes(file, entry)) != entry.checksum) {
      return snapshot_error(path, fmt::format("is corrupt: section {} does not match its checksum",
                                              section_name(entry)));
    }
    position = entry.offset + entry.byte_length;
  }
  return {};
}

}  // namespace trellis
