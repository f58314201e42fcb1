// TraversalScratch: marks across the 56-node words, parents, and reuse over
// many traversals, including the epoch wrapping around.
#include <doctest/doctest.h>

#include <vector>

#include "trellis/queries/traversal_scratch.hpp"

using namespace trellis;
using namespace trellis::queries;

TEST_CASE("a node is marked once per traversal, on either side of a word boundary") {
  TraversalScratch scratch;
  scratch.begin(200);
  for (const NodeId node : {NodeId{0}, NodeId{55}, NodeId{56}, NodeId{111}, NodeId{112}, NodeId{199}}) {
    CHECK_FALSE(scratch.visited(node));
    CHECK(scratch.mark(node));
    CHECK(scratch.visited(node));
    CHECK_FALSE(scratch.mark(node));
  }
  // Neighbours of marked nodes stay clear.
  for (const NodeId node : {NodeId{1}, NodeId{54}, NodeId{57}, NodeId{110}, NodeId{113}, NodeId{198}}) {
    CHECK_FALSE(scratch.visited(node));
  }
}

TEST_CASE("visit records the parent; a second visit keeps the first one") {
  TraversalScratch scratch;
  scratch.begin(10);
  CHECK(scratch.visit(3, kNoNode));
  CHECK(scratch.visit(7, 3));
  CHECK_FALSE(scratch.visit(7, 5));
  CHECK(scratch.parent(3) == kNoNode);
  CHECK(scratch.parent(7) == 3);
}

TEST_CASE("every traversal starts clear, across 600 traversals and the epoch's wrap") {
  TraversalScratch scratch;
  const std::vector<NodeId> nodes{0, 55, 56, 500, 999};
  for (int traversal = 0; traversal < 600; ++traversal) {
    scratch.begin(1000);
    // Mark a different subset each time, so a stale word would show.
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      CHECK_FALSE(scratch.visited(nodes[i]));
      if ((traversal + static_cast<int>(i)) % 2 == 0) CHECK(scratch.mark(nodes[i]));
    }
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      CHECK(scratch.visited(nodes[i]) == ((traversal + static_cast<int>(i)) % 2 == 0));
    }
  }
}

TEST_CASE("a larger store after a smaller one starts clear too") {
  TraversalScratch scratch;
  scratch.begin(60);
  CHECK(scratch.mark(59));
  scratch.begin(5000);
  CHECK_FALSE(scratch.visited(59));
  CHECK(scratch.mark(4999));
  CHECK(scratch.visited(4999));
  CHECK_FALSE(scratch.visited(4998));
}
