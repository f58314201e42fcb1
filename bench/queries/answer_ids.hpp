// One query answer reduced to what two engines can be checked on
// (bench/kuzu/README.md "Results JSON"): how many nodes the query found,
// whether the list is capped, and the listed nodes as [id, depth] pairs
// sorted by id. Ids are the store's node ids, which are the CSV ids.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "queries/query_workloads.hpp"
#include "trellis/queries/query_catalog.hpp"

namespace trellis::bench {

struct AnswerIds {
  std::size_t total = 0;
  bool truncated = false;
  std::vector<std::pair<NodeId, int>> nodes;
};

AnswerIds answer_ids(const queries::QueryAnswer& answer, AnswerList list);

}  // namespace trellis::bench
