// The ignore lists in force in one directory, stacked in git's order of
// precedence: the directory's own .gitignore first, then its parent's, and so
// on up to the repository's top, then .git/info/exclude. The first list
// holding a matching pattern decides, so a deeper .gitignore can re-include
// ('!') what a shallower one excludes. Lists are shared between copies:
// handing the rules down to every subdirectory costs one reference count.
#pragma once

#include <memory>
#include <string_view>

#include "trellis/ingest/gitignore.hpp"

namespace trellis::ingest {

class IgnoreRules {
 public:
  IgnoreRules() = default;  // no list: nothing is excluded

  // These rules with `list` taking precedence over all of them (the
  // .gitignore of a directory below the ones already stacked).
  IgnoreRules with_innermost(IgnoreList list) const;

  // Whether `path` (a '/'-separated path from the top of the walk, inside
  // the base of every stacked list) is excluded.
  bool excludes(std::string_view path, bool is_directory) const;

 private:
  struct Layer {
    IgnoreList list;
    std::shared_ptr<const Layer> outer;
  };

  std::shared_ptr<const Layer> innermost_;
};

}  // namespace trellis::ingest
