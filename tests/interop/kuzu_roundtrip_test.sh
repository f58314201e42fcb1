#!/usr/bin/env bash
# `trellis export --format kuzu` loaded into Kùzu (the npm package pinned in
# bench/kuzu, which scripts/setup.sh installs) by its own schema.cypher and
# copy.cypher, answering as Trellis does (kuzu_roundtrip.mjs) on the Python,
# Java and TypeScript fixtures and on fixtures/interop (lists whose items
# hold delimiters, a docstring over two lines). Exits 77 (skipped) when Kùzu is not installed.
# Usage: tests/interop/kuzu_roundtrip_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
kuzu="$source_dir/bench/kuzu/node_modules/kuzu"
if [[ ! -f "$kuzu/kuzujs.node" ]]; then
  echo "Kùzu is not installed in bench/kuzu (scripts/setup.sh installs it): skipped"
  exit 77
fi
source "$source_dir/tests/cli/checks.sh"

for fixture in python/shop java/shop typescript/shop interop; do
  name="${fixture//\//-}"
  expect 0 "$trellis" index "$source_dir/tests/fixtures/$fixture" --db "$work/$name.trellis"
  expect 0 "$trellis" export --db "$work/$name.trellis" --format kuzu --out "$work/$name"
  expect 0 node "$source_dir/tests/interop/kuzu_roundtrip.mjs" "$trellis" "$work/$name.trellis" "$work/$name" "$kuzu"
  contains "$out" "checks agree"
  echo "$fixture: $out"
done
# Two repositories of one folder name in one database: the second is
# named by its snapshot's path.
expect 0 "$trellis" export --db "$work/python-shop.trellis" --format kuzu --out "$work/merged" --merge "$work/java-shop.trellis" --json
contains "$(tr -d ' \n' <<<"$out")" "\"projects\":[\"shop\",\"$work/java-shop.trellis\"]"
expect 0 node "$source_dir/tests/interop/kuzu_merge_check.mjs" "$trellis" "$work/merged" "$kuzu" \
  "shop=$work/python-shop.trellis" "$work/java-shop.trellis=$work/java-shop.trellis"
contains "$out" "2 projects kept apart"
finish "kuzu round trip"
