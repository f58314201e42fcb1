#include "trellis/ingest/skipped_directories.hpp"

namespace trellis::ingest {

bool is_skipped_directory(std::string_view name, bool is_directory) {
  if (name == ".git") return true;
  if (!is_directory) return false;
  for (const std::string_view skipped : kSkippedDirectoryNames) {
    if (skipped.front() == '*') {
      const std::string_view suffix = skipped.substr(1);
      if (name.size() > suffix.size() && name.ends_with(suffix)) return true;
    } else if (name == skipped) {
      return true;
    }
  }
  return false;
}

}  // namespace trellis::ingest
