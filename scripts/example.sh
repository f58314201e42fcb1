#!/usr/bin/env bash
# The main job on the bundled examples: builds Release (installing what is
# missing), then
#   1. loads examples/shop (a small Python code graph in the CSV interchange
#      format), prints its stats and answers a query;
#   2. indexes the Python fixture project tests/fixtures/python/shop from source
#      and answers the same query on it.
# Snapshots go to a temporary folder; nothing in the checkout changes.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh release >/dev/null
trellis=build/bin/trellis
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== trellis import --csv examples/shop"
"$trellis" import --csv examples/shop --db "$work/shop.trellis"
echo
echo "== trellis stats"
"$trellis" stats --db "$work/shop.trellis"
echo
echo "== trellis query cycles --type CALLS"
"$trellis" query cycles --type CALLS --db "$work/shop.trellis"
echo
echo "== trellis index tests/fixtures/python/shop"
"$trellis" index tests/fixtures/python/shop --db "$work/fixture.trellis"
echo
echo "== trellis query cycles --type IMPORTS"
"$trellis" query cycles --type IMPORTS --db "$work/fixture.trellis"
