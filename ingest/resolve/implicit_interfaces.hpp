// Interfaces satisfied implicitly (Go): a type implements every interface
// whose method set its own includes, methods promoted from embedded types
// and embedded interfaces counted. Methods match by name (Go has no
// overloads); an interface without methods (`interface{}`, `any`) is left
// out, since everything implements it.
#pragma once

#include <string_view>
#include <unordered_map>
#include <vector>

#include "resolve/type_table.hpp"

namespace trellis::ingest::resolve {

class ImplicitInterfaces {
 public:
  explicit ImplicitInterfaces(const TypeTable& table);
  // IMPLEMENTS edges from `type` (a Class) to every interface it satisfies
  // and does not already declare.
  void add_edges(const TypeTable& table, TypeId type, std::vector<InheritsEdge>& out) const;

 private:
  // Every method name an interface requires, by interface.
  std::unordered_map<TypeId, std::vector<std::string_view>> required_;
  // Interfaces by one method they require (their first), to test few.
  std::unordered_map<std::string_view, std::vector<TypeId>> by_method_;
};

// The method names of `type` and its supertypes.
std::vector<std::string_view> method_set(const TypeTable& table, TypeId type);

}  // namespace trellis::ingest::resolve
