//! `chartwright sheet`, `odds --svg` and `diff --html`: printable HTML
//! sheets, odds pictures and base-vs-variant pages, drawn by the library's
//! `sheet` module and written to a file or standard output.

use crate::output;
use chartwright::{Odds, Ruleset};
use std::path::Path;
use std::process::ExitCode;

/// Writes the sheet of the charts named (every chart when none is) to
/// `out`, or to standard output.
pub fn sheet(ruleset: &Ruleset, names: &[String], out: Option<&Path>) -> Result<(), ExitCode> {
    let charts = if names.is_empty() {
        ruleset.charts().collect()
    } else {
        let mut charts = Vec::with_capacity(names.len());
        for n in names {
            charts.push(ruleset.chart(n).map_err(|e| {
                anstream::eprint!("{}", output::plain_error(&e));
                ExitCode::from(1)
            })?);
        }
        charts
    };
    write(out, &chartwright::sheet::sheet(ruleset, &charts))
}

/// Writes the odds picture of one chart to `path`, headed by its title and
/// the situation.
pub fn svg(odds: &Odds, title: &str, situation: &str, path: &Path) -> Result<(), ExitCode> {
    write(
        Some(path),
        &chartwright::sheet::odds_svg_headed(odds, title, situation),
    )
}

/// Writes the comparison page to `path`.
pub fn html(page: &str, path: &Path) -> Result<(), ExitCode> {
    write(Some(path), page)
}

/// Writes to a file (`-` is standard output) and says where on standard error.
fn write(path: Option<&Path>, text: &str) -> Result<(), ExitCode> {
    match path {
        None => {
            crate::emit(text);
            Ok(())
        }
        Some(p) if p == Path::new("-") => {
            crate::emit(text);
            Ok(())
        }
        Some(p) => match std::fs::write(p, text) {
            Ok(()) => {
                anstream::eprintln!("wrote {} ({} bytes)", p.display(), text.len());
                Ok(())
            }
            Err(e) => {
                anstream::eprintln!("error: cannot write {}: {e}", p.display());
                Err(ExitCode::from(1))
            }
        },
    }
}
