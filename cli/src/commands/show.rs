//! `show`: a chart as a table, as on the sheet (command line and REPL).

use super::{emit, fail, load_or_report};
use crate::render::{diagnostic, show};
use chartwright::ChartRef;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file, folder or bundled game name.
    rules: PathBuf,
    /// The chart's name.
    chart: String,
}

/// `chartwright show RULES CHART`.
pub fn main(args: Args) -> Result<(), ExitCode> {
    let ruleset = load_or_report(&[args.rules])?;
    let chart = ruleset
        .chart(&args.chart)
        .map_err(|e| fail(&diagnostic::plain_error(&e)))?;
    emit(&run(&chart));
    Ok(())
}

/// The chart as on the sheet, a variant's changes marked, wrapped to the
/// width of standard output.
pub fn run(chart: &ChartRef<'_>) -> String {
    show::show(chart)
}
