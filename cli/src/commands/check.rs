//! `chartwright check RULES...`: load rules and report every error.

use super::load_or_report;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files, folders or bundled game names.
    #[arg(required = true)]
    rules: Vec<PathBuf>,
}

/// Exit 0 when every file loads clean, 1 with the diagnostics otherwise.
pub fn main(args: &Args) -> Result<(), ExitCode> {
    let ruleset = load_or_report(&args.rules)?;
    let charts = ruleset.charts().count();
    let games = ruleset.games().count();
    anstream::eprintln!("ok: {games} game(s), {charts} chart(s), no errors");
    Ok(())
}
