// A fixture repository under tests/fixtures/python/, extracted and resolved
// in memory, with the lookups resolution tests assert on.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/ingest/file_facts.hpp"
#include "trellis/ingest/graph_writer.hpp"
#include "trellis/ingest/program_graph.hpp"
#include "support/name_list_printer.hpp"

namespace trellis::test {

class PythonFixture {
 public:
  // Indexes tests/fixtures/python/<name> (every .py file, the folder named
  // `name`); throws if the graph cannot be written.
  explicit PythonFixture(const std::string& name);
  PythonFixture(const PythonFixture&) = delete;
  PythonFixture& operator=(const PythonFixture&) = delete;

  const GraphStore& store() const { return graph_.store; }
  const ingest::ProgramGraph& program() const { return program_; }
  const std::vector<ingest::FileFacts>& files() const { return files_; }

  // The node with this qualified name (the code node over a Package of the
  // same name); fails the test when there is none.
  NodeId node(std::string_view qualified_name) const;
  // The call_type of the first CALLS edge from -> to, or "" when there is none.
  std::string call(std::string_view from, std::string_view to) const;
  // Qualified names of every CALLS target of `from`, sorted, without repeats.
  std::vector<std::string> callees(std::string_view from) const;
  // "target call_type" of each CALLS edge from `from` made on `line`, sorted.
  std::vector<std::string> calls_at(std::string_view from, std::int64_t line) const;
  bool has_edge(RelType type, std::string_view from, std::string_view to) const;
  // Qualified names of every `type` target of `from`, sorted.
  std::vector<std::string> targets(RelType type, std::string_view from) const;
  // The text of each unresolved call site of `from`, sorted.
  std::vector<std::string> unresolved(std::string_view from) const;
  // A string or integer property of a node, as text ("" when null).
  std::string property(std::string_view qualified_name, std::string_view property) const;
  // A list property (decorators, base_classes).
  std::vector<std::string> list_property(std::string_view qualified_name, std::string_view property) const;

 private:
  std::vector<ingest::FileFacts> files_;
  ingest::ProgramGraph program_;
  BuiltGraph graph_;
};

}  // namespace trellis::test
