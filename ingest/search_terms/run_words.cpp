#include "search_terms/run_words.hpp"

// XXH3 inlined: a run is a few bytes long, and a call into the shared
// library cost more than the rest of a lookup.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstring>

#include "trellis/search/word_split.hpp"

namespace trellis::ingest::search_terms {

namespace {

// Past this many runs the table starts over at the next file: it holds a
// thread's runs of all files, and a huge tree must not grow it without end.
constexpr std::size_t kMaxRuns = std::size_t{1} << 20;

}  // namespace

RunWords::RunWords(bool (*is_stop)(std::string_view)) : is_stop_(is_stop), slots_(1024), word_slots_(1024) {}

void RunWords::next_file() {
  ++generation_;
  if (used_ <= kMaxRuns) return;
  slots_.assign(1024, Slot{});
  word_slots_.assign(1024, Slot{});
  used_ = 0;
  parts_.clear();
  words_.clear();
  texts_.clear();
  runs_.clear();
}

std::span<const RunWords::Part> RunWords::parts(std::string_view run) {
  // Every word is a piece of the run: a run too short to be a word has none
  // (one-letter names are common: `i`, `r`, `w`), and needs no lookup.
  if (run.size() < search::kMinWordBytes) return {};
  const std::uint64_t hash = XXH3_64bits(run.data(), run.size());
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(hash) & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.offset == kEmpty) {
      slot.hash = hash;
      slot.offset = static_cast<std::uint32_t>(runs_.size());
      slot.size = static_cast<std::uint32_t>(run.size());
      runs_.append(run);
      split(run, slot);
      const std::span<const Part> found(parts_.data() + slot.first_part, slot.part_count);
      // Keep the load factor under 1/2 so probes stay short (grow moves slots, not parts).
      if (2 * ++used_ > slots_.size()) grow(slots_);
      return found;
    }
    if (slot.hash == hash && slot.size == run.size() &&
        std::memcmp(runs_.data() + slot.offset, run.data(), run.size()) == 0) {
      return {parts_.data() + slot.first_part, slot.part_count};
    }
  }
}

void RunWords::split(std::string_view run, Slot& slot) {
  slot.first_part = static_cast<std::uint32_t>(parts_.size());
  std::string buffer;
  const auto emit = [&](std::string_view word) { parts_.push_back({word_index(word), is_stop_(word)}); };
  search::detail::split_identifier(run, buffer, emit, /*whole=*/true);
  slot.part_count = static_cast<std::uint32_t>(parts_.size()) - slot.first_part;
}

// Words are looked up only when a new run is split, so this table is small
// beside the runs' and probed rarely.
std::uint32_t RunWords::word_index(std::string_view word) {
  const std::uint64_t hash = XXH3_64bits(word.data(), word.size());
  const std::size_t mask = word_slots_.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(hash) & mask;; i = (i + 1) & mask) {
    Slot& slot = word_slots_[i];
    if (slot.offset == kEmpty) {
      const auto index = static_cast<std::uint32_t>(words_.size());
      words_.push_back({static_cast<std::uint32_t>(texts_.size()), static_cast<std::uint32_t>(word.size()), 0, 0});
      texts_.append(word);
      slot.hash = hash;
      slot.offset = index;
      slot.size = static_cast<std::uint32_t>(word.size());
      if (2 * words_.size() > word_slots_.size()) grow(word_slots_);
      return index;
    }
    if (slot.hash == hash && slot.size == word.size()) {
      const Word& known = words_[slot.offset];
      if (std::memcmp(texts_.data() + known.text_offset, word.data(), word.size()) == 0) return slot.offset;
    }
  }
}

void RunWords::grow(std::vector<Slot>& slots) {
  std::vector<Slot> bigger(slots.size() * 2);
  const std::size_t mask = bigger.size() - 1;
  for (const Slot& slot : slots) {
    if (slot.offset == kEmpty) continue;
    std::size_t i = static_cast<std::size_t>(slot.hash) & mask;
    while (bigger[i].offset != kEmpty) i = (i + 1) & mask;
    bigger[i] = slot;
  }
  slots = std::move(bigger);
}

}  // namespace trellis::ingest::search_terms
