// One target's answer in the shared results format (README.md "Results
// JSON"): the target, how many nodes were found, and [id, depth] pairs
// sorted by id. Neither Kùzu nor the reference caps its lists.
export function answerRecord(target, nodes) {
  const sorted = [...nodes].sort((a, b) => a[0] - b[0]);
  return {
    qualified_name: target.qualified_name,
    id: target.id,
    origin: target.origin,
    total: sorted.length,
    truncated: false,
    nodes: sorted,
  };
}
