#!/usr/bin/env bash
# End-to-end checks of `trellis cypher` on the Python fixture project
# tests/fixtures/python/shop: the JSON document of CONTRACT.md (columns,
# rows, row_count, truncated; metadata with total_count and query_type
# "cypher"), --param, --limit, piped `;`-separated statements, error
# objects and exit statuses.
# Usage: tests/cli/cypher_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"
db="$work/shop.trellis"

json_true() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
           const ok = eval(process.argv[1]);
           if (ok !== true) { console.error(JSON.stringify(d).slice(0, 2000)); process.exit(1); }' "$1" <<<"$out" ||
    fail "JSON check failed: $1"
}

"$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$db" >/dev/null || fail "index failed"
c() { expect "$1" "$trellis" cypher "${@:2}" --db "$db"; }

# One query, --json: the contract's document.
c 0 "MATCH (f:Function {name: 'log'})<-[r:CALLS]-(g) RETURN g.qualified_name AS caller, r.line AS line ORDER BY line" --json
json_true 'Object.keys(d).join() === "query,results,metadata"'
json_true 'Object.keys(d.results).join() === "columns,rows,row_count,truncated"'
json_true 'JSON.stringify(d.results.columns) === JSON.stringify(["caller", "line"])'
json_true 'JSON.stringify(d.results.rows.map((r) => r.caller)) === JSON.stringify(["shop.models.Base.save", "shop.services.auth.AuthService.login", "shop.services.auth.AuthService.login", "shop.models.User.validate"])'
json_true 'd.results.row_count === 4 && d.results.truncated === false'

json_true 'd.metadata.row_count === 4 && d.metadata.total_count === 4 && d.metadata.truncated === false && d.metadata.query_type === "cypher"'

# Nodes, relationships and paths as objects, no internal ids.
c 0 "MATCH p = (a:Class {name: 'Admin'})-[r:INHERITS]->(b) RETURN a, r, p" --json
json_true 'd.results.rows[0].a.label === "Class" && d.results.rows[0].a.qualified_name === "shop.models.Admin" && d.results.rows[0].a.line_start === 26'
json_true 'JSON.stringify(d.results.rows[0].r) === JSON.stringify({type: "INHERITS", from: "shop.models.Admin", to: "shop.models.User"})'
json_true 'd.results.rows[0].p.nodes.length === 2 && d.results.rows[0].p.relationships[0].to === "shop.models.User"'
json_true '!JSON.stringify(d).includes("\"id\"")'

# --param and --limit.
c 0 'MATCH (f:Function) WHERE f.name IN $names RETURN f.name AS name ORDER BY name' --param 'names=["ping","pong"]' --json
json_true 'JSON.stringify(d.results.rows) === JSON.stringify([{name: "ping"}, {name: "pong"}])'
c 0 'MATCH (f:Function) RETURN f.name AS name ORDER BY name' --limit 2 --json
json_true 'd.results.row_count === 2 && d.results.truncated === true && d.metadata.total_count === 21 && d.metadata.truncated === true'
c 2 'RETURN 1' --limit 0
c 2 'RETURN 1' --limit 1001
c 1 'RETURN $x' --param 'x=not json' --json
json_true 'd.error_code === "INVALID_ARGUMENT"'

# Tables for people.
c 0 "MATCH (c:Class) WHERE c.name STARTS WITH 'A' RETURN c.name AS class, c.line_start AS line ORDER BY class"
contains "$out" "class        line"
contains "$out" "Admin        26"
contains "$out" "2 rows"

# Errors: the error object, its code, position and suggestions; exit 1.
c 1 "MATCH (f:Functon) RETURN f" --json
json_true 'd.error_code === "CYPHER_SEMANTIC_ERROR" && d.suggestions[0] === "Function" && d.line === 1 && d.column === 10'
c 1 "MATCH (f:Function RETURN f" --json
json_true 'd.error_code === "CYPHER_SYNTAX_ERROR" && d.line === 1'
c 1 "MATCH (n) DETACH DELETE n" --json
json_true 'd.error_code === "READ_ONLY"'
c 0 "RETURN 'CREATE' AS word" --json
json_true 'd.results.rows[0].word === "CREATE"'
c 1 "MATCH (f:Functon) RETURN f"
contains "$err" "Unknown label 'Functon'"
contains "$err" "Did you mean Function?"

# Piped statements: run in order, plain tables; with --json one document.
out="$(printf "MATCH (m:Module) RETURN count(*) AS modules;\n// a comment; with a semicolon\nRETURN 'a;b' AS s;\nRETURN 3 AS last" | "$trellis" cypher --db "$db")" || fail "piped statements failed"
contains "$out" "modules"
contains "$out" "15"
contains "$out" "a;b"
contains "$out" "last"
out="$(printf "RETURN 1 AS x; RETURN 2 AS y;" | "$trellis" cypher --db "$db" --json)" || fail "piped --json failed"
json_true 'd.results.length === 2 && d.results[1].rows[0].y === 2 && d.metadata.statement_count === 2'
out="$(printf "RETURN 1 AS x;\nMATCH (n:Nope) RETURN n;" | "$trellis" cypher --db "$db" --json)"
[[ $? == 1 ]] || fail "a failing piped statement should exit 1"
json_true 'd.error_code === "CYPHER_SEMANTIC_ERROR" && d.line === 2'
# complexity (cyclomatic, counted at ingest) is a property Cypher reads.
c 0 "MATCH (f:Function) WHERE f.complexity > 1 RETURN f.qualified_name AS name, f.complexity AS complexity" --json
json_true 'JSON.stringify(d.results.rows) === JSON.stringify([{name: "shop.services.auth.recursive", complexity: 2}])'

finish cypher
