#!/usr/bin/env bash
# End-to-end checks of `trellis search` on tests/fixtures/search (Python,
# TypeScript and Go), indexed from source: ranked hits with score, matched
# words and snippet, phrases, suggestions, filters, paging, node ids, and
# an incremental re-index that changes what is found.
# Usage: tests/cli/search_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"
root="$work/search"
cp -r "$source_dir/tests/fixtures/search" "$root"
db="$work/search.trellis"

json_true() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
           const names = (hits) => hits.map((h) => h.node.qualified_name);
           const ok = eval(process.argv[1]);
           if (ok !== true) { console.error(JSON.stringify(d).slice(0, 2000)); process.exit(1); }' "$1" <<<"$out" ||
    fail "JSON check failed: $1"
}

"$trellis" index "$root" --db "$db" >/dev/null || fail "index failed"
s() { expect "$1" "$trellis" search "${@:2}" --db "$db"; }

# a docstring hit: node, score, matched words, snippet; the paged metadata
s 0 customer --json
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["py.billing.refunds.issue_refund"])'
json_true 'd.results.hits[0].score > 0 && JSON.stringify(d.results.hits[0].matched) === "[\"customer\"]"'
json_true 'd.results.hits[0].snippet === "Give a customer'"'"'s money back for an order."'
json_true 'd.results.hits[0].node.label === "Function" && d.results.hits[0].node.file_path === "py/billing/refunds.py"'
json_true '/^[0-9a-f]{16}$/.test(d.results.hits[0].node.node_id)'
json_true 'd.metadata.total_count === 1 && d.metadata.truncated === false && d.metadata.offset === 0 && d.metadata.next_offset === null'
json_true 'Object.keys(d).join() === "query,results,metadata"'
s 0 customer
contains "$out" "py.billing.refunds.issue_refund  py/billing/refunds.py:5"
contains "$out" "matched: customer"

# split identifiers; the name as written first
s 0 parseHTTPResponse --json
json_true 'd.results.hits[0].node.qualified_name === "py.billing.refunds.PaymentGateway.parseHTTPResponse" && d.results.hits[0].exact_name === true'
# a phrase
s 0 '"retry the request"' --json
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["py.billing.refunds.retry_with_backoff"])'
json_true 'JSON.stringify(d.results.phrases) === "[\"retry the request\"]"'
# a typo: no hit, suggestions
s 0 refnud --json
json_true 'd.results.hits.length === 0 && d.results.suggestions[0] === "refund"'
s 0 refnud
contains "$out" "Did you mean: refund"
# filters and paging
s 0 refund --language go --json
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["example.com/shop/ledger.Ledger.RecordRefund", "example.com/shop/ledger.Ledger"])'
s 0 refund --label Function --json
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["py.billing.refunds.issue_refund"])'
s 0 refund --path 'go/*' --json
json_true 'd.results.hits.length === 2 && d.results.hits.every((h) => h.node.file_path.startsWith("go/"))'
s 0 refund --limit 2 --json
json_true 'd.results.hits.length === 2 && d.metadata.total_count === 3 && d.metadata.next_offset === 2'
s 0 refund --limit 2 --offset 2 --json
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["example.com/shop/ledger.Ledger"])'
# errors
s 1 refund --label Package --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
s 1 '?' --json
json_true 'd.error_code === "INVALID_ARGUMENT"'
s 1 refund --limit 0 --json
json_true 'd.error_code === "INVALID_ARGUMENT"'

# a node_id is accepted wherever a NAME is
s 0 'retry backoff' --json
id="$(node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(d.results.hits[0].node.node_id)' <<<"$out")"
expect 0 "$trellis" query details "$id" --no-source --json --db "$db"
contains "$out" '"qualified_name": "py.billing.refunds.retry_with_backoff"'

# resolve: node ids, FILE:LINE and names in one batch, an unknown one beside the others
expect 0 "$trellis" resolve "$id" py/billing/refunds.py:19 0123456789abcdef ParseAmount --fields docstring --json --db "$db"
json_true 'JSON.stringify(d.results.resolved.map((r) => r.found ? r.node.qualified_name : r.error.error_code)) === JSON.stringify(["py.billing.refunds.retry_with_backoff", "py.billing.refunds.PaymentGateway.charge_card", "NODE_NOT_FOUND", "example.com/shop/ledger.ParseAmount"])'
json_true 'd.results.found === 3 && d.results.missing === 1 && d.results.resolved[2].node === null'
json_true 'd.results.resolved[0].node.docstring === "Retry the request with exponential backoff."'
expect 0 "$trellis" resolve "$id" nothing.py:1 --db "$db"
contains "$out" "py.billing.refunds.retry_with_backoff"
contains "$out" "1 of 2 resolved"

# an incremental re-index sees a changed docstring
sed -i "s/Give a customer's money back/Give a shopper's money back/" "$root/py/billing/refunds.py"
"$trellis" index "$root" --db "$db" >/dev/null || fail "re-index failed"
s 0 customer --json
json_true 'd.results.hits.length === 0'
s 0 shopper --json
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["py.billing.refunds.issue_refund"])'

expect 0 "$trellis" search --help
contains "$out" "--language"
contains "$out" "BM25F"
contains "$out" "trellis search parseHTTPResponse --label Function --language python"
expect 0 "$trellis" --help
contains "$out" "search"

finish "search CLI"
