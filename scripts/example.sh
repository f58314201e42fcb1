#!/usr/bin/env bash
# The main job on the bundled examples: builds Release (installing what is
# missing), then
#   1. loads examples/shop (a small Python code graph in the CSV interchange
#      format), prints its stats and answers a query;
#   2. indexes the Python fixture project tests/fixtures/python/shop from source
#      and answers the structural queries on it (callers, callees, hierarchy,
#      dependencies, exports, implementations, call graph, path, cycles).
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
db="$work/fixture.trellis"
for query in "callers shop.util.log.log --depth 3" \
             "callees shop.services.auth.AuthService.login" \
             "hierarchy shop.models.User" \
             "dependencies shop.services.auth --type imports" \
             "exports shop.models" \
             "implementations shop.models.Base --indirect" \
             "call-graph shop.services.auth.main --depth 2" \
             "path shop.services.auth.main shop.util.log.log" \
             "cycles --type IMPORTS"; do
  echo
  echo "== trellis query $query"
  # shellcheck disable=SC2086 # the query's words are separate arguments
  "$trellis" query $query --db "$db"
done
echo
echo "== trellis query callers log --json (the contract's JSON)"
"$trellis" query callers log --json --db "$db"
