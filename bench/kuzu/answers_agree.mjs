// Whether two engines' answers for one target agree (README.md, "Answers").
// Complete answers must list the same nodes at the same depths. A
// truncated answer (a capped list, `truncated: true`) must have the same
// `total` and each of its nodes at the same depth in the other answer.
// Returns null when they agree, else a short reason.
export function disagreement(a, b, names) {
  if (a.error || b.error) return `error: ${a.error ?? b.error}`;
  if (a.total !== b.total) return `total ${a.total} vs ${b.total}`;
  const depthsB = new Map(b.nodes.map(([id, depth]) => [id, depth]));
  const depthsA = new Map(a.nodes.map(([id, depth]) => [id, depth]));
  const problems = [];
  for (const [id, depth] of a.nodes) {
    if (!depthsB.has(id)) {
      if (!b.truncated) problems.push(`${names[0]} only: ${id}@${depth}`);
    } else if (depthsB.get(id) !== depth) {
      problems.push(`depth of ${id}: ${depth} vs ${depthsB.get(id)}`);
    }
  }
  if (!a.truncated) {
    for (const [id, depth] of b.nodes) if (!depthsA.has(id)) problems.push(`${names[1]} only: ${id}@${depth}`);
  }
  if (problems.length === 0) return null;
  const shown = problems.slice(0, 5).join("; ");
  return problems.length > 5 ? `${shown}; and ${problems.length - 5} more` : shown;
}
