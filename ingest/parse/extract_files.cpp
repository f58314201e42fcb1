#include "trellis/ingest/extract_files.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "trellis/ingest/source_file.hpp"

namespace trellis::ingest {

ExtractedFiles extract_files(const LanguageFrontend& language, const std::filesystem::path& root,
                             std::span<const std::string> relative_paths, ExtractProgress* progress,
                             FactsCache* previous) {
  ExtractedFiles out;
  out.files.resize(relative_paths.size());
  out.content_hashes.resize(relative_paths.size());
  std::vector<std::uint8_t> reparsed(relative_paths.size(), 0);
  std::vector<std::optional<FileWarning>> warnings(relative_paths.size());
  tbb::enumerable_thread_specific<std::unique_ptr<FileExtractor>> extractors(
      [&language] { return language.make_extractor(); });

  // Small grains: file sizes vary by orders of magnitude.
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, relative_paths.size(), 1),
                    [&](const tbb::blocked_range<std::size_t>& range) {
    FileExtractor& extractor = *extractors.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      const std::string& path = relative_paths[i];
      auto source = read_source_file(root / path);
      if (!source.ok()) {
        out.files[i].relative_path = path;
        out.files[i].language = std::string(language.name());
        warnings[i] = FileWarning{path, source.error().message};
        continue;
      }
      out.content_hashes[i] = content_hash(source->text);
      // Each task touches only its own entries of `previous`, so moving out is safe.
      const auto cached = previous != nullptr ? previous->find(path) : FactsCache::iterator{};
      if (previous != nullptr && cached != previous->end() && cached->second.content_hash == out.content_hashes[i]) {
        out.files[i] = std::move(cached->second.facts);
      } else {
        out.files[i] = extractor.extract(source->text, path);
        reparsed[i] = 1;
      }
      if (source->had_invalid_utf8) {
        warnings[i] = FileWarning{path, "invalid UTF-8 replaced by U+FFFD"};
      } else if (out.files[i].has_syntax_errors) {
        warnings[i] = FileWarning{path, "syntax errors; the parts that parse were indexed"};
      }
      if (progress != nullptr) {
        progress->files.fetch_add(1, std::memory_order_relaxed);
        progress->lines.fetch_add(out.files[i].line_count, std::memory_order_relaxed);
        progress->bytes.fetch_add(out.files[i].byte_count, std::memory_order_relaxed);
      }
    }
  });

  for (std::size_t i = 0; i < relative_paths.size(); ++i) {
    out.reparsed += reparsed[i];
    out.lines += out.files[i].line_count;
    out.bytes += out.files[i].byte_count;
    if (warnings[i]) out.warnings.push_back(std::move(*warnings[i]));
  }
  return out;
}

}  // namespace trellis::ingest
