#include "generator/inheritance_edges.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "generator/identifier_vocabulary.hpp"
#include "generator/random.hpp"
#include "generator/schema_column.hpp"

namespace trellis::bench {
namespace {

constexpr std::uint64_t kInheritanceStream = 3;

class InheritanceWriter {
 public:
  InheritanceWriter(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed)
      : builder_(builder),
        entities_(entities),
        random_(seed, kInheritanceStream),
        order_(random_.permutation(static_cast<std::uint32_t>(entities.classes.size()))),
        position_(order_.size()),
        depth_(order_.size(), 0) {
    for (std::uint32_t i = 0; i < order_.size(); ++i) position_[order_[i]] = i;
  }

  void run() {
    for (std::uint32_t i = 0; i < order_.size(); ++i) {
      const std::uint32_t c = order_[i];
      if (!random_.percent(55)) {
        if (random_.percent(30)) {
          builder_.add_list_item(entities_.classes[c].id, base_classes_column_,
                                 external_base_class(random_));
        }
        continue;
      }
      add_bases(c, i);
    }
  }

 private:
  void add_bases(std::uint32_t c, std::uint32_t visit) {
    const std::uint32_t wanted = 1 + (random_.percent(10) ? 1 + (random_.percent(20) ? 1 : 0) : 0);
    std::vector<std::uint32_t> bases;
    for (std::uint32_t attempt = 0; attempt < 3 * wanted && bases.size() < wanted; ++attempt) {
      const auto base = pick_base(c, visit);
      if (!base || depth_[*base] >= kMaxInheritanceDepth ||
          std::find(bases.begin(), bases.end(), *base) != bases.end()) {
        continue;
      }
      bases.push_back(*base);
    }
    const ClassEntity& klass = entities_.classes[c];
    for (const std::uint32_t base : bases) {
      depth_[c] = std::max<std::uint32_t>(depth_[c], depth_[base] + 1);
      builder_.add_edge(RelType::Inherits, klass.id, entities_.classes[base].id);
      builder_.add_list_item(klass.id, base_classes_column_,
                             written_name(klass, entities_.classes[base]));
    }
  }

  // A class visited before `visit`: from the same module when the draw
  // allows, else heavy-tailed over the visiting order.
  std::optional<std::uint32_t> pick_base(std::uint32_t c, std::uint32_t visit) {
    const ModuleEntity& module = entities_.modules[entities_.classes[c].module];
    if (module.class_count > 1 && random_.percent(60)) {
      const std::uint32_t local = module.first_class + random_.below32(module.class_count);
      if (position_[local] < visit) return local;
    }
    if (visit == 0) return std::nullopt;
    return order_[random_.zipf(visit)];
  }

  // How the base is spelled in the class statement: its bare name when it
  // is in the same module or imported by name, else module.Name.
  std::string written_name(const ClassEntity& klass, const ClassEntity& base) {
    if (base.module == klass.module || random_.percent(50)) return base.name;
    return entities_.modules[base.module].name + "." + base.name;
  }

  GraphBuilder& builder_;
  const CodeEntities& entities_;
  Random random_;
  const std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> position_;
  std::vector<std::uint32_t> depth_;
  const std::size_t base_classes_column_ = column_of(Label::Class, "base_classes");
};

}  // namespace

void add_inheritance(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed) {
  InheritanceWriter(builder, entities, seed).run();
}

}  // namespace trellis::bench
