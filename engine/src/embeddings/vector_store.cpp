#include "trellis/embeddings/vector_store.hpp"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "trellis/common/atomic_file.hpp"
#include "trellis/common/file_io.hpp"

namespace trellis::embeddings {
namespace {

constexpr std::string_view kMagic = "TRVECTS1";
constexpr std::uint32_t kFormatVersion = 1;
constexpr std::size_t kHeaderBytes = 8 + 4 + 4 + 8 + 8;

template <class T>
void append(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}
template <class T>
void append_all(std::string& out, const std::vector<T>& values) {
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}
template <class T>
T read_at(std::string_view bytes, std::size_t at) {
  T value;
  std::memcpy(&value, bytes.data() + at, sizeof(T));
  return value;
}

Error corrupt(const std::filesystem::path& path, std::string_view problem) {
  return make_error(ErrorCode::DatabaseError, fmt::format("vectors file {} {}", path.string(), problem));
}

}  // namespace

std::filesystem::path vectors_path(const std::filesystem::path& database) {
  std::filesystem::path path = database;
  path += ".vectors";
  return path;
}

Result<VectorStore> VectorStore::load(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return VectorStore();
  auto read = read_file(path);
  if (!read.ok()) return std::move(read).take_error();
  const std::string_view bytes = *read;
  if (bytes.size() < kHeaderBytes || bytes.substr(0, kMagic.size()) != kMagic) {
    return corrupt(path, "is not a Trellis vectors file");
  }
  const auto version = read_at<std::uint32_t>(bytes, 8);
  if (version != kFormatVersion) {
    return corrupt(path, fmt::format("has format version {}, this build reads {}: import the vectors again", version,
                                     kFormatVersion));
  }
  const auto dimension = read_at<std::uint32_t>(bytes, 12);
  const auto count = read_at<std::uint64_t>(bytes, 16);
  const auto checksum = read_at<std::uint64_t>(bytes, 24);
  const std::string_view payload = bytes.substr(kHeaderBytes);
  const std::uint64_t expected = count * (16 + static_cast<std::uint64_t>(dimension) * sizeof(float));
  if (dimension == 0 || count > payload.size() || payload.size() != expected) {
    return corrupt(path, "is truncated or damaged (its sizes do not add up)");
  }
  if (XXH3_64bits(payload.data(), payload.size()) != checksum) return corrupt(path, "does not match its checksum");
  VectorStore store(dimension);
  store.keys_.resize(count);
  store.text_hashes_.resize(count);
  store.values_.resize(count * dimension);
  std::memcpy(store.keys_.data(), payload.data(), count * 8);
  std::memcpy(store.text_hashes_.data(), payload.data() + count * 8, count * 8);
  std::memcpy(store.values_.data(), payload.data() + count * 16, store.values_.size() * sizeof(float));
  for (std::size_t row = 0; row < count; ++row) {
    if (!store.rows_.emplace(store.keys_[row], row).second) return corrupt(path, "holds one node twice");
  }
  return store;
}

Status VectorStore::save(const std::filesystem::path& path) const {
  std::string payload;
  payload.reserve(keys_.size() * 16 + values_.size() * sizeof(float));
  append_all(payload, keys_);
  append_all(payload, text_hashes_);
  append_all(payload, values_);
  std::string file(kMagic);
  append(file, kFormatVersion);
  append(file, static_cast<std::uint32_t>(dimension_));
  append(file, static_cast<std::uint64_t>(keys_.size()));
  append(file, static_cast<std::uint64_t>(XXH3_64bits(payload.data(), payload.size())));
  file += payload;
  return replace_file_atomically(path, "vectors", [&](const FileDescriptor& fd) {
    return fd.write_all(std::as_bytes(std::span<const char>(file.data(), file.size())));
  });
}

std::optional<std::size_t> VectorStore::find(std::uint64_t key) const {
  const auto it = rows_.find(key);
  if (it == rows_.end()) return std::nullopt;
  return it->second;
}

Status VectorStore::put(std::uint64_t key, std::uint64_t text_hash, std::span<const float> vector) {
  if (dimension_ == 0 && keys_.empty()) dimension_ = vector.size();
  if (vector.size() != dimension_ || dimension_ == 0) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("a vector of {} numbers, but the stored vectors have {}", vector.size(), dimension_));
  }
  if (const auto row = find(key)) {
    text_hashes_[*row] = text_hash;
    std::copy(vector.begin(), vector.end(), values_.begin() + static_cast<std::ptrdiff_t>(*row * dimension_));
    return {};
  }
  rows_.emplace(key, keys_.size());
  keys_.push_back(key);
  text_hashes_.push_back(text_hash);
  values_.insert(values_.end(), vector.begin(), vector.end());
  return {};
}

std::size_t VectorStore::retain(const std::function<bool(std::uint64_t key)>& keep) {
  std::size_t kept = 0;
  for (std::size_t row = 0; row < keys_.size(); ++row) {
    if (!keep(keys_[row])) continue;
    if (kept != row) {
      keys_[kept] = keys_[row];
      text_hashes_[kept] = text_hashes_[row];
      std::copy_n(values_.begin() + static_cast<std::ptrdiff_t>(row * dimension_), dimension_,
                  values_.begin() + static_cast<std::ptrdiff_t>(kept * dimension_));
    }
    ++kept;
  }
  const std::size_t dropped = keys_.size() - kept;
  keys_.resize(kept);
  text_hashes_.resize(kept);
  values_.resize(kept * dimension_);
  rows_.clear();
  for (std::size_t row = 0; row < kept; ++row) rows_.emplace(keys_[row], row);
  return dropped;
}

}  // namespace trellis::embeddings
