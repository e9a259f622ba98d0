//! The pest parser, kept private so that `Pair<Rule>` stays in the parser,
//! and what else is known of the grammar's rules.

/// Recognises `.rules` text; see `grammar/chartwright.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/chartwright.pest"]
pub(super) struct ChartwrightParser;

// `is_exact`, written by `build.rs` from the grammar: true for the atomic
// and compound-atomic rules.
include!(concat!(env!("OUT_DIR"), "/grammar_exact.rs"));
