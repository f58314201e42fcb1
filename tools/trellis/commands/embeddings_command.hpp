// `trellis embeddings import FILE [--replace] | export [--out FILE]
// [--max-chars N] | update --embed-command CMD [--max-chars N]`: the
// vectors `trellis search --vector` searches, kept beside the snapshot
// (embeddings/vector_store.hpp). import reads JSON lines {"node_id" |
// "qualified_name", "vector"}; export writes JSON lines {node_id,
// qualified_name, label, text} with the text to embed per definition;
// update runs an embedder on the definitions whose text changed
// (embedding_update.hpp).
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_embeddings_command(CLI::App& parent);

}  // namespace trellis::cli
