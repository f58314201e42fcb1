// The query kinds of the comparison: for each, the targets.json list it
// reads, its answer stated as data (`reach`: relationship types, direction,
// depth, whether the start is listed at depth 0; reference.mjs computes it
// with a plain BFS) and the Cypher Kùzu runs.
//
// Every kind answers "which nodes, each at its shortest depth": the
// contract's node columns plus `depth`. Reach queries use Kùzu's
// `* SHORTEST 1..k` recursive join: one breadth-first search from the
// target that returns each reached node once, with the length of a
// shortest path, and never the target itself (its distance is 0), which
// is the Trellis semantics. (The plain form `[:CALLS*1..k]` with
// min(length(e)) enumerates every walk and must then drop the target by
// hand: 4x slower at depth 5 from a hub, README.md.) Targets are found by `id`, the
// primary key, except in *_by_name, which finds them by qualified_name the
// way users name them (a scan: Kùzu has no secondary index).
const NODE =
  "c.id AS id, c.label AS label, c.qualified_name AS qualified_name, c.name AS name, " +
  "c.file_path AS file_path, c.line_start AS line_start, c.line_end AS line_end";
const BY_ID = "(t:Node {id: $id})";
const BY_NAME = "(t:Node {qualified_name: $qualified_name, label: $label})";
const CALLS = ["CALLS"];
const HIERARCHY = ["INHERITS", "IMPLEMENTS"];

function shortestCypher({ rels, direction, depth, start }, lookup) {
  const [left, right] = direction === "in" ? ["<-", "-"] : ["-", "->"];
  const source = lookup === "qualified_name" ? BY_NAME : BY_ID;
  const pattern = `${left}[e:${rels.join("|")}* SHORTEST 1..${depth}]${right}`;
  const reached = `MATCH ${source}${pattern}(c:Node) RETURN ${NODE}, length(e) AS depth`;
  return start ? `${reached} UNION ALL MATCH (c:Node {id: $id}) RETURN ${NODE}, 0 AS depth` : reached;
}

function kind(name, targets, description, reach, lookup = "id") {
  return { name, targets, description, lookup, reach, cypher: shortestCypher(reach, lookup) };
}

export const QUERY_KINDS = [
  {
    name: "callers_d1",
    targets: "callers",
    description: "distinct direct callers (recursion left out)",
    lookup: "id",
    reach: { rels: CALLS, direction: "in", depth: 1 },
    cypher: `MATCH ${BY_ID}<-[:CALLS]-(c:Node) WHERE c.id <> $id RETURN DISTINCT ${NODE}, 1 AS depth`,
  },
  kind("callers_d3", "callers", "callers within 3 CALLS steps", { rels: CALLS, direction: "in", depth: 3 }),
  kind(
    "callers_d3_by_name",
    "callers",
    "callers within 3 steps, target found by qualified_name (a table scan in Kùzu)",
    { rels: CALLS, direction: "in", depth: 3 },
    "qualified_name",
  ),
  kind("callers_d5", "callers", "callers within 5 CALLS steps", { rels: CALLS, direction: "in", depth: 5 }),
  kind("callees_d3", "callees", "callees within 3 CALLS steps", { rels: CALLS, direction: "out", depth: 3 }),
  kind("call_graph_d3", "call_graph", "call graph nodes: the entry (depth 0) and its callees within 3 steps", {
    rels: CALLS,
    direction: "out",
    depth: 3,
    start: true,
  }),
  kind("hierarchy_up", "hierarchy", "ancestors over INHERITS|IMPLEMENTS forward, up to 10 steps", {
    rels: HIERARCHY,
    direction: "out",
    depth: 10,
  }),
  kind("hierarchy_down", "hierarchy", "descendants over INHERITS|IMPLEMENTS backward, up to 10 steps", {
    rels: HIERARCHY,
    direction: "in",
    depth: 10,
  }),
  kind(
    "implementations_indirect",
    "implementations",
    "direct and indirect subclasses and implementers (30 steps: Kùzu's recursion limit)",
    { rels: HIERARCHY, direction: "in", depth: 30 },
  ),
];
