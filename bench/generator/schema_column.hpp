// Column indices of schema properties, for the GraphBuilder setters. A name
// the schema lacks is a bug in the generator, reported as std::logic_error.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "trellis/store/schema.hpp"

namespace trellis::bench {

inline std::size_t column_of(Label label, std::string_view property) {
  const auto column = property_index(label, property);
  if (!column) {
    throw std::logic_error(std::string(to_string(label)) + " has no property " +
                           std::string(property));
  }
  return *column;
}

inline std::size_t column_of(RelType type, std::string_view property) {
  const auto column = property_index(type, property);
  if (!column) {
    throw std::logic_error(std::string(to_string(type)) + " has no property " +
                           std::string(property));
  }
  return *column;
}

}  // namespace trellis::bench
