//! `-` as a RULES argument: the rules are read from standard input, as the
//! game `stdin` (so its charts are `stdin.NAME`).

use chartwright::RulesetBuilder;
use std::path::Path;

/// Adds standard input to the builder when `path` is `-`; false otherwise.
pub fn add_if_dash(builder: &mut RulesetBuilder, path: &Path) -> bool {
    if path != Path::new("-") {
        return false;
    }
    builder.add_reader("stdin", "<stdin>", std::io::stdin().lock());
    true
}
