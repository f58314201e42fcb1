// The embedding vectors of a graph's nodes, kept in a file beside its
// snapshot (`graph.trellis.vectors`): one dimension for all, each vector
// under its node's stable key (store/node_id.hpp) with the hash of the text
// it was made from (so that only nodes whose text changed are embedded
// again). Vectors are stored as given, as 32-bit floats.
//
// File: "TRVECTS1", u32 format version, u32 dimension, u64 count, u64 XXH3
// of what follows; then count keys (u64), count text hashes (u64), count x
// dimension floats. Written atomically (common/atomic_file.hpp); a file that
// does not check out is refused with DATABASE_ERROR, never read as vectors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::embeddings {

// Where the vectors of the snapshot at `database` live.
std::filesystem::path vectors_path(const std::filesystem::path& database);

class VectorStore {
 public:
  // An empty store of `dimension` (0: not yet known; the first put sets it).
  explicit VectorStore(std::size_t dimension = 0) : dimension_(dimension) {}

  // The store in `path`; an empty one when there is no such file.
  static Result<VectorStore> load(const std::filesystem::path& path);
  // Replaces `path` atomically with this store.
  Status save(const std::filesystem::path& path) const;

  std::size_t dimension() const { return dimension_; }
  std::size_t size() const { return keys_.size(); }
  bool empty() const { return keys_.empty(); }
  std::uint64_t key(std::size_t row) const { return keys_[row]; }
  std::uint64_t text_hash(std::size_t row) const { return text_hashes_[row]; }
  std::span<const float> vector(std::size_t row) const {
    return std::span<const float>(values_).subspan(row * dimension_, dimension_);
  }
  // The row holding `key`, if any.
  std::optional<std::size_t> find(std::uint64_t key) const;

  // Sets the vector of `key` (replacing the one it had). The vector's size
  // must be dimension() (or set it, on an empty store of dimension 0).
  Status put(std::uint64_t key, std::uint64_t text_hash, std::span<const float> vector);
  // Drops the rows whose key `keep` refuses; returns how many.
  std::size_t retain(const std::function<bool(std::uint64_t key)>& keep);

 private:
  std::size_t dimension_ = 0;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint64_t> text_hashes_;
  std::vector<float> values_;  // row-major
  std::unordered_map<std::uint64_t, std::size_t> rows_;  // key -> row
};

}  // namespace trellis::embeddings
