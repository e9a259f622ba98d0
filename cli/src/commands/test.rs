//! `test`: check every `expect` line (command line and REPL).

use super::{fail, load_or_report};
use crate::render::diagnostic;
use chartwright::Ruleset;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders or bundled game names (default: every bundled game).
    rules: Vec<PathBuf>,
}

/// `chartwright test [RULES...]`: exit 0 when every expectation holds.
pub fn main(args: &Args) -> Result<(), ExitCode> {
    let ruleset = if args.rules.is_empty() {
        Ruleset::bundled().map_err(|e| fail(&diagnostic::load_errors(&e)))?
    } else {
        load_or_report(&args.rules)?
    };
    match run(&ruleset) {
        Ok(report) => {
            anstream::eprint!("{report}");
            Ok(())
        }
        Err(report) => Err(fail(&report)),
    }
}

/// Every failed expectation rendered on its line, then a summary: `Ok`
/// when all held.
pub fn run(ruleset: &Ruleset) -> Result<String, String> {
    let report = chartwright::check_expectations(ruleset);
    let text = diagnostic::expect_report(&report, ruleset);
    if report.passed() {
        Ok(text)
    } else {
        Err(text)
    }
}
