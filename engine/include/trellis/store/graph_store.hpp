// GraphStore: the immutable, columnar property graph every query reads.
//
// Nodes are dense ids grouped by label; each label has typed columns
// (schema.hpp). Each relationship type has forward and reverse CSR
// adjacency. Strings are interned once for the whole graph. A GraphStore is
// built by GraphBuilder or loaded from a snapshot; it is never modified, so
// any number of threads may read it at once. Copies share the arrays.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/store/ids.hpp"
#include "trellis/store/memory_report.hpp"
#include "trellis/store/property_value.hpp"
#include "trellis/store/schema.hpp"
#include "trellis/store/store_parts.hpp"
#include "trellis/store/unresolved_reason.hpp"

namespace trellis {

struct NodeRange {
  NodeId begin = 0;
  NodeId end = 0;
  std::size_t size() const { return end - begin; }
  bool contains(NodeId id) const { return id >= begin && id < end; }
};

class GraphStore {
 public:
  GraphStore();  // the empty graph
  explicit GraphStore(StoreParts parts);

  std::size_t node_count() const { return parts_.name.size(); }
  std::size_t node_count(Label label) const { return nodes(label).size(); }
  std::size_t edge_count() const;
  std::size_t edge_count(RelType type) const { return rel(type).forward.edge_count(); }

  // Edges of `type` from a node of `sources` to a node of `targets`. A
  // difference of CSR offsets when either range holds every node; else one
  // binary search in the sorted neighbours of each node of the smaller range.
  std::size_t edge_count(RelType type, NodeRange sources, NodeRange targets) const;
  // Edges of `type` from a node of `nodes` to itself (parallel loops each
  // count): one binary search per node of `nodes` with edges of `type`.
  std::size_t self_loop_count(RelType type, NodeRange nodes) const;
  // Every node id, as one range.
  NodeRange all_nodes() const { return {0, static_cast<NodeId>(node_count())}; }

  NodeRange nodes(Label label) const {
    return {parts_.label_begin[index_of(label)], parts_.label_begin[index_of(label) + 1]};
  }
  // Inline: query operators ask it for every row (a few compares over label_begin).
  Label label(NodeId node) const {
    std::size_t l = 0;
    while (l + 1 < kLabelCount && node >= parts_.label_begin[l + 1]) ++l;
    return static_cast<Label>(l);
  }
  // The node's row in its label's columns.
  std::size_t row(NodeId node) const { return node - parts_.label_begin[index_of(label(node))]; }

  std::string_view name(NodeId node) const { return parts_.strings.get(parts_.name[node]); }
  std::string qualified_name(NodeId node) const;
  void append_qualified_name(NodeId node, std::string& out) const;
  bool qualified_name_equals(NodeId node, std::string_view text) const;

  // Exact lookup by (label, qualified_name); nullopt when absent.
  std::optional<NodeId> find(Label label, std::string_view qualified_name) const;
  // Every node whose qualified_name is `text` (at most one per label), in id order.
  std::vector<NodeId> find_all(std::string_view qualified_name) const;
  // Whether more than one node has `qualified_name` (nodes of different labels).
  bool qualified_name_shared(std::string_view qualified_name) const;
  // Whether another node has the qualified name of `node` (a Package and its
  // __init__ Module do). The first call marks every such node in two linear
  // passes over the nodes (a few ms per million, store/shared_names.hpp);
  // later calls test one bit. Safe from any number of threads.
  bool qualified_name_shared(NodeId node) const;
  // Nodes whose short name is `name`, in id order (empty when none).
  std::span<const NodeId> nodes_named(std::string_view name) const;
  // Distinct short names in text order (for prefix search and suggestions).
  std::span<const StringId> sorted_names() const { return parts_.sorted_names.span(); }

  // Neighbours over one relationship type, sorted by id (parallel edges repeat).
  std::span<const NodeId> out(RelType type, NodeId node) const {
    return rel(type).forward.neighbors(node);
  }
  std::span<const NodeId> in(RelType type, NodeId node) const {
    return rel(type).reverse.neighbors(node);
  }
  const Csr& forward(RelType type) const { return rel(type).forward; }
  const Csr& reverse(RelType type) const { return rel(type).reverse; }
  // EdgePos of out(type, node)[i], for edge_property().
  EdgePos out_edge_position(RelType type, NodeId node, std::size_t i) const {
    return rel(type).forward.first_position(node) + static_cast<EdgePos>(i);
  }
  // EdgePos of the edge in(type, node)[i] -> node.
  EdgePos in_edge_position(RelType type, NodeId node, std::size_t i) const {
    return forward_position(rel(type).forward, rel(type).reverse, node, i);
  }

  // Property `column` (index into the label's schema properties) of `node`.
  PropertyValue property(NodeId node, std::size_t column) const;
  // By name: "name" or a schema property; null when the label has no such
  // property. (qualified_name is built text: use qualified_name().)
  PropertyValue property(NodeId node, std::string_view property_name) const;
  PropertyValue edge_property(RelType type, EdgePos edge, std::size_t column) const;
  // The typed columns of `label`, one per label_def(label).properties in
  // that order; a node's values sit at row(node). For readers that write
  // many values and cannot afford a PropertyValue each (answer JSON).
  std::span<const Column> columns(Label label) const { return parts_.labels[index_of(label)].columns; }
  // The typed columns of relationship type `type`, one per
  // rel_type_def(type).properties; an edge's values sit at its EdgePos.
  std::span<const Column> edge_columns(RelType type) const { return rel(type).properties; }

  // Call sites ingest could not resolve: all of them, and those in one node.
  struct UnresolvedCall {
    std::string_view text;
    std::int32_t line;
    UnresolvedReason reason;
  };
  std::size_t unresolved_call_count() const { return parts_.unresolved_callers.size(); }
  std::size_t unresolved_call_count(NodeId caller) const;
  std::vector<UnresolvedCall> unresolved_calls(NodeId caller) const;

  // The node's stable id (store/node_id.hpp), as 16 hex digits.
  std::string node_id(NodeId node) const;
  std::uint64_t node_id_key(NodeId node) const { return parts_.node_id_keys[node]; }
  // The nodes whose node_id is `text` (one, unless two keys collide), in id
  // order; empty when `text` is no node_id of this graph.
  std::vector<NodeId> find_by_node_id(std::string_view text) const;

  const StringTable& strings() const { return parts_.strings; }
  const StoreParts& parts() const { return parts_; }

  MemoryReport memory_report() const;

 private:
  const RelTable& rel(RelType type) const { return parts_.rels[index_of(type)]; }
  PropertyValue column_value(const Column& column, std::size_t row) const;

  StoreParts parts_;
  struct SharedNames;  // qualified_name_shared(NodeId), made on first use and shared by copies
  std::shared_ptr<SharedNames> shared_names_;
};

}  // namespace trellis
