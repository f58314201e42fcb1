// Label tests written in a WHERE clause rather than in the pattern
// (`WHERE f:Function OR f:Method`, `'Method' IN labels(f)`,
// `labels(f)[0] IN ['Function', 'Method']`): the planner moves them into the
// node pattern, where they choose the scan and its start as `(f:Function|Method)`
// does, so every spelling of one question gets the same plan.
#pragma once

#include <optional>
#include <vector>

#include "binder/bound_query.hpp"

namespace trellis::cypher {

struct LabelTest {
  Slot slot = kNoSlot;        // the node variable tested
  std::vector<Label> labels;  // it has one of these (never empty)
};

// The test `conjunct` is, when it is exactly "the node variable has one of
// these labels" (every node has one label); nullopt for anything else.
std::optional<LabelTest> label_test(const Expr& conjunct);

}  // namespace trellis::cypher
