//! The odds picture of a column chart, as a wargamer reads a CRT: the
//! chance of each result in each column, at net modifier 0 where the
//! chart allows it (no modifiers named; a value it needs as near 0 as its
//! bounds allow), under the sheet's own column headings; the caption says
//! the net and every other setting. Each cell carries its
//! exact probability and its column's situation, so a test can check it
//! against the engine.

use crate::compare::classes::column_situations;
use crate::engine::choices::Choices;
use crate::engine::odds::Odds;
use crate::ruleset::ChartRef;
use maud::{html, Markup};

/// The table, or `None` for a chart of one column, or one whose columns'
/// odds cannot all be computed without more choices (it keeps its bars).
pub(super) fn odds_by_column(chart: &ChartRef<'_>) -> Option<Markup> {
    let base = chart.example_choices();
    let (mut columns, mut others) = column_situations(chart, &base)?;
    if columns.len() < 2 {
        return None;
    }
    // Leave out what changes nothing (a value only another kind of attack
    // reads), so the caption names only what the picture depends on.
    let odds_of = |cols: &[(String, Choices)]| -> Option<Vec<Odds>> {
        cols.iter().map(|(_, c)| chart.odds(c).ok()).collect()
    };
    let full = odds_of(&columns)?;
    for arg in others.args().to_vec() {
        let without = |c: &Choices| {
            c.args()
                .iter()
                .filter(|a| a.name != arg.name)
                .fold(Choices::none(), |c, a| c.with(&a.name, a.value.as_deref()))
        };
        let fewer: Vec<(String, Choices)> = columns
            .iter()
            .map(|(h, c)| (h.clone(), without(c)))
            .collect();
        if odds_of(&fewer).is_some_and(|o| o == full) {
            columns = fewer;
            others = without(&others);
        }
    }
    let mut nets = Vec::new();
    let odds: Vec<(String, String, Odds)> = columns
        .into_iter()
        .map(|(head, choices)| {
            let bound = chart.bind(&choices).ok()?;
            nets.push(
                bound
                    .applied()
                    .iter()
                    .filter(|m| m.side == 0)
                    .map(|m| m.value)
                    .sum::<i64>(),
            );
            Some((head, choices.text().to_owned(), bound.odds().ok()?))
        })
        .collect::<Option<_>>()?;
    // The net the columns were read at, if one for all (the caption says it).
    let net = nets
        .first()
        .copied()
        .filter(|n| nets.iter().all(|m| m == n));
    // Every result any column gives, in the order the columns first give it.
    let mut results: Vec<&str> = Vec::new();
    for (_, _, o) in &odds {
        for outcome in &o.outcomes {
            if !results.contains(&outcome.outcome.as_str()) {
                results.push(&outcome.outcome);
            }
        }
    }
    Some(html! {
        figure.odds.by-column {
            table.column-odds {
                thead {
                    tr {
                        th.corner { "Result" }
                        @for (head, situation, _) in &odds {
                            th data-choices=(situation) { (head) }
                        }
                    }
                }
                tbody {
                    @for result in &results {
                        tr {
                            th { (result) }
                            @for (head, _, o) in &odds {
                                @let p = o.probability(result);
                                td data-column=(head) data-outcome=(result)
                                    data-probability=(p.fraction()) { (percent(p.to_f64())) }
                            }
                        }
                    }
                }
            }
            figcaption {
                "Chance of each result by column"
                @match net {
                    Some(n) => { ", net modifier " (signed(n)) }
                    None => { ", with each column's modifiers" }
                }
                @if !others.text().is_empty() {
                    ", with " code { (others.text()) }
                }
            }
        }
    })
}

/// A chance as a sheet prints it: `17%`, `2.8%` under 10%, blank for never.
fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if pct <= 0.0 {
        String::new()
    } else if pct < 10.0 {
        format!("{pct:.1}%")
    } else {
        format!("{pct:.0}%")
    }
}

fn signed(n: i64) -> String {
    if n == 0 {
        "0".to_owned()
    } else {
        format!("{n:+}")
    }
}
