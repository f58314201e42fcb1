#!/usr/bin/env bash
# The Cypher conformance corpus (tests/cypher/corpus) on Trellis and on Kùzu
# over the shop fixture's CSV export (bench/kuzu/corpus_on_kuzu.mjs), when
# Kùzu is installed in bench/kuzu; exits 77 (skipped) when it is not. Fails
# when a difference between the two engines has no explanation.
# Usage: kuzu_corpus.sh path/to/trellis SOURCE_DIR
set -euo pipefail
kuzu_dir="$2/bench/kuzu"
if [[ ! -f "$kuzu_dir/node_modules/kuzu/kuzujs.node" ]]; then
  echo "Kùzu is not installed in $kuzu_dir: skipped"
  exit 77
fi
node "$kuzu_dir/corpus_on_kuzu.mjs" --trellis "$1" --source "$2"
