// query_exports: the top-level definitions of a module (DEFINES out of the
// Module), by line; without include_private only the public ones: those
// `__all__` lists when the module declares it, else those without a leading
// underscore.
#include <algorithm>
#include <limits>
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

}  // namespace

Result<ExportsResult> query_exports(const GraphStore& store, const ExportsRequest& request,
                                    TraversalScratch& /*scratch: one step, nothing to mark*/) {
  auto module = lookup_node(store, request.module_name, kModuleName);
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

  const std::size_t total = found.size();
  keep_page(found, request.offset);
  result.exports.reserve(found.size());
  for (const auto& entry : found) result.exports.push_back(entry.second);
  result.count = page_count(total, request.offset, found.size());
  return result;
}

}  // namespace trellis::queries
