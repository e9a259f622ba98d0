//! `show`: a chart as on the sheet, wrapped to the terminal; on a variant,
//! every line the variant changed or added marked in place, the lines it
//! removed listed, then what it changed, in words.

use super::text::{width, wrap_lines};
use chartwright::ChartRef;
use std::fmt::Write;

/// `show` (command line and REPL): [`marked`], wrapped to the width of
/// standard output.
pub fn show(chart: &ChartRef<'_>) -> String {
    let width = width();
    wrap_lines(&marked(chart, width), width)
}

/// The chart as on the sheet; for a chart of a variant, every line
/// the variant changed or added is marked in place (`*` changed, `+`
/// added), lines it removed are listed after it, and then what changed, in
/// words. The lines are compared with the same chart of the plain game the
/// variant starts from, rendered the same way, so a change that comes
/// through a modifier set the chart uses is marked too.
fn marked(chart: &ChartRef<'_>, width: usize) -> String {
    // Two columns are the gutter the marks take.
    let text = chart.render_width(width.saturating_sub(2));
    let Some(base) = chart.variant_base() else {
        return text + &marks(chart);
    };
    let Ok(base_chart) = base.chart(chart.name()) else {
        return text + &marks(chart);
    };
    let old_text = base_chart.render_width(width.saturating_sub(2));
    let (old, new): (Vec<&str>, Vec<&str>) = (old_text.lines().collect(), text.lines().collect());
    // Compared with runs of spaces as one, so a column that widens does not
    // mark every line of its table.
    let squash = |lines: &[&str]| -> Vec<String> {
        lines
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let (old_sq, new_sq) = (squash(&old), squash(&new));
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &old_sq, &new_sq);
    let mut gutter = vec![' '; new.len()];
    let mut removed: Vec<&str> = Vec::new();
    for op in ops {
        if let similar::DiffOp::Equal { .. } = op {
            continue;
        }
        // Within a hunk, a new line is a change of the most alike old line
        // (a row whose cell changed, a modifier whose value did), if any
        // is alike; otherwise it was added, and old lines left were removed.
        let mut left: Vec<usize> = op.old_range().collect();
        for i in op.new_range() {
            let (Some(g), Some(line)) = (gutter.get_mut(i), new_sq.get(i)) else {
                continue;
            };
            let best = left
                .iter()
                .enumerate()
                .filter_map(|(k, &o)| {
                    let ratio =
                        similar::TextDiff::from_chars(old_sq.get(o)?.as_str(), line.as_str())
                            .ratio();
                    (ratio >= 0.6).then_some((k, ratio))
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            *g = match best {
                Some((k, _)) => {
                    left.remove(k);
                    '*'
                }
                None => '+',
            };
        }
        removed.extend(left.iter().filter_map(|&i| old.get(i)));
    }
    if gutter.iter().all(|g| *g == ' ') && removed.is_empty() {
        return text + &marks(chart);
    }
    let mut out = String::new();
    for (line, g) in new.iter().zip(&gutter) {
        let _ = writeln!(out, "{}", format!("{g} {line}").trim_end());
    }
    let _ = writeln!(
        out,
        "
(* changed, + added by the variant `{}`, against the plain game)",
        chart.game()
    );
    if !removed.is_empty() {
        let _ = writeln!(out, "Removed by the variant:");
        for line in removed {
            let _ = writeln!(out, "  - {}", line.trim());
        }
    }
    out + &marks(chart)
}

/// What a variant changed in a chart, for `show`; empty for a plain game's.
fn marks(chart: &ChartRef<'_>) -> String {
    let marks = chart.variant_marks();
    if marks.is_empty() {
        return String::new();
    }
    let mut out = format!("\nChanged by the variant ({}):\n", chart.game());
    for m in marks {
        let _ = writeln!(out, "  * {m}");
    }
    out
}
