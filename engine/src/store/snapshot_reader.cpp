// load_snapshot and read_snapshot_info: map the file, check its layout and
// checksums (snapshot_layout.hpp), point the store's arrays into the
// mapping, then check the arrays' consistency (store_check.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "trellis/common/file_descriptor.hpp"
#include "mapped_file.hpp"
#include "snapshot_format.hpp"
#include "snapshot_layout.hpp"
#include "store_check.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis {
namespace {

namespace format = snapshot_format;
using format::SectionEntry;

// Maps the whole file at `path`. With `populate`, every page is read now.
Result<std::shared_ptr<const MappedFile>> map_snapshot(const std::filesystem::path& path,
                                                       bool populate) {
  const std::string text = path.string();
  // O_NONBLOCK: opening a FIFO someone named as a snapshot must not hang.
  const FileDescriptor file = FileDescriptor::open(path, O_RDONLY | O_NONBLOCK);
  if (!file.valid()) {
    const int error = errno;
    if (error == ENOENT) return make_error(ErrorCode::DatabaseError, "no snapshot at " + text);
    return snapshot_error(text, "cannot be opened: " + errno_text(error));
  }
  struct stat status {};
  if (::fstat(file.get(), &status) != 0) {
    const int error = errno;
    return snapshot_error(text, "cannot be examined: " + errno_text(error));
  }
  if (!S_ISREG(status.st_mode)) return snapshot_error(text, "is not a regular file");
  if (status.st_size == 0) return snapshot_error(text, "is empty");
  auto mapping = std::make_shared<const MappedFile>(
      file.get(), static_cast<std::size_t>(status.st_size), populate);
  if (!mapping->valid())
    return snapshot_error(text, "cannot be mapped: " + errno_text(mapping->error()));
  return mapping;
}

// A mapped snapshot whose header and section table were read and checked.
struct OpenedSnapshot {
  std::shared_ptr<const MappedFile> mapping;
  SnapshotLayout layout;
};

Result<OpenedSnapshot> open_snapshot(const std::filesystem::path& path, const std::string& text,
                                     bool populate) {
  auto mapping = map_snapshot(path, populate);
  if (!mapping) return std::move(mapping).take_error();
  auto layout = read_layout((*mapping)->bytes(), text);
  if (!layout) return std::move(layout).take_error();
  return OpenedSnapshot{std::move(*mapping), std::move(*layout)};
}

// The graph arrays' section names, in for_each_array order.
std::set<std::string, std::less<>> graph_section_names() {
  std::set<std::string, std::less<>> names;
  const StoreParts parts = empty_store_parts();
  for_each_array(parts, [&names](const std::string& name, const auto&) { names.insert(name); });
  return names;
}

class Assembler {
 public:
  Assembler(std::shared_ptr<const MappedFile> mapping, const SnapshotLayout& layout,
            const std::string& path)
      : mapping_(std::move(mapping)), layout_(layout), path_(path) {
    for (const SectionEntry& entry : layout_.sections)
      by_name_.emplace(section_name(entry), &entry);
  }

  Result<Snapshot> run() {
    if (Status ok = check_names(); !ok) return std::move(ok).take_error();
    StoreParts parts = empty_store_parts();
    if (Status ok = fill_arrays(parts); !ok) return std::move(ok).take_error();
    if (Status ok = fill_meta(parts); !ok) return std::move(ok).take_error();
    if (auto problem = find_inconsistency(parts))
      return snapshot_error(path_, "is inconsistent: " + *problem);

    Snapshot snapshot{GraphStore(std::move(parts)), {}};
    if (Status ok = check_counts(snapshot.store); !ok) return std::move(ok).take_error();
    for (const SectionEntry& entry : layout_.sections) {
      const std::string_view name = section_name(entry);
      if (!name.starts_with(format::kExtraPrefix)) continue;
      if (entry.element_size != 1) return wrong_element_size(name, entry.element_size, 1);
      snapshot.extras.emplace(
          std::string(name.substr(format::kExtraPrefix.size())),
          PodArray<std::byte>(mapping_, section_bytes(mapping_->bytes(), entry)));
    }
    return snapshot;
  }

 private:
  Error wrong_element_size(std::string_view name, std::uint32_t found, std::size_t expected) const {
    return snapshot_error(
        path_, fmt::format("is corrupt: section {} has {}-byte elements, expected {}", name, found,
                           expected));
  }

  Status check_names() const {
    const auto graph_names = graph_section_names();
    for (const SectionEntry& entry : layout_.sections) {
      const std::string_view name = section_name(entry);
      if (!graph_names.contains(name) && name != format::kMetaSection &&
          !(name.starts_with(format::kExtraPrefix) && name.size() > format::kExtraPrefix.size())) {
        return snapshot_error(path_, fmt::format("is corrupt: it has an unknown section {}", name));
      }
    }
    for (const auto& name : graph_names) {
      if (!by_name_.contains(name)) return missing(name);
    }
    if (!by_name_.contains(format::kMetaSection)) return missing(format::kMetaSection);
    return {};
  }

  Error missing(std::string_view name) const {
    return snapshot_error(path_, fmt::format("is corrupt: section {} is missing", name));
  }

  Status fill_arrays(StoreParts& parts) const {
    Status status;
    for_each_array(parts, [&](const std::string& name, auto& array) {
      using T = typename std::remove_cvref_t<decltype(array)>::value_type;
      if (!status) return;
      const SectionEntry& entry = *by_name_.find(name)->second;
      if (entry.element_size != sizeof(T)) {
        status = wrong_element_size(name, entry.element_size, sizeof(T));
        return;
      }
      array =
          PodArray<T>(mapping_, MappedFile::view_as<T>(section_bytes(mapping_->bytes(), entry)));
    });
    return status;
  }

  Status fill_meta(StoreParts& parts) const {
    const SectionEntry& entry = *by_name_.find(format::kMetaSection)->second;
    if (entry.element_size != sizeof(std::uint32_t)) {
      return wrong_element_size(format::kMetaSection, entry.element_size, sizeof(std::uint32_t));
    }
    if (entry.byte_length != sizeof(format::MetaSection)) {
      return snapshot_error(path_, fmt::format("is corrupt: section meta has {} bytes, expected {}",
                                               entry.byte_length, sizeof(format::MetaSection)));
    }
    format::MetaSection meta{};
    std::memcpy(&meta, section_bytes(mapping_->bytes(), entry).data(), sizeof(meta));
    parts.label_begin = meta.label_begin;
    for (std::size_t t = 0; t < kRelTypeCount; ++t) {
      parts.rels[t].forward.base = meta.csr_base[t][0];
      parts.rels[t].reverse.base = meta.csr_base[t][1];
    }
    return {};
  }

  Status check_counts(const GraphStore& store) const {
    const format::FileHeader& header = layout_.header;
    if (header.node_count != store.node_count() || header.edge_count != store.edge_count()) {
      return snapshot_error(path_,
                            fmt::format("is inconsistent: its header counts {} nodes and {} edges "
                                        "but its arrays hold {} and {}",
                                        header.node_count, header.edge_count, store.node_count(),
                                        store.edge_count()));
    }
    return {};
  }

  std::shared_ptr<const MappedFile> mapping_;
  const SnapshotLayout& layout_;
  const std::string& path_;
  std::map<std::string_view, const SectionEntry*, std::less<>> by_name_;
};

}  // namespace

Result<Snapshot> load_snapshot(const std::filesystem::path& path) {
  const std::string text = path.string();
  auto opened = open_snapshot(path, text, true);
  if (!opened) return std::move(opened).take_error();
  const auto file = opened->mapping->bytes();
  if (Status ok = verify_sections(file, opened->layout, text); !ok) return std::move(ok).take_error();
  return Assembler(std::move(opened->mapping), opened->layout, text).run();
}

Result<std::optional<PodArray<std::byte>>> load_snapshot_extra(const std::filesystem::path& path,
                                                               std::string_view name) {
  const std::string text = path.string();
  auto opened = open_snapshot(path, text, false);
  if (!opened) return std::move(opened).take_error();
  const auto file = opened->mapping->bytes();
  for (const SectionEntry& entry : opened->layout.sections) {
    const std::string_view section = section_name(entry);
    if (!section.starts_with(format::kExtraPrefix) || section.substr(format::kExtraPrefix.size()) != name) continue;
    const auto bytes = section_bytes(file, entry);
    if (format::checksum(bytes) != entry.checksum) {
      return snapshot_error(text, fmt::format("is corrupt: section {} does not match its checksum", section));
    }
    return std::optional(PodArray<std::byte>(std::move(opened->mapping), bytes));
  }
  return std::optional<PodArray<std::byte>>();
}

Result<SnapshotInfo> read_snapshot_info(const std::filesystem::path& path) {
  const std::string text = path.string();
  // Without populate only the pages of the header and the table are read.
  auto opened = open_snapshot(path, text, false);
  if (!opened) return std::move(opened).take_error();
  const SnapshotLayout* layout = &opened->layout;
  SnapshotInfo info;
  info.format_version = layout->header.format_version;
  info.file_bytes = opened->mapping->bytes().size();
  info.node_count = layout->header.node_count;
  info.edge_count = layout->header.edge_count;
  info.section_count = layout->sections.size();
  for (const SectionEntry& entry : layout->sections) {
    info.sections.push_back({std::string(section_name(entry)), entry.offset, entry.byte_length});
  }
  return info;
}

}  // namespace trellis
