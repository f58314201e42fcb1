#!/usr/bin/env bash
# `trellis cypher --json` refusals from the front end: a syntax error's error
# object carries "line" and "column" (CONTRACT.md), a write clause is
# READ_ONLY with its position, and write keywords inside strings are reads.
# Usage: tests/cypher/cypher_errors_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$source_dir/tests/cli/checks.sh"
db="$work/shop.trellis"

json_true() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
           if (eval(process.argv[1]) !== true) { console.error(JSON.stringify(d)); process.exit(1); }' "$1" <<<"$out" ||
    fail "JSON check failed: $1"
}

"$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$db" >/dev/null || fail "index failed"

expect 1 "$trellis" cypher $'MATCH (f:Function)\nRETURN f.name +' --json --db "$db"
json_true 'd.error_code === "CYPHER_SYNTAX_ERROR" && d.line === 2 && d.column === 16'
json_true 'd.error === "Unexpected end of input: expected an expression (line 2, column 16)"'

expect 1 "$trellis" cypher "MATCH (n RETURN n" --db "$db"
contains "$err" "trellis: error: Invalid input 'RETURN': expected ')' (line 1, column 10)"

expect 1 "$trellis" cypher "MATCH (n) DETACH DELETE n" --json --db "$db"
json_true 'd.error_code === "READ_ONLY" && d.line === 1 && d.column === 11'
json_true 'd.error.startsWith("DETACH DELETE is not allowed")'

expect 0 "$trellis" cypher "RETURN 'CREATE' AS word, {delete: 1}.delete AS d" --json --db "$db"
json_true 'd.results.rows[0].word === "CREATE" && d.results.rows[0].d === 1'
json_true 'd.line === undefined'

finish "cypher error CLI"
