//! `chartwright sheet`, `odds --svg` and `diff --html`: printable HTML
//! sheets, odds pictures and base-vs-variant pages, drawn by the library's
//! `sheet` module and written to a file or standard output.

use crate::diff::{Change, Side};
use crate::output;
use chartwright::sheet::Compared;
use chartwright::{Choices, Odds, OddsDiff, Ruleset};
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

/// Writes the odds picture of one chart to `path`.
pub fn svg(odds: &Odds, path: &Path) -> Result<(), ExitCode> {
    write(Some(path), &chartwright::sheet::odds_svg(odds))
}

/// `diff BASE VARIANT [CHART [CHOICES...]] --html FILE`: the comparison
/// page of one chart in the situation given, or (without a chart) of every
/// chart that differs, each in the situation of its largest change, with
/// the charts only one side has listed under them. The error is rendered
/// and ready to print.
pub fn diff_page(
    base: &Side<'_>,
    variant: &Side<'_>,
    chart: Option<&str>,
    choices: &str,
) -> Result<String, String> {
    let fail =
        |e: &chartwright::RollError| output::roll_error(e, variant.rules, choices, "arguments");
    let parsed = Choices::parse(choices).map_err(|e| fail(&e))?;
    let game_title = |side: &Side<'_>| {
        side.rules
            .games()
            .find(|g| g.0 == side.game)
            .map_or_else(|| side.game.clone(), |g| g.1.to_owned())
    };
    let title = format!("{} against {}", game_title(variant), game_title(base));
    let names = (base.game.as_str(), variant.game.as_str());
    let mut charts: Vec<Compared> = Vec::new();
    let mut notes = Vec::new();
    if let Some(name) = chart {
        let (b, v) = crate::diff::pair(base, variant, name)?;
        let d = OddsDiff::compare(&b, &v, &parsed).map_err(|e| fail(&e))?;
        charts.push(Compared {
            title: v.title().to_owned(),
            note: None,
            diff: d,
        });
    } else {
        let (changes, compared, limit) = crate::diff::changes(base, variant, &parsed);
        for c in changes {
            match c {
                Change::Changed {
                    chart,
                    diff,
                    sampled,
                } => {
                    let how = if sampled {
                        "the largest change in a sample of its situations"
                    } else {
                        "the situation of its largest change"
                    };
                    charts.push(Compared {
                        title: chart.title().to_owned(),
                        note: Some(how.to_owned()),
                        diff,
                    });
                }
                Change::New(v) => {
                    notes.push(format!("{} ({}): new in the variant", v.title(), v.name()));
                }
                Change::Removed(b) => {
                    notes.push(format!(
                        "{} ({}): removed by the variant",
                        b.title(),
                        b.name()
                    ));
                }
                Change::Failed(v, e) => {
                    notes.push(format!("{} ({}): not compared: {e}", v.title(), v.name()));
                }
            }
        }
        notes.push(format!(
            "{compared} charts compared, in every situation up to {limit} each; those not shown do not change."
        ));
    }
    Ok(chartwright::sheet::comparison_page(
        &title, names, &charts, &notes,
    ))
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
