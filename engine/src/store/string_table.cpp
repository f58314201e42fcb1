#include "trellis/store/string_table.hpp"

#include <xxhash.h>

namespace trellis {
namespace {

// Shared probe loop of the frozen and the growing table: linear probing over
// a power-of-two array of ids from `hash`. Returns the slot whose id
// `matches`, or the empty slot where it would go.
template <class Matches>
std::size_t probe(std::span<const StringId> slots, std::uint64_t hash, Matches matches) {
  const std::size_t mask = slots.size() - 1;
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  while (slots[i] != 0 && !matches(slots[i])) i = (i + 1) & mask;
  return i;
}

}  // namespace

std::uint64_t hash_string(std::string_view text) { return XXH3_64bits(text.data(), text.size()); }

std::optional<StringId> StringTable::find(std::string_view text) const {
  if (text.empty()) return kNullString;
  if (slots.empty()) return std::nullopt;
  const std::size_t slot =
      probe(slots.span(), hash_string(text), [&](StringId id) { return get(id) == text; });
  if (slots[slot] == 0) return std::nullopt;
  return slots[slot];
}

StringInterner::StringInterner() : offsets_{0, 0}, slots_(1024, 0), hashes_{hash_string({})} {}

std::optional<StringId> StringInterner::find(std::string_view text) const {
  return find(text, hash_string(text));
}

std::optional<StringId> StringInterner::find(std::string_view text, std::uint64_t hash) const {
  if (text.empty()) return kNullString;
  const std::size_t slot = probe_known(text, hash);
  if (slots_[slot] == 0) return std::nullopt;
  return slots_[slot];
}

// The interner keeps each id's hash: a probe compares hashes before texts.
std::size_t StringInterner::probe_known(std::string_view text, std::uint64_t hash) const {
  return probe(slots_, hash, [&](StringId id) { return hashes_[id] == hash && get(id) == text; });
}

StringId StringInterner::intern(std::string_view text) { return intern(text, hash_string(text)); }

StringId StringInterner::intern(std::string_view text, std::uint64_t hash) {
  if (text.empty()) return kNullString;
  const std::size_t slot = probe_known(text, hash);
  if (slots_[slot] != 0) return slots_[slot];
  const auto id = static_cast<StringId>(size());
  blob_.insert(blob_.end(), text.begin(), text.end());
  offsets_.push_back(blob_.size());
  hashes_.push_back(hash);
  slots_[slot] = id;
  // Keep the load factor under 1/2 so probes stay short.
  if (2 * size() > slots_.size()) grow();
  return id;
}

void StringInterner::grow() {
  // Ids in increasing order, as they were first inserted: the same table a
  // rehash of every text would give.
  std::vector<StringId> bigger(slots_.size() * 2, 0);
  const std::size_t mask = bigger.size() - 1;
  for (StringId id = 1; id < size(); ++id) {
    std::size_t i = static_cast<std::size_t>(hashes_[id]) & mask;
    while (bigger[i] != 0) i = (i + 1) & mask;
    bigger[i] = id;
  }
  slots_ = std::move(bigger);
}

StringTable StringInterner::freeze() && {
  return StringTable{PodArray<char>(std::move(blob_)), PodArray<std::uint64_t>(std::move(offsets_)),
                     PodArray<StringId>(std::move(slots_))};
}

}  // namespace trellis
