#!/usr/bin/env bash
# `trellis export --format neo4j|kuzu`: the Neo4j folder obeys neo4j-admin's
# import rules (neo4j_check.mjs) with exact headers, lists keep items that
# hold commas, quotes and spaces, Kùzu's schema and COPY statements name
# every table, and bad requests are refused. The Kùzu load itself:
# kuzu_roundtrip_test.sh.
# Usage: tests/interop/database_export_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$source_dir/tests/cli/checks.sh"

db="$work/shop.trellis"
expect 0 "$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$db"
expect 0 "$trellis" export --db "$db" --format neo4j --out "$work/neo4j" --json
contains "$out" '"node_count": 62'
contains "$out" '"relationship_count": 170'
expect 0 node "$source_dir/tests/interop/neo4j_check.mjs" "$work/neo4j"
[[ "$out" == "nodes 62 relationships 170" ]] || fail "neo4j check counted: $out"
[[ "$(head -1 "$work/neo4j/nodes_Function.csv")" == ":ID,qualified_name,name,node_id,project,file_path,line_start:int,line_end:int,byte_start:int,byte_end:int,language,decorators:string[],docstring,is_async:boolean,complexity:int,:LABEL" ]] ||
  fail "nodes_Function.csv header: $(head -1 "$work/neo4j/nodes_Function.csv")"
[[ "$(head -1 "$work/neo4j/relationships_CALLS.csv")" == ":START_ID,:END_ID,call_type,line:int,:TYPE" ]] ||
  fail "relationships_CALLS.csv header: $(head -1 "$work/neo4j/relationships_CALLS.csv")"
[[ ! -e "$work/neo4j/nodes_Interface.csv" && ! -e "$work/neo4j/relationships_IMPLEMENTS.csv" ]] ||
  fail "empty labels and types got files"
grep -q "^[0-9]*,shop.services.auth.AuthService.login,login,[0-9a-f]\{16\},shop,src/shop/services/auth.py,15,22,342,535,python,AuthService,,,false,1,Method$" \
  "$work/neo4j/nodes_Method.csv" || fail "login's row: $(grep AuthService.login, "$work/neo4j/nodes_Method.csv")"

# Lists whose items hold commas, quotes and brackets; a docstring over two lines.
tricky="$source_dir/tests/fixtures/interop"
expect 0 "$trellis" index "$tricky" --db "$work/tricky.trellis"
expected_cell="$(printf '"route(""/a, b"", methods=[%sGET%s])\x1froute(%ssay ""hi""%s)"' "'" "'" "'" "'")"
for format in neo4j kuzu; do
  expect 0 "$trellis" export --db "$work/tricky.trellis" --format "$format" --out "$work/tricky-$format"
  file="$work/tricky-$format/Function.csv"
  [[ "$format" == neo4j ]] && file="$work/tricky-$format/nodes_Function.csv"
  grep -qF -- ",$expected_cell," "$file" || fail "$format decorators cell: $(grep handler "$file" | cat -v)"
done
expect 0 node "$source_dir/tests/interop/neo4j_check.mjs" "$work/tricky-neo4j"
contains "$(cat "$work/tricky-kuzu/copy.cypher")" "string_split(decorators, '$(printf '\x1f')')"
contains "$(cat "$work/tricky-kuzu/copy.cypher")" "(header=true, parallel=false)"

# Kùzu: a node table per label, a rel table per type, a COPY per non-empty CSV.
expect 0 "$trellis" export --db "$db" --format kuzu --out "$work/kuzu"
[[ "$(grep -c '^CREATE NODE TABLE' "$work/kuzu/schema.cypher")" == 8 ]] || fail "schema.cypher node tables"
[[ "$(grep -c '^CREATE REL TABLE' "$work/kuzu/schema.cypher")" == 6 ]] || fail "schema.cypher rel tables"
contains "$(cat "$work/kuzu/schema.cypher")" "CREATE REL TABLE CALLS(FROM Module TO Function, "
contains "$(cat "$work/kuzu/copy.cypher")" "COPY CALLS FROM '$work/kuzu/CALLS_Method_Function.csv' (from='Method', to='Function', header=true);"
[[ "$(grep -c '^COPY' "$work/kuzu/copy.cypher")" == "$(ls "$work/kuzu"/*.csv | wc -l)" ]] || fail "a CSV without its COPY"
[[ "$(head -1 "$work/kuzu/CALLS_Method_Function.csv")" == "from,to,call_type,line" ]] || fail "kuzu CALLS header"

# Refusals: a folder is needed, and these export the whole graph.
for format in neo4j kuzu; do
  expect 1 "$trellis" export --db "$db" --format "$format" --json
  contains "$out" "INVALID_ARGUMENT"
  contains "$out" "give it with --out DIR"
  expect 1 "$trellis" export --db "$db" --format "$format" --out "$work/x" --root login --json
  contains "$out" "exports the whole graph"
done
touch "$work/file"
expect 1 "$trellis" export --db "$db" --format neo4j --out "$work/file/sub" --json
contains "$out" "cannot create folder"

finish "database export"
