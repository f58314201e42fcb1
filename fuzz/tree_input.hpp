// The tree fuzzer's input format: bytes -> a small source tree and edits.
//
// The input is text split at lines that start with "%%". Each such line is
// a header, and the bytes up to the next header are its content:
//   %%f PATH      a file of the first tree
//   %%m N         an edit: file N (modulo the file count) gets the content
//   %%r N         an edit: file N is removed
//   %%a PATH      an edit: a new file with the content
//   %%n N PATH    an edit: file N is renamed to PATH
// Bytes before the first header are the content of `main.py`. PATH is
// cleaned into a relative path: empty, "." and ".." segments and NUL bytes
// dropped, at most 6 segments of at most 64 bytes; a last segment with no
// '.' gets ".py". Any byte may stand in names and contents (dotfiles,
// spaces, non-ASCII, invalid UTF-8). At most 32 files and 8 edits of 16 KiB
// each are kept, so one input indexes in milliseconds.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "support/tree_check.hpp"

namespace trellis::fuzz {

struct TreeInput {
  std::vector<TreeFile> files;
  std::vector<TreeEdit> edits;
};

TreeInput decode_tree_input(std::span<const std::uint8_t> bytes);

}  // namespace trellis::fuzz
