//! The situation an odds picture is drawn at, and its name in the sheet's
//! words. A picture is worth printing where its outcomes vary: among the
//! chart's situation classes (one situation per class the chart can tell
//! apart), the one whose odds spread the most is drawn, the chart's first
//! situation winning a tie.

use crate::check::tree::Body;
use crate::compare::classes::situation_classes;
use crate::engine::choices::Choices;
use crate::engine::odds::Odds;
use crate::ruleset::{ChartRef, InputInfo, InputKind};
use crate::syntax::ast::CompactString;

/// Most situation classes tried for one picture: past it the classes are
/// a seeded sample, so a sheet of many inputs prints as fast as a small one.
const TRIED: usize = 48;

/// How far a distribution spreads: its entropy, in bits (0 where one
/// outcome is certain).
pub(super) fn spread(odds: &Odds) -> f64 {
    odds.outcomes
        .iter()
        .map(|o| o.probability.to_f64())
        .filter(|p| *p > 0.0)
        .map(|p| -p * p.log2())
        .sum()
}

/// The situation, of `first` and one per situation class of the chart
/// (each cut by `keep` to what the picture fixes), that `score` rates
/// highest; `first` on a tie, or when no other can be scored.
pub(super) fn most_spread(
    chart: &ChartRef<'_>,
    first: Choices,
    keep: impl Fn(Choices) -> Choices,
    score: impl Fn(&Choices) -> Option<f64>,
) -> Choices {
    let classes = situation_classes(&[chart], &Choices::none(), TRIED);
    let mut best_score = score(&first).unwrap_or(f64::NEG_INFINITY);
    let mut best = first;
    let mut seen: Vec<String> = vec![best.text().to_owned()];
    for class in classes.iter().take(TRIED) {
        let candidate = keep(class.choices);
        if seen.iter().any(|s| s == candidate.text()) {
            continue;
        }
        seen.push(candidate.text().to_owned());
        // A margin, so that rounding never prefers a stranger situation.
        if let Some(s) = score(&candidate).filter(|s| *s > best_score + 1e-9) {
            best_score = s;
            best = candidate;
        }
    }
    rounded(best, best_score, &score)
}

/// `situation` with each number as round as it can be for the same score:
/// a class names its first value (a caliber of 53), a player thinks in
/// round ones (50).
fn rounded(mut situation: Choices, best: f64, score: &impl Fn(&Choices) -> Option<f64>) -> Choices {
    for arg in situation.args().to_vec() {
        let Some(v) = arg.value.as_deref().and_then(|v| v.parse::<i64>().ok()) else {
            continue;
        };
        for step in [100, 10, 5] {
            if v.abs() < step || v % step == 0 {
                continue;
            }
            let down = v - v.rem_euclid(step);
            let tried = [down, down + step].into_iter().find_map(|r| {
                let c = situation
                    .clone()
                    .leaving_out(&[arg.name.as_str()])
                    .with(&arg.name, Some(&r.to_string()));
                score(&c).filter(|s| (s - best).abs() < 1e-9).map(|_| c)
            });
            if let Some(c) = tried {
                situation = c;
                break;
            }
        }
    }
    situation
}

/// A situation as the sheet prints it: a flag by its label, a choice by
/// its option's label, a number by its label and value, an opposed side's
/// input after the side's label (`Organic Artillery; Dedicated battery;
/// Attacker's discipline rating: -1`). Empty for none.
pub(super) fn in_words(chart: &ChartRef<'_>, choices: &Choices) -> String {
    let inputs = chart.inputs();
    let (program, id) = chart.compiled();
    let sides: &[CompactString] = match program.charts.get(id).map(|t| &t.body) {
        Some(Body::Opposed { sides, labels, .. }) if labels.len() == sides.len() => {
            return words_with_sides(&inputs, choices, sides, labels);
        }
        _ => &[],
    };
    words_with_sides(&inputs, choices, sides, &[])
}

fn words_with_sides(
    inputs: &[InputInfo],
    choices: &Choices,
    sides: &[CompactString],
    labels: &[CompactString],
) -> String {
    choices
        .args()
        .iter()
        .map(|a| {
            let input = inputs.iter().find(|i| i.name == a.name);
            let mut label = input.map_or_else(|| a.name.replace('_', " "), |i| i.label.clone());
            // `att.discipline`: the attacker's, said so.
            if let Some((side, _)) = a.name.split_once('.') {
                if let Some(l) = sides
                    .iter()
                    .position(|s| s == side)
                    .and_then(|i| labels.get(i))
                {
                    label = format!("{l}'s {label}");
                }
            }
            match (input.map(|i| &i.kind), a.value.as_deref()) {
                (_, None) => label,
                (Some(InputKind::Choice { options }), Some(v)) => {
                    options.iter().find(|o| o.0 == v).map_or_else(
                        || format!("{label}: {}", v.replace('_', " ")),
                        |o| o.1.clone(),
                    )
                }
                (_, Some(v)) => format!("{label}: {v}"),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}
