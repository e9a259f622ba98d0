//! `diff`'s text: one chart's odds in a base and a variant side by side,
//! its situation classes ranked (`--across`), and the whole-game overview
//! of what changed.

use super::text::{bar, cols, cut, pad, LABEL_WIDTH};
use crate::changes::{Change, Changes, Coverage};
use chartwright::compare::{Across, CellChange, OutcomeDiff};
use chartwright::{ChartRef, OddsDiff};
use std::fmt::Write;

/// Most situation classes ranked in `--across` output, and most cells of
/// a changed grid listed.
const TOP: usize = 10;

fn fraction(p: Option<&chartwright::Probability>) -> String {
    p.map_or_else(|| "—".to_owned(), chartwright::Probability::fraction)
}

fn pct(p: Option<f64>) -> String {
    p.map_or_else(String::new, |p| format!("{p:.2}%"))
}

/// One chart's diff as a table: outcome, base, variant, change, bar.
pub fn chart(d: &OddsDiff, base_name: &str) -> String {
    let mut out = String::new();
    let choices = if d.choices.is_empty() {
        String::new()
    } else {
        format!("  with {}", d.choices)
    };
    let _ = writeln!(out, "{base_name} → {}{choices}", d.chart);
    let w = d
        .outcomes
        .iter()
        .map(|o| cols(&o.outcome).min(LABEL_WIDTH))
        .max()
        .unwrap_or(0)
        .max("outcome".len());
    let bf: Vec<String> = d
        .outcomes
        .iter()
        .map(|o| fraction(o.base.as_ref()))
        .collect();
    let vf: Vec<String> = d
        .outcomes
        .iter()
        .map(|o| fraction(o.variant.as_ref()))
        .collect();
    let bw = bf
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let vw = vf
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let _ = writeln!(
        out,
        "  {:<w$}  {:<bw$} {:>7}   {:<vw$} {:>7}   {:>10}",
        "outcome", "base", "", "variant", "", "change"
    );
    for ((o, b), v) in d.outcomes.iter().zip(&bf).zip(&vf) {
        let side = match (&o.base, &o.variant) {
            (None, Some(_)) => "  (variant only)",
            (Some(_), None) => "  (base only)",
            _ => "",
        };
        let delta = o.delta_percent();
        let arrow = if delta > 0.0 {
            "▲"
        } else if delta < 0.0 {
            "▼"
        } else {
            " "
        };
        let _ = writeln!(
            out,
            "  {}  {b:<bw$} {:>7}   {v:<vw$} {:>7}   {:>+7.2} pp  {arrow}{}{side}",
            pad(&cut(&o.outcome, LABEL_WIDTH), w),
            pct(o.base_percent()),
            pct(o.variant_percent()),
            delta + 0.0,
            bar(delta.abs()),
        );
    }
    if d.is_unchanged() {
        out.push_str("  no change\n");
    }
    if let Some(why) = &d.follow_ups_named {
        let _ = writeln!(
            out,
            "  follow-ups named, not rolled ({why}): both sides roll them alike"
        );
    }
    out
}

/// `OUTCOME: 1/3 → 1/2 (+16.67 pp)`: exact, then the change in points.
fn change_text(o: &OutcomeDiff) -> String {
    let side = |p: Option<&chartwright::Probability>| {
        p.map_or_else(|| "never".to_owned(), chartwright::Probability::fraction)
    };
    format!(
        "{}: {} → {} ({:+.2} pp)",
        cut(&o.outcome, LABEL_WIDTH),
        side(o.base.as_ref()),
        side(o.variant.as_ref()),
        o.delta_percent() + 0.0
    )
}

/// A class's situation as a player types it (`roll` takes it as is).
fn situation(choices: &str) -> String {
    if choices.is_empty() {
        "(no choices)".to_owned()
    } else {
        format!("({choices})")
    }
}

/// `--across`: the situation classes ranked by their largest change.
pub fn across(a: &Across, base_name: &str, limit: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{base_name} → {}: {}", a.chart, Coverage::of(a, limit));
    if a.skipped > 0 {
        let _ = writeln!(
            out,
            "  ({} left out: situations a side cannot roll, such as a value its score cannot use)",
            a.skipped
        );
    }
    let changed: Vec<&chartwright::compare::ClassDiff> = a.changed().collect();
    if changed.is_empty() {
        out.push_str(if a.exhaustive() {
            "  no change in any situation\n"
        } else {
            "  no change in any situation compared\n"
        });
        return out;
    }
    let alike = |c: &&chartwright::compare::ClassDiff| c.alike + 1;
    let _ = writeln!(
        out,
        "  {} of {} classes compared change; the largest changes first:",
        changed.iter().map(alike).sum::<usize>(),
        a.compared - a.skipped - a.unanswered - a.incomplete
    );
    for (i, c) in changed.iter().take(TOP).enumerate() {
        if let Some(o) = c.diff.largest() {
            let more = match c.alike {
                0 => String::new(),
                1 => " (and 1 more class alike)".to_owned(),
                n => format!(" (and {n} more classes alike)"),
            };
            let _ = writeln!(
                out,
                "  {:>3}. {}: {}{more}\n       {}",
                i + 1,
                c.class,
                change_text(o),
                situation(&c.diff.choices)
            );
        }
    }
    if changed.len() > TOP {
        let _ = writeln!(out, "  ... and {} more", changed.len() - TOP);
    }
    out
}

/// A grid's changed cell in words: `KEYS: BASE → VARIANT`.
pub fn cell_words(c: &CellChange) -> String {
    let side = |s: &Option<String>| s.clone().unwrap_or_else(|| "(none)".to_owned());
    format!("{}: {} → {}", c.keys, side(&c.base), side(&c.variant))
}

/// Without a chart: every chart that differs, with its largest change over
/// its situation classes (bounded, as `--across`); `names` are the base's
/// and the variant's games.
pub fn overview(names: (&str, &str), found: &Changes<'_>) -> String {
    let (changes, compared) = (&found.charts, found.compared);
    let mut lines = Vec::new();
    let mut partial = Vec::new();
    for c in changes {
        match c {
            Change::New(v) => lines.push(format!("  {:<28} new in the variant", v.name())),
            Change::Removed(b) => lines.push(format!("  {:<28} removed by the variant", b.name())),
            Change::Failed(v, e, hint) => {
                let give = hint
                    .as_ref()
                    .map_or(String::new(), |h| format!("; give {h} to cut the work"));
                lines.push(format!("  {:<28} not compared: {e}{give}", v.name()));
            }
            Change::Reference(v, cells) => lines.push(reference_line(v, cells)),
            Change::Unchanged(v, how) => {
                partial.push(format!("  {:<28} {}", v.name(), how));
            }
            Change::Changed {
                chart,
                top,
                coverage: how,
            } => {
                let Some(o) = top.diff.largest() else {
                    continue;
                };
                lines.push(format!(
                    "  {:<28} {}: {}\n  {:<28} {}",
                    chart.name(),
                    top.class,
                    change_text(o),
                    "",
                    situation(&top.diff.choices)
                ));
                if !how.exhaustive() {
                    partial.push(format!("  {:<28} {}", chart.name(), how));
                }
            }
        }
    }
    let mut out = String::new();
    if lines.is_empty() {
        if partial.is_empty() {
            let _ = writeln!(
                out,
                "{} → {}: no change ({compared} charts compared, every situation class of each)",
                names.0, names.1
            );
        } else {
            let _ = writeln!(
                out,
                "{} → {}: no change found ({compared} charts compared)",
                names.0, names.1
            );
        }
    } else {
        // Only the charts compared whose odds differ are counted; a chart
        // not compared is said to be, never counted as differing.
        let differ = changes.iter().filter(|c| c.differs()).count();
        let failed = changes
            .iter()
            .filter(|c| matches!(c, Change::Failed(..)))
            .count();
        let not_compared = if failed == 0 {
            String::new()
        } else {
            format!("; {failed} not compared")
        };
        if differ == 0 {
            let _ = writeln!(
                out,
                "{} → {}: no chart's odds differ ({compared} charts compared{not_compared}); what changed:",
                names.0, names.1
            );
        } else {
            let _ = writeln!(
                out,
                "{} → {}: {differ} of {compared} charts differ (the largest change of each, in the class it happens){not_compared}",
                names.0, names.1
            );
        }
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
    if !partial.is_empty() {
        let charts = if partial.len() == 1 {
            "chart"
        } else {
            "charts"
        };
        let _ = writeln!(
            out,
            "Not every situation was compared in {} {charts} (`diff --across` ranks what was):",
            partial.len()
        );
        for l in partial {
            let _ = writeln!(out, "{l}");
        }
    }
    out
}

/// A grid the variant changed, for the overview: its changed cells (the
/// first few), one a line.
fn reference_line(v: &ChartRef<'_>, cells: &[CellChange]) -> String {
    let mut line = format!("  {:<28} {} changed", v.name(), v.kind());
    if cells.is_empty() {
        line.push_str(" (the charts that read it are compared above)");
        return line;
    }
    let _ = write!(
        line,
        ", {} {}:",
        cells.len(),
        if cells.len() == 1 { "cell" } else { "cells" }
    );
    for c in cells.iter().take(TOP) {
        let _ = write!(line, "\n  {:<28}   {}", "", cell_words(c));
    }
    if cells.len() > TOP {
        let _ = write!(line, "\n  {:<28}   ... and {} more", "", cells.len() - TOP);
    }
    line
}
