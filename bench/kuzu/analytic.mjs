#!/usr/bin/env node
// The analytic questions of issue 21 in Trellis and Kùzu, in one run:
//   node bench/kuzu/analytic.mjs --data DIR --trellis build/bin/trellis [--runs R] [--targets K] [--out FILE]
// Trellis: one `trellis cypher --db SNAPSHOT --json` process per run (a fresh
// store each time, as a user's command line gets), timed by the query's own
// `execution_time_ms`. Kùzu: DIR's CSV loaded into a new database (as run.mjs
// does), executeSync + getAllSync of a prepared statement after one warm-up.
// Each question has one or more Trellis spellings and one Kùzu spelling; every
// spelling's answer must equal Kùzu's. Prints p50/p95 per spelling and engine
// with the load average; exit 0 when every answer agrees, 1 otherwise, 2 on a
// usage error.
//
// The reach questions run on the first K random targets of `callers` and
// its hubs. Kùzu's `* SHORTEST` is one breadth-first search, its walk and trail
// forms enumerate paths (minutes from a hub at depth 5); SHORTEST leaves out
// the target itself, which Trellis counts when a cycle of CALLS within the
// bound leads back to it: an answer exactly one higher for a target that
// `exists((f)-[:CALLS*1..d]->(f))` finds on such a cycle is reported as
// explained by that, not counted as a disagreement.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import kuzu from "kuzu";
import { writeKuzuInput } from "./kuzu_input.mjs";
import { loadIntoKuzu } from "./kuzu_load.mjs";
import { summarize, ms } from "./latency.mjs";

const usage = "usage: analytic.mjs --data DIR --trellis BINARY [--runs R] [--targets K] [--out FILE]";
let options;
try {
  ({ values: options } = parseArgs({
    options: {
      data: { type: "string" },
      trellis: { type: "string" },
      out: { type: "string" },
      runs: { type: "string", default: "5" },
      targets: { type: "string", default: "13" },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (!options.data || !options.trellis) {
  console.error(usage);
  process.exit(2);
}
const runs = Number(options.runs);
const targets = JSON.parse(fs.readFileSync(path.join(options.data, "targets.json"), "utf8"));
const snapshot = path.resolve(options.data, targets.files.snapshot);

const TOP = "RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn LIMIT 10";
const TOP_COUNT = "RETURN f.qualified_name AS qn, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC, qn LIMIT 10";
const reach = (depth) => ({
  cycle: `MATCH (f) WHERE f.qualified_name = $q RETURN exists((f)-[:CALLS*1..${depth}]->(f)) AS on_cycle`,
  trellis: [[`*1..${depth}`, `MATCH (c)-[:CALLS*1..${depth}]->(f) WHERE f.qualified_name = $q RETURN count(DISTINCT c) AS n`]],
  kuzu: `MATCH (c:Node)-[:CALLS* SHORTEST 1..${depth}]->(f:Node) WHERE f.qualified_name = $q RETURN count(DISTINCT c) AS n`,
  perTarget: true,
});
const QUESTIONS = {
  top10_in_degree: {
    trellis: [
      ["label in WHERE", `MATCH ()-[:CALLS]->(f) WHERE f:Function OR f:Method ${TOP}`],
      ["label in pattern", `MATCH ()-[:CALLS]->(f:Function|Method) ${TOP}`],
      ["labels(f) in a list", `MATCH ()-[:CALLS]->(f) WHERE labels(f)[0] IN ['Function', 'Method'] ${TOP}`],
      ["COUNT {}", `MATCH (f) WHERE f:Function OR f:Method ${TOP_COUNT}`],
    ],
    kuzu: `MATCH (:Node)-[:CALLS]->(f:Node) WHERE f.label IN ['Function', 'Method'] ${TOP}`,
  },
  calls_count: {
    trellis: [["", "MATCH (a)-[:CALLS]->(b) RETURN count(*) AS n"]],
    kuzu: "MATCH (a:Node)-[:CALLS]->(b:Node) RETURN count(*) AS n",
  },
  class_count: {
    trellis: [["", "MATCH (c:Class) RETURN count(*) AS n"]],
    kuzu: "MATCH (c:Node) WHERE c.label = 'Class' RETURN count(*) AS n",
  },
  reach_distinct_d5: reach(5),
  reach_distinct_d3: reach(3),
};

const callers = targets.kinds.callers.targets;
const randomTargets = callers.filter((t) => t.origin === "random").slice(0, Number(options.targets));
const reachTargets = [...randomTargets, ...callers.filter((t) => t.origin === "hub")];

function loadAverage() {
  return os.loadavg().map((l) => l.toFixed(2)).join(" ");
}

// Rows as arrays of numbers and strings, in column order.
function plainRows(rows) {
  return rows.map((row) => Object.values(row).map((v) => (typeof v === "bigint" ? Number(v) : v)));
}

function runTrellis(cypher, params) {
  const args = ["cypher", cypher, "--db", snapshot, "--json", "--limit", "1000"];
  for (const [name, value] of Object.entries(params)) args.push(`--param=${name}=${JSON.stringify(value)}`);
  const out = JSON.parse(execFileSync(options.trellis, args, { maxBuffer: 1 << 28 }).toString());
  if (out.error) throw new Error(`${cypher}: ${JSON.stringify(out.error)}`);
  return { rows: plainRows(out.results.rows), ms: out.metadata.execution_time_ms };
}

function runKuzu(connection, statement, params) {
  const start = performance.now();
  const result = connection.executeSync(statement, params);
  const rows = result.getAllSync();
  const elapsed = performance.now() - start;
  result.close();
  return { rows: plainRows(rows), ms: elapsed };
}

// Answers and latencies of one spelling over its parameter sets.
function measure(run, paramsList) {
  const answers = paramsList.map((params) => run(params));  // the answer, also the warm-up
  const latencies = [];
  for (let r = 0; r < runs; ++r) for (const params of paramsList) latencies.push(run(params).ms);
  return { rows: answers.map((a) => a.rows), latency: summarize(latencies) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-kuzu-analytic-"));
let disagreements = 0;
let explained = 0;
const report = { dataset: targets.nodes, runs, reach_targets: reachTargets.length, load_average: {}, questions: {} };
try {
  report.load_average.start = loadAverage();
  const trellisResults = {};
  for (const [name, q] of Object.entries(QUESTIONS)) {
    const paramsList = q.perTarget ? reachTargets.map((t) => ({ q: t.qualified_name })) : [{}];
    trellisResults[name] = q.trellis.map(([spelling, cypher]) => ({
      spelling,
      cypher,
      ...measure((params) => runTrellis(cypher, params), paramsList),
    }));
  }
  report.load_average.after_trellis = loadAverage();

  const input = await writeKuzuInput(options.data, work);
  const database = new kuzu.Database(path.join(work, "graph.kuzu"));
  const connection = new kuzu.Connection(database);
  report.kuzu_load_ms = loadIntoKuzu(connection, input).load_ms;
  report.load_average.before_kuzu = loadAverage();
  for (const [name, q] of Object.entries(QUESTIONS)) {
    const paramsList = q.perTarget ? reachTargets.map((t) => ({ q: t.qualified_name })) : [{}];
    const statement = connection.prepareSync(q.kuzu);
    if (!statement.isSuccess()) throw new Error(`${q.kuzu}: ${statement.getErrorMessage()}`);
    const kuzuResult = { cypher: q.kuzu, ...measure((params) => runKuzu(connection, statement, params), paramsList) };
    for (const t of trellisResults[name]) {
      t.rows.forEach((rows, i) => {
        const mine = JSON.stringify(rows);
        const theirs = JSON.stringify(kuzuResult.rows[i]);
        if (mine === theirs) return;
        const onCycle = () => runTrellis(q.cycle, paramsList[i]).rows[0][0] === true;
        if (q.cycle && rows[0][0] === kuzuResult.rows[i][0][0] + 1 && onCycle()) {
          ++explained;
          return;
        }
        ++disagreements;
        console.error(`${name} ${t.spelling} ${JSON.stringify(paramsList[i])}: Trellis ${mine}, Kùzu ${theirs}`);
      });
    }
    report.questions[name] = {
      trellis: trellisResults[name].map(({ spelling, cypher, latency }) => ({ spelling, cypher, latency })),
      kuzu: { cypher: q.kuzu, latency: kuzuResult.latency },
    };
  }
  report.load_average.end = loadAverage();
  connection.closeSync();
  database.closeSync();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

console.log(`load average (1, 5, 15 min): ${JSON.stringify(report.load_average)}`);
console.log("| question | engine, spelling | p50 ms | p95 ms | Kùzu / Trellis p50 | p95 |");
console.log("|---|---|---|---|---|---|");
for (const [name, r] of Object.entries(report.questions)) {
  for (const t of r.trellis) {
    const label = t.spelling ? `Trellis, ${t.spelling}` : "Trellis";
    const ratio50 = (r.kuzu.latency.p50 / t.latency.p50).toFixed(1);
    const ratio95 = (r.kuzu.latency.p95 / t.latency.p95).toFixed(1);
    console.log(`| ${name} | ${label} | ${ms(t.latency.p50)} | ${ms(t.latency.p95)} | ${ratio50}x | ${ratio95}x |`);
  }
  console.log(`| ${name} | Kùzu | ${ms(r.kuzu.latency.p50)} | ${ms(r.kuzu.latency.p95)} | | |`);
}
if (explained) console.log(`${explained} reach answer(s) one higher in Trellis: the target itself on a cycle, which Kùzu's SHORTEST leaves out`);
console.log(disagreements === 0 ? "every other answer agrees" : `${disagreements} answer(s) disagree`);
report.explained_by_shortest = explained;
report.disagreements = disagreements;
if (options.out) fs.writeFileSync(options.out, JSON.stringify(report, null, 1) + "\n");
process.exit(disagreements === 0 ? 0 : 1);
