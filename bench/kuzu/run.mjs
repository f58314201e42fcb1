#!/usr/bin/env node
// The Kùzu side of the structural-query comparison (README.md):
//   node bench/kuzu/run.mjs --data DIR --out results.json [--runs R]
//        [--kinds callers_d3,...] [--threads N] [--timeout-ms MS] [--keep]
// DIR is what `trellis_bench dataset` wrote. Loads its CSV into a new Kùzu
// database in a temporary folder, runs every query kind over the targets
// of targets.json, writes the results JSON and prints a table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { commandLine, positiveInteger } from "./bench_options.mjs";
import { openKuzu } from "./kuzu_session.mjs";
import { QUERY_KINDS } from "./query_kinds.mjs";
import { measureKind } from "./measure.mjs";
import { printResultsTable } from "./results_table.mjs";
import { processMemory, folderBytes } from "./process_memory.mjs";

const usage = "usage: run.mjs --data DIR --out FILE [--runs R] [--kinds a,b] [--threads N] [--timeout-ms MS] [--keep]";
const options = commandLine(
  usage,
  {
    data: { type: "string" },
    out: { type: "string" },
    runs: { type: "string", default: "1" },
    kinds: { type: "string" },
    threads: { type: "string" },
    "timeout-ms": { type: "string", default: "120000" },
    keep: { type: "boolean", default: false },
  },
  ["data", "out"],
);
const runs = positiveInteger(options, "runs", usage);
const kinds = options.kinds ? options.kinds.split(",") : QUERY_KINDS.map((k) => k.name);
const unknown = kinds.filter((name) => !QUERY_KINDS.some((k) => k.name === name));
if (unknown.length) {
  console.error(`unknown query kinds: ${unknown.join(", ")}; known: ${QUERY_KINDS.map((k) => k.name).join(", ")}`);
  process.exit(2);
}

const targets = JSON.parse(fs.readFileSync(path.join(options.data, "targets.json"), "utf8"));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-kuzu-"));
try {
  const kuzu = await openKuzu(options.data, work, { threads: options.threads, timeoutMs: options["timeout-ms"] });
  const { connection, input, load } = kuzu;
  const afterLoad = processMemory();
  const load_summary = {
    convert_csv_ms: kuzu.convert_csv_ms,
    ...load,
    node_rows: input.nodes.rows,
    rel_rows: Object.fromEntries(Object.entries(input.rels).map(([type, rel]) => [type, rel.rows])),
    rss_bytes_after_load: afterLoad.rss_bytes,
    peak_rss_bytes_after_load: afterLoad.peak_rss_bytes,
    database_bytes: folderBytes(work, (name) => !name.endsWith(".csv")),
  };

  const queries = {};
  for (const kind of QUERY_KINDS.filter((k) => kinds.includes(k.name))) {
    queries[kind.name] = measureKind(connection, kind, targets.kinds[kind.targets].targets, runs);
    process.stderr.write(`${kind.name}: done\n`);
  }
  const memory = processMemory();
  const results = {
    format: "trellis-bench-results",
    version: 1,
    engine: "kuzu",
    engine_version: JSON.parse(fs.readFileSync(new URL("./node_modules/kuzu/package.json", import.meta.url), "utf8"))
      .version,
    dataset: { dir: path.resolve(options.data), nodes: targets.nodes, edges: targets.edges, seed: targets.seed },
    settings: {
      runs,
      threads: options.threads ? Number(options.threads) : "default",
      timeout_ms: Number(options["timeout-ms"]),
      node_version: process.version,
    },
    load: { ...load_summary, rss_bytes_end: memory.rss_bytes, peak_rss_bytes: memory.peak_rss_bytes },
    queries,
  };
  fs.writeFileSync(options.out, JSON.stringify(results) + "\n");
  printResultsTable(results);
  kuzu.close();
} finally {
  if (options.keep) console.error(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
