#!/usr/bin/env bash
# Installs what is missing and builds one CMake preset (default: release).
#   Debian packages: apt-get, only those not yet installed.
#   tree-sitter runtime and grammars: `npm ci --ignore-scripts` from the lockfile;
#   the MCP SDK client the tests drive `trellis serve` with, the same way in tests/mcp.
# Usage: scripts/setup.sh [release|asan]
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"

packages=(
  cmake ninja-build g++ nodejs npm
  libboost-dev libboost-graph-dev   # Boost.Graph, Spirit X3 (headers)
  libsimdjson-dev nlohmann-json3-dev rapidjson-dev # JSON in; DOM out; answers written as text
  doctest-dev libmimalloc-dev libcli11-dev libfmt-dev libtbb-dev libxxhash-dev
  libre2-dev                        # Cypher's =~ (linear-time regular expressions)
  libhnswlib-dev                    # approximate nearest neighbours for `search --vector` (headers)
  libedit-dev                       # line editing in the Cypher console
  clang libclang-rt-14-dev tmux     # the parser's libFuzzer target; the console's terminal test
  graphviz                          # `export --format svg|png` renders through dot (optional for users)
  libcpp-httplib-dev                # `trellis web`'s HTTP server
  chromium                          # the web view's test drives it headless
)
missing=()
for p in "${packages[@]}"; do
  [[ "$p" == \#* ]] && continue
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm and node may come from outside Debian (nodesource, nvm): only ask apt for them when absent.
filtered=()
for p in "${missing[@]}"; do
  case "$p" in
    nodejs) command -v node >/dev/null || filtered+=("$p") ;;
    npm) command -v npm >/dev/null || filtered+=("$p") ;;
    cmake) command -v cmake >/dev/null || filtered+=("$p") ;;
    g++) command -v g++ >/dev/null || filtered+=("$p") ;;
    *) filtered+=("$p") ;;
  esac
done
if ((${#filtered[@]})); then
  echo "setup: installing Debian packages: ${filtered[*]}"
  sudo=""
  [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${filtered[@]}"
fi

if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: installing the pinned tree-sitter packages (npm ci --ignore-scripts)"
  npm ci --ignore-scripts --no-audit --no-fund
fi

# The MCP TypeScript SDK client for the end-to-end tests of `trellis serve` (its own lockfile).
if [[ ! -f tests/mcp/node_modules/.package-lock.json || tests/mcp/package-lock.json -nt tests/mcp/node_modules/.package-lock.json ]]; then
  echo "setup: installing the pinned MCP SDK for the tests (npm ci --ignore-scripts in tests/mcp)"
  (cd tests/mcp && npm ci --ignore-scripts --no-audit --no-fund)
fi

# cytoscape, the graph layout library `trellis web` compiles into the binary.
if [[ ! -f tools/web/node_modules/.package-lock.json || tools/web/package-lock.json -nt tools/web/node_modules/.package-lock.json ]]; then
  echo "setup: installing the pinned web page library (npm ci --ignore-scripts in tools/web)"
  (cd tools/web && npm ci --ignore-scripts --no-audit --no-fund)
fi
# puppeteer-core, which the web view's test drives Debian's chromium with.
if [[ ! -f tests/web/node_modules/.package-lock.json || tests/web/package-lock.json -nt tests/web/node_modules/.package-lock.json ]]; then
  echo "setup: installing the pinned browser driver for the web test (npm ci --ignore-scripts in tests/web)"
  (cd tests/web && npm ci --ignore-scripts --no-audit --no-fund)
fi

# Kùzu (its npm package ships a prebuilt library; install.js only copies it
# into place): the tests load `export --format kuzu` into it, and the bench
# compares query answers with it.
if [[ ! -f bench/kuzu/node_modules/kuzu/kuzujs.node || bench/kuzu/package-lock.json -nt bench/kuzu/node_modules/.package-lock.json ]]; then
  echo "setup: installing the pinned Kùzu for the interop tests (npm ci --ignore-scripts in bench/kuzu)"
  (cd bench/kuzu && npm ci --ignore-scripts --no-audit --no-fund && node node_modules/kuzu/install.js)
fi

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
