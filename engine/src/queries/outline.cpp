// query_outline, query_children and query_complexity: a file's definitions
// and a definition's own, in line order (DEFINES edges, each level sorted by
// line_start), and a file's size and complexity figures.
#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <limits>
#include <variant>

#include "paging.hpp"
#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kChildParentLabels[] = {Label::Class, Label::Interface, Label::Function, Label::Method,
                                               Label::Module};
inline constexpr NameKind kDefinitionName{"Definition", kChildParentLabels};

// Each label's line_start column, looked up once per query.
class LineStarts {
 public:
  LineStarts() {
    for (std::size_t i = 0; i < kLabelCount; ++i) columns_[i] = property_index(static_cast<Label>(i), "line_start");
  }
  // A definition without a line (a crafted graph) sorts last.
  std::int64_t of(const GraphStore& store, NodeId node) const {
    constexpr std::int64_t kNoLine = std::numeric_limits<std::int64_t>::max();
    const auto& column = columns_[index_of(store.label(node))];
    if (!column) return kNoLine;
    const PropertyValue value = store.property(node, *column);
    return std::holds_alternative<std::int64_t>(value) ? std::get<std::int64_t>(value) : kNoLine;
  }

 private:
  std::array<std::optional<std::size_t>, kLabelCount> columns_;
};

// What `parent` DEFINES, by line then id, each once.
std::vector<NodeId> defined_by(const GraphStore& store, const LineStarts& lines, NodeId parent) {
  std::vector<std::pair<std::int64_t, NodeId>> found;
  for (const NodeId child : store.out(RelType::Defines, parent)) found.emplace_back(lines.of(store, child), child);
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  std::vector<NodeId> out;
  out.reserve(found.size());
  for (const auto& entry : found) out.push_back(entry.second);
  return out;
}

// Whether a definition lies in one module's file: a Go method is defined by
// its type, which may sit in another file of the package.
class InFile {
 public:
  InFile(const GraphStore& store, NodeId module) : store_(store) {
    for (std::size_t i = 0; i < kLabelCount; ++i) columns_[i] = property_index(static_cast<Label>(i), "file_path");
    path_ = text(module);
  }
  bool operator()(NodeId node) const { return text(node) == path_; }
  std::string_view path() const { return path_; }

 private:
  std::string_view text(NodeId node) const {
    const auto& column = columns_[index_of(store_.label(node))];
    if (!column) return {};
    const PropertyValue value = store_.property(node, *column);
    const auto* stored = std::get_if<std::string_view>(&value);
    return stored == nullptr ? std::string_view{} : *stored;
  }
  const GraphStore& store_;
  std::array<std::optional<std::size_t>, kLabelCount> columns_;
  std::string_view path_;
};

// Methods declared in `module`'s file whose type another file of its
// package declares (Go): (method, type).
std::vector<std::pair<NodeId, NodeId>> methods_beside_their_type(const GraphStore& store, NodeId module,
                                                                const InFile& in_file) {
  std::vector<std::pair<NodeId, NodeId>> found;
  const PropertyValue language = store.property(module, "language");
  const auto* name = std::get_if<std::string_view>(&language);
  if (name == nullptr || *name != "go") return found;
  for (const NodeId package : store.in(RelType::Contains, module)) {
    if (store.label(package) != Label::Package) continue;
    for (const NodeId sibling : store.out(RelType::Contains, package)) {
      if (sibling == module || store.label(sibling) != Label::Module) continue;
      for (const NodeId type : store.out(RelType::Defines, sibling)) {
        if (store.label(type) != Label::Class && store.label(type) != Label::Interface) continue;
        for (const NodeId member : store.out(RelType::Defines, type)) {
          if (in_file(member)) found.emplace_back(member, type);
        }
      }
    }
  }
  return found;
}

}  // namespace

Result<OutlineResult> query_outline(const GraphStore& store, const OutlineRequest& request,
                                    TraversalScratch& scratch) {
  auto module = lookup_module_or_file(store, request.file);
  if (!module) return std::move(module).take_error();
  OutlineResult result;
  result.module = *module;
  // Entries up to the end of the page asked for are listed (in line order);
  // the page is cut from them at the end.
  const std::size_t limit = page_end(request.offset);
  const std::optional<Label> only =
      request.label.empty() || request.label == "all" ? std::nullopt : label_from_string(request.label);
  // Depth-first, children in line order: the whole file in line order. The
  // marks keep a crafted graph's DEFINES cycle from looping.
  const LineStarts lines;
  scratch.begin(store.node_count());
  scratch.mark(result.module);
  std::vector<OutlineEntry> stack;
  const auto push_children = [&](NodeId parent, int depth) {
    if (result.entries.size() >= limit) {
      // The list is full: what is left is only counted, in any order.
      for (const NodeId child : store.out(RelType::Defines, parent)) {
        if (scratch.mark(child)) stack.push_back({child, parent, depth});
      }
      return;
    }
    const auto defined = store.out(RelType::Defines, parent);
    const std::size_t room = limit - result.entries.size();
    if (!only && defined.size() > room) {
      // Only the first `room` children (by line) can be listed: each takes
      // a place before any later one. Select them, then sort just those;
      // the rest go below them on the stack and are only counted.
      std::vector<std::pair<std::int64_t, NodeId>> keyed;
      keyed.reserve(defined.size());
      for (const NodeId child : defined) keyed.emplace_back(lines.of(store, child), child);
      const auto listed = keyed.begin() + static_cast<std::ptrdiff_t>(room);
      std::nth_element(keyed.begin(), listed, keyed.end());
      for (auto it = listed; it != keyed.end(); ++it) {
        if (scratch.mark(it->second)) stack.push_back({it->second, parent, depth});
      }
      std::sort(keyed.begin(), listed);
      for (auto it = std::make_reverse_iterator(listed); it != keyed.rend(); ++it) {
        if (scratch.mark(it->second)) stack.push_back({it->second, parent, depth});
      }
      return;
    }
    const std::vector<NodeId> children = defined_by(store, lines, parent);
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      if (scratch.mark(*it)) stack.push_back({*it, parent, depth});
    }
  };
  const InFile in_file(store, result.module);
  push_children(result.module, 1);
  while (!stack.empty()) {
    const OutlineEntry entry = stack.back();
    stack.pop_back();
    if (!in_file(entry.node)) continue;  // a Go method of this file's type, declared in another file
    if (!only || store.label(entry.node) == *only) {
      if (result.entries.size() < limit) result.entries.push_back(entry);
      ++result.count.total_count;
    }
    push_children(entry.node, entry.depth + 1);
  }
  // Go: this file's methods of types declared in other files of the package.
  const auto beside = methods_beside_their_type(store, result.module, in_file);
  for (const auto& [method, type] : beside) {
    if (only && store.label(method) != *only) continue;
    if (result.entries.size() < limit) result.entries.push_back({method, type, 1});
    ++result.count.total_count;
  }
  if (!beside.empty()) {
    std::stable_sort(result.entries.begin(), result.entries.end(), [&](const OutlineEntry& a, const OutlineEntry& b) {
      return lines.of(store, a.node) < lines.of(store, b.node);
    });
  }
  const std::size_t total = result.count.total_count;
  keep_page(result.entries, request.offset);
  result.count = page_count(total, request.offset, result.entries.size());
  return result;
}

Result<ComplexityResult> query_complexity(const GraphStore& store, const ComplexityRequest& request,
                                          TraversalScratch& scratch) {
  auto module = lookup_module_or_file(store, request.file);
  if (!module) return std::move(module).take_error();
  ComplexityResult result;
  result.module = *module;
  const PropertyValue line_end = store.property(result.module, "line_end");
  if (const auto* lines = std::get_if<std::int64_t>(&line_end)) result.lines = *lines;
  result.imports = store.out(RelType::Imports, result.module).size();
  result.importers = store.in(RelType::Imports, result.module).size();
  const LineStarts line_starts;
  std::vector<std::pair<std::int64_t, NodeId>> functions;  // (line_start, node)
  scratch.begin(store.node_count());
  scratch.mark(result.module);
  const InFile in_file(store, result.module);
  std::vector<NodeId> stack{result.module};
  // The file's definitions: what it DEFINES, within the file, and (Go) its
  // methods of types declared in other files of the package.
  std::vector<NodeId> found;
  for (const auto& [method, type] : methods_beside_their_type(store, result.module, in_file)) found.push_back(method);
  while (!stack.empty()) {
    const NodeId parent = stack.back();
    stack.pop_back();
    for (const NodeId child : store.out(RelType::Defines, parent)) {
      if (in_file(child)) found.push_back(child);
    }
    for (const NodeId child : found) {
      if (!scratch.mark(child)) continue;
      stack.push_back(child);
      ++result.definitions;
      const Label label = store.label(child);
      if (label == Label::Class || label == Label::Interface) ++result.classes;
      if (label != Label::Function && label != Label::Method) continue;
      functions.emplace_back(line_starts.of(store, child), child);
      const PropertyValue complexity = store.property(child, "complexity");
      if (const auto* value = std::get_if<std::int64_t>(&complexity)) {
        ++result.measured;
        result.total_complexity += *value;
        result.max_complexity = std::max(result.max_complexity, *value);
      }
    }
    found.clear();
  }
  result.functions = functions.size();
  std::sort(functions.begin(), functions.end());
  keep_page(functions, request.offset);
  for (const auto& function : functions) result.function_list.push_back(function.second);
  result.count = page_count(result.functions, request.offset, result.function_list.size());
  return result;
}

Result<ChildrenResult> query_children(const GraphStore& store, const ChildrenRequest& request,
                                      TraversalScratch& /*scratch: one step*/) {
  auto parent = lookup_node(store, request.name, kDefinitionName);
  if (!parent) return std::move(parent).take_error();
  ChildrenResult result;
  result.parent = *parent;
  std::vector<NodeId> children = defined_by(store, LineStarts{}, result.parent);
  const std::size_t total = children.size();
  keep_page(children, request.offset);
  result.count = page_count(total, request.offset, children.size());
  result.children = std::move(children);
  return result;
}

}  // namespace trellis::queries
