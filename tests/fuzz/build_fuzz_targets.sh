#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang into FUZZ_BUILD_DIR,
# linking the tree-sitter runtime and grammars the main build compiled
# (MAIN_LIB_DIR). Without clang++ or libFuzzer it writes FUZZ_BUILD_DIR/skipped
# with the reason, and the fuzz tests are skipped.
# Usage: build_fuzz_targets.sh SOURCE_DIR FUZZ_BUILD_DIR MAIN_LIB_DIR
set -euo pipefail
source_dir="$1"
build_dir="$2"
lib_dir="$3"
mkdir -p "$build_dir"
rm -f "$build_dir/skipped"

skip() {
  echo "fuzz targets: $1; skipped" | tee "$build_dir/skipped"
  exit 0
}
command -v clang++ >/dev/null || skip "clang++ not found (apt-get install clang libclang-rt-14-dev)"
probe_dir="$(mktemp -d)"
trap 'rm -rf "$probe_dir"' EXIT
printf 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }\n' > "$probe_dir/probe.cpp"
clang++ -fsanitize=fuzzer "$probe_dir/probe.cpp" -o "$probe_dir/probe" 2>/dev/null ||
  skip "clang++ cannot link libFuzzer (apt-get install libclang-rt-14-dev)"

cmake -S "$source_dir/fuzz" -B "$build_dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
  -DTRELLIS_PREBUILT_GRAMMARS="$lib_dir" >/dev/null
cmake --build "$build_dir" -j2
