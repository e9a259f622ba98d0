#!/usr/bin/env bash
# Writes the files made from the grammar's words: fuzz/rules.dict (the
# keywords build.rs reads from grammar/chartwright.pest, then the fuzz
# harness's extras in cli/src/fuzzing.rs) and the keyword lists of the
# playground's highlighting in web/app/lang.js, and the words of the VS Code
# extension's TextMate grammar (editors/vscode/syntaxes/keywords.json, then
# the grammar built from them by editors/vscode/scripts/grammar.js). Run it
# after changing a keyword of the grammar or an extra of the harness, and
# commit what it changes: the same tests (cli/tests/grammar_words.rs) fail while a file
# differs from what the grammar gives.
#
#   scripts/keywords.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CHARTWRIGHT_WRITE_WORDS=1 cargo test -p chartwright-cli --test integration grammar_words --quiet
node editors/vscode/scripts/grammar.js
