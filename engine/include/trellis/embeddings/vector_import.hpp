// Reading vectors users bring (`trellis embeddings import FILE`, `search
// --vector`): JSON lines {"node_id": ..., "vector": [...]} (or
// "qualified_name" instead of "node_id"), one dimension for the whole file,
// checked line by line; and a query vector (a JSON array, or one line of
// numbers separated by spaces or commas).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::embeddings {

struct ImportedVector {
  NodeId node = kNoNode;
  std::vector<float> vector;
};

struct LineError {
  std::size_t line = 0;  // 1-based
  std::string message;   // "unknown node_id 00ff...", "vector has 3 numbers, expected 64 (line 1's)", ...
};

struct ParsedVectors {
  std::size_t dimension = 0;  // the first vector's size
  std::vector<ImportedVector> vectors;
  std::vector<LineError> errors;  // every line that was refused, in order
};

// Each non-blank line of `text`: a JSON object with "vector" (an array of
// at least one finite number) and "node_id" (16 hex digits of a node of
// `store`) or "qualified_name" (exactly one node's); a line naming a node
// an earlier line named replaces it.
ParsedVectors parse_vector_lines(const GraphStore& store, std::string_view text);

// A query vector: INVALID_ARGUMENT saying what is wrong when `text` is not
// a JSON array of numbers or one line of numbers.
Result<std::vector<float>> parse_query_vector(std::string_view text);

}  // namespace trellis::embeddings
