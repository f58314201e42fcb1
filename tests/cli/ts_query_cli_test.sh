#!/usr/bin/env bash
# End-to-end checks of `trellis index` and `trellis query ...` on the
# TypeScript fixture project tests/fixtures/typescript/shop: the structural
# queries answer on a TypeScript graph as on a Python one.
# Usage: tests/cli/ts_query_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

json_true() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
           const names = (list) => list.map((n) => n.qualified_name);
           const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
           const ok = eval(process.argv[1]);
           if (ok !== true) { console.error(JSON.stringify(d).slice(0, 2000)); process.exit(1); }' "$1" <<<"$out" ||
    fail "JSON check failed: $1"
}

# Indexed in a copy, as a user would: .trellis/ beside the sources, node_modules and dist skipped.
cp -r "$source_dir/tests/fixtures/typescript/shop" "$work/shop"
cd "$work/shop" || exit 1
expect 0 "$trellis" index
contains "$out" "indexed 18 files (18 parsed, 0 unchanged"
contains "$out" "INHERITS 4, IMPLEMENTS 3"
[[ -f .trellis/graph.trellis ]] || fail "index did not write .trellis/graph.trellis"
expect 0 "$trellis" index
contains "$out" "(0 parsed, 18 unchanged"
q() { expect "$1" "$trellis" query "${@:2}"; }

q 0 callers src.models.user.User.validate --json
json_true 'same(names(d.results.callers).sort(), ["src.services.audit.audit", "src.services.auth.AuthService.login", "src.services.auth.main", "src.services.events.Bus.fire"])'
json_true 'd.results.callers.every((n) => n.language === undefined && n.file_path.startsWith("src/"))'
q 0 callers src.models.user.User.validate --fields language --json
json_true 'd.results.callers.every((n) => n.language === "typescript" && n.file_path.startsWith("src/"))'
q 0 callers validate --depth 2 --json
json_true 'names(d.results.callers).includes("src.services.auth.AuthService.helper") && names(d.results.callers).includes("src.app.App")'
q 0 callees AuthService.login --json
json_true 'd.results.callees.length === 11 && names(d.results.callees).includes("src.services.repo.Repository.find")'
json_true '!names(d.results.callees).includes("src.services.repo.MemoryRepo.find")'
# With dispatch, the implementations of the interface methods and the overrides of User.name, after the callees.
q 0 callees AuthService.login --dispatch --json
json_true 'd.results.callees.length === 15 && d.results.callees.slice(0, 11).every((n) => n.via === undefined)'
json_true 'same(d.results.callees.slice(11).map((n) => n.qualified_name + " " + n.via + " " + n.through), ["src.models.user.Guest.name dispatch src.models.user.User.name", "src.services.audit.AuditedUser.name dispatch src.models.user.User.name", "src.services.repo.MemoryRepo.save dispatch src.services.repo.Repository.save", "src.services.repo.MemoryRepo.find dispatch src.services.repo.Repository.find"])'
q 0 callees src.services.auth.untyped --json
json_true 'd.results.callees.length === 0'
q 0 hierarchy src.models.base.Entity --direction down --json
json_true 'same(names(d.results.descendants).sort(), ["src.models.user.Guest", "src.models.user.User", "src.services.audit.AuditedUser"])'
q 0 hierarchy src.models.base.Named --direction up --json
json_true 'same(names(d.results.ancestors), ["src.models.base.Identified"])'
q 0 implementations src.services.repo.Repository --json
json_true 'same(names(d.results.implementations), ["src.services.repo.MemoryRepo"])'
q 0 implementations src.models.base.Named --indirect --json
json_true 'same(names(d.results.implementations).sort(), ["src.models.user.Guest", "src.models.user.User", "src.services.audit.AuditedUser"])'
q 0 dependencies src.services.auth --type imports --json
json_true 'same(names(d.results.imports).sort(), ["crypto", "packages.logger.src", "react", "src.models", "src.services.repo", "src.side-effect", "src.util", "src.util.format"])'
q 0 exports src.services.repo --json
json_true 'same(names(d.results.exports), ["src.services.repo.Repository", "src.services.repo.MemoryRepo"])'
q 0 exports src.services.auth --json
json_true 'same(names(d.results.exports), ["src.services.auth.AuthService", "src.services.auth.build"])'
q 0 exports src.services.auth --private --json
json_true 'same(names(d.results.exports), ["src.services.auth.AuthService", "src.services.auth.build", "src.services.auth.untyped", "src.services.auth.main"])'
q 0 call-graph src.services.auth.main --depth 2 --json
json_true 'd.results.edges.some((e) => e.from_function === "src.services.auth.main" && e.to_function === "src.services.repo.MemoryRepo" && e.call_type === "constructor")'
json_true 'd.results.edges.some((e) => e.from_function === "src.services.auth.AuthService.login" && e.to_function === "src.util.strings.upper")'
q 1 callers src.services.auth.nothing --json
json_true 'd.error_code === "NODE_NOT_FOUND"'

# The MCP server answers on the TypeScript graph as the CLI does.
out="$(printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"ts-test","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"query_implementations","arguments":{"interface_name":"src.models.base.Named","include_indirect":true}}}' |
  "$trellis" serve 2>/dev/null | tail -n 1 | node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).result.content[0].text)')"
json_true 'same(names(d.results.implementations).sort(), ["src.models.user.Guest", "src.models.user.User", "src.services.audit.AuditedUser"])'

# Cypher reads the TypeScript graph unchanged: interfaces, IMPLEMENTS, CALLS.
expect 0 "$trellis" cypher --json \
  'MATCH (c:Class)-[:IMPLEMENTS]->(i:Interface) RETURN c.qualified_name AS class, i.qualified_name AS interface ORDER BY class'
json_true 'same(d.results.rows, [
  {class: "src.models.user.User", interface: "src.models.base.Named"},
  {class: "src.services.audit.AuditedUser", interface: "src.models.base.Named"},
  {class: "src.services.repo.MemoryRepo", interface: "src.services.repo.Repository"}])'
expect 0 "$trellis" cypher --json \
  "MATCH (f)<-[:CALLS]-(g) WHERE f.language = 'typescript' RETURN f.qualified_name AS callee, count(*) AS calls ORDER BY calls DESC, callee LIMIT 2"
json_true 'same(d.results.rows, [{callee: "src.services.repo.MemoryRepo", calls: 5}, {callee: "src.models.user.User.validate", calls: 4}])'

finish "TypeScript query CLI"
