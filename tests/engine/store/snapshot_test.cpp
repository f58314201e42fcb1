#include "trellis/store/snapshot.hpp"

#include <doctest/doctest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "engine/store/snapshot_fixtures.hpp"
#include "support/temp_dir.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::testing;

namespace {

PodArray<std::byte> bytes_of(std::string_view text) {
  std::vector<std::byte> bytes(text.size());
  std::memcpy(bytes.data(), text.data(), text.size());
  return PodArray<std::byte>(std::move(bytes));
}

std::string text_of(const PodArray<std::byte>& bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

Snapshot sample_snapshot(std::size_t generated_functions = 0) {
  Snapshot snapshot{build_sample_graph(generated_functions), {}};
  snapshot.extras.emplace("ingest.files", bytes_of(std::string("a.py\0b.py\0", 10)));
  snapshot.extras.emplace("empty", PodArray<std::byte>{});
  return snapshot;
}

Snapshot save_and_load(const Snapshot& snapshot, const std::filesystem::path& path) {
  REQUIRE(save_snapshot(snapshot, path).ok());
  auto loaded = load_snapshot(path);
  if (!loaded) FAIL(loaded.error().message);
  return std::move(loaded).value();
}

std::vector<std::string> folder_entries(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Sets a soft file size limit (and ignores SIGXFSZ) while alive.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved_;
    limited.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &limited);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previous_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit saved_{};
  void (*previous_handler_)(int) = nullptr;
};

}  // namespace

TEST_CASE("a snapshot round trip keeps every node, property, edge and edge property") {
  TempDir dir;
  const Snapshot original = sample_snapshot(300);
  const Snapshot loaded = save_and_load(original, dir / "graph.trellis");
  check_same_graph(original.store, loaded.store);

  const GraphStore& g = loaded.store;
  CHECK(g.find_all("shop.services").size() == 2);
  const auto invoice = g.find(Label::Class, "shop.services.billing.Invoice");
  REQUIRE(invoice.has_value());
  CHECK(std::get<std::vector<std::string_view>>(g.property(*invoice, "base_classes")) ==
        std::vector<std::string_view>{"Base", "Payable"});
  CHECK(std::get<bool>(g.property(*invoice, "is_abstract")) == false);
  CHECK(std::get<std::string_view>(g.property(*invoice, "docstring")) ==
        "An invoice.\nWith \"quotes\" and caf\xc3\xa9.");
  const auto total = g.find(Label::Function, "shop.services.billing.total");
  REQUIRE(total.has_value());
  CHECK(g.out(RelType::Calls, *total).size() == 3);  // two parallel edges and a self loop
  CHECK(g.nodes_named("f5").size() == 4);
  CHECK(g.strings().find("cached").has_value());
}

TEST_CASE("extra sections round trip byte for byte, empty ones included") {
  TempDir dir;
  const Snapshot loaded = save_and_load(sample_snapshot(), dir / "graph.trellis");
  REQUIRE(loaded.extras.size() == 2);
  CHECK(text_of(loaded.extras.at("ingest.files")) == std::string("a.py\0b.py\0", 10));
  CHECK(loaded.extras.at("empty").empty());
}

TEST_CASE("one extra section loads alone, checked against its checksum") {
  const TempDir dir;
  const auto path = dir.path() / "graph.trellis";
  REQUIRE(save_snapshot(sample_snapshot(), path).ok());
  auto files = load_snapshot_extra(path, "ingest.files");
  REQUIRE(files.ok());
  REQUIRE(files->has_value());
  CHECK(text_of(**files) == std::string("a.py\0b.py\0", 10));
  auto empty = load_snapshot_extra(path, "empty");
  REQUIRE(empty.ok());
  REQUIRE(empty->has_value());
  CHECK((*empty)->empty());
  const auto absent = load_snapshot_extra(path, "ingest");
  REQUIRE(absent.ok());
  CHECK_FALSE(absent->has_value());

  // One byte of the section changed: refused; the other sections are not read.
  auto info = read_snapshot_info(path);
  REQUIRE(info.ok());
  const auto section = std::find_if(info->sections.begin(), info->sections.end(),
                                    [](const SnapshotSectionInfo& s) { return s.name == "extra.ingest.files"; });
  REQUIRE(section != info->sections.end());
  {
    std::FILE* file = std::fopen(path.c_str(), "r+b");
    REQUIRE(file != nullptr);
    std::fseek(file, static_cast<long>(section->offset), SEEK_SET);
    std::fputc('A', file);
    std::fclose(file);
  }
  const auto corrupt = load_snapshot_extra(path, "ingest.files");
  REQUIRE_FALSE(corrupt.ok());
  CHECK(corrupt.error().message.find("does not match its checksum") != std::string::npos);
  CHECK_FALSE(load_snapshot_extra(dir.path() / "none.trellis", "ingest.files").ok());
}

TEST_CASE("the empty graph round trips, built or default-constructed") {
  TempDir dir;
  auto built = GraphBuilder{}.build();
  REQUIRE(built.ok());
  for (const GraphStore& store : {built->store, GraphStore()}) {
    const Snapshot loaded = save_and_load(Snapshot{store, {}}, dir / "empty.trellis");
    CHECK(loaded.store.node_count() == 0);
    CHECK(loaded.store.edge_count() == 0);
    CHECK(loaded.extras.empty());
    CHECK(loaded.store.find_all("x").empty());
    CHECK(loaded.store.nodes_named("x").empty());
  }
}

TEST_CASE("a loaded store stays readable after the snapshot is replaced and the Snapshot is gone") {
  TempDir dir;
  const auto path = dir / "graph.trellis";
  const GraphStore original = build_sample_graph(20);
  GraphStore kept;
  {
    const Snapshot loaded = save_and_load(Snapshot{original, {}}, path);
    kept = loaded.store;
  }
  REQUIRE(save_snapshot(Snapshot{GraphStore(), {}}, path).ok());
  check_same_graph(original, kept);
}

TEST_CASE("saving the same store twice gives byte-identical files") {
  TempDir dir;
  REQUIRE(save_snapshot(sample_snapshot(50), dir / "a.trellis").ok());
  REQUIRE(save_snapshot(sample_snapshot(50), dir / "b.trellis").ok());
  const Snapshot reloaded = save_and_load(sample_snapshot(50), dir / "c.trellis");
  REQUIRE(save_snapshot(reloaded, dir / "d.trellis").ok());
  const std::string a = read_file(dir / "a.trellis");
  CHECK(a == read_file(dir / "b.trellis"));
  CHECK(a == read_file(dir / "d.trellis"));  // saving a loaded snapshot, too
}

TEST_CASE("snapshot sections are 64-byte aligned and the info lists them") {
  TempDir dir;
  const auto path = dir / "graph.trellis";
  const Snapshot snapshot = sample_snapshot();
  REQUIRE(save_snapshot(snapshot, path).ok());
  auto info = read_snapshot_info(path);
  REQUIRE(info.ok());
  CHECK(info->format_version == kSnapshotFormatVersion);
  CHECK(info->file_bytes == std::filesystem::file_size(path));
  CHECK(info->node_count == snapshot.store.node_count());
  CHECK(info->edge_count == snapshot.store.edge_count());
  REQUIRE(info->section_count == info->sections.size());
  std::size_t arrays = 0;
  for_each_array(snapshot.store.parts(), [&](const std::string& name, const auto&) {
    CHECK(info->sections[arrays].name == name);
    ++arrays;
  });
  REQUIRE(info->sections.size() == arrays + 3);
  CHECK(info->sections[arrays].name == "meta");
  CHECK(info->sections[arrays + 1].name == "extra.empty");
  CHECK(info->sections[arrays + 2].name == "extra.ingest.files");
  for (const auto& section : info->sections) CHECK(section.offset % 64 == 0);
  CHECK(info->sections.back().offset + info->sections.back().bytes == info->file_bytes);
}

TEST_CASE("saving into a folder that does not exist fails and creates nothing") {
  TempDir dir;
  const auto status = save_snapshot(sample_snapshot(), dir / "missing" / "graph.trellis");
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().code == ErrorCode::DatabaseError);
  CHECK(status.error().message.find((dir / "missing" / "graph.trellis").string()) !=
        std::string::npos);
  CHECK(folder_entries(dir.path()).empty());
}

TEST_CASE("a failed write keeps the old snapshot and leaves no temporary file") {
  TempDir dir;
  const auto path = dir / "graph.trellis";
  REQUIRE(save_snapshot(Snapshot{build_sample_graph(), {}}, path).ok());
  const std::string old_bytes = read_file(path);
  Status status;
  {
    const FileSizeLimit limit(4096);  // the new snapshot is larger
    status = save_snapshot(sample_snapshot(200), path);
  }
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().code == ErrorCode::DatabaseError);
  CHECK(status.error().message.find("cannot save snapshot " + path.string()) != std::string::npos);
  CHECK(read_file(path) == old_bytes);
  CHECK(folder_entries(dir.path()) == std::vector<std::string>{"graph.trellis"});
  CHECK(load_snapshot(path).ok());
}

TEST_CASE("a save removes temporary files of processes that died, and no others") {
  TempDir dir;
  const auto path = dir / "graph.trellis";
  // Left by a killed writer (no such process), by a live one (pid 1), and a
  // look-alike that is not a temporary name.
  for (const char* name : {"graph.trellis.tmp.2147483646.0", "graph.trellis.tmp.1.7", "graph.trellis.tmp.x.1",
                           "other.trellis.tmp.2147483646.0"}) {
    std::FILE* file = std::fopen((dir / name).c_str(), "w");
    REQUIRE(file != nullptr);
    std::fclose(file);
  }
  REQUIRE(save_snapshot(sample_snapshot(), path).ok());
  CHECK(folder_entries(dir.path()) == std::vector<std::string>{"graph.trellis", "graph.trellis.tmp.1.7",
                                                               "graph.trellis.tmp.x.1",
                                                               "other.trellis.tmp.2147483646.0"});
}

TEST_CASE("saving into a read-only folder fails and keeps the old snapshot") {
  TempDir dir;
  const auto path = dir / "graph.trellis";
  REQUIRE(save_snapshot(Snapshot{build_sample_graph(), {}}, path).ok());
  const std::string old_bytes = read_file(path);
  std::filesystem::permissions(
      dir.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (::access(dir.path().c_str(), W_OK) == 0) {
    MESSAGE("running with privileges that ignore folder permissions; nothing to check");
    return;
  }
  const auto status = save_snapshot(sample_snapshot(), path);
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().code == ErrorCode::DatabaseError);
  CHECK(read_file(path) == old_bytes);
  CHECK(folder_entries(dir.path()) == std::vector<std::string>{"graph.trellis"});
}

TEST_CASE("an extra section name that does not fit the section table is refused before writing") {
  TempDir dir;
  const auto path = dir / "graph.trellis";
  for (const std::string& name :
       {std::string(), std::string(kMaxExtraNameBytes + 1, 'x'), std::string("a\0b", 3)}) {
    Snapshot snapshot{GraphStore(), {}};
    snapshot.extras.emplace(name, PodArray<std::byte>{});
    const auto status = save_snapshot(snapshot, path);
    REQUIRE_FALSE(status.ok());
    CHECK(status.error().code == ErrorCode::InvalidArgument);
  }
  CHECK(folder_entries(dir.path()).empty());
  Snapshot longest{GraphStore(), {}};
  longest.extras.emplace(std::string(kMaxExtraNameBytes, 'x'), bytes_of("ok"));
  CHECK(text_of(save_and_load(longest, path).extras.at(std::string(kMaxExtraNameBytes, 'x'))) ==
        "ok");
}
