// libFuzzer entry: the snapshot reader. The input's first byte chooses how
// the rest is read: as it is (checksums must refuse most changes), or
// re-sealed first: every checksum the format has (sections, table, header)
// recomputed for the bytes as they are, so that damaged contents behind
// valid checksums reach the store check. Either way a file is refused with
// DATABASE_ERROR or loads into a store that passes the store check and
// whose every node, name, property and edge can be read.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "store/snapshot_format.hpp"
#include "store/store_check.hpp"
#include "trellis/store/snapshot.hpp"

namespace {

namespace fs = std::filesystem;
namespace format = trellis::snapshot_format;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "snapshot fuzzer: %s\n", what);
  std::abort();
}

// Recomputes the checksums of every section the table places inside the
// file, then the table's and the header's.
void reseal(std::vector<std::byte>& bytes) {
  if (bytes.size() < sizeof(format::FileHeader)) return;
  format::FileHeader header;
  std::memcpy(&header, bytes.data(), sizeof header);
  header.file_bytes = bytes.size();
  const std::uint64_t table_bytes = std::uint64_t{header.section_count} * sizeof(format::SectionEntry);
  if (header.section_count > 100000 || sizeof header + table_bytes > bytes.size()) return;
  for (std::uint32_t s = 0; s < header.section_count; ++s) {
    std::byte* place = bytes.data() + sizeof header + s * sizeof(format::SectionEntry);
    format::SectionEntry entry;
    std::memcpy(&entry, place, sizeof entry);
    if (entry.offset <= bytes.size() && entry.byte_length <= bytes.size() - entry.offset) {
      entry.checksum = format::checksum({bytes.data() + entry.offset, entry.byte_length});
      std::memcpy(place, &entry, sizeof entry);
    }
  }
  header.table_checksum = format::checksum({bytes.data() + sizeof header, table_bytes});
  std::memcpy(bytes.data(), &header, sizeof header);
  header.header_checksum = format::checksum({bytes.data(), format::kHeaderChecksummedBytes});
  std::memcpy(bytes.data(), &header, sizeof header);
}

// Reads everything a query may read, so a store that the check let through
// but that reads out of bounds shows under AddressSanitizer.
void read_all(const trellis::GraphStore& store) {
  using namespace trellis;
  std::size_t sink = 0;
  for (NodeId n = 0; n < store.node_count(); ++n) {
    sink += store.qualified_name(n).size();
    sink += store.name(n).size();
    const Label label = store.label(n);
    for (std::size_t c = 0; c < label_def(label).properties.size(); ++c) sink += store.property(n, c).index();
    for (const RelTypeDef& def : all_rel_types()) {
      sink += store.out(def.type, n).size() + store.in(def.type, n).size();
    }
    sink += store.unresolved_calls(n).size();
    sink += store.find_all(store.qualified_name(n)).size();
  }
  require(sink != static_cast<std::size_t>(-1), "unreachable");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(data) + 1, reinterpret_cast<const std::byte*>(data) + size);
  if (data[0] & 1) reseal(bytes);
  static const fs::path path = (fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path()) /
                               ("trellis-snapshot-fuzz-" + std::to_string(::getpid()) + ".trellis");
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  auto loaded = trellis::load_snapshot(path);
  if (!loaded.ok()) {
    require(loaded.error().code == trellis::ErrorCode::DatabaseError, "a refusal that is not DATABASE_ERROR");
    return 0;
  }
  require(!trellis::find_inconsistency(loaded->store.parts()).has_value(), "a loaded store fails the store check");
  read_all(loaded->store);
  return 0;
}
