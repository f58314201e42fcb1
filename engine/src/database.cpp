#include "trellis/database.hpp"

#include <mutex>
#include <utility>

#include "trellis/embeddings/semantic_index.hpp"

namespace trellis {
namespace {

// Runs `query` with the caller's scratch, or a fresh one.
template <class Query, class Request>
auto with_scratch(const GraphStore& store, const Request& request, queries::TraversalScratch* scratch, Query query) {
  if (scratch != nullptr) return query(store, request, *scratch);
  queries::TraversalScratch fresh;
  return query(store, request, fresh);
}

// Runs a query that reads source text with `sources`, or `fallback` (the
// database's own reader) when the caller gives none.
template <class Query, class Request>
auto with_sources(const GraphStore& store, const Request& request, queries::TraversalScratch* scratch,
                  const queries::SourceReader* sources, const queries::SourceReader* fallback, Query query) {
  const queries::SourceReader* reader = sources != nullptr ? sources : fallback;
  return with_scratch(store, request, scratch, [reader, &query](const GraphStore& s, const auto& r, auto& t) {
    return query(s, r, t, reader);
  });
}

int int_property(const GraphStore& store, NodeId id, std::string_view name) {
  const PropertyValue value = store.property(id, name);
  const auto* number = std::get_if<std::int64_t>(&value);
  return number != nullptr ? static_cast<int>(*number) : 0;
}

}  // namespace

struct Database::LazySemantic {
  std::once_flag once;
  std::optional<embeddings::SemanticIndex> index;
  std::optional<Error> error;
};

Database::Database(std::shared_ptr<const Snapshot> snapshot, std::filesystem::path path)
    : snapshot_(std::move(snapshot)), path_(std::move(path)), semantic_(std::make_shared<LazySemantic>()) {
  sources_ = std::make_shared<const queries::TreeSourceReader>(source_roots());
}

Result<const embeddings::SemanticIndex*> Database::semantic() const {
  std::call_once(semantic_->once, [&] {
    if (path_.empty()) return;
    auto loaded = embeddings::SemanticIndex::load(path_, store());
    if (!loaded.ok()) {
      semantic_->error = loaded.error();
    } else {
      semantic_->index = std::move(loaded).value();
    }
  });
  if (semantic_->error) return *semantic_->error;
  return semantic_->index ? &*semantic_->index : nullptr;
}

Result<Database> Database::open(const std::filesystem::path& path) {
  auto loaded = load_snapshot(path);
  if (!loaded.ok()) return std::move(loaded).take_error();
  return Database(std::make_shared<const Snapshot>(std::move(loaded).value()), path);
}

Database Database::from_snapshot(Snapshot snapshot, std::filesystem::path path) {
  return Database(std::make_shared<const Snapshot>(std::move(snapshot)), std::move(path));
}

std::vector<queries::SourceRoot> Database::source_roots() const {
  const NodeRange projects = store().nodes(Label::Project);
  std::vector<queries::SourceRoot> roots;
  for (NodeId project = projects.begin; project < projects.end; ++project) {
    const PropertyValue path = store().property(project, "path");
    const auto* text = std::get_if<std::string_view>(&path);
    if (text == nullptr || text->empty()) continue;
    roots.push_back({projects.size() == 1 ? std::string() : std::string(store().name(project)), std::string(*text)});
  }
  return roots;
}

std::optional<std::string> Database::root() const {
  const NodeRange projects = store().nodes(Label::Project);
  if (projects.size() != 1) return std::nullopt;
  const PropertyValue path = store().property(projects.begin, "path");
  const auto* text = std::get_if<std::string_view>(&path);
  if (text == nullptr || text->empty()) return std::nullopt;
  return std::string(*text);
}

Result<NodeId> Database::resolve(std::string_view name, const queries::NameKind& kind) const {
  return queries::lookup_node(store(), name, kind);
}

NodeInfo Database::node(NodeId id) const {
  const GraphStore& s = store();
  NodeInfo info;
  info.label = s.label(id);
  info.qualified_name = s.qualified_name(id);
  info.name = std::string(s.name(id));
  const PropertyValue file = s.property(id, "file_path");
  if (const auto* text = std::get_if<std::string_view>(&file)) info.file_path = std::string(*text);
  info.line_start = int_property(s, id, "line_start");
  info.line_end = int_property(s, id, "line_end");
  return info;
}

Result<queries::CallReachResult> Database::callers(const queries::CallersRequest& request,
                                                   queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_callers);
}
Result<queries::CallReachResult> Database::callees(const queries::CalleesRequest& request,
                                                   queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_callees);
}
Result<queries::HierarchyResult> Database::hierarchy(const queries::HierarchyRequest& request,
                                                     queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_hierarchy);
}
Result<queries::OutlineResult> Database::outline(const queries::OutlineRequest& request,
                                                 queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_outline);
}
Result<queries::ChildrenResult> Database::children(const queries::ChildrenRequest& request,
                                                   queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_children);
}
Result<queries::ComplexityResult> Database::complexity(const queries::ComplexityRequest& request,
                                                       queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_complexity);
}
Result<queries::ImportersResult> Database::importers(const queries::ImportersRequest& request,
                                                     queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_importers);
}
Result<queries::ImpactResult> Database::impact(const queries::ImpactRequest& request,
                                               queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_impact);
}
Result<queries::ChainResult> Database::dependency_chain(const queries::ChainRequest& request,
                                                        queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_dependency_chain);
}
Result<queries::DependenciesResult> Database::dependencies(const queries::DependenciesRequest& request,
                                                           queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_dependencies);
}
Result<queries::ExportsResult> Database::exports(const queries::ExportsRequest& request,
                                                 queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_exports);
}
Result<queries::ImplementationsResult> Database::implementations(const queries::ImplementationsRequest& request,
                                                                 queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_implementations);
}
Result<queries::CallGraphResult> Database::call_graph(const queries::CallGraphRequest& request,
                                                      queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_call_graph);
}
Result<queries::CallPathResult> Database::call_path(const queries::CallPathRequest& request,
                                                    queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_call_path);
}
Result<queries::CyclesResult> Database::cycles(const queries::CyclesRequest& request,
                                               queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_cycles);
}

Result<queries::WhyResult> Database::why(const queries::WhyRequest& request,
                                         queries::TraversalScratch* scratch) const {
  return with_scratch(store(), request, scratch, queries::query_why);
}

Result<queries::DetailsResult> Database::details(const queries::DetailsRequest& request,
                                                 queries::TraversalScratch* scratch,
                                                 const queries::SourceReader* sources) const {
  return with_sources(store(), request, scratch, sources, sources_.get(), queries::query_details);
}
Result<queries::SourceResult> Database::source(const queries::SourceRequest& request,
                                               queries::TraversalScratch* scratch,
                                               const queries::SourceReader* sources) const {
  return with_sources(store(), request, scratch, sources, sources_.get(), queries::query_source);
}

Result<queries::ContextResult> Database::context(const queries::ContextRequest& request,
                                                 queries::TraversalScratch* scratch,
                                                 const queries::SourceReader* sources) const {
  return with_sources(store(), request, scratch, sources, sources_.get(), queries::query_context);
}

Result<queries::QueryAnswer> Database::run(const queries::QueryRequest& request, queries::TraversalScratch* scratch,
                                           const queries::SourceReader* sources) const {
  const embeddings::SemanticIndex* semantic_index = nullptr;
  if (std::holds_alternative<queries::SemanticRequest>(request)) {
    auto loaded = semantic();
    if (!loaded.ok()) return std::move(loaded).take_error();
    semantic_index = *loaded;
  }
  return with_sources(store(), request, scratch, sources, sources_.get(),
                      [semantic_index](const GraphStore& s, const queries::QueryRequest& r,
                                       queries::TraversalScratch& t, const queries::SourceReader* reader) {
                        return queries::run_query(s, r, t, reader, semantic_index);
                      });
}

}  // namespace trellis
