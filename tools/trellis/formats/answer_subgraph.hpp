// The picture of a structural answer (`trellis query callers X --format
// dot|mermaid`) and of a Cypher result (`trellis export --cypher QUERY`),
// as the subgraph every picture format writes (graph_view.hpp).
#pragma once

#include <optional>

#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/queries/subgraph.hpp"

namespace trellis::formats {

// Whether answers of `kind` are graphs: callers, callees, call-graph and
// path (CALLS), hierarchy and implementations (INHERITS, IMPLEMENTS),
// dependencies (IMPORTS, CALLS).
bool answer_is_graph(queries::QueryKind kind);

// The answer's nodes (its subject first) with the edges of its
// relationship types among them (a path: only its steps); nullopt when
// answers of its kind are not graphs.
std::optional<queries::Subgraph> answer_subgraph(const GraphStore& store, const queries::QueryAnswer& answer);

// The nodes and relationships a Cypher result holds anywhere in its rows
// (in lists, maps and paths too; a relationship brings its two ends), in
// the order first met, at most max_nodes nodes: the relationships of the
// others are left out and omitted_total counts them.
queries::Subgraph cypher_subgraph(const GraphStore& store, const cypher::CypherResult& result, std::size_t max_nodes);

}  // namespace trellis::formats
