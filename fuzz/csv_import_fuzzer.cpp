// libFuzzer entry: CSV import. The input is nodes.csv, then a line "%%",
// then edges.csv. An accepted graph must pass the store check, and export
// must give back what it imports: export(import(export(g))) == export(g).
// A refused one must say so with INVALID_ARGUMENT and a "<file>:<line>:"
// message.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "store/store_check.hpp"
#include "trellis/interchange/csv_export.hpp"
#include "trellis/interchange/csv_import.hpp"

namespace {

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "csv fuzzer: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trellis;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t split = input.find("\n%%\n");
  const std::string_view nodes = input.substr(0, split == std::string_view::npos ? input.size() : split + 1);
  const std::string_view edges = split == std::string_view::npos ? std::string_view{} : input.substr(split + 4);
  std::vector<std::string> notes;
  auto imported = import_csv_text(nodes, edges, &notes);
  if (!imported.ok()) {
    require(imported.error().code == ErrorCode::InvalidArgument, "a refusal that is not INVALID_ARGUMENT");
    const std::string& message = imported.error().message;
    require(message.starts_with("nodes.csv:") || message.starts_with("edges.csv:") || message.starts_with("nodes.csv ") ||
                message.starts_with("edges.csv "),
            "a refusal that names no file");
    return 0;
  }
  require(!find_inconsistency(imported->parts()).has_value(), "an imported graph fails the store check");
  const CsvTables exported = export_csv_text(*imported);
  auto again = import_csv_text(exported.nodes, exported.edges);
  require(again.ok(), "an exported graph does not import");
  const CsvTables twice = export_csv_text(*again);
  require(twice.nodes == exported.nodes && twice.edges == exported.edges, "import -> export is not stable");
  return 0;
}
