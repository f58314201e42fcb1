#!/usr/bin/env bash
# End-to-end checks of `trellis query ...` on the Python fixture project
# tests/fixtures/python/shop, indexed from source: exact answers, the JSON
# shapes of CONTRACT.md, every error code and exit status.
# Usage: tests/cli/query_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"
db="$work/shop.trellis"

# json_true EXPR: the JavaScript expression EXPR, over the document `d` in $out, is true.
json_true() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
           const names = (list) => list.map((n) => n.qualified_name);
           const ok = eval(process.argv[1]);
           if (ok !== true) { console.error(JSON.stringify(d).slice(0, 2000)); process.exit(1); }' "$1" <<<"$out" ||
    fail "JSON check failed: $1"
}

"$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$db" >/dev/null || fail "index failed"
q() { expect "$1" "$trellis" query "${@:2}" --db "$db"; }

# callers
q 0 callers shop.util.log.log --json
json_true 'd.query === "callers of shop.util.log.log (depth 1)"'
json_true 'JSON.stringify(names(d.results.callers)) === JSON.stringify(["shop.models.Base.save", "shop.models.User.validate", "shop.services.auth.AuthService.login"])'
json_true 'd.results.callers.every((n) => n.depth === 1 && n.file_path && n.line_start > 0)'
json_true 'd.results.call_chains === null'
json_true 'd.metadata.row_count === 3 && d.metadata.total_count === 3 && d.metadata.truncated === false'
json_true 'd.metadata.max_depth === 1 && d.metadata.query_type === "structural" && typeof d.metadata.execution_time_ms === "number"'
json_true 'Object.keys(d).join() === "query,results,metadata"'
json_true '!JSON.stringify(d).includes("\"id\"")'
q 0 callers log --depth 3 --no-paths --json
json_true 'd.results.callers.length === 6 && d.results.callers.every((n) => n.file_path === undefined && n.line_start === undefined)'
json_true 'names(d.results.callers).includes("shop.app.run")'
json_true 'JSON.stringify(d.results.call_chains[0]) === JSON.stringify(["shop.services.auth", "shop.services.auth.main", "shop.services.auth.AuthService.login", "shop.util.log.log"])'
json_true 'd.results.callers.find((n) => n.qualified_name === "shop.services.auth").depth === 3'
# call sites: every line where the caller makes the call of its last step
q 0 callers shop.util.log.log --depth 2 --json
json_true 'JSON.stringify(d.results.callers.map((n) => [n.qualified_name, n.call_sites])) === JSON.stringify([
  ["shop.models.Base.save", [{file_path: "src/shop/models.py", line: 7}]],
  ["shop.models.User.validate", [{file_path: "src/shop/models.py", line: 22}]],
  ["shop.services.auth.AuthService.login", [{file_path: "src/shop/services/auth.py", line: 18}, {file_path: "src/shop/services/auth.py", line: 19}]],
  ["shop.app.run", [{file_path: "src/shop/app.py", line: 8}]],
  ["shop.services.auth.main", [{file_path: "src/shop/services/auth.py", line: 35}]]])'
json_true 'd.metadata.offset === 0 && d.metadata.next_offset === null'
q 0 callers shop.util.log.log
contains "$out" "(src/shop/services/auth.py:18, 19)"
contains "$out" "(src/shop/models.py:7)"
q 0 callees shop.services.auth.main --depth 2 --json
json_true 'JSON.stringify(d.results.callees.find((n) => n.qualified_name === "shop.util.log.log").call_sites) === JSON.stringify([{file_path: "src/shop/services/auth.py", line: 18}, {file_path: "src/shop/services/auth.py", line: 19}])'
q 0 call-graph shop.services.auth.AuthService.login --depth 1 --json
json_true 'JSON.stringify(d.results.edges.find((e) => e.to_function === "shop.util.log.log").call_sites.map((s) => s.line)) === "[18,19]"'
q 0 path shop.services.auth.main shop.util.log.log --json
json_true 'd.results.path[0].call_sites === undefined && JSON.stringify(d.results.path.slice(1).map((n) => n.call_sites.map((s) => s.line))) === "[[35],[18,19]]"'
q 0 path shop.services.auth.main shop.util.log.log
contains "$out" "(src/shop/services/auth.py:35)"
q 0 why shop.util.log.log --depth 1 --json
json_true 'JSON.stringify(d.results.upstream.tree.find((n) => n.qualified_name === "shop.services.auth.AuthService.login").call_sites.map((s) => s.line)) === "[18,19]"'

# paging: offset continues the list; next_offset says where; the text says how
q 0 callers shop.util.log.log --offset 1 --json
json_true 'JSON.stringify(names(d.results.callers)) === JSON.stringify(["shop.models.User.validate", "shop.services.auth.AuthService.login"])'
json_true 'd.metadata.row_count === 2 && d.metadata.total_count === 3 && d.metadata.offset === 1 && d.metadata.next_offset === null && d.metadata.truncated === false'
q 0 callers shop.util.log.log --offset 5 --json
json_true 'd.results.callers.length === 0 && d.metadata.total_count === 3'
q 1 callers shop.util.log.log --offset -1 --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
wide="$work/wide"
mkdir -p "$wide"
{
  echo "def target():"
  echo "    pass"
  for i in $(seq -w 0 149); do printf '\n\ndef f%s():\n    target()\n' "$i"; done
} >"$wide/wide.py"
"$trellis" index "$wide" --db "$work/wide.trellis" >/dev/null || fail "index of the wide project failed"
qw() { expect "$1" "$trellis" query "${@:2}" --db "$work/wide.trellis"; }
qw 0 callers wide.target
contains "$out" "... 50 more (rows 1-100 of 150; next page: --offset 100)"
qw 0 callers wide.target --json
first="$(node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(d.results.callers.map((n) => n.qualified_name).join(" "))' <<<"$out")"
json_true 'd.metadata.row_count === 100 && d.metadata.total_count === 150 && d.metadata.next_offset === 100 && d.metadata.truncated === true'
qw 0 callers wide.target --offset 100 --json
json_true 'd.metadata.row_count === 50 && d.metadata.offset === 100 && d.metadata.next_offset === null'
second="$(node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(d.results.callers.map((n) => n.qualified_name).join(" "))' <<<"$out")"
[[ "$(tr ' ' '\n' <<<"$first $second" | sort -u | wc -l)" == 150 ]] || fail "two pages of callers do not list 150 distinct callers"
qw 0 callers wide.target --offset 100
contains "$out" "(rows 101-150 of 150)"

q 0 callers log --depth 2
contains "$out" "shop.services.auth.main"
contains "$out" "Call chains:"
q 0 callers shop.services.auth.AuthService.logout
contains "$out" "No callers of shop.services.auth.AuthService.logout"
contains "$out" "could not be resolved"

# callees
q 0 callees shop.services.auth.AuthService.logout --json
json_true 'JSON.stringify(names(d.results.callees)) === JSON.stringify(["shop.services.repo.Repo.get"])'
json_true 'd.metadata.unresolved_calls === 1'
q 0 callees shop.services.auth.main --depth 2 --json
json_true 'd.results.callees.some((n) => n.qualified_name === "shop.util.log.log" && n.depth === 2)'
json_true 'd.results.call_chains.every((c) => c[0] === "shop.services.auth.main")'
# Dispatch: off by default; --dispatch adds User.validate, which overrides the Base.validate that save calls.
q 0 callees shop.models.Base.save --json
json_true 'JSON.stringify(names(d.results.callees)) === JSON.stringify(["shop.util.log.log", "shop.models.Base.validate"])'
json_true 'd.results.callees.every((n) => n.via === undefined && n.through === undefined)'
q 0 callees shop.models.Base.save --dispatch --json
json_true 'JSON.stringify(d.results.callees.map((n) => [n.depth, n.qualified_name, n.via ?? null, n.through ?? null])) === JSON.stringify([[1, "shop.util.log.log", null, null], [1, "shop.models.Base.validate", null, null], [1, "shop.models.User.validate", "dispatch", "shop.models.Base.validate"]])'
json_true 'd.metadata.row_count === 3 && d.metadata.total_count === 3'
q 0 callees shop.services.auth.AuthService.login --depth 2 --dispatch --json
json_true 'JSON.stringify(d.results.call_chains[2]) === JSON.stringify(["shop.services.auth.AuthService.login", "shop.models.Base.save", "shop.models.Base.validate", "shop.models.User.validate"])'
q 0 callees shop.models.Base.save --dispatch
contains "$out" "Via dispatch (they override or implement a method called):"
contains "$out" "  shop.models.User.validate (through shop.models.Base.validate)"

# call graph
q 0 call-graph shop.services.auth.ping --json
json_true 'JSON.stringify(names(d.results.nodes)) === JSON.stringify(["shop.services.auth.ping", "shop.services.auth.pong"])'
json_true 'd.results.edges.length === 2 && d.results.edges.every((e) => e.call_type === "direct")'
json_true 'd.results.cycles.length === 1 && d.results.cycles[0].cycle_length === 2'
json_true 'd.results.truncated === false && d.results.total_nodes === 2'
q 0 call-graph main --max-nodes 3 --json
json_true 'd.results.nodes.length === 3 && d.results.truncated === true && d.results.total_nodes === 11'
json_true 'd.metadata.truncated === true && d.metadata.total_count === 11 && d.metadata.max_depth === 3'
q 0 call-graph shop.services.auth.AuthService.login --json
json_true 'JSON.stringify(names(d.results.nodes)) === JSON.stringify(["shop.services.auth.AuthService.login", "shop.util.log.log", "shop.models.Base.save", "shop.services.repo.Repo.find", "shop.models.Base.validate", "shop.models.User"])'
json_true 'd.results.edges.length === 6 && d.results.cycles.length === 0'
q 0 call-graph shop.services.auth.AuthService.login --dispatch --json
json_true 'JSON.stringify(d.results.nodes.map((n) => n.qualified_name + " " + n.depth + (n.via ? " " + n.via + " " + n.through : "")).slice(4)) === JSON.stringify(["shop.models.Base.validate 2", "shop.models.User 2", "shop.models.User.validate 2 dispatch shop.models.Base.validate"])'
json_true 'JSON.stringify(d.results.edges.filter((e) => e.via)) === JSON.stringify([{from_function: "shop.models.Base.save", to_function: "shop.models.User.validate", call_type: "method", via: "dispatch", through: "shop.models.Base.validate", call_sites: [{file_path: "src/shop/models.py", line: 8}]}])'
# User.validate's super().validate() is a CALLS edge to Base.validate, not a dispatch edge to itself.
json_true 'd.results.edges.length === 9 && d.results.cycles.length === 0 && d.results.total_nodes === 7'
q 0 call-graph shop.services.auth.AuthService.login --dispatch
contains "$out" "  shop.models.User.validate (through shop.models.Base.validate)"
q 0 hierarchy shop.models.Base --offset 1
[[ "$out" == "Descendants of shop.models.Base:
2  shop.models.Admin  Class  src/shop/models.py:26
(rows 2-2 of 2)" ]] || fail "hierarchy page: $out"
q 0 dependencies shop.services.auth --offset 3 --json
json_true 'd.metadata.offset === 3 && d.metadata.total_count === 9 && d.metadata.row_count === 6 && d.metadata.next_offset === null'
q 0 call-graph shop.services.auth.main --depth 2
# Each line: where the line above calls it.
contains "$out" "│   ├── shop.util.log.log  (src/shop/services/auth.py:18, 19)"
contains "$out" "└── shop.services.repo.Repo.get  (src/shop/services/auth.py:37)"
q 0 call-graph shop.services.auth.recursive
contains "$out" "recursion: shop.services.auth.recursive"
contains "$out" "└── shop.services.auth.ping"

# path
q 0 path shop.services.auth.main shop.util.log.log --json
json_true 'JSON.stringify(names(d.results.path)) === JSON.stringify(["shop.services.auth.main", "shop.services.auth.AuthService.login", "shop.util.log.log"])'
json_true 'd.results.found === true && d.results.length === 2'
q 0 path shop.util.log.log shop.services.auth.main --json
json_true 'd.results.found === false && d.results.path.length === 0'

# hierarchy, implementations, exports, dependencies
q 0 hierarchy shop.models.User --json
json_true 'JSON.stringify(names(d.results.ancestors)) === JSON.stringify(["shop.models.Base"])'
json_true 'JSON.stringify(names(d.results.descendants)) === JSON.stringify(["shop.models.Admin"])'
json_true 'd.results.hierarchy_tree.name === "shop.models.User" && d.results.hierarchy_tree.children[0].name === "shop.models.Admin"'
json_true 'd.results.circular_dependencies.length === 0 && d.results.warnings.length === 0'
q 0 hierarchy shop.models.Base --direction down --depth 1 --json
json_true 'JSON.stringify(names(d.results.descendants)) === JSON.stringify(["shop.models.User"]) && d.results.ancestors.length === 0'
q 0 hierarchy shop.models.Admin --direction up
contains "$out" "shop.models.Base"
q 0 implementations shop.models.Base --json
json_true 'JSON.stringify(names(d.results.implementations)) === JSON.stringify(["shop.models.User"])'
q 0 implementations shop.models.Base --indirect --json
json_true 'd.results.inheritance_depth["shop.models.User"] === 1 && d.results.inheritance_depth["shop.models.Admin"] === 2'
q 0 exports shop.services.auth --json
json_true 'JSON.stringify(names(d.results.exports)) === JSON.stringify(["shop.services.auth.AuthService", "shop.services.auth.build", "shop.services.auth.main", "shop.services.auth.shadowed", "shop.services.auth.recursive", "shop.services.auth.ping", "shop.services.auth.pong"])'
json_true 'd.results.module_info.qualified_name === "shop.services.auth" && d.results.module_info.label === "Module"'
q 0 exports shop.star.listed --json
json_true 'JSON.stringify(d.results.exports.map((n) => n.name)) === JSON.stringify(["exported"])'
q 0 dependencies shop.services.auth --type imports --json
json_true 'names(d.results.imports).includes("shop.services.repo") && names(d.results.imports).includes("typing")'
json_true 'd.results.calls.length === 0'
q 0 dependencies shop.services.auth.AuthService.logout --type calls --json
json_true 'JSON.stringify(names(d.results.calls)) === JSON.stringify(["shop.services.repo.Repo.get"])'
json_true 'JSON.stringify(d.results.dependency_graph) === JSON.stringify({"shop.services.auth.AuthService.logout": ["shop.services.repo.Repo.get"]})'

# errors: exit 1 with the contract's error object; usage errors exit 2
q 1 callers shop.nothing.here --json
json_true 'd.error_code === "NODE_NOT_FOUND" && d.provided_input.function_name === "shop.nothing.here"'
q 1 callers shop.util.log.lgo --json
json_true 'd.error_code === "NODE_NOT_FOUND" && d.suggestions[0] === "shop.util.log.log" && d.suggestion === "Did you mean shop.util.log.log?"'
q 1 callers get --json
json_true 'd.error_code === "AMBIGUOUS_NAME" && d.suggestions.length === 3'
q 1 callers log --depth 6 --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.provided_input.max_depth === 6 && d.error.includes("1 to 5")'
q 1 call-graph main --max-nodes 101 --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.provided_input.max_nodes === 101'
q 1 hierarchy shop.models.User --direction sideways --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("up, down, both")'
q 1 dependencies shop.services.auth --type everything
contains "$err" "imports, calls, all"
q 1 callers shop.nothing.here
contains "$err" "trellis: error: Function 'shop.nothing.here' not found"
expect 1 "$trellis" query callers log --db "$work/missing.trellis" --json
json_true 'd.error_code === "DATABASE_ERROR"'
q 2 callers
q 2 callers log --depth two
q 2 callers log --no-such-option
# The agent-context commands: people's text and --json.
q 0 outline src/shop/models.py
contains "$out" "shop.models (src/shop/models.py:1):"
contains "$out" "28  Method    create"
q 0 outline shop.models --label Method --json
json_true 'd.results.outline.length === 7 && d.results.outline.every((n) => n.label === "Method" && n.depth === 2)'
json_true 'd.results.outline[0].parent === "shop.models.Base" && d.results.outline[0].line_start === 6'
q 0 children shop.models.Admin
contains "$out" "2 definitions defined by shop.models.Admin:"
q 0 importers src/shop/util/log.py --transitive --json
json_true 'd.results.importers.length === 6 && d.results.target.qualified_name === "shop.util.log"'
q 0 chain shop.app shop.util.log
contains "$out" "shop.app → shop.models → shop.util.log"
q 0 chain shop.app.run shop.util.log.log --type calls --json
json_true 'd.results.rendered === "shop.app.run → shop.models.User.validate → shop.util.log.log" && d.results.found'
json_true 'JSON.stringify(d.results.chain.map((n) => n.call_sites || null)) === JSON.stringify([null, [{file_path: "src/shop/app.py", line: 8}], [{file_path: "src/shop/models.py", line: 22}]])'
q 0 chain shop.app.run shop.util.log.log --type calls
contains "$out" "2  shop.util.log.log          Function  src/shop/util/log.py:4  (src/shop/models.py:22)"
q 0 chain shop.util.log shop.app
contains "$out" "No imports chain from shop.util.log to shop.app within 10 steps."
q 1 outline src/shop/model.py --json
json_true 'd.error_code === "NODE_NOT_FOUND" && d.suggestions[0] === "src/shop/models.py"'
q 1 outline src/shop/models.py --label Module
contains "$err" "all, Class, Interface, Function, Method"
q 1 children validate --json
json_true 'd.error_code === "AMBIGUOUS_NAME"'
q 2 chain shop.app
q 0 impact shop.util.log.log
contains "$out" "7 nodes may break if shop.util.log.log changes (nearest first):"
contains "$out" "2  shop.app.run  calls … shop.util.log.log"
q 0 impact src/shop/util/log.py --depth 1 --json
json_true 'd.results.target.qualified_name === "shop.util.log" && d.metadata.max_depth === 1'
q 1 impact log --depth 11 --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
q 0 complexity src/shop/services/auth.py
contains "$out" "58 lines, 10 definitions, 9 functions, 1 class, 4 imports and 1 importer"
contains "$out" "  44           2  shop.services.auth.recursive"
q 0 details AuthService.logout
contains "$out" "Method shop.services.auth.AuthService.logout (src/shop/services/auth.py:24)"
contains "$out" "in: auth > AuthService > logout"
contains "$out" "session.get (unresolved: unknown_receiver)"
contains "$out" "26          self.repo.get(\"x\")"
q 0 unresolved shop
contains "$out" "4 call sites inside shop could not be resolved:"
contains "$out" "25  logout    session.get  unknown_receiver"
contains "$out" "  unknown_name           3  nothing by this name is defined, imported or built in there"
q 0 unresolved src/shop/services/auth.py --reason unknown_name --json
json_true 'd.results.unresolved.length === 1 && d.results.unresolved[0].text === "log" && d.results.unresolved[0].line === 41 && d.results.unresolved[0].reason === "unknown_name" && d.results.by_reason.unknown_receiver === 1 && d.metadata.total_count === 1 && d.metadata.next_offset === null'
q 0 unresolved shop.models
contains "$out" "Every call site inside shop.models was resolved."
q 1 unresolved shop --reason nonsense --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
q 0 details src/shop/models.py --no-source --json
json_true 'd.results.node.qualified_name === "shop.models" && d.results.source === null && d.results.imports.length === 1 && d.results.imports[0].qualified_name === "shop.util.log"'
q 0 source src/shop/services/auth.py:29-30
contains "$out" "29  def build() -> AuthService:"
contains "$out" "definitions here: shop.services.auth.build"
q 0 source shop.models.User --max-lines 2 --json
json_true 'd.results.line_start === 17 && d.results.line_end === 18 && d.results.truncated && d.results.text === "class User(Base):\n    def __init__(self, name):\n"'
q 1 source src/shop/services/auth.py:0-3 --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
q 1 source src/shop/services/nothing.py:1-3 --json
json_true 'd.error_code === "NODE_NOT_FOUND"'
q 0 why AuthService.login
contains "$out" "upstream: what depends on it (4 nodes, 2 direct, depth 3)"
contains "$out" "└── shop.services.auth.main  [CALLS]  src/shop/services/auth.py:33"
contains "$out" "        └── shop.services  [IMPORTS]"
q 0 why shop.models.User --reverse --depth 2 --json
json_true 'd.results.upstream.max_depth === 2 && d.results.downstream.max_depth === 1 && d.results.rendered.includes("[CALLS validate]")'
q 1 why shop.models.User --max-nodes 0 --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
q 0 context AuthService.login shop.app.run --depth 1 --budget 100
contains "$out" "context of shop.services.auth.AuthService.login, shop.app.run:"
contains "$out" "15      def login(self, name):"
q 0 context AuthService.logout --max-nodes 3 --budget 0 --json
json_true 'd.results.nodes.length === 3 && d.results.nodes_truncated && d.results.snippets.length === 0 && d.results.unresolved_calls[0].text === "session.get"'
json_true 'JSON.stringify(d.results.focus.map((n) => n.qualified_name)) === JSON.stringify(["shop.services.auth.AuthService.logout"])'
q 1 context AuthService.login shop.nothing --json
json_true 'd.error_code === "NODE_NOT_FOUND" && JSON.stringify(d.provided_input.names) === JSON.stringify(["AuthService.login", "shop.nothing"])'
q 1 context AuthService.login --budget -1 --json
q 2 context
for command in callers callees hierarchy dependencies exports implementations call-graph path outline children importers chain complexity impact details source why context; do
  expect 0 "$trellis" query "$command" --help
  contains "$out" "qualified names"
  contains "$out" "Examples:"
done
expect 0 "$trellis" query callers --help
contains "$out" "--depth"
contains "$out" "1..5"
contains "$out" "--fields F1,F2|all"
contains "$out" "comma-separated: all, path, byte_start, byte_end, language"

# lean nodes: what an agent needs; --fields adds properties by name, or all
q 0 callers shop.services.auth.AuthService.login --json
json_true 'JSON.stringify(d.results.callers[0]) === JSON.stringify({label: "Function", qualified_name: "shop.app.run", name: "run", node_id: "9695ced8c0d240ed", file_path: "src/shop/app.py", line_start: 6, line_end: 9, depth: 1, call_sites: [{file_path: "src/shop/app.py", line: 9}]})'
q 0 callers shop.services.auth.AuthService.login --fields complexity,language --json
json_true 'JSON.stringify(Object.keys(d.results.callers[0])) === JSON.stringify(["label", "qualified_name", "name", "node_id", "file_path", "line_start", "line_end", "language", "complexity", "depth", "call_sites"])'
json_true 'd.results.callers[0].complexity === 1 && d.results.callers[0].language === "python"'
q 0 callers shop.services.auth.AuthService.login --fields all --json
json_true 'd.results.callers[0].byte_start >= 0 && d.results.callers[0].byte_end > d.results.callers[0].byte_start && d.results.callers[0].is_async === false'
q 0 hierarchy shop.models.User --json
json_true 'd.results.ancestors[0].base_classes === undefined && d.results.descendants[0].docstring === undefined && d.results.ancestors[0].file_path === "src/shop/models.py"'
q 0 hierarchy shop.models.User --fields base_classes --json
json_true 'JSON.stringify(d.results.descendants[0].base_classes) === JSON.stringify(["User"])'
q 0 exports shop.models --fields docstring --json
json_true 'd.results.module_info.qualified_name === "shop.models" && d.results.exports.every((n) => n.byte_start === undefined)'
q 0 details shop.models.User.validate --json
json_true 'd.results.node.class_name === "User" && d.results.node.byte_start > 0 && d.results.parent.byte_start === undefined'
q 1 callers log --fields docstrings --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("got '"'"'docstrings'"'"'") && d.provided_input.fields === "docstrings"'

# cycles: one declaration in the catalog, like every query
q 0 cycles --type CALLS
[[ "$out" == "2 nodes:
  shop.cycle_a.a
  shop.cycle_b.b
2 nodes:
  shop.services.auth.ping
  shop.services.auth.pong
1 node (self loop):
  shop.services.auth.recursive" ]] || fail "cycles text: $out"
q 0 cycles
[[ "$out" == *"1 node (self loop):"* ]] || fail "cycles follow CALLS by default: $out"
q 0 cycles --type INHERITS
[[ "$out" == "No INHERITS cycles." ]] || fail "no cycles: $out"
q 0 cycles --type IMPORTS --json
json_true 'd.query === "cycles over IMPORTS" && JSON.stringify(d.results) === JSON.stringify({cycles: [{cycle_type: "IMPORTS", cycle_path: ["shop.cycle_a", "shop.cycle_b"], cycle_length: 2}]})'
json_true 'd.metadata.row_count === 1 && d.metadata.total_count === 1 && d.metadata.truncated === false && d.metadata.next_offset === null && d.metadata.query_type === "structural"'
q 0 cycles --offset 1
[[ "$out" == "2 nodes:
  shop.services.auth.ping
  shop.services.auth.pong
1 node (self loop):
  shop.services.auth.recursive
(rows 2-3 of 3)" ]] || fail "cycles page: $out"
q 1 cycles --type CONTAINS --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("CALLS, IMPORTS, INHERITS") && d.provided_input.relationship_type === "CONTAINS"'
expect 0 "$trellis" query cycles --help
contains "$out" "--type CALLS|IMPORTS|INHERITS"
contains "$out" "trellis query cycles --type IMPORTS --json"

# Re-exports: listed after a module's own definitions, and kept current by an
# incremental index (tests/fixtures/reexports/EXPECTED.md).
cp -r "$source_dir/tests/fixtures/reexports" "$work/reexports"
rx_db="$work/reexports/.trellis/graph.trellis"
expect 0 "$trellis" index "$work/reexports"
expect 0 "$trellis" query exports py.lib --db "$rx_db" --json
json_true 'd.results.exports.map(n => (n.re_exported ? n.exported_as + "->" : "") + n.qualified_name).join(" ") === "py.lib.version codecs->py.lib.codecs Engine->py.lib.core.Engine start->py.lib.core.run extra_tool->py.lib.extra.extra_tool"'
json_true 'd.results.exports[0].re_exported === undefined && d.results.exports[3].file_path === "py/lib/core.py" && d.metadata.total_count === 5'
expect 0 "$trellis" query exports ts/src/models/index.ts --db "$rx_db"
contains "$out" "Re-exported:"
contains "$out" "createUser  -> ts.src.models.user.makeUser"
sed -i 's/from .core import Engine, run as start/from .core import Engine/' "$work/reexports/py/lib/__init__.py"
expect 0 "$trellis" index "$work/reexports"
expect 0 "$trellis" query exports py.lib --db "$rx_db" --json
json_true 'd.results.exports.map(n => n.exported_as || n.name).join(" ") === "version codecs Engine extra_tool"'

# Pictures of a neighbourhood: clusters by module, short names, styles by
# type, and a "+N more" marker where --max-nodes left neighbours out.
expect 0 "$trellis" export --format mermaid --root shop.models.Base --type INHERITS,CALLS --max-nodes 4 --db "$db"
expected_mermaid="$(cat <<'MERMAID'
flowchart LR
  subgraph c0["shop.models"]
    n22["Base"]
    n23["User"]
    n24["Admin"]
  end
  subgraph c1["shop"]
    n28["make_user"]
  end
  n28 -->|CALLS| n23
  n23 ==>|INHERITS| n22
  n24 ==>|INHERITS| n23
  more23["+2 more"]:::more
  n23 -.- more23
  classDef more fill:none,stroke-dasharray:3 3
MERMAID
)"
[[ "$out" == "$expected_mermaid" ]] || fail "subgraph mermaid: $out"
expect 0 "$trellis" export --format dot --root shop.services.auth.main --direction out --type CALLS --depth 2 --max-nodes 6 --db "$db"
expected_dot="$(cat <<'DOT'
digraph trellis {
  rankdir=LR;
  node [fontname="Helvetica"];
  edge [fontname="Helvetica", fontsize=10];
  subgraph cluster_0 {
    label="shop.services.auth";
    style="rounded";
    color=gray70;
    "Function:shop.services.auth.main" [label="main", tooltip="Function shop.services.auth.main", shape=box, style="rounded"];
    "Function:shop.services.auth.build" [label="build", tooltip="Function shop.services.auth.build", shape=box, style="rounded"];
    "Method:shop.services.auth.AuthService.login" [label="login", tooltip="Method shop.services.auth.AuthService.login", shape=box, style="rounded"];
    "Class:shop.services.auth.AuthService" [label="AuthService", tooltip="Class shop.services.auth.AuthService", shape=box, style="filled", fillcolor="#eef2ff"];
  }
  subgraph cluster_1 {
    label="shop.services.repo";
    style="rounded";
    color=gray70;
    "Class:shop.services.repo.Repo" [label="Repo", tooltip="Class shop.services.repo.Repo", shape=box, style="filled", fillcolor="#eef2ff"];
    "Method:shop.services.repo.Repo.get" [label="get", tooltip="Method shop.services.repo.Repo.get", shape=box, style="rounded"];
  }
  "Function:shop.services.auth.main" -> "Class:shop.services.repo.Repo" [label="CALLS constructor @36"];
  "Function:shop.services.auth.main" -> "Function:shop.services.auth.build" [label="CALLS direct @34"];
  "Function:shop.services.auth.main" -> "Method:shop.services.auth.AuthService.login" [label="CALLS method @35"];
  "Function:shop.services.auth.main" -> "Method:shop.services.repo.Repo.get" [label="CALLS method @37"];
  "Function:shop.services.auth.build" -> "Class:shop.services.auth.AuthService" [label="CALLS constructor @30"];
  "Function:shop.services.auth.build" -> "Class:shop.services.repo.Repo" [label="CALLS constructor @30"];
  "more:Method:shop.services.auth.AuthService.login" [label="+3 more", shape=plaintext, fontcolor=gray40];
  "Method:shop.services.auth.AuthService.login" -> "more:Method:shop.services.auth.AuthService.login" [style=dashed, color=gray60, arrowhead=none];
}
DOT
)"
[[ "$out" == "$expected_dot" ]] || fail "subgraph dot: $out"
expect 0 "$trellis" export --format json --root src/shop/models.py --direction out --type DEFINES --depth 1 --db "$db" --json
json_true 'd.results.document.nodes.map((n) => n.name).join(" ") === "models Base User Admin" && d.results.document.relationships.length === 3 && d.results.omitted_node_count === 0 && d.results.document.omitted === undefined'
expect 0 "$trellis" export --format graphml --root shop.models.User --direction in --type INHERITS --db "$db"
contains "$out" '<edge source="n24" target="n23">'
expect 1 "$trellis" export --format dot --depth 3 --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("give it with --root NAME")'
expect 1 "$trellis" export --format dot --root shop.models.Base --type CALL --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("unknown relationship type \x27CALL\x27")'
expect 1 "$trellis" export --format csv --root shop.models.Base --out "$work/sub-csv" --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("csv exports the whole graph")'
[[ ! -e "$work/sub-csv" ]] || fail "a refused csv export wrote $work/sub-csv"
expect 1 "$trellis" export --format dot --root shop.nowhere --db "$db" --json
json_true 'd.error_code === "NODE_NOT_FOUND"'
# svg and png go through Graphviz's dot (scripts/setup.sh installs it); without it, a clear refusal.
if command -v dot >/dev/null; then
  expect 0 "$trellis" export --format svg --root shop.models.Base --type INHERITS --out "$work/classes.svg" --db "$db"
  grep -q "<svg" "$work/classes.svg" || fail "export --format svg wrote no SVG"
  grep -q "<title>Class:shop.models.Admin</title>" "$work/classes.svg" || fail "the SVG lacks Admin"
  [[ -z "$(ls -A "$work" | grep '\.dot$')" ]] || fail "export --format svg left its DOT file behind"
else
  echo "note: Graphviz's dot is not installed; svg rendering not checked"
fi
expect 1 env PATH=/nonexistent "$trellis" export --format svg --out "$work/none.svg" --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("apt-get install graphviz")'
expect 1 "$trellis" export --format png --db "$db" --json
json_true 'd.error.includes("give it with --out FILE")'

# --cypher: the nodes and relationships anywhere in the rows (paths here),
# each once; --max-nodes cuts, and the cut relationships go with the nodes.
expect 0 "$trellis" export --format mermaid --cypher 'MATCH p = (:Class)-[:INHERITS*1..3]->(:Class) RETURN p' --db "$db"
expected_mermaid="$(cat <<'MERMAID'
flowchart LR
  subgraph c0["shop.models"]
    n23["User"]
    n22["Base"]
    n24["Admin"]
  end
  n23 ==>|INHERITS| n22
  n24 ==>|INHERITS| n23
MERMAID
)"
[[ "$out" == "$expected_mermaid" ]] || fail "cypher mermaid: $out"
expect 0 "$trellis" export --format json --cypher 'MATCH (a)-[r:CALLS]->(b:Class) RETURN [a, r, {to: b}] AS x' --max-nodes 2 --db "$db" --json
json_true 'd.results.document.nodes.length === 2 && d.results.document.relationships.length === 1 && d.results.omitted_node_count > 0'
expect 0 "$trellis" export --format dot --cypher 'MATCH (m:Module) RETURN m.name' --db "$db" --json
json_true 'd.results.node_count === 0 && d.results.relationship_count === 0'
expect 1 "$trellis" export --format dot --cypher 'MATCH (f:Funktion) RETURN f' --db "$db" --json
json_true 'd.error_code === "CYPHER_SEMANTIC_ERROR" && d.suggestion.includes("Function")'
expect 1 "$trellis" export --format dot --cypher 'MATCH (f) RETURN f' --root shop.models.Base --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("give one")'
expect 1 "$trellis" export --format dot --cypher 'MATCH (f) RETURN f' --depth 2 --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("--cypher selects by its query alone")'
expect 1 "$trellis" export --format dot --cypher 'EXPLAIN MATCH (f) RETURN f' --db "$db" --json
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("not EXPLAIN")'

# Structural answers as pictures: the answer's nodes and its edge types among them.
expect 0 "$trellis" query callers shop.util.log.log --depth 2 --format mermaid --db "$db"
expected_mermaid="$(cat <<'MERMAID'
flowchart LR
  subgraph c0["shop.util.log"]
    n46["log"]
  end
  subgraph c1["shop.models"]
    n49["save"]
    n53["validate"]
  end
  subgraph c2["shop.services.auth"]
    n57["login"]
    n36["main"]
  end
  subgraph c3["shop.app"]
    n29["run"]
  end
  n49 -->|CALLS| n46
  n53 -->|CALLS| n46
  n57 -->|CALLS| n46
  n57 -->|CALLS| n49
  n29 -->|CALLS| n53
  n29 -->|CALLS| n57
  n36 -->|CALLS| n57
MERMAID
)"
[[ "$out" == "$expected_mermaid" ]] || fail "callers mermaid: $out"
expect 0 "$trellis" query path shop.services.auth.main shop.util.log.log --format dot --db "$db"
[[ "$(grep -c -- ' -> ' <<<"$out")" == 2 ]] || fail "path dot has other than its two steps: $out"
contains "$out" '"Function:shop.services.auth.main" -> "Method:shop.services.auth.AuthService.login" [label="CALLS method @35"];'
expect 0 "$trellis" query hierarchy shop.models.User --format dot --db "$db" --json
json_true 'd.results.node_count === 3 && d.results.relationship_count === 2 && d.results.content.includes("arrowhead=empty")'
expect 0 "$trellis" query dependencies shop.services.auth --format mermaid --db "$db"
contains "$out" "-.->|IMPORTS|"
expect 2 "$trellis" query outline shop.models --format dot --db "$db"
contains "$err" "--format"

finish "query CLI"
