#!/usr/bin/env bash
# CLI basics: --version (text and --json), suggestions for mistyped commands,
# query names and Cypher keywords (exit 2 / 1 and the error object), and the
# summary of files in languages not supported yet (index, index --json, stats).
# Usage: tests/cli/basics_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

# same WANTED GOT WHAT: exact equality.
same() { [[ "$2" == "$1" ]] || fail "$3: wanted [$1], got [$2]"; }

# --version: the project's version, the snapshot format and the grammar
# packages as package-lock.json pins them (in the order ingest adds them).
version="$(sed -n 's/^project(trellis VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt")"
format="$(sed -n 's/.*kSnapshotFormatVersion = \([0-9]*\);/\1/p' "$source_dir/engine/include/trellis/store/snapshot.hpp")"
locked() { node -e 'const l = require(process.argv[1]); console.log(l.packages["node_modules/" + process.argv[2]].version)' "$source_dir/package-lock.json" "$1"; }
grammars=(tree-sitter-python tree-sitter-typescript tree-sitter-javascript tree-sitter-go tree-sitter-java tree-sitter-c-sharp tree-sitter-c tree-sitter-rust tree-sitter-cpp)
wanted="trellis $version
snapshot format $format
tree-sitter $(locked tree-sitter)
grammars:"
wanted_json="{\"version\":\"$version\",\"snapshot_format\":$format,\"tree_sitter\":\"$(locked tree-sitter)\",\"grammars\":{"
for g in "${grammars[@]}"; do
  wanted+="$(printf '\n  %-22s  %s' "$g" "$(locked "$g")")"
  wanted_json+="\"$g\":\"$(locked "$g")\","
done
wanted_json="${wanted_json%,}}}"
expect 0 "$trellis" --version
same "$wanted" "$out" "--version"
same "" "$err" "--version stderr"
expect 0 "$trellis" --version --json
same "$wanted_json" "$(node -e 'console.log(JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8"))))' <<<"$out")" "--version --json"
expect 0 "$trellis" --json --version
same "$wanted_json" "$(node -e 'console.log(JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8"))))' <<<"$out")" "--json --version"
expect 0 "$trellis" --help
contains "$out" "--version"
contains "$out" "did you mean index?"

# Mistyped commands and query names: exit 2, the nearest name.
expect 2 "$trellis" idnex
same "trellis: unknown command 'idnex'; did you mean index?" "$err" "idnex"
same "" "$out" "idnex stdout"
expect 2 "$trellis" query caller shop.util.log.log
same "trellis: unknown query 'caller'; did you mean callers?" "$err" "query caller"
expect 2 "$trellis" query hierachy X --db "$work/none.trellis"
same "trellis: unknown query 'hierachy'; did you mean hierarchy?" "$err" "query hierachy"
expect 2 "$trellis" --db "$work/none.trellis" stast
same "trellis: unknown command 'stast'; did you mean stats?" "$err" "stast after --db FILE"
expect 2 "$trellis" xyzzy
same "trellis: unknown command 'xyzzy'
Run with --help for the list." "$err" "xyzzy"
expect 2 "$trellis" query caller shop.util.log.log --json
same '{
  "error": "unknown query '"'"'caller'"'"'",
  "error_code": "INVALID_ARGUMENT",
  "suggestion": "Did you mean callers?",
  "suggestions": [
    "callers",
    "callees",
    "cycles"
  ],
  "provided_input": {}
}' "$out" "query caller --json"
expect 2 "$trellis" idnex --json
contains "$out" '"suggestions": [
    "index"
  ]'
# A usage error that is no unknown name is as before.
expect 2 "$trellis" query
same "A subcommand is required
Run with --help for more information." "$err" "query without a name"

# Files of languages not supported yet: named in the summary, kept for stats; exit 0.
mkdir -p "$work/mixed/lib" "$work/mixed/web" "$work/mixed/docs"
printf 'def main():\n    pass\n' >"$work/mixed/app.py"
printf 'puts 1\n' >"$work/mixed/lib/a.rb"
printf 'puts 2\n' >"$work/mixed/lib/b.rb"
printf '<?php echo 1;\n' >"$work/mixed/web/index.php"
printf '# docs\n' >"$work/mixed/docs/README.md"
printf '{}\n' >"$work/mixed/data.json"
printf 'text\n' >"$work/mixed/notes.txt"
skipped_line="skipped 2 .rb, 1 .php files (languages not supported yet: ruby, php)"
skipped_json='[{"extension":".rb","language":"ruby","files":2},{"extension":".php","language":"php","files":1}]'
compact() { node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(JSON.stringify(eval(process.argv[1])))' "$1" <<<"$out"; }
expect 0 "$trellis" index "$work/mixed"
same "$skipped_line" "$(sed -n 2p <<<"$out")" "index summary, second line"
contains "$(sed -n 1p <<<"$out")" "indexed 1 files"
expect 0 "$trellis" index "$work/mixed" --json
same "$skipped_json" "$(compact d.results.skipped_languages)" "index --json skipped_languages"
same "1" "$(compact d.results.files)" "index --json files"
cd "$work/mixed" || exit 1
expect 0 "$trellis" stats
same "Skipped by index: 2 .rb, 1 .php files (languages not supported yet: ruby, php)" "$(tail -n 1 <<<"$out")" "stats"
expect 0 "$trellis" stats --json
same "$skipped_json" "$(compact d.results.skipped_languages)" "stats --json skipped_languages"
# Only supported languages: no line, an empty list.
rm "$work/mixed/lib/"*.rb "$work/mixed/web/index.php"
expect 0 "$trellis" index "$work/mixed"
[[ "$out" != *"skipped"* ]] || fail "index named skipped files in a tree without any: $out"
expect 0 "$trellis" stats --json
same "[]" "$(compact d.results.skipped_languages)" "stats --json without skipped files"

# Cypher keyword typos: the nearest keyword, as label typos get.
expect 1 "$trellis" cypher "MATCH (f) RETRUN f"
same "trellis: error: Invalid input 'RETRUN': expected a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN), UNION or the end of the statement (line 1, column 11)
Did you mean RETURN?" "$err" "cypher RETRUN"
expect 1 "$trellis" cypher "MATCH (f) RETRUN f" --json
same '"CYPHER_SYNTAX_ERROR" "Did you mean RETURN?" ["RETURN"]' \
  "$(compact d.error_code) $(compact d.suggestion) $(compact d.suggestions)" "cypher RETRUN --json"
expect 1 "$trellis" cypher "MATCH (f:Functon) RETURN f"
contains "$err" "Did you mean Function?"
expect 0 "$trellis" cypher --help
contains "$out" "Did you mean RETURN?"

finish "CLI basics"
