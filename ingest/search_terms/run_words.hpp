// The words of each identifier run of one file, split once: a file names
// the same identifiers again and again (`err`, `self`, `ctx.Done`), and
// splitting, lowercasing and interning their parts at every occurrence was
// most of what collecting a file's full-text words cost. A run is looked up
// by its bytes (one hash, one probe); its parts (search::for_each_word's
// words of the run, in the same order) are kept with whether each is a
// code stop word. Each distinct word is kept once, with the id the caller
// gave it in the current file (so a word shared by many runs, `get` of
// `getName` and `getValue`, is numbered without hashing its text again).
// One thread keeps one table from file to file (most runs recur across
// files), the ids its caller gave reset at each file (next_file).
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
    std::uint32_t word = 0;  // the word's index in this table (see id())
    bool stop = false;       // a code stop word (is_stop below)
  };

  // `is_stop(word)`: whether a lowercased word says nothing in code.
  explicit RunWords(bool (*is_stop)(std::string_view));

  // The parts of `run` (a maximal run of word bytes that does not start
  // with a digit).
  std::span<const Part> parts(std::string_view run);
  // The id the caller gave the part's word in the current file; 0 until it
  // gives one (by assigning through the reference).
  std::uint32_t& id(const Part& part) {
    Word& word = words_[part.word];
    if (word.generation != generation_) {
      word.generation = generation_;
      word.id = 0;
    }
    return word.id;
  }
  // The ids given so far belonged to one file: from now on every part's id
  // is 0 until given again. The table is emptied when it has grown large.
  void next_file();
  std::string_view text(const Part& part) const {
    const Word& word = words_[part.word];
    return {texts_.data() + word.text_offset, word.text_size};
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t offset = kEmpty;  // runs: into runs_; words: the word's index; kEmpty: empty slot
    std::uint32_t size = 0;
    std::uint32_t first_part = 0;  // runs only
    std::uint32_t part_count = 0;  // runs only
  };
  struct Word {
    std::uint32_t text_offset = 0;  // into texts_ (lowercased)
    std::uint32_t text_size = 0;
    std::uint32_t id = 0;          // the caller's id, valid in file `generation`
    std::uint32_t generation = 0;
  };
  void split(std::string_view run, Slot& slot);
  std::uint32_t word_index(std::string_view word);
  static void grow(std::vector<Slot>& slots);

  bool (*is_stop_)(std::string_view);
  std::vector<Slot> slots_;       // runs
  std::vector<Slot> word_slots_;  // words, by their lowercased text
  std::size_t used_ = 0;
  std::vector<Part> parts_;
  std::vector<Word> words_;
  std::string texts_;
  std::string runs_;  // the bytes of every run in the table
  std::uint32_t generation_ = 1;  // a new word's generation (0) is never current
};

}  // namespace trellis::ingest::search_terms
