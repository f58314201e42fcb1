// Shared by the snapshot tests: a sample graph that uses every label, column
// type and relationship type, a deep comparison of two stores, and whole-file
// reads and writes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "trellis/store/graph_store.hpp"

namespace trellis::testing {

// Every label and every column type (string lists, bools, nulls included),
// CALLS with edge properties, parallel edges, a self loop, a Package and a
// Module sharing a qualified name, edges of every type; plus
// `generated_functions` more Functions calling each other.
GraphStore build_sample_graph(std::size_t generated_functions = 0);

// CHECKs that both stores hold the same nodes (label, names, properties),
// the same edge lists in both directions, and the same edge properties.
void check_same_graph(const GraphStore& expected, const GraphStore& actual);

std::string read_file(const std::filesystem::path& path);
void write_file(const std::filesystem::path& path, std::string_view bytes);

}  // namespace trellis::testing
