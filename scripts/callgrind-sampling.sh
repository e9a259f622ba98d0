#!/usr/bin/env bash
# Instructions per roll (callgrind) of `roll_quick` against the hand-written
# charts of benches/hand/mod.rs, and their ratios (the bar: within 1.3x on
# Bog Down and the Combat Table).
#
# Builds benches/sampling_instructions.rs in the bench profile and runs it:
# it runs itself again under `valgrind --tool=callgrind` for each routine,
# once with 20,000 rolls and once with 220,000, and prints the difference
# per roll (loading the rules, binding and the process cancel out).
# Instruction counts do not move with the machine's load. Needs valgrind.
#
# Usage: scripts/callgrind-sampling.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
exec cargo bench --bench sampling_instructions
