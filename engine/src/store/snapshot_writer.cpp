// save_snapshot: lays out the sections (snapshot_format.hpp) and writes
// them through replace_file_atomically.
#include <fcntl.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

#include "trellis/common/atomic_file.hpp"
#include "trellis/common/parallel.hpp"
#include "snapshot_format.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis {
namespace {

namespace format = snapshot_format;

static_assert(kMaxExtraNameBytes + format::kExtraPrefix.size() == format::kMaxSectionName);

// How many written bytes write_snapshot lets pile up before it starts
// their write-back.
constexpr std::uint64_t kFlushBytes = std::uint64_t{4} << 20;

struct PendingSection {
  std::string name;
  std::uint32_t element_size;
  std::span<const std::byte> bytes;
};

format::MetaSection meta_of(const StoreParts& parts) {
  format::MetaSection meta{};
  meta.label_begin = parts.label_begin;
  for (std::size_t t = 0; t < kRelTypeCount; ++t) {
    meta.csr_base[t] = {parts.rels[t].forward.base, parts.rels[t].reverse.base};
  }
  return meta;
}

Status check_extra_name(const std::string& name) {
  if (name.empty() || name.size() > kMaxExtraNameBytes || name.find('\0') != std::string::npos) {
    return make_error(
        ErrorCode::InvalidArgument,
        fmt::format("snapshot extra section name '{}' must be 1 to {} bytes without NUL", name,
                    kMaxExtraNameBytes));
  }
  return {};
}

// The sections in file order; `meta` must outlive the result.
std::vector<PendingSection> pending_sections(const Snapshot& snapshot,
                                             const format::MetaSection& meta) {
  std::vector<PendingSection> sections;
  for_each_array(snapshot.store.parts(), [&sections](const std::string& name, const auto& array) {
    using T = typename std::remove_cvref_t<decltype(array)>::value_type;
    sections.push_back({name, sizeof(T), std::as_bytes(array.span())});
  });
  sections.push_back({std::string(format::kMetaSection), sizeof(std::uint32_t),
                      std::as_bytes(std::span(&meta, 1))});
  for (const auto& [name, bytes] : snapshot.extras) {
    sections.push_back({std::string(format::kExtraPrefix) + name, 1, std::as_bytes(bytes.span())});
  }
  return sections;
}

struct Layout {
  format::FileHeader header;
  std::vector<format::SectionEntry> table;
};

Layout lay_out(const GraphStore& store, std::span<const PendingSection> sections) {
  Layout layout{};
  // The checksums, tens of MB on a large graph, are taken on all threads.
  std::vector<std::uint64_t> checksums(sections.size());
  trellis::parallel_for(std::size_t{0}, sections.size(),
                    [&](std::size_t i) { checksums[i] = format::checksum(sections[i].bytes); });
  std::uint64_t position =
      sizeof(format::FileHeader) + sections.size() * sizeof(format::SectionEntry);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const PendingSection& section = sections[i];
    format::SectionEntry entry{};
    std::copy(section.name.begin(), section.name.end(), entry.name.begin());
    entry.element_size = section.element_size;
    entry.offset = format::align_up(position);
    entry.byte_length = section.bytes.size();
    entry.checksum = checksums[i];
    position = entry.offset + entry.byte_length;
    layout.table.push_back(entry);
  }
  format::FileHeader& header = layout.header;
  header.magic = format::kMagic;
  header.format_version = kSnapshotFormatVersion;
  header.header_bytes = sizeof(format::FileHeader);
  header.entry_bytes = sizeof(format::SectionEntry);
  header.section_count = static_cast<std::uint32_t>(sections.size());
  header.node_count = store.node_count();
  header.edge_count = store.edge_count();
  header.file_bytes = position;
  header.table_checksum = format::checksum(std::as_bytes(std::span(layout.table)));
  header.header_checksum =
      format::checksum(std::as_bytes(std::span(&header, 1)).first(format::kHeaderChecksummedBytes));
  return layout;
}

int write_snapshot(const FileDescriptor& file, const Layout& layout,
                   std::span<const PendingSection> sections) {
  static constexpr std::array<std::byte, format::kSectionAlignment> kZeros{};
  if (const int error = file.write_all(std::as_bytes(std::span(&layout.header, 1)))) return error;
  if (const int error = file.write_all(std::as_bytes(std::span(layout.table)))) return error;
  std::uint64_t position =
      sizeof(format::FileHeader) + layout.table.size() * sizeof(format::SectionEntry);
  std::uint64_t unflushed = 0;  // bytes before it are on their way to the disk
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const auto padding = static_cast<std::size_t>(layout.table[i].offset - position);
    if (const int error = file.write_all(std::span(kZeros).first(padding))) return error;
    if (const int error = file.write_all(sections[i].bytes)) return error;
    position = layout.table[i].offset + layout.table[i].byte_length;
    if (position - unflushed >= kFlushBytes) {
      // Start writing back what is written while the rest is copied, so
      // the fsync that follows waits for less. Only a hint: errors show at
      // the fsync.
      ::sync_file_range(file.get(), static_cast<off_t>(unflushed), static_cast<off_t>(position - unflushed),
                        SYNC_FILE_RANGE_WRITE);
      unflushed = position;
    }
  }
  return 0;
}

}  // namespace

Status save_snapshot(const Snapshot& snapshot, const std::filesystem::path& path) {
  for (const auto& extra : snapshot.extras) {
    if (Status ok = check_extra_name(extra.first); !ok) return ok;
  }
  const format::MetaSection meta = meta_of(snapshot.store.parts());
  const std::vector<PendingSection> sections = pending_sections(snapshot, meta);
  for (const PendingSection& section : sections) {
    if (section.name.size() > format::kMaxSectionName) {
      return make_error(ErrorCode::Internal,
                        fmt::format("snapshot section name {} is longer than {} bytes",
                                    section.name, format::kMaxSectionName));
    }
  }
  const Layout layout = lay_out(snapshot.store, sections);
  return replace_file_atomically(path, "snapshot", [&](const FileDescriptor& file) {
    return write_snapshot(file, layout, sections);
  });
}

}  // namespace trellis
