#include "overrides.hpp"

#include <string>
#include <unordered_set>

namespace trellis::queries {
namespace {

// A member's name within its type: `area`, or `login(String,String)` for
// an overload (so other overloads do not count as overridden).
std::string member_name(const GraphStore& store, NodeId member, NodeId owner) {
  std::string name = store.qualified_name(member);
  const std::string prefix = store.qualified_name(owner);
  if (name.starts_with(prefix) && name.size() > prefix.size()) name.erase(0, prefix.size());
  return name;
}

enum class Toward { Ancestors, Descendants };

// Members of the same member name as `method` in the types related to its
// own over INHERITS and IMPLEMENTS (followed forward toward the ancestors,
// backwards toward the descendants), breadth-first.
std::vector<NodeId> same_member_in_related_types(const GraphStore& store, NodeId method, Toward toward) {
  std::vector<NodeId> found;
  if (store.label(method) != Label::Method) return found;
  for (const NodeId owner : store.in(RelType::Defines, method)) {
    const std::string name = member_name(store, method, owner);
    std::vector<NodeId> frontier{owner};
    std::unordered_set<NodeId> seen{owner};
    while (!frontier.empty()) {
      std::vector<NodeId> next;
      for (const NodeId type : frontier) {
        for (const RelType rel : {RelType::Inherits, RelType::Implements}) {
          const auto related = toward == Toward::Ancestors ? store.out(rel, type) : store.in(rel, type);
          for (const NodeId other : related) {
            if (!seen.insert(other).second) continue;
            next.push_back(other);
            for (const NodeId member : store.out(RelType::Defines, other)) {
              if (store.label(member) == Label::Method && member_name(store, member, other) == name) {
                found.push_back(member);
              }
            }
          }
        }
      }
      frontier = std::move(next);
    }
  }
  return found;
}

}  // namespace

std::vector<NodeId> overridden_methods(const GraphStore& store, NodeId method) {
  return same_member_in_related_types(store, method, Toward::Ancestors);
}

std::vector<NodeId> overriding_methods(const GraphStore& store, NodeId method) {
  return same_member_in_related_types(store, method, Toward::Descendants);
}

}  // namespace trellis::queries
