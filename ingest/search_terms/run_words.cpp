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

RunWords::RunWords(bool (*is_stop)(std::string_view)) : is_stop_(is_stop), slots_(1024) {}

void RunWords::next_file() {
  ++generation_;
  if (used_ <= kMaxRuns) return;
  slots_.assign(1024, Slot{});
  used_ = 0;
  parts_.clear();
  texts_.clear();
  runs_.clear();
}

std::span<RunWords::Part> RunWords::parts(std::string_view run) {
  const std::uint64_t hash = XXH3_64bits(run.data(), run.size());
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(hash) & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.run_offset == kEmpty) {
      slot.hash = hash;
      slot.run_offset = static_cast<std::uint32_t>(runs_.size());
      slot.run_size = static_cast<std::uint32_t>(run.size());
      slot.generation = generation_;
      runs_.append(run);
      split(run, slot);
      const std::span<Part> found(parts_.data() + slot.first_part, slot.part_count);
      // Keep the load factor under 1/2 so probes stay short (grow moves slots, not parts).
      if (2 * ++used_ > slots_.size()) grow();
      return found;
    }
    if (slot.hash == hash && slot.run_size == run.size() &&
        std::memcmp(runs_.data() + slot.run_offset, run.data(), run.size()) == 0) {
      const std::span<Part> found(parts_.data() + slot.first_part, slot.part_count);
      if (slot.generation != generation_) {
        for (Part& part : found) part.id = 0;
        slot.generation = generation_;
      }
      return found;
    }
  }
}

void RunWords::split(std::string_view run, Slot& slot) {
  slot.first_part = static_cast<std::uint32_t>(parts_.size());
  std::string buffer;
  const auto emit = [&](std::string_view word) {
    parts_.push_back({static_cast<std::uint32_t>(texts_.size()), static_cast<std::uint32_t>(word.size()), 0,
                      is_stop_(word)});
    texts_.append(word);
  };
  search::detail::split_identifier(run, buffer, emit, /*whole=*/true);
  slot.part_count = static_cast<std::uint32_t>(parts_.size()) - slot.first_part;
}

void RunWords::grow() {
  std::vector<Slot> bigger(slots_.size() * 2);
  const std::size_t mask = bigger.size() - 1;
  for (const Slot& slot : slots_) {
    if (slot.run_offset == kEmpty) continue;
    std::size_t i = static_cast<std::size_t>(slot.hash) & mask;
    while (bigger[i].run_offset != kEmpty) i = (i + 1) & mask;
    bigger[i] = slot;
  }
  slots_ = std::move(bigger);
}

}  // namespace trellis::ingest::search_terms
