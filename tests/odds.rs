//! Exact odds of every chart kind, against fractions computed by hand in the
//! comments. Inline rules keep each case small and self-explaining.

use chartwright::{Choices, Ruleset};
use num_rational::BigRational;
use num_traits::{One, Zero};

fn rules(body: &str) -> Ruleset {
    let text = format!("game \"Odds\" version \"1\"\n{body}");
    Ruleset::from_str("odds", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// Asserts the exact distribution, outcome by outcome, in sheet order, and
/// that it sums to one.
#[track_caller]
fn assert_odds(r: &Ruleset, chart: &str, args: &str, expected: &[(&str, i64, i64)]) {
    let o = r
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart}: {e}"));
    let got: Vec<(String, BigRational)> = o
        .outcomes
        .iter()
        .map(|x| (x.outcome.to_string(), crate::common::big(&x.probability)))
        .collect();
    let want: Vec<(String, BigRational)> = expected
        .iter()
        .map(|(t, n, d)| ((*t).to_string(), q(*n, *d)))
        .collect();
    assert_eq!(got, want, "{chart} {args:?}");
    let sum = o.outcomes.iter().fold(BigRational::zero(), |a, x| {
        a + crate::common::big(&x.probability)
    });
    assert!(sum.is_one());
}

const BOG_DOWN: &str = r#"
table bog_down "Bog Down" {
  roll d10
  modifiers {
    one of { tracked +2 "tracked"  manhandled -1 "manhandled" }
    rating ±r in -3..3 default 0 "bog down rating"
  }
  rows { 6 or more => "Traverse"  4,5 => "Bogged down" or "Displace"  3 or less => "Bogged down" }
}"#;

#[test]
fn modified_roll_table() {
    let r = rules(BOG_DOWN);
    // d10+2: Traverse on natural 4-10 (7/10), 2-3 (2/10), 1 (1/10).
    assert_odds(
        &r,
        "bog_down",
        "tracked",
        &[
            ("Traverse", 7, 10),
            ("Bogged down OR Displace", 1, 5),
            ("Bogged down", 1, 10),
        ],
    );
    // d10-1-2 = d10-3: Traverse on 9-10 (2/10), 7-8 (2/10), 1-6 (6/10).
    assert_odds(
        &r,
        "bog_down",
        "manhandled rating=-2",
        &[
            ("Traverse", 1, 5),
            ("Bogged down OR Displace", 1, 5),
            ("Bogged down", 3, 5),
        ],
    );
}

#[test]
fn two_dice_table() {
    let r = rules(
        r#"
table combat "Combat" {
  roll 2d6
  modifiers { net ±r in -6..6 default 0 "net modifier" }
  rows { 4 or less => "A2"  5-6 => "A1"  7-8 => "EX"  9-10 => "D1"  11-12 => "D2"  13+ => "D3" }
}"#,
    );
    // 2d6 ways per total 2..12: 1 2 3 4 5 6 5 4 3 2 1 (of 36).
    // <=4: 6; 5-6: 9; 7-8: 11; 9-10: 7; 11-12: 3; 13+: 0.
    assert_odds(
        &r,
        "combat",
        "",
        &[
            ("A2", 1, 6),
            ("A1", 1, 4),
            ("EX", 11, 36),
            ("D1", 7, 36),
            ("D2", 1, 12),
        ],
    );
    // +3: <=4 needs 2d6<=1: 0; 5-6: 2-3 = 3; 7-8: 4-5 = 7; 9-10: 6-7 = 11;
    // 11-12: 8-9 = 9; 13+: 10-12 = 6.
    assert_odds(
        &r,
        "combat",
        "net=3",
        &[
            ("A1", 1, 12),
            ("EX", 7, 36),
            ("D1", 11, 36),
            ("D2", 1, 4),
            ("D3", 1, 6),
        ],
    );
}

#[test]
fn column_table() {
    let r = rules(
        r#"
choice discipline "Target Discipline" { elite "Elt", raw "Raw" }
table fire "Fire Combat" {
  roll d10
  columns discipline
  rows {
    [ 10 or more | 8 or more ] => "Knocked out"
    [ 7-9        | 5-7       ] => "Suppressed"
    [ 6 or less  | 4 or less ] => "No effect"
  }
}"#,
    );
    // Elite: 10 (1/10), 7-9 (3/10), 1-6 (6/10). Raw: 8-10 (3/10), 5-7 (3/10), 1-4 (4/10).
    assert_odds(
        &r,
        "fire",
        "discipline=elite",
        &[
            ("Knocked out", 1, 10),
            ("Suppressed", 3, 10),
            ("No effect", 3, 5),
        ],
    );
    assert_odds(
        &r,
        "fire",
        "raw",
        &[
            ("Knocked out", 3, 10),
            ("Suppressed", 3, 10),
            ("No effect", 2, 5),
        ],
    );
}

#[test]
fn check_with_natural_rules() {
    let r = rules(
        r#"
check activation "Activation" {
  roll d6
  param tokens "tokens" in 0..20
  succeed on more than tokens
  natural 6 => success
  natural 1 => failure
}"#,
    );
    // tokens 2: 3-6 succeed (4/6).
    assert_odds(
        &r,
        "activation",
        "tokens=2",
        &[("Success", 2, 3), ("Failure", 1, 3)],
    );
    // tokens 9: nothing scores more, but a natural 6 always succeeds (1/6).
    assert_odds(
        &r,
        "activation",
        "tokens=9",
        &[("Success", 1, 6), ("Failure", 5, 6)],
    );
    // tokens 0: every roll scores more, but a natural 1 fails (5/6).
    assert_odds(
        &r,
        "activation",
        "tokens=0",
        &[("Success", 5, 6), ("Failure", 1, 6)],
    );
}

#[test]
fn check_with_also_rule_and_grid_target() {
    let r = rules(
        r#"
choice support "Support" { organic "Organic", general "General" }
grid call_target "Call for Fire" by support { organic: 3 or more  general: 7 or more }
check call "Call for Fire" {
  roll d10
  modifiers { smoke -2 "smoke" }
  succeed on call_target
  natural 10 => also "Danger Close"
}"#,
    );
    // General, smoke: d10-2 >= 7 <=> natural 9,10; a natural 10 adds Danger Close.
    // Success alone 1/10 (9), success + Danger Close 1/10 (10), failure 8/10.
    assert_odds(
        &r,
        "call",
        "support=general smoke",
        &[
            ("Success", 1, 10),
            ("Success; also Danger Close", 1, 10),
            ("Failure", 4, 5),
        ],
    );
}

#[test]
fn opposed_roll() {
    let r = rules(
        r#"
opposed close_combat "Close Combat" {
  sides att "Attacker", def "Defender"
  roll d10
  modifiers { for def { dug_in +1 "dug in" } }
  rows { 4 or more => "Seize"  1 to 3 => "Fall back"  0 => "Both"  -1 to -3 => "Hold"  -4 or less => "Repulsed" }
}"#,
    );
    // d10 - d10 = k has 10-|k| ways of 100. >=4: 6+5+4+3+2+1 = 21; 1..3: 9+8+7 = 24;
    // 0: 10; -1..-3: 24; <=-4: 21.
    assert_odds(
        &r,
        "close_combat",
        "",
        &[
            ("Seize", 21, 100),
            ("Fall back", 6, 25),
            ("Both", 1, 10),
            ("Hold", 6, 25),
            ("Repulsed", 21, 100),
        ],
    );
    // Defender +1 shifts the difference down one: >=4 needs k>=5: 15; 1..3 <=> k 2..4: 8+7+6 = 21;
    // 0 <=> k=1: 9; -1..-3 <=> k 0..-2: 10+9+8 = 27; <=-4 <=> k<=-3: 28.
    assert_odds(
        &r,
        "close_combat",
        "def.dug_in",
        &[
            ("Seize", 3, 20),
            ("Fall back", 21, 100),
            ("Both", 9, 100),
            ("Hold", 27, 100),
            ("Repulsed", 7, 25),
        ],
    );
}

#[test]
fn pool_with_per_success_roll() {
    let r = rules(
        r#"
pool fire "Fire at infantry" {
  roll 2d10
  count hits "hits" on 6 or more
  per hits roll d6 count converted "converted" on 4 or more
}"#,
    );
    // Each d10 hits 1/2: 0 hits 1/4, 1 hit 1/2, 2 hits 1/4. Each hit converts 1/2.
    // (1,0) = (1,1) = 1/2 * 1/2; (2,0) = (2,2) = 1/4 * 1/4; (2,1) = 1/4 * 1/2.
    assert_odds(
        &r,
        "fire",
        "",
        &[
            ("0 hits, 0 converted", 1, 4),
            ("1 hits, 0 converted", 1, 4),
            ("1 hits, 1 converted", 1, 4),
            ("2 hits, 0 converted", 1, 16),
            ("2 hits, 1 converted", 1, 8),
            ("2 hits, 2 converted", 1, 16),
        ],
    );
}

#[test]
fn pool_counted_from_a_parameter() {
    let r = rules(
        r#"
pool barrage "Barrage" {
  roll (units)d6
  param units "units in the hex" in 1..12
  count losses "losses" on 5-6
}"#,
    );
    // Two units, each loses on 5-6 (1/3): 0 -> 4/9, 1 -> 4/9, 2 -> 1/9.
    assert_odds(
        &r,
        "barrage",
        "units=2",
        &[("0 losses", 4, 9), ("1 losses", 4, 9), ("2 losses", 1, 9)],
    );
}

#[test]
fn ladder_and_grid_and_modifier_set_are_certain() {
    let r = rules(
        r#"
choice cover "Concealment" { none "None", dense "Dense" }
grid base "Spotting" by cover { none: 60  dense: 20 }
ladder distance "Modified Spotting Distance" {
  steps 80, 60, 40, 20, 10, 5, 4, 3, 2, 1
  start base
  modifiers { moving +1 "target moving"  smoke -2 "smoke" }
  at most 4 if cover = dense
}
modifiers net "Net" { a +1 "a"  b -3 "b" }"#,
    );
    // 60 moved up one step: 80.
    assert_odds(&r, "distance", "cover=none moving", &[("80", 1, 1)]);
    // 20, down two steps is 5, capped at 4 in dense cover.
    assert_odds(&r, "distance", "cover=dense smoke", &[("4", 1, 1)]);
    assert_odds(&r, "base", "dense", &[("20", 1, 1)]);
    assert_odds(&r, "net", "a b", &[("-2", 1, 1)]);
}

#[test]
fn best_result_cap() {
    let r = rules(
        r#"
flag prepared "Prepared Defense"
table snafu "SNAFU" {
  roll 2d6
  rows { 2 or less => "Fail"  3-6 => "Partial"  7 or more => "Pass" }
  best "Partial" if prepared
}"#,
    );
    // 2d6: 2 (1/36), 3-6 (2+3+4+5 = 14/36), 7+ (21/36).
    assert_odds(
        &r,
        "snafu",
        "",
        &[("Fail", 1, 36), ("Partial", 7, 18), ("Pass", 7, 12)],
    );
    // Under Prepared Defense the best is Partial: 35/36.
    assert_odds(
        &r,
        "snafu",
        "prepared",
        &[("Fail", 1, 36), ("Partial", 35, 36)],
    );
}

#[test]
fn follow_up_chain() {
    let r = rules(
        r#"
table shot "Shot" {
  roll d6
  rows { 4 or more => "Hit" then damage(heavy)  3 or less => "Miss" }
}
table damage "Damage" {
  roll d6
  modifiers { heavy +1 "heavy weapon" }
  rows { 6 or more => "Destroyed"  5 or less => "Damaged" }
}"#,
    );
    // Hit 1/2, then d6+1 >= 6 on 5,6 (1/3): Hit -> Destroyed 1/6, Hit -> Damaged 1/3.
    assert_odds(
        &r,
        "shot",
        "",
        &[
            ("Hit -> Destroyed", 1, 6),
            ("Hit -> Damaged", 1, 3),
            ("Miss", 1, 2),
        ],
    );
}

#[test]
fn margin_score() {
    let r = rules(
        r#"
param morale "morale rating" in 1..10
table morale_check "Morale" {
  roll d10
  score morale - total
  rows { 0 or less => "Passes"  1-2 => "Pinned"  3 or more => "Routs" }
}"#,
    );
    // morale 6: passes on 6-10 (5), pinned on 4-5 (2), routs on 1-3 (3).
    assert_odds(
        &r,
        "morale_check",
        "morale=6",
        &[("Passes", 1, 2), ("Pinned", 1, 5), ("Routs", 3, 10)],
    );
}

#[test]
fn the_roll_is_read_inside_a_scores_condition() {
    // `natural` and `total` inside `(A if COND else B)` in `score` read the
    // roll, as everywhere else in `score`: d66 shows 11 once in 36.
    let r = rules(
        r#"
table u "U" {
  roll d66
  score (100 if 11 = natural else 0)
  rows { 0 => "no"  1-99 => "unreachable"  100 => "yes" }
}
table t "T" {
  roll d6
  score (total * 10 if total >= 5 and not natural = 6 else total)
  rows { 4 or less => "low"  5-49 => "six"  50 or more => "fifty" }
}"#,
    );
    assert_odds(&r, "u", "", &[("no", 35, 36), ("yes", 1, 36)]);
    // 1-4 low, 5 -> 50, 6 -> 6 (the condition's `not natural = 6`).
    assert_odds(
        &r,
        "t",
        "",
        &[("low", 2, 3), ("six", 1, 6), ("fifty", 1, 6)],
    );
    let roll = common_roll(&r, "u", &[1, 1]);
    assert_eq!(
        (roll.score, roll.outcome.to_string()),
        (Some(100), "yes".into())
    );
}

#[test]
fn the_trace_names_the_row_the_score_reads() {
    // A results grid read by a score: a 5 scores 8, read on the line `7-9`
    // (the total, 5, would have read `4-6`).
    let r = rules(
        r#"
param p "p" in 0..3
table s "S" {
  roll d6
  score total + 3
  columns by p: 0 1 2 3
  results {
    1-3: A A A A
    4-6: B B B B
    7-9: C C C C
  }
}"#,
    );
    let choices = Choices::parse("p=1").unwrap_or_else(|e| panic!("{e}"));
    let chart = r.chart("s").unwrap_or_else(|e| panic!("{e}"));
    let roll = chart
        .roll(&choices, &mut chartwright::Scripted::new([5u32]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (roll.score, roll.row.as_deref(), roll.outcome.to_string()),
        (Some(8), Some("7-9"), "C".to_string())
    );
    // The same from a chart bound once, whose traces share their texts.
    let bound = chart.bind(&choices).unwrap_or_else(|e| panic!("{e}"));
    let shared = bound
        .roll(&mut chartwright::Scripted::new([5u32]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(shared.row.as_deref(), Some("7-9"), "{shared}");
}

fn common_roll(r: &Ruleset, chart: &str, faces: &[u32]) -> chartwright::Roll {
    r.chart(chart)
        .and_then(|c| {
            c.roll(
                &Choices::parse("")?,
                &mut chartwright::Scripted::new(faces.iter().copied()),
            )
        })
        .unwrap_or_else(|e| panic!("{chart}: {e}"))
}

#[test]
fn large_sums_are_exact() {
    let r = rules(
        r#"
table big "50d6" {
  roll 50d6
  rows { 176 or more => "High"  175 => "Middle"  174 or less => "Low" }
}"#,
    );
    let o = r.chart("big").unwrap().odds(&Choices::none()).unwrap();
    // 50d6 is symmetric about 175: P(High) = P(Low) exactly; the sum is 1.
    assert_eq!(o.probability("High"), o.probability("Low"));
    let sum = o.outcomes.iter().fold(BigRational::zero(), |a, x| {
        a + crate::common::big(&x.probability)
    });
    assert!(sum.is_one());
    // 6^50 does not fit in u128: the denominator must be exact.
    assert!(o.probability("Middle").denom().bits() > 100);
}

#[test]
fn distributions_past_the_limit_are_refused() {
    let r = rules(
        r#"
table huge "Huge" { roll 1000d1000  rows { 1 or more => "Any" } }"#,
    );
    let e = r.chart("huge").unwrap().odds(&Choices::none()).unwrap_err();
    assert!(
        matches!(e.kind, chartwright::RollErrorKind::TooLarge { .. }),
        "{e}"
    );
}

/// A results grid gathers one row per distinct cell across the grid; each
/// column lists its outcomes as it prints them, top to bottom, not in the
/// order the grid first shows them (column 1's `8` before column 2's `6`).
#[test]
fn a_results_column_lists_its_outcomes_as_it_prints_them() {
    let r = rules(
        r#"
table crt "CRT" {
  roll d6
  param fp "firepower" in 1..20
  modifiers { leader +1 "leader" }
  columns by fp: 1 2
  results {
    # roll      1  2
    1-3:        8  6
    4-5:        9  7
    6 or more:  9  8
  }
}
table fire "Fire" {
  roll d6
  param fp "firepower" in 1..20
  columns by fp: 1 2
  results {
    # roll  1  2
    1-2:    8  6
    3:      9  8
    4-6  => "7" then crt(fp=1)
  }
}
"#,
    );
    // Column 2: 6 on 1-3, 7 on 4-5, 8 on 6.
    assert_odds(&r, "crt", "fp=2", &[("6", 1, 2), ("7", 1, 3), ("8", 1, 6)]);
    // Column 1: 8 on 1-3, 9 on 4-6.
    assert_odds(&r, "crt", "fp=1", &[("8", 1, 2), ("9", 1, 2)]);
    // With +1, column 2 reads 2-7: 6 on 2-3, 7 on 4-5, 8 on 6-7.
    assert_odds(
        &r,
        "crt",
        "fp=2 leader",
        &[("6", 1, 3), ("7", 1, 3), ("8", 1, 3)],
    );
    // A follow-up takes the other path of the odds engine: the same order.
    // Column 2: 6 on 1-2, 8 on 3, then 7 on 4-6 and the CRT's column 1
    // (8 or 9, 1/2 each).
    assert_odds(
        &r,
        "fire",
        "fp=2",
        &[("6", 1, 3), ("8", 1, 6), ("7 -> 8", 1, 4), ("7 -> 9", 1, 4)],
    );
}
