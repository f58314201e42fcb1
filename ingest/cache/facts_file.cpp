#include "trellis/ingest/facts_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "trellis/common/atomic_file.hpp"
#include "trellis/common/file_descriptor.hpp"

namespace trellis::ingest {
namespace {

constexpr std::array<char, 8> kMagic = {'T', 'R', 'F', 'A', 'C', 'T', 'S', '\0'};
constexpr std::uint32_t kFormatVersion = 2;

// A stamp is trusted when the file was last changed this long before the
// index that recorded it started: a write in the same tick of a coarse file
// system clock (or on a file system with 2-second times) could otherwise
// leave the stamp as it was.
constexpr std::int64_t kStampMarginNs = 2'000'000'000;

// One file's entry in the table after the offsets.
struct StoredStamp {
  std::uint64_t size;
  std::int64_t mtime_ns;
  std::int64_t ctime_ns;
  std::uint64_t inode;
  std::uint64_t flags;  // bit 0: the content had invalid UTF-8
};
static_assert(sizeof(StoredStamp) == 40 && std::has_unique_object_representations_v<StoredStamp>);

struct Header {
  std::array<char, 8> magic;
  std::uint32_t version;
  std::uint32_t zero;
};

struct Footer {
  std::uint64_t table_offset;
  std::uint64_t file_count;
  std::uint64_t table_checksum;
  std::uint64_t manifest_checksum;
  std::array<char, 8> magic;
  std::uint64_t footer_checksum;  // of the bytes before it
};

static_assert(sizeof(Header) == 16 && std::has_unique_object_representations_v<Header>);
static_assert(sizeof(Footer) == 48 && std::has_unique_object_representations_v<Footer>);

std::uint64_t checksum(std::span<const std::byte> bytes) {
  return XXH3_64bits(bytes.data(), bytes.size());
}

std::uint64_t footer_checksum(const Footer& footer) {
  return checksum(std::as_bytes(std::span(&footer, 1)).first(offsetof(Footer, footer_checksum)));
}

Error unusable(const std::filesystem::path& path, std::string_view problem) {
  return make_error(ErrorCode::DatabaseError,
                    fmt::format("facts file {} {}", path.string(), problem));
}

Error write_failure(const std::filesystem::path& path, std::string_view step, int error) {
  return make_error(ErrorCode::DatabaseError, fmt::format("cannot save facts file {}: {}: {}",
                                                          path.string(), step, errno_text(error)));
}

// The table (the time the index started, each file's record offset, each
// file's stamp) and the footer of a write, as bytes.
std::vector<std::byte> table_and_footer(std::span<const EncodedFile> files, std::span<const std::uint64_t> offsets,
                                        std::int64_t stamped_before, std::uint64_t table_offset,
                                        std::span<const std::byte> manifest) {
  std::vector<StoredStamp> stamps(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const FileStamp& stamp = files[i].stamp;
    stamps[i] = {stamp.size, stamp.mtime_ns, stamp.ctime_ns, stamp.inode, files[i].had_invalid_utf8 ? 1u : 0u};
  }
  // Laid out by position into a buffer of the final size.
  std::vector<std::byte> out(sizeof stamped_before + offsets.size_bytes() + stamps.size() * sizeof(StoredStamp) +
                             sizeof(Footer));
  std::size_t at = 0;
  const auto put = [&out, &at](const void* data, std::size_t size) {
    if (size != 0) std::memcpy(out.data() + at, data, size);
    at += size;
  };
  put(&stamped_before, sizeof stamped_before);
  put(offsets.data(), offsets.size_bytes());
  put(stamps.data(), stamps.size() * sizeof(StoredStamp));
  Footer footer{};
  footer.table_offset = table_offset;
  footer.file_count = offsets.size();
  footer.table_checksum = checksum(std::span<const std::byte>(out).first(at));
  footer.manifest_checksum = checksum(manifest);
  footer.magic = kMagic;
  footer.footer_checksum = footer_checksum(footer);
  put(&footer, sizeof footer);
  return out;
}

std::uint64_t table_bytes(std::uint64_t files) {
  return sizeof(std::int64_t) + files * (sizeof(std::uint64_t) + sizeof(StoredStamp));
}

int pwrite_all(const FileDescriptor& file, std::span<const std::byte> bytes, std::uint64_t offset) {
  while (!bytes.empty()) {
    const ssize_t written =
        ::pwrite(file.get(), bytes.data(), bytes.size(), static_cast<off_t>(offset));
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes = bytes.subspan(static_cast<std::size_t>(written));
    offset += static_cast<std::uint64_t>(written);
  }
  return 0;
}

// Every record into a new file in place of `path` (replace_file_atomically,
// not synced: the facts file is a cache, and one lost or ahead of its
// snapshot is refused and costs a full index, never a wrong graph).
Status write_new(const std::filesystem::path& path, std::span<const EncodedFile> files,
                 std::span<const std::byte> manifest, std::int64_t stamped_before) {
  return replace_file_atomically(
      path, "facts file",
      [&](const FileDescriptor& file) {
        const Header header{kMagic, kFormatVersion, 0};
        std::vector<std::uint64_t> offsets(files.size());
        std::uint64_t position = sizeof(Header);
        // Written in chunks of about a megabyte rather than a call per record.
        std::vector<std::byte> chunk;
        const auto header_bytes = std::as_bytes(std::span(&header, 1));
        chunk.insert(chunk.end(), header_bytes.begin(), header_bytes.end());
        for (std::size_t i = 0; i < files.size(); ++i) {
          const auto bytes = files[i].bytes();
          offsets[i] = position;
          position += bytes.size();
          chunk.insert(chunk.end(), bytes.begin(), bytes.end());
          if (chunk.size() >= (1u << 20)) {
            if (const int error = file.write_all(chunk)) return error;
            chunk.clear();
          }
        }
        const std::vector<std::byte> tail = table_and_footer(files, offsets, stamped_before, position, manifest);
        chunk.insert(chunk.end(), tail.begin(), tail.end());
        return file.write_all(chunk);
      },
      /*durable=*/false);
}

}  // namespace

// The whole file mapped read-only; remembers which file it was.
class FactsFile::Mapping {
 public:
  Mapping(const std::byte* data, std::size_t size, dev_t device, ino_t inode)
      : data_(data), size_(size), device_(device), inode_(inode) {}
  ~Mapping() { ::munmap(const_cast<std::byte*>(data_), size_); }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;

  std::span<const std::byte> bytes() const { return {data_, size_}; }
  // Whether `status` describes the file as it was mapped.
  bool same_file(const struct stat& status) const {
    return status.st_dev == device_ && status.st_ino == inode_ &&
           static_cast<std::size_t>(status.st_size) == size_;
  }

 private:
  const std::byte* data_;
  std::size_t size_;
  dev_t device_;
  ino_t inode_;
};

std::filesystem::path facts_file_path(const std::filesystem::path& snapshot) {
  std::filesystem::path path = snapshot;
  path += ".facts";
  return path;
}

FactsFile::FactsFile(std::unique_ptr<Mapping> mapping, FactsCache cache, std::uint64_t file_bytes)
    : mapping_(std::move(mapping)), cache_(std::move(cache)), file_bytes_(file_bytes) {}
FactsFile::FactsFile(FactsFile&&) noexcept = default;
FactsFile& FactsFile::operator=(FactsFile&&) noexcept = default;
FactsFile::~FactsFile() = default;

Result<FactsFile> FactsFile::read(const std::filesystem::path& path,
                                  std::span<const std::byte> manifest) {
  auto entries = decode_manifest(manifest);
  if (!entries.ok()) return std::move(entries).take_error();
  const FileDescriptor file = FileDescriptor::open(path, O_RDONLY | O_NONBLOCK);
  if (!file.valid()) {
    const int error = errno;
    return unusable(path,
                    error == ENOENT ? "is missing" : "cannot be opened: " + errno_text(error));
  }
  struct stat status {};
  if (::fstat(file.get(), &status) != 0)
    return unusable(path, "cannot be examined: " + errno_text(errno));
  if (!S_ISREG(status.st_mode)) return unusable(path, "is not a regular file");
  const auto size = static_cast<std::size_t>(status.st_size);
  if (size < sizeof(Header) + sizeof(Footer)) return unusable(path, "is truncated");
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file.get(), 0);
  if (data == MAP_FAILED) return unusable(path, "cannot be mapped: " + errno_text(errno));
  auto mapping = std::make_unique<Mapping>(static_cast<const std::byte*>(data), size, status.st_dev,
                                           status.st_ino);
  const std::span<const std::byte> bytes = mapping->bytes();

  Header header{};
  std::memcpy(&header, bytes.data(), sizeof header);
  if (header.magic != kMagic || header.version != kFormatVersion)
    return unusable(path, "is not a facts file of this version");
  Footer footer{};
  std::memcpy(&footer, bytes.data() + size - sizeof footer, sizeof footer);
  if (footer.magic != kMagic || footer.footer_checksum != footer_checksum(footer)) {
    return unusable(path, "has no intact footer");
  }
  if (footer.manifest_checksum != checksum(manifest) || footer.file_count != entries->size()) {
    return unusable(path, "was written for another snapshot");
  }
  const std::uint64_t table_size = table_bytes(footer.file_count);
  if (footer.table_offset < sizeof(Header) || footer.file_count > size ||
      footer.table_offset + table_size != size - sizeof footer) {
    return unusable(path, "has a misplaced table");
  }
  const auto table = bytes.subspan(footer.table_offset, table_size);
  if (checksum(table) != footer.table_checksum) return unusable(path, "has a damaged table");
  std::int64_t stamped_before = 0;
  std::memcpy(&stamped_before, table.data(), sizeof stamped_before);
  std::vector<std::uint64_t> offsets(footer.file_count);
  std::vector<StoredStamp> stamps(footer.file_count);
  if (footer.file_count != 0) {  // an empty vector's data() may be null, which memcpy must not get
    std::memcpy(offsets.data(), table.data() + sizeof stamped_before, offsets.size() * sizeof(std::uint64_t));
    std::memcpy(stamps.data(), table.data() + sizeof stamped_before + offsets.size() * sizeof(std::uint64_t),
                stamps.size() * sizeof(StoredStamp));
  }
  std::vector<std::span<const std::byte>> records(offsets.size());
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    const std::uint64_t length = (*entries)[i].record_bytes;
    if (offsets[i] < sizeof(Header) || offsets[i] > footer.table_offset ||
        length > footer.table_offset - offsets[i]) {
      return unusable(path, "has a record out of place");
    }
    records[i] = bytes.subspan(offsets[i], length);
  }
  auto cache = decode_records(*entries, records, offsets);
  if (!cache.ok()) return std::move(cache).take_error();
  for (std::size_t i = 0; i < stamps.size(); ++i) {
    CachedFile& cached = cache->at((*entries)[i].relative_path);
    const StoredStamp& stored = stamps[i];
    cached.had_invalid_utf8 = (stored.flags & 1u) != 0;
    if (std::max(stored.mtime_ns, stored.ctime_ns) < stamped_before - kStampMarginNs) {
      cached.trusted_stamp = FileStamp{stored.size, stored.mtime_ns, stored.ctime_ns, stored.inode};
    }
  }
  return FactsFile(std::move(mapping), std::move(cache).value(), size);
}

Status write_facts_file(const std::filesystem::path& path, std::span<const EncodedFile> files,
                        std::span<const std::byte> manifest, const FactsFile* previous,
                        std::int64_t stamped_before) {
  if (previous == nullptr) return write_new(path, files, manifest, stamped_before);
  std::uint64_t live = 0;
  std::uint64_t appended = 0;
  for (const EncodedFile& file : files) {
    live += file.bytes().size();
    if (file.kept.empty() || file.kept_offset == kNoRecordOffset) appended += file.bytes().size();
  }
  const std::uint64_t grown = previous->file_bytes() + appended + table_bytes(files.size()) + sizeof(Footer);
  if (grown > 2 * live + (std::uint64_t{1} << 20)) return write_new(path, files, manifest, stamped_before);

  // O_NONBLOCK: a FIFO put in its place must not hang the index.
  const FileDescriptor file = FileDescriptor::open(path, O_WRONLY | O_NONBLOCK);
  struct stat status {};
  if (!file.valid() || ::fstat(file.get(), &status) != 0 ||
      !previous->mapping_->same_file(status)) {
    return write_new(path, files, manifest, stamped_before);
  }
  std::vector<std::uint64_t> offsets(files.size());
  std::uint64_t position = previous->file_bytes();
  std::vector<std::byte> chunk;
  std::uint64_t chunk_start = position;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!files[i].kept.empty() && files[i].kept_offset != kNoRecordOffset) {
      offsets[i] = files[i].kept_offset;
      continue;
    }
    const auto bytes = files[i].bytes();
    offsets[i] = position;
    position += bytes.size();
    chunk.insert(chunk.end(), bytes.begin(), bytes.end());
  }
  const std::vector<std::byte> tail = table_and_footer(files, offsets, stamped_before, position, manifest);
  chunk.insert(chunk.end(), tail.begin(), tail.end());
  if (const int error = pwrite_all(file, chunk, chunk_start))
    return write_failure(path, "appending", error);
  return {};
}

}  // namespace trellis::ingest
