#!/usr/bin/env bash
# Builds the Cypher parser's libFuzzer target with clang (cypher/fuzz/) and
# runs it for a bounded time from the seed corpus: any crash, leak, sanitizer
# report, timeout (> 5 s on one input) or RSS above 2 GB fails the test.
# Exits 77 (ctest: skipped) when clang++ or libFuzzer is missing.
# Usage: fuzz_test.sh SOURCE_DIR BUILD_DIR [SECONDS]   (TRELLIS_FUZZ_SECONDS overrides; default 60)
set -euo pipefail
source_dir="$1"
build_dir="$2"
seconds="${TRELLIS_FUZZ_SECONDS:-${3:-60}}"

if ! command -v clang++ >/dev/null; then
  echo "fuzz_test: clang++ not found (apt-get install clang libclang-rt-14-dev); skipped"
  exit 77
fi
probe_dir="$(mktemp -d)"
trap 'rm -rf "$probe_dir"' EXIT
printf 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }\n' > "$probe_dir/probe.cpp"
if ! clang++ -fsanitize=fuzzer "$probe_dir/probe.cpp" -o "$probe_dir/probe" 2>/dev/null; then
  echo "fuzz_test: clang++ cannot link libFuzzer (apt-get install libclang-rt-14-dev); skipped"
  exit 77
fi

cmake -S "$source_dir/cypher/fuzz" -B "$build_dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build "$build_dir" -j2

# libFuzzer adds what it finds to the first corpus directory: a scratch copy
# keeps the checked-in seeds unchanged.
work="$probe_dir/corpus"
mkdir -p "$work"
cp "$source_dir"/cypher/fuzz/corpus/* "$work/"
"$build_dir/cypher_parser_fuzzer" "$work" -dict="$source_dir/cypher/fuzz/cypher.dict" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=4096 -print_final_stats=1 2>&1 |
  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|ERROR|INFO: Seed)|deadly signal|crash-|leak-|timeout-|oom-"
exit "${PIPESTATUS[0]}"
