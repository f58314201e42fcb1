#!/usr/bin/env bash
# The Kùzu side of the query comparison on a small dataset, when Kùzu is
# installed in bench/kuzu (npm ci --ignore-scripts && node
# node_modules/kuzu/install.js); exits 77 (skipped) when it is not.
# Checks that run.mjs loads the CSV, answers every kind and writes
# results.json, that its answers agree with reference.mjs (a plain BFS
# over edges.csv) by compare.mjs, and that `trellis cypher` agrees with
# Kùzu on the differential Cypher corpus (cypher_diff.mjs), and that the
# analytic questions (analytic.mjs) agree across Trellis, Kùzu and DuckDB.
# Usage: kuzu_smoke.sh path/to/trellis_bench SOURCE_DIR
set -euo pipefail
bench="$1"
kuzu_dir="$2/bench/kuzu"
if [[ ! -f "$kuzu_dir/node_modules/kuzu/kuzujs.node" ]]; then
  echo "Kùzu is not installed in $kuzu_dir: skipped"
  exit 77
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

"$bench" dataset --nodes 2000 --targets 3 --hubs 2 --out "$dir/data" >/dev/null
node "$kuzu_dir/run.mjs" --data "$dir/data" --out "$dir/kuzu.json" --runs 1
node "$kuzu_dir/reference.mjs" --data "$dir/data" --out "$dir/reference.json"
node "$kuzu_dir/compare.mjs" --trellis "$dir/reference.json" --kuzu "$dir/kuzu.json"
node "$kuzu_dir/cypher_diff.mjs" --data "$dir/data" --trellis "$(dirname "$bench")/trellis" --targets 2
node "$kuzu_dir/analytic.mjs" --data "$dir/data" --trellis "$(dirname "$bench")/trellis" --runs 1 --targets 2
echo "kuzu smoke: ok"
