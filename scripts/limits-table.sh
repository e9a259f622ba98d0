#!/usr/bin/env bash
# shellcheck disable=SC2016 # Markdown backticks in single quotes, by design
# Measures the adversarial inputs of docs/limits.md on the release binary and
# prints the tables of docs/limits.md (case, CPU time, peak memory, outcome,
# bar): first the inputs at each limit, then whole commands and edges.
#
#   scripts/limits-table.sh            # build, then measure every case
#   scripts/limits-table.sh limits     # the inputs at each limit only
#   scripts/limits-table.sh edges      # the whole commands and edges only
#   TIMEOUT=30 scripts/limits-table.sh
#
# Each case runs with a 60 s timeout (TIMEOUT=seconds to change) and a 4 GiB
# address-space cap. Time is user + system CPU time and memory
# the peak resident set, from GNU time (/usr/bin/time). Rows marked "(engine)"
# are the cases whose fix is the engine stream's work budgets.
#
# The outcome is `chartwright::...` (the first diagnostic code on stderr,
# with the limit an `over_budget` names), "answer" (exit 0), "panic",
# "timeout" or the exit status. Where the right result can be read from the
# output, the row checks it and says what it found. The bar column is "ok"
# when the case ended within 2 s of CPU and 512 MiB with that right result
# or a diagnostic, else what broke; a last line counts the rows within it.
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
cargo build --release --quiet
bin="$PWD/target/release/chartwright"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

header='game "g" version "1"'
x() { head -c "$1" /dev/zero | tr '\0' "${2:-x}"; }
max=9223372036854775807
min=-9223372036854775808

# Inputs at each limit: long strings and lines, deep nesting, large grids and files.
inputs_limits() {
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
}

# Inputs of the whole commands and edges: totals at the ends of i64 and the like.
inputs_edges() {
  local w="$work"
  # Totals at the ends of i64, one chart of each engine.
  { echo "$header"; printf 'table hi "Hi" {\n  roll d6 + %s\n  rows { 1 or more => "hi"  0 or less => "lo" }\n}\n' "$max"; } >"$w/table_max.rules"
  { echo "$header"; printf 'table hi "Hi" {\n  roll d6 + 9223372036854775801\n  rows { 1 or more => "hi"  0 or less => "lo" }\n}\n'; } >"$w/table_fits.rules"
  { echo "$header"; printf 'check k "K" {\n  roll d6 + %s\n  param t "T"\n  succeed on at least t\n  success "yes"\n  failure "no"\n}\n' "$max"; } >"$w/check_max.rules"
  { echo "$header"; printf 'opposed o "O" {\n  sides a "A", b "B"\n  roll d6\n  modifiers { for a { big +9223372036854775800 "Big" }  for b { small -9223372036854775800 "Small" } }\n  rows { 1 or more => "A"  0 or less => "B" }\n}\n'; } >"$w/opposed_max.rules"
  { echo "$header"; printf 'pool p "P" {\n  roll 3d6 + %s\n  count hits "hits" on 4+\n}\n' "$max"; } >"$w/pool_max.rules"
  { echo "$header"; printf 'pool p "P" {\n  roll 3d6 + 5\n  count hits "hits" on 4+\n}\n'; } >"$w/pool_plus5.rules"
  cat >"$w/engines.rules" <<EOF
$header
table t "T" {
  roll d6
  modifiers { m ±r "M" }
  rows { 1 or more => "hi"  0 or less => "lo" }
}
check k "K" {
  roll d6
  param t "T"
  modifiers { m ±r "M" }
  succeed on at least t
  success "yes"
  failure "no"
}
check more "More" {
  roll d6
  param t "T"
  succeed on more than t
  success "yes"
  failure "no"
}
opposed o "O" {
  sides a "A", b "B"
  roll d6
  modifiers { for a { m ±r "M" }  for b { n ±r "N" } }
  rows { 1 or more => "A"  0 => "tie"  -1 or less => "B" }
}
pool p "P" {
  roll 3d6
  modifiers { m ±r "M" }
  count hits "hits" on 4+
}
EOF
  # Rows bounded at the least i64, read by a large total; a d66 (whose
  # natural roll has gaps) past i64.
  { echo "$header"; printf 'table t "T" {\n  roll d6\n  modifiers { m ±r "M" }\n  rows { %s or less => "low"  %s or more => "high" }\n}\n' "$min" "-$max"; } >"$w/rows_min.rules"
  { echo "$header"; printf 'table t "T" {\n  roll d66 + %s\n  rows { 1 or more => "hi"  0 or less => "lo" }\n}\n' "$max"; } >"$w/d66_max.rules"
  # The least i64 as a parameter's value and bound.
  cat >"$w/least.rules" <<EOF
$header
table t "T" {
  roll d6
  param m "M" in $min..$max
  score m
  rows { 1 or more => "up"  0 or less => "down" }
}
table u "U" {
  roll d6
  modifiers { low -$max "Low" }
  rows { 1 or more => "up"  0 or less => "down" }
}
EOF
  # A flat sum of 100,000 terms (and one of 50,000 subtracted).
  awk -v h="$header" 'BEGIN {
    print h; printf "table t \"T\" {\n  roll d6\n  score natural"
    for (i = 0; i < 100000; i++) printf " + 1"
    printf " - 100000\n  rows { 4 or more => \"hi\"  3 or less => \"lo\" }\n}\n"
    printf "table u \"U\" {\n  roll d6\n  score natural + 50000"
    for (i = 0; i < 50000; i++) printf " - 1"
    printf "\n  rows { 4 or more => \"hi\"  3 or less => \"lo\" }\n}\n" }' >"$w/flat.rules"
  # Decimals.
  { echo "$header"; echo 'param p "P" in 0.0000000000000000000001..1'; } >"$w/tiny.rules"
  { echo "$header"; echo 'param p "P" in 0.50000000000000000000000..1'; } >"$w/zeros.rules"
  { echo "$header"; printf 'table t "T" {\n  roll d6\n  param p "P" in 0.000000000000000001..1\n  score floor(natural + p)\n  rows { 4 or more => "hi"  3 or less => "lo" }\n}\n'; } >"$w/small.rules"
  # Text as people type it: a byte order mark, bare CRs, wide labels.
  local chart='table hi "Hi" { roll d6 rows { 4 or more => "hi"  3 or less => "lo" } }'
  { printf '\xef\xbb\xbf'; echo 'game "Bom" version "1"'; echo "$chart"; } >"$w/bom.rules"
  printf '\xef\xbb\xbf# Mud\nvariant "Mud" of first_echelon version "1"\nchange bog_down.tracked +1\n' >"$w/bom_mud.rules"
  printf '\xef\xbb\xbfgmae "Bom" version "1"\n' >"$w/bom_typo.rules"
  printf '%s\n# a comment ended by a bare CR\rtable a "A" { roll d6 rows { 4 or more => "hi"  3 or less => "lo" } }\ntable b "B" { roll d6 rows { 4 or more => "hi"  3 or less => "lo" } }\n' "$header" >"$w/cr.rules"
  printf '%s\r# a comment\rtable a "A" {\r  roll d6\r  rows { 4 or more => "hi"  3 or less => "lo" }\r}\r' "$header" >"$w/cr_only.rules"
  printf '%s\r# a comment\rtable a "A" {\r  roll d6\r  rows { 4 or more => "hi"  3 or lss => "lo" }\r}\r' "$header" >"$w/cr_error.rules"
  printf '%s\ntable w "突撃判定表" { roll d6 rows { 4 or more => "突撃" 3 or less => 失敗 } }\n' "$header" >"$w/wide_error.rules"
  cat >"$w/wide.rules" <<'EOF'
game "Wide" version "1"
table w "突撃判定表" {
  roll d6
  rows { 4 or more => "突撃成功、敵部隊は後退する"  3 or less => "失敗" }
}
EOF
  # Variants: First Echelon's Fire Combat house rule, and spans in the base.
  printf 'variant "Thicker smoke" of first_echelon version "1"\nchange direct_fire_modifiers.df_smoke -3\n' >"$w/smoke.rules"
  printf 'variant "Mud" of first_echelon version "1"\nchange bog_down.tracked +1\n' >"$w/mud.rules"
  cat >"$w/base.rules" <<EOF
$header
# Lines that put the base's span past the variant's two lines.
#
#
#
table t "T" {
  roll d6
  rows { 4 or more => "hi"  3 or less => "lo" }
  modifiers { m ±r in -2..2 "M" }
}
EOF
  printf 'variant "V" of "base.rules" version "1"\nchange t row 4 or more => "high"\n' >"$w/base_v.rules"
  # wide.rules: two tables of d700, every row of `a` following up `b`
  # (490,000 paths); wideN.rules the same at dN.
  wide() {
    echo "$header"
    awk -v n="$1" 'BEGIN {
      printf "table a \"A\" {\n  roll d%d\n  rows {\n", n
      for (i = 1; i <= n; i++) printf "    %d => \"a%d\" then b\n", i, i
      printf "  }\n}\ntable b \"B\" {\n  roll d%d\n  rows {\n", n
      for (i = 1; i <= n; i++) printf "    %d => \"b%d\"\n", i, i
      printf "  }\n}\n" }'
  }
  wide 700 >"$w/wide700.rules"
  wide 172 >"$w/wide172.rules"
  wide 173 >"$w/wide173.rules"
  # Two-stage pools of N d10 hitting on 6+, each hit converting on d6 4+.
  pool() { printf '%s\npool c "pool" {\n  roll %sd10\n  count hits "hits" on %s+\n  per hits roll d6 count converted "converted" on 4+\n}\n' "$header" "$1" "${2:-6}"; }
  for n in 280 282 283 400; do pool "$n" >"$w/pool$n.rules"; done
  pool 200 >"$w/pool200.rules"
  { printf 'variant "V" of "pool200.rules" version "1"\n'; pool 200 5 | tail -n +2; } >"$w/pool200_v.rules"
  { printf 'variant "V" of "pool280.rules" version "1"\n'; pool 280 5 | tail -n +2; } >"$w/pool280_v.rules"
  # many5k.rules: 5d1000 read in 5,002 rows.
  many() {
    echo "$header"
    printf 'table c "C" {\n  roll 5d1000\n%s  rows {\n    5001 or more => "over"\n' "${1:-}"
    awk 'BEGIN { for (i = 1; i <= 5000; i++) printf "    %d => \"r%d\"\n", i, i }'
    printf '    0 or less => "under"\n  }\n}\n'
  }
  many >"$w/many5k.rules"
  # heavy.rules: the d700 pair, the 5d1000 table with a modifier m in
  # -5000..5000, and the 280d10 pool with a modifier m; heavy_x.rules a
  # house rule changing one row of b and of c, and adding a flag to the pool.
  { wide 700; many $'  modifiers { m ±r in -5000..5000 "M" }\n' | tail -n +2
    printf 'pool p "P" {\n  roll 280d10\n  modifiers { m ±r in -3..3 "M" }\n  count hits "hits" on 6+\n  per hits roll d6 count converted "converted" on 4+\n}\n'; } >"$w/heavy.rules"
  printf 'variant "Heavy house rule" of "heavy.rules" version "1"\nchange b row 700 => "changed"\nchange c row 2500 => "changed"\nadd p.x +1 "X"\n' >"$w/heavy_x.rules"
  # The fan-out: 3 follow-ups a row, 8 deep (9,841 charts a roll).
  { echo "$header"
    for d in $(seq 0 7); do printf 'table f%s "F%s" { roll d6 rows { 1 or more => "x" then f%s then f%s then f%s } }\n' "$d" "$d" "$((d + 1))" "$((d + 1))" "$((d + 1))"; done
    echo 'table f8 "F8" { roll d6 rows { 1 or more => "end" } }'; } >"$w/fan.rules"
  # The fan-out with 40 modifiers a chart, and with 150-byte outcomes; a
  # table whose one outcome is 200,000 bytes.
  fan() {
    echo "$header"
    for d in $(seq 0 7); do printf 'table f%s "F%s" { roll d6 %s rows { 1 or more => "%s" then f%s then f%s then f%s } }\n' "$d" "$d" "$1" "$2" "$((d + 1))" "$((d + 1))" "$((d + 1))"; done
    echo 'table f8 "F8" { roll d6 rows { 1 or more => "end" } }'
  }
  fan "modifiers { $(for i in $(seq 40); do printf 'm%s +1 "M%s" ' "$i" "$i"; done)}" x >"$w/fan_modifiers.rules"
  fan "" "$(x 150)" >"$w/fan_text.rules"
  { echo "$header"; printf 'table t "T" { roll d6 rows { 1 or more => "%s" } }\n' "$(x 200000)"; } >"$w/long_outcome.rules"
  # 2 MiB of expectations, all holding or all failing.
  expectations() {
    awk -v h="$header" -v p="$1" 'BEGIN {
      print h; size = length(h) + 1
      for (i = 0; ; i++) {
        line = sprintf("table t%d \"T%d\" { roll d6 rows { 4 or more => \"hi\" 3 or less => \"lo\" } }\nexpect t%d => \"hi\" %s\n", i, i, i, p)
        if (size + length(line) > 2097152) break
        printf "%s", line; size += length(line)
      } }'
  }
  # 40,000 lines expecting an outcome the 280d10 pool does not have.
  { pool 280; for _ in $(seq 40000); do echo 'expect c => "5 hits" 1/2'; done; } >"$w/pool_expect.rules"
  expectations 1/2 >"$w/held.rules"
  expectations 1/3 >"$w/failed.rules"
}

# REPL input: the lines given, one a line, in a file (one case at a time).
lines() { printf '%s\n' "$@" >"$work/stdin"; echo "$work/stdin"; }

# The widest line of stdout, in display columns.
widest() { LC_ALL=C.UTF-8 wc -L <"$work/out"; }
fits() { # columns: every line of stdout fits
  local w; w="$(widest)"; echo "widest line $w columns"; [ "$w" -le "$1" ]
}
aligned() { # text: it starts at one display column on every line of stdout
  local at; at="$(while IFS= read -r l; do case "$l" in *"$1"*) printf '%s' "${l%%"$1"*}" | LC_ALL=C.UTF-8 wc -L ;; esac; done <"$work/out" | sort -u)"
  echo "\`$1\` at column $(echo "$at" | tr '\n' ' ')on every line"; [ "$(echo "$at" | wc -l)" = 1 ] && [ -n "$at" ]
}

row() { # engine? case-name stdin-file args...
  # Optional, from the caller's environment: OUT and ERR, extended regexes
  # the right result's stdout and stderr match; SAY, what to say when they
  # do (default: the match); CHECK, a command that prints what it found in
  # the output and fails on a wrong result.
  local engine="$1" name="$2" input="$3"; shift 3
  local rc cpu mem outcome code said="" right=1 bar=()
  set +e
  ( ulimit -v 4194304; COLUMNS="${COLUMNS:-100}" NO_COLOR=1 RUST_BACKTRACE=0 CHARTWRIGHT_SEED=1 \
      /usr/bin/time -f '%U %S %M' -o "$work/time" timeout "${TIMEOUT:-60}" "$bin" "$@" \
      <"$input" >"$work/out" 2>"$work/err" )
  rc=$?
  set -e
  # GNU time puts "Command exited with non-zero status N" first.
  read -r u s mem < <(tail -n 1 "$work/time") || true
  cpu="$(echo "$u + $s" | bc)"
  code="$(grep -o 'chartwright::[a-z_:]*' "$work/err" | head -1)" || true
  if [ "$rc" = 124 ]; then outcome="timeout (${TIMEOUT:-60} s)"; bar+=(timeout)
  elif grep -q panicked "$work/err"; then outcome="panic"; bar+=(panic)
  elif [ -n "$code" ]; then
    outcome="\`$code\`"
    if [ "$code" = chartwright::roll::over_budget ]; then
      local limit; limit="$(grep -o '`max_[a-z_]*`' "$work/err" | head -1)" || true
      [ -n "$limit" ] && outcome="$outcome ($limit)"
    fi
  elif [ "$rc" = 0 ]; then outcome="answer"
  else outcome="exit $rc"; fi
  if [ "$rc" = 124 ]; then :  # the output is cut short: nothing to check
  elif [ -n "${OUT:-}${ERR:-}" ]; then
    local m=""
    if [ -n "${OUT:-}" ]; then m="$(grep -Eo -m 1 -- "$OUT" "$work/out" | head -1)" || right=0; fi
    if [ -n "${ERR:-}" ]; then m="$(grep -Eo -m 1 -- "$ERR" "$work/err" | head -1)" || right=0; fi
    said="${SAY:-\`$m\`}"
  fi
  if [ "$rc" != 124 ] && [ -n "${CHECK:-}" ]; then said="$(eval "$CHECK")" || right=0; fi
  if [ "$right" = 0 ]; then
    bar+=(wrong); said="WRONG: $({ head -n 5 "$work/out"; head -n 3 "$work/err"; } | sed 's/[█▉▊▋▌▍▎▏]//g' | tr -s ' \n' '  ' | head -c 160)"
  elif [ -z "$said" ] && [ "$outcome" = "exit $rc" ]; then
    bar+=("no diagnostic"); said="$(tail -n 1 "$work/err" | cut -c1-60)"
  fi
  said="${said//"$work/"/}"; said="${said//|/\\|}"
  [ -n "$said" ] && outcome="$outcome: $said"
  if [ "$(echo "$cpu > 2" | bc)" = 1 ]; then bar+=("over 2 s"); fi
  if [ "$mem" -gt $((512 * 1024)) ]; then bar+=("over 512 MiB"); fi
  local verdict="ok"
  if [ "${#bar[@]}" -gt 0 ]; then
    verdict="$(IFS=,; echo "${bar[*]}")"; verdict="**${verdict//,/, }**"
  else ok=$((ok + 1)); fi
  rows=$((rows + 1))
  local mark=""; [ "$engine" = 1 ] && mark=" (engine)"
  printf '| %s%s | %.2f s | %s MiB | %s | %s |\n' "$name" "$mark" "$cpu" "$((mem / 1024))" "$outcome" "$verdict"
}
rows=0 ok=0

table_header() {
  echo '| case | CPU time | peak memory | outcome | bar |'
  echo '|---|---|---|---|---|'
}

table_limits() {
  inputs_limits
  table_header
  row 0 '`check`: error at column 10^6 of one line' /dev/null check "$work/long.rules"
  row 0 '`check`: 10^5 nested `if`/`else` on one line' /dev/null check "$work/deep.rules"
  row 0 '`check`: grid of 50^12 cells' /dev/null check "$work/grid.rules"
  row 0 '`check /dev/zero`' /dev/null check /dev/zero
  row 0 '`check /dev/urandom`' /dev/null check /dev/urandom
  row 0 '`check`: 100 MB of charts' /dev/null check "$work/charts_100mb.rules"
  ERR='[0-9]+ chart\(s\)' row 0 '`check`: 2 MiB of charts (just under the limit)' /dev/null check "$work/charts_2mb.rules"
  row 0 'REPL: a 10^6-character line, no newline' "$work/line" repl first_echelon
  row 1 '`odds`: opposed roll, 500d1000 a side' /dev/null odds "$work/engine.rules" big
  row 1 '`odds`: two-stage pool, `roll 1000d6`, per hit' /dev/null odds "$work/engine.rules" two
  row 1 '`odds`: three-stage pool' /dev/null odds "$work/engine.rules" three
  row 1 '`roll`: three-stage pool' /dev/null roll "$work/engine.rules" three --seed 1
  row 1 '`odds`: follow-up fan-out, 8 × depth 10' /dev/null odds "$work/engine.rules" fan
  row 1 '`roll`: follow-up fan-out, 8 × depth 10' /dev/null roll "$work/engine.rules" fan --seed 1
  row 1 '`odds --sweep -20..20` of the two-stage pool' /dev/null odds "$work/engine.rules" two --sweep -20..20
}

table_edges() {
  inputs_edges
  local w="$work" fe=first_echelon
  local arith='(a total of|totals reach|add up to) -?[0-9]+'
  local fire=(attack=direct target_discipline=elite df_smoke df_armour=1 if_armour=0 df_weapon=0 if_weapon=0 ag_weapon=0)
  local fire_sweep=(attack=indirect target_discipline=elite df_armour=1 if_armour=0 if_weapon=0 df_weapon=0 ag_weapon=0)
  table_header
  # Totals at the ends of i64: the checker, then each engine's odds and roll.
  ERR='totals reach 9223372036854775808' row 0 "\`check\`: table, \`roll d6 + $max\`" /dev/null check "$w/table_max.rules"
  ERR='totals reach 9223372036854775808' row 0 "\`check\`: check, \`roll d6 + $max\`" /dev/null check "$w/check_max.rules"
  ERR='totals reach [0-9]+' row 0 '`check`: opposed, sides `+9223372036854775800` and `-9223372036854775800`' /dev/null check "$w/opposed_max.rules"
  ERR='adds a constant' row 0 "\`check\`: pool, \`roll 3d6 + $max\`" /dev/null check "$w/pool_max.rules"
  OUT='hi +1/1' row 0 '`odds`: table, `roll d6 + 9223372036854775801` (fits)' /dev/null odds "$w/table_fits.rules" hi
  OUT='total +9223372036854775806' row 0 '`roll`: table, `roll d6 + 9223372036854775801` (fits)' /dev/null roll "$w/table_fits.rules" hi --seed 1
  ERR="$arith" row 0 "\`odds\`: table, \`m=$max\`" /dev/null odds "$w/engines.rules" t "m=$max"
  ERR="$arith" row 0 "\`roll\`: table, \`m=$max\`" /dev/null roll "$w/engines.rules" t "m=$max"
  ERR="$arith" row 0 "\`odds\`: table, \`m=9223372036854775000 +1000000\`" /dev/null odds "$w/engines.rules" t m=9223372036854775000 +1000000
  ERR='totals reach 9223372036854775808' row 0 "\`odds\`: check, \`roll d6 + $max\`" /dev/null odds "$w/check_max.rules" k t=3
  ERR='totals reach 9223372036854775808' row 0 "\`roll\`: check, \`roll d6 + $max\`" /dev/null roll "$w/check_max.rules" k t=3
  ERR="$arith" row 0 "\`odds\`: check, \`m=$max\`" /dev/null odds "$w/engines.rules" k t=3 "m=$max"
  ERR="$arith" row 0 "\`roll\`: check, \`m=9223372036854775806\`" /dev/null roll "$w/engines.rules" k t=3 m=9223372036854775806
  OUT='no +1/1' row 0 "\`odds\`: check, \`succeed on more than t\`, \`t=$max\`" /dev/null odds "$w/engines.rules" more "t=$max"
  ERR="$arith" row 0 "\`odds\`: opposed, \`a.m=$max b.n=$min\`" /dev/null odds "$w/engines.rules" o "a.m=$max" "b.n=$min"
  ERR="$arith" row 0 "\`roll\`: opposed, \`a.m=$max b.n=$min\`" /dev/null roll "$w/engines.rules" o "a.m=$max" "b.n=$min"
  ERR="$arith" row 0 '`odds`: opposed, `a.m=4611686018427387904 b.n=-4611686018427387904`' /dev/null odds "$w/engines.rules" o a.m=4611686018427387904 b.n=-4611686018427387904
  OUT='A +1/1' row 0 '`odds`: opposed, `a.m=9223372036854775800 b.n=0` (fits)' /dev/null odds "$w/engines.rules" o a.m=9223372036854775800 b.n=0
  ERR="$arith" row 0 "\`odds\`: pool, \`m=$max\`" /dev/null odds "$w/engines.rules" p "m=$max"
  ERR="$arith" row 0 "\`roll\`: pool, \`m=$max\`" /dev/null roll "$w/engines.rules" p "m=$max"
  OUT='3 hits +1/1' row 0 '`odds`: pool, `m=9223372036854775800` (fits)' /dev/null odds "$w/engines.rules" p m=9223372036854775800
  ERR='adds a constant' row 0 "\`odds\`: pool, \`roll 3d6 + $max\`" /dev/null odds "$w/pool_max.rules" p
  ERR='adds a constant' row 0 "\`roll\`: pool, \`roll 3d6 + $max\`" /dev/null roll "$w/pool_max.rules" p
  ERR='adds a constant' row 0 '`odds`: pool, `roll 3d6 + 5`, `count hits on 4+`' /dev/null odds "$w/pool_plus5.rules" p
  ERR='past ±1000000' row 0 "\`odds $fe bog_down +$max\`" /dev/null odds $fe bog_down "+$max"
  ERR='past ±1000000' row 0 "\`roll $fe bog_down tracked +9223372036854775806\`" /dev/null roll $fe bog_down tracked +9223372036854775806
  OUT='Traverse +1/1' row 0 "\`odds $fe bog_down +1000000\`" /dev/null odds $fe bog_down +1000000
  ERR='this modifier is too large' row 0 "REPL: \`odds bog_down +$max\`" "$(lines "odds bog_down +$max")" repl $fe
  OUT='high +1/1' row 0 "\`odds\`: rows \`$min or less\` / \`-$max or more\`, \`m=9223372036854775800\`" /dev/null odds "$w/rows_min.rules" t m=9223372036854775800
  OUT='high +1/1' row 0 "\`odds\`: the same rows, \`m=$min\` (totals from -$max)" /dev/null odds "$w/rows_min.rules" t "m=$min"
  ERR='totals reach 9223372036854775818' row 0 "\`check\`: table, \`roll d66 + $max\`" /dev/null check "$w/d66_max.rules"
  # Sweeps.
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "\`odds $fe bog_down --sweep=-$max..$max\`" /dev/null odds $fe bog_down "--sweep=-$max..$max"
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "\`odds $fe bog_down --sweep=$min..$max\`" /dev/null odds $fe bog_down "--sweep=$min..$max"
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "\`odds $fe bog_down --sweep=bog_down_rating=-$max..$max\`" /dev/null odds $fe bog_down "--sweep=bog_down_rating=-$max..$max"
  CHECK='n=$(head -1 "$work/out" | wc -w); echo "$((n - 2)) columns"; [ "$n" = 103 ]' row 0 "\`odds $fe bog_down --sweep=-50..50\` (101 points)" /dev/null odds $fe bog_down --sweep=-50..50
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "\`odds $fe bog_down --sweep=-50..51\` (102 points)" /dev/null odds $fe bog_down --sweep=-50..51
  ERR='a total of [0-9]+' row 0 "\`odds $fe bog_down --sweep=9223372036854775800..$max\`" /dev/null odds $fe bog_down "--sweep=9223372036854775800..$max"
  CHECK='n=$(head -1 "$work/out" | wc -w); echo "$((n - 2)) columns"; [ "$n" = 103 ]' row 0 'REPL: `odds bog_down --sweep -50..50`' "$(lines 'odds bog_down --sweep -50..50')" repl $fe
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 'REPL: `odds bog_down --sweep -50..51`' "$(lines 'odds bog_down --sweep -50..51')" repl $fe
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "REPL: \`odds bog_down --sweep -$max..$max\`" "$(lines "odds bog_down --sweep -$max..$max")" repl $fe
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "REPL: \`odds bog_down --sweep bog_down_rating=-$max..$max\`" "$(lines "odds bog_down --sweep bog_down_rating=-$max..$max")" repl $fe
  # Exact odds of many outcomes, and their answers.
  row 0 '`odds wide700.rules a` (490,000 paths)' /dev/null odds "$w/wide700.rules" a
  row 0 '`odds wide700.rules a --json`' /dev/null odds "$w/wide700.rules" a --json
  CHECK='echo "$(grep -c "\"outcome\": \"a" "$work/out") outcomes"' row 0 '`odds wide172.rules a --json` (29,584 paths)' /dev/null odds "$w/wide172.rules" a --json
  row 0 '`odds wide173.rules a --json` (29,929 paths)' /dev/null odds "$w/wide173.rules" a --json
  row 0 '`odds`: two-stage pool of 400d10' /dev/null odds "$w/pool400.rules" c
  CHECK='echo "$(grep -c "^  [0-9]* hits" "$work/out") outcomes"' row 0 '`odds`: two-stage pool of 280d10' /dev/null odds "$w/pool280.rules" c
  CHECK='echo "$(grep -c "\"outcome\": \"[0-9]* hits" "$work/out") outcomes"' row 0 '`odds --json`: two-stage pool of 282d10' /dev/null odds "$w/pool282.rules" c --json
  row 0 '`odds --json`: two-stage pool of 283d10' /dev/null odds "$w/pool283.rules" c --json
  row 0 '`odds many5k.rules c --sweep=-50..50`' /dev/null odds "$w/many5k.rules" c --sweep=-50..50
  # diff: First Echelon against a one-line Fire Combat house rule.
  OUT='Suppressed \(ERA degraded by DF\) .*base only' SAY='Suppressed: 1/10 → never' row 0 '`diff first_echelon smoke.rules fire_combat` (one situation)' /dev/null diff $fe "$w/smoke.rules" fire_combat "${fire[@]}"
  OUT='8000 situation classes, every one compared' row 0 '`diff first_echelon smoke.rules fire_combat --across`' /dev/null diff $fe "$w/smoke.rules" fire_combat --across
  OUT='"compared": [0-9]+' row 0 '`diff ... fire_combat --across --json`' /dev/null diff $fe "$w/smoke.rules" fire_combat --across --json
  CHECK='n=$(sed -n 2p "$work/out" | wc -w); echo "$((n - 1)) columns"; [ "$n" = 102 ]' row 0 '`diff ... fire_combat --sweep if_tot_batteries=0..100`' /dev/null diff $fe "$w/smoke.rules" fire_combat "${fire_sweep[@]}" --sweep if_tot_batteries=0..100
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 '`diff ... fire_combat --sweep if_tot_batteries=0..101`' /dev/null diff $fe "$w/smoke.rules" fire_combat "${fire_sweep[@]}" --sweep if_tot_batteries=0..101
  ERR='`max_sweep_points` \(101\)' SAY='101 points at most' row 0 "\`diff ... fire_combat --sweep df_weapon=-$max..$max\`" /dev/null diff $fe "$w/smoke.rules" fire_combat "${fire_sweep[@]}" "--sweep=df_weapon=-$max..$max"
  OUT='1 of 10 charts differ' row 0 '`diff first_echelon smoke.rules` (every chart)' /dev/null diff $fe "$w/smoke.rules"
  ERR='wrote .* \([0-9]+ bytes\)' SAY='page written' row 0 '`diff first_echelon smoke.rules --html FILE`' /dev/null diff $fe "$w/smoke.rules" --html "$w/smoke.html"
  OUT='no change \(10 charts compared' row 0 '`diff first_echelon first_echelon`' /dev/null diff $fe $fe
  OUT='[0-9]+ situation classes' row 0 'REPL: `diff first_echelon smoke fire_combat --across`' "$(lines 'diff first_echelon smoke fire_combat --across')" repl $fe "$w/smoke.rules"
  # diff on heavy charts: heavy.rules against heavy_x.rules.
  row 0 '`diff heavy heavy_x a` (490,000 paths a side)' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" a
  CHECK='echo "$(($(wc -l <"$work/out") - 2)) outcomes"; grep -q "^  changed" "$work/out"' row 0 '`diff heavy heavy_x c m=0` (5d1000, 5,002 rows)' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" c m=0
  OUT='[0-9]+ situation classes' row 0 '`diff heavy heavy_x c --across`' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" c --across
  row 0 '`diff heavy heavy_x c --sweep m=-50..50`' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" c --sweep m=-50..50
  row 0 '`diff heavy heavy_x p m=0 x` (280d10)' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" p m=0 x
  row 0 '`diff heavy heavy_x p --across`' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" p --across
  OUT='4 of 4 charts differ' SAY='4 charts, each "not compared: ... max_odds_work"' row 0 '`diff heavy heavy_x` (every chart)' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules"
  OUT='4 of 4 charts differ' SAY='4 charts, each "not compared: ... max_odds_work"' row 0 '`diff heavy heavy_x --html FILE`' /dev/null diff "$w/heavy.rules" "$w/heavy_x.rules" --html "$w/heavy.html"
  row 0 '`diff pool200 pool200_v c` (hits on 6+ → 5+)' /dev/null diff "$w/pool200.rules" "$w/pool200_v.rules" c
  row 0 '`diff pool280 pool280_v` (every chart)' /dev/null diff "$w/pool280.rules" "$w/pool280_v.rules"
  row 0 '`diff pool280 pool280_v --html FILE`' /dev/null diff "$w/pool280.rules" "$w/pool280_v.rules" --html "$w/pool.html"
  # roll --times.
  row 0 '`roll fan.rules f0 --times 1000000`' /dev/null roll "$w/fan.rules" f0 --times 1000000
  OUT='observed' SAY='frequencies beside the odds' row 0 "\`roll $fe bog_down --times 1000000\`" /dev/null roll $fe bog_down --times 1000000
  ERR='not in 1..=1000000' row 0 "\`roll $fe bog_down --times 1000001\`" /dev/null roll $fe bog_down --times 1000001
  ERR='not in 1..=1000000' row 0 '`roll fan.rules f0 --times 1000001`' /dev/null roll "$w/fan.rules" f0 --times 1000001
  row 0 '`roll fan_modifiers.rules f0 --times 1000000` (40 modifiers a chart)' /dev/null roll "$w/fan_modifiers.rules" f0 --times 1000000
  row 0 '`roll fan_text.rules f0 --times 1000000` (150-byte outcomes)' /dev/null roll "$w/fan_text.rules" f0 --times 1000000
  row 0 '`roll long_outcome.rules t --times 1000000` (a 200,000-byte outcome)' /dev/null roll "$w/long_outcome.rules" t --times 1000000
  row 0 '`roll pool280.rules c --times 1000000`' /dev/null roll "$w/pool280.rules" c --times 1000000
  row 0 '`roll wide700.rules a --times 1000000`' /dev/null roll "$w/wide700.rules" a --times 1000000
  # test on 2 MiB of expectations.
  ERR='ok: [0-9]+ expectation\(s\), [0-9]+ held' row 0 '`test`: 20,290 expectations (2 MiB), all held' /dev/null test "$w/held.rules"
  ERR='40000 expectation\(s\), 0 held, 40000 failed' row 0 '`test`: 40,000 lines expecting what a 280d10 pool does not give' /dev/null test "$w/pool_expect.rules"
  ERR='[0-9]+ expectation\(s\), 0 held, [0-9]+ failed' row 0 '`test`: 20,290 expectations, all failed' /dev/null test "$w/failed.rules"
  ERR='[0-9]+ expectation\(s\), 0 held, [0-9]+ failed' row 0 'REPL: `test`, 20,290 expectations, all failed' "$(lines test)" repl "$w/failed.rules"
  # Text as people type it.
  ERR='1 chart\(s\)' row 0 '`check`: a UTF-8 BOM before `game`' /dev/null check "$w/bom.rules"
  OUT='Traverse +7/10 +70.00% +3/5' SAY='tracked +1 → Traverse 3/5' row 0 '`diff first_echelon bom_mud.rules bog_down tracked`: a BOM before a comment and `variant`' /dev/null diff $fe "$w/bom_mud.rules" bog_down tracked
  ERR='bom_typo.rules:1:1\b' row 0 '`check`: a BOM, then `gmae`' /dev/null check "$w/bom_typo.rules"
  ERR='2 chart\(s\)' row 0 '`check`: a bare CR ends a `#` comment, two charts' /dev/null check "$w/cr.rules"
  OUT='hi +1/2' row 0 '`odds`: every line ended by a bare CR' /dev/null odds "$w/cr_only.rules" a
  OUT='突撃成功、敵部隊は後退する$' SAY='the label on one line' row 0 '`show`: CJK labels, 80 columns' /dev/null show "$w/wide.rules" w
  ERR='cr_error.rules:5:34\]' SAY='error at `cr_error.rules:5:34`, its own line shown' row 0 '`check`: an error in a file of bare CRs' /dev/null check "$w/cr_error.rules"
  ERR='wide_error.rules:2:65\]' SAY='error at `wide_error.rules:2:65` (its 79th byte)' row 0 '`check`: an error after CJK text, its column' /dev/null check "$w/wide_error.rules"
  COLUMNS=24 CHECK='fits 24' row 0 '`show`: CJK labels, 24 columns' /dev/null show "$w/wide.rules" w
  COLUMNS=30 CHECK='aligned 1/2' row 0 '`odds`: CJK labels, 30 columns' /dev/null odds "$w/wide.rules" w
  ERR='first_echelon \(bundled\):575:7' SAY='caret at `first_echelon (bundled):575:7`' row 0 '`diff first_echelon mud.rules close_combat`: the base side fails' /dev/null diff $fe "$w/mud.rules" close_combat
  ERR='base.rules:9:15' SAY='caret at `base.rules:9:15` (the variant has 2 lines)' row 0 '`diff base.rules base_v.rules t`: the base side fails' /dev/null diff "$w/base.rules" "$w/base_v.rules" t
  OUT='down +1/1' row 0 "\`odds\`: \`m=$min\`, \`param m in $min..$max\`" /dev/null odds "$w/least.rules" t "m=$min"
  OUT="score +$min" row 0 "\`roll\`: \`m=$min\`" /dev/null roll "$w/least.rules" t "m=$min"
  OUT='down +1/1' row 0 "\`odds\`: a modifier \`-$max\`" /dev/null odds "$w/least.rules" u low
  CHECK='echo "columns $(head -1 "$work/out" | sed "s/^m  *//; s/   */, /g"), \"tried at chosen values\""; grep -q "tried at chosen values" "$work/out"' row 0 '`odds least.rules t --sweep m` (all of i64)' /dev/null odds "$w/least.rules" t --sweep m
  ERR='2 chart\(s\)' row 0 '`check`: a flat sum of 100,000 terms' /dev/null check "$w/flat.rules"
  OUT='hi +1/2' row 0 '`odds`: natural + 100,000 ones - 100000' /dev/null odds "$w/flat.rules" t
  ERR='number_too_precise' SAY='too precise' row 0 '`check`: `0.0000000000000000000001`' /dev/null check "$w/tiny.rules"
  ERR='ok: .*' row 0 '`check`: `0.50000000000000000000000`' /dev/null check "$w/zeros.rules"
  OUT='hi +1/2' row 0 '`odds`: `p=0.000000000000000001`, `floor(natural + p)`' /dev/null odds "$w/small.rules" t p=0.000000000000000001
  ERR='at most 18 digits' row 0 '`odds`: `p=0.0000000000000000000001`' /dev/null odds "$w/small.rules" t p=0.0000000000000000000001
}

start=$SECONDS
case "$which" in
  limits) table_limits ;;
  edges) table_edges ;;
  *) table_limits; echo; table_edges ;;
esac
echo
echo "$ok of $rows cases within 2 s of CPU and 512 MiB with a right result or a diagnostic ($((SECONDS - start)) s)."
