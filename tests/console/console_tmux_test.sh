#!/usr/bin/env bash
# The Cypher console under a real terminal: tmux runs `trellis cypher` on the
# indexed shop fixture and the test types into it with send-keys (Tab
# completion, a statement over two lines, :param, an error, history with the
# Up key, :quit), then checks what the screen shows and the history file,
# and that a second session finds the first one's history; there Ctrl-C
# clears the statement being typed, cancels a running query, and Ctrl-D
# leaves.
# Exits 77 (ctest: skipped) without tmux.
# Usage: tests/console/console_tmux_test.sh path/to/trellis path/to/source-tree
set -uo pipefail
trellis="$(realpath "$1")"
source_dir="$(realpath "$2")"
if ! command -v tmux >/dev/null; then
  echo "console_tmux_test: tmux not found; skipped"
  exit 77
fi
source "$source_dir/tests/cli/checks.sh"
db="$work/shop.trellis"
history_file="$work/history"
# Each console gets a tmux server of its own, all stopped at the end: a new
# session on the socket of a server just told to exit (kill-server returns
# before the server is gone) can reach the dying server and fail with "server
# exited unexpectedly".
sockets=()
socket=""
tmux_() { tmux -L "$socket" "$@"; }
stop_servers() { for s in "${sockets[@]}"; do tmux -L "$s" kill-server 2>/dev/null; done; }
trap 'stop_servers; rm -rf "$work"' EXIT

"$trellis" index "$source_dir/tests/fixtures/python/shop" --db "$db" >/dev/null || fail "index failed"

start_console() {
  [[ -n "$socket" ]] && tmux_ kill-server 2>/dev/null
  socket="trellis-console-test-$$-${#sockets[@]}"
  sockets+=("$socket")
  tmux_ new-session -d -s console -x 200 -y 80 \
    "TRELLIS_HISTORY='$history_file' '$trellis' cypher --db '$db'; echo \"console exited with \$?\"; sleep 60"
  wait_for "trellis> "
}
screen() { tmux_ capture-pane -p -J -S -200 -t console; }
# wait_for TEXT: until the screen shows TEXT (10 s at most); otherwise the
# test stops here, since every later step depends on this screen.
wait_for() {
  for _ in $(seq 100); do
    [[ "$(screen)" == *"$1"* ]] && return 0
    sleep 0.1
  done
  fail "the screen never showed '$1'; it shows:"
  screen 2>&1 | grep -v '^$' | tail -20
  finish "console"
}
keys() { tmux_ send-keys -t console "$@"; sleep 0.2; }

start_console
contains "$(screen)" "Trellis Cypher console (read-only)"

# Tab completes a label, a property name and a relationship type; the
# statement spans two lines and runs at ';'.
keys "MATCH (f:Func" Tab
wait_for "trellis> MATCH (f:Function"
keys ")" Enter
wait_for "      -> "
keys "RETURN f.qual" Tab
wait_for "-> RETURN f.qualified_name"
keys " ORDER BY f.name LIMIT 2\;" Enter
wait_for "2 rows ("
contains "$(screen)" "f.qualified_name
----------------
shop.star.plain._private
shop.cycle_a.a
2 rows ("

# Several candidates: Tab inserts what they share and lists them.
keys "MATCH (a)-[:I" Tab
wait_for "IMPLEMENTS  IMPORTS  INHERITS"
keys C-u

keys ":param q => 'shop.util.log.log'" Enter
wait_for '$q = shop.util.log.log'
keys 'MATCH (f {qualified_name: $q})<-[:CA' Tab
wait_for '<-[:CALLS'
keys ']-(g) RETURN DISTINCT g.name AS n ORDER BY n\;' Enter
wait_for "3 rows ("
contains "$(screen)" "n
-
login
save
validate
3 rows ("

keys "RETURN 1 +\;" Enter
wait_for "error: Unexpected end of input: expected an expression (line 1, column 11)"
contains "$(screen)" "  RETURN 1 +
            ^"

# Up recalls the last statement.
keys Up
wait_for "trellis> RETURN 1 +;"
keys C-u ":quit" Enter
wait_for "console exited with 0"

# The history file holds whole statements (libedit writes spaces as \040).
grep -qF 'MATCH\040(f:Function)\040RETURN\040f.qualified_name\040ORDER\040BY\040f.name\040LIMIT\0402;' "$history_file" ||
  fail "the two-line statement is not one history entry: $(cat "$history_file")"
grep -qF ':param\040q\040=>\040' "$history_file" || fail ":param is not in the history"

# A new session starts with that history; Ctrl-D leaves.
start_console
keys Up
wait_for "trellis> :quit"
keys Up
wait_for "trellis> RETURN 1 +;"

# Ctrl-C at the prompt drops the line being typed and the unfinished
# statement (had it stayed, the next line would continue it) and shows a
# fresh prompt; the console keeps running.
keys C-u "MATCH (n)" Enter
wait_for "      -> "
keys "RETURN n"
keys C-c
wait_for "-> RETURN n^C
trellis> "
keys "RETURN 41 + 1 AS answer\;" Enter
wait_for "1 row ("
contains "$(screen)" "trellis> RETURN 41 + 1 AS answer;
answer
------
42
1 row ("

# Ctrl-C during a query cancels it (62^5 rows to count: far longer than the
# half second before the key, and the message is not the timeout's) and
# returns to the prompt.
keys "MATCH (a), (b), (c), (d), (e) RETURN count(*) AS n\;" Enter
sleep 0.5
keys C-c
wait_for "error: The query was cancelled"
keys "RETURN 'after' AS s\;" Enter
wait_for "after
1 row ("

# Ctrl-C on an empty prompt only shows a new one; Ctrl-D leaves.
keys C-c
wait_for "trellis> ^C
trellis> "
keys C-d
wait_for "console exited with 0"

finish "console"
