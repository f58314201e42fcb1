#!/usr/bin/env bash
# Installs Trellis from the build tree into a temporary prefix, builds
# examples/library against it with find_package(trellis), and runs the
# example on the indexed shop fixture: the installed package is usable.
# Usage: tests/library/library_example_test.sh BUILD_DIR SOURCE_DIR TRELLIS [EXTRA_CXX_FLAGS [CXX_COMPILER]]
#   (the compiler of the build: a sanitizer runtime must match the one the libraries were built with)
set -uo pipefail
build_dir="$(realpath "$1")"
source_dir="$(realpath "$2")"
trellis="$(realpath "$3")"
extra_flags="${4:-}"
compiler=()
[[ -n "${5:-}" ]] && compiler=(-DCMAKE_CXX_COMPILER="$5")
source "$source_dir/tests/cli/checks.sh"

cmake --install "$build_dir" --prefix "$work/prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "install failed"; }
[[ -f "$work/prefix/lib/cmake/trellis/trellisConfig.cmake" ]] || fail "no package config installed"
[[ -f "$work/prefix/include/trellis/database.hpp" ]] || fail "no public header installed"
[[ -f "$work/prefix/include/trellis/cypher/cypher_engine.hpp" ]] || fail "no Cypher header installed"
cmake -S "$source_dir/examples/library" -B "$work/example" -G Ninja -DCMAKE_BUILD_TYPE=Release "${compiler[@]}" \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_FLAGS="$extra_flags" -DCMAKE_EXE_LINKER_FLAGS="$extra_flags" \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configuring the example failed"; }
cmake --build "$work/example" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "building the example failed"; }

"$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$work/shop.trellis" >/dev/null || fail "index failed"
expect 0 "$work/example/who_calls" "$work/shop.trellis" shop.util.log.log 2
expected="callers of shop.util.log.log: 5
  1 shop.models.Base.save src/shop/models.py:6
  1 shop.models.User.validate src/shop/models.py:21
  1 shop.services.auth.AuthService.login src/shop/services/auth.py:15
  2 shop.app.run src/shop/app.py:6
  2 shop.services.auth.main src/shop/services/auth.py:33
  chain: shop.app.run -> shop.models.User.validate -> shop.util.log.log
  chain: shop.services.auth.main -> shop.services.auth.AuthService.login -> shop.util.log.log
  chain: shop.models.Base.save -> shop.util.log.log
  chain: shop.models.User.validate -> shop.util.log.log
  chain: shop.services.auth.AuthService.login -> shop.util.log.log"
[[ "$out" == "$expected" ]] || fail "unexpected output:
$out"
expect 1 "$work/example/who_calls" "$work/shop.trellis" shop.util.log.lgo
contains "$err" "NODE_NOT_FOUND: Function 'shop.util.log.lgo' not found in graph"
contains "$err" "did you mean shop.util.log.log?"
expect 1 "$work/example/who_calls" "$work/shop.trellis" log 9
contains "$err" "INVALID_ARGUMENT: 'max_depth' must be from 1 to 5, got 9"
expect 1 "$work/example/who_calls" "$work/missing.trellis" log
contains "$err" "DATABASE_ERROR"

# Cypher through trellis::cypher: rows, a parameter, and a refused write.
expect 0 "$work/example/cypher_rows" "$work/shop.trellis" \
  'MATCH (f:Function {qualified_name: $q})<-[c:CALLS]-(g) RETURN g.qualified_name AS caller, c.line AS line ORDER BY caller, line' \
  q=shop.util.log.log
expected="caller	line
shop.models.Base.save	7
shop.models.User.validate	22
shop.services.auth.AuthService.login	18
shop.services.auth.AuthService.login	19
4 of 4 rows"
[[ "$out" == "$expected" ]] || fail "unexpected Cypher output:
$out"
expect 1 "$work/example/cypher_rows" "$work/shop.trellis" 'MATCH (n) DETACH DELETE n'
contains "$err" "READ_ONLY"
finish "library example"
