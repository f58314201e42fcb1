#include "dataset/targets_json.hpp"

namespace trellis::bench {

nlohmann::ordered_json targets_json(const GraphStore& store, const DatasetInfo& info,
                                    std::span<const TargetKind> kinds) {
  using Json = nlohmann::ordered_json;
  Json by_kind = Json::object();
  for (const TargetKind& kind : kinds) {
    Json targets = Json::array();
    for (const Target& target : kind.targets) {
      targets.push_back(Json{{"qualified_name", store.qualified_name(target.node)},
                             {"label", to_string(store.label(target.node))},
                             {"id", target.node},
                             {"origin", to_string(target.origin)},
                             {"degree", target.degree}});
    }
    by_kind[std::string(kind.name)] = Json{{"ranked_by", kind.ranked_by},
                                           {"candidates", kind.candidates},
                                           {"targets", std::move(targets)}};
  }
  return Json{
      {"format", "trellis-bench-targets"},
      {"version", 1},
      {"seed", info.seed},
      {"nodes", info.nodes},
      {"edges", info.edges},
      {"random_per_kind", info.random_count},
      {"hubs_per_kind", info.hub_count},
      {"files", Json{{"nodes", "nodes.csv"}, {"edges", "edges.csv"}, {"snapshot", info.snapshot}}},
      {"kinds", std::move(by_kind)}};
}

}  // namespace trellis::bench
