//! Helpers shared by the integration tests: load a bundled game, roll a
//! chart with scripted dice, read exact odds as (numerator, denominator).
#![allow(dead_code)]

use chartwright::{Choices, Probability, Roll, Ruleset, Scripted};
use num_rational::BigRational;
use num_traits::ToPrimitive;

/// A probability as a big rational, for the oracles that compute with
/// `num_rational` (the library keeps it out of its API).
pub fn big(p: &Probability) -> BigRational {
    BigRational::new(p.numer().into(), p.denom().into())
}

/// Loads `rules/<game>.rules`, panicking with the rendered errors if it fails.
#[track_caller]
pub fn load(game: &str) -> Ruleset {
    let path = format!("{}/rules/{game}.rules", env!("CARGO_MANIFEST_DIR"));
    match Ruleset::from_file(&path) {
        Ok(r) => r,
        Err(e) => panic!("{path} does not load:\n{e}"),
    }
}

/// Rolls `chart` with `args` and the given natural faces, in order.
#[track_caller]
pub fn roll(rules: &Ruleset, chart: &str, args: &str, faces: &[u32]) -> Roll {
    let chart = rules
        .chart(chart)
        .unwrap_or_else(|e| panic!("no chart {chart}: {e}"));
    let choices = Choices::parse(args).unwrap_or_else(|e| panic!("bad args {args:?}: {e}"));
    chart
        .roll(&choices, &mut Scripted::new(faces.iter().copied()))
        .unwrap_or_else(|e| panic!("rolling {} {args:?}: {e}", chart.name()))
}

/// The outcome text of a roll (follow-ups not included).
#[track_caller]
pub fn outcome(rules: &Ruleset, chart: &str, args: &str, faces: &[u32]) -> String {
    roll(rules, chart, args, faces).outcome.to_string()
}

/// Asserts that each natural roll (one die) gives the expected outcome.
#[track_caller]
pub fn assert_rows(rules: &Ruleset, chart: &str, args: &str, expected: &[(u32, &str)]) {
    for &(face, want) in expected {
        let got = outcome(rules, chart, args, &[face]);
        assert_eq!(got, want, "{chart} {args:?} natural {face}");
    }
}

/// The exact probability of an outcome (summed over matching lines) as (n, d).
#[track_caller]
pub fn odds(rules: &Ruleset, chart: &str, args: &str, outcome: &str) -> (u64, u64) {
    let chart = rules
        .chart(chart)
        .unwrap_or_else(|e| panic!("no chart {chart}: {e}"));
    let choices = Choices::parse(args).unwrap_or_else(|e| panic!("bad args {args:?}: {e}"));
    let o = chart
        .odds(&choices)
        .unwrap_or_else(|e| panic!("odds of {} {args:?}: {e}", chart.name()));
    let p = o.probability(outcome);
    (
        p.numer().to_u64().unwrap_or(u64::MAX),
        p.denom().to_u64().unwrap_or(u64::MAX),
    )
}

/// The error a roll gives.
#[track_caller]
pub fn roll_error(rules: &Ruleset, chart: &str, args: &str) -> chartwright::RollError {
    let chart = rules
        .chart(chart)
        .unwrap_or_else(|e| panic!("no chart {chart}: {e}"));
    match Choices::parse(args).and_then(|c| chart.roll(&c, &mut Scripted::new([1]))) {
        Ok(r) => panic!("expected an error, rolled {}", r.summary()),
        Err(e) => e,
    }
}

/// Pearson's chi-square of `n` draws against exact probabilities: each
/// pair is (probability, times seen); outcomes expected fewer than 5 times
/// are pooled. `(statistic, degrees of freedom)`, or `None` with fewer
/// than two cells.
pub fn chi_square(cells: impl IntoIterator<Item = (f64, u32)>, n: u32) -> Option<(f64, f64)> {
    let n = f64::from(n);
    let (mut stat, mut count) = (0.0, 0u32);
    let (mut pooled_e, mut pooled_o) = (0.0, 0.0);
    for (p, seen) in cells {
        let (e, o) = (p * n, f64::from(seen));
        if e >= 5.0 {
            stat += (o - e).powi(2) / e;
            count += 1;
        } else {
            pooled_e += e;
            pooled_o += o;
        }
    }
    if pooled_e >= 5.0 {
        stat += (pooled_o - pooled_e).powi(2) / pooled_e;
        count += 1;
    }
    (count >= 2).then(|| (stat, f64::from(count - 1)))
}

/// The minimal grid-fed shift table: a `woods rL from woods_shift` on a
/// fire-power CRT, whose `gun` cell a house rule changes (the diff once
/// called that "no change").
pub const GRID_SHIFT_REPRO: &str = r#"
game "Repro" version "1"
choice weapon "Weapon" { rifle "Rifle", gun "Gun" }
grid woods_shift "Woods shift" by weapon { rifle: 1  gun: 2 }
table fire "Fire" {
  roll d6
  param fp "fire power" in 1..10
  modifiers { woods rL from woods_shift "target in woods" }
  columns by fp: 1 2 3 4
  results {
    1-3: NE NE NE H
    4-6: NE H  H  K
  }
}
"#;
