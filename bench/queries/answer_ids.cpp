#include "queries/answer_ids.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace trellis::bench {
namespace {

using namespace queries;

struct Reduced {
  std::vector<std::pair<NodeId, int>> nodes;
  std::size_t total_count = 0;
  bool truncated = false;
};

void add(Reduced& out, const std::vector<NodeAtDepth>& nodes, int sign = 1) {
  for (const NodeAtDepth& n : nodes) out.nodes.emplace_back(n.node, sign * n.depth);
}

Reduced reduce(const QueryAnswer& answer) {
  Reduced out;
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, CallReachResult>) {
          add(out, r.nodes);
          out.total_count = r.count.total_count;
          out.truncated = r.count.truncated;
        } else if constexpr (std::is_same_v<T, HierarchyResult>) {
          add(out, r.ancestors, -1);
          add(out, r.descendants);
          out.total_count = r.count.total_count;
          out.truncated = r.count.truncated;
        } else if constexpr (std::is_same_v<T, DependenciesResult>) {
          add(out, r.imports);
          add(out, r.calls);
          out.total_count = r.count.total_count;
          out.truncated = r.count.truncated;
        } else if constexpr (std::is_same_v<T, ExportsResult>) {
          for (const NodeId node : r.exports) out.nodes.emplace_back(node, 0);
          out.total_count = r.count.total_count;
          out.truncated = r.count.truncated;
        } else if constexpr (std::is_same_v<T, ImplementationsResult>) {
          add(out, r.implementations);
          out.total_count = r.count.total_count;
          out.truncated = r.count.truncated;
        } else if constexpr (std::is_same_v<T, CallGraphResult>) {
          add(out, r.nodes);
          out.total_count = r.total_nodes;
          out.truncated = r.truncated;
        } else if constexpr (std::is_same_v<T, CallPathResult>) {
          for (std::size_t i = 0; i < r.path.size(); ++i) out.nodes.emplace_back(r.path[i], static_cast<int>(i));
          out.total_count = r.path.size();
        }
      },
      answer.result);
  std::sort(out.nodes.begin(), out.nodes.end());
  return out;
}

}  // namespace

nlohmann::ordered_json answer_ids(const std::string& target, const QueryAnswer& answer) {
  const Reduced reduced = reduce(answer);
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const auto& [node, depth] : reduced.nodes) nodes.push_back({node, depth});
  return {{"target", target},
          {"total_count", reduced.total_count},
          {"truncated", reduced.truncated},
          {"nodes", std::move(nodes)}};
}

}  // namespace trellis::bench
