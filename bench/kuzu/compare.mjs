#!/usr/bin/env node
// Compares two results JSON files (README.md): checks that every target's
// answer agrees and prints the latency ratio Kùzu / Trellis per query kind.
//   node bench/kuzu/compare.mjs --trellis T.json --kuzu K.json [--out compare.json]
// Exit status: 0 when every answer of every shared query kind agrees, 1
// when one disagrees, 2 on a usage error or an unreadable file.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { disagreement } from "./answers_agree.mjs";
import { ms } from "./latency.mjs";

const usage = "usage: compare.mjs --trellis FILE --kuzu FILE [--out FILE]";
let options;
try {
  ({ values: options } = parseArgs({
    options: { trellis: { type: "string" }, kuzu: { type: "string" }, out: { type: "string" } },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (!options.trellis || !options.kuzu) {
  console.error(usage);
  process.exit(2);
}
let trellis, kuzu;
try {
  trellis = JSON.parse(fs.readFileSync(options.trellis, "utf8"));
  kuzu = JSON.parse(fs.readFileSync(options.kuzu, "utf8"));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (trellis.dataset?.nodes !== kuzu.dataset?.nodes || trellis.dataset?.seed !== kuzu.dataset?.seed) {
  console.error(
    `the results come from different datasets: ${JSON.stringify(trellis.dataset)} vs ${JSON.stringify(kuzu.dataset)}`,
  );
  process.exit(2);
}

const ratio = (k, t) => (k === undefined || t === undefined || t <= 0 ? null : k / t);
const report = { trellis: options.trellis, kuzu: options.kuzu, queries: {}, agree: true };
for (const [name, kq] of Object.entries(kuzu.queries)) {
  const tq = trellis.queries?.[name];
  if (!tq) continue;
  const byId = new Map(tq.answers.map((a) => [a.id, a]));
  const disagreements = [];
  let compared = 0;
  for (const ka of kq.answers) {
    const ta = byId.get(ka.id);
    if (!ta) {
      disagreements.push({ target: ka.qualified_name, reason: `no ${trellis.engine} answer` });
      continue;
    }
    ++compared;
    const reason = disagreement(ta, ka, [trellis.engine, kuzu.engine]);
    if (reason) disagreements.push({ target: ka.qualified_name, origin: ka.origin, reason });
  }
  const t = tq.latency_ms ?? {};
  const k = kq.latency_ms ?? {};
  report.queries[name] = {
    targets: compared,
    disagreements,
    trellis_ms: t,
    kuzu_ms: k,
    ratio_kuzu_over_trellis: {
      p50: ratio(k.p50, t.p50),
      p95: ratio(k.p95, t.p95),
      max: ratio(k.max, t.max),
      mean: ratio(k.mean, t.mean),
    },
  };
  report.agree &&= disagreements.length === 0;
}
const skipped = Object.keys(kuzu.queries).filter((name) => !report.queries[name]);
if (options.out) fs.writeFileSync(options.out, JSON.stringify(report, null, 2) + "\n");

const x = (value) => (value === null ? "-" : `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}x`);
const [tName, kName] = [trellis.engine, kuzu.engine];
const header = [
  "query",
  "targets",
  "agree",
  `${tName} p50`,
  `${kName} p50`,
  "ratio p50",
  `${tName} p95`,
  `${kName} p95`,
  "ratio p95",
  "ratio max",
];
const rows = Object.entries(report.queries).map(([name, q]) => [
  name,
  String(q.targets),
  q.disagreements.length ? `NO (${q.disagreements.length})` : "yes",
  ms(q.trellis_ms.p50),
  ms(q.kuzu_ms.p50),
  x(q.ratio_kuzu_over_trellis.p50),
  ms(q.trellis_ms.p95),
  ms(q.kuzu_ms.p95),
  x(q.ratio_kuzu_over_trellis.p95),
  x(q.ratio_kuzu_over_trellis.max),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(`latency in ms; ratio = ${kuzu.engine} / ${trellis.engine} (above 1: ${trellis.engine} is faster)`);
console.log(line(header));
for (const row of rows) console.log(line(row));
if (skipped.length) console.log(`not in ${options.trellis}: ${skipped.join(", ")}`);
for (const [name, q] of Object.entries(report.queries)) {
  for (const d of q.disagreements)
    console.log(`DISAGREE ${name} ${d.target}${d.origin ? ` (${d.origin})` : ""}: ${d.reason}`);
}
process.exit(report.agree ? 0 : 1);
