#include "trellis/queries/name_lookup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

namespace trellis::queries {
namespace {

constexpr std::size_t kMaxCandidatesListed = 20;

// Position of the label in the kind's preference list; labels.size() when absent.
std::size_t preference(const NameKind& kind, Label label) {
  const auto it = std::find(kind.labels.begin(), kind.labels.end(), label);
  return static_cast<std::size_t>(it - kind.labels.begin());
}

bool accepts(const NameKind& kind, Label label) { return preference(kind, label) < kind.labels.size(); }

// A name without an overload's parameter types: "a.B.login(String,int)" ->
// "a.B.login" (overloads are distinct nodes named with their signatures).
std::string_view without_signature(std::string_view name) {
  if (!name.ends_with(')')) return name;
  const auto open = name.rfind('(');
  return open == std::string_view::npos || open == 0 ? name : name.substr(0, open);
}

std::string_view last_segment(std::string_view name) {
  name = without_signature(name);
  const auto dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

// Keeps, per qualified name, the node of the most preferred label.
std::vector<NodeId> prefer_labels(const GraphStore& store, const NameKind& kind, std::vector<NodeId> nodes) {
  std::map<std::string, NodeId> best;
  for (const NodeId node : nodes) {
    auto [it, added] = best.emplace(store.qualified_name(node), node);
    if (!added && preference(kind, store.label(node)) < preference(kind, store.label(it->second))) {
      it->second = node;
    }
  }
  std::vector<NodeId> out;
  for (const auto& [name, node] : best) out.push_back(node);
  return out;
}

// Levenshtein distance, giving up above `bound`.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t bound) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > bound) return bound + 1;
  std::vector<std::size_t> row(a.size() + 1);
  for (std::size_t i = 0; i <= a.size(); ++i) row[i] = i;
  for (std::size_t j = 1; j <= b.size(); ++j) {
    std::size_t diagonal = row[0];
    row[0] = j;
    std::size_t row_min = row[0];
    for (std::size_t i = 1; i <= a.size(); ++i) {
      const std::size_t above = row[i];
      row[i] = std::min({row[i] + 1, row[i - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
      row_min = std::min(row_min, row[i]);
    }
    if (row_min > bound) return bound + 1;
  }
  return row[a.size()];
}

}  // namespace

std::vector<std::string> suggest_names(const GraphStore& store, std::string_view name, const NameKind& kind,
                                       std::size_t limit) {
  const std::string_view wanted = last_segment(name);
  std::vector<std::string> out;
  auto add_nodes_named = [&](StringId name_id) {
    std::vector<std::string> found;
    for (const NodeId node : store.nodes_named(store.strings().get(name_id))) {
      if (accepts(kind, store.label(node))) found.push_back(store.qualified_name(node));
    }
    std::sort(found.begin(), found.end());
    for (std::string& qualified : found) {
      if (out.size() >= limit) return;
      if (std::find(out.begin(), out.end(), qualified) == out.end()) out.push_back(std::move(qualified));
    }
  };
  if (wanted.empty()) return out;

  // Prefix matches: a binary search in the names sorted by text.
  const auto names = store.sorted_names();
  auto it = std::lower_bound(names.begin(), names.end(), wanted,
                             [&](StringId id, std::string_view text) { return store.strings().get(id) < text; });
  for (; it != names.end() && out.size() < limit && store.strings().get(*it).starts_with(wanted); ++it) {
    add_nodes_named(*it);
  }
  if (out.size() >= limit) return out;

  // Then the closest names by edit distance (distinct names, not nodes).
  const std::size_t bound = std::max<std::size_t>(2, wanted.size() / 3);
  std::vector<std::pair<std::size_t, StringId>> close;
  for (const StringId id : names) {
    const std::size_t distance = edit_distance(store.strings().get(id), wanted, bound);
    if (distance <= bound && distance > 0) close.emplace_back(distance, id);
  }
  std::stable_sort(close.begin(), close.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [distance, id] : close) {
    if (out.size() >= limit) break;
    add_nodes_named(id);
  }
  return out;
}

Result<NodeId> lookup_node(const GraphStore& store, std::string_view name, const NameKind& kind) {
  if (name.empty()) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("{} name must not be empty", kind.noun));
  }
  std::vector<NodeId> exact;
  for (const NodeId node : store.find_all(name)) {
    if (accepts(kind, store.label(node))) exact.push_back(node);
  }
  if (!exact.empty()) return prefer_labels(store, kind, std::move(exact)).front();

  // A stable node_id (store/node_id.hpp).
  for (const NodeId node : store.find_by_node_id(name)) {
    if (accepts(kind, store.label(node))) exact.push_back(node);
  }
  if (!exact.empty()) return prefer_labels(store, kind, std::move(exact)).front();

  // `Service.login` also names each overload `a.Service.login(String)`. A
  // suffix starts after a '.'; failing that, after a '/' of a Go import path
  // (`caddyhttp.App.Validate` of `github.com/x/modules/caddyhttp.App.Validate`),
  // so a '/' suffix never adds a candidate beside a '.' one.
  std::vector<NodeId> by_suffix;
  std::vector<NodeId> by_path_suffix;
  const std::string dotted = "." + std::string(name);
  const std::string slashed = "/" + std::string(name);
  const bool signed_name = without_signature(name).size() != name.size();
  for (const NodeId node : store.nodes_named(last_segment(name))) {
    if (!accepts(kind, store.label(node))) continue;
    const std::string qualified = store.qualified_name(node);
    const std::string_view compared = signed_name ? qualified : without_signature(qualified);
    if (compared.ends_with(dotted) || compared == name) {
      by_suffix.push_back(node);
    } else if (compared.ends_with(slashed)) {
      by_path_suffix.push_back(node);
    }
  }
  if (by_suffix.empty()) by_suffix = std::move(by_path_suffix);
  by_suffix = prefer_labels(store, kind, std::move(by_suffix));
  if (by_suffix.size() == 1) return by_suffix.front();
  if (by_suffix.size() > 1) {
    Error error = make_error(ErrorCode::AmbiguousName,
                             fmt::format("'{}' matches {} nodes; give a longer qualified name", name, by_suffix.size()));
    for (const NodeId node : by_suffix) {
      if (error.suggestions.size() >= kMaxCandidatesListed) break;
      error.suggestions.push_back(store.qualified_name(node));
    }
    return error;
  }
  Error error = make_error(ErrorCode::NodeNotFound, fmt::format("{} '{}' not found in graph", kind.noun, name));
  error.suggestions = suggest_names(store, name, kind);
  return error;
}

Result<NodeId> lookup_module_or_file(const GraphStore& store, std::string_view text, const NameKind& kind) {
  std::string_view path = text;
  while (path.starts_with("./")) path.remove_prefix(2);
  const auto path_column = property_index(Label::Module, "path");
  const auto path_of = [&](NodeId module) -> std::string_view {
    const PropertyValue value = store.property(module, *path_column);
    const auto* stored = std::get_if<std::string_view>(&value);
    return stored == nullptr ? std::string_view{} : *stored;
  };
  const NodeRange modules = store.nodes(Label::Module);
  const auto slash = path.rfind('/');
  const std::string_view file_name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  // The Module of that path. Its name is almost always the file's stem (the
  // last dotted part) or, for index/__init__ files, its folder's: those are
  // tried through the name index first, and every module only after.
  const auto by_path = [&]() -> std::optional<NodeId> {
    if (path.empty() || !path_column) return std::nullopt;
    std::vector<std::string_view> guesses;
    const std::string_view stem = file_name.substr(0, file_name.rfind('.'));
    guesses.push_back(last_segment(stem));
    if (slash != std::string_view::npos) {
      const std::string_view folder = path.substr(0, slash);
      guesses.push_back(folder.substr(folder.rfind('/') + 1));
    }
    for (const std::string_view guess : guesses) {
      // nodes_named lists ids in order, and a label's nodes are one id range.
      const auto named = store.nodes_named(guess);
      for (auto it = std::lower_bound(named.begin(), named.end(), modules.begin);
           it != named.end() && *it < modules.end; ++it) {
        if (path_of(*it) == path) return *it;
      }
    }
    for (NodeId module = modules.begin; module < modules.end; ++module) {
      if (path_of(module) == path) return module;
    }
    return std::nullopt;
  };
  if (slash == std::string_view::npos) {
    // A name first, then a file at the root.
    auto named = lookup_node(store, text, kind);
    if (named.ok() || named.error().code != ErrorCode::NodeNotFound) return named;
    if (const auto module = by_path()) return *module;
    return named;
  }
  if (const auto module = by_path()) return *module;
  // A Go qualified name holds '/' too (`example.com/shop/auth.Service`).
  if (auto named = lookup_node(store, text, kind); named.ok() || named.error().code != ErrorCode::NodeNotFound) {
    return named;
  }
  Error error = make_error(ErrorCode::NodeNotFound, fmt::format("File '{}' is not in the indexed tree", text));
  if (path_column && !file_name.empty()) {
    // Files of that name anywhere first, then paths a few edits away.
    for (NodeId module = modules.begin; module < modules.end && error.suggestions.size() < 5; ++module) {
      const std::string_view candidate = path_of(module);
      if (candidate == file_name || candidate.ends_with("/" + std::string(file_name))) {
        error.suggestions.emplace_back(candidate);
      }
    }
    const std::size_t bound = std::max<std::size_t>(2, path.size() / 8);
    std::vector<std::pair<std::size_t, std::string_view>> close;
    for (NodeId module = modules.begin; module < modules.end && error.suggestions.empty(); ++module) {
      const std::string_view candidate = path_of(module);
      const std::size_t distance = edit_distance(candidate, path, bound);
      if (distance <= bound) close.emplace_back(distance, candidate);
    }
    std::sort(close.begin(), close.end());
    for (const auto& [distance, candidate] : close) {
      if (error.suggestions.size() >= 5) break;
      error.suggestions.emplace_back(candidate);
    }
  }
  return error;
}

}  // namespace trellis::queries
