// Every way a snapshot file can be wrong is refused with DATABASE_ERROR and
// a message naming the file and the problem.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <functional>

#include "engine/store/snapshot_fixtures.hpp"
#include "store/snapshot_format.hpp"
#include "support/temp_dir.hpp"
#include "trellis/store/snapshot.hpp"

using namespace trellis;
using namespace trellis::testing;
namespace format = trellis::snapshot_format;

namespace {

constexpr std::size_t kHeaderBytes = sizeof(format::FileHeader);
constexpr std::size_t kEntryBytes = sizeof(format::SectionEntry);

// A saved sample snapshot, its bytes and its section table.
struct SavedSnapshot {
  TempDir dir;
  std::filesystem::path path = dir / "graph.trellis";
  std::string bytes;
  std::vector<SnapshotSectionInfo> sections;

  SavedSnapshot() {
    Snapshot snapshot{build_sample_graph(), {}};
    snapshot.extras.emplace("ingest.files",
                            PodArray<std::byte>(std::vector<std::byte>(100, std::byte{7})));
    REQUIRE(save_snapshot(snapshot, path).ok());
    bytes = read_file(path);
    auto info = read_snapshot_info(path);
    REQUIRE(info.ok());
    sections = info->sections;
  }
  std::size_t table_end() const { return kHeaderBytes + sections.size() * kEntryBytes; }
};

// Loads `bytes` from `path` and expects a DATABASE_ERROR naming the file and
// containing `expected`.
void expect_refused(const std::filesystem::path& path, std::string_view bytes,
                    std::string_view expected) {
  write_file(path, bytes);
  const auto loaded = load_snapshot(path);
  REQUIRE_FALSE(loaded.ok());
  CHECK(loaded.error().code == ErrorCode::DatabaseError);
  const std::string& message = loaded.error().message;
  INFO(message);
  CHECK(message.find(path.string()) != std::string::npos);
  CHECK(message.find(expected) != std::string::npos);
}

char flipped(char byte) {
  return static_cast<char>(byte ^ 0x5a);
}

std::string flipped(std::string bytes, std::size_t at) {
  bytes[at] = flipped(bytes[at]);
  return bytes;
}

template <class T>
T read_at(const std::string& bytes, std::size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

template <class T>
void write_at(std::string& bytes, std::size_t offset, const T& value) {
  std::memcpy(bytes.data() + offset, &value, sizeof(T));
}

// Recomputes every checksum that covers bytes inside the file, so that only
// the content decides the outcome.
void reseal(std::string& bytes) {
  const auto file = std::as_bytes(std::span(bytes.data(), bytes.size()));
  auto inside = [&](std::uint64_t offset, std::uint64_t length) {
    return offset <= bytes.size() && length <= bytes.size() - offset;
  };
  auto header = read_at<format::FileHeader>(bytes, 0);
  const std::uint64_t table_bytes = std::uint64_t{header.section_count} * kEntryBytes;
  if (inside(kHeaderBytes, table_bytes)) {
    for (std::size_t i = 0; i < header.section_count; ++i) {
      const std::size_t at = kHeaderBytes + i * kEntryBytes;
      auto entry = read_at<format::SectionEntry>(bytes, at);
      if (inside(entry.offset, entry.byte_length)) {
        entry.checksum = format::checksum(file.subspan(entry.offset, entry.byte_length));
      }
      write_at(bytes, at, entry);
    }
    header.table_checksum = format::checksum(file.subspan(kHeaderBytes, table_bytes));
  }
  write_at(bytes, 0, header);
  header.header_checksum = format::checksum(file.first(format::kHeaderChecksummedBytes));
  write_at(bytes, 0, header);
}

// The table entry of the section called `name`.
std::size_t entry_offset(const SavedSnapshot& saved, std::string_view name) {
  for (std::size_t i = 0; i < saved.sections.size(); ++i) {
    if (saved.sections[i].name == name) return kHeaderBytes + i * kEntryBytes;
  }
  FAIL("no section " << name);
  return 0;
}

// A copy of `array` with entry `at` set to `value`.
template <class T>
PodArray<T> with_entry(const PodArray<T>& array, std::size_t at, T value) {
  std::vector<T> values(array.begin(), array.end());
  values.at(at) = value;
  return PodArray<T>(std::move(values));
}

}  // namespace

TEST_CASE("loading a path with no file says there is no snapshot there") {
  TempDir dir;
  const auto loaded = load_snapshot(dir / "nothing.trellis");
  REQUIRE_FALSE(loaded.ok());
  CHECK(loaded.error().code == ErrorCode::DatabaseError);
  CHECK(loaded.error().message == "no snapshot at " + (dir / "nothing.trellis").string());
  const auto info = read_snapshot_info(dir / "nothing.trellis");
  REQUIRE_FALSE(info.ok());
  CHECK(info.error().message == "no snapshot at " + (dir / "nothing.trellis").string());
}

TEST_CASE("an empty file or a folder is refused as a snapshot") {
  TempDir dir;
  expect_refused(dir / "empty.trellis", "", "is empty");
  const auto loaded = load_snapshot(dir.path());
  REQUIRE_FALSE(loaded.ok());
  CHECK(loaded.error().code == ErrorCode::DatabaseError);
  CHECK(loaded.error().message.find("is not a regular file") != std::string::npos);
}

TEST_CASE("foreign files are refused as not being snapshots") {
  TempDir dir;
  expect_refused(dir / "notes.trellis",
                 "just some text, long enough to fill a whole header of a snapshot file\n",
                 "is not a Trellis snapshot");
  expect_refused(dir / "image.trellis", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16),
                 "is not a Trellis snapshot");
  expect_refused(dir / "short.trellis", "TRELLIX", "is not a Trellis snapshot");
}

TEST_CASE("a snapshot with a wrong magic is refused as foreign") {
  SavedSnapshot saved;
  for (std::size_t at = 0; at < format::kMagic.size(); ++at) {
    expect_refused(saved.path, flipped(saved.bytes, at), "is not a Trellis snapshot");
  }
}

TEST_CASE("a snapshot from a newer format version names both versions") {
  SavedSnapshot saved;
  std::string newer = saved.bytes;
  write_at(newer, offsetof(format::FileHeader, format_version), kSnapshotFormatVersion + 1);
  expect_refused(saved.path, newer,
                 fmt::format("has format version {}, but this build of Trellis reads version {}",
                             kSnapshotFormatVersion + 1, kSnapshotFormatVersion));
  const auto info = read_snapshot_info(saved.path);
  REQUIRE_FALSE(info.ok());
  CHECK(info.error().message.find("format version") != std::string::npos);
  write_at(newer, offsetof(format::FileHeader, format_version), std::uint32_t{0});
  expect_refused(saved.path, newer, "unknown format version 0");
}

TEST_CASE("a snapshot from an older format version asks for a re-index") {
  SavedSnapshot saved;
  std::string older = saved.bytes;
  write_at(older, offsetof(format::FileHeader, format_version), kSnapshotFormatVersion - 1);
  expect_refused(saved.path, older,
                 fmt::format("has format version {}, written by an older Trellis; this build reads "
                             "version {}: rebuild it with `trellis index`",
                             kSnapshotFormatVersion - 1, kSnapshotFormatVersion));
}

TEST_CASE("a flipped byte anywhere in the header after the version fails the header checksum") {
  SavedSnapshot saved;
  for (std::size_t at = offsetof(format::FileHeader, header_bytes); at < kHeaderBytes; ++at) {
    expect_refused(saved.path, flipped(saved.bytes, at), "the header checksum does not match");
  }
}

TEST_CASE("a flipped byte in the section table fails the table checksum") {
  SavedSnapshot saved;
  for (std::size_t at = kHeaderBytes; at < saved.table_end(); at += 37) {
    expect_refused(saved.path, flipped(saved.bytes, at),
                   "the section table checksum does not match");
  }
  expect_refused(saved.path, flipped(saved.bytes, saved.table_end() - 1),
                 "the section table checksum");
}

TEST_CASE("a flipped byte in any section is refused naming that section") {
  SavedSnapshot saved;
  std::size_t checked = 0;
  for (const auto& section : saved.sections) {
    if (section.bytes == 0) continue;
    for (const std::size_t at : {std::size_t{0}, section.bytes / 2, section.bytes - 1}) {
      expect_refused(saved.path, flipped(saved.bytes, section.offset + at),
                     "section " + section.name + " does not match its checksum");
    }
    ++checked;
  }
  CHECK(checked > 20);
}

TEST_CASE("a non-zero byte in the padding between sections is refused") {
  SavedSnapshot saved;
  for (std::size_t i = 1; i < saved.sections.size(); ++i) {
    const auto& previous = saved.sections[i - 1];
    const std::size_t end = previous.offset + previous.bytes;
    if (end == saved.sections[i].offset) continue;
    expect_refused(saved.path, flipped(saved.bytes, end),
                   "the padding before section " + saved.sections[i].name + " is not zero");
    return;
  }
  FAIL("the sample snapshot has no padding");
}

TEST_CASE("flipping any single byte of a snapshot makes loading refuse it") {
  SavedSnapshot saved;
  std::fstream file(saved.path, std::ios::in | std::ios::out | std::ios::binary);
  auto put = [&file](std::size_t at, char byte) {
    file.seekp(static_cast<std::streamoff>(at));
    file.put(byte);
    file.flush();
    REQUIRE(file.good());
  };
  for (std::size_t at = 0; at < saved.bytes.size(); ++at) {
    put(at, flipped(saved.bytes[at]));
    const auto loaded = load_snapshot(saved.path);
    if (loaded.ok()) FAIL("a flipped byte at " << at << " was not noticed");
    CHECK(loaded.error().code == ErrorCode::DatabaseError);
    put(at, saved.bytes[at]);
  }
  CHECK(load_snapshot(saved.path).ok());
}

TEST_CASE("a snapshot truncated at any length is refused as truncated") {
  SavedSnapshot saved;
  std::vector<std::size_t> lengths = {7,
                                      kHeaderBytes - 1,
                                      kHeaderBytes,
                                      kHeaderBytes + kEntryBytes / 2,
                                      saved.table_end() - 1,
                                      saved.table_end(),
                                      saved.bytes.size() - 1};
  for (const auto& section : saved.sections) {
    if (section.bytes > 1) lengths.push_back(section.offset + section.bytes / 2);
  }
  for (const std::size_t length : lengths) {
    INFO("truncated to " << length << " bytes");
    expect_refused(saved.path, std::string_view(saved.bytes).substr(0, length), "is truncated");
    const auto info = read_snapshot_info(saved.path);
    REQUIRE_FALSE(info.ok());
    CHECK(info.error().message.find("is truncated") != std::string::npos);
  }
  expect_refused(saved.path, "", "is empty");
}

TEST_CASE("a snapshot cut inside a section names the section and both sizes") {
  SavedSnapshot saved;
  // The first section from the middle of the table on that has bytes to cut.
  const auto middle = saved.sections.begin() + static_cast<std::ptrdiff_t>(saved.sections.size() / 2);
  const auto found = std::find_if(middle, saved.sections.end(), [](const auto& s) { return s.bytes > 1; });
  REQUIRE(found != saved.sections.end());
  const auto& section = *found;
  const std::size_t length = section.offset + 1;
  expect_refused(saved.path, std::string_view(saved.bytes).substr(0, length),
                 fmt::format("is truncated: section {} ends at byte {} but the file has {} bytes",
                             section.name, section.offset + section.bytes, length));
}

TEST_CASE("trailing bytes after the last section are refused") {
  SavedSnapshot saved;
  expect_refused(saved.path, saved.bytes + "garbage", "7 unexpected bytes follow its last section");
}

TEST_CASE("read_snapshot_info reads only the header and table, so damaged sections pass it") {
  SavedSnapshot saved;
  const auto& last = saved.sections.back();
  write_file(saved.path, flipped(saved.bytes, last.offset));
  const auto info = read_snapshot_info(saved.path);
  REQUIRE(info.ok());
  CHECK(info->sections.size() == saved.sections.size());
  CHECK_FALSE(load_snapshot(saved.path).ok());
}

TEST_CASE("a resealed snapshot with a malformed section table is refused") {
  SavedSnapshot saved;
  auto edit_entry = [&](std::string_view name, auto edit) {
    std::string bytes = saved.bytes;
    const std::size_t at = entry_offset(saved, name);
    auto entry = read_at<format::SectionEntry>(bytes, at);
    edit(entry);
    write_at(bytes, at, entry);
    reseal(bytes);
    return bytes;
  };
  auto rename = [](std::string_view to) {
    return [to](format::SectionEntry& entry) {
      entry.name = {};
      std::memcpy(entry.name.data(), to.data(), to.size());
    };
  };
  expect_refused(saved.path, edit_entry("strings.offsets", [](auto& e) { e.element_size = 4; }),
                 "section strings.offsets has 4-byte elements, expected 8");
  expect_refused(saved.path, edit_entry("nodes.name", [](auto& e) { e.element_size = 3; }),
                 "section nodes.name has");
  expect_refused(saved.path, edit_entry("nodes.name", rename("nodes.surname")),
                 "unknown section nodes.surname");
  expect_refused(saved.path, edit_entry("nodes.name", rename("extra.nodes.name")),
                 "section nodes.name is missing");
  expect_refused(saved.path, edit_entry("meta", rename("extra.meta")), "section meta is missing");
  expect_refused(saved.path, edit_entry("nodes.name", rename("strings.blob")),
                 "section strings.blob appears twice");
  expect_refused(saved.path, edit_entry("nodes.name", rename("")), "has a malformed name");
  expect_refused(saved.path, edit_entry("nodes.name", [](auto& e) { e.offset += 64; }),
                 "section nodes.name starts at byte");
  expect_refused(saved.path, edit_entry("meta", [](auto& e) { e.element_size = 1; }),
                 "section meta has 1-byte elements, expected 4");
  expect_refused(saved.path, edit_entry("extra.ingest.files", [](auto& e) { e.element_size = 4; }),
                 "section extra.ingest.files has 4-byte elements, expected 1");
  expect_refused(saved.path,
                 edit_entry("nodes.name", [](auto& e) { e.byte_length = ~std::uint64_t{0} - 3; }),
                 "is truncated: section nodes.name ends at byte");
}

TEST_CASE("a resealed snapshot whose header disagrees with its content is refused") {
  SavedSnapshot saved;
  auto edit_header = [&](auto edit) {
    std::string bytes = saved.bytes;
    auto header = read_at<format::FileHeader>(bytes, 0);
    edit(header);
    write_at(bytes, 0, header);
    reseal(bytes);
    return bytes;
  };
  expect_refused(saved.path, edit_header([](auto& h) { h.node_count += 1; }), "its header counts");
  expect_refused(saved.path, edit_header([](auto& h) { h.edge_count = 0; }), "its header counts");
  expect_refused(saved.path, edit_header([](auto& h) { h.file_bytes += 64; }),
                 "its header gives a size of");
  expect_refused(saved.path, edit_header([](auto& h) { h.entry_bytes = 64; }),
                 "64-byte section entries");
  expect_refused(saved.path, edit_header([](auto& h) { h.section_count = 1u << 30; }),
                 "is truncated: the section table ends at byte");
}

TEST_CASE("a snapshot with valid checksums but inconsistent arrays is refused") {
  // Each case damages one part of a correct store; the writer stores what it
  // is given, so the file's checksums are right and only the loader's
  // consistency check stands between it and out-of-bounds reads.
  TempDir dir;
  const auto path = dir / "crafted.trellis";
  const GraphStore good = build_sample_graph(10);
  const StoreParts& p = good.parts();
  const NodeId nodes = static_cast<NodeId>(good.node_count());
  const auto strings = static_cast<StringId>(good.strings().size());
  const std::size_t calls = index_of(RelType::Calls);
  const auto base_classes = *property_index(Label::Class, "base_classes");
  const auto is_abstract = *property_index(Label::Class, "is_abstract");
  const auto docstring = *property_index(Label::Class, "docstring");

  struct Case {
    std::string expected;
    std::function<void(StoreParts&)> damage;
  };
  const std::vector<Case> cases = {
      {"label_begin decreases", [](StoreParts& s) { s.label_begin[3] = s.label_begin[4] + 1; }},
      {"nodes.name has",
       [&](StoreParts& s) { s.name = PodArray<StringId>(std::vector<StringId>(3, 0)); }},
      {"nodes.name holds string", [&](StoreParts& s) { s.name = with_entry(p.name, 1, strings); }},
      {"nodes.qname_prefix holds node",
       [&](StoreParts& s) { s.qname_prefix = with_entry(p.qname_prefix, 0, nodes); }},
      {"nodes.qname_prefix has a cycle",
       [&](StoreParts& s) { s.qname_prefix = with_entry(p.qname_prefix, 0, NodeId{0}); }},
      {"strings.offsets decreases",
       [&](StoreParts& s) {
         s.strings.offsets = with_entry(p.strings.offsets, 3, std::uint64_t{1} << 40);
       }},
      {"strings.slots has",
       [&](StoreParts& s) {
         s.strings.slots = PodArray<StringId>(std::vector<StringId>(p.strings.slots.size() - 1, 0));
       }},
      {"strings.slots holds",
       [&](StoreParts& s) { s.strings.slots = with_entry(p.strings.slots, 0, strings + 5); }},
      {"index.qname_slots",
       [&](StoreParts& s) {
         s.qname_slots =
             PodArray<std::uint32_t>(std::vector<std::uint32_t>(p.qname_slots.size(), 0));
       }},
      {"index.name_nodes",
       [&](StoreParts& s) { s.name_nodes = with_entry(p.name_nodes, 0, nodes + 1); }},
      {"index.sorted_names",
       [&](StoreParts& s) {
         std::vector<StringId> reversed(p.sorted_names.begin(), p.sorted_names.end());
         std::reverse(reversed.begin(), reversed.end());
         s.sorted_names = PodArray<StringId>(std::move(reversed));
       }},
      {"labels.Class.is_abstract.values holds 7",
       [&](StoreParts& s) {
         auto& column = std::get<BoolColumn>(s.labels[index_of(Label::Class)].columns[is_abstract]);
         column.values = with_entry(column.values, 0, std::uint8_t{7});
       }},
      {"labels.Class.docstring.values holds string",
       [&](StoreParts& s) {
         auto& column = std::get<StringColumn>(s.labels[index_of(Label::Class)].columns[docstring]);
         column.values = with_entry(column.values, 0, strings);
       }},
      {"labels.Class.base_classes.offsets",
       [&](StoreParts& s) {
         auto& column =
             std::get<StringListColumn>(s.labels[index_of(Label::Class)].columns[base_classes]);
         column.offsets = with_entry(column.offsets, 1, std::uint32_t{1000});
       }},
      {"rels.CALLS.forward.targets holds node",
       [&](StoreParts& s) {
         s.rels[calls].forward.targets = with_entry(p.rels[calls].forward.targets, 0, nodes);
       }},
      {"rels.CALLS.forward covers nodes",
       [&](StoreParts& s) { s.rels[calls].forward.base = nodes - 1; }},
      {"rels.CALLS.reverse does not hold the same edges",
       [&](StoreParts& s) {
         // Node 0, the Project, calls nothing; the lists stay sorted.
         s.rels[calls].reverse.targets = with_entry(p.rels[calls].reverse.targets, 0, NodeId{0});
       }},
      {"rels.CALLS.forward.targets of node",
       [&](StoreParts& s) {
         std::vector<NodeId> targets(p.rels[calls].forward.targets.begin(),
                                     p.rels[calls].forward.targets.end());
         std::reverse(targets.begin(), targets.end());
         s.rels[calls].forward.targets = PodArray<NodeId>(std::move(targets));
       }},
      {"rels.CALLS.reverse has", [&](StoreParts& s) { s.rels[calls].reverse = Csr{}; }},
      {"rels.CALLS.line.values has",
       [&](StoreParts& s) {
         s.rels[calls].properties[1] =
             IntColumn{PodArray<std::int32_t>(std::vector<std::int32_t>{1})};
       }},
  };
  for (const Case& c : cases) {
    INFO(c.expected);
    StoreParts parts = p;
    c.damage(parts);
    REQUIRE(save_snapshot(Snapshot{GraphStore(std::move(parts)), {}}, path).ok());
    const auto loaded = load_snapshot(path);
    REQUIRE_FALSE(loaded.ok());
    CHECK(loaded.error().code == ErrorCode::DatabaseError);
    INFO(loaded.error().message);
    CHECK(loaded.error().message.find("snapshot " + path.string() + " is inconsistent: ") == 0);
    CHECK(loaded.error().message.find(c.expected) != std::string::npos);
  }
}
