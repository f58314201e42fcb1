#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <string_view>
#include <vector>

#include "node_properties.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/resolve_queries.hpp"

namespace trellis::queries {
namespace {

constexpr Label kAnyLabels[] = {Label::Module,  Label::Class,   Label::Interface,       Label::Function,
                                Label::Method,  Label::Package, Label::ExternalPackage, Label::Project};
constexpr NameKind kAnyNode{"Node", kAnyLabels};

struct FileLine {
  std::string_view file;
  int line = 0;
};

// `FILE:LINE`: a non-empty file, ':', then digits only.
std::optional<FileLine> parse_file_line(std::string_view id) {
  const auto colon = id.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == id.size()) return std::nullopt;
  const std::string_view digits = id.substr(colon + 1);
  int line = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), line);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return FileLine{id.substr(0, colon), line};
}

// The innermost definition in the file of `module` spanning `line` (the
// latest start, then the shortest span), else the module. Definitions are
// reached over DEFINES from the module, members declared apart from their
// type (Go methods) through their type.
Result<NodeId> node_at_line(const GraphStore& store, const FileLine& at, TraversalScratch& scratch) {
  auto module = lookup_module_or_file(store, at.file);
  if (!module.ok()) return module;
  const int last = line_property(store, *module, "line_end");
  if (at.line < 1 || at.line > last) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("line {} is outside {} (lines 1-{})", at.line, at.file, last));
  }
  const std::string_view file = text_property(store, *module, "file_path");
  NodeId best = *module;
  int best_start = 0;
  int best_end = last;
  scratch.begin(store.node_count());
  scratch.mark(*module);
  std::vector<NodeId> queue{*module};
  for (std::size_t q = 0; q < queue.size(); ++q) {
    for (const NodeId child : store.out(RelType::Defines, queue[q])) {
      if (!scratch.mark(child) || text_property(store, child, "file_path") != file) continue;
      queue.push_back(child);
      const int start = line_property(store, child, "line_start");
      const int end = line_property(store, child, "line_end");
      if (start <= at.line && at.line <= end && (start > best_start || (start == best_start && end < best_end))) {
        best = child;
        best_start = start;
        best_end = end;
      }
    }
  }
  return best;
}

Result<NodeId> resolve_one(const GraphStore& store, const std::string& id, TraversalScratch& scratch) {
  if (const auto by_id = store.find_by_node_id(id); !by_id.empty()) return by_id.front();
  if (const auto at = parse_file_line(id)) return node_at_line(store, *at, scratch);
  return lookup_node(store, id, kAnyNode);
}

}  // namespace

Result<ResolveResult> query_resolve(const GraphStore& store, const ResolveRequest& request,
                                    TraversalScratch& scratch) {
  if (request.ids.empty() || request.ids.size() > kMaxResolveIds) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("resolve takes 1 to {} references, got {}",
                                                              kMaxResolveIds, request.ids.size()));
  }
  ResolveResult result;
  for (const std::string& id : request.ids) {
    ResolvedReference reference{id, kNoNode, std::nullopt};
    auto node = resolve_one(store, id, scratch);
    if (node.ok()) {
      reference.node = *node;
      ++result.found;
    } else {
      reference.error = std::move(node).take_error();
    }
    result.references.push_back(std::move(reference));
  }
  return result;
}

}  // namespace trellis::queries
