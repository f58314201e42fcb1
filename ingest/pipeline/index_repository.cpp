#include "trellis/ingest/index_repository.hpp"

#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <unordered_set>

#include "merge_programs.hpp"
#include "resolve_language.hpp"
#include "trellis/common/parallel.hpp"
#include "trellis/ingest/file_owners.hpp"
#include "trellis/ingest/graph_writer.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::ingest {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The label and name of each definition the previous index had in a file
// that is changed or gone now, sorted and unique (views into `previous`).
std::vector<DepartedDefinition> departed_definitions(const FactsCache& previous, std::span<const FileFacts> files,
                                                     std::span<const std::uint8_t> changed) {
  std::unordered_set<std::string_view> unchanged;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (changed[i] == 0) unchanged.insert(files[i].relative_path);
  }
  std::vector<DepartedDefinition> departed;
  for (const auto& [path, cached] : previous) {
    if (unchanged.contains(path)) continue;
    for (const Definition& definition : cached.facts.definitions) departed.push_back({definition.label, definition.name});
  }
  std::sort(departed.begin(), departed.end());
  departed.erase(std::unique(departed.begin(), departed.end()), departed.end());
  return departed;
}

}  // namespace

Result<IndexResult> index_repository(const IndexOptions& options, ExtractProgress* progress) {
  std::vector<std::unique_ptr<LanguageFrontend>> own_languages;
  if (options.languages == nullptr) own_languages = make_language_frontends();
  const auto& languages = options.languages != nullptr ? *options.languages : own_languages;
  std::error_code ignored;
  const std::filesystem::path root = std::filesystem::weakly_canonical(options.root, ignored);

  IndexResult result;
  IndexReport& report = result.report;
  result.stamped_before = std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::system_clock::now().time_since_epoch())
                              .count();
  const int threads = options.jobs == 0 ? tbb::task_arena::automatic : static_cast<int>(options.jobs);
  tbb::task_arena arena(threads);

  auto start = Clock::now();
  DiscoverOptions discover;
  discover.root = root;
  discover.exclude_globs = options.exclude_globs;
  discover.max_file_bytes = options.max_file_bytes;
  discover.jobs = options.jobs;
  SkippedFilesCounter skipped;
  discover.wanted = [&languages, &skipped](std::string_view path) {
    const bool handled =
        std::any_of(languages.begin(), languages.end(), [&](const auto& l) { return l->handles(path); });
    if (!handled) skipped.count(path);
    return handled;
  };
  if (options.previous != nullptr) {
    // A file the previous index read with this stamp need not be opened again.
    discover.known_unchanged = [previous = options.previous](std::string_view path, const FileStamp& stamp) {
      const auto cached = previous->find(std::string(path));
      return cached != previous->end() && cached->second.trusted_stamp == stamp;
    };
  }
  auto discovered = discover_files(discover);
  if (!discovered.ok()) return discovered.error();
  for (const DiscoverWarning& warning : discovered->warnings) report.warnings.push_back({warning.relative_path, warning.reason});
  report.skipped_languages = skipped.result();
  report.discover_seconds = seconds_since(start);
  if (progress != nullptr) {
    std::uint64_t total_bytes = 0;
    for (const DiscoveredFile& file : discovered->files) total_bytes += file.size;
    progress->total_bytes.store(total_bytes, std::memory_order_relaxed);
    progress->total_files.store(discovered->files.size(), std::memory_order_relaxed);
  }

  // Each language extracts and resolves its own files, kept contiguous in one vector.
  start = Clock::now();
  std::vector<FileFacts> files;
  std::vector<std::uint64_t> hashes;
  std::vector<std::uint8_t> changed;
  std::vector<FileStamp> stamps;
  std::vector<std::uint8_t> had_invalid_utf8;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;  // per language
  std::vector<std::string_view> discovered_paths;
  for (const DiscoveredFile& file : discovered->files) discovered_paths.push_back(file.relative_path);
  const FileOwners owners(languages, discovered_paths);
  for (const auto& language : languages) {
    std::vector<DiscoveredFile> own;
    for (const DiscoveredFile& file : discovered->files) {
      if (owners.reads(*language, file.relative_path)) own.push_back(file);
    }
    ExtractedFiles extracted;
    arena.execute([&] { extracted = extract_files(*language, root, own, progress, options.previous, options.full_text); });
    if (!extracted.prepared.ok()) return std::move(extracted.prepared).take_error();
    report.files_reparsed += extracted.reparsed;
    report.files_read += extracted.read;
    stamps.insert(stamps.end(), extracted.stamps.begin(), extracted.stamps.end());
    had_invalid_utf8.insert(had_invalid_utf8.end(), extracted.had_invalid_utf8.begin(),
                            extracted.had_invalid_utf8.end());
    hashes.insert(hashes.end(), extracted.content_hashes.begin(), extracted.content_hashes.end());
    changed.insert(changed.end(), extracted.changed.begin(), extracted.changed.end());
    report.lines += extracted.lines;
    report.bytes += extracted.bytes;
    for (FileWarning& warning : extracted.warnings) report.warnings.push_back(std::move(warning));
    const auto first = static_cast<std::uint32_t>(files.size());
    for (FileFacts& facts : extracted.files) files.push_back(std::move(facts));
    ranges.emplace_back(first, static_cast<std::uint32_t>(files.size()));
  }
  report.files = files.size();
  report.extract_seconds = seconds_since(start);

  start = Clock::now();
  const ProjectInfo project{root.filename().string(), root.string(), options.compile_commands};
  std::vector<LanguageProgram> programs;
  std::vector<std::optional<ResolvedFile>> resolved(files.size());
  std::vector<std::uint8_t> kept_resolution(files.size(), 0);
  for (std::size_t l = 0; l < languages.size(); ++l) {
    const auto [first, last] = ranges[l];
    if (first == last) continue;
    const std::span<FileFacts> own(files.data() + first, last - first);
    auto resolved_language = resolve_language(
        *languages[l], owners, own, std::span<const std::uint8_t>(changed.data() + first, last - first), options.previous,
        project);
    if (!resolved_language.ok()) return std::move(resolved_language).take_error();
    LanguageResolution& resolution = *resolved_language;
    report.files_resolved += resolution.files_resolved;
    report.dependents_resolved += resolution.dependents_resolved;
    report.dependents_skipped += resolution.dependents_skipped;
    std::move(resolution.resolved.begin(), resolution.resolved.end(), resolved.begin() + first);
    std::copy(resolution.kept.begin(), resolution.kept.end(), kept_resolution.begin() + first);
    programs.push_back({first, std::move(resolution.program)});
  }
  ProgramGraph program = merge_programs(std::move(programs), files);
  if (program.project_name.empty()) {
    program.project_name = project.name;
    program.project_path = project.path;
  }
  if (!options.project_name.empty()) program.project_name = options.project_name;
  report.unresolved_calls = program.unresolved_calls.size();
  report.external_calls = program.external_calls;
  report.resolve_seconds = seconds_since(start);

  start = Clock::now();
  Result<WrittenGraph> written = make_error(ErrorCode::Internal, "graph not written");
  GraphWriteOptions write_options;
  write_options.full_text = options.full_text;
  std::vector<DepartedDefinition> departed;
  if (options.previous != nullptr) {
    write_options.previous_search = options.previous_search;
    write_options.changed = changed;
    departed = departed_definitions(*options.previous, files, changed);
    write_options.departed = departed;
  }
  // Unchanged files' records are kept as the previous index wrote them.
  std::vector<const CachedFile*> previous(files.size(), nullptr);
  if (options.previous != nullptr) {
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (changed[i] != 0) continue;
      if (const auto it = options.previous->find(files[i].relative_path); it != options.previous->end()) {
        previous[i] = &it->second;
      }
    }
  }
  // Writing the graph is mostly one thread's work: the facts file's records
  // are encoded meanwhile, on the others (both only read the facts).
  arena.execute([&] {
    trellis::parallel_invoke([&] { written = write_graph(program, write_options); },
                             [&] {
                               result.encoded_facts = encode_facts(files, hashes, resolved, previous, kept_resolution);
                             });
  });
  if (!written.ok()) return written.error();
  report.merged_definitions = written->merged_definitions;
  report.search_nodes_reused = written->search_nodes_reused;
  result.store = std::move(written->graph.store);
  report.build_seconds = seconds_since(start);
  std::stable_sort(report.warnings.begin(), report.warnings.end());
  for (std::size_t i = 0; i < files.size(); ++i) {
    result.encoded_facts[i].stamp = stamps[i];
    result.encoded_facts[i].had_invalid_utf8 = had_invalid_utf8[i] != 0;
  }
  // Freeing every file's facts and edges is hundreds of thousands of small
  // frees, serial at scope exit: spread them over the threads instead, while
  // the result is persisted (mostly waiting for the disk).
  Status persisted;
  arena.execute([&] {
    trellis::parallel_invoke(
        [&] {
          if (options.persist) persisted = options.persist(result);
        },
        [&] {
          trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t i) {
            files[i] = FileFacts{};
            resolved[i].reset();
          });
        });
  });
  if (!persisted.ok()) return std::move(persisted).take_error();
  return result;
}

}  // namespace trellis::ingest
