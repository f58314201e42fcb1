// The analytic questions of issue 21, each in every Trellis spelling, one
// Kùzu spelling and one DuckDB spelling (SQL over the `nodes` and `edges`
// tables of duckdb_session.mjs, written as a DuckDB user would: joins,
// GROUP BY, and var-length reach as a recursive CTE whose UNION keeps each
// (node, depth) once). `perTarget` questions run once per target with
// $q = its qualified name; `cycle` asks Trellis whether the target lies on
// a cycle within the bound (analytic.mjs explains Kùzu's one-lower count
// with it: SHORTEST leaves the start node out).
const TOP = "RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn LIMIT 10";
const TOP_COUNT = "RETURN f.qualified_name AS qn, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC, qn LIMIT 10";

const reach = (depth) => ({
  cycle: `MATCH (f) WHERE f.qualified_name = $q RETURN exists((f)-[:CALLS*1..${depth}]->(f)) AS on_cycle`,
  trellis: [[`*1..${depth}`, `MATCH (c)-[:CALLS*1..${depth}]->(f) WHERE f.qualified_name = $q RETURN count(DISTINCT c) AS n`]],
  kuzu: `MATCH (c:Node)-[:CALLS* SHORTEST 1..${depth}]->(f:Node) WHERE f.qualified_name = $q RETURN count(DISTINCT c) AS n`,
  duckdb: `WITH RECURSIVE callers(id, depth) AS (
      SELECT e.src, 1 FROM edges e JOIN nodes f ON f.id = e.dst
      WHERE e.type = 'CALLS' AND f.qualified_name = $q
      UNION
      SELECT e.src, c.depth + 1 FROM callers c JOIN edges e ON e.dst = c.id
      WHERE e.type = 'CALLS' AND c.depth < ${depth})
    SELECT count(DISTINCT id) AS n FROM callers`,
  perTarget: true,
});

export const QUESTIONS = {
  top10_in_degree: {
    trellis: [
      ["label in WHERE", `MATCH ()-[:CALLS]->(f) WHERE f:Function OR f:Method ${TOP}`],
      ["label in pattern", `MATCH ()-[:CALLS]->(f:Function|Method) ${TOP}`],
      ["labels(f) in a list", `MATCH ()-[:CALLS]->(f) WHERE labels(f)[0] IN ['Function', 'Method'] ${TOP}`],
      ["COUNT {}", `MATCH (f) WHERE f:Function OR f:Method ${TOP_COUNT}`],
    ],
    kuzu: `MATCH (:Node)-[:CALLS]->(f:Node) WHERE f.label IN ['Function', 'Method'] ${TOP}`,
    duckdb: `SELECT f.qualified_name AS qn, count(*) AS c
      FROM edges e JOIN nodes f ON f.id = e.dst
      WHERE e.type = 'CALLS' AND f.label IN ('Function', 'Method')
      GROUP BY f.qualified_name ORDER BY c DESC, qn LIMIT 10`,
  },
  calls_count: {
    trellis: [["", "MATCH (a)-[:CALLS]->(b) RETURN count(*) AS n"]],
    kuzu: "MATCH (a:Node)-[:CALLS]->(b:Node) RETURN count(*) AS n",
    duckdb: "SELECT count(*) AS n FROM edges WHERE type = 'CALLS'",
  },
  class_count: {
    trellis: [["", "MATCH (c:Class) RETURN count(*) AS n"]],
    kuzu: "MATCH (c:Node) WHERE c.label = 'Class' RETURN count(*) AS n",
    duckdb: "SELECT count(*) AS n FROM nodes WHERE label = 'Class'",
  },
  reach_distinct_d5: reach(5),
  reach_distinct_d3: reach(3),
  // Shapes no rewrite targets: the plain scan, expand, filter, group and sort operators.
  calls_by_file: {
    trellis: [["", "MATCH (a)-[:CALLS]->(b) RETURN b.file_path AS p, count(*) AS c ORDER BY c DESC, p LIMIT 10"]],
    kuzu: "MATCH (a:Node)-[:CALLS]->(b:Node) RETURN b.file_path AS p, count(*) AS c ORDER BY c DESC, p LIMIT 10",
    duckdb: `SELECT b.file_path AS p, count(*) AS c FROM edges e JOIN nodes b ON b.id = e.dst
      WHERE e.type = 'CALLS' GROUP BY b.file_path ORDER BY c DESC, p LIMIT 10`,
  },
  function_names: {
    trellis: [["", "MATCH (f:Function) RETURN f.name AS n, count(*) AS c ORDER BY c DESC, n LIMIT 10"]],
    kuzu: "MATCH (f:Node) WHERE f.label = 'Function' RETURN f.name AS n, count(*) AS c ORDER BY c DESC, n LIMIT 10",
    duckdb: "SELECT name AS n, count(*) AS c FROM nodes WHERE label = 'Function' GROUP BY name ORDER BY c DESC, n LIMIT 10",
  },
  distinct_callees: {
    trellis: [["", "MATCH (a)-[:CALLS]->(b) RETURN count(DISTINCT b) AS n"]],
    kuzu: "MATCH (a:Node)-[:CALLS]->(b:Node) RETURN count(DISTINCT b.id) AS n",
    duckdb: "SELECT count(DISTINCT dst) AS n FROM edges WHERE type = 'CALLS'",
  },
  // Shapes added with issue 21's later steps: keys read off a label or a
  // relationship's type, and a WITH's WHERE over the groups (SQL's HAVING).
  nodes_by_label: {
    trellis: [
      ["labels(n)[0]", "MATCH (n) RETURN labels(n)[0] AS l, count(*) AS c ORDER BY c DESC, l"],
      ["head(labels(n))", "MATCH (n) RETURN head(labels(n)) AS l, count(*) AS c ORDER BY c DESC, l"],
    ],
    kuzu: "MATCH (n:Node) RETURN n.label AS l, count(*) AS c ORDER BY c DESC, l",
    duckdb: "SELECT label AS l, count(*) AS c FROM nodes GROUP BY label ORDER BY c DESC, l",
  },
  rels_by_type: {
    trellis: [["", "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c ORDER BY c DESC, t"]],
    kuzu: "MATCH ()-[r]->() RETURN label(r) AS t, count(*) AS c ORDER BY c DESC, t",
    duckdb: "SELECT type AS t, count(*) AS c FROM edges GROUP BY type ORDER BY c DESC, t",
  },
  busy_files: {
    trellis: [["", "MATCH (f:Function) WITH f.file_path AS p, count(*) AS c WHERE c > 10 RETURN count(*) AS n, max(c) AS m"]],
    kuzu: "MATCH (f:Node) WHERE f.label = 'Function' WITH f.file_path AS p, count(*) AS c WHERE c > 10 RETURN count(*) AS n, max(c) AS m",
    duckdb: `SELECT count(*) AS n, max(c) AS m FROM (SELECT file_path, count(*) AS c FROM nodes
      WHERE label = 'Function' GROUP BY file_path HAVING count(*) > 10)`,
  },
  longest_methods: {
    trellis: [["", "MATCH (m:Method) WHERE m.line_start > 100 RETURN m.qualified_name AS q, m.line_end - m.line_start AS n ORDER BY n DESC, q LIMIT 10"]],
    kuzu: "MATCH (m:Node) WHERE m.label = 'Method' AND m.line_start > 100 RETURN m.qualified_name AS q, m.line_end - m.line_start AS n ORDER BY n DESC, q LIMIT 10",
    duckdb: `SELECT qualified_name AS q, line_end - line_start AS n FROM nodes
      WHERE label = 'Method' AND line_start > 100 ORDER BY n DESC, q LIMIT 10`,
  },
};
