// Which language reads each file of a tree. Most files have one language by
// their name; a file several languages handle (a `.h` header, which C and
// C++ both read) goes to the one whose sources (LanguageFrontend::
// is_source: `.c` for C, `.cpp` for C++) are the more numerous in the
// nearest folder around it that holds any: its own folder's subtree, else
// its parent's, up to the root. A tree of C++ sources only reads its `.h`
// files as C++, one of C sources only as C; in a mixed tree each header
// goes with the sources of its part of the tree (a tie, or no sources at
// all: the language listed first, C).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest {

class FileOwners {
 public:
  // `paths`: every file of the tree the languages read (relative paths).
  FileOwners(const std::vector<std::unique_ptr<LanguageFrontend>>& languages, std::span<const std::string_view> paths);

  // The language that reads `relative_path` (nullptr: none handles it).
  const LanguageFrontend* owner(std::string_view relative_path) const;
  bool reads(const LanguageFrontend& language, std::string_view relative_path) const {
    return owner(relative_path) == &language;
  }

 private:
  const std::vector<std::unique_ptr<LanguageFrontend>>& languages_;
  // Sources of each language (by index) in each folder's subtree ("" the root).
  std::unordered_map<std::string, std::vector<std::uint32_t>> sources_;
};

}  // namespace trellis::ingest
