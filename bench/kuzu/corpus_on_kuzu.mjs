#!/usr/bin/env node
// The Cypher conformance corpus (tests/cypher/corpus) on Trellis and on Kùzu
// over the same graph (README.md, "The conformance corpus on Kùzu"):
//   node bench/kuzu/corpus_on_kuzu.mjs --trellis build/bin/trellis --source . [--out FILE] [--verbose]
// Indexes the shop fixture, exports it as interchange CSV, loads that into
// Kùzu with every property (kuzu_property_graph.mjs), rewrites each corpus
// query for Kùzu's schema (cypher_to_kuzu.mjs) and runs it in both engines.
// Rows are compared in order when the query ends in ORDER BY, as multisets
// otherwise; error cases agree when both engines refuse the query.
// Every case is one of: agree, differ (with an explanation category from
// EXPLANATIONS, or "unexplained"), skipped (with the category of what the
// translation cannot express). Exits 0 when no difference is unexplained,
// 1 otherwise, 2 on a usage error.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import kuzu from "kuzu";
import { readCorpus } from "./corpus_cases.mjs";
import { SKIP, translate } from "./cypher_to_kuzu.mjs";
import { loadPropertyGraph } from "./kuzu_property_graph.mjs";
import { EXPLANATIONS, explain } from "./corpus_differences.mjs";
import { canonical, kuzuValue, withoutNodeIds } from "./corpus_values.mjs";

const usage = "usage: corpus_on_kuzu.mjs --trellis BIN --source DIR [--out FILE] [--verbose]";
let options;
try {
  ({ values: options } = parseArgs({
    options: {
      trellis: { type: "string" },
      source: { type: "string" },
      out: { type: "string" },
      verbose: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
if (!options.trellis || !options.source) {
  console.error(usage);
  process.exit(2);
}

function run(args) {
  const result = spawnSync(options.trellis, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`trellis ${args.join(" ")}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

function runTrellis(snapshot, c) {
  const args = ["--db", snapshot, "cypher", c.query, "--json", "--limit", String(Math.min(c.limit, 1000))];
  for (const [name, value] of Object.entries(c.params)) args.push("--param", `${name}=${JSON.stringify(value)}`);
  const result = spawnSync(options.trellis, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  let document;
  try {
    document = JSON.parse(result.stdout);
  } catch {
    return { error: `exit ${result.status}: ${(result.stderr || result.stdout).trim().slice(0, 300)}` };
  }
  if (document.error) return { error: `${document.error_code}: ${document.error}` };
  const { columns, rows } = document.results;
  return { columns, rows: rows.map((row) => columns.map((column) => canonical(withoutNodeIds(row[column] ?? null)))) };
}

function runKuzu(connection, query, params, qualifiedNames) {
  try {
    const statement = connection.prepareSync(query);
    if (!statement.isSuccess()) return { error: statement.getErrorMessage() };
    const result = connection.executeSync(statement, params);
    const columns = result.getColumnNamesSync();
    const rows = result.getAllSync();
    result.close();
    return { columns, rows: rows.map((row) => columns.map((column) => canonical(kuzuValue(row[column], qualifiedNames)))) };
  } catch (error) {
    return { error: error.message.split("\n")[0] };
  }
}

// The query orders its rows when its last clause has ORDER BY.
function ordered(query) {
  const tail = query.split(/\bUNION\b/i).at(-1);
  const lastClause = tail.split(/\b(?:WITH|MATCH|UNWIND)\b/i).at(-1);
  return /\bORDER\s+BY\b/i.test(lastClause);
}

// null when the answers agree, else a short description.
function difference(mine, theirs, inOrder) {
  if (mine.error || theirs.error) {
    if (mine.error && theirs.error) return null;
    return `trellis ${mine.error ?? `${mine.rows.length} rows`}; kuzu ${theirs.error ?? `${theirs.rows.length} rows`}`;
  }
  const key = (row) => JSON.stringify(row);
  const a = mine.rows.map(key);
  const b = theirs.rows.map(key);
  if (!inOrder) {
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

const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-corpus-kuzu-"));
let unexplained = 0;
try {
  const snapshot = path.join(work, "graph.trellis");
  run(["index", path.join(options.source, "tests/fixtures/python/shop"), "--db", snapshot]);
  run(["--db", snapshot, "export", "--format", "csv", "--out", path.join(work, "csv")]);
  const database = new kuzu.Database(path.join(work, "graph.kuzu"));
  const connection = new kuzu.Connection(database);
  const { qualifiedNames } = await loadPropertyGraph(connection, path.join(work, "csv"), work);

  const report = { agree: [], differ: [], skipped: [] };
  for (const c of readCorpus(path.join(options.source, "tests/cypher/corpus"))) {
    const where = `${c.file}: ${c.name}`;
    const translation = translate(c.query);
    // A syntax error case goes to Kùzu as written: it must refuse it too.
    const kuzuQuery = translation.query ?? (c.error === "CYPHER_SYNTAX_ERROR" && translation.skip === "syntax" ? c.query : null);
    if (kuzuQuery === null) {
      report.skipped.push({ case: where, category: SKIP[translation.skip], detail: translation.detail });
      continue;
    }
    const mine = runTrellis(snapshot, c);
    if (options.verbose) console.log(`running  ${where}`);
    const theirs = runKuzu(connection, kuzuQuery, c.params, qualifiedNames);
    if (theirs.rows) {
      // Trellis's row limit (the case's `--- limit`) cuts Kùzu's answer too.
      theirs.rows = theirs.rows.slice(0, Math.min(c.limit, 1000));
      // RETURN * orders columns by name in Trellis, by pattern in Kùzu.
      if (mine.columns && /RETURN\s+\*/i.test(c.query) && [...mine.columns].sort().join() === [...theirs.columns].sort().join()) {
        const at = mine.columns.map((name) => theirs.columns.indexOf(name));
        theirs.rows = theirs.rows.map((row) => at.map((i) => row[i]));
      }
    }
    const inOrder = ordered(c.query) && !c.unordered;
    const reason = difference(mine, theirs, inOrder);
    const entry = { case: where, trellis_query: c.query, kuzu_query: kuzuQuery };
    if (reason === null) {
      report.agree.push(entry);
      if (options.verbose) console.log(`agree    ${where}`);
      continue;
    }
    const category = explain({ case: c, kuzuQuery, mine, theirs, inOrder });
    if (category === null) ++unexplained;
    report.differ.push({ ...entry, reason, explanation: category ?? "unexplained" });
  }

  const byCategory = (list, field) => {
    const counts = new Map();
    for (const item of list) counts.set(item[field], (counts.get(item[field]) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  };
  const total = report.agree.length + report.differ.length + report.skipped.length;
  console.log(`corpus on Kùzu: ${total} cases: ${report.agree.length} agree, ${report.differ.length} differ, ${report.skipped.length} skipped`);
  console.log("differ, by explanation:");
  for (const [category, count] of byCategory(report.differ, "explanation")) console.log(`  ${String(count).padStart(3)}  ${category}`);
  console.log("skipped, by reason:");
  for (const [category, count] of byCategory(report.skipped, "category")) console.log(`  ${String(count).padStart(3)}  ${category}`);
  console.log("differences:");
  for (const d of report.differ) {
    console.log(`  ${d.explanation === "unexplained" ? "UNEXPLAINED" : "explained"}  ${d.case}\n    ${d.reason}\n    kuzu: ${d.kuzu_query}`);
  }
  for (const s of report.skipped) if (options.verbose) console.log(`skipped  ${s.case}: ${s.category} (${s.detail})`);
  if (options.out) fs.writeFileSync(options.out, JSON.stringify({ explanations: EXPLANATIONS, ...report }, null, 1) + "\n");
  connection.closeSync();
  database.closeSync();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(unexplained === 0 ? 0 : 1);
