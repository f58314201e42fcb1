// Which properties a node carries in a query's answer. By default the lean
// set an agent needs to find it: label, qualified_name, name and its place
// (file_path, line_start, line_end; a Project's or Package's path); the
// answer adds its own members (depth, call_sites, ...). Other properties
// (docstring, decorators, byte offsets, ...) come when asked for by name
// (`--fields docstring,decorators`, MCP `fields`), or all of them with "all".
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/store/schema.hpp"

namespace trellis::queries {

struct NodeFields {
  bool all = false;                 // every property
  std::vector<std::string> extra;  // property names asked for beyond the lean set

  // Whether a node of `label` carries `property` (a column of its label).
  bool includes(Label label, std::string_view property) const;

  // From the choices given ("all" or property names; none: the lean set).
  static NodeFields from_choices(const std::vector<std::string>& choices);
};

// Whether `property` of `label` is in the lean set.
bool is_lean_property(Label label, std::string_view property);

// "all", then every property name of any label outside the lean set, in
// schema order: what `fields` accepts.
std::span<const std::string_view> node_field_choices();

}  // namespace trellis::queries
