// The differential Cypher corpus: query templates written once, rendered
// in Trellis's schema (a label per node kind) and in the Kùzu schema of
// kuzu_load.mjs (one Node table with a `label` column). Each template reads
// the targets of one targets.json kind and is instantiated per target, so
// the corpus grows with --targets; `global` templates run once.
//
// Every returned column is aliased and scalar, so rows compare as plain
// values. `ordered` templates compare row order too (their ORDER BY keys
// are total); the others compare rows as multisets.
//
// Two known differences between the engines are flagged per template and
// explained by cypher_diff.mjs rather than counted as failures:
// - `walks`: a pattern of two or more relationships. Trellis follows
//   openCypher's relationship uniqueness (a relationship at most once per
//   match, so variable-length paths are trails); Kùzu 0.11 repeats
//   relationships (walks), so it may reach more endpoints, e.g. the start
//   node again over one self-call edge taken twice. Explained only when
//   Kùzu's rows are a superset of Trellis's.
// - `emptyAggregates`: aggregates over no rows. openCypher (and Neo4j) give
//   sum() = 0 and collect() = []; Kùzu gives null. Explained only when the
//   rows agree once Kùzu's nulls stand for Trellis's 0.

// A node pattern in both schemas: node("g", "Method", "{qualified_name: $q}").
function node(variable, label, properties = "") {
  const inner = properties.replace(/^\{\s*|\s*\}$/g, "");
  const trellis = `(${variable}${label ? `:${label}` : ""}${inner ? ` {${inner}}` : ""})`;
  const kuzuProps = [label ? `label: '${label}'` : "", inner].filter(Boolean).join(", ");
  const kuzu = `(${variable}:Node${kuzuProps ? ` {${kuzuProps}}` : ""})`;
  return { trellis, kuzu };
}

// Renders a template: `parts` alternate text and node() pairs.
function both(strings, ...nodes) {
  const render = (side) => strings.reduce((out, text, i) => out + text + (i < nodes.length ? nodes[i][side] : ""), "");
  return { trellis: render("trellis"), kuzu: render("kuzu") };
}

// The target, found by qualified_name and label (qualified names repeat
// across labels: a package and its __init__ module).
const T = (label) => node("t", label, "{qualified_name: $q}");
const G = (label = "") => node("g", label);
const X = node("x", "");

const perTarget = (name, targets, render, extra = {}) => ({ name, targets, render, ...extra });

export const TEMPLATES = [
  perTarget("callers_d1", "callers", (L) => both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN DISTINCT g.qualified_name AS n`),
  perTarget("callees_d1", "callees", (L) => both`MATCH ${T(L)}-[:CALLS]->${G()} RETURN DISTINCT g.qualified_name AS n`),
  perTarget(
    "callers_two_hops",
    "callers",
    (L) => both`MATCH ${T(L)}<-[:CALLS]-${X}<-[:CALLS]-${G()} RETURN DISTINCT g.qualified_name AS n`,
    { walks: true },
  ),
  perTarget(
    "callers_var_1_3",
    "callers",
    (L) => both`MATCH ${T(L)}<-[:CALLS*1..3]-${G()} RETURN DISTINCT g.qualified_name AS n`,
    { walks: true },
  ),
  perTarget(
    "callees_var_2_3",
    "callees",
    (L) => both`MATCH ${T(L)}-[:CALLS*2..3]->${G()} RETURN DISTINCT g.qualified_name AS n`,
    { walks: true },
  ),
  perTarget("callers_counts", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN count(*) AS c, count(DISTINCT g) AS d`),
  perTarget("callers_labelled", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G("Method")} RETURN DISTINCT g.qualified_name AS n`),
  perTarget(
    "callers_where_text",
    "callers",
    (L) =>
      both`MATCH ${T(L)}<-[:CALLS*1..2]-${G()} WHERE g.name STARTS WITH 'a' OR g.name CONTAINS 'er' OR g.name ENDS WITH 's' RETURN DISTINCT g.qualified_name AS n`,
    { walks: true },
  ),
  perTarget("callers_where_numbers", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} WHERE g.line_start > 20 AND g.line_end - g.line_start <= 30 RETURN DISTINCT g.qualified_name AS n`),
  perTarget(
    "callers_ordered_limit",
    "callers",
    (L) => both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN DISTINCT g.qualified_name AS n ORDER BY n DESC LIMIT 5`,
    { ordered: true },
  ),
  perTarget(
    "callers_skip_limit",
    "callers",
    (L) => both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN DISTINCT g.qualified_name AS n ORDER BY n SKIP 2 LIMIT 3`,
    { ordered: true },
  ),
  perTarget("optional_callees", "callers", (L) =>
    both`MATCH ${T(L)} OPTIONAL MATCH (t)-[:CALLS]->${G()} RETURN t.name AS name, count(g) AS c`),
  perTarget("callers_by_file", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} WITH g.file_path AS p, count(*) AS c RETURN p, c`),
  perTarget("callers_with_where", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} WITH g, count(*) AS c WHERE c >= 1 RETURN g.qualified_name AS n, c`),
  perTarget("calls_undirected", "callees", (L) =>
    both`MATCH ${T(L)}-[:CALLS]-${G()} RETURN DISTINCT g.qualified_name AS n`),
  perTarget("callers_union_callees", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN g.qualified_name AS n UNION MATCH ${T(L)}-[:CALLS]->${G()} RETURN g.qualified_name AS n`),
  perTarget("callers_union_all_counts", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN count(*) AS c UNION ALL MATCH ${T(L)}-[:CALLS]->${G()} RETURN count(*) AS c`),
  perTarget(
    "caller_collect_size",
    "callers",
    (L) => both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN size(collect(DISTINCT g.qualified_name)) AS n`,
    { emptyAggregates: true },
  ),
  perTarget("callers_case", "callers", (L) =>
    both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN DISTINCT g.qualified_name AS n, CASE WHEN g.line_start < 50 THEN 'top' ELSE 'rest' END AS part`),
  perTarget(
    "callers_aggregates",
    "callers",
    (L) =>
      both`MATCH ${T(L)}<-[:CALLS]-${G()} RETURN min(g.line_start) AS lo, max(g.line_end) AS hi, sum(g.line_start) AS total`,
    { emptyAggregates: true },
  ),
  perTarget("module_definitions", "exports", (L) =>
    both`MATCH ${T(L)}-[:DEFINES]->${G()} RETURN g.name AS n, g.line_start AS line`),
  perTarget("module_imports", "dependencies", (L) =>
    both`MATCH ${T(L)}-[:IMPORTS]->${G()} RETURN g.qualified_name AS n`),
  perTarget(
    "class_ancestors",
    "hierarchy",
    (L) => both`MATCH ${T(L)}-[:INHERITS*1..5]->${G()} RETURN DISTINCT g.qualified_name AS n`,
    { walks: true },
  ),
  perTarget(
    "class_descendants_both_types",
    "implementations",
    (L) => both`MATCH ${T(L)}<-[:INHERITS|IMPLEMENTS*1..3]-${G()} RETURN DISTINCT g.qualified_name AS n`,
    { walks: true },
  ),
  perTarget("class_methods_defined", "hierarchy", (L) =>
    both`MATCH ${T(L)}-[:DEFINES]->${G("Method")} RETURN count(*) AS c`),
  {
    name: "top_called_functions",
    global: true,
    ordered: true,
    render: () =>
      both`MATCH ${node("f", "Function")}<-[:CALLS]-${node("c", "")} RETURN f.qualified_name AS n, count(*) AS k ORDER BY k DESC, n LIMIT 10`,
  },
  {
    name: "label_counts",
    global: true,
    render: () => ({
      trellis: "MATCH (n:Module) RETURN count(*) AS c",
      kuzu: "MATCH (n:Node {label: 'Module'}) RETURN count(*) AS c",
    }),
  },
  {
    name: "unwind_range",
    global: true,
    ordered: true,
    render: () => ({
      trellis: "UNWIND range(1, 5) AS x RETURN x, x * x AS y, x % 2 AS odd",
      kuzu: "UNWIND range(1, 5) AS x RETURN x, x * x AS y, x % 2 AS odd",
    }),
  },
];
