//! `chartwright sheet RULES [CHART...]`: a printable reference sheet, one
//! self-contained HTML page drawn by the library's `sheet` module.

use super::{fail, load_or_report, write};
use crate::render::diagnostic;
use chartwright::Ruleset;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file, folder or bundled game name.
    rules: PathBuf,
    /// The charts to include, in order (default: every chart); more
    /// `.rules` files or folders given here are loaded with RULES, one
    /// page for them all.
    charts: Vec<String>,
    /// Write the page to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Loads RULES (and the files among the charts named), then writes the
/// page.
pub fn main(args: Args) -> Result<(), ExitCode> {
    // `sheet a.rules b.rules`: both files on one page.
    let (more, charts): (Vec<String>, Vec<String>) = args.charts.into_iter().partition(|c| {
        let path = Path::new(c);
        let rules = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("rules"));
        path.is_dir() || (rules && path.is_file())
    });
    let mut files = vec![args.rules];
    files.extend(more.into_iter().map(PathBuf::from));
    let ruleset = load_or_report(&files)?;
    let page = run(&ruleset, &charts).map_err(|e| fail(&e))?;
    write(args.output.as_deref(), &page)
}

/// The sheet of the charts named (every chart when none is), or the error
/// to print.
pub fn run(ruleset: &Ruleset, names: &[String]) -> Result<String, String> {
    let charts = if names.is_empty() {
        ruleset.charts().collect()
    } else {
        let mut charts = Vec::with_capacity(names.len());
        for n in names {
            charts.push(ruleset.chart(n).map_err(|e| diagnostic::plain_error(&e))?);
        }
        charts
    };
    Ok(chartwright::sheet::sheet(ruleset, &charts))
}
