// Several stores as one graph: `trellis index` of several roots indexes
// each root as its own project, then joins their stores here. Every node of
// a project but its Project node and its ExternalPackages is named under the
// project, so two projects' names never meet: qualified names take the
// project's name and a dot (`api.shop.auth.login`), file and folder paths
// its name and a slash (`api/shop/auth.py`). Each store's Project node
// becomes one Project node named by the project, CONTAINS-ing what the old
// one did; ExternalPackages (`requests`, `react`) are shared by name.
// Properties, edges with their properties, unresolved call sites, body
// hashes and full-text postings are copied; the project's name is added to
// the path words of every node that has full-text words.
#pragma once

#include <span>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_builder.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis {

struct ProjectStore {
  const GraphStore* store = nullptr;
  std::string name;  // a valid project name (is_project_name)
  std::string path;  // the Project node's path: the project's root folder
};

// Whether `name` can name a project: 1 to 64 ASCII letters, digits, '_' or
// '-', so that it is one qualified-name part and one path part.
bool is_project_name(std::string_view name);

// One store holding every project's graph. INVALID_ARGUMENT when a name is
// not a project name or two projects share one.
Result<BuiltGraph> union_stores(std::span<const ProjectStore> projects);

}  // namespace trellis
