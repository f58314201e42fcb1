#!/usr/bin/env bash
# The whole test suite: builds Release and runs every test, then does the same
# under AddressSanitizer + UndefinedBehaviorSanitizer.
# Usage: scripts/test.sh [--release-only]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh release
ctest --preset release

if [[ "${1:-}" != "--release-only" ]]; then
  scripts/setup.sh asan
  ctest --preset asan
fi
