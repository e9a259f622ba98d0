//! `list`: the charts, their dice, modifiers and parameters (command line
//! and REPL).

use super::{emit, fail, load_or_report};
use crate::render::{diagnostic, listing};
use chartwright::{ChartRef, Ruleset};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file, folder or bundled game name.
    rules: PathBuf,
    /// Only this chart.
    chart: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `chartwright list RULES [CHART] [--json]`.
pub fn main(args: Args) -> Result<(), ExitCode> {
    let ruleset = load_or_report(&[args.rules])?;
    let only = args
        .chart
        .map(|name| {
            ruleset
                .chart(&name)
                .map_err(|e| fail(&diagnostic::plain_error(&e)))
        })
        .transpose()?;
    emit(&run(&ruleset, only.as_ref(), args.json));
    Ok(())
}

/// Every chart of `ruleset` (or only `only`) and what each takes, as text
/// or as the `list --json` document.
pub fn run(ruleset: &Ruleset, only: Option<&ChartRef<'_>>, json: bool) -> String {
    match (only, json) {
        (only, true) => chartwright::json::text(chartwright::json::list(ruleset, only)),
        (Some(chart), false) => listing::list_chart(chart),
        (None, false) => listing::list(ruleset),
    }
}
