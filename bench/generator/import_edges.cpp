#include "generator/import_edges.hpp"

#include <algorithm>
#include <vector>

#include "generator/random.hpp"

namespace trellis::bench {
namespace {

constexpr std::uint64_t kImportStream = 4;
constexpr std::uint32_t kSiblingPercent = 40;
// typing, os, logging, re, json, datetime, collections, dataclasses: the
// packages a large part of all modules import.
constexpr std::uint32_t kEverydayPackages = 8;
constexpr std::uint32_t kEverydayPercent = 40;

// Up to `count` distinct targets drawn by `draw`, skipping `self`; a few
// draws more than asked, so a small choice set ends with fewer.
template <class Draw>
std::vector<BuildId> distinct_targets(std::uint32_t count, BuildId self, Draw draw) {
  std::vector<BuildId> targets;
  for (std::uint32_t attempt = 0; attempt < 3 * count && targets.size() < count; ++attempt) {
    const BuildId target = draw();
    if (target != self && std::find(targets.begin(), targets.end(), target) == targets.end()) {
      targets.push_back(target);
    }
  }
  return targets;
}

}  // namespace

void add_imports(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed) {
  Random random(seed, kImportStream);
  const auto module_count = static_cast<std::uint32_t>(entities.modules.size());
  const auto external_count = static_cast<std::uint32_t>(entities.external_packages.size());
  const auto module_rank = random.permutation(module_count);
  for (const ModuleEntity& module : entities.modules) {
    const PackageEntity& package = entities.packages[module.package];
    const auto internal = distinct_targets(module.internal_imports, module.id, [&] {
      const std::uint32_t target = random.percent(kSiblingPercent)
                                       ? package.first_module + random.below32(package.module_count)
                                       : module_rank[random.zipf(module_count)];
      return entities.modules[target].id;
    });
    for (const BuildId target : internal) builder.add_edge(RelType::Imports, module.id, target);
    if (external_count == 0) continue;
    const auto external = distinct_targets(module.external_imports, module.id, [&] {
      const std::uint32_t rank = random.percent(kEverydayPercent)
                                     ? random.below32(std::min(kEverydayPackages, external_count))
                                     : random.zipf(external_count);
      return entities.external_packages[rank];
    });
    for (const BuildId target : external) builder.add_edge(RelType::Imports, module.id, target);
  }
}

}  // namespace trellis::bench
