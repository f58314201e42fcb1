// A merged Kùzu export of two snapshots (`export --format kuzu --merge`)
// loaded into Kùzu: each project's node and relationship counts are its own
// snapshot's (`trellis stats`), no relationship joins two projects, and a
// name both projects define is answered per project.
// Usage: node kuzu_merge_check.mjs TRELLIS EXPORT_DIR KUZU_MODULE_DIR PROJECT=DB...
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [trellis, exportDir, kuzuDir, ...projects] = process.argv.slice(2);
const kuzu = (await import(pathToFileURL(path.join(kuzuDir, "index.mjs")).href)).default;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-kuzu-merge-"));
const connection = new kuzu.Connection(new kuzu.Database(path.join(work, "graph.kuzu")));
const rows = async (statement) => (await connection.query(statement)).getAll();
for (const file of ["schema.cypher", "copy.cypher"]) {
  for (const line of fs.readFileSync(path.join(exportDir, file), "utf8").split("\n")) if (line.trim()) await rows(line);
}
let failures = 0;
function same(what, expected, actual) {
  if (JSON.stringify(expected) !== JSON.stringify(actual)) {
    console.error(`${what}: expected ${JSON.stringify(expected)}, Kùzu ${JSON.stringify(actual)}`);
    ++failures;
  }
}
for (const pair of projects) {
  const [project, db] = pair.split("=");
  const stats = JSON.parse(execFileSync(trellis, ["stats", "--db", db, "--json"], { encoding: "utf8" })).results;
  const [nodes] = await rows(`MATCH (n) WHERE n.project = '${project}' RETURN count(n) AS c`);
  same(`${project} nodes`, stats.nodes.total, Number(nodes.c));
  const [edges] = await rows(`MATCH (a)-[r]->() WHERE a.project = '${project}' RETURN count(r) AS c`);
  same(`${project} relationships`, stats.relationships.total, Number(edges.c));
}
const [crossing] = await rows("MATCH (a)-[r]->(b) WHERE a.project <> b.project RETURN count(r) AS c");
same("relationships across projects", 0, Number(crossing.c));
const perProject = await rows("MATCH (m:Module) RETURN m.project AS p, count(m) AS c ORDER BY p");
same("projects with modules", projects.map((pair) => pair.split("=")[0]).sort(), perProject.map((row) => row.p));
fs.rmSync(work, { recursive: true, force: true });
if (failures) process.exit(1);
console.log(`kuzu merge: ${projects.length} projects kept apart`);
