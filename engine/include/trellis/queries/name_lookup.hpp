// Resolving the names people and agents type into nodes (CONTRACT: "NAME
// arguments are qualified names. A name that is not qualified but matches
// exactly one node by suffix resolves to it; several matches give
// AMBIGUOUS_NAME with the candidates"). Lookups go through the store's
// qualified-name and short-name indexes, never a scan of every node.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

// What a query accepts, most preferred first: when a Package and its
// __init__ Module share a name, the earlier label wins.
struct NameKind {
  std::string_view noun;          // "Function", "Class", "Module" (for messages)
  std::span<const Label> labels;
};

inline constexpr Label kCallableLabels[] = {Label::Function, Label::Method};
inline constexpr Label kTypeLabels[] = {Label::Class, Label::Interface};
inline constexpr Label kModuleLabels[] = {Label::Module, Label::Package};
inline constexpr Label kDependencyLabels[] = {Label::Module, Label::Function, Label::Method, Label::Package};
// What CALLS edges end at (a constructor call ends at its Class) and start
// from (module-level code calls from its Module).
inline constexpr Label kCallTargetLabels[] = {Label::Function, Label::Method, Label::Class};
inline constexpr Label kCallSourceLabels[] = {Label::Function, Label::Method, Label::Module};
inline constexpr NameKind kFunctionName{"Function", kCallableLabels};
inline constexpr NameKind kCallTargetName{"Function", kCallTargetLabels};
inline constexpr NameKind kCallSourceName{"Function", kCallSourceLabels};
inline constexpr NameKind kClassName{"Class", kTypeLabels};
inline constexpr NameKind kModuleName{"Module", kModuleLabels};
inline constexpr NameKind kDependencyTarget{"Module or function", kDependencyLabels};
inline constexpr Label kImportTargetLabels[] = {Label::Module, Label::Package, Label::ExternalPackage};
inline constexpr NameKind kImportTargetName{"Module", kImportTargetLabels};

// The node `name` denotes: an exact qualified name, else the node whose
// node_id it is, else the one node whose qualified name ends with ".<name>",
// else (none ending so) the one ending with "/<name>": a suffix of a Go
// import path. NODE_NOT_FOUND carries up to five suggestions;
// AMBIGUOUS_NAME lists the candidates.
Result<NodeId> lookup_node(const GraphStore& store, std::string_view name, const NameKind& kind);

// A FILE or module argument: the Module whose path (relative to the indexed
// root, `./` allowed) is `text`, else lookup_node(text, kind). A path-like
// text (with a `/`) that names neither is NODE_NOT_FOUND with the indexed
// paths that end with its file name as suggestions.
Result<NodeId> lookup_module_or_file(const GraphStore& store, std::string_view text,
                                     const NameKind& kind = kModuleName);

// Up to `limit` qualified names close to `name`: nodes whose short name
// starts with the last segment of `name` first, then by edit distance.
std::vector<std::string> suggest_names(const GraphStore& store, std::string_view name, const NameKind& kind,
                                       std::size_t limit = 5);

}  // namespace trellis::queries
