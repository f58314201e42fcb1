// A `label` parameter's choices: "any" or one of the schema's labels.
#pragma once

#include <optional>
#include <string_view>

#include "trellis/store/schema.hpp"

namespace trellis::mcp {

inline constexpr std::string_view kLabelChoices[] = {"any",   "Project",  "Package", "ExternalPackage", "Module",
                                                     "Interface", "Class", "Function", "Method"};

// nullopt for "any".
inline std::optional<Label> label_choice(std::string_view choice) {
  return choice == "any" ? std::nullopt : label_from_string(choice);
}

}  // namespace trellis::mcp
