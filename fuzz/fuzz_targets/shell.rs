// The modules every target includes: the binary's output and REPL (by
// path, so REPL lines run through the real session) and the harness.
// Included with `include!` by each target, so there is one copy.

#[path = "../../src/bin_support/diff.rs"]
#[allow(dead_code)]
mod diff;
#[path = "../../src/bin_support/json.rs"]
#[allow(dead_code)]
mod json;
#[path = "../../src/bin_support/output.rs"]
#[allow(dead_code)]
mod output;
#[path = "../../src/bin_support/repl/mod.rs"]
#[allow(dead_code)]
mod repl;
#[path = "../harness.rs"]
#[allow(dead_code)]
mod harness;

// Where the REPL's session finds them, as in `src/main.rs`.
#[allow(unused_imports)]
use output::{list, sweep_table};
