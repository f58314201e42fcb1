// The comments right before a node among its siblings, kept up to date as a
// pre-order cursor walk goes. ts_node_prev_sibling finds them one at a time,
// and each call walks down from the root and along every earlier sibling:
// for the doc comments of a class's members that is quadratic in them.
#pragma once

#include <tree_sitter/api.h>

#include <cstddef>
#include <span>
#include <vector>

namespace trellis::ingest {

class SiblingComments {
 public:
  // The walk went to the first child of the node it was on.
  void descend() {
    if (++depth_ == runs_.size()) runs_.emplace_back();
    runs_[depth_].clear();
  }
  // The walk leaves `node` (for its next sibling or its parent).
  void leave(TSNode node, bool is_comment) {
    std::vector<TSNode>& run = runs_[depth_];
    if (is_comment) {
      run.push_back(node);
    } else {
      run.clear();
    }
  }
  // The walk went back up to the parent.
  void ascend() { --depth_; }
  // The earlier siblings of the node being entered that are comments, from
  // the nearest non-comment one (excluded) on, in source order.
  std::span<const TSNode> before() const { return runs_[depth_]; }

 private:
  std::vector<std::vector<TSNode>> runs_{1};  // per depth
  std::size_t depth_ = 0;
};

}  // namespace trellis::ingest
