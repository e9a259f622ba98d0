//! A pool's `report` clause: its outcome names the counts
//! reported, for exact odds (against fractions computed by hand in the
//! comments, and against the joint distribution merged by hand for random
//! pools), full-trace rolls and quick rolls alike; the trace still shows
//! every count. Charts: `tests/charts/report.rules`.

use chartwright::{Choices, Ruleset, Scripted};
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn fixture() -> Ruleset {
    let path = format!("{}/tests/charts/report.rules", env!("CARGO_MANIFEST_DIR"));
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// The exact odds as (outcome, probability), in order; they sum to one.
#[track_caller]
fn odds(r: &Ruleset, chart: &str, args: &str) -> Vec<(String, BigRational)> {
    let o = r
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart}: {e}"));
    let sum = o.outcomes.iter().fold(BigRational::zero(), |a, x| {
        a + crate::common::big(&x.probability)
    });
    assert!(sum.is_one(), "{chart}: sums to {sum}");
    o.outcomes
        .iter()
        .map(|x| (x.outcome.to_string(), crate::common::big(&x.probability)))
        .collect()
}

#[track_caller]
fn assert_odds(r: &Ruleset, chart: &str, args: &str, expected: &[(&str, i64, i64)]) {
    let want: Vec<(String, BigRational)> = expected
        .iter()
        .map(|(t, n, d)| ((*t).to_string(), q(*n, *d)))
        .collect();
    assert_eq!(odds(r, chart, args), want, "{chart} {args:?}");
}

#[test]
fn second_stage_reported() {
    // Each d10 hits 1/2 and each hit converts 1/2: a d10 converts 1/4, so
    // Binomial(2, 1/4): 9/16, 6/16, 1/16.
    assert_odds(
        &fixture(),
        "convert",
        "",
        &[
            ("0 converted", 9, 16),
            ("1 converted", 3, 8),
            ("2 converted", 1, 16),
        ],
    );
}

#[test]
fn once_stage_reported() {
    // A d6 hits on 5+ (1/3); a hit's 2d6 convert once if either is a 6
    // (1 - 25/36 = 11/36): a die converts 11/108. Binomial(3, 11/108):
    // 97^3, 3·11·97^2, 3·11^2·97, 11^3 over 108^3 = 1259712
    // (912673, 310497 = 103499·3, 35211 = 11737·3, 1331).
    assert_odds(
        &fixture(),
        "once",
        "",
        &[
            ("0 converted", 912_673, 1_259_712),
            ("1 converted", 103_499, 419_904),
            ("2 converted", 11_737, 419_904),
            ("3 converted", 1_331, 1_259_712),
        ],
    );
}

#[test]
fn third_stage_reported() {
    // A d10 kills when it hits (1/2), converts (1/2) and kills (5+, 1/3):
    // 1/12. Binomial(3, 1/12): 1331, 363, 33, 1 over 1728.
    assert_odds(
        &fixture(),
        "three",
        "",
        &[
            ("0 kills", 1331, 1728),
            ("1 kills", 121, 576),
            ("2 kills", 11, 576),
            ("3 kills", 1, 1728),
        ],
    );
}

#[test]
fn first_stage_reported() {
    // 4d6 on 4+: Binomial(4, 1/2), the second stage never matters.
    assert_odds(
        &fixture(),
        "first",
        "",
        &[
            ("0 hits", 1, 16),
            ("1 hits", 1, 4),
            ("2 hits", 3, 8),
            ("3 hits", 1, 4),
            ("4 hits", 1, 16),
        ],
    );
}

#[test]
fn dice_of_two_kinds_in_the_first_stage() {
    // 2d10 + 1d6 on 6+: a d10 converts 1/2·1/2 = 1/4, the d6 1/6·1/2 = 1/12.
    // 0: (3/4)²·11/12 = 99/192 = 33/64; 3: (1/4)²·1/12 = 1/192;
    // 1: 2·(1/4)(3/4)·11/12 + (3/4)²·1/12 = 66/192 + 9/192 = 75/192 = 25/64;
    // 2: (1/4)²·11/12 + 2·(1/4)(3/4)·1/12 = 11/192 + 6/192 = 17/192.
    assert_odds(
        &fixture(),
        "mixed",
        "",
        &[
            ("0 converted", 33, 64),
            ("1 converted", 25, 64),
            ("2 converted", 17, 192),
            ("3 converted", 1, 192),
        ],
    );
    // Veteran (+1 to each die of the first stage): a d10 hits on 5+ (3/5)
    // and converts 3/10, the d6 on 5+ (1/3), converting 1/6.
    // 0: (7/10)²·5/6 = 245/600 = 49/120; 3: (3/10)²·1/6 = 9/600 = 3/200;
    // 1: 2·(3/10)(7/10)·5/6 + (7/10)²·1/6 = 210/600 + 49/600 = 259/600;
    // 2: (3/10)²·5/6 + 2·(3/10)(7/10)·1/6 = 45/600 + 42/600 = 87/600 = 29/200.
    assert_odds(
        &fixture(),
        "mixed",
        "veteran",
        &[
            ("0 converted", 49, 120),
            ("1 converted", 259, 600),
            ("2 converted", 29, 200),
            ("3 converted", 3, 200),
        ],
    );
}

#[test]
fn two_dice_per_success() {
    // A d6 hits on 4+ (1/2); a hit's 2d6 wound on 5+ (1/3 each): one die
    // brings 13/18 + 4/18·x + 1/18·x² wounds (1/2 + 1/2·(4/9, 4/9, 1/9)).
    // Squared, over 324: 169, 2·13·4 = 104, 16 + 2·13 = 42, 2·4 = 8, 1.
    assert_odds(
        &fixture(),
        "pair",
        "",
        &[
            ("0 wounds", 169, 324),
            ("1 wounds", 26, 81),
            ("2 wounds", 7, 54),
            ("3 wounds", 2, 81),
            ("4 wounds", 1, 324),
        ],
    );
}

#[test]
fn two_counts_of_three() {
    // 3d10 hit 1/2; a hit kills 1/6 (converts 1/2, kills 5+ 1/3).
    // (h hits, k kills) = C(3,h)/8 · C(h,k) (1/6)^k (5/6)^(h-k).
    assert_odds(
        &fixture(),
        "two",
        "",
        &[
            ("0 hits, 0 kills", 1, 8),
            ("1 hits, 0 kills", 5, 16),
            ("1 hits, 1 kills", 1, 16),
            ("2 hits, 0 kills", 25, 96),
            ("2 hits, 1 kills", 5, 48),
            ("2 hits, 2 kills", 1, 96),
            ("3 hits, 0 kills", 125, 1728),
            ("3 hits, 1 kills", 25, 576),
            ("3 hits, 2 kills", 5, 576),
            ("3 hits, 3 kills", 1, 1728),
        ],
    );
}

#[test]
fn the_trace_shows_every_count_and_the_outcome_the_reported_one() {
    let r = fixture();
    let chart = r.chart("convert").unwrap_or_else(|e| panic!("{e}"));
    // Two d10: 7 hits, 2 misses; the hit's d6 shows 5: converted.
    let mut dice = Scripted::new([7, 2, 5]);
    let roll = chart
        .roll(&Choices::default(), &mut dice)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(roll.summary(), "1 converted");
    let detail = roll.detail.clone().unwrap_or_default();
    assert!(
        detail.ends_with("counted 1 hits, 1 converted"),
        "the detail says every count: {detail}"
    );
    // A pool with no `report` keeps its detail as it was.
    let all = Ruleset::from_str(
        "all",
        "game \"All\" version \"1\"\npool p \"P\" {\n  roll 2d10\n  count hits \"hits\" on 6+\n}",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let roll = all
        .chart("p")
        .and_then(|c| c.roll(&Choices::default(), &mut Scripted::new([7, 2])))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(roll.summary(), "1 hits");
    assert_eq!(roll.detail.as_deref(), Some("hits on 6 or more"));
}

#[test]
fn quick_rolls_name_the_reported_counts_and_share_their_ids() {
    let r = fixture();
    let bound = r
        .chart("convert")
        .and_then(|c| c.bind(&Choices::default()))
        .unwrap_or_else(|e| panic!("{e}"));
    // 0 converted from (2 hits, 0 converted) and from (0 hits): one id.
    let a = bound
        .roll_quick(&mut Scripted::new([7, 8, 1, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    let b = bound
        .roll_quick(&mut Scripted::new([1, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(bound.describe(&a.outcome).to_string(), "0 converted");
    let c = bound
        .roll_quick(&mut Scripted::new([7, 8, 4, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(bound.describe(&c.outcome).to_string(), "1 converted");
}

#[test]
fn quick_rolls_agree_with_the_exact_odds() {
    // Every outcome a quick roll names has exact odds, and the most likely
    // is seen about as often as it should be (a loose bound: the
    // chi-square test over every outcome is tests/engines_agree.rs).
    let r = fixture();
    for name in ["convert", "once", "three", "first", "mixed", "two", "pair"] {
        let chart = r.chart(name).unwrap_or_else(|e| panic!("{e}"));
        let exact = odds(&r, name, "");
        let bound = chart
            .bind(&Choices::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
        let mut seen: BTreeMap<String, u32> = BTreeMap::new();
        for _ in 0..4000 {
            let roll = bound.roll_quick(&mut rng).unwrap_or_else(|e| panic!("{e}"));
            *seen
                .entry(bound.describe(&roll.outcome).to_string())
                .or_default() += 1;
        }
        for outcome in seen.keys() {
            assert!(
                exact.iter().any(|(o, _)| o == outcome),
                "{name}: quick roll `{outcome}` is not in the exact odds"
            );
        }
    }
}

/// One random pool: its first stage's dice groups (count, sides), then
/// each stage's target (a lowest face) and, for later stages, dice per
/// success and `once`. Its modifier (`bonus`, +1 to each first-stage die)
/// is on or off as the test picks.
#[derive(Clone, Debug)]
struct Pool {
    first: Vec<(u32, u32)>,
    targets: Vec<u32>,
    later: Vec<(u32, u32, bool)>,
}

impl Pool {
    fn text(&self, report: Option<&[usize]>) -> String {
        let names = ["a", "b", "c"];
        let dice: Vec<String> = self.first.iter().map(|(n, s)| format!("{n}d{s}")).collect();
        let mut out = format!(
            "game \"P\" version \"1\"\npool p \"P\" {{\n  roll {}\n  \
             modifiers {{ bonus +1 \"bonus\" }}\n  count a \"a\" on {}+\n",
            dice.join(" + "),
            self.targets[0]
        );
        for (i, (n, s, once)) in self.later.iter().enumerate() {
            let _ = writeln!(
                out,
                "  per {} roll {n}d{s} count {} \"{}\" on {}+{}",
                names[i],
                names[i + 1],
                names[i + 1],
                self.targets[i + 1],
                if *once { " once" } else { "" }
            );
        }
        if let Some(r) = report {
            let named: Vec<&str> = r.iter().map(|&i| names[i]).collect();
            let _ = writeln!(out, "  report {}", named.join(", "));
        }
        out.push_str("}\n");
        out
    }
}

fn pool() -> impl Strategy<Value = (Pool, Vec<usize>, bool)> {
    (
        prop::collection::vec((1u32..4, 2u32..11), 1..3),
        prop::collection::vec((1u32..3, 2u32..7, any::<bool>()), 0..3),
    )
        .prop_flat_map(|(first, later)| {
            let stages = later.len() + 1;
            (
                Just(first),
                prop::collection::vec(1u32..8, stages),
                Just(later),
                prop::sample::subsequence((0..stages).collect::<Vec<_>>(), 1..=stages),
                any::<bool>(),
            )
        })
        .prop_map(|(first, targets, later, report, bonus)| {
            (
                Pool {
                    first,
                    targets,
                    later,
                },
                report,
                bonus,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The odds of a pool with `report` (the marginal engine for one count,
    /// the joint merged for several) equal the joint odds of the same pool
    /// without it, summed by hand over the counts it does not report.
    #[test]
    fn reported_odds_are_the_joint_odds_merged((pool, report, bonus) in pool()) {
        let names = ["a", "b", "c"];
        let load = |text: String| Ruleset::from_str("p", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let args = if bonus { "bonus" } else { "" };
        let joint = odds(&load(pool.text(None)), "p", args);
        let reported = odds(&load(pool.text(Some(&report))), "p", args);
        // "2 a, 1 b, 0 c" -> the reported parts, "2 a, 0 c".
        let mut merged: BTreeMap<Vec<u64>, BigRational> = BTreeMap::new();
        for (outcome, p) in joint {
            let counts: Vec<u64> = outcome
                .split(", ")
                .map(|part| part.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or(u64::MAX))
                .collect();
            let key: Vec<u64> = report.iter().map(|&i| counts[i]).collect();
            *merged.entry(key).or_insert_with(BigRational::zero) += p;
        }
        let want: Vec<(String, BigRational)> = merged
            .into_iter()
            .filter(|(_, p)| !p.is_zero())
            .map(|(key, p)| {
                let text: Vec<String> = key
                    .iter()
                    .zip(&report)
                    .map(|(c, &i)| format!("{c} {}", names[i]))
                    .collect();
                (text.join(", "), p)
            })
            .collect();
        prop_assert_eq!(reported, want);
    }
}
