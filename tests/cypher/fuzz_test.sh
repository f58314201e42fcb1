#!/usr/bin/env bash
# Runs the Cypher parser's libFuzzer target (cypher/fuzz/, built by the
# sanitizer build made with clang: the asan preset) for a bounded time from
# the seed corpus: any crash, leak, sanitizer report, timeout (> 5 s on one
# input) or RSS above 2 GB fails the test.
# Usage: fuzz_test.sh SOURCE_DIR FUZZER [SECONDS]   (TRELLIS_FUZZ_SECONDS overrides; default 60)
set -euo pipefail
source_dir="$1"
binary="$2"
seconds="${TRELLIS_FUZZ_SECONDS:-${3:-60}}"
[[ -x "$binary" ]] || { echo "fuzz_test: no fuzzer at $binary (build the asan preset with clang)"; exit 1; }
probe_dir="$(mktemp -d)"
trap 'rm -rf "$probe_dir"' EXIT

# libFuzzer adds what it finds to the first corpus directory: a scratch copy
# keeps the checked-in seeds unchanged.
work="$probe_dir/corpus"
mkdir -p "$work"
cp "$source_dir"/cypher/fuzz/corpus/* "$work/"
"$binary" "$work" -dict="$source_dir/cypher/fuzz/cypher.dict" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=4096 -print_final_stats=1 2>&1 |
  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|ERROR|INFO: Seed)|deadly signal|crash-|leak-|timeout-|oom-"
exit "${PIPESTATUS[0]}"
