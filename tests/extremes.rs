//! Totals at the edge of `i64`: every sum of user numbers (dice, constants,
//! modifiers, a loose `+N`, targets) is exact or refused with a diagnostic,
//! never wrapped, in the checker and in every engine (odds, rolls, quick
//! rolls), for tables, checks, opposed rolls and pools. Debug builds check
//! overflow, so a wrapping sum is also a panic here.

use chartwright::{Choices, Probability, Ruleset, Scripted};
use proptest::prelude::*;

const MAX: i64 = i64::MAX;

fn load(body: &str) -> Result<Ruleset, chartwright::LoadErrors> {
    Ruleset::from_str("edge", &format!("game \"Edge\" version \"1\"\n{body}"))
}

fn code(d: &dyn miette::Diagnostic) -> String {
    d.code().map(|c| c.to_string()).unwrap_or_default()
}

/// The odds of `chart` with the arguments `args`.
fn odds_of(
    rules: &Ruleset,
    chart: &str,
    args: &str,
) -> Result<chartwright::Odds, chartwright::RollError> {
    rules.chart(chart)?.odds(&Choices::parse(args)?)
}

#[track_caller]
fn load_code(body: &str) -> String {
    match load(body) {
        Ok(_) => panic!("loads: {body}"),
        Err(e) => code(&e.errors[0]),
    }
}

/// `+ c` or `- |c|` in a dice expression.
fn constant(c: i64) -> String {
    if c < 0 {
        format!("- {}", c.unsigned_abs())
    } else {
        format!("+ {c}")
    }
}

#[test]
fn a_constant_past_i64_is_refused_by_check() {
    let hi = r#"table hi "Hi" {
  roll d6 + 9223372036854775807
  rows { 1 or more => "hi"  0 or less => "lo" }
}"#;
    assert_eq!(load_code(hi), "chartwright::compile::total_too_large");
    // Two constants that pass `i64` together.
    let two = r#"table two "Two" {
  roll d6 + 9223372036854775807 + 1
  rows { 1 or more => "hi"  0 or less => "lo" }
}"#;
    assert_eq!(load_code(two), "chartwright::compile::total_too_large");
    // Opposed: the difference passes `i64` though each side fits.
    let opposed = r#"opposed o "O" {
  sides a "A", b "B"
  roll d6
  modifiers { for a { big +9223372036854775800 "Big" }  for b { small -9223372036854775800 "Small" } }
  rows { 1 or more => "A"  0 or less => "B" }
}"#;
    assert_eq!(load_code(opposed), "chartwright::compile::total_too_large");
    // A check, by its constant or its modifiers (not where they move the
    // target instead).
    for roll in [
        "roll d6 + 9223372036854775807",
        "roll d6 + 9223372036854775800\n  modifiers { big +7 \"Big\" }",
    ] {
        let check = format!("check k \"K\" {{\n  {roll}\n  succeed on 4+\n}}");
        assert_eq!(
            load_code(&check),
            "chartwright::compile::total_too_large",
            "{roll}"
        );
    }
    let target = r#"check k "K" {
  roll d6 + 9223372036854775800
  modifiers { big +7 "Big" }
  succeed on at least 4 - modifiers
}"#;
    load(target).unwrap_or_else(|e| panic!("{e}"));
    // The largest constant that fits loads and reads exactly.
    let rules = load(&table_with(&constant(MAX - 6))).unwrap_or_else(|e| panic!("{e}"));
    let odds = odds_of(&rules, "k", "m=0 t=0").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(odds.outcomes.len(), 1);
    assert_eq!(odds.outcomes[0].outcome.to_string(), "hi");
}

#[test]
fn an_extra_modifier_past_i64_is_an_error_not_a_wrap() {
    let rules = Ruleset::from_file("first_echelon").unwrap_or_else(|e| panic!("{e}"));
    let chart = rules.chart("bog_down").unwrap_or_else(|e| panic!("{e}"));
    for (args, extra) in [("", MAX), ("tracked", MAX - 1), ("tracked", MAX - 11)] {
        let bound = chart.bind(&Choices::parse(args).unwrap()).unwrap();
        let Err(e) = bound.with_extra_modifier(extra) else {
            panic!("{args} {extra:+}: a total past i64 is not refused");
        };
        assert_eq!(code(&e), "chartwright::roll::arithmetic", "{args} {extra}");
        assert!(e.to_string().contains("9223372036854775"), "{e}");
    }
    // d10 + (MAX - 10) fits, and every total reads "Traverse".
    let bound = chart.bind(&Choices::none()).unwrap();
    let far = bound.with_extra_modifier(MAX - 10).unwrap();
    let odds = far.odds().unwrap();
    assert_eq!(odds.outcomes.len(), 1);
    assert_eq!(odds.outcomes[0].outcome.to_string(), "Traverse");
    let roll = far.roll(&mut Scripted::new([10])).unwrap();
    assert_eq!(roll.total, Some(MAX));
    // d10 + i64::MIN fits.
    let bound = chart.bind(&Choices::none()).unwrap();
    let low = bound.with_extra_modifier(i64::MIN).unwrap();
    assert_eq!(
        low.roll(&mut Scripted::new([1])).unwrap().total,
        Some(i64::MIN + 1)
    );
    assert_eq!(
        low.odds().unwrap().outcomes[0].outcome.to_string(),
        "Bogged down"
    );
}

#[test]
fn parameters_at_the_edge_are_exact_or_refused() {
    // Check: "more than MAX" is never met; a target past the totals reads nothing.
    let rules = load(
        r#"check k "K" {
  roll d6
  param t "T"
  succeed on more than t
  success "yes"
  failure "no"
}
check l "L" {
  roll d6
  param t "T"
  succeed on less than t
  success "yes"
  failure "no"
}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let odds = odds_of(&rules, "k", "t=9223372036854775807").unwrap();
    assert_eq!(odds.outcomes[0].outcome.to_string(), "no");
    let odds = odds_of(&rules, "l", "t=-9223372036854775807").unwrap();
    assert_eq!(odds.outcomes[0].outcome.to_string(), "no");
    // Pool: a die plus a modifier past `i64`.
    let rules = load(
        r#"pool p "P" {
  roll 3d6
  modifiers { m ±r "M" }
  count hits "hits" on 4+
}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let e = odds_of(&rules, "p", "m=9223372036854775807").expect_err("past i64");
    assert_eq!(code(&e), "chartwright::roll::arithmetic");
    let odds = odds_of(&rules, "p", "m=9223372036854775800").unwrap();
    assert_eq!(odds.outcomes.len(), 1);
}

/// Numbers at and near the ends of `i64`, and a few small ones.
fn edge() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(i64::MIN),
        Just(i64::MIN + 1),
        Just(i64::MIN + 7),
        Just(-1),
        Just(0),
        Just(1),
        Just(MAX - 7),
        Just(MAX - 1),
        Just(MAX),
        any::<i64>(),
    ]
}

/// One chart of each kind, its constant `c`, a modifier `m` and a
/// parameter `t` given at roll time.
fn chart(kind: usize, c: i64) -> String {
    let c = constant(c);
    match kind {
        0 => table_with(&c),
        1 => format!(
            r#"check k "K" {{
  roll d6 {c}
  param t "T"
  modifiers {{ m ±r "M" }}
  succeed on at least t
  success "yes"
  failure "no"
}}"#
        ),
        2 => format!(
            r#"opposed k "K" {{
  sides a "A", b "B"
  roll d6 {c}
  param t "T"
  modifiers {{ for a {{ m ±r "M" }}  for b {{ n ±r "N" }} }}
  rows {{ 1 or more => "A"  0 => "tie"  -1 or less => "B" }}
}}"#
        ),
        _ => r#"pool k "K" {
  roll 2d6
  param t "T"
  modifiers { m ±r "M" }
  count hits "hits" on at least t
}"#
        .to_string(),
    }
}

fn table_with(c: &str) -> String {
    format!(
        r#"table k "K" {{
  roll d6 {c}
  param t "T"
  modifiers {{ m ±r "M" }}
  rows {{ 1 or more => "hi"  0 or less => "lo" }}
}}"#
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// No sum wraps: each engine's answer is exact (a table's total is
    /// the sum in `i128`) or a diagnostic.
    #[test]
    fn no_total_wraps(kind in 0usize..4, c in edge(), m in edge(), n in edge(), t in edge(), extra in edge(), die in 1u32..=6) {
        let Ok(rules) = load(&chart(kind, c)) else { return Ok(()) };
        let args = if kind == 2 {
            format!("m={m} n={n} t={t}")
        } else {
            format!("m={m} t={t}")
        };
        let choices = Choices::parse(&args).unwrap();
        let Ok(chart) = rules.chart("k") else { return Ok(()) };
        let Ok(bound) = chart.bind(&choices).and_then(|b| b.with_extra_modifier(extra)) else {
            return Ok(());
        };
        let _ = bound.odds();
        let _ = bound.roll_quick(&mut Scripted::new([die, die]));
        if let Ok(roll) = bound.roll(&mut Scripted::new([die, die])) {
            if kind == 0 {
                let want = i128::from(die) + i128::from(c) + i128::from(m) + i128::from(extra);
                prop_assert_eq!(roll.total.map(i128::from), Some(want));
            }
        }
    }
}

/// A signed modifier value as written (`+5`, `-5`).
fn signed(v: i64) -> String {
    if v < 0 {
        format!("-{}", v.unsigned_abs())
    } else {
        format!("+{v}")
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Rows bounded at the ends of `i64` read every total exactly: the
    /// row lookup's offset from its lowest bound passes `i64` when the
    /// bound is near `i64::MIN` and the total is large.
    #[test]
    fn rows_at_the_ends_of_i64_read_exactly(split in edge(), m in edge(), die in 1u32..=6) {
        prop_assume!(split < MAX);
        let rules = load(&format!(
            r#"table t "T" {{
  roll d6
  modifiers {{ m ±r "M" }}
  rows {{ {split} or less => "low"  {} or more => "high" }}
}}"#,
            split + 1
        ))
        .unwrap();
        let fits = |v: i128| i64::try_from(v).is_ok();
        // Binding proves every total of the die fits, or refuses.
        let bound = match rules.chart("t").unwrap().bind(&Choices::parse(&format!("m={m}")).unwrap()) {
            Ok(bound) => bound,
            Err(e) => {
                prop_assert!(!fits(i128::from(m) + 1) || !fits(i128::from(m) + 6), "m={m}: {e}");
                prop_assert_eq!(code(&e), "chartwright::roll::arithmetic");
                return Ok(());
            }
        };
        let total = i128::from(die) + i128::from(m);
        match bound.roll(&mut Scripted::new([die])) {
            Ok(roll) => {
                let want = if total <= i128::from(split) { "low" } else { "high" };
                prop_assert_eq!(roll.outcome.to_string(), want);
            }
            Err(e) => {
                prop_assert!(i64::try_from(total).is_err(), "{total} fits, yet {e}");
                prop_assert_eq!(code(&e), "chartwright::roll::arithmetic");
            }
        }
    }

    /// A `d66` (whose natural roll has gaps) with a constant and a fixed
    /// modifier at the ends of `i64`: refused, or odds that count the
    /// totals exactly.
    #[test]
    fn dice_gaps_at_the_ends_of_i64(c in edge(), k in edge()) {
        let Ok(rules) = load(&format!(
            r#"table t "T" {{
  roll d66 {}
  modifiers {{ a {} "A" }}
  rows {{ 0 or less => "lo"  1 or more => "hi" }}
}}"#,
            constant(c),
            signed(k)
        )) else {
            return Ok(());
        };
        for (args, k) in [("", 0), ("a", k)] {
            // The constant and modifier are added first: past `i64`
            // together, they are refused, even where a total would fit.
            let odds = match odds_of(&rules, "t", args) {
                Ok(odds) => odds,
                Err(e) => {
                    prop_assert!(i64::try_from(i128::from(c) + i128::from(k)).is_err(), "{e}");
                    prop_assert_eq!(code(&e), "chartwright::roll::arithmetic");
                    continue;
                }
            };
            let hi = (1..=6)
                .flat_map(|t| (1..=6).map(move |u| i128::from(10 * t + u)))
                .filter(|v| v + i128::from(c) + i128::from(k) >= 1)
                .count();
            let got = odds
                .outcomes
                .iter()
                .find(|o| o.outcome == "hi")
                .map_or_else(Probability::zero, |o| o.probability.clone());
            prop_assert_eq!(got, Probability::new(hi as u128, 36), "args {:?}", args);
        }
    }
}
