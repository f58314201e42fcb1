#include "trellis/ingest/source_file.hpp"

#include "trellis/common/file_io.hpp"
#include "trellis/common/utf8.hpp"

namespace trellis::ingest {

Result<SourceText> read_source_file(const std::filesystem::path& path) {
  auto text = read_file(path);
  if (!text.ok()) return std::move(text).take_error();
  SourceText source{std::move(text).value(), false};
  source.had_invalid_utf8 = repair_utf8(source.text);
  return source;
}

}  // namespace trellis::ingest
