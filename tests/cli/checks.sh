# Shared by the CLI test scripts (sourced): a scratch folder in $work,
# failure counting, and the checks. Set `trellis` and `source_dir` first.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS COMMAND...: runs COMMAND, keeps stdout in $out and stderr in $err.
expect() {
  local want="$1"
  shift
  out="$("$@" 2>"$work/stderr")"
  local got=$?
  err="$(cat "$work/stderr")"
  [[ "$got" == "$want" ]] || fail "exit $got, wanted $want: $* (stderr: $err)"
}
contains() { [[ "$1" == *"$2"* ]] || fail "expected '$2' in: $1"; }

# finish NAME: the summary line and the exit status.
finish() {
  if ((failures)); then
    echo "$failures check(s) failed"
    exit 1
  fi
  echo "all $1 checks passed"
}
