// Loads `trellis export --format kuzu` into Kùzu exactly as the export says
// (schema.cypher, then copy.cypher) and checks that Kùzu answers as Trellis
// does: node counts per label, relationship counts per type, the callers of
// every function and method at depth 1 and 2 (`trellis query callers
// --no-dispatch`), and the descendants of every class (`trellis query
// hierarchy`). Exits non-zero on the first difference.
// Usage: node kuzu_roundtrip.mjs TRELLIS DB EXPORT_DIR KUZU_MODULE_DIR
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [trellis, db, exportDir, kuzuDir] = process.argv.slice(2);
const kuzu = (await import(pathToFileURL(path.join(kuzuDir, "index.mjs")).href)).default;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-kuzu-"));
const database = new kuzu.Database(path.join(work, "graph.kuzu"));
const connection = new kuzu.Connection(database);

async function rows(statement, params) {
  if (params) {
    const prepared = await connection.prepare(statement);
    return (await connection.execute(prepared, params)).getAll();
  }
  return (await connection.query(statement)).getAll();
}
function statements(file) {
  return fs.readFileSync(path.join(exportDir, file), "utf8").split("\n").filter((line) => line.trim() !== "");
}
for (const statement of [...statements("schema.cypher"), ...statements("copy.cypher")]) await rows(statement);

function trellisJson(...args) {
  return JSON.parse(execFileSync(trellis, [...args, "--db", db, "--json"], { encoding: "utf8" }));
}
let checks = 0;
function same(what, expected, actual) {
  const a = [...expected].sort();
  const b = [...actual].sort();
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    console.error(`${what}: Trellis ${JSON.stringify(a)} but Kùzu ${JSON.stringify(b)}`);
    process.exit(1);
  }
  ++checks;
}

// Counts against `trellis stats`.
const stats = trellisJson("stats").results;
for (const [label, count] of Object.entries(stats.nodes.by_label)) {
  const [row] = await rows(`MATCH (n:${label}) RETURN count(n) AS c`);
  same(`${label} nodes`, [String(count)], [String(row.c)]);
}
for (const [type, count] of Object.entries(stats.relationships.by_type)) {
  const [row] = await rows(`MATCH ()-[r:${type}]->() RETURN count(r) AS c`);
  same(`${type} relationships`, [String(count)], [String(row.c)]);
}

// Every property of every node, as `trellis cypher` reads it.
for (const file of fs.readdirSync(exportDir).filter((name) => /^[A-Za-z]+\.csv$/.test(name))) {
  const label = file.slice(0, -4);
  const header = fs.readFileSync(path.join(exportDir, file), "utf8").split("\n")[0].split(",");
  for (const column of header.filter((name) => !["id", "node_id", "project"].includes(name))) {
    const statement = `MATCH (n:${label}) RETURN n.qualified_name AS q, n.${column} AS v`;
    const expected = trellisJson("cypher", statement).results.rows.map((row) => JSON.stringify([row.q, row.v]));
    const actual = (await rows(statement)).map((row) => JSON.stringify([row.q, row.v]));
    same(`${label}.${column}`, expected, actual);
  }
}

const callables = await rows("MATCH (f) WHERE label(f) = 'Function' OR label(f) = 'Method' RETURN f.qualified_name AS q");
for (const { q } of callables) {
  for (const depth of [1, 2]) {
    const answer = trellisJson("query", "callers", q, "--depth", String(depth), "--no-dispatch").results.callers;
    const reached = await rows(
      `MATCH (c)-[:CALLS*1..${depth}]->(f) WHERE f.qualified_name = $q AND c.qualified_name <> $q ` +
        "AND label(c) IN ['Function', 'Method', 'Module'] RETURN DISTINCT c.qualified_name AS c",
      { q },
    );
    same(`callers of ${q} at depth ${depth}`, answer.map((row) => row.qualified_name), reached.map((row) => row.c));
  }
}
const classes = await rows("MATCH (c:Class) RETURN c.qualified_name AS q");
for (const { q } of classes) {
  const answer = trellisJson("query", "hierarchy", q).results.descendants;
  const reached = await rows(
    "MATCH (d)-[:INHERITS|IMPLEMENTS*1..10]->(c) WHERE c.qualified_name = $q RETURN DISTINCT d.qualified_name AS d",
    { q },
  );
  same(`descendants of ${q}`, answer.map((row) => row.qualified_name), reached.map((row) => row.d));
}
if (callables.length === 0 || classes.length === 0) {
  console.error("the graph has no functions or no classes: nothing was compared");
  process.exit(1);
}
console.log(`kuzu round trip: ${checks} checks agree (${callables.length} callables, ${classes.length} classes)`);
fs.rmSync(work, { recursive: true, force: true });
