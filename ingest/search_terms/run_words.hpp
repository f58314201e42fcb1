// The words of each identifier run of one file, split once: a file names
// the same identifiers again and again (`err`, `self`, `ctx.Done`), and
// splitting, lowercasing and interning their parts at every occurrence was
// most of what collecting a file's full-text words cost. A run is looked up
// by its bytes (one hash, one probe); its parts (search::for_each_word's
// words of the run, in the same order) are kept with whether each is a
// code stop word and the id the caller gave it, once it gave one. One
// thread keeps one table from file to file (most runs recur across files),
// the ids its caller gave reset at each file (next_file).
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
  // with a digit).
  std::span<Part> parts(std::string_view run);
  // The ids given so far belonged to one file: from now on every part's id
  // is 0 until given again. The table is emptied when it has grown large.
  void next_file();
  std::string_view text(const Part& part) const { return {texts_.data() + part.text_offset, part.text_size}; }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t run_offset = kEmpty;  // into runs_; kEmpty: empty slot
    std::uint32_t run_size = 0;
    std::uint32_t first_part = 0;
    std::uint32_t part_count = 0;
    std::uint32_t generation = 0;  // the file its parts' ids were given in
  };
  void split(std::string_view run, Slot& slot);
  void grow();

  bool (*is_stop_)(std::string_view);
  std::vector<Slot> slots_;
  std::size_t used_ = 0;
  std::vector<Part> parts_;
  std::string texts_;
  std::string runs_;  // the bytes of every run in the table
  std::uint32_t generation_ = 0;
};

}  // namespace trellis::ingest::search_terms
