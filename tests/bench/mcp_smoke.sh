#!/usr/bin/env bash
# trellis_bench mcp on the indexed shop fixture: every call answers without
# error and the report holds the figures it promises.
# Usage: tests/bench/mcp_smoke.sh path/to/trellis_bench path/to/trellis SOURCE_DIR
set -euo pipefail
bench="$(realpath "$1")"
trellis="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$trellis" index "$3/tests/fixtures/python/shop" --db "$work/shop.trellis" >/dev/null
"$bench" mcp --db "$work/shop.trellis" --trellis "$trellis" --calls 20 --json >"$work/out.json"
node -e 'const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const ok = d.errors === 0 && d.server_exit_status === 0 && d.round_trip_ms.samples > 5 &&
    d.round_trip_ms.p50 > 0 && d.server_execution_ms.samples === d.round_trip_ms.samples &&
    d.round_trip_ms.p50 >= d.server_execution_ms.p50;
  if (!ok) { console.error(JSON.stringify(d)); process.exit(1); }' "$work/out.json"
echo "bench mcp smoke passed"
