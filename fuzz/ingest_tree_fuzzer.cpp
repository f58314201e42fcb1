// libFuzzer entry: the input decodes to a small source tree and edits
// (tree_input.hpp), written under a temporary folder and indexed; the edits
// are applied and the tree indexed again, incrementally. Besides crashes,
// leaks and sanitizer reports, it aborts when a check of index_and_check
// fails: a store that fails the store check or does not load back, an
// incremental snapshot that differs from a full index, a file neither
// indexed nor passed over with a reason (support/tree_check.hpp).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/tree_check.hpp"
#include "tree_input.hpp"

namespace {

namespace fs = std::filesystem;

// One scratch folder per process (in memory when /dev/shm is there),
// emptied for each input.
const fs::path& scratch_root() {
  static const fs::path root = [] {
    const fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    return base / ("trellis-tree-fuzz-" + std::to_string(::getpid()));
  }();
  return root;
}

void check(const trellis::fuzz::IndexCheckResult& result, const char* when) {
  if (!result.problem) return;
  std::fprintf(stderr, "tree fuzzer (%s): %s\n", when, result.problem->c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trellis::fuzz;
  static const auto languages = trellis::ingest::make_language_frontends();
  const TreeInput input = decode_tree_input({data, size});
  const fs::path& work = scratch_root();
  std::error_code ignored;
  fs::remove_all(work, ignored);
  const fs::path root = work / "tree";
  const fs::path scratch = work / "db";
  fs::create_directories(root);
  fs::create_directories(scratch);
  std::vector<TreeFile> files = write_tree(root, input.files);
  const fs::path database = scratch / "graph.trellis";
  check(index_and_check(root, files, database, scratch, 1, languages), "first index");
  if (!input.edits.empty()) {
    apply_edits(root, files, input.edits);
    check(index_and_check(root, files, database, scratch, 2, languages), "after edits");
  }
  fs::remove_all(work, ignored);
  return 0;
}
