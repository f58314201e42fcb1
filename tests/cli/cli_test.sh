#!/usr/bin/env bash
# End-to-end checks of the trellis binary: import of the bundled example,
# stats, every export format, exit statuses and error objects.
# Usage: tests/cli/cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

mkdir -p "$work/repo/sub/dir"
cd "$work/repo" || exit 1

expect 0 "$trellis" import --csv "$source_dir/examples/shop"
contains "$out" "Imported 32 nodes and 88 relationships"
[[ -f .trellis/graph.trellis ]] || fail "import did not write ./.trellis/graph.trellis"

cd sub/dir || exit 1
expect 0 "$trellis" stats
contains "$out" "Method"
expect 0 "$trellis" stats --json
contains "$out" "\"query_type\": \"stats\""
contains "$out" "\"total\": 32"
contains "$out" "\"format_version\""
contains "$out" "\"bytes_per_node\""
expect 0 "$trellis" --json stats
contains "$out" "\"CALLS\": 19"

expect 0 "$trellis" export --format csv --out "$work/csv"
for file in nodes.csv edges.csv; do
  cmp -s "$source_dir/examples/shop/$file" "$work/csv/$file" || fail "exported $file differs from the example it was imported from"
done
for format in json graphml dot mermaid; do
  expect 0 "$trellis" export --format "$format" --out "$work/graph.$format"
  [[ -s "$work/graph.$format" ]] || fail "export --format $format wrote nothing"
done
expect 0 "$trellis" export --format json
contains "$out" "\"relationships\""
contains "$out" "\"qualified_name\": \"shop.services.auth.AuthService.login\""
expect 0 "$trellis" export --format dot --json
contains "$out" "\"content\": \"digraph trellis"
expect 1 "$trellis" export --format csv --json
contains "$out" "\"error_code\": \"INVALID_ARGUMENT\""

# Refused CSV writes nothing: a fresh folder gets no .trellis, an existing snapshot stays as it was.
mkdir -p "$work/bad" "$work/fresh"
cp "$source_dir/examples/shop/"*.csv "$work/bad/"
sed -i '6s/,Module,/,Modul,/' "$work/bad/nodes.csv"
cd "$work/fresh" || exit 1
expect 1 "$trellis" import --csv "$work/bad"
contains "$err" "nodes.csv:6: unknown label 'Modul'"
[[ ! -e .trellis ]] || fail "a refused import created .trellis"
before="$(cksum < "$work/repo/.trellis/graph.trellis")"
expect 1 "$trellis" import --csv "$work/bad" --db "$work/repo/.trellis/graph.trellis" --json
contains "$out" "\"error_code\": \"INVALID_ARGUMENT\""
contains "$out" "\"provided_input\": {"
[[ "$before" == "$(cksum < "$work/repo/.trellis/graph.trellis")" ]] || fail "a refused import changed the snapshot"

expect 1 "$trellis" stats
contains "$err" "no .trellis/graph.trellis"
expect 1 "$trellis" stats --json
contains "$out" "\"error_code\": \"DATABASE_ERROR\""
expect 0 "$trellis" stats --db "$work/repo/.trellis/graph.trellis"

# Indexing a Python fixture: unresolved call sites are counted in the index
# summary and in stats (the exact sites are asserted in python_flat_test.cpp).
flat_db="$work/flat/graph.trellis"
expect 0 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db "$flat_db"
contains "$out" 'calls: 10 unresolved (see `trellis query unresolved`)'
contains "$out" "app/core/broken.py: syntax errors"
expect 0 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db "$flat_db" --json
contains "$out" "\"unresolved_calls\": 10"
contains "$out" "\"files_reparsed\": 0"
expect 0 "$trellis" stats --db "$flat_db"
[[ "$out" =~ Unresolved\ calls\ +10 ]] || fail "stats does not show 10 unresolved calls: $out"
expect 0 "$trellis" stats --db "$flat_db" --json
contains "$out" "\"unresolved_calls\": 10"

# Usage errors exit 2; --help exits 0.
expect 2 "$trellis"
expect 2 "$trellis" stats --no-such-option
expect 2 "$trellis" export --format pdf --out x
expect 2 "$trellis" import
expect 2 "$trellis" import --csv
expect 2 "$trellis" stats --json --no-such-option
contains "$out" "\"error_code\": \"INVALID_ARGUMENT\""
for command in "" import export stats; do
  expect 0 "$trellis" $command --help
  contains "$out" "--json"
done

finish "CLI"
