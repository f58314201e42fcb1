#!/usr/bin/env bash
# The query latency bench on a small generated graph, its answers checked
# against bench/kuzu/reference.mjs (every query kind as a plain breadth-first
# search over edges.csv in JavaScript, no Kùzu needed) by compare.mjs.
# Usage: queries_smoke.sh path/to/trellis_bench SOURCE_DIR
set -euo pipefail
bench="$1"
kuzu_dir="$2/bench/kuzu"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

"$bench" dataset --nodes 3000 --targets 10 --hubs 3 --out "$dir/data" >/dev/null
"$bench" queries --data "$dir/data" --runs 2 --out "$dir/trellis.json"
node "$kuzu_dir/reference.mjs" --data "$dir/data" --out "$dir/reference.json" >/dev/null
node "$kuzu_dir/compare.mjs" --trellis "$dir/trellis.json" --kuzu "$dir/reference.json"
echo "queries smoke: ok"
