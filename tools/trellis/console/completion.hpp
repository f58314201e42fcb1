// Tab completion for the Cypher console: what the word before the cursor may
// become. The candidates come from the grammar's keywords, the functions of
// issue 5 and the schema tables (engine/include/trellis/store/schema.hpp):
//   after ':' inside (...)   labels            (f:Fun -> Function)
//   after ':' inside [...]   relationship types (-[:CA -> CALLS)
//   after '.'                property names    (f.qual -> qualified_name): those of
//                            the labels or types the text gives the variable
//                            (`(f:Module)` ... `f.` -> its columns), else all
//   a line starting with ':' console commands  (:sch -> :schema)
//   elsewhere                keywords and functions, in the case typed
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace trellis::console {

struct Completion {
  std::size_t word_start = 0;           // where the completed word starts in the text
  std::vector<std::string> candidates;  // whole words, sorted, no duplicates
  // A lone candidate that is a keyword is followed by a space (`MATCH `);
  // names and functions are not (`f.name`, `count(`).
  bool space_after_single = false;
};

// `text` is the input before the cursor (the current line, with any earlier
// lines of an unfinished statement before it).
Completion complete(std::string_view text);

// The longest prefix all candidates share (what one Tab can insert).
std::string common_prefix(const std::vector<std::string>& candidates);

}  // namespace trellis::console
