// Keeping a graph's embeddings (embeddings/vector_store.hpp) in step with
// it: after an index, vectors of nodes that are gone are dropped; with an
// embed command, the definitions whose text (embeddings/embedding_text.hpp)
// changed since their vector was made are embedded again by the user's
// program: it reads JSON lines {"node_id", "text"} on stdin and writes one
// vector per line on stdout, in the same order (a JSON array, {"vector": [...]},
// or numbers separated by spaces or commas). `/bin/sh -c CMD` runs it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/database.hpp"
#include "trellis/output/json.hpp"

namespace trellis::cli {

struct EmbeddingUpdate {
  std::size_t embedded = 0;   // texts the command embedded
  std::size_t unchanged = 0;  // vectors kept: their text did not change
  std::size_t removed = 0;    // vectors dropped: their node is gone
  std::size_t vectors = 0;    // vectors stored now
  std::size_t dimension = 0;
  output::Json json() const;
  std::string text() const;
};

// Drops the vectors of nodes `database` no longer has and, with a command,
// embeds the definitions whose text changed; saves the vectors and their
// ANN graph when anything changed. Without a vectors file and a command,
// does nothing (nullopt).
Result<std::optional<EmbeddingUpdate>> update_embeddings(const Database& database,
                                                         const std::optional<std::string>& command,
                                                         std::size_t max_chars);

// Runs `command` with /bin/sh, `input` on its stdin; its stdout, or
// INVALID_ARGUMENT when it cannot be started or exits with a failure.
Result<std::string> run_filter_command(const std::string& command, const std::string& input);

}  // namespace trellis::cli
