// `trellis index ROOT... --project NAME...`: several source trees in one
// graph. Each root is indexed as its own project, with its own resolution
// (a name in one project never resolves into another) and its own facts
// file beside the snapshot ("<snapshot>.<project>.facts", its manifest in
// the snapshot's "ingest.facts@<project>" section), so indexing again
// re-parses only changed files of each. The projects' stores are then
// joined (store/store_union.hpp): names take the project's name as their
// first part (`api.shop.auth.login`, `api/shop/auth.py`).
#pragma once

#include <filesystem>
#include <span>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/ingest/index_database.hpp"

namespace trellis::ingest {

struct ProjectRoot {
  std::string name;
  std::filesystem::path root;
};

// The manifest section of one project's file facts in a snapshot of several.
std::string project_facts_section(std::string_view project);
// "<snapshot>.<project>.facts".
std::filesystem::path project_facts_file_path(const std::filesystem::path& snapshot, std::string_view project);

// Indexes every project (options.root and options.persist are ignored) into
// `database`. The result's report sums the projects' (paths in warnings
// start with the project's name). INVALID_ARGUMENT for fewer than two
// projects, a name that is not a project name, or two projects of one name;
// otherwise the errors of index_into_database.
Result<DatabaseIndexResult> index_projects_into_database(IndexOptions options, std::span<const ProjectRoot> projects,
                                                         const std::filesystem::path& database,
                                                         ExtractProgress* progress = nullptr);

}  // namespace trellis::ingest
