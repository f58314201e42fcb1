// The nodes of a scan that can be among the k with the most one-hop
// relationships, found in a tight loop over CSR offsets: the pre-filter of a
// NodeScan that feeds "count the hops of each node, ORDER BY that count DESC
// LIMIT k" (the planner's top-degree rewrite). The rows after the scan still
// count, group and sort; they only see fewer nodes, every one that can reach
// the top k (ties with the k-th best included), in the scan's order.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "binder/bound_query.hpp"
#include "executor/exec_context.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

struct TopDegreeSpec {
  std::vector<RelType> types;  // never empty
  Direction direction = Direction::Out;
  // A node without one of these labels counts 0 (a COUNT { } pattern's own labels); empty: any.
  std::vector<Label> near_labels;
  std::size_t keep = 0;     // k: SKIP + LIMIT
  bool zero_rows = false;   // a node of degree 0 is a row too (COUNT { }); otherwise it is none
  // How many nodes one group may merge: 1 when groups are nodes; the number
  // of scanned labels when groups are qualified names (unique per label).
  std::size_t group_width = 1;
  std::string text;  // the counted hop as EXPLAIN shows it
};

// Matches of the hop from `node` over `types`: its range lengths (undirected,
// a self loop once).
std::int64_t hop_degree(const GraphStore& store, NodeId node, std::span<const RelType> types, Direction direction);
// The same counting only the neighbours inside `into` (the id ranges of the
// far end's labels: neighbours are sorted by id, so two binary searches a range).
std::int64_t hop_degree_into(const GraphStore& store, NodeId node, std::span<const RelType> types, Direction direction,
                             std::span<const NodeRange> into);
// Whether `rel` is one of the matches hop_degree (hop_degree_into, with
// `into` not empty) counts for the hop from `node`: the hop's count of the
// relationships a pattern has not used yet is that count minus the used
// ones it reads (relationship uniqueness).
bool hop_reads(const RelRef& rel, NodeId node, std::span<const RelType> types, Direction direction,
               std::span<const NodeRange> into);
// The id ranges of `labels`' nodes (empty: every node), for hop_degree_into.
std::vector<NodeRange> label_ranges(const GraphStore& store, std::span<const Label> labels);

// The nodes of `ranges` (scan order: range by range, ids ascending) whose
// group can be among the best `spec.keep` by count: with the m-th largest
// node degree T (m = keep * group_width), every node of degree at least
// T / group_width, and with group_width > 1 every other scanned node of the
// same qualified name. A group outside counts less than T, which at least k
// groups reach. Everything (that is a row) when fewer than m nodes are rows.
// The degrees are counted in blocks of the ranges on TBB's workers (each
// block keeps its own m largest; the m-th largest of their union is T), so
// the answer does not depend on the number of threads. Each block first
// asks ctx.must_stop(); once one says yes the rest are skipped and the
// query stops with its TIMEOUT error (a timeout or a cancel).
std::vector<NodeId> top_degree_candidates(const ExecContext& ctx, std::span<const NodeRange> ranges,
                                          const TopDegreeSpec& spec);

}  // namespace trellis::cypher
