// The git repository around the walked root: where its top is, and the
// ignore rules that hold at the root before the root's own .gitignore.
#pragma once

#include <string>

#include "trellis/ingest/ignore_rules.hpp"

namespace trellis::ingest {

struct RepositoryContext {
  // The repository's top directory (holding `.git`), or the root itself when
  // no directory from the root upwards holds one. Absolute, no symlinks.
  std::string top;
  // The root as a path from `top` ("" when they are the same).
  std::string root_from_top;
  // .git/info/exclude (the common one of a linked worktree), then the
  // .gitignore files of the directories from `top` down to the root's parent.
  IgnoreRules rules;
};

// Finds the repository holding `root` (absolute, without symlinks) and reads
// its ignore files. Ignore files that cannot be read are passed over: they
// lie outside the walked tree, so no warning could name them.
RepositoryContext find_repository(const std::string& root);

}  // namespace trellis::ingest
