#include "resolve/implicit_interfaces.hpp"

#include <algorithm>

namespace trellis::ingest::resolve {

std::vector<std::string_view> method_set(const TypeTable& table, TypeId type) {
  std::vector<std::string_view> names;
  for (const TypeId along : table.lineage(type)) {
    for (const auto& [name, overloads] : table.type(along).methods) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

ImplicitInterfaces::ImplicitInterfaces(const TypeTable& table) {
  for (TypeId t = 0; t < table.type_count(); ++t) {
    if (table.type(t).label != Label::Interface) continue;
    std::vector<std::string_view> names = method_set(table, t);
    if (names.empty()) continue;
    by_method_[names.front()].push_back(t);
    required_.emplace(t, std::move(names));
  }
}

void ImplicitInterfaces::add_edges(const TypeTable& table, TypeId type, std::vector<InheritsEdge>& out) const {
  const TypeInfo& info = table.type(type);
  if (info.label != Label::Class || required_.empty()) return;
  const std::vector<std::string_view> has = method_set(table, type);
  std::vector<TypeId> satisfied;
  for (const std::string_view name : has) {
    const auto candidates = by_method_.find(name);
    if (candidates == by_method_.end()) continue;
    for (const TypeId interface : candidates->second) {
      const auto& required = required_.at(interface);
      if (std::includes(has.begin(), has.end(), required.begin(), required.end())) satisfied.push_back(interface);
    }
  }
  std::sort(satisfied.begin(), satisfied.end());
  for (const TypeId interface : satisfied) {
    const bool declared = std::find(info.supertypes.begin(), info.supertypes.end(), interface) != info.supertypes.end();
    if (!declared) out.push_back({info.parts.front(), table.type(interface).parts.front()});
  }
}

}  // namespace trellis::ingest::resolve
