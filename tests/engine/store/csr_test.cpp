#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "trellis/store/csr.hpp"

using namespace trellis;

namespace {
std::vector<NodeId> to_vector(std::span<const NodeId> s) { return {s.begin(), s.end()}; }
}  // namespace

TEST_CASE("csr of an empty edge list has no neighbours anywhere") {
  const CsrPair pair = build_csr({}, {});
  CHECK(pair.forward.edge_count() == 0);
  CHECK(pair.forward.neighbors(0).empty());
  CHECK(pair.reverse.neighbors(12345).empty());
}

TEST_CASE("csr sorts neighbours, keeps self loops and parallel edges in both directions") {
  const std::vector<NodeId> src = {5, 3, 5, 5, 7, 3};
  const std::vector<NodeId> dst = {9, 3, 4, 9, 5, 4};
  const CsrPair pair = build_csr(src, dst);
  CHECK(to_vector(pair.forward.neighbors(5)) == std::vector<NodeId>{4, 9, 9});
  CHECK(to_vector(pair.forward.neighbors(3)) == std::vector<NodeId>{3, 4});
  CHECK(to_vector(pair.forward.neighbors(7)) == std::vector<NodeId>{5});
  CHECK(pair.forward.neighbors(4).empty());
  CHECK(pair.forward.neighbors(2).empty());   // below the range
  CHECK(pair.forward.neighbors(100).empty()); // above the range
  CHECK(to_vector(pair.reverse.neighbors(9)) == std::vector<NodeId>{5, 5});
  CHECK(to_vector(pair.reverse.neighbors(4)) == std::vector<NodeId>{3, 5});
  CHECK(to_vector(pair.reverse.neighbors(3)) == std::vector<NodeId>{3});
  // forward_order maps positions back to input edges, stable for parallel edges.
  CHECK(pair.forward_order == std::vector<std::uint32_t>{1, 5, 2, 0, 3, 4});
}

TEST_CASE("reverse edges map to the matching parallel forward edge") {
  const std::vector<NodeId> src = {1, 2, 1, 1};
  const std::vector<NodeId> dst = {8, 8, 8, 9};
  const CsrPair pair = build_csr(src, dst);
  // in(8) = {1, 1, 2}; the two 1->8 edges are input edges 0 and 2.
  const EdgePos first = forward_position(pair.forward, pair.reverse, 8, 0);
  const EdgePos second = forward_position(pair.forward, pair.reverse, 8, 1);
  const EdgePos third = forward_position(pair.forward, pair.reverse, 8, 2);
  CHECK(pair.forward_order[first] == 0);
  CHECK(pair.forward_order[second] == 2);
  CHECK(pair.forward_order[third] == 1);
}

TEST_CASE("a node with a million in-edges") {
  constexpr NodeId kSources = 1'000'000;
  std::vector<NodeId> src(kSources);
  std::vector<NodeId> dst(kSources, 0);
  for (NodeId i = 0; i < kSources; ++i) src[i] = kSources - i;  // descending input
  const CsrPair pair = build_csr(src, dst);
  const auto in = pair.reverse.neighbors(0);
  REQUIRE(in.size() == kSources);
  CHECK(in.front() == 1);
  CHECK(in.back() == kSources);
  CHECK(std::is_sorted(in.begin(), in.end()));
  CHECK(pair.forward.neighbors(kSources).size() == 1);
  CHECK(pair.forward.neighbors(kSources)[0] == 0);
}

TEST_CASE("a hub inside a block of small nodes switches that block to wide offsets") {
  // Nodes 0..199 call node 500 once each; node 70 also calls 100,000 distinct targets.
  std::vector<NodeId> src;
  std::vector<NodeId> dst;
  for (NodeId n = 0; n < 200; ++n) {
    src.push_back(n);
    dst.push_back(500);
  }
  for (NodeId k = 0; k < 100'000; ++k) {
    src.push_back(70);
    dst.push_back(1000 + k);
  }
  const CsrPair pair = build_csr(src, dst);
  CHECK_FALSE(pair.forward.wide_offsets.empty());
  CHECK(pair.forward.neighbors(69).size() == 1);
  CHECK(pair.forward.neighbors(70).size() == 100'001);
  CHECK(pair.forward.neighbors(71).size() == 1);
  CHECK(pair.forward.neighbors(199).size() == 1);
  CHECK(pair.forward.neighbors(71)[0] == 500);
  CHECK(pair.forward.first_position(71) == pair.forward.first_position(70) + 100'001);
  CHECK(pair.reverse.neighbors(500).size() == 200);
  // Offsets use about 2 bytes per node outside wide blocks.
  CHECK(pair.forward.local_offsets.size_bytes() == 2 * 201);
}

TEST_CASE("csr degree sums and the first node with neighbours read the offsets") {
  const std::vector<NodeId> src = {5, 3, 5, 5, 7, 3};
  const std::vector<NodeId> dst = {9, 3, 4, 9, 5, 4};
  const Csr& forward = build_csr(src, dst).forward;
  CHECK(forward.degree_sum(0, 100) == 6);
  CHECK(forward.degree_sum(3, 4) == 2);
  CHECK(forward.degree_sum(4, 6) == 3);
  CHECK(forward.degree_sum(4, 5) == 0);
  CHECK(forward.degree_sum(8, 100) == 0);  // above the range
  CHECK(forward.degree_sum(0, 3) == 0);    // below it
  CHECK(forward.first_with_neighbors(0, 100) == 3);
  CHECK(forward.first_with_neighbors(4, 100) == 5);
  CHECK(forward.first_with_neighbors(6, 100) == 7);
  CHECK(forward.first_with_neighbors(4, 5) == 5);    // none: the end
  CHECK(forward.first_with_neighbors(8, 100) == 100);
}
