// The out-edge and in-edge iterators of a RelationshipGraph. Both walk one
// node's list in a CSR and yield RelEdge values; both are random access.
#pragma once

#include <boost/iterator/iterator_facade.hpp>
#include <cstddef>
#include <cstdint>

#include "trellis/graph_traits/relationship_graph.hpp"
#include "trellis/store/csr.hpp"
#include "trellis/store/ids.hpp"

namespace trellis {

// Edges from `source`: positions [first_position(source), + out-degree) of
// the followed CSR. Dereferencing reads one array entry.
class OutEdgeIterator : public boost::iterator_facade<OutEdgeIterator, RelEdge,
                                                      boost::random_access_traversal_tag, RelEdge> {
 public:
  OutEdgeIterator() = default;
  OutEdgeIterator(const Csr& followed, NodeId source, std::uint32_t position)
      : targets_(followed.targets.data()), source_(source), position_(position) {}

 private:
  friend class boost::iterator_core_access;

  RelEdge dereference() const { return {source_, targets_[position_], position_}; }
  bool equal(const OutEdgeIterator& other) const { return position_ == other.position_; }
  void increment() { ++position_; }
  void decrement() { --position_; }
  void advance(std::ptrdiff_t n) { position_ = static_cast<std::uint32_t>(position_ + n); }
  std::ptrdiff_t distance_to(const OutEdgeIterator& other) const {
    return static_cast<std::ptrdiff_t>(other.position_) - static_cast<std::ptrdiff_t>(position_);
  }

  const NodeId* targets_ = nullptr;
  NodeId source_ = kNoNode;
  std::uint32_t position_ = 0;
};

// Edges into `target`: entry `index` of opposite.neighbors(target) is the
// edge's source. Dereferencing finds the edge's position in the followed
// CSR with two binary searches, so an in-edge equals the same edge met
// through out_edges(). forward_position() serves both directions: with the
// CSRs swapped it gives a forward edge's reverse position.
class InEdgeIterator : public boost::iterator_facade<InEdgeIterator, RelEdge,
                                                     boost::random_access_traversal_tag, RelEdge> {
 public:
  InEdgeIterator() = default;
  InEdgeIterator(const Csr& followed, const Csr& opposite, NodeId target, std::uint32_t index)
      : followed_(&followed),
        opposite_(&opposite),
        target_(target),
        first_(opposite.first_position(target)),
        index_(index) {}

 private:
  friend class boost::iterator_core_access;

  RelEdge dereference() const {
    return {opposite_->targets[first_ + index_], target_,
            forward_position(*followed_, *opposite_, target_, index_)};
  }
  bool equal(const InEdgeIterator& other) const { return index_ == other.index_; }
  void increment() { ++index_; }
  void decrement() { --index_; }
  void advance(std::ptrdiff_t n) { index_ = static_cast<std::uint32_t>(index_ + n); }
  std::ptrdiff_t distance_to(const InEdgeIterator& other) const {
    return static_cast<std::ptrdiff_t>(other.index_) - static_cast<std::ptrdiff_t>(index_);
  }

  const Csr* followed_ = nullptr;
  const Csr* opposite_ = nullptr;
  NodeId target_ = kNoNode;
  std::uint32_t first_ = 0;  // opposite.first_position(target)
  std::uint32_t index_ = 0;  // among opposite.neighbors(target)
};

}  // namespace trellis
