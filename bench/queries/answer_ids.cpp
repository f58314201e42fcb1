#include "queries/answer_ids.hpp"

#include <algorithm>

namespace trellis::bench {
namespace {

using namespace queries;

void add(AnswerIds& out, const std::vector<NodeAtDepth>& nodes) {
  for (const NodeAtDepth& n : nodes) out.nodes.emplace_back(n.node, n.depth);
}

void count(AnswerIds& out, const ResultCount& c) {
  out.total = c.total_count;
  out.truncated = c.truncated;
}

}  // namespace

AnswerIds answer_ids(const QueryAnswer& answer, AnswerList list) {
  AnswerIds out;
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, CallReachResult>) {
          add(out, r.nodes);
          count(out, r.count);
        } else if constexpr (std::is_same_v<T, HierarchyResult>) {
          // One direction per workload: its list and its own total.
          const auto& nodes = list == AnswerList::Ancestors ? r.ancestors : r.descendants;
          add(out, nodes);
          out.total = r.count.total_count;
          out.truncated = r.count.truncated;
        } else if constexpr (std::is_same_v<T, DependenciesResult>) {
          add(out, r.imports);
          add(out, r.calls);
          count(out, r.count);
        } else if constexpr (std::is_same_v<T, ExportsResult>) {
          for (const NodeId node : r.exports) out.nodes.emplace_back(node, 0);
          count(out, r.count);
        } else if constexpr (std::is_same_v<T, ImplementationsResult>) {
          add(out, r.implementations);
          count(out, r.count);
        } else if constexpr (std::is_same_v<T, CallGraphResult>) {
          add(out, r.nodes);  // the entry at depth 0
          out.total = r.total_nodes;
          out.truncated = r.truncated;
        } else if constexpr (std::is_same_v<T, CallPathResult>) {
          for (std::size_t i = 0; i < r.path.size(); ++i) out.nodes.emplace_back(r.path[i], static_cast<int>(i));
          out.total = r.path.size();
        }
      },
      answer.result);
  std::sort(out.nodes.begin(), out.nodes.end());
  return out;
}

}  // namespace trellis::bench
