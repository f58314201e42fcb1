#!/usr/bin/env node
// The analytic questions of issue 21 (analytic_questions.mjs) in Trellis,
// Kùzu and DuckDB, in one run:
//   node bench/kuzu/analytic.mjs --data DIR --trellis build/bin/trellis [--runs R] [--targets K] [--out FILE]
// Trellis: one `trellis cypher --db SNAPSHOT --json` process per run (a fresh
// store each time, as a user's command line gets), timed by the query's own
// `execution_time_ms`; then every question again in one `trellis serve`
// process, whose RSS is read after the load and after the questions (issue 21:
// at most 1.5x). Kùzu: DIR's CSV loaded into a new database (kuzu_session.mjs),
// executeSync + getAllSync of a prepared statement. DuckDB: DIR's CSV read
// into tables in memory (duckdb_session.mjs), a prepared statement run and
// every row read. Each engine answers once first (also the warm-up), then R
// timed runs. Every Trellis answer must equal Kùzu's and DuckDB's. Prints
// p50/p95 per spelling and engine, the ratio of the faster of Kùzu and DuckDB
// to Trellis, the load average and the server's RSS; exit 0 when every
// answer agrees, 1 otherwise, 2 on a usage error.
//
// The reach questions run on the first K random targets of `callers` and
// its hubs. Kùzu's `* SHORTEST` is one breadth-first search, its walk and trail
// forms enumerate paths (minutes from a hub at depth 5); SHORTEST leaves out
// the target itself, which Trellis (and DuckDB's recursive CTE) counts when a
// cycle of CALLS within the bound leads back to it: a Kùzu answer exactly one
// lower for a target that `exists((f)-[:CALLS*1..d]->(f))` finds on such a
// cycle is reported as explained by that, not counted as a disagreement.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { commandLine, positiveInteger } from "./bench_options.mjs";
import { openKuzu } from "./kuzu_session.mjs";
import { openDuckDb } from "./duckdb_session.mjs";
import { startTrellisServer } from "./trellis_server.mjs";
import { QUESTIONS } from "./analytic_questions.mjs";
import { summarize, ms } from "./latency.mjs";

const usage = "usage: analytic.mjs --data DIR --trellis BINARY [--runs R] [--targets K] [--out FILE]";
const options = commandLine(
  usage,
  {
    data: { type: "string" },
    trellis: { type: "string" },
    out: { type: "string" },
    runs: { type: "string", default: "5" },
    targets: { type: "string", default: "13" },
  },
  ["data", "trellis"],
);
const runs = positiveInteger(options, "runs", usage);
const targets = JSON.parse(fs.readFileSync(path.join(options.data, "targets.json"), "utf8"));
const snapshot = path.resolve(options.data, targets.files.snapshot);

const callers = targets.kinds.callers.targets;
const randomTargets = callers.filter((t) => t.origin === "random").slice(0, Number(options.targets));
const reachTargets = [...randomTargets, ...callers.filter((t) => t.origin === "hub")];
const paramsOf = (q) => (q.perTarget ? reachTargets.map((t) => ({ q: t.qualified_name })) : [{}]);

function loadAverage() {
  return os.loadavg().map((l) => l.toFixed(2)).join(" ");
}

// Rows as arrays of numbers and strings, in column order.
function plainRows(rows) {
  return rows.map((row) => (Array.isArray(row) ? row : Object.values(row)).map((v) => (typeof v === "bigint" ? Number(v) : v)));
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

// Answers and latencies of one spelling over its parameter sets; `run` may be async.
async function measure(run, paramsList) {
  const answers = [];
  for (const params of paramsList) answers.push(await run(params));  // the answer, also the warm-up
  const latencies = [];
  for (let r = 0; r < runs; ++r) for (const params of paramsList) latencies.push((await run(params)).ms);
  return { rows: answers.map((a) => plainRows(a.rows)), latency: summarize(latencies) };
}

let disagreements = 0;
let explained = 0;
// Compares each of Trellis's answers with `other`'s; `explain(i, mine, theirs)`
// says whether a difference is a known one.
function check(name, trellisSpellings, engine, other, explain = () => false) {
  for (const t of trellisSpellings) {
    t.rows.forEach((rows, i) => {
      const mine = JSON.stringify(rows);
      const theirs = JSON.stringify(other.rows[i]);
      if (mine === theirs) return;
      if (explain(i, rows, other.rows[i])) {
        ++explained;
        return;
      }
      ++disagreements;
      console.error(`${name} ${t.spelling} ${JSON.stringify(paramsOf(QUESTIONS[name])[i])}: Trellis ${mine}, ${engine} ${theirs}`);
    });
  }
}

const report = { dataset: targets.nodes, runs, reach_targets: reachTargets.length, load_average: {}, questions: {} };
const trellisResults = {};
report.load_average.start = loadAverage();
for (const [name, q] of Object.entries(QUESTIONS)) {
  trellisResults[name] = [];
  for (const [spelling, cypher] of q.trellis) {
    trellisResults[name].push({ spelling, cypher, ...(await measure((params) => runTrellis(cypher, params), paramsOf(q))) });
  }
}
report.load_average.after_trellis = loadAverage();

// The same questions in one server process, its memory before and after.
const server = await startTrellisServer(options.trellis, snapshot);
const memory = { before_load: server.memory() };
await server.cypher("RETURN 1 AS loaded");
memory.after_load = server.memory();
const serverResults = {};
for (const [name, q] of Object.entries(QUESTIONS)) {
  serverResults[name] = [];
  for (const [spelling, cypher] of q.trellis) {
    serverResults[name].push({ spelling, ...(await measure((params) => server.cypher(cypher, params), paramsOf(q))) });
  }
}
memory.after_questions = server.memory();
await server.close();
report.trellis_serve_memory = memory;
for (const [name, spellings] of Object.entries(serverResults)) check(name, trellisResults[name], "trellis serve", { rows: spellings[0].rows });

const duckdb = await openDuckDb(path.resolve(options.data));
report.duckdb = { version: duckdb.version, load_ms: duckdb.load_ms };
report.load_average.before_duckdb = loadAverage();
const duckdbResults = {};
for (const [name, q] of Object.entries(QUESTIONS)) {
  const statement = await duckdb.query(q.duckdb);
  duckdbResults[name] = await measure((params) => statement.run(params), paramsOf(q));
  check(name, trellisResults[name], "DuckDB", duckdbResults[name]);
}
duckdb.close();

const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-kuzu-analytic-"));
try {
  const kuzu = await openKuzu(options.data, work);
  report.kuzu_load_ms = kuzu.load.load_ms;
  report.load_average.before_kuzu = loadAverage();
  for (const [name, q] of Object.entries(QUESTIONS)) {
    const statement = kuzu.connection.prepareSync(q.kuzu);
    if (!statement.isSuccess()) throw new Error(`${q.kuzu}: ${statement.getErrorMessage()}`);
    const kuzuResult = await measure((params) => runKuzu(kuzu.connection, statement, params), paramsOf(q));
    const onCycle = (i) => runTrellis(q.cycle, paramsOf(q)[i]).rows[0][0] === true;
    check(name, trellisResults[name], "Kùzu", kuzuResult, (i, mine, theirs) => q.cycle && mine[0][0] === theirs[0][0] + 1 && onCycle(i));
    report.questions[name] = {
      trellis: trellisResults[name].map(({ spelling, cypher, latency }, s) => ({
        spelling,
        cypher,
        latency,
        serve_latency: serverResults[name][s].latency,
      })),
      kuzu: { cypher: q.kuzu, latency: kuzuResult.latency },
      duckdb: { sql: q.duckdb, latency: duckdbResults[name].latency },
    };
  }
  report.load_average.end = loadAverage();
  kuzu.close();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

const MiB = (bytes) => (bytes / 2 ** 20).toFixed(0);
console.log(`load average (1, 5, 15 min): ${JSON.stringify(report.load_average)}`);
console.log(`DuckDB ${report.duckdb.version}; Trellis per process (trellis cypher) and in one trellis serve`);
console.log("| question | engine, spelling | p50 ms | p95 ms | serve p50 | serve p95 | best other / Trellis p50 | p95 |");
console.log("|---|---|---|---|---|---|---|---|");
for (const [name, r] of Object.entries(report.questions)) {
  const best50 = Math.min(r.kuzu.latency.p50, r.duckdb.latency.p50);
  const best95 = Math.min(r.kuzu.latency.p95, r.duckdb.latency.p95);
  for (const t of r.trellis) {
    const label = t.spelling ? `Trellis, ${t.spelling}` : "Trellis";
    const ratio50 = (best50 / t.latency.p50).toFixed(1);
    const ratio95 = (best95 / t.latency.p95).toFixed(1);
    console.log(
      `| ${name} | ${label} | ${ms(t.latency.p50)} | ${ms(t.latency.p95)} | ${ms(t.serve_latency.p50)} | ${ms(t.serve_latency.p95)} | ${ratio50}x | ${ratio95}x |`,
    );
  }
  console.log(`| ${name} | Kùzu | ${ms(r.kuzu.latency.p50)} | ${ms(r.kuzu.latency.p95)} | | | | |`);
  console.log(`| ${name} | DuckDB | ${ms(r.duckdb.latency.p50)} | ${ms(r.duckdb.latency.p95)} | | | | |`);
}
const growth = memory.after_questions.rss_bytes / memory.after_load.rss_bytes;
report.trellis_serve_memory.growth = growth;
console.log(
  `trellis serve RSS: ${MiB(memory.after_load.rss_bytes)} MiB after the load, ${MiB(memory.after_questions.rss_bytes)} MiB after the questions ` +
    `(${growth.toFixed(2)}x; peak ${MiB(memory.after_questions.peak_rss_bytes)} MiB)`,
);
if (explained) console.log(`${explained} Kùzu reach answer(s) one lower: the target itself on a cycle, which SHORTEST leaves out`);
console.log(disagreements === 0 ? "every other answer agrees" : `${disagreements} answer(s) disagree`);
report.explained_by_shortest = explained;
report.disagreements = disagreements;
if (options.out) fs.writeFileSync(options.out, JSON.stringify(report, null, 1) + "\n");
process.exit(disagreements === 0 ? 0 : 1);
