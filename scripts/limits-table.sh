#!/usr/bin/env bash
# Measures the adversarial cases of issue 12 on the release binary and prints
# the table of docs/limits.md (case, CPU time, peak memory, outcome).
#
#   scripts/limits-table.sh            # build, then measure every case
#
# Each case runs with a 60 s timeout (TIMEOUT=seconds to change) and a 4 GiB address-space cap, as in the
# issue. Time is user + system CPU time and memory the peak resident set, from
# GNU time (/usr/bin/time). Rows marked "(engine)" are the cases whose fix is
# the engine stream's work budgets.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/chartwright"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

header='game "g" version "1"'
x() { head -c "$1" /dev/zero | tr '\0' "${2:-x}"; }

# Inputs.
{ echo "$header"; printf 'table t "T" { roll d6 rows { 1 or more => "'; x 1000000; printf '" } } }\n'; } >"$work/long.rules"
{ echo "$header"; printf 'table t "T" { roll d6 rows { 1 or more => '
  for _ in $(seq 100000); do printf '"a" if f else '; done; printf '"x" } }\n'; } >"$work/deep.rules"
{ echo "$header"
  for i in $(seq 0 11); do printf 'choice c%s "C" { ' "$i"; for j in $(seq 0 49); do printf 'o%s "O", ' "$j"; done; printf '}\n'; done
  printf 'grid big "Big" by c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 {\n  o1, o1, o1, o1, o1, o1, o1, o1, o1, o1, o1: 1\n}\n'; } >"$work/grid.rules"
charts() { echo "$header"; for i in $(seq 0 "$1"); do printf 'table t%s "T%s" {\n  roll 2d6\n  rows { 7 or more => "Hit"  6 or less => "Miss" }\n}\n' "$i" "$i"; done; }
charts 21000 >"$work/charts_2mb.rules"  # just under the 2 MiB limit
# About 100 MB: the block above 50 times (refused by its size, unparsed).
for _ in $(seq 50); do cat "$work/charts_2mb.rules"; done >"$work/charts_100mb.rules"
{ printf 'roll bog_down '; x 1000000; } >"$work/line"
# The engine cases (the same charts as ENGINE in cli/tests/limits.rs).
sed -n '/^const ENGINE: &str = r#"/,/^"#;/p' cli/tests/limits.rs | sed '1s/.*/game "g" version "1"/; $d' >"$work/engine.rules"

row() { # engine? case-name stdin-file args...
  local engine="$1" name="$2" input="$3"; shift 3
  local out rc cpu mem outcome
  set +e
  out="$( (ulimit -v 4194304; NO_COLOR=1 RUST_BACKTRACE=0 CHARTWRIGHT_SEED=1 \
      /usr/bin/time -f '%U %S %M' -o "$work/time" timeout "${TIMEOUT:-60}" "$bin" "$@" <"$input" 2>&1 >/dev/null) )"
  rc=$?
  set -e
  # GNU time puts "Command exited with non-zero status N" first.
  read -r u s mem < <(tail -n 1 "$work/time") || true
  cpu="$(echo "$u + $s" | bc)"
  if [ "$rc" = 124 ]; then outcome="timeout (${TIMEOUT:-60} s)"
  elif echo "$out" | grep -q panicked; then outcome="panic"
  elif code="$(echo "$out" | grep -o 'chartwright::[a-z_:]*' | head -1)" && [ -n "$code" ]; then outcome="\`$code\`"
  elif [ "$rc" = 0 ]; then outcome="answer"
  else outcome="exit $rc: $(echo "$out" | tail -1 | cut -c1-60)"; fi
  local mark=""; [ "$engine" = 1 ] && mark=" (engine)"
  printf '| %s%s | %.2f s | %s MiB | %s |\n' "$name" "$mark" "$cpu" "$((mem / 1024))" "$outcome"
}

echo '| case | CPU time | peak memory | outcome |'
echo '|---|---|---|---|'
row 0 '`check`: error at column 10^6 of one line' /dev/null check "$work/long.rules"
row 0 '`check`: 10^5 nested `if`/`else` on one line' /dev/null check "$work/deep.rules"
row 0 '`check`: grid of 50^12 cells' /dev/null check "$work/grid.rules"
row 0 '`check /dev/zero`' /dev/null check /dev/zero
row 0 '`check /dev/urandom`' /dev/null check /dev/urandom
row 0 '`check`: 100 MB of charts' /dev/null check "$work/charts_100mb.rules"
row 0 '`check`: 2 MiB of charts (just under the limit)' /dev/null check "$work/charts_2mb.rules"
row 0 'REPL: a 10^6-character line, no newline' "$work/line" repl first_echelon
row 1 '`odds`: opposed roll, 500d1000 a side' /dev/null odds "$work/engine.rules" big
row 1 '`odds`: two-stage pool, `roll 1000d6`, per hit' /dev/null odds "$work/engine.rules" two
row 1 '`odds`: three-stage pool' /dev/null odds "$work/engine.rules" three
row 1 '`roll`: three-stage pool' /dev/null roll "$work/engine.rules" three --seed 1
row 1 '`odds`: follow-up fan-out, 8 × depth 10' /dev/null odds "$work/engine.rules" fan
row 1 '`roll`: follow-up fan-out, 8 × depth 10' /dev/null roll "$work/engine.rules" fan --seed 1
row 1 '`odds --sweep -20..20` of the two-stage pool' /dev/null odds "$work/engine.rules" two --sweep -20..20
