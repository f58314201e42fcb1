#include "trellis/queries/node_fields.hpp"

#include <algorithm>

namespace trellis::queries {
namespace {

constexpr std::string_view kLocation[] = {"file_path", "line_start", "line_end"};

bool is_location(std::string_view property) {
  return std::find(std::begin(kLocation), std::end(kLocation), property) != std::end(kLocation);
}

}  // namespace

bool is_lean_property(Label label, std::string_view property) {
  if (is_location(property)) return true;
  // Nodes without a file (a Project, a Package) are placed by their path.
  return property == "path" && !property_index(label, "file_path");
}

bool NodeFields::includes(Label label, std::string_view property) const {
  return all || is_lean_property(label, property) || std::find(extra.begin(), extra.end(), property) != extra.end();
}

NodeFields NodeFields::from_choices(const std::vector<std::string>& choices) {
  NodeFields fields;
  for (const std::string& choice : choices) {
    if (choice == "all") {
      fields.all = true;
    } else {
      fields.extra.push_back(choice);
    }
  }
  return fields;
}

std::span<const std::string_view> node_field_choices() {
  static const std::vector<std::string_view> choices = [] {
    std::vector<std::string_view> out{"all"};
    for (const LabelDef& label : all_labels()) {
      for (const PropertyDef& property : label.properties) {
        if (is_location(property.name)) continue;
        if (std::find(out.begin(), out.end(), property.name) == out.end()) out.push_back(property.name);
      }
    }
    return out;
  }();
  return choices;
}

}  // namespace trellis::queries
