//! The odds picture of a chart one situation cannot show: where a choice
//! of the situation (the vehicle type, the terrain, the firer) changes the
//! odds, the chance of each result under each of its options, a column
//! an option, as the sheet heads them. Each cell carries its exact
//! probability and its column's situation, as the pictures by column do.

use super::columns::{percent, results_in_order};
use crate::engine::choices::Choices;
use crate::engine::odds::Odds;
use crate::ruleset::{ChartRef, InputKind};
use maud::{html, Markup};

/// Most options drawn as columns, and most results as rows: past either
/// the table outgrows its box, and the bars say more.
const MOST_OPTIONS: usize = 8;
const MOST_RESULTS: usize = 12;

/// A column: the option's label, its situation and its odds.
type Column = (String, Choices, Odds);

/// The table by the option of `situation` whose options read most apart,
/// the other inputs as `situation` has them; `None` where no choice of it
/// changes the odds (the bars then show the chart).
pub(super) fn odds_by_option(chart: &ChartRef<'_>, situation: &Choices) -> Option<Markup> {
    let inputs = chart.inputs();
    let mut best: Option<(usize, String, Vec<Column>)> = None;
    for arg in situation.args() {
        let Some(input) = inputs.iter().find(|i| i.name == arg.name) else {
            continue;
        };
        let InputKind::Choice { options } = &input.kind else {
            continue;
        };
        if options.len() < 2 || options.len() > MOST_OPTIONS {
            continue;
        }
        let columns: Vec<Column> = options
            .iter()
            .filter_map(|(name, label)| {
                let choices = situation
                    .clone()
                    .leaving_out(&[arg.name.as_str()])
                    .with(&arg.name, Some(name));
                let odds = chart.odds(&choices).ok()?;
                Some((label.clone(), choices, odds))
            })
            .collect();
        let mut distinct: Vec<&Odds> = Vec::new();
        for (_, _, o) in &columns {
            if !distinct.contains(&o) {
                distinct.push(o);
            }
        }
        if distinct.len() >= 2 && best.as_ref().map_or(true, |b| distinct.len() > b.0) {
            best = Some((distinct.len(), arg.name.clone(), columns));
        }
    }
    let (_, name, columns) = best?;
    let results = results_in_order(columns.iter().map(|c| &c.2));
    if results.len() > MOST_RESULTS {
        return None;
    }
    let label = inputs
        .iter()
        .find(|i| i.name == name)
        .map_or_else(|| name.replace('_', " "), |i| i.label.clone());
    let others = situation.clone().leaving_out(&[name.as_str()]);
    let others_words = super::situation::in_words(chart, &others);
    Some(html! {
        figure.odds.by-column.by-option data-input=(name) {
            table.column-odds {
                thead {
                    tr {
                        th.corner { "Result" }
                        @for (head, choices, _) in &columns {
                            th data-choices=(choices.text()) { (head) }
                        }
                    }
                }
                tbody {
                    @for result in &results {
                        tr {
                            th { (result) }
                            @for (head, _, o) in &columns {
                                @let p = o.probability(result);
                                td data-column=(head) data-outcome=(result)
                                    data-probability=(p.fraction()) { (percent(p.to_f64())) }
                            }
                        }
                    }
                }
            }
            figcaption {
                "Chance of each result by " (label)
                @if !others_words.is_empty() { ", with " (others_words) }
                "; no other modifiers"
            }
        }
    })
}
