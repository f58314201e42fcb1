#!/usr/bin/env bash
# `trellis watch` end to end on a copy of the Python shop fixture: a new file
# with a function and a call, a rename, a delete, a new nested folder, a
# burst of 200 files (one re-index), ignored paths (no re-index), Ctrl-C.
# Every step waits for its re-index line (polling, generous timeout), then
# checks the line and the graph through `trellis query`.
# Usage: tests/cli/watch_cli_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
source "$(dirname "$0")/checks.sh"

if [[ "$(uname -s)" != Linux ]]; then
  echo "skipped: trellis watch is Linux only"
  exit 0
fi

tree="$work/shop"
cp -r "$source_dir/tests/fixtures/python/shop" "$tree"
printf 'generated/\n' >"$tree/.gitignore"
mkdir -p "$tree/generated" "$tree/node_modules/dep"
db="$tree/.trellis/graph.trellis"
log="$work/watch.log"

# --help says what it does and that it is Linux only.
expect 0 "$trellis" watch --help
contains "$out" "--quiet-ms"
contains "$out" "--max-delay-ms"
contains "$out" "Linux only"
expect 1 "$trellis" watch "$tree" --json
contains "$out" "INVALID_ARGUMENT"
expect 2 "$trellis" watch "$tree" --quiet-ms 0

# A long quiet period: the burst below must end in one re-index even when
# this machine stalls the writing loop.
"$trellis" watch "$tree" --quiet-ms 1000 --max-delay-ms 30000 --jobs 2 >"$log" 2>"$work/watch.err" &
watcher=$!
trap 'kill -TERM $watcher 2>/dev/null; rm -rf "$work"' EXIT

# wait_for WHAT COMMAND...: polls COMMAND (every 0.1 s, at most 90 s) until it succeeds.
wait_for() {
  local what="$1"
  shift
  for _ in $(seq 900); do
    "$@" && return 0
    sleep 0.1
  done
  fail "timed out waiting for $what (log: $(cat "$log") $(cat "$work/watch.err"))"
  return 1
}
reindexes() { grep -c 're-indexed' "$log"; }
has_reindexes() { [[ "$(reindexes)" -ge "$1" ]]; }
# reindex_line N: the Nth re-index line.
reindex_line() { grep 're-indexed' "$log" | sed -n "${1}p"; }
# step N: waits for the Nth re-index; its line in $line.
step() {
  wait_for "re-index $1" has_reindexes "$1" || { finish watch_cli; }
  line="$(reindex_line "$1")"
}
callers_of_log() { "$trellis" query callers shop.util.log.log --db "$db" --json; }

wait_for "the first index" grep -q 'indexed in' "$log" || finish watch_cli
contains "$(cat "$log")" "watching $tree ("
contains "$(cat "$log")" "into $db; Ctrl-C stops"
contains "$(head -1 "$log")" "watching"
[[ "$(reindexes)" == 0 ]] || fail "re-indexed before anything changed: $(cat "$log")"
expect 0 callers_of_log
[[ "$out" != *notify_admin* ]] || fail "notify_admin before it was written"

# 1. A new file: a function and its call.
cat >"$tree/src/shop/notify.py" <<'PY'
from shop.util.log import log


def notify_admin(text):
    return log(text)
PY
step 1
contains "$line" "re-indexed after 1 change in "
contains "$line" "1 parsed"
expect 0 callers_of_log
contains "$out" '"qualified_name": "shop.notify.notify_admin"'

# 2. A rename: the module takes its new name, the old one is gone.
mv "$tree/src/shop/notify.py" "$tree/src/shop/alerts.py"
step 2
contains "$line" "re-indexed after 2 changes in "
expect 0 callers_of_log
contains "$out" '"qualified_name": "shop.alerts.notify_admin"'
[[ "$out" != *shop.notify.notify_admin* ]] || fail "the renamed module kept its old name: $out"

# 3. A delete: its function and call are gone.
rm "$tree/src/shop/alerts.py"
step 3
contains "$line" "re-indexed after 1 change in "
expect 0 callers_of_log
[[ "$out" != *notify_admin* ]] || fail "the deleted file's function is still a caller: $out"
expect 1 "$trellis" query outline src/shop/alerts.py --db "$db"

# 4. A new nested folder is watched from when it appears: a file written in
# it after its first re-index is picked up too.
mkdir -p "$tree/src/shop/deep/er"
printf 'from shop.util.log import log\n\n\ndef first():\n    return log("first")\n' >"$tree/src/shop/deep/er/first.py"
step 4
expect 0 "$trellis" query outline src/shop/deep/er/first.py --db "$db"
contains "$out" "first"
printf 'def second():\n    return 2\n' >"$tree/src/shop/deep/er/second.py"
step 5
contains "$line" "re-indexed after 1 change in "
expect 0 "$trellis" query outline src/shop/deep/er/second.py --db "$db"
contains "$out" "second"

# 6. A burst of 200 files is one re-index that saw all 200.
for i in $(seq 1 200); do
  printf 'def burst_%d():\n    return %d\n' "$i" "$i" >"$tree/src/shop/burst_$i.py"
done
step 6
contains "$line" "re-indexed after 200 changes in "
contains "$line" "200 parsed"
expect 0 "$trellis" cypher "MATCH (f:Function) WHERE f.name STARTS WITH 'burst_' RETURN count(f) AS n" --db "$db" --json
contains "$out" '"n": 200'

# 7. Ignored paths start no index: the next re-index is the sentinel's
# alone (1 change), with the files below written before it.
printf 'x = 1\n' >"$tree/generated/gen.py"
printf 'module.exports = 1\n' >"$tree/node_modules/dep/index.js"
printf '# notes\n' >"$tree/README.md"
printf 'x\n' >"$tree/src/shop/models.py.swp"
mkdir -p "$tree/src/shop/__pycache__" && printf 'x' >"$tree/src/shop/__pycache__/models.cpython-311.pyc"
printf 'def sentinel():\n    return 0\n' >"$tree/src/shop/sentinel.py"
step 7
contains "$line" "re-indexed after 1 change in "
expect 1 "$trellis" query outline generated/gen.py --db "$db"
expect 0 "$trellis" query outline src/shop/sentinel.py --db "$db"
[[ "$(reindexes)" == 7 ]] || fail "wanted 7 re-indexes, got: $(cat "$log")"

# Ctrl-C (SIGINT) ends it cleanly: exit status 0 and a last line.
kill -INT "$watcher"
wait "$watcher"
status=$?
[[ "$status" == 0 ]] || fail "watch exited with $status after SIGINT (stderr: $(cat "$work/watch.err"))"
contains "$(tail -1 "$log")" "stopped"
[[ "$(reindexes)" == 7 ]] || fail "re-indexed after the burst and the sentinel: $(cat "$log")"

finish watch_cli
