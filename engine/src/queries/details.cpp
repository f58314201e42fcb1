// query_details and query_source: one block with its place in the file
// (parent, nesting path), its relationship counts, the calls made inside it
// and its source; a range of a file's text with the definitions it overlaps.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <utility>
#include <variant>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "paging.hpp"
#include "queries/nested_definitions.hpp"
#include "queries/node_properties.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kBlockLabels[] = {Label::Class,  Label::Interface, Label::Function,
                                         Label::Method, Label::Module};
inline constexpr NameKind kBlockName{"Definition", kBlockLabels};

// The node that DEFINES `node` (the first, should a crafted graph have
// several), else the Package that CONTAINS a Module.
NodeId parent_of(const GraphStore& store, NodeId node) {
  const auto definers = store.in(RelType::Defines, node);
  if (!definers.empty()) return definers.front();
  if (store.label(node) != Label::Module) return kNoNode;
  for (const NodeId container : store.in(RelType::Contains, node)) {
    if (store.label(container) == Label::Package) return container;
  }
  return kNoNode;
}

// The module, each enclosing definition, then `node` (a DEFINES cycle in a
// crafted graph stops the walk).
std::vector<NodeId> nesting_of(const GraphStore& store, NodeId node, TraversalScratch& scratch) {
  std::vector<NodeId> path{node};
  scratch.begin(store.node_count());
  scratch.mark(node);
  for (NodeId at = node; store.label(at) != Label::Module;) {
    const auto definers = store.in(RelType::Defines, at);
    if (definers.empty() || !scratch.mark(definers.front())) break;
    at = definers.front();
    path.push_back(at);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

CallType call_type_at(const GraphStore& store, EdgePos edge) {
  const PropertyValue value = store.edge_property(RelType::Calls, edge, 0);
  const auto* text = std::get_if<std::string_view>(&value);
  return text != nullptr ? call_type_from_string(*text).value_or(CallType::Direct) : CallType::Direct;
}

int call_line_at(const GraphStore& store, EdgePos edge, std::size_t line_column) {
  const PropertyValue value = store.edge_property(RelType::Calls, edge, line_column);
  const auto* number = std::get_if<std::int64_t>(&value);
  return number != nullptr ? static_cast<int>(*number) : 0;
}

// Every call the callers make, resolved and unresolved, by line.
std::vector<CallInside> calls_of(const GraphStore& store, std::span<const NodeId> callers) {
  std::vector<CallInside> calls;
  const std::size_t line_column = property_index(RelType::Calls, "line").value_or(1);
  for (const NodeId caller : callers) {
    const auto callees = store.out(RelType::Calls, caller);
    for (std::size_t i = 0; i < callees.size(); ++i) {
      const EdgePos edge = store.out_edge_position(RelType::Calls, caller, i);
      calls.push_back({caller, callees[i], call_line_at(store, edge, line_column), call_type_at(store, edge), {}});
    }
    if (store.unresolved_call_count(caller) == 0) continue;
    for (const GraphStore::UnresolvedCall& call : store.unresolved_calls(caller)) {
      calls.push_back({caller, kNoNode, call.line, CallType::Direct, call.text, call.reason});
    }
  }
  std::stable_sort(calls.begin(), calls.end(), [](const CallInside& a, const CallInside& b) {
    if (a.line != b.line) return a.line < b.line;
    return a.caller < b.caller;
  });
  return calls;
}

// Definitions of `module` whose lines overlap [first, last], in line order
// (a parent before what it defines), with their depth: the page at `offset`.
void overlapping_definitions(const GraphStore& store, NodeId module, int first, int last, std::size_t offset,
                             TraversalScratch& scratch, SourceResult& result) {
  const auto line_of = [&](NodeId node) { return line_property(store, node, "line_start"); };
  const auto sorted_children = [&](NodeId parent) {
    std::vector<std::pair<int, NodeId>> children;
    for (const NodeId child : store.out(RelType::Defines, parent)) children.emplace_back(line_of(child), child);
    std::sort(children.begin(), children.end());
    children.erase(std::unique(children.begin(), children.end()), children.end());
    return children;
  };
  scratch.begin(store.node_count());
  scratch.mark(module);
  std::vector<OutlineEntry> stack;
  const auto push_children = [&](NodeId parent, int depth) {
    const auto children = sorted_children(parent);
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      if (scratch.mark(it->second)) stack.push_back({it->second, parent, depth});
    }
  };
  push_children(module, 1);
  while (!stack.empty()) {
    const OutlineEntry entry = stack.back();
    stack.pop_back();
    const int start = line_of(entry.node);
    const int end = std::max(start, line_property(store, entry.node, "line_end"));
    if (start > last) continue;  // it and all it defines lie below the range
    if (end >= first) {
      if (result.count.total_count >= offset && result.definitions.size() < kMaxResults) {
        result.definitions.push_back(entry);
      }
      ++result.count.total_count;
      push_children(entry.node, entry.depth + 1);
    }
  }
  result.count = page_count(result.count.total_count, offset, result.definitions.size());
}

Error no_sources() {
  return make_error(ErrorCode::InvalidArgument, "no source reader: the graph's source files cannot be read here");
}

// "path:START-END" or "path:LINE" split; nullopt when `target` is not one.
struct FileRange {
  std::string_view file;
  int first = 0;
  int last = 0;
};

std::optional<int> parse_line(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

Result<std::optional<FileRange>> parse_file_range(std::string_view target) {
  const std::size_t colon = target.rfind(':');
  if (colon == std::string_view::npos) return std::optional<FileRange>{};
  FileRange range;
  range.file = target.substr(0, colon);
  const std::string_view lines = target.substr(colon + 1);
  const std::size_t dash = lines.find('-');
  const auto first = parse_line(lines.substr(0, dash));
  const auto last = dash == std::string_view::npos ? first : parse_line(lines.substr(dash + 1));
  if (range.file.empty() || !first || !last || *last < *first) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("'{}' is not FILE:START-END or FILE:LINE (lines from 1, START <= END)", target));
  }
  range.first = *first;
  range.last = *last;
  return std::optional<FileRange>{range};
}

}  // namespace

Result<DetailsResult> query_details(const GraphStore& store, const DetailsRequest& request, TraversalScratch& scratch,
                                    const SourceReader* sources) {
  auto node = lookup_module_or_file(store, request.name, kBlockName);
  if (!node) return std::move(node).take_error();
  DetailsResult result;
  result.node = *node;
  result.parent = parent_of(store, result.node);
  result.nesting = nesting_of(store, result.node, scratch);
  for (const RelTypeDef& def : all_rel_types()) {
    const std::size_t outgoing = store.out(def.type, result.node).size();
    const std::size_t incoming = store.in(def.type, result.node).size();
    if (outgoing != 0 || incoming != 0) result.relationships.push_back({def.type, outgoing, incoming});
  }

  std::vector<NodeId> callers;
  scratch.begin(store.node_count());
  append_nested(store, result.node, scratch, callers);
  std::vector<CallInside> calls = calls_of(store, callers);
  result.count.total_count = calls.size();
  result.unresolved = static_cast<std::size_t>(
      std::count_if(calls.begin(), calls.end(), [](const CallInside& call) { return call.callee == kNoNode; }));
  keep_page(calls, request.offset);
  result.count = page_count(result.count.total_count, request.offset, calls.size());
  result.calls = std::move(calls);

  if (store.label(result.node) == Label::Module) {
    const auto imports = store.out(RelType::Imports, result.node);
    result.imports.assign(imports.begin(), imports.end());
    result.imports.erase(std::unique(result.imports.begin(), result.imports.end()), result.imports.end());
  }

  const std::string_view file = text_property(store, result.node, "file_path");
  if (request.include_source && !file.empty()) {
    if (sources == nullptr) {
      result.source_error = no_sources().message;
    } else {
      const int first = std::max(1, line_property(store, result.node, "line_start"));
      const int last = std::max(first, line_property(store, result.node, "line_end"));
      auto text = sources->read_lines(file, first, last, request.max_lines);
      if (text.ok()) {
        result.source = std::move(text).value();
      } else {
        result.source_error = text.error().message;
      }
    }
  }
  return result;
}

Result<SourceResult> query_source(const GraphStore& store, const SourceRequest& request, TraversalScratch& scratch,
                                  const SourceReader* sources) {
  auto range = parse_file_range(request.target);
  if (!range) return std::move(range).take_error();
  SourceResult result;
  if (*range) {
    auto module = lookup_module_or_file(store, (*range)->file);
    if (!module) return std::move(module).take_error();
    result.module = *module;
    result.line_start = (*range)->first;
    result.line_end = (*range)->last;
  } else {
    auto node = lookup_module_or_file(store, request.target, kBlockName);
    if (!node) return std::move(node).take_error();
    result.node = *node;
    result.module = nesting_of(store, result.node, scratch).front();
    result.line_start = std::max(1, line_property(store, result.node, "line_start"));
    result.line_end = std::max(result.line_start, line_property(store, result.node, "line_end"));
  }
  result.file_path = std::string(text_property(store, result.module, "file_path"));
  if (result.file_path.empty()) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("{} has no file in the indexed tree", store.qualified_name(result.module)));
  }
  if (sources == nullptr) return no_sources();
  auto text = sources->read_lines(result.file_path, result.line_start, result.line_end, request.max_lines);
  if (!text.ok()) return std::move(text).take_error();
  result.source = std::move(text).value();
  if (result.source.last >= result.source.first) {
    overlapping_definitions(store, result.module, result.source.first, result.source.last, request.offset, scratch,
                            result);
  }
  return result;
}

}  // namespace trellis::queries
