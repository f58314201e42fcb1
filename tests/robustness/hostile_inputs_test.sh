#!/usr/bin/env bash
# Hostile inputs through the trellis binary (issue 14's probes):
#  - snapshots damaged at random bytes, cut short or grown are refused with
#    DATABASE_ERROR (exit 1), never read as garbage or crashed on;
#  - `trellis index` killed with SIGKILL at random moments leaves the previous
#    snapshot readable and no temporary file beside it;
#  - trees with symlink loops, links out of the tree, invalid UTF-8, binary
#    sources, a file over the size limit, deeply nested parentheses and
#    definitions index with warnings, not failures.
# Usage: hostile_inputs_test.sh path/to/trellis path/to/source-tree [CORRUPTIONS (300)] [KILLS (8)]
# Prints one line of figures per probe.
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
corruptions="${3:-300}"
kills="${4:-8}"
source "$source_dir/tests/cli/checks.sh"
cd "$work" || exit 1

# --- damaged snapshots -----------------------------------------------------
"$trellis" index "$source_dir/tests/fixtures/python/shop" --db good.trellis >/dev/null || fail "indexing the shop fixture failed"
size=$(stat -c %s good.trellis)
refused=0
loaded=0
RANDOM=14
for ((i = 0; i < corruptions; i++)); do
  cp good.trellis bad.trellis
  case $((i % 3)) in
    0)  # a few random bytes changed
      for ((k = 0; k < 1 + i % 4; k++)); do
        offset=$(((RANDOM * 32768 + RANDOM) % size))
        printf "\\x$(printf %02x $((RANDOM % 256)))" | dd of=bad.trellis bs=1 seek="$offset" conv=notrunc status=none
      done ;;
    1) truncate -s $(((RANDOM * 32768 + RANDOM) % size)) bad.trellis ;;
    2) head -c $((1 + RANDOM % 4096)) /dev/urandom >>bad.trellis ;;
  esac
  "$trellis" stats --db bad.trellis --json >out.json 2>/dev/null
  status=$?
  if ((status == 1)) && grep -q '"error_code": "DATABASE_ERROR"' out.json; then
    refused=$((refused + 1))
  elif ((status == 0)) && cmp -s good.trellis bad.trellis; then
    loaded=$((loaded + 1))  # the change happened to write the byte that was there
  elif ((status == 0)); then
    # stats reads the header only: a change it cannot see must be refused on load.
    "$trellis" cypher "MATCH (n) RETURN count(*)" --db bad.trellis --json >out.json 2>/dev/null
    status=$?
    if ((status == 1)) && grep -q '"error_code": "DATABASE_ERROR"' out.json; then
      refused=$((refused + 1))
    else
      fail "damaged snapshot $i (case $((i % 3))) was not refused on load (exit $status)"
    fi
  else
    fail "damaged snapshot $i (case $((i % 3))): exit $status, wanted 1 with DATABASE_ERROR"
  fi
done
echo "damaged snapshots: $refused of $corruptions refused with DATABASE_ERROR, $loaded unchanged by the damage and loaded"

# --- SIGKILL during index ------------------------------------------------------
mkdir -p big
for ((m = 0; m < 400; m++)); do
  {
    echo "from . import mod$(((m + 1) % 400))"
    for ((f = 0; f < 20; f++)); do printf 'def f%d(x):\n    return f%d(x) + mod%d.f%d(x)\n' "$f" $(((f + 1) % 20)) $(((m + 1) % 400)) "$f"; done
  } >"big/mod$m.py"
done
touch big/__init__.py
"$trellis" index big --db kill.trellis >/dev/null || fail "the first index of big/ failed"
cp kill.trellis kill.before
survived=0
for ((k = 0; k < kills; k++)); do
  echo "# edit $k" >>"big/mod$k.py"
  "$trellis" index big --db kill.trellis >/dev/null 2>&1 &
  pid=$!
  sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  leftovers=$(find . -maxdepth 1 -name 'kill.trellis*.tmp*' | wc -l)
  ((leftovers == 0)) || fail "kill $k left $leftovers temporary file(s): $(find . -maxdepth 1 -name 'kill.trellis*.tmp*')"
  rm -f kill.trellis*.tmp*
  if "$trellis" cypher "MATCH (m:Module) RETURN count(*)" --db kill.trellis >/dev/null 2>&1; then
    survived=$((survived + 1))
  else
    fail "after kill $k the snapshot does not load"
  fi
  "$trellis" index big --db kill.trellis >/dev/null 2>&1 || fail "the index after kill $k failed"
done
echo "SIGKILL during index: $survived of $kills left a readable snapshot and no temporary file"

# --- hostile trees -------------------------------------------------------------
tree="$work/hostile"
mkdir -p "$tree/pkg" "$tree/loop"
ln -s .. "$tree/loop/up"
ln -s /etc "$tree/outside"
ln -s /etc/passwd "$tree/passwd.py"
printf 'def ok():\n    return "\xff\xfe\xc3\x28"\n' >"$tree/pkg/bad_utf8.py"
printf 'def f():\n    pass\n\0\0\0binary' >"$tree/pkg/binary.py"
head -c $((3 * 1024 * 1024)) /dev/zero | tr '\0' '#' >"$tree/pkg/huge.py"
python_nest() { printf 'x = '; printf '(%.0s' $(seq "$1"); printf '1'; printf ')%.0s' $(seq "$1"); echo; }
python_nest 100000 >"$tree/pkg/parens.py"
{
  for ((d = 0; d < 900; d++)); do printf "%*sdef f$d():\n" $((d * 1)) ''; done
  printf "%*spass\n" 900 ''
} >"$tree/pkg/nested.py"
{ printf 'const a = '; printf '[%.0s' $(seq 50000); printf ']%.0s' $(seq 50000); echo ';'; } >"$tree/pkg/brackets.js"
expect 0 "$trellis" index "$tree" --db "$work/hostile.trellis" --json
for reason in "symlink loop" "symlink leaves the tree" "invalid UTF-8" "binary file" "over the 2 MiB size cap"; do
  contains "$out" "$reason"
done
warnings=$(grep -c '"reason"' <<<"$out")
echo "hostile tree: indexed with exit 0 and $warnings warnings (symlink loop and links out of the tree, invalid UTF-8, binary, 3 MB, 100k parentheses, 900 nested definitions, 50k brackets)"

finish "hostile-input"
