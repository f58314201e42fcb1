#include "trellis/ingest/extract_files.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>

#include "search_terms/definition_terms.hpp"
#include "trellis/common/parallel.hpp"
#include "trellis/ingest/source_file.hpp"

namespace trellis::ingest {
namespace {

// Largest files first: a big file started last would leave the other threads
// idle while one thread parses it.
std::vector<std::size_t> largest_first(std::span<const DiscoveredFile> files) {
  std::vector<std::size_t> order(files.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return files[a].size > files[b].size; });
  return order;
}

// Gives a vector back the room it grew past its size: a file's facts stay
// until the whole tree is resolved and written, so what an extractor
// over-allocated while growing them is memory first touched (and zeroed by
// the kernel) for nothing.
template <class T>
void fit(std::vector<T>& values) {
  if (values.capacity() - values.size() > values.size() / 8) values.shrink_to_fit();
}

void fit(FileFacts& facts) {
  for (CallSite& call : facts.calls) {
    fit(call.callee);
    fit(call.arguments);
  }
  for (Assignment& assignment : facts.assignments) {
    fit(assignment.target);
    fit(assignment.value);
  }
  fit(facts.calls);
  fit(facts.assignments);
  fit(facts.definitions);
  fit(facts.imports);
}

}  // namespace

ExtractedFiles extract_files(LanguageFrontend& language, const std::filesystem::path& root,
                             std::span<const DiscoveredFile> files, ExtractProgress* progress,
                             FactsCache* previous, bool search_terms) {
  ExtractedFiles out;
  if (files.empty()) return out;  // the language may be unprepared: no extractor is made
  out.files.resize(files.size());
  out.content_hashes.resize(files.size());
  out.had_invalid_utf8.assign(files.size(), 0);
  out.stamps.resize(files.size());
  std::vector<std::uint8_t> read(files.size(), 0);
  std::vector<std::uint8_t>& changed = out.changed;
  changed.assign(files.size(), 0);
  std::vector<std::uint8_t> unreadable(files.size(), 0);
  std::vector<std::optional<FileWarning>> warnings(files.size());
  // Each thread's identifier runs, split once for all its files.
  tbb::enumerable_thread_specific<search_terms::RunWords> run_words([] { return code_run_words(); });
  // Made on a thread's first file to parse, after the language is prepared.
  tbb::enumerable_thread_specific<std::unique_ptr<FileExtractor>> extractors;
  std::once_flag prepare_once;
  const auto extractor_of = [&](std::unique_ptr<FileExtractor>& slot) -> FileExtractor* {
    if (!slot) {
      std::call_once(prepare_once, [&] { out.prepared = language.prepare_for(files); });
      if (!out.prepared.ok()) return nullptr;
      slot = language.make_extractor();
    }
    return slot.get();
  };

  const auto extract_one = [&](std::unique_ptr<FileExtractor>& slot, std::size_t i) {
    const std::string& path = files[i].relative_path;
    // Each task touches only its own entries of `previous`, so moving out is safe.
    const auto cached = previous != nullptr ? previous->find(path) : FactsCache::iterator{};
    const bool known = previous != nullptr && cached != previous->end() && language.wrote(cached->second.facts);
    out.stamps[i] = files[i].stamp;
    if (known && cached->second.trusted_stamp == files[i].stamp) {
      out.content_hashes[i] = cached->second.content_hash;
      out.had_invalid_utf8[i] = cached->second.had_invalid_utf8 ? 1 : 0;
      out.files[i] = std::move(cached->second.facts);
    } else {
      read[i] = 1;
      auto source = read_source_file(root / path);
      if (!source.ok()) {
        out.files[i].relative_path = path;
        out.files[i].language = std::string(language.name());
        changed[i] = 1;  // not from the cache: its old edges are stale
        unreadable[i] = 1;
        out.stamps[i] = FileStamp{};
        warnings[i] = FileWarning{path, source.error().message};
        return;
      }
      out.content_hashes[i] = content_hash(source->text);
      out.had_invalid_utf8[i] = source->had_invalid_utf8 ? 1 : 0;
      if (known && cached->second.content_hash == out.content_hashes[i]) {
        out.files[i] = std::move(cached->second.facts);
      } else if (FileExtractor* extractor = extractor_of(slot); extractor != nullptr) {
        out.files[i] = extractor->extract(source->text, path);
        if (search_terms) out.files[i].search_terms = collect_search_terms(source->text, out.files[i], run_words.local());
        fit(out.files[i]);
        changed[i] = 1;
      } else {
        out.files[i].relative_path = path;
        out.files[i].language = std::string(language.name());
        changed[i] = 1;
      }
    }
    if (out.had_invalid_utf8[i] != 0) {
      warnings[i] = FileWarning{path, "invalid UTF-8 replaced by U+FFFD"};
    } else if (out.files[i].has_syntax_errors) {
      warnings[i] = FileWarning{path, "syntax errors; the parts that parse were indexed"};
    } else if (const std::uint32_t deep = out.files[i].definitions_too_deep; deep > 0) {
      warnings[i] = FileWarning{path, "definitions nested more than " + std::to_string(kMaxDefinitionNesting) +
                                          " levels deep were not indexed, nor what they hold: " + std::to_string(deep)};
    }
    if (progress != nullptr) {
      progress->files.fetch_add(1, std::memory_order_relaxed);
      progress->lines.fetch_add(out.files[i].line_count, std::memory_order_relaxed);
      progress->bytes.fetch_add(out.files[i].byte_count, std::memory_order_relaxed);
    }
  };

  // Each worker takes the next file of the order until none is left.
  const std::vector<std::size_t> order = largest_first(files);
  std::atomic<std::size_t> next{0};
  trellis::parallel_for(0, tbb::this_task_arena::max_concurrency(), [&](int) {
    std::unique_ptr<FileExtractor>& slot = extractors.local();
    for (std::size_t k = next.fetch_add(1); k < order.size(); k = next.fetch_add(1)) extract_one(slot, order[k]);
  });

  for (std::size_t i = 0; i < files.size(); ++i) {
    if (changed[i] != 0 && unreadable[i] == 0) ++out.reparsed;
    out.read += read[i];
    out.lines += out.files[i].line_count;
    out.bytes += out.files[i].byte_count;
    if (warnings[i]) out.warnings.push_back(std::move(*warnings[i]));
  }
  return out;
}

}  // namespace trellis::ingest
