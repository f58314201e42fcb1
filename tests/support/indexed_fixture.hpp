// A fixture repository under tests/fixtures/, indexed through the whole
// pipeline (discovery, every frontend, resolution, the store) in memory,
// with the lookups resolution tests assert on.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/ingest/index_repository.hpp"
#include "support/name_list_printer.hpp"

namespace trellis::test {

class IndexedFixture {
 public:
  // Indexes tests/fixtures/<path> with `jobs` threads; throws if it cannot.
  explicit IndexedFixture(const std::string& path, unsigned jobs = 2);

  const GraphStore& store() const { return result_.store; }
  const ingest::IndexReport& report() const { return result_.report; }

  // The node with this qualified name and label; fails the test when there is none.
  NodeId node(Label label, std::string_view qualified_name) const;
  // The node with this qualified name (the last of several labels).
  NodeId node(std::string_view qualified_name) const;
  // "target call_type line" of every CALLS edge from `from`, sorted.
  std::vector<std::string> calls(std::string_view from) const;
  // Qualified names of every `type` target of `from`, sorted, without repeats.
  std::vector<std::string> targets(RelType type, std::string_view from) const;
  // What a Module imports, sorted (a Java or C# file's Module shares its
  // qualified name with its public type: `targets` would read the type's).
  std::vector<std::string> module_imports(std::string_view module) const;
  // The text of each unresolved call site of `from`, sorted.
  std::vector<std::string> unresolved(std::string_view from) const;
  // A string, integer or boolean property as text ("" when null).
  std::string property(std::string_view qualified_name, std::string_view property) const;
  std::vector<std::string> list_property(std::string_view qualified_name, std::string_view property) const;
  // Qualified names of every node with `label`, sorted.
  std::vector<std::string> names(Label label) const;

 private:
  ingest::IndexResult result_;
};

}  // namespace trellis::test
