//! The two engines cannot drift apart: every chart of every bundled game
//! (and of the report and notation fixtures) is sampled with a fixed seed and its observed frequencies are tested against
//! its exact odds (chi-square, p = 0.001), and every outcome sampled must
//! have a non-zero exact probability.

use chartwright::Ruleset;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;

const SAMPLES: u32 = 4000;

/// Upper critical value of chi-square with `k` degrees of freedom at
/// p = 0.001 (Wilson–Hilferty approximation).
fn critical(k: f64) -> f64 {
    let z = 3.09;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

#[test]
fn sampling_matches_exact_odds_for_every_chart() {
    let rules = Ruleset::bundled().unwrap_or_else(|e| panic!("bundled games must load: {e}"));
    assert!(rules.charts().count() > 0, "bundled games must load");
    let tested = agree_on_every_chart(&rules);
    assert!(tested >= 8, "only {tested} charts tested");
}

/// Pools that report some of their counts (`report`): the marginal exact
/// odds, and the joint merged, against the sampler.
#[test]
fn sampling_matches_exact_odds_for_pools_that_report() {
    let path = format!("{}/tests/charts/report.rules", env!("CARGO_MANIFEST_DIR"));
    let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let tested = agree_on_every_chart(&rules);
    assert!(tested >= 7, "only {tested} charts tested");
}

/// Dice notation (keep and drop, rerolls, explosions, `d66`) on every kind
/// of chart that rolls.
#[test]
fn sampling_matches_exact_odds_for_dice_notation() {
    let path = format!("{}/tests/charts/notation.rules", env!("CARGO_MANIFEST_DIR"));
    let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let tested = agree_on_every_chart(&rules);
    assert!(tested >= 20, "only {tested} charts tested");
}

/// Tests every chart of `rules` (but notes), returning how many.
fn agree_on_every_chart(rules: &Ruleset) -> usize {
    let mut tested = 0;
    for chart in rules.charts() {
        if chart.is_notes() {
            continue;
        }
        let choices = chart.example_choices();
        let odds = chart
            .odds(&choices)
            .unwrap_or_else(|e| panic!("{}: odds: {e}", chart.qualified_name()));
        let total: BigRational = odds.outcomes.iter().fold(BigRational::zero(), |a, o| {
            a + crate::common::big(&o.probability)
        });
        assert!(
            total.is_one(),
            "{}: probabilities sum to {total}",
            chart.qualified_name()
        );
        let mut exact: HashMap<&str, f64> = HashMap::new();
        for o in &odds.outcomes {
            *exact.entry(o.outcome.as_str()).or_default() += o.probability.to_f64();
        }
        let bound = chart.bind(&choices).expect("binds");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(20_261_121);
        let mut seen: HashMap<String, u32> = HashMap::new();
        for _ in 0..SAMPLES {
            let roll = bound.roll(&mut rng).expect("rolls");
            *seen.entry(roll.summary()).or_default() += 1;
        }
        for outcome in seen.keys() {
            assert!(
                exact.contains_key(outcome.as_str()),
                "{}: sampled `{outcome}`, which the exact odds do not list: {:?}",
                chart.qualified_name(),
                exact.keys().collect::<Vec<_>>()
            );
        }
        // Chi-square over outcomes expected at least 5 times; the rest pooled.
        let n = f64::from(SAMPLES);
        let (mut stat, mut cells) = (0.0, 0);
        let (mut pooled_e, mut pooled_o) = (0.0, 0.0);
        for (outcome, p) in &exact {
            let e = p * n;
            let o = f64::from(seen.get(*outcome).copied().unwrap_or(0));
            if e >= 5.0 {
                stat += (o - e).powi(2) / e;
                cells += 1;
            } else {
                pooled_e += e;
                pooled_o += o;
            }
        }
        if pooled_e >= 5.0 {
            stat += (pooled_o - pooled_e).powi(2) / pooled_e;
            cells += 1;
        }
        if cells >= 2 {
            let k = f64::from(cells - 1);
            assert!(
                stat < critical(k),
                "{}: chi-square {stat:.1} over {k} degrees of freedom",
                chart.qualified_name()
            );
        }
        tested += 1;
    }
    tested
}
