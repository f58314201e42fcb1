#!/usr/bin/env node
// Differential testing of `trellis cypher` against Kùzu (README.md,
// "Cypher: Trellis beside Kùzu"):
//   node bench/kuzu/cypher_diff.mjs --data DIR --trellis build/bin/trellis
//        [--targets K] [--out FILE] [--only name,...] [--runs R]
// DIR is what `trellis_bench dataset` wrote. Every template of
// cypher_corpus.mjs runs on the first K targets of its kind (all templates
// marked global run once) in both engines; rows are compared as multisets,
// or in order where the template orders them totally. Prints one line per
// template and every disagreement with its query and target. With --runs R,
// each compared query then runs R more times in each engine after one
// warm-up, Trellis in one `trellis serve` process (trellis_server.mjs, timed
// by the answer's execution_time_ms), Kùzu as a prepared statement
// (executeSync + getAllSync), and a table gives p50/p95 per template and the
// ratio Kùzu / Trellis.
// Exits 0 when all answers agree, 1 when one does not, 2 on a usage error.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { commandLine, positiveInteger } from "./bench_options.mjs";
import { TEMPLATES } from "./cypher_corpus.mjs";
import { openKuzu } from "./kuzu_session.mjs";
import { summarize, ms } from "./latency.mjs";
import { startTrellisServer } from "./trellis_server.mjs";

const usage = "usage: cypher_diff.mjs --data DIR --trellis BIN [--targets K] [--out FILE] [--only a,b] [--runs R]";
const options = commandLine(
  usage,
  {
    data: { type: "string" },
    trellis: { type: "string" },
    targets: { type: "string", default: "5" },
    out: { type: "string" },
    only: { type: "string" },
    runs: { type: "string" },
  },
  ["data", "trellis"],
);
const perKind = positiveInteger(options, "targets", usage);
const runs = options.runs === undefined ? 0 : positiveInteger(options, "runs", usage);
const only = options.only ? options.only.split(",") : null;
const templates = TEMPLATES.filter((t) => !only || only.includes(t.name));
if (only && templates.length !== only.length) {
  console.error(`unknown templates in --only; known: ${TEMPLATES.map((t) => t.name).join(", ")}`);
  process.exit(2);
}

const targetsFile = JSON.parse(fs.readFileSync(path.join(options.data, "targets.json"), "utf8"));
const snapshot = path.resolve(options.data, targetsFile.files?.snapshot ?? "graph.trellis");
const ROW_LIMIT = 1000;

// Numbers as JS numbers (Kùzu may give BigInt), everything else as is.
function scalar(value) {
  if (typeof value === "bigint") return Number(value);
  return value ?? null;
}

function runTrellis(query, qualifiedName) {
  const args = ["cypher", query, "--db", snapshot, "--json", "--limit", String(ROW_LIMIT)];
  if (qualifiedName !== undefined) args.push("--param", `q=${JSON.stringify(qualifiedName)}`);
  const run = spawnSync(options.trellis, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  let document;
  try {
    document = JSON.parse(run.stdout);
  } catch {
    return { error: `exit ${run.status}: ${(run.stderr || run.stdout).trim().slice(0, 300)}` };
  }
  if (document.error) return { error: `${document.error_code}: ${document.error}` };
  const { columns, rows } = document.results;
  return {
    columns,
    rows: rows.map((row) => columns.map((column) => scalar(row[column]))),
    truncated: Boolean(document.metadata?.truncated ?? document.results.truncated),
  };
}

function runKuzu(connection, query, qualifiedName, columns) {
  try {
    const statement = connection.prepareSync(query);
    if (!statement.isSuccess()) return { error: statement.getErrorMessage() };
    const result = connection.executeSync(statement, qualifiedName === undefined ? {} : { q: qualifiedName });
    const rows = result.getAllSync();
    result.close();
    const names = columns ?? (rows.length ? Object.keys(rows[0]) : []);
    return { rows: rows.map((row) => names.map((column) => scalar(row[column]))) };
  } catch (error) {
    return { error: error.message };
  }
}

// Latencies of R runs after one warm-up: Trellis in `server`, Kùzu prepared.
async function latencies(server, connection, trellisQuery, kuzuQuery, qualifiedName) {
  const params = qualifiedName === undefined ? {} : { q: qualifiedName };
  const statement = connection.prepareSync(kuzuQuery);
  const kuzuRun = () => {
    const start = performance.now();
    connection.executeSync(statement, params).getAllSync();
    return performance.now() - start;
  };
  const times = { trellis: [], kuzu: [] };
  for (let r = 0; r <= runs; ++r) {
    const trellisMs = (await server.cypher(trellisQuery, params, ROW_LIMIT)).ms;
    const kuzuMs = kuzuRun();
    if (r === 0) continue;
    times.trellis.push(trellisMs);
    times.kuzu.push(kuzuMs);
  }
  return times;
}

// Why a disagreement is one of the known differences (cypher_corpus.mjs),
// or null when it is not.
function explanation(trellis, kuzuAnswer, template) {
  if (trellis.error || kuzuAnswer.error) return null;
  const keys = (rows) => rows.map((row) => JSON.stringify(row));
  if (template.walks) {
    const theirs = new Set(keys(kuzuAnswer.rows));
    if (keys(trellis.rows).every((row) => theirs.has(row))) {
      return "Kùzu repeats a relationship within one match (walks), openCypher does not: Kùzu's rows are a superset";
    }
  }
  if (template.emptyAggregates && trellis.rows.length === kuzuAnswer.rows.length) {
    const patched = kuzuAnswer.rows.map((row, r) =>
      row.map((value, c) => (value === null && trellis.rows[r][c] === 0 ? 0 : value)),
    );
    if (disagreement(trellis, { rows: patched }, Boolean(template.ordered)) === null) {
      return "aggregate over no rows: openCypher's sum() = 0 and size(collect()) = 0, Kùzu's null";
    }
  }
  return null;
}

// null when the answers agree, else a short reason.
function disagreement(trellis, kuzuAnswer, ordered) {
  if (trellis.error || kuzuAnswer.error) {
    return `error: trellis ${trellis.error ?? "ok"}; kuzu ${kuzuAnswer.error ?? "ok"}`;
  }
  const key = (row) => JSON.stringify(row);
  const a = trellis.rows.map(key);
  const b = kuzuAnswer.rows.map(key);
  if (!ordered) {
    a.sort();
    b.sort();
  }
  if (a.length === b.length && a.every((row, i) => row === b[i])) return null;
  const onlyA = a.filter((row) => !b.includes(row));
  const onlyB = b.filter((row) => !a.includes(row));
  const parts = [`${a.length} vs ${b.length} rows`];
  if (onlyA.length) parts.push(`trellis only: ${onlyA.slice(0, 3).join(" ")}`);
  if (onlyB.length) parts.push(`kuzu only: ${onlyB.slice(0, 3).join(" ")}`);
  if (!onlyA.length && !onlyB.length) parts.push("same rows, other order or multiplicity");
  return parts.join("; ");
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-cypher-diff-"));
let failures = 0;
try {
  const kuzu = await openKuzu(options.data, work);
  const { connection } = kuzu;

  const server = runs ? await startTrellisServer(options.trellis, snapshot) : null;
  const report = { dataset: path.resolve(options.data), targets_per_kind: perKind, runs, templates: [] };
  for (const template of templates) {
    const targets = template.global ? [undefined] : targetsFile.kinds[template.targets].targets.slice(0, perKind);
    const line = { name: template.name, compared: 0, agreed: 0, skipped: 0, explained: [], disagreements: [] };
    const times = { trellis: [], kuzu: [] };
    for (const target of targets) {
      const { trellis: trellisQuery, kuzu: kuzuQuery } = template.render(target?.label);
      const name = target?.qualified_name;
      const mine = runTrellis(trellisQuery, name);
      if (mine.truncated) {
        ++line.skipped;  // over the row limit: not every row is there to compare
        continue;
      }
      const theirs = runKuzu(connection, kuzuQuery, name, mine.columns);
      ++line.compared;
      const reason = disagreement(mine, theirs, Boolean(template.ordered));
      const known = reason === null ? null : explanation(mine, theirs, template);
      const entry = { target: name ?? null, reason, trellis_query: trellisQuery, kuzu_query: kuzuQuery };
      if (reason === null) {
        ++line.agreed;
      } else if (known !== null) {
        line.explained.push({ ...entry, explanation: known });
      } else {
        line.disagreements.push(entry);
      }
      if (server) {
        const timed = await latencies(server, connection, trellisQuery, kuzuQuery, name);
        times.trellis.push(...timed.trellis);
        times.kuzu.push(...timed.kuzu);
      }
    }
    if (server) line.latency = { trellis: summarize(times.trellis), kuzu: summarize(times.kuzu) };
    failures += line.disagreements.length;
    report.templates.push(line);
    const notes = [
      line.explained.length ? `${line.explained.length} explained` : "",
      line.skipped ? `${line.skipped} skipped (over ${ROW_LIMIT} rows)` : "",
    ].filter(Boolean);
    console.log(`${template.name.padEnd(30)} ${line.agreed}/${line.compared} agree${notes.length ? `, ${notes.join(", ")}` : ""}`);
    for (const d of line.explained) console.log(`    explained, ${d.target ?? "(global)"}: ${d.reason}\n      ${d.explanation}`);
    for (const d of line.disagreements) console.log(`    DISAGREE, ${d.target ?? "(global)"}: ${d.reason}\n      ${d.trellis_query}`);
  }
  const compared = report.templates.reduce((sum, t) => sum + t.compared, 0);
  const explained = report.templates.reduce((sum, t) => sum + t.explained.length, 0);
  console.log(
    `${compared - failures - explained}/${compared} queries agree, ${explained} differ in a known way, ` +
      `${failures} disagree (${templates.length} templates)`,
  );
  if (server) {
    await server.close();
    console.log(`\nlatency over ${runs} runs per query (Trellis: trellis serve; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`);
    console.log("| template | Trellis p50 | p95 | Kùzu p50 | p95 | Kùzu / Trellis p50 | p95 |");
    console.log("|---|---|---|---|---|---|---|");
    for (const { name, latency } of report.templates) {
      if (!latency.trellis) continue;
      const { trellis: t, kuzu: k } = latency;
      const row = [name, ms(t.p50), ms(t.p95), ms(k.p50), ms(k.p95), `${(k.p50 / t.p50).toFixed(1)}x`, `${(k.p95 / t.p95).toFixed(1)}x`];
      console.log(`| ${row.join(" | ")} |`);
    }
  }
  if (options.out) fs.writeFileSync(options.out, JSON.stringify(report, null, 1) + "\n");
  kuzu.close();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failures === 0 ? 0 : 1);
