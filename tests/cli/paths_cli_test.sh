#!/usr/bin/env bash
# Paths as users type them: trees with dotfiles and odd file names index
# (issue 14's crash on a root `.eslintrc.js`), every command takes --db as a
# bare file name, a relative path, a path through a symlinked folder or a
# symlink to the snapshot, and CSV import keeps or reports every value.
# Usage: tests/cli/paths_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

# --- the dotfile crash: a root `.eslintrc.js` once killed index with SIGSEGV.
repo="$work/dotfiles"
mkdir -p "$repo/sub" "$repo/.storybook" "$repo/a"
echo 'module.exports = {}' >"$repo/.eslintrc.js"
echo 'export const a = 1' >"$repo/a.js"
echo 'export function inA() { return 1 }' >"$repo/a/index.js"
echo 'module.exports = { spec: "x" }' >"$repo/sub/.mocharc.js"
echo 'export function main() {}' >"$repo/.storybook/main.js"
echo 'def f(): pass' >"$repo/.hidden.py"
echo 'export function odd() {}' >"$repo/my file ü.js"
echo 'export function kw() {}' >"$repo/class.js"
echo 'export function dots() {}' >"$repo/a..b.js"
echo 'export function root() {}' >"$repo/index.js"
echo 'export function bare() {}' >"$repo/.js"
expect 0 "$trellis" index "$repo" --json
contains "$out" "\"files\": 11"
expect 0 "$trellis" cypher "MATCH (m:Module) RETURN m.file_path + ' -> ' + m.qualified_name AS m" --db "$repo/.trellis/graph.trellis" --json --limit 100
for pair in ".eslintrc.js -> eslintrc" "sub/.mocharc.js -> sub.mocharc" ".storybook/main.js -> storybook.main" \
  ".hidden.py -> hidden" "my file ü.js -> my file ü" "a..b.js -> a.b" ".js -> _js" "class.js -> class" \
  "index.js -> dotfiles" "a.js -> a" "a/index.js -> a.index.js"; do
  contains "$out" "\"m\": \"$pair\""
done
contains "$out" '"row_count": 11'
# A file and a folder with the same stem: the first (a.js) keeps the module
# name, the other is named by its path, and its definitions are its own.
expect 0 "$trellis" cypher "MATCH (m:Module)-[:DEFINES]->(f:Function) RETURN m.qualified_name + ' defines ' + f.qualified_name AS d" --db "$repo/.trellis/graph.trellis" --json --limit 100
contains "$out" '"d": "a.index.js defines a.index.js.inA"'
contains "$out" '"d": "storybook.main defines storybook.main.main"'
expect 0 "$trellis" query callers storybook.main.main --db "$repo/.trellis/graph.trellis" --json
expect 0 "$trellis" index "$repo"  # the incremental path over the same names

# --- --db as users type it, for every command that takes one.
cd "$work" || exit 1
expect 0 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db base.trellis
[[ -f "$work/base.trellis" && -f "$work/base.trellis.facts" ]] || fail "index --db base.trellis did not write ./base.trellis"
expect 0 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db base.trellis --json
contains "$out" "\"files_reparsed\": 0"
contains "$out" "\"database\": \"$work/base.trellis\""
mkdir -p "$work/dbs/real" && ln -s "$work/dbs/real" "$work/dbs/link"
expect 0 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db dbs/link/g.trellis
[[ -f "$work/dbs/real/g.trellis" ]] || fail "index --db through a symlinked folder did not write into its target"
expect 0 "$trellis" import --csv "$source_dir/examples/shop" --db ./shop.trellis
expect 0 "$trellis" import --csv "$source_dir/examples/shop" --db dbs/../shop2.trellis
[[ -f "$work/shop2.trellis" ]] || fail "import --db dbs/../shop2.trellis did not write ./shop2.trellis"
ln -s shop.trellis "$work/shop-link.trellis"
expect 0 "$trellis" import --csv "$source_dir/examples/shop" --db shop-link.trellis
[[ -L "$work/shop-link.trellis" ]] || fail "writing through a symlinked snapshot replaced the link"
for db in base.trellis ./base.trellis dbs/link/g.trellis "$work/base.trellis" shop-link.trellis; do
  expect 0 "$trellis" stats --db "$db"
  expect 0 "$trellis" cypher "MATCH (n) RETURN count(*)" --db "$db"
  expect 0 "$trellis" export --format json --db "$db"
done
expect 0 "$trellis" query callers shop.log.log --db shop.trellis
expect 0 "$trellis" export --format csv --out out-csv --db shop.trellis
[[ -f "$work/out-csv/nodes.csv" ]] || fail "export --out with a relative folder wrote nothing"
echo '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"index_status","arguments":{}}}' |
  "$trellis" serve --db shop.trellis >"$work/serve.out" 2>/dev/null
contains "$(cat "$work/serve.out")" '"id":1'
# Folders and missing files are refused with a clear error, not a crash.
expect 1 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db dbs --json
contains "$out" "\"error_code\": \"INVALID_ARGUMENT\""
contains "$out" "is a folder"
expect 1 "$trellis" index "$source_dir/tests/fixtures/python/flat" --db dbs/ --json
contains "$out" "names a folder"
expect 1 "$trellis" stats --db dbs
contains "$err" "is a folder"
expect 1 "$trellis" stats --db nowhere.trellis
contains "$err" "no graph snapshot at $work/nowhere.trellis"

# --- CSV import keeps a Package's file_path as its path and reports what it
# cannot keep; import -> export -> import -> export is stable.
mkdir -p "$work/gen"
cat >"$work/gen/nodes.csv" <<'CSV'
id,label,qualified_name,name,file_path,line_start,line_end,path
0,Project,acme,acme,,,,/srv/acme
1,Package,acme.core,core,acme/core,,,
2,Package,acme.util,util,acme/util,,,acme/util-own
3,Module,acme.core.a,a,acme/core/a.py,1,10,acme/core/a.py
4,Function,acme.core.a.f,f,acme/core/a.py,2,3,not-a-function-property
5,ExternalPackage,os,os,somewhere,,,
CSV
printf 'src,dst,type\n0,1,CONTAINS\n1,3,CONTAINS\n3,4,DEFINES\n3,5,IMPORTS\n' >"$work/gen/edges.csv"
expect 0 "$trellis" import --csv "$work/gen" --db gen.trellis --json
contains "$out" "1 path value of Function rows ignored"
contains "$out" "1 file_path value of ExternalPackage rows ignored"
expect 0 "$trellis" import --csv "$work/gen" --db gen.trellis
contains "$err$out" "warning: nodes.csv: 1 path value of Function rows ignored"
expect 0 "$trellis" cypher "MATCH (p:Package) RETURN p.qualified_name AS q, p.path AS path ORDER BY q" --db gen.trellis --json
contains "$out" '"q": "acme.core",
        "path": "acme/core"'
contains "$out" '"q": "acme.util",
        "path": "acme/util-own"'
expect 0 "$trellis" export --format csv --out gen-out --db gen.trellis
expect 0 "$trellis" import --csv gen-out --db gen2.trellis --json
contains "$out" '"warnings": []'
expect 0 "$trellis" export --format csv --out gen-out2 --db gen2.trellis
cmp -s gen-out/nodes.csv gen-out2/nodes.csv || fail "import -> export of an exported graph changed nodes.csv"
cmp -s gen-out/edges.csv gen-out2/edges.csv || fail "import -> export of an exported graph changed edges.csv"

finish "path"
