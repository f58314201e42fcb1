// The words of each identifier run of one file, split once: a file names
// the same identifiers again and again (`err`, `self`, `ctx.Done`), and
// splitting, lowercasing and interning their parts at every occurrence was
// most of what collecting a file's full-text words cost. A run is looked up
// by its bytes (one hash, one probe); its parts (search::for_each_word's
// words of the run, in the same order) are kept with whether each is a
// code stop word and the id the caller gave it, once it gave one.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trellis::ingest::search_terms {

class RunWords {
 public:
  struct Part {
    std::uint32_t text_offset = 0;  // into the lowercased parts' bytes
    std::uint32_t text_size = 0;
    std::uint32_t id = 0;  // the caller's id for the word; 0 until it gives one
    bool stop = false;     // a code stop word (is_stop below)
  };

  // `is_stop(word)`: whether a lowercased word says nothing in code.
  explicit RunWords(bool (*is_stop)(std::string_view));

  // The parts of `run` (a maximal run of word bytes that does not start
  // with a digit); `run` must stay valid as long as this object.
  std::span<Part> parts(std::string_view run);
  std::string_view text(const Part& part) const { return {texts_.data() + part.text_offset, part.text_size}; }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    const char* run = nullptr;  // nullptr: empty slot
    std::uint32_t run_size = 0;
    std::uint32_t first_part = 0;
    std::uint32_t part_count = 0;
  };
  void split(std::string_view run, Slot& slot);
  void grow();

  bool (*is_stop_)(std::string_view);
  std::vector<Slot> slots_;
  std::size_t used_ = 0;
  std::vector<Part> parts_;
  std::string texts_;
};

}  // namespace trellis::ingest::search_terms
