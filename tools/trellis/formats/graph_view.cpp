#include "trellis/formats/graph_view.hpp"

#include "trellis/store/for_each_edge.hpp"

namespace trellis::formats {

GraphView GraphView::whole(const GraphStore& store) {
  GraphView view;
  view.store = &store;
  view.nodes.reserve(store.node_count());
  for (NodeId node = 0; node < store.node_count(); ++node) view.nodes.push_back(node);
  view.edges.reserve(store.edge_count());
  for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
    view.edges.push_back({type, source, target, edge});
  });
  return view;
}

GraphView GraphView::of(const GraphStore& store, queries::Subgraph subgraph) {
  return {&store, std::move(subgraph.nodes), std::move(subgraph.edges), std::move(subgraph.omitted)};
}

}  // namespace trellis::formats
