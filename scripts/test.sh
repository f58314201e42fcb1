#!/usr/bin/env bash
# The whole test suite: builds Release and runs every test, then does the same
# under AddressSanitizer + UndefinedBehaviorSanitizer.
# Usage: scripts/test.sh [--release-only | --tsan]
#   --tsan: only the ThreadSanitizer pass (tsan preset: the unit tests, the
#           CLI tests and the MCP server tests), not part of CI's run.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == "--tsan" ]]; then
  scripts/setup.sh tsan
  ctest --preset tsan
  exit 0
fi

scripts/setup.sh release
ctest --preset release

if [[ "${1:-}" != "--release-only" ]]; then
  scripts/setup.sh asan
  ctest --preset asan
fi
