//! The odds pictures a wargamer reads. A column chart, as a CRT is read:
//! the chance of each result in each column, at net modifier 0 where the
//! chart allows it (no modifiers named; a value it needs as near 0 as its
//! bounds allow), under the sheet's own column headings; the caption says
//! the net and every other setting. A table or check with modifiers: the
//! chance of each result at each net modifier its modifiers reach. Each
//! cell carries its exact probability and its column's situation, so a
//! test can check it against the engine.

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
        let name = [arg.name.as_str()];
        let fewer: Vec<(String, Choices)> = columns
            .iter()
            .map(|(h, c)| (h.clone(), c.leaving_out(&name)))
            .collect();
        if odds_of(&fewer).is_some_and(|o| o == full) {
            columns = fewer;
            others = others.leaving_out(&name);
        }
    }
    // Leaving out only what changes nothing, the odds are still `full`.
    let mut nets = Vec::new();
    let odds: Vec<(String, String, Odds)> = columns
        .into_iter()
        .zip(full)
        .map(|((head, choices), odds)| {
            let bound = chart.bind(&choices).ok()?;
            nets.push(
                bound
                    .applied()
                    .iter()
                    .filter(|m| m.side == 0)
                    .map(|m| m.value)
                    .sum::<i64>(),
            );
            Some((head, choices.text().to_owned(), odds))
        })
        .collect::<Option<_>>()?;
    // The net the columns were read at, if one for all (the caption says it).
    let net = nets
        .first()
        .copied()
        .filter(|n| nets.iter().all(|m| m == n));
    let results = results_in_order(odds.iter().map(|c| &c.2));
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
            (caption(chart, net, &others))
        }
    })
}

/// What the picture by column was read at: the net modifier (or each
/// column's own), the other settings, and for a column value that rolls
/// dice, that the columns are read before them.
fn caption(chart: &ChartRef<'_>, net: Option<i64>, others: &Choices) -> Markup {
    html! {
        figcaption {
            "Chance of each result by column"
            @if rolls_column_dice(chart) {
                ", each column read at the value before the column dice"
            }
            @match net {
                Some(n) => { ", net modifier " (signed(n)) }
                None => { ", with each column's modifiers" }
            }
            @if !others.text().is_empty() {
                ", with " (in_words(chart, others))
            }
        }
    }
}

/// Whether the chart's column value rolls dice: its picture is drawn at
/// the value before them ([`column_situations`] counts none).
fn rolls_column_dice(chart: &ChartRef<'_>) -> bool {
    let (program, id) = chart.compiled();
    program.charts.get(id).is_some_and(|t| {
        matches!(
            &t.body,
            crate::check::tree::Body::Table { scale: Some(s), .. } if s.dice.is_some()
        )
    })
}

/// Every result any column gives, in the order of the column that gives
/// the most of them, then each other column's new ones.
pub(super) fn results_in_order<'o>(columns: impl Iterator<Item = &'o Odds>) -> Vec<&'o str> {
    let mut by_width: Vec<&Odds> = columns.collect();
    by_width.sort_by_key(|o| std::cmp::Reverse(o.outcomes.len()));
    let mut results: Vec<&str> = Vec::new();
    for o in by_width {
        for outcome in &o.outcomes {
            if !results.contains(&outcome.outcome.as_str()) {
                results.push(&outcome.outcome);
            }
        }
    }
    results
}

/// A chance as a sheet prints it: `17%`, `2.8%` under 10%, `<0.1%` for a
/// result that can happen but rounds to nothing, blank for never.
pub(super) fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if pct <= 0.0 {
        String::new()
    } else if pct < 0.05 {
        "<0.1%".to_owned()
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

/// The odds at each net modifier, lowest first.
type Sweep = Vec<(i64, Odds)>;

/// The situation a picture by net is drawn at: the inputs it fixes (a
/// column, a target number) at the values whose nets read most apart; at
/// a caliber where every net passes, the picture would say nothing.
fn net_situation(
    chart: &ChartRef<'_>,
    sweep_of: &dyn Fn(&Choices) -> Option<Sweep>,
) -> Option<Choices> {
    let plain = |c: &Choices| crate::compare::classes::plain_situation(chart, c);
    let first = plain(&chart.example_choices())?;
    let fixed: Vec<String> = first.args().iter().map(|a| a.name.clone()).collect();
    Some(super::situation::most_spread(
        chart,
        first,
        |c| {
            let c = plain(&c).unwrap_or(c);
            let free: Vec<String> = c
                .args()
                .iter()
                .filter(|a| !fixed.contains(&a.name))
                .map(|a| a.name.clone())
                .collect();
            c.leaving_out(&free.iter().map(String::as_str).collect::<Vec<_>>())
        },
        |c| {
            Some(
                sweep_of(c)?
                    .iter()
                    .map(|(_, o)| super::situation::spread(o))
                    .sum(),
            )
        },
    ))
}

/// Most net-modifier columns drawn: the reach, around 0, cut to this.
const MOST_NETS: i64 = 6;

/// The chance of each result at each net modifier the chart's modifiers
/// reach (within `cap modifiers at`, and no further than the rows tell
/// apart), for a table without columns or a check; `None` for a chart
/// without modifiers, or whose odds need choices a sheet cannot pick.
pub(super) fn odds_by_net(chart: &ChartRef<'_>) -> Option<Markup> {
    let (program, id) = chart.compiled();
    let tree = program.charts.get(id)?;
    let (lo, hi) = crate::compare::classes::net_reach(tree)?;
    let (lo, hi) = (lo.max(-MOST_NETS), hi.min(MOST_NETS));
    if lo == hi {
        return None;
    }
    let sweep_of = |c: &Choices| chart.bind(c).ok()?.sweep(lo..=hi).ok();
    let mut situation = net_situation(chart, &sweep_of)?;
    let mut sweep = sweep_of(&situation)?;
    // Leave out what changes nothing, so the caption names only what the
    // picture depends on.
    for arg in situation.args().to_vec() {
        let fewer = situation.leaving_out(&[arg.name.as_str()]);
        if sweep_of(&fewer).is_some_and(|s| s == sweep) {
            situation = fewer;
        }
    }
    // Past either end of the rows every net reads alike: one column says
    // it, `-4 or less`, `+2 or more`.
    let mut heads: Vec<String> = sweep.iter().map(|(n, _)| signed(*n)).collect();
    while sweep.len() > 2 && sweep[0].1 == sweep[1].1 {
        sweep.remove(0);
        heads.remove(0);
        heads[0] = format!("{} or less", signed(sweep[0].0));
    }
    while sweep.len() > 2 && sweep[sweep.len() - 1].1 == sweep[sweep.len() - 2].1 {
        sweep.pop();
        heads.pop();
        if let Some(last) = heads.last_mut() {
            *last = format!("{} or more", signed(sweep[sweep.len() - 1].0));
        }
    }
    let results = results_in_order(sweep.iter().map(|(_, o)| o));
    // Which way the net reads: added to the roll, or moving the target.
    let reads = match &tree.body {
        crate::check::tree::Body::Check {
            net_in_target: true,
            ..
        } => "the sum of the modifiers that apply, which moves the target",
        _ => "the sum of the modifiers that apply, added to the roll",
    };
    Some(html! {
        figure.odds.by-column.by-net data-choices=(situation.text()) {
            table.column-odds {
                thead {
                    tr {
                        th.corner { "Net" }
                        @for ((net, _), head) in sweep.iter().zip(&heads) {
                            th data-net=(net) { (head) }
                        }
                    }
                }
                tbody {
                    @for result in &results {
                        tr {
                            th { (result) }
                            @for (net, o) in &sweep {
                                @let p = o.probability(result);
                                td data-net=(net) data-outcome=(result)
                                    data-probability=(p.fraction()) { (percent(p.to_f64())) }
                            }
                        }
                    }
                }
            }
            figcaption {
                "Chance of each result by net modifier (" (reads) ")"
                @if !situation.text().is_empty() {
                    ", with " (in_words(chart, &situation))
                }
            }
        }
    })
}

/// A situation in the sheet's words ([`super::situation::in_words`]).
fn in_words(chart: &ChartRef<'_>, choices: &Choices) -> String {
    super::situation::in_words(chart, choices)
}

/// [`in_words`] with the inputs' labels from `inputs` (an input they lack
/// is named as typed).
pub(super) fn words_for(inputs: &[crate::ruleset::InputInfo], choices: &Choices) -> String {
    choices
        .args()
        .iter()
        .map(|a| {
            let input = inputs.iter().find(|i| i.name == a.name);
            match (input, a.value.as_deref()) {
                (Some(i), None) => i.label.clone(),
                (Some(i), Some(v)) => match &i.kind {
                    crate::ruleset::InputKind::Choice { options } => {
                        let option = options
                            .iter()
                            .find(|o| o.0 == v)
                            .map_or(v, |o| o.1.as_str());
                        format!("{}: {option}", i.label)
                    }
                    _ => format!("{} {v}", i.label),
                },
                (None, _) => a.name.clone(),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn a_rare_result_reads_below_a_tenth_of_a_percent_and_never_as_blank() {
        // 1/7776 (five sixes on 5d6): 0.0129%.
        assert_eq!(percent(1.0 / 7776.0), "<0.1%");
        assert_eq!(percent(0.0), "");
        assert_eq!(percent(1.0 / 40.0), "2.5%");
        assert_eq!(percent(1.0 / 6.0), "17%");
    }
}
