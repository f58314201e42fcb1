#include "trellis/store/column.hpp"

namespace trellis {

ValueType column_type(const Column& column) {
  static constexpr ValueType kTypes[] = {ValueType::Int, ValueType::Bool, ValueType::String,
                                         ValueType::StringList};
  return kTypes[column.index()];
}

std::size_t column_bytes(const Column& column) {
  struct Bytes {
    std::size_t operator()(const IntColumn& c) const { return c.values.size_bytes(); }
    std::size_t operator()(const BoolColumn& c) const { return c.values.size_bytes(); }
    std::size_t operator()(const StringColumn& c) const { return c.values.size_bytes(); }
    std::size_t operator()(const StringListColumn& c) const {
      return c.offsets.size_bytes() + c.items.size_bytes();
    }
  };
  return std::visit(Bytes{}, column);
}

}  // namespace trellis
