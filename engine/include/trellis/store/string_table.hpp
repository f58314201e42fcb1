// One interner for all string data of a graph. StringInterner grows while a
// graph is built; freeze() turns it into an immutable StringTable whose
// arrays the snapshot stores as they are (no rehash on load).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "trellis/store/ids.hpp"
#include "trellis/store/pod_array.hpp"

namespace trellis {

// Immutable interned strings: id -> text and text -> id in O(1).
// `offsets` has size()+1 entries into `blob`; `slots` is an open-addressing
// table (power-of-two size) of ids, 0 meaning empty.
struct StringTable {
  PodArray<char> blob;
  PodArray<std::uint64_t> offsets;
  PodArray<StringId> slots;

  std::size_t size() const { return offsets.empty() ? 0 : offsets.size() - 1; }
  std::string_view get(StringId id) const {
    return {blob.data() + offsets[id], static_cast<std::size_t>(offsets[id + 1] - offsets[id])};
  }
  // The id of `text`, or nullopt when it was never interned. "" is id 0.
  std::optional<StringId> find(std::string_view text) const;
  std::size_t size_bytes() const {
    return blob.size_bytes() + offsets.size_bytes() + slots.size_bytes();
  }
};

// Growing interner; ids are assigned in first-insertion order, so the same
// sequence of intern() calls always yields the same ids (and the same frozen
// table: growing keeps each id's hash, so it never hashes a string twice).
class StringInterner {
 public:
  StringInterner();

  StringId intern(std::string_view text);
  // intern() with text's hash_string() given: the caller hashed it already.
  StringId intern(std::string_view text, std::uint64_t hash);
  std::optional<StringId> find(std::string_view text) const;
  std::optional<StringId> find(std::string_view text, std::uint64_t hash) const;
  // hash_string(get(id)), kept from intern().
  std::uint64_t hash(StringId id) const { return hashes_[id]; }
  std::string_view get(StringId id) const {
    return {blob_.data() + offsets_[id], static_cast<std::size_t>(offsets_[id + 1] - offsets_[id])};
  }
  std::size_t size() const { return offsets_.size() - 1; }

  StringTable freeze() &&;

 private:
  void grow();
  std::size_t probe_known(std::string_view text, std::uint64_t hash) const;

  std::vector<char> blob_;
  std::vector<std::uint64_t> offsets_;
  std::vector<StringId> slots_;
  std::vector<std::uint64_t> hashes_;  // by id
};

// The hash every string index of the store uses (XXH3, 64 bits).
std::uint64_t hash_string(std::string_view text);

}  // namespace trellis
