#!/usr/bin/env node
// Kùzu beside Trellis on the Cypher bench (`trellis_bench cypher`):
//   build/bin/trellis_bench cypher --data DIR --runs R --out trellis_cypher.json
//   node bench/kuzu/cypher.mjs --data DIR --trellis trellis_cypher.json [--runs R] [--out FILE] [--threads N]
// Loads DIR's CSV into a new Kùzu database (as run.mjs does), runs the same
// two queries over the same targets, checks the answers agree and prints
// p50/p95/max for both engines and the ratio Kùzu / Trellis. Kùzu names a
// target by its primary key (`id`, the interchange id): it has no index on
// qualified_name, so that is its fastest lookup. Exit 0 when every answer
// agrees, 1 otherwise, 2 on a usage error.
//
// One difference is explained rather than counted: Kùzu matches with walk
// semantics, so through a self loop f->f it finds f two hops back from f by
// using that edge twice; openCypher (and Trellis) never bind one relationship
// twice in a MATCH. Such an answer has exactly one name more, f's own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { commandLine, positiveInteger } from "./bench_options.mjs";
import { openKuzu } from "./kuzu_session.mjs";
import { summarize, ms } from "./latency.mjs";

const usage = "usage: cypher.mjs --data DIR --trellis FILE [--runs R] [--out FILE] [--threads N]";
const options = commandLine(
  usage,
  {
    data: { type: "string" },
    trellis: { type: "string" },
    out: { type: "string" },
    runs: { type: "string", default: "5" },
    threads: { type: "string" },
  },
  ["data", "trellis"],
);
const runs = positiveInteger(options, "runs", usage);
const trellis = JSON.parse(fs.readFileSync(options.trellis, "utf8"));
const targets = JSON.parse(fs.readFileSync(path.join(options.data, "targets.json"), "utf8"));

const TWO_HOP =
  "MATCH (f:Node)<-[:CALLS]-(:Node)<-[:CALLS]-(g:Node) WHERE f.id = $id RETURN DISTINCT g.qualified_name";
const TOP10 =
  "MATCH (f:Node)<-[:CALLS]-(:Node) WHERE f.label = 'Function' RETURN f.qualified_name, count(*) AS c ORDER BY c DESC LIMIT 10";

function execute(connection, statement, params) {
  const result = connection.executeSync(statement, params);
  const rows = result.getAllSync();
  result.close();
  return rows;
}

function measure(connection, cypher, paramsList) {
  const statement = connection.prepareSync(cypher);
  if (!statement.isSuccess()) throw new Error(statement.getErrorMessage());
  execute(connection, statement, paramsList[0]);  // warm-up
  const answers = paramsList.map(() => ({ rows: null, latencies: [] }));
  for (let run = 0; run < runs; ++run) {
    paramsList.forEach((params, i) => {
      const start = performance.now();
      const rows = execute(connection, statement, params);
      answers[i].latencies.push(performance.now() - start);
      answers[i].rows ??= rows;
    });
  }
  return answers;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "trellis-kuzu-cypher-"));
let disagreements = 0;
let explained = 0;
try {
  const kuzu = await openKuzu(options.data, work, { threads: options.threads });
  const { connection, load } = kuzu;

  const callers = targets.kinds.callers.targets;
  const byName = new Map(callers.map((t) => [t.qualified_name, t]));
  const trellisTwoHop = trellis.workloads.two_hop_distinct.answers;
  const twoHop = measure(connection, TWO_HOP, trellisTwoHop.map((a) => ({ id: byName.get(a.qualified_name).id })));
  trellisTwoHop.forEach((t, i) => {
    const names = new Set(twoHop[i].rows.map((r) => r["g.qualified_name"]));
    const listedAgree = t.rows.every(([name]) => names.has(name));
    const selfLoopWalk =
      listedAgree && names.size === t.total + 1 && names.has(t.qualified_name) && !t.rows.some(([n]) => n === t.qualified_name);
    if (selfLoopWalk) {
      ++explained;
    } else if (names.size !== t.total || !listedAgree) {
      ++disagreements;
      console.error(`two_hop_distinct ${t.qualified_name}: Kùzu ${names.size} names, Trellis ${t.total}`);
    }
  });
  const top = measure(connection, TOP10, [{}])[0];
  const kuzuCounts = top.rows.map((r) => Number(r.c));
  const trellisCounts = trellis.workloads.top10_in_degree.answers[0].rows.map((r) => r[1]);
  if (JSON.stringify(kuzuCounts) !== JSON.stringify(trellisCounts)) {
    ++disagreements;
    console.error(`top10_in_degree: Kùzu counts ${kuzuCounts}, Trellis ${trellisCounts}`);
  }

  const rows = [
    ["two_hop_distinct", twoHop.flatMap((a) => a.latencies), trellis.workloads.two_hop_distinct.latency_ms],
    ["top10_in_degree", top.latencies, trellis.workloads.top10_in_degree.latency_ms],
  ];
  const report = { dataset: targets.nodes, runs, load_ms: load.load_ms, workloads: {} };
  console.log("workload             engine     p50 ms     p95 ms     max ms   ratio p50 (Kùzu/Trellis)");
  for (const [name, kuzuSamples, t] of rows) {
    const k = summarize(kuzuSamples);
    report.workloads[name] = { kuzu: k, trellis: t, ratio_p50: k.p50 / t.p50, ratio_p95: k.p95 / t.p95 };
    console.log(`${name.padEnd(21)}trellis ${ms(t.p50).padStart(10)} ${ms(t.p95).padStart(10)} ${ms(t.max).padStart(10)}`);
    console.log(
      `${"".padEnd(21)}kuzu    ${ms(k.p50).padStart(10)} ${ms(k.p95).padStart(10)} ${ms(k.max).padStart(10)}   ${(k.p50 / t.p50).toFixed(1)}x`,
    );
  }
  if (explained) console.log(`${explained} two-hop answer(s) differ only by the target itself, reached by Kùzu through its self loop used twice (walk semantics)`);
  console.log(disagreements === 0 ? "every other answer agrees" : `${disagreements} answer(s) disagree`);
  report.explained_by_walk_semantics = explained;
  report.disagreements = disagreements;
  if (options.out) fs.writeFileSync(options.out, JSON.stringify(report, null, 1) + "\n");
  kuzu.close();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(disagreements === 0 ? 0 : 1);
