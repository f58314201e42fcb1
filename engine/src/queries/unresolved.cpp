// query_unresolved: the call sites inside a definition, module, file or
// package that ingest could not resolve, with why (store/unresolved_reason.hpp),
// so a user can see what a callers or impact answer about them may miss.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "queries/nested_definitions.hpp"
#include "queries/node_properties.hpp"
#include "queries/paging.hpp"
#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {
namespace {

// A package before its __init__ module of the same name: the package covers it.
inline constexpr Label kUnresolvedTargetLabels[] = {Label::Function, Label::Method,  Label::Class,
                                                    Label::Interface, Label::Package, Label::Module};
inline constexpr NameKind kUnresolvedTarget{"Definition, Module or Package", kUnresolvedTargetLabels};

// Everything whose calls lie inside `target`: itself and what it defines,
// transitively; for a Package, each Module it contains (through
// sub-packages) and theirs.
std::vector<NodeId> callers_inside(const GraphStore& store, NodeId target, TraversalScratch& scratch) {
  std::vector<NodeId> callers;
  scratch.begin(store.node_count());
  if (store.label(target) != Label::Package) {
    append_nested(store, target, scratch, callers);
    return callers;
  }
  std::vector<NodeId> packages{target};
  scratch.mark(target);
  for (std::size_t at = 0; at < packages.size(); ++at) {
    for (const NodeId member : store.out(RelType::Contains, packages[at])) {
      if (store.label(member) == Label::Package) {
        if (scratch.mark(member)) packages.push_back(member);
      } else if (store.label(member) == Label::Module) {
        append_nested(store, member, scratch, callers);
      }
    }
  }
  return callers;
}

Result<std::optional<UnresolvedReason>> reason_filter(std::string_view code) {
  if (code.empty() || code == "all") return std::optional<UnresolvedReason>{};
  if (const auto reason = unresolved_reason_from_code(code)) return std::optional<UnresolvedReason>{*reason};
  return make_error(ErrorCode::InvalidArgument, fmt::format("'{}' is not a reason of an unresolved call", code));
}

}  // namespace

Result<UnresolvedResult> query_unresolved(const GraphStore& store, const UnresolvedRequest& request,
                                          TraversalScratch& scratch) {
  auto filter = reason_filter(request.reason);
  if (!filter) return std::move(filter).take_error();
  auto target = lookup_module_or_file(store, request.target, kUnresolvedTarget);
  if (!target) return std::move(target).take_error();

  UnresolvedResult result;
  result.target = *target;
  const std::vector<NodeId> callers = callers_inside(store, result.target, scratch);
  result.callers = callers.size();
  std::array<std::size_t, static_cast<std::size_t>(kLastUnresolvedReason) + 1> counts{};
  std::vector<UnresolvedSite> sites;
  for (const NodeId caller : callers) {
    if (store.unresolved_call_count(caller) == 0) continue;
    for (const GraphStore::UnresolvedCall& call : store.unresolved_calls(caller)) {
      ++counts[static_cast<std::size_t>(call.reason)];
      if (!filter->has_value() || **filter == call.reason) sites.push_back({caller, call.line, call.text, call.reason});
    }
  }
  // A stable order to page through: by file, line, then caller and text.
  const auto file_of = [&](NodeId node) { return text_property(store, node, "file_path"); };
  std::sort(sites.begin(), sites.end(), [&](const UnresolvedSite& a, const UnresolvedSite& b) {
    if (a.caller != b.caller) {
      const std::string_view fa = file_of(a.caller);
      const std::string_view fb = file_of(b.caller);
      if (fa != fb) return fa < fb;
    }
    if (a.line != b.line) return a.line < b.line;
    if (a.caller != b.caller) return a.caller < b.caller;
    return a.text < b.text;
  });
  for (std::size_t r = 0; r < counts.size(); ++r) {
    if (counts[r] != 0) result.by_reason.emplace_back(static_cast<UnresolvedReason>(r), counts[r]);
  }
  const std::size_t total = sites.size();
  keep_page(sites, request.offset);
  result.count = page_count(total, request.offset, sites.size());
  result.sites = std::move(sites);
  return result;
}

}  // namespace trellis::queries
