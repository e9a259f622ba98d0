//! Tables of odds: one chart's outcomes with their fractions and bars,
//! and tables of outcomes by columns (a sweep over a net modifier or a
//! parameter, the change of a diff by a parameter's value).

use super::text::{
    bar_of, cols, cut, pad, pad_left, paint, width, wrap, BAR_WIDTH, BOLD, GOOD, LABEL_WIDTH,
};
use chartwright::compare::merged_order;
use chartwright::{Odds, OddsDiff};
use std::collections::HashMap;
use std::fmt::Write;

/// An odds table: outcome, fraction, percentage, bar; observed frequencies
/// beside them when given.
pub fn odds(o: &Odds, observed: Option<(&[(String, u64)], u64)>) -> String {
    let mut out = String::new();
    let fracs: Vec<String> = o
        .outcomes
        .iter()
        .map(|x| format!("{}/{}", x.probability.numer(), x.probability.denom()))
        .collect();
    let fw = fracs.iter().map(String::len).max().unwrap_or(0);
    // Beside the name: fraction, percentage, the bar, the observed column.
    let numbers = 2 + fw + 2 + 7 + 2 + if observed.is_some() { 18 } else { 0 };
    let longest = o
        .outcomes
        .iter()
        .map(|x| cols(&x.outcome))
        .max()
        .unwrap_or(0);
    let room = width().saturating_sub(2 + numbers);
    // The bar gives up to half its width before a name wraps; a name that
    // still does not fit wraps at word boundaries onto lines of its own.
    let bar_width = room.saturating_sub(longest).clamp(BAR_WIDTH / 2, BAR_WIDTH);
    let width = longest.min(room.saturating_sub(bar_width).max(16));
    let _ = writeln!(out, "{}", paint(BOLD, &o.chart));
    for (x, frac) in o.outcomes.iter().zip(&fracs) {
        let pct = x.percent();
        let bar = bar_of(pct, bar_width);
        let lines = wrap(&x.outcome, width, "", "");
        let seen = observed.map_or(String::new(), |(counts, n)| {
            let c = counts
                .iter()
                .find(|(k, _)| *k == x.outcome)
                .map_or(0, |(_, c)| *c);
            format!("  observed {:6.2}%", c as f64 * 100.0 / n.max(1) as f64)
        });
        // Pad the bar to full width so the observed column lines up.
        let fill = if observed.is_some() {
            " ".repeat(bar_width.saturating_sub(bar.chars().count()))
        } else {
            String::new()
        };
        let name = pad(lines.first().map_or("", String::as_str), width);
        let _ = writeln!(
            out,
            "  {name}  {frac:>fw$}  {pct:6.2}%  {}{fill}{seen}",
            paint(GOOD, bar)
        );
        for more in lines.iter().skip(1) {
            let _ = writeln!(out, "    {more}");
        }
    }
    out
}

/// Each group's exact odds, under an odds table: the group as written,
/// fraction, percentage, bar.
pub fn groups(o: &Odds, groups: &[chartwright::OutcomeGroup]) -> String {
    let rows: Vec<(String, chartwright::Probability)> = groups
        .iter()
        .map(|g| (g.to_string(), o.group_probability(g)))
        .collect();
    let fw = rows
        .iter()
        .map(|(_, p)| p.fraction().len())
        .max()
        .unwrap_or(0);
    let nw = rows.iter().map(|(g, _)| cols(g)).max().unwrap_or(0);
    let mut out = String::new();
    for (g, p) in &rows {
        let pct = p.to_f64() * 100.0;
        let _ = writeln!(
            out,
            "  {}  {:>fw$}  {pct:6.2}%  {}",
            pad(g, nw),
            p.fraction(),
            paint(GOOD, bar_of(pct, BAR_WIDTH))
        );
    }
    out
}

/// Odds against each extra net modifier of a sweep, one column each.
pub fn sweep_table(columns: &[(i64, Odds)]) -> String {
    let columns: Vec<(String, Odds)> = columns
        .iter()
        .map(|(x, o)| (format!("{x:+}"), o.clone()))
        .collect();
    odds_table("net modifier", &columns)
}

/// A table of outcomes (rows, in table order) by columns, each cell from
/// `cell(column, outcome)`.
fn grid<C>(
    corner: &str,
    columns: &[(String, C)],
    outcomes: &[&str],
    cell: impl Fn(&C, &str) -> String,
) -> String {
    // Labels are cut to LABEL_WIDTH unless two would then read the same
    // (twenty `then again` paths that differ past the cut): then whole.
    let width = {
        let cuts: std::collections::HashSet<String> =
            outcomes.iter().map(|o| cut(o, LABEL_WIDTH)).collect();
        if cuts.len() == outcomes.len() {
            LABEL_WIDTH
        } else {
            usize::MAX
        }
    };
    let w = outcomes
        .iter()
        .map(|o| cols(o).min(width))
        .max()
        .unwrap_or(0)
        .max(cols(corner));
    let cells: Vec<Vec<String>> = outcomes
        .iter()
        .map(|o| columns.iter().map(|(_, c)| cell(c, o)).collect())
        .collect();
    let cw = columns
        .iter()
        .map(|(h, _)| cols(h))
        .chain(cells.iter().flatten().map(|c| cols(c)))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    let _ = write!(out, "{}", pad(corner, w));
    for (h, _) in columns {
        let _ = write!(out, "  {}", pad_left(h, cw));
    }
    out.push('\n');
    for (o, row) in outcomes.iter().zip(&cells) {
        let _ = write!(out, "{}", pad(&cut(o, width), w));
        for c in row {
            let _ = write!(out, "  {}", pad_left(c, cw));
        }
        out.push('\n');
    }
    out
}

/// Each outcome's percentage in `odds` (outcomes of one text summed).
fn percents(o: &Odds) -> HashMap<&str, f64> {
    let mut by: HashMap<&str, f64> = HashMap::new();
    for x in &o.outcomes {
        *by.entry(x.outcome.as_str()).or_default() += x.percent();
    }
    by
}

/// Odds columns (loose net modifier or a parameter) as a table.
pub fn odds_table(corner: &str, columns: &[(String, Odds)]) -> String {
    let outcomes = merged_order(
        columns
            .iter()
            .map(|(_, o)| o.outcomes.iter().map(|x| x.outcome.as_str()).collect()),
    );
    let columns: Vec<(String, HashMap<&str, f64>)> = columns
        .iter()
        .map(|(h, o)| (h.clone(), percents(o)))
        .collect();
    // `0.00%` where an outcome cannot happen.
    grid(corner, &columns, &outcomes, |by, o| {
        format!("{:.2}%", by.get(o).copied().unwrap_or(0.0) + 0.0)
    })
}

/// `odds --sweep NAME`: the odds at each step of NAME (its label, its
/// odds), neighbouring steps with the same odds read as one column (`4 to
/// 20`); a note when the steps cannot cover every value.
pub fn odds_steps(name: &str, steps: Vec<(String, Odds)>, exhaustive: bool) -> String {
    let note = if exhaustive {
        String::new()
    } else {
        format!("({name} is tried at chosen values: the chart may change between them)\n")
    };
    let mut merged: Vec<(String, Odds)> = Vec::new();
    for (label, o) in steps {
        match merged.last_mut() {
            Some((head, prev)) if *prev == o => {
                let first = head.split(" to ").next().unwrap_or(head).to_owned();
                *head = format!("{first} to {label}");
            }
            _ => merged.push((label, o)),
        }
    }
    odds_table(name, &merged) + &note
}

/// `diff --sweep NAME=A..B`: the change in percentage points of each
/// outcome (rows) at each value of NAME (columns).
pub fn diff_sweep(base: &str, variant: &str, name: &str, columns: &[(i64, OddsDiff)]) -> String {
    let outcomes = merged_order(
        columns
            .iter()
            .map(|(_, d)| d.outcomes.iter().map(|o| o.outcome.as_str()).collect()),
    );
    let mut out =
        format!("{base} → {variant}: change in percentage points (variant - base) by {name}\n");
    // Each column's changes by outcome, found in constant time per cell.
    let columns: Vec<(String, HashMap<&str, f64>)> = columns
        .iter()
        .map(|(v, d)| {
            let by = d.outcomes.iter().rev();
            (
                v.to_string(),
                by.map(|x| (x.outcome.as_str(), x.delta_percent()))
                    .collect(),
            )
        })
        .collect();
    out.push_str(&grid(name, &columns, &outcomes, |by, o| {
        by.get(o)
            .map_or_else(|| "+0.00".to_owned(), |p| format!("{:+.2}", p + 0.0))
    }));
    out
}
