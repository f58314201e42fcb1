// The planner: turns one bound single query into a tree of pull operators.
//
// Each pattern part is anchored on its most selective node: one bound
// already, else one with a qualified_name equality (the store's
// (label, qualified_name) index), else a name equality (the name index),
// else the smallest label, else every node. From the anchor it expands
// along the chain over the CSR in both directions. Every WHERE conjunct
// runs right after the operator that binds the last variable it reads.
// Relationships of one MATCH are kept distinct. A MATCH whose only step
// ends at an anonymous, unconstrained node and feeds an aggregation counts
// that step with the CSR degree instead of producing its rows; one that the
// aggregation reads only through type(r) (or a lone node only through its
// labels) is counted per type (label) off the store. ORDER BY
// with LIMIT keeps only the best rows (top-k); LIMIT stops pulling early.
// A pipeline from a label scan through expansions and filters into an
// aggregation or an ORDER BY ... LIMIT runs batched (batch/batch_operators.hpp).
#pragma once

#include "binder/bound_query.hpp"
#include "executor/operator.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

// The plan of `query` (which the plan refers to and must outlive it; the
// planner moves predicates out of it).
// `batched`: pipelines of scans, expansions and filters that feed an
// aggregation or a top k run over batches (batch/); false plans the row
// operators only (the reference the differential tests compare with).
OperatorPtr plan_query(BoundSingleQuery& query, const GraphStore& store, bool batched = true);

}  // namespace trellis::cypher
