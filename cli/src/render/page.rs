//! `diff --html`: the comparison pages, drawn by the library's
//! [`chartwright::sheet`]: one chart in one situation, every chart that
//! differs (each in the situation of its largest change), or one chart's
//! situation classes ranked (`--across`).

use super::diff::cell_words;
use crate::changes::{Change, Changes, Coverage};
use chartwright::compare::{Across, Pairing};
use chartwright::sheet::Compared;
use chartwright::{ChartRef, OddsDiff};

/// The page's title: the variant's game against the base's.
fn title(pair: &Pairing<'_>) -> String {
    format!("{} against {}", pair.variant().title(), pair.base().title())
}

/// The two games' short names, as the legends name them.
fn names<'r>(pair: &Pairing<'r>) -> (&'r str, &'r str) {
    (pair.base().game(), pair.variant().game())
}

/// One chart (the variant's `chart`) in the situation of `diff`.
pub fn chart(pair: &Pairing<'_>, chart: &ChartRef<'_>, diff: OddsDiff) -> String {
    let charts = [Compared::new(chart.title(), diff)];
    chartwright::sheet::comparison_page(&title(pair), names(pair), &charts, &[])
}

/// Every chart that differs, each in the situation of its largest change,
/// with the charts only one side has, those not compared and the grids
/// changed listed under them.
pub fn overview(pair: &Pairing<'_>, found: &Changes<'_>) -> String {
    let mut charts: Vec<Compared> = Vec::new();
    let mut notes = Vec::new();
    for c in &found.charts {
        match c {
            Change::Changed {
                chart,
                top,
                coverage,
            } => {
                let how = if coverage.exhaustive() {
                    format!("{}, its largest change", top.class)
                } else {
                    format!(
                        "{}, the largest change in the situations compared",
                        top.class
                    )
                };
                charts.push(Compared::new(chart.title(), top.diff.clone()).with_note(how));
            }
            Change::Unchanged(v, how) => notes.push(format!(
                "{} ({}): no change found; {}",
                v.title(),
                v.name(),
                how
            )),
            Change::New(v) => {
                notes.push(format!("{} ({}): new in the variant", v.title(), v.name()));
            }
            Change::Removed(b) => notes.push(format!(
                "{} ({}): removed by the variant",
                b.title(),
                b.name()
            )),
            Change::Failed(v, e, hint) => {
                let give = hint
                    .as_ref()
                    .map_or(String::new(), |h| format!("; give {h} to cut the work"));
                notes.push(format!(
                    "{} ({}): not compared: {e}{give}",
                    v.title(),
                    v.name()
                ));
            }
            Change::Reference(v, cells) => {
                let what = if cells.is_empty() {
                    String::new()
                } else {
                    let words: Vec<String> = cells.iter().map(cell_words).collect();
                    format!(": {}", words.join("; "))
                };
                notes.push(format!(
                    "{} ({}): {} changed by the variant{what}",
                    v.title(),
                    v.name(),
                    v.kind()
                ));
            }
        }
    }
    notes.push(format!(
        "{} charts compared, every situation class of each up to {}; those not shown do not change in any class compared.",
        found.compared, found.limit
    ));
    chartwright::sheet::comparison_page(&title(pair), names(pair), &charts, &notes)
}

/// `--across`: every situation class of one chart, ranked by its largest
/// change, with how much was compared (as the text says it) above.
pub fn ranking(
    pair: &Pairing<'_>,
    (base, variant): (&ChartRef<'_>, &ChartRef<'_>),
    across: &Across,
    limit: usize,
) -> String {
    let mut notes = vec![format!(
        "{}: {}.",
        across.chart,
        Coverage::of(across, limit).to_string()
    )];
    if across.changed().next().is_none() {
        notes.push(if across.exhaustive() {
            "No change in any situation.".to_owned()
        } else {
            "No change in any situation compared.".to_owned()
        });
    }
    chartwright::sheet::ranking_page(&title(pair), base, variant, across, &notes)
}
