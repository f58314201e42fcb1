// query_exports: the top-level definitions of a module (DEFINES out of the
// Module), by line; without include_private only the public ones: those
// `__all__` lists when the module declares it, else those without a leading
// underscore. Then what the module re-exports (see ReExport at ingest).
#include <algorithm>
#include <limits>
#include <optional>
#include <utility>
#include <string_view>
#include <variant>

#include "paging.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

// The module's `__all__`: whether it declares one and the names it lists.
struct DeclaredAll {
  bool declared = false;
  std::vector<std::string_view> names;
};

DeclaredAll declared_all(const GraphStore& store, NodeId module) {
  DeclaredAll all;
  if (store.label(module) != Label::Module) return all;
  const PropertyValue has_all = store.property(module, *property_index(Label::Module, "has_all"));
  all.declared = std::holds_alternative<bool>(has_all) && std::get<bool>(has_all);
  if (!all.declared) return all;
  PropertyValue names = store.property(module, *property_index(Label::Module, "all_names"));
  if (auto* list = std::get_if<std::vector<std::string_view>>(&names)) all.names = std::move(*list);
  return all;
}

bool is_public(std::string_view name, const DeclaredAll& all) {
  if (all.declared) return std::find(all.names.begin(), all.names.end(), name) != all.names.end();
  return !name.starts_with('_');
}

// A definition without a line (a crafted graph) sorts last.
std::int64_t line_start(const GraphStore& store, NodeId node) {
  constexpr std::int64_t kNoLine = std::numeric_limits<std::int64_t>::max();
  const auto column = property_index(store.label(node), "line_start");
  if (!column) return kNoLine;
  const PropertyValue value = store.property(node, *column);
  return std::holds_alternative<std::int64_t>(value) ? std::get<std::int64_t>(value) : kNoLine;
}

// A re-export's target, by the qualified name ingest recorded: a definition
// before a module of the same name (a Java file's Module shares its type's).
std::optional<NodeId> reexport_target(const GraphStore& store, std::string_view qualified_name) {
  constexpr Label kPreferred[] = {Label::Class,  Label::Interface, Label::Function,
                                  Label::Method, Label::Module,    Label::Package};
  for (const Label label : kPreferred) {
    if (const auto node = store.find(label, qualified_name)) return node;
  }
  return std::nullopt;
}

// The module's re-exports as (exported name, node), in source order; those
// whose target is not in the store (a crafted graph) are left out.
std::vector<std::pair<std::string_view, NodeId>> reexports(const GraphStore& store, NodeId module) {
  std::vector<std::pair<std::string_view, NodeId>> out;
  if (store.label(module) != Label::Module) return out;
  PropertyValue names = store.property(module, *property_index(Label::Module, "reexported_names"));
  PropertyValue targets = store.property(module, *property_index(Label::Module, "reexported_from"));
  const auto* name_list = std::get_if<std::vector<std::string_view>>(&names);
  const auto* target_list = std::get_if<std::vector<std::string_view>>(&targets);
  if (name_list == nullptr || target_list == nullptr) return out;
  for (std::size_t i = 0; i < name_list->size() && i < target_list->size(); ++i) {
    if (const auto node = reexport_target(store, (*target_list)[i])) out.emplace_back((*name_list)[i], *node);
  }
  return out;
}

}  // namespace

Result<ExportsResult> query_exports(const GraphStore& store, const ExportsRequest& request,
                                    TraversalScratch& /*scratch: one step, nothing to mark*/) {
  auto module = lookup_module_or_file(store, request.module_name, kModuleName);
  if (!module) return std::move(module).take_error();

  ExportsResult result;
  result.module = *module;
  const DeclaredAll all = declared_all(store, result.module);
  std::vector<std::pair<std::int64_t, NodeId>> found;  // (line_start, node)
  for (const NodeId definition : store.out(RelType::Defines, result.module)) {
    if (request.include_private || is_public(store.name(definition), all)) {
      found.emplace_back(line_start(store, definition), definition);
    }
  }
  std::sort(found.begin(), found.end());
  // Parallel DEFINES edges (a crafted graph) list a definition once.
  found.erase(std::unique(found.begin(), found.end()), found.end());
  std::vector<std::pair<std::string_view, NodeId>> rows;  // (exported_as, node)
  rows.reserve(found.size());
  for (const auto& entry : found) rows.emplace_back(std::string_view(), entry.second);
  for (const auto& reexport : reexports(store, result.module)) rows.push_back(reexport);

  const std::size_t total = rows.size();
  keep_page(rows, request.offset);
  result.exports.reserve(rows.size());
  result.exported_as.reserve(rows.size());
  for (const auto& [as, node] : rows) {
    result.exports.push_back(node);
    result.exported_as.push_back(as);
  }
  result.count = page_count(total, request.offset, rows.size());
  return result;
}

}  // namespace trellis::queries
