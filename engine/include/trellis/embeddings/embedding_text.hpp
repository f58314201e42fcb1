// The text to embed for each definition (`trellis embeddings export`, and
// what --embed-command is given): its source lines from the indexed tree —
// signature, docstring and body — cut at a line end once max_chars are
// reached (the first line is cut at max_chars). A definition whose file
// cannot be read is described by its qualified name and docstring instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/queries/source_reader.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::embeddings {

inline constexpr std::size_t kDefaultMaxChars = 2000;

struct NodeText {
  NodeId node = kNoNode;
  std::string text;
};

// Every Class, Interface, Function and Method, in node id order.
std::vector<NodeText> embedding_texts(const GraphStore& store, const queries::SourceReader& sources,
                                      std::size_t max_chars = kDefaultMaxChars);

// The hash a VectorStore keeps of the text a vector was made from.
std::uint64_t text_hash(std::string_view text);

}  // namespace trellis::embeddings
