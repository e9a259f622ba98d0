#!/usr/bin/env bash
# Writes the seed files of fuzz/corpus/<target>/ from the rules files the
# project keeps, so that the seeds are the sources as they are now (run it
# again after changing one of them, and commit what it changes):
#
#   load          every rules file, whole: rules/*.rules as rules-NAME.rules,
#                 tests/charts/*.rules as charts-NAME.rules, docs/*.rules and
#                 docs/variants/*.rules as docs-NAME.rules
#   mutate        seed-rules-NAME: the one byte that picks the game NAME (the
#                 target edits the bundled games, compiled in, in the order
#                 of src/ruleset/bundled.rs)
#   repl          seed-rules-NAME: `odds CHART ARGS` for the first 32
#                 different `expect` lines of rules/NAME.rules, without their
#                 scripted `natural` dice (the target reads at most 32 lines)
#   command_line  seed-rules-NAME: `check NAME`
#
# The other seeds (diagnostics cases, argument lines, REPL scripts) and the
# fuzzers' regressions (regress-*) are left as they are.
#
#   scripts/fuzz-seeds.sh
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=fuzz/corpus

for f in rules/*.rules; do
  cp "$f" "$corpus/load/rules-$(basename "$f")"
done
for f in tests/charts/*.rules; do
  cp "$f" "$corpus/load/charts-$(basename "$f")"
done
for f in docs/*.rules docs/variants/*.rules; do
  cp "$f" "$corpus/load/docs-$(basename "$f")"
done

i=0
for name in $(grep -o 'rules/[a-z0-9_]*\.rules' src/ruleset/bundled.rs | sed 's|rules/||; s|\.rules$||'); do
  printf "\\$(printf '%03o' "$i")" >"$corpus/mutate/seed-rules-$name"
  i=$((i + 1))
done

for f in rules/*.rules; do
  name=$(basename "$f" .rules)
  # `expect CHART ARGS => "Outcome" P`: the chart and its arguments.
  sed -n 's/^expect \(.*[^ ]\) *=> .*/odds \1/p' "$f" | sed 's/ natural [0-9, -]*$//' | awk '!seen[$0]++' | head -n 32 \
    >"$corpus/repl/seed-rules-$name"
  printf 'check %s\n' "$name" >"$corpus/command_line/seed-rules-$name"
done

echo "wrote the seeds of $corpus/ from rules/, tests/charts/ and docs/"
