#include "trellis/ingest/index_projects.hpp"

#include <fmt/format.h>

#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <system_error>
#include <vector>

#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/facts_file.hpp"
#include "trellis/ingest/unsupported_languages.hpp"
#include "trellis/store/snapshot.hpp"
#include "trellis/store/store_union.hpp"

namespace trellis::ingest {
namespace {

using ProjectsClock = std::chrono::steady_clock;

double seconds_of_projects(ProjectsClock::time_point start) {
  return std::chrono::duration<double>(ProjectsClock::now() - start).count();
}

// One project's previous facts (kept while its records are viewed) and its index.
struct ProjectRun {
  std::optional<FactsFile> previous;
  IndexResult indexed;
};

void add_report(IndexReport& total, IndexReport&& part, std::string_view project,
                std::map<std::pair<std::string, std::string>, std::uint64_t>& skipped) {
  total.files += part.files;
  total.files_reparsed += part.files_reparsed;
  total.files_resolved += part.files_resolved;
  total.dependents_resolved += part.dependents_resolved;
  total.dependents_skipped += part.dependents_skipped;
  total.files_read += part.files_read;
  total.search_nodes_reused += part.search_nodes_reused;
  total.lines += part.lines;
  total.bytes += part.bytes;
  total.unresolved_calls += part.unresolved_calls;
  total.external_calls += part.external_calls;
  total.merged_definitions += part.merged_definitions;
  total.discover_seconds += part.discover_seconds;
  total.extract_seconds += part.extract_seconds;
  total.resolve_seconds += part.resolve_seconds;
  total.build_seconds += part.build_seconds;
  for (FileWarning& warning : part.warnings) {
    total.warnings.push_back({fmt::format("{}/{}", project, warning.relative_path), std::move(warning.reason)});
  }
  for (const SkippedFiles& files : part.skipped_languages) skipped[{files.extension, files.language}] += files.files;
}

std::vector<SkippedFiles> skipped_files(const std::map<std::pair<std::string, std::string>, std::uint64_t>& counts) {
  std::vector<SkippedFiles> out;
  for (const auto& [key, files] : counts) out.push_back({key.first, key.second, files});
  std::stable_sort(out.begin(), out.end(), [](const SkippedFiles& a, const SkippedFiles& b) { return a.files > b.files; });
  return out;
}

Status check_projects(std::span<const ProjectRoot> projects) {
  if (projects.size() < 2) {
    return make_error(ErrorCode::InvalidArgument, "a graph of several projects needs at least two roots");
  }
  std::set<std::string_view> names;
  for (const ProjectRoot& project : projects) {
    if (!is_project_name(project.name)) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("'{}' is not a project name (1 to 64 letters, digits, '_' or '-')", project.name));
    }
    if (!names.insert(project.name).second) {
      return make_error(ErrorCode::InvalidArgument, fmt::format("two roots are named '{}'", project.name));
    }
  }
  return {};
}

// The previous index's facts of `project`, when its snapshot has them.
std::optional<FactsFile> previous_facts(const std::filesystem::path& database, std::string_view project,
                                        std::string& note) {
  std::error_code error;
  if (!std::filesystem::exists(database, error)) return std::nullopt;
  auto manifest = load_snapshot_extra(database, project_facts_section(project));
  if (!manifest.ok()) {
    note = fmt::format("previous snapshot not used: {}", manifest.error().message);
    return std::nullopt;
  }
  if (!manifest->has_value()) return std::nullopt;
  auto read = FactsFile::read(project_facts_file_path(database, project), (*manifest)->span());
  if (!read.ok()) {
    note = fmt::format("previous snapshot's file facts of {} not used: {}", project, read.error().message);
    return std::nullopt;
  }
  return std::move(read).value();
}

}  // namespace

std::string project_facts_section(std::string_view project) { return fmt::format("{}@{}", kFactsSection, project); }

std::filesystem::path project_facts_file_path(const std::filesystem::path& snapshot, std::string_view project) {
  return snapshot.string() + "." + std::string(project) + ".facts";
}

Result<DatabaseIndexResult> index_projects_into_database(IndexOptions options, std::span<const ProjectRoot> projects,
                                                         const std::filesystem::path& database,
                                                         ExtractProgress* progress) {
  if (Status status = check_projects(projects); !status.ok()) return status.error();
  DatabaseIndexResult result;
  const auto call_start = ProjectsClock::now();
  std::vector<ProjectRun> runs(projects.size());
  for (std::size_t p = 0; p < projects.size(); ++p) {
    const auto load_start = ProjectsClock::now();
    std::string note;
    runs[p].previous = previous_facts(database, projects[p].name, note);
    if (!note.empty()) result.previous_note += (result.previous_note.empty() ? "" : "\n") + note;
    result.load_seconds += seconds_of_projects(load_start);

    IndexOptions project_options = options;
    project_options.root = projects[p].root;
    project_options.persist = nullptr;
    project_options.previous = runs[p].previous ? &runs[p].previous->cache() : nullptr;
    // The full-text postings of the joined graph are not the project's own
    // (names and paths differ): each project's words are collected afresh.
    project_options.previous_search = nullptr;
    auto indexed = index_repository(project_options, progress);
    if (!indexed.ok() && indexed.error().code == ErrorCode::DatabaseError && project_options.previous != nullptr) {
      // Damaged cached facts found late: index this project in full.
      result.previous_note += fmt::format("{}previous snapshot's file facts of {} not used: {}",
                                          result.previous_note.empty() ? "" : "\n", projects[p].name,
                                          indexed.error().message);
      project_options.previous = nullptr;
      runs[p].previous.reset();
      indexed = index_repository(project_options, progress);
    }
    if (!indexed.ok()) return std::move(indexed).take_error();
    runs[p].indexed = std::move(indexed).value();
  }

  const auto join_start = ProjectsClock::now();
  std::vector<ProjectStore> stores;
  for (std::size_t p = 0; p < projects.size(); ++p) {
    std::error_code ignored;
    const std::filesystem::path root = std::filesystem::weakly_canonical(projects[p].root, ignored);
    stores.push_back({&runs[p].indexed.store, projects[p].name, root.string()});
  }
  auto joined = union_stores(stores);
  if (!joined.ok()) return std::move(joined).take_error();
  IndexResult& total = result.indexed;
  std::map<std::pair<std::string, std::string>, std::uint64_t> skipped;
  for (std::size_t p = 0; p < projects.size(); ++p) {
    add_report(total.report, std::move(runs[p].indexed.report), projects[p].name, skipped);
    runs[p].indexed.store = GraphStore();
  }
  total.report.skipped_languages = skipped_files(skipped);
  total.report.build_seconds += seconds_of_projects(join_start);
  total.store = std::move(joined->store);

  // Each project's facts file first, then the snapshot with every manifest:
  // a snapshot is only ever replaced by one whose records are on file.
  const auto save_start = ProjectsClock::now();
  std::error_code error;
  if (database.has_parent_path()) std::filesystem::create_directories(database.parent_path(), error);
  if (error) {
    return make_error(ErrorCode::DatabaseError,
                      fmt::format("cannot create folder {}: {}", database.parent_path().string(), error.message()));
  }
  Snapshot snapshot{std::move(total.store), {}};
  for (std::size_t p = 0; p < projects.size(); ++p) {
    IndexResult& indexed = runs[p].indexed;
    std::vector<std::byte> manifest = encode_manifest(indexed.encoded_facts);
    if (Status status = write_facts_file(project_facts_file_path(database, projects[p].name), indexed.encoded_facts,
                                         manifest, runs[p].previous ? &*runs[p].previous : nullptr,
                                         indexed.stamped_before);
        !status.ok()) {
      return status.error();
    }
    indexed.encoded_facts.clear();  // it views the previous facts file
    runs[p].previous.reset();
    snapshot.extras.emplace(project_facts_section(projects[p].name), PodArray<std::byte>(std::move(manifest)));
  }
  if (!total.report.skipped_languages.empty()) {
    snapshot.extras.emplace(kSkippedLanguagesSection,
                            PodArray<std::byte>(encode_skipped_files(total.report.skipped_languages)));
  }
  Status saved = save_snapshot(snapshot, database);
  total.store = std::move(snapshot.store);
  if (!saved.ok()) return saved.error();
  result.save_seconds = seconds_of_projects(save_start);
  result.total_seconds = seconds_of_projects(call_start);
  return result;
}

}  // namespace trellis::ingest
