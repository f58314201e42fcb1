#!/usr/bin/env bash
# Save-to-answer latency of `trellis watch`: on a copy of TREE, appends a new
# function to FILE, then runs `trellis cypher` until the graph has it; the
# time from the write to the first answer that shows it, RUNS times, with
# the median. Includes the quiet period (--quiet-ms, 200 by default), one
# incremental index and the query's own process start.
# Usage: bench/watch/watch_latency.sh path/to/trellis TREE FILE [RUNS] [watch options...]
#   bench/watch/watch_latency.sh build/bin/trellis tests/fixtures/python/shop src/shop/models.py 9
#   bench/watch/watch_latency.sh build/bin/trellis /tmp/flask src/flask/app.py 9 --quiet-ms 100
set -euo pipefail
trellis="$(realpath "$1")"
tree="$(realpath "$2")"
file="$3"
runs="${4:-9}"
shift $(($# < 4 ? $# : 4))
work="$(mktemp -d)"
copy="$work/tree"
cp -r "$tree" "$copy"
rm -rf "$copy/.trellis"
"$trellis" watch "$copy" "$@" >"$work/watch.log" 2>&1 &
watcher=$!
trap 'kill -INT $watcher 2>/dev/null; wait $watcher 2>/dev/null; rm -rf "$work"' EXIT
db="$copy/.trellis/graph.trellis"
for _ in $(seq 1200); do
  grep -q 'indexed in' "$work/watch.log" && break
  sleep 0.1
done
grep -q 'indexed in' "$work/watch.log" || { echo "no first index: $(cat "$work/watch.log")"; exit 1; }

now_ms() { echo $(($(date +%s%N) / 1000000)); }
latencies=()
for i in $(seq 1 "$runs"); do
  sleep 1  # let the previous run's index settle: each run starts from a quiet tree
  name="watch_probe_$i"
  start=$(now_ms)
  printf '\n\ndef %s():\n    return %d\n' "$name" "$i" >>"$copy/$file"
  until "$trellis" cypher "MATCH (f:Function {name: '$name'}) RETURN count(f) AS n" --db "$db" --json 2>/dev/null |
    grep -q '"n": 1'; do
    if (($(now_ms) - start > 60000)); then
      echo "run $i: no answer within 60 s: $(cat "$work/watch.log")"
      exit 1
    fi
  done
  latency=$(($(now_ms) - start))
  latencies+=("$latency")
  echo "run $i: ${latency} ms ($(grep 're-indexed' "$work/watch.log" | tail -1 | sed 's/^[0-9:]* //'))"
done
sorted=($(printf '%s\n' "${latencies[@]}" | sort -n))
echo "median save-to-answer latency: ${sorted[$((runs / 2))]} ms over $runs runs (first $(grep 'indexed in' "$work/watch.log" | head -1 | sed 's/^[0-9:]* //'))"
