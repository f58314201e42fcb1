#!/usr/bin/env bash
# `trellis web` in headless Chromium (web_view_test.mjs) on the Python shop
# fixture; skipped (77) when Chromium or the test's npm packages are missing.
# The screenshot goes to $TRELLIS_WEB_SCREENSHOT, else into the build folder.
# Usage: tests/web/web_view_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
if [[ ! -d "$source_dir/tests/web/node_modules/puppeteer-core" ]]; then
  echo "puppeteer-core is not installed in tests/web (scripts/setup.sh installs it): skipped"
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$work/shop.trellis" >/dev/null || exit 1
screenshot="${TRELLIS_WEB_SCREENSHOT:-$(dirname "$trellis")/../web_view.png}"
node "$source_dir/tests/web/web_view_test.mjs" "$trellis" "$work/shop.trellis" "$screenshot"
