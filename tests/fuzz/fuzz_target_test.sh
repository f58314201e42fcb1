#!/usr/bin/env bash
# Runs one libFuzzer target of fuzz/ (ingest and the store's readers) for a
# bounded time from its seed corpus: any crash, leak, sanitizer report,
# broken check (the targets abort), timeout (> 10 s on one input) or RSS
# above 2.5 GB fails the test. The targets are built by the sanitizer build
# made with clang (the asan preset). Snapshot seeds are also made afresh
# with the trellis binary, so they follow the current format.
# Usage: fuzz_target_test.sh SOURCE_DIR FUZZER TARGET SECONDS [TRELLIS]
#   (TRELLIS_FUZZ_SECONDS overrides SECONDS)
set -euo pipefail
source_dir="$1"
binary="$2"
target="$3"
seconds="${TRELLIS_FUZZ_SECONDS:-$4}"
trellis="${5:-}"

[[ -x "$binary" ]] || { echo "fuzz_target_test: no fuzzer at $binary (build the asan preset with clang)"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# libFuzzer adds what it finds to the first corpus folder: a scratch copy
# keeps the checked-in seeds unchanged.
mkdir -p "$work/corpus"
cp "$source_dir/fuzz/corpus/$target/"* "$work/corpus/"
if [[ "$target" == snapshot && -n "$trellis" ]]; then
  "$trellis" import --csv "$source_dir/examples/shop" --db "$work/shop.trellis" >/dev/null
  "$trellis" index "$source_dir/tests/fixtures/python/flat" --db "$work/flat.trellis" >/dev/null
  for db in shop flat; do
    { printf '\x00'; cat "$work/$db.trellis"; } >"$work/corpus/fresh_${db}_raw"
    { printf '\x01'; cat "$work/$db.trellis"; } >"$work/corpus/fresh_${db}_resealed"
  done
fi
dict=()
[[ "$target" == ingest_tree || "$target" == extractor ]] && dict=(-dict="$source_dir/fuzz/ingest.dict")

"$binary" "$work/corpus" "${dict[@]}" -max_total_time="$seconds" -rss_limit_mb=2560 -timeout=10 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/" 2>&1 |
  grep -E "^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb|==[0-9]+==|SUMMARY|ERROR|INFO: Seed)|fuzzer( \(|:)|deadly signal|crash-|leak-|timeout-|oom-"
status="${PIPESTATUS[0]}"
if ((status != 0)); then
  for artifact in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [[ -e "$artifact" ]] && { echo "input that failed (base64):"; base64 -w0 "$artifact"; echo; }
  done
fi
exit "$status"
