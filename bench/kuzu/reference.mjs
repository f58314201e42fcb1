#!/usr/bin/env node
// A third opinion for the answer check: every query kind of
// query_kinds.mjs computed by a plain breadth-first search over edges.csv
// in JavaScript, written in the results format (engine "reference").
//   node bench/kuzu/reference.mjs --data DIR --out reference.json
// compare.mjs checks Kùzu's or Trellis's answers against it; its
// latencies are those of this script's BFS, not of a database.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { answerRecord } from "./answer_record.mjs";
import { csvRecords } from "./csv_records.mjs";
import { summarize } from "./latency.mjs";
import { QUERY_KINDS } from "./query_kinds.mjs";

const usage = "usage: reference.mjs --data DIR --out FILE";
const { values: options } = parseArgs({ options: { data: { type: "string" }, out: { type: "string" } } });
if (!options.data || !options.out) {
  console.error(usage);
  process.exit(2);
}
const targets = JSON.parse(fs.readFileSync(path.join(options.data, "targets.json"), "utf8"));

// Adjacency per relationship type and direction: node -> neighbour ids.
async function readAdjacency(file, nodeCount) {
  const adjacency = new Map();
  const lists = (type) => {
    if (!adjacency.has(type)) {
      adjacency.set(type, {
        out: Array.from({ length: nodeCount }, () => []),
        in: Array.from({ length: nodeCount }, () => []),
      });
    }
    return adjacency.get(type);
  };
  let header = null;
  for await (const record of csvRecords(file)) {
    if (header === null) {
      header = ["src", "dst", "type"].map((name) => record.indexOf(name));
      continue;
    }
    const [src, dst, type] = header.map((i) => record[i]);
    if (type !== "CALLS" && type !== "INHERITS" && type !== "IMPLEMENTS") continue;
    lists(type).out[Number(src)].push(Number(dst));
    lists(type).in[Number(dst)].push(Number(src));
  }
  return adjacency;
}

function breadthFirst(adjacency, reach, start) {
  const depths = new Map([[start, 0]]);
  let frontier = [start];
  for (let depth = 1; depth <= reach.depth && frontier.length; ++depth) {
    const next = [];
    for (const node of frontier) {
      for (const type of reach.rels) {
        for (const neighbour of adjacency.get(type)?.[reach.direction][node] ?? []) {
          if (depths.has(neighbour)) continue;
          depths.set(neighbour, depth);
          next.push(neighbour);
        }
      }
    }
    frontier = next;
  }
  if (!reach.start) depths.delete(start);
  return [...depths].sort((a, b) => a[0] - b[0]);
}

const adjacency = await readAdjacency(path.join(options.data, "edges.csv"), targets.nodes);
const queries = {};
for (const kind of QUERY_KINDS) {
  const answers = targets.kinds[kind.targets].targets.map((target) => {
    const start = performance.now();
    const nodes = breadthFirst(adjacency, kind.reach, target.id);
    const latency = performance.now() - start;
    return { ...answerRecord(target, nodes), latency_ms: [latency] };
  });
  queries[kind.name] = {
    target_kind: kind.targets,
    description: kind.description,
    lookup: "id",
    latency_ms: summarize(answers.map((a) => a.latency_ms[0])),
    errors: 0,
    answers,
  };
}
const results = {
  format: "trellis-bench-results",
  version: 1,
  engine: "reference",
  engine_version: process.version,
  dataset: { dir: path.resolve(options.data), nodes: targets.nodes, edges: targets.edges, seed: targets.seed },
  settings: { runs: 1 },
  queries,
};
fs.writeFileSync(options.out, JSON.stringify(results) + "\n");
