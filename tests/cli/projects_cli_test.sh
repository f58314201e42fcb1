#!/usr/bin/env bash
# Several projects in one graph (issue 22): `trellis index A B --project a
# --project b --db FILE`. Two trees with the same layout and names are
# indexed into one snapshot; each keeps its own names (the project's name
# first), its own calls (never into the other), its own source files, and
# its own incremental facts; packages outside the trees are shared.
# Usage: tests/cli/projects_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

make_tree() {  # make_tree DIR WORD: util/log.py and app.py, the app calling log
  mkdir -p "$1/util"
  printf 'def log(message):\n    """Write %s logs."""\n    print(message)\n' "$2" >"$1/util/log.py"
  : >"$1/util/__init__.py"
  printf 'import os\nfrom util.log import log\n\n\ndef main():\n    log("%s %%s" %% os.getcwd())\n' "$2" >"$1/app.py"
}
make_tree "$work/api" apiword
make_tree "$work/web" webword
db="$work/org.trellis"

# --- refusals: several roots need --db, one --project per root, valid names.
expect 1 "$trellis" index "$work/api" "$work/web" --json
contains "$out" '"error_code": "INVALID_ARGUMENT"'
contains "$out" 'say where it goes with --db FILE'
expect 1 "$trellis" index "$work/api" "$work/web" --project api --db "$db" --json
contains "$out" '1 --project names for 2 PATHs'
expect 1 "$trellis" index "$work/api" "$work/web" --project api --project w.eb --db "$db" --json
contains "$out" "'w.eb' is not a project name"
expect 1 "$trellis" index "$work/api" "$work/web" --project api --project api --db "$db" --json
contains "$out" "two roots are named 'api'"
[[ ! -e "$db" ]] || fail "a refused index wrote $db"

# --- the graph of two projects.
expect 0 "$trellis" index "$work/api" "$work/web" --project api --project web --db "$db" --json
contains "$out" '"files": 6'
contains "$out" '"files_reparsed": 6'
contains "$out" '"Project": 2'
[[ -f "$db.api.facts" && -f "$db.web.facts" ]] || fail "each project's facts file is written"
expect 0 "$trellis" cypher "MATCH (p:Project)-[:CONTAINS]->(f:Function) RETURN p.name + ' ' + p.path + ' ' + f.qualified_name + ' ' + f.file_path AS x ORDER BY x" --db "$db" --json
contains "$out" "\"x\": \"api $work/api api.app.main api/app.py\""
contains "$out" "\"x\": \"api $work/api api.util.log.log api/util/log.py\""
contains "$out" "\"x\": \"web $work/web web.app.main web/app.py\""
contains "$out" "\"x\": \"web $work/web web.util.log.log web/util/log.py\""
contains "$out" '"row_count": 4'

# Calls stay inside their project: a name matcher would join both mains to both logs.
expect 0 "$trellis" query callers api.util.log.log --db "$db" --json
contains "$out" '"qualified_name": "api.app.main"'
[[ "$out" != *'web.app.main'* ]] || fail "web's main does not call api's log: $out"
expect 0 "$trellis" cypher "MATCH (a)-[:CALLS]->(b) RETURN a.qualified_name + ' -> ' + b.qualified_name AS c ORDER BY c" --db "$db" --json
contains "$out" '"c": "api.app.main -> api.util.log.log"'
contains "$out" '"c": "web.app.main -> web.util.log.log"'
contains "$out" '"row_count": 2'
# A suffix shared by both projects is ambiguous; one of a project is not.
expect 1 "$trellis" query callers util.log.log --db "$db" --json
contains "$out" '"error_code": "AMBIGUOUS_NAME"'
contains "$out" 'api.util.log.log'
contains "$out" 'web.util.log.log'
# The package outside both trees is one node, imported by both.
expect 0 "$trellis" cypher "MATCH (m:Module)-[:IMPORTS]->(e:ExternalPackage {qualified_name: 'os'}) RETURN m.qualified_name AS m ORDER BY m" --db "$db" --json
contains "$out" '"m": "api.app"'
contains "$out" '"m": "web.app"'
expect 0 "$trellis" cypher "MATCH (e:ExternalPackage) RETURN count(e) AS n" --db "$db" --json
contains "$out" '"n": 1'

# Source is read from each project's own root; paths name their project.
expect 0 "$trellis" query source web.util.log.log --db "$db" --json
contains "$out" 'Write webword logs.'
expect 0 "$trellis" query source api/util/log.py:1-2 --db "$db" --json
contains "$out" 'Write apiword logs.'
expect 1 "$trellis" query source other/util/log.py:1-2 --db "$db" --json
contains "$out" '"error_code": "NODE_NOT_FOUND"'
expect 0 "$trellis" query outline web/app.py --db "$db" --json
contains "$out" '"qualified_name": "web.app.main"'
# Full text finds each project's words, and the project's name.
expect 0 "$trellis" search webword --db "$db" --json
contains "$out" '"qualified_name": "web.util.log.log"'
[[ "$out" != *'"qualified_name": "api.util.log.log"'* ]] || fail "api's log has no webword: $out"
expect 0 "$trellis" search "api log" --db "$db" --json
contains "$out" '"qualified_name": "api.util.log.log"'

# --- indexing again parses only what changed, project by project.
expect 0 "$trellis" index "$work/api" "$work/web" --project api --project web --db "$db" --json
contains "$out" '"files_reparsed": 0'
contains "$out" '"Project": 2'
printf '\n\ndef extra():\n    log("more")\n' >>"$work/web/app.py"
expect 0 "$trellis" index "$work/api" "$work/web" --project api --project web --db "$db" --json
contains "$out" '"files_reparsed": 1'
expect 0 "$trellis" query callers web.util.log.log --db "$db" --json
contains "$out" '"qualified_name": "web.app.extra"'
contains "$out" '"qualified_name": "web.app.main"'
expect 0 "$trellis" query callers api.util.log.log --db "$db" --json
[[ "$out" != *'extra'* ]] || fail "the edit in web adds no caller in api: $out"

# --- one root: --project names its Project node, and names stay unprefixed.
expect 0 "$trellis" index "$work/api" --project billing --db "$work/one.trellis" --json
expect 0 "$trellis" cypher "MATCH (p:Project) RETURN p.name AS p" --db "$work/one.trellis" --json
contains "$out" '"p": "billing"'
expect 0 "$trellis" query callers util.log.log --db "$work/one.trellis" --json
contains "$out" '"qualified_name": "app.main"'

# --- both projects' graphs go to a graph database export as one.
expect 0 "$trellis" export --format neo4j --out "$work/neo" --db "$db" --json
grep -q 'web.util.log.log' "$work/neo/nodes_Function.csv" || fail "the neo4j export holds web's functions"
grep -q 'api.util.log.log' "$work/neo/nodes_Function.csv" || fail "the neo4j export holds api's functions"

finish projects_cli
