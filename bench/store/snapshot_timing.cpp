#include "store/snapshot_timing.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include "common/stopwatch.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {
namespace {

constexpr NodeId kNameSamples = 1000;

// Asks the kernel to forget the file's cached pages (they are clean: the
// snapshot writer synced them), so the next load reads the disk again.
void drop_from_page_cache(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY);
  if (fd < 0) return;
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
}

void compare(const GraphStore& saved, const GraphStore& loaded,
             std::vector<std::string>& failed_checks) {
  auto check = [&failed_checks](bool ok, std::string what) {
    if (!ok) failed_checks.push_back("loaded snapshot: " + std::move(what));
  };
  check(loaded.node_count() == saved.node_count(),
        fmt::format("{} nodes, the saved store has {}", loaded.node_count(), saved.node_count()));
  for (const LabelDef& def : all_labels()) {
    check(loaded.node_count(def.label) == saved.node_count(def.label),
          fmt::format("{} {} nodes, the saved store has {}", loaded.node_count(def.label), def.name,
                      saved.node_count(def.label)));
  }
  for (const RelTypeDef& def : all_rel_types()) {
    check(loaded.edge_count(def.type) == saved.edge_count(def.type),
          fmt::format("{} {} edges, the saved store has {}", loaded.edge_count(def.type), def.name,
                      saved.edge_count(def.type)));
  }
  check(loaded.memory_report().total_bytes == saved.memory_report().total_bytes,
        "its arrays take a different number of bytes");
  if (loaded.node_count() != saved.node_count() || saved.node_count() == 0) return;
  const NodeId step = std::max<NodeId>(1, static_cast<NodeId>(saved.node_count() / kNameSamples));
  for (NodeId node = 0; node < saved.node_count(); node += step) {
    if (loaded.qualified_name(node) != saved.qualified_name(node)) {
      check(false, fmt::format("node {} is named {}, not {}", node, loaded.qualified_name(node),
                               saved.qualified_name(node)));
      return;
    }
  }
}

// Loads `file` and returns the time load_snapshot took, checking the result.
Result<double> timed_load(const GraphStore& saved, const std::filesystem::path& file,
                          std::vector<std::string>& failed_checks) {
  const Stopwatch load;
  auto loaded = load_snapshot(file);
  const double elapsed = load.elapsed_ms();
  if (!loaded) return std::move(loaded).take_error();
  compare(saved, loaded->store, failed_checks);
  return elapsed;
}

Result<SnapshotTiming> save_and_load(const GraphStore& store, const std::filesystem::path& file,
                                     std::uint32_t load_runs,
                                     std::vector<std::string>& failed_checks) {
  SnapshotTiming timing;
  const Stopwatch save;
  if (auto saved = save_snapshot(Snapshot{store, {}}, file); !saved)
    return std::move(saved).take_error();
  timing.save_ms = save.elapsed_ms();
  timing.file_bytes = std::filesystem::file_size(file);

  drop_from_page_cache(file);
  auto first = timed_load(store, file, failed_checks);
  if (!first) return std::move(first).take_error();
  timing.first_load_ms = *first;

  std::vector<double> warm;
  for (std::uint32_t run = 0; run < load_runs; ++run) {
    auto elapsed = timed_load(store, file, failed_checks);
    if (!elapsed) return std::move(elapsed).take_error();
    warm.push_back(*elapsed);
  }
  std::sort(warm.begin(), warm.end());
  const std::size_t middle = warm.size() / 2;
  timing.median_load_ms = warm.empty()           ? timing.first_load_ms
                          : warm.size() % 2 == 1 ? warm[middle]
                                                 : (warm[middle - 1] + warm[middle]) / 2;
  timing.load_runs = load_runs;
  return timing;
}

}  // namespace

Result<SnapshotTiming> time_snapshot(const GraphStore& store, const std::filesystem::path& file,
                                     std::uint32_t load_runs,
                                     std::vector<std::string>& failed_checks) {
  auto timing = save_and_load(store, file, load_runs, failed_checks);
  std::error_code ignored;
  std::filesystem::remove(file, ignored);
  return timing;
}

}  // namespace trellis::bench
