#!/usr/bin/env bash
# `trellis_bench dataset` on a small graph: the CSV files, the snapshot and
# targets.json exist, targets.json parses and lists targets for every query
# kind, the same seed writes the same files, and the snapshot loads.
# Usage: dataset_smoke.sh path/to/trellis_bench
set -euo pipefail
bench="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

"$bench" dataset --nodes 2000 --targets 5 --hubs 3 --out "$dir/a" --json >"$dir/report.json"
"$bench" dataset --nodes 2000 --targets 5 --hubs 3 --out "$dir/b" >/dev/null
for file in nodes.csv edges.csv targets.json graph.trellis; do
  [[ -s "$dir/a/$file" ]] || { echo "missing or empty: $file" >&2; exit 1; }
done
for file in nodes.csv edges.csv targets.json; do
  cmp -s "$dir/a/$file" "$dir/b/$file" || { echo "$file differs between two runs of one seed" >&2; exit 1; }
done

node --input-type=module - "$dir/a/targets.json" "$dir/report.json" <<'JS'
import fs from "node:fs";
const [targetsFile, reportFile] = process.argv.slice(2);
const doc = JSON.parse(fs.readFileSync(targetsFile, "utf8"));
JSON.parse(fs.readFileSync(reportFile, "utf8"));
const fail = (message) => { console.error(message); process.exit(1); };
if (doc.format !== "trellis-bench-targets" || doc.nodes !== 2000) fail("targets.json header is wrong");
if (doc.files.snapshot !== "graph.trellis") fail(`snapshot path ${doc.files.snapshot}, expected graph.trellis`);
const kinds = ["callers", "callees", "call_graph", "hierarchy", "implementations", "dependencies", "exports", "outline", "importers", "children"];
for (const kind of kinds) {
  const targets = doc.kinds[kind]?.targets;
  if (!Array.isArray(targets) || targets.length === 0) fail(`no targets for ${kind}`);
  for (const t of targets) {
    if (typeof t.qualified_name !== "string" || !Number.isInteger(t.id) || t.id < 0 || t.id >= doc.nodes)
      fail(`bad target in ${kind}: ${JSON.stringify(t)}`);
  }
  if (kind === "callers" && !targets.some((t) => t.origin === "hub")) fail("callers has no hub targets");
}
JS
# The snapshot is a Trellis database the CLI can open.
trellis="$(dirname "$bench")/trellis"
if [[ -x "$trellis" ]]; then "$trellis" stats --db "$dir/a/graph.trellis" --json >/dev/null; fi
echo "dataset smoke: ok"
