#!/usr/bin/env bash
# End-to-end checks of `trellis search` on tests/fixtures/search (Python,
# TypeScript and Go), indexed from source: ranked hits with score, matched
# words and snippet, phrases, suggestions, filters, paging, node ids, and
# an incremental re-index that changes what is found. Then, on
# tests/fixtures/similar: `query similar`, and the embeddings round trip with
# the test embedder tests/embed_words.py (index --embed-command, search
# --vector, export, import and its per-line errors, re-embedding only what
# changed, vectors of removed definitions dropped).
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
contains "$out" "embeddings"

# ---- query similar -----------------------------------------------------
sroot="$work/similar"
cp -r "$source_dir/tests/fixtures/similar" "$sroot"
sdb="$work/similar.trellis"
embedder="python3 $source_dir/tests/embed_words.py --log $work/embedded.log"
expect 0 "$trellis" index "$sroot" --db "$sdb" --embed-command "$embedder" --json
json_true 'd.results.embeddings.embedded === 8 && d.results.embeddings.dimension === 64 && d.results.embeddings.vectors === 8'
[[ "$(wc -l <"$work/embedded.log")" == 8 ]] || fail "the embedder saw $(wc -l <"$work/embedded.log") texts, wanted 8"
expect 0 "$trellis" query similar normalize_name --json --db "$sdb"
json_true 'd.results.target.qualified_name === "text.names.normalize_name" && d.results.exact_duplicates === 1'
json_true 'JSON.stringify(d.results.similar.map((m) => [m.node.qualified_name, m.score, m.exact_duplicate])) === JSON.stringify([["text.names.canonical_name", 1, true], ["text.names.tidy_title", 0.3654, false], ["text.names.NameBook.add", 0.1, false], ["text.names.strip_spaces", 0.0667, false], ["text.names.lower_case", 0.0357, false]])'
json_true 'JSON.stringify(d.results.similar[1].shared_calls) === "[\"text.names.strip_spaces\"]" && JSON.stringify(d.results.similar[1].shared_words) === "[\"its\",\"spaces\",\"strip\"]"'
expect 0 "$trellis" query similar normalize_name --limit 2 --db "$sdb"
contains "$out" "text.names.canonical_name  text/names.py:20  (exact duplicate)"
contains "$out" "calls both: text.names.strip_spaces"
expect 1 "$trellis" query similar no_such_helper --json --db "$sdb"
json_true 'd.error_code === "NODE_NOT_FOUND"'
expect 0 "$trellis" query similar --help
contains "$out" "exact_duplicate"

# ---- embeddings: search --vector, export, import -------------------------
python3 "$source_dir/tests/embed_words.py" --query "strip the spaces of a text" >"$work/query.json"
expect 0 "$trellis" search --vector "$work/query.json" --limit 3 --json --db "$sdb"
json_true 'd.results.hits[0].node.qualified_name === "text.names.strip_spaces" && d.results.hits[0].node.file_path === "text/names.py" && d.results.hits.length === 3'
json_true 'd.results.hits[0].score > d.results.hits[1].score && d.results.dimension === 64 && d.results.vectors === 8'
json_true '/^[0-9a-f]{16}$/.test(d.results.hits[0].node.node_id) && d.metadata.next_offset === 3'
expect 0 "$trellis" search --vector - --label Class --db "$sdb" <"$work/query.json"
contains "$out" "text.names.NameBook  text/names.py:"
echo "1 2 3" >"$work/short.txt"
expect 1 "$trellis" search --vector "$work/short.txt" --json --db "$sdb"
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error === "the query vector has 3 numbers, but the graph'"'"'s embeddings have 64"'
expect 1 "$trellis" search --vector "$work/short.txt" --language python --json --db "$sdb"
json_true 'd.error_code === "INVALID_ARGUMENT"'
expect 1 "$trellis" search --vector "$work/query.json" --json --db "$db"
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("no embeddings")'
expect 0 "$trellis" search --help
contains "$out" "--vector"

expect 0 "$trellis" embeddings export --max-chars 70 --db "$sdb"
[[ "$(wc -l <<<"$out")" == 8 ]] || fail "export wrote $(wc -l <<<"$out") lines, wanted 8"
node -e 'const lines = require("fs").readFileSync(0, "utf8").trim().split("\n").map(JSON.parse);
         const s = lines.find((l) => l.qualified_name === "text.names.strip_spaces");
         if (!(s.label === "Function" && s.text === "def strip_spaces(text):\n    \"\"\"Remove the spaces of a text.\"\"\"\n" && /^[0-9a-f]{16}$/.test(s.node_id))) process.exit(1)' <<<"$out" ||
  fail "export lines"

# an edit re-embeds the definitions whose text changed; a removed one loses its vector
: >"$work/embedded.log"
sed -i 's/"""Uppercase some words."""/"""Uppercase some loud words."""/' "$sroot/text/names.py"
python3 - "$sroot/text/names.py" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
start = text.index("def tidy_title")
end = text.index("def shout")
open(path, "w").write(text[:start] + text[end:])
PY
expect 0 "$trellis" index "$sroot" --db "$sdb" --embed-command "$embedder" --json
json_true 'd.results.embeddings.embedded === 1 && d.results.embeddings.removed === 1 && d.results.embeddings.vectors === 7'
[[ "$(cat "$work/embedded.log")" == "$(cd "$work" && "$trellis" resolve text.names.shout --json --db "$sdb" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).results.resolved[0].node.node_id)')" ]] ||
  fail "only shout is embedded again: $(cat "$work/embedded.log")"

# import: every bad line named, nothing stored; good lines stored
shout_id="$("$trellis" resolve text.names.shout --json --db "$sdb" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).results.resolved[0].node.node_id)')"
printf '{"node_id": "%s", "vector": [1, 0, 0]}\n{"node_id": "00000000000000ff", "vector": [1, 0, 0]}\n{"qualified_name": "text.names.lower_case", "vector": [1, 0]}\n{"qualified_name": "text.names.lower_case", "vector": [1, null, 0]}\n' "$shout_id" >"$work/bad.jsonl"
expect 1 "$trellis" embeddings import "$work/bad.jsonl" --json --db "$sdb"
json_true 'd.error_code === "INVALID_ARGUMENT" && d.error.includes("3 lines refused, nothing imported") && d.error.includes("line 2: unknown node_id 00000000000000ff") && d.error.includes("line 3: \"vector\" has 2 numbers, expected 3 (the dimension of line 1)") && d.error.includes("line 4: \"vector\"[1] is null, not a number")'
expect 1 "$trellis" embeddings import "$work/bad.jsonl" --db "$sdb"
contains "$err" "line 2: unknown node_id 00000000000000ff"
printf '{"node_id": "%s", "vector": [1, 0, 0]}\n{"qualified_name": "text.names.lower_case", "vector": [0, 1, 0]}\n' "$shout_id" >"$work/good.jsonl"
expect 1 "$trellis" embeddings import "$work/good.jsonl" --json --db "$sdb"
json_true 'd.error.includes("has vectors of 3 numbers, but the stored ones have 64")'
expect 0 "$trellis" embeddings import "$work/good.jsonl" --replace --json --db "$sdb"
json_true 'd.results.imported === 2 && d.results.vectors === 2 && d.results.dimension === 3'
echo "[0, 1, 0.1]" >"$work/q3.json"
expect 0 "$trellis" search --vector "$work/q3.json" --json --db "$sdb"
json_true 'JSON.stringify(names(d.results.hits)) === JSON.stringify(["text.names.lower_case", "text.names.shout"])'

finish "search CLI"
