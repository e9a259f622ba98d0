//! Work budgets (`Limits::max_odds_work`, `max_roll_dice`, `max_follow_ups`,
//! `max_sweep_points`): each class of runaway work ends in an `OverBudget`
//! diagnostic naming the limit and the chart, and a host that raises the
//! limit gets the answer. Limits are set low so the tests are quick.

// Test rules are built as text; clarity over allocation.
#![allow(clippy::format_push_string, clippy::format_collect)]

use chartwright::{Choices, Limits, RollError, RollErrorKind, Ruleset};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn rules_with(limits: Limits, body: &str) -> Ruleset {
    let text = format!("game \"Budget\" version \"1\"\n{body}");
    let mut b = Ruleset::builder().limits(limits);
    b.add_str("budget", &text);
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

fn small() -> Limits {
    Limits::default()
        .with_max_odds_work(200_000)
        .with_max_roll_dice(5_000)
        .with_max_follow_ups(50)
        .with_max_sweep_points(5)
}

#[track_caller]
fn assert_over(e: &RollError, limit: &str, chart: &str) {
    match &e.kind {
        RollErrorKind::OverBudget {
            limit: l,
            construct,
            ..
        } => {
            assert_eq!(*l, limit, "{e}");
            assert!(construct.contains(chart), "{e}");
        }
        other => panic!("expected OverBudget {limit}, got {other:?}: {e}"),
    }
    let code = miette::Diagnostic::code(e).map(|c| c.to_string());
    assert_eq!(code.as_deref(), Some("chartwright::roll::over_budget"));
    assert!(e.to_string().contains(limit), "{e}");
}

fn odds_err(r: &Ruleset, chart: &str) -> RollError {
    r.chart(chart)
        .unwrap()
        .odds(&Choices::none())
        .expect_err("over budget")
}

const OPPOSED: &str = r#"
opposed big "Opposed, large dice" {
  sides att "Attacker", def "Defender"
  roll 60d100
  rows { 1 or more => "Attacker"  0 => "Tie"  -1 or less => "Defender" }
}"#;

#[test]
fn opposed_rolls_with_large_dice() {
    let r = rules_with(small(), OPPOSED);
    assert_over(&odds_err(&r, "big"), "max_odds_work", "budget.big");
}

#[test]
fn difference_charts() {
    let r = rules_with(
        small(),
        r#"
table diff "Difference" {
  roll 40d100 - 40d100
  rows { 1 or more => "Up"  0 or less => "Down" }
}"#,
    );
    assert_over(&odds_err(&r, "diff"), "max_odds_work", "budget.diff");
}

const POOLS: &str = r#"
pool two "Two stages" {
  roll 1000d6
  count hits "hits" on 4+
  per hits roll d6 count kills "kills" on 4+
}
pool three "Three stages" {
  roll 1000d6
  count hits "hits" on 2+
  per hits roll 1000d6 count wounds "wounds" on 2+
  per wounds roll 1000d6 count kills "kills" on 2+
}
pool three_reported "Three stages, the kills alone" {
  roll 1000d6
  count hits "hits" on 2+
  per hits roll 1000d6 count wounds "wounds" on 2+
  per wounds roll 1000d6 count kills "kills" on 2+
  report kills
}
pool two_reported "Two stages, the kills alone" {
  roll 1000d6
  count hits "hits" on 4+
  per hits roll d6 count kills "kills" on 4+
  report kills
}"#;

#[test]
fn two_and_three_stage_pools() {
    let r = rules_with(small(), POOLS);
    assert_over(&odds_err(&r, "two"), "max_odds_work", "budget.two");
    assert_over(&odds_err(&r, "three"), "max_odds_work", "budget.three");
    // The marginal engine (`report`) is bounded by the same budget.
    assert_over(
        &odds_err(&r, "two_reported"),
        "max_odds_work",
        "budget.two_reported",
    );
}

#[test]
fn a_reported_count_past_the_outcome_limit_is_refused() {
    // Each wound brings up to 1000 kills, each hit up to 1000 · 1000: over
    // `max_odds_states`, refused before those are computed.
    let r = rules_with(Limits::default(), POOLS);
    let e = odds_err(&r, "three_reported");
    assert!(
        matches!(e.kind, chartwright::RollErrorKind::TooLarge { .. }),
        "{e:?}"
    );
}

#[test]
fn pools_are_exact_when_the_budget_allows() {
    // 3d6 hitting on 4+ (1/2), each hit converting on 4+ (1/2): all three
    // hit and convert with (1/4)^3 = 1/64.
    let r = rules_with(
        small(),
        r#"
pool p "Pool" {
  roll 3d6
  count hits "hits" on 4+
  per hits roll d6 count kills "kills" on 4+
}"#,
    );
    let o = r.chart("p").unwrap().odds(&Choices::none()).unwrap();
    assert_eq!(
        o.probability("3 hits, 3 kills"),
        chartwright::Probability::new(1, 64)
    );
    let last = o.outcomes.last().unwrap();
    assert_eq!(last.path.len(), 1);
    assert_eq!(last.path[0].counts, vec![3, 3]);
}

#[test]
fn rolling_pools_counts_the_dice() {
    let r = rules_with(small(), POOLS);
    let bound = r.chart("three").unwrap().bind(&Choices::none()).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    assert_over(
        &bound.roll(&mut rng).unwrap_err(),
        "max_roll_dice",
        "budget.three",
    );
    assert_over(
        &bound.roll_quick(&mut rng).unwrap_err(),
        "max_roll_dice",
        "budget.three",
    );
}

/// Eight follow-ups from every row, ten charts deep.
fn fan_out() -> String {
    let mut text = String::new();
    for level in 0..10 {
        let next = level + 1;
        let rows: String = (1..=8)
            .map(|r| {
                if level == 9 {
                    format!("    {r} => \"End {r}\"\n")
                } else {
                    format!("    {r} => \"Row {r}\" then c{next}\n")
                }
            })
            .collect();
        text.push_str(&format!(
            "table c{level} \"Level {level}\" {{\n  roll d8\n  rows {{\n{rows}  }}\n}}\n"
        ));
    }
    text
}

#[test]
fn follow_up_fan_out() {
    let r = rules_with(small(), &fan_out());
    let e = odds_err(&r, "c0");
    assert!(
        matches!(
            e.kind,
            RollErrorKind::OverBudget { .. } | RollErrorKind::TooLarge { .. }
        ),
        "{e}"
    );
}

/// A chain of `length` charts, each row of which follows the next chart
/// `width` times.
fn chain(width: usize, length: usize) -> String {
    let mut text = String::new();
    for i in 0..length {
        let then: String = if i + 1 < length {
            (0..width).map(|_| format!(" then c{}", i + 1)).collect()
        } else {
            String::new()
        };
        text.push_str(&format!(
            "table c{i} \"Step {i}\" {{\n  roll d2\n  rows {{\n    1 => \"One\"{then}\n    2 => \"Two\"{then}\n  }}\n}}\n"
        ));
    }
    text
}

#[test]
fn follow_up_chains() {
    for (width, length) in [(2, 1000), (3, 100)] {
        let r = rules_with(small(), &chain(width, length));
        let e = odds_err(&r, "c0");
        assert!(
            matches!(
                e.kind,
                RollErrorKind::OverBudget { .. }
                    | RollErrorKind::TooLarge { .. }
                    | RollErrorKind::TooDeep { .. }
            ),
            "{width} x {length}: {e}"
        );
        let bound = r.chart("c0").unwrap().bind(&Choices::none()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let e = bound.roll(&mut rng).unwrap_err();
        assert!(
            matches!(
                e.kind,
                RollErrorKind::OverBudget { .. } | RollErrorKind::TooDeep { .. }
            ),
            "{width} x {length}: {e}"
        );
    }
}

#[test]
fn rolling_a_fan_out_counts_the_follow_ups() {
    let limits = small().with_max_follow_depth(100);
    let r = rules_with(limits, &chain(3, 12));
    let bound = r.chart("c0").unwrap().bind(&Choices::none()).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    assert_over(
        &bound.roll(&mut rng).unwrap_err(),
        "max_follow_ups",
        "budget.c",
    );
}

#[test]
fn sweeps_count_points_and_share_one_budget() {
    let r = rules_with(
        small(),
        r#"
table t "T" { roll 2d6  rows { 7 or more => "High"  6 or less => "Low" } }"#,
    );
    let t = r.chart("t").unwrap().bind(&Choices::none()).unwrap();
    assert_eq!(t.sweep(-2..=2).unwrap().len(), 5);
    assert_over(
        &t.sweep(-3..=3).unwrap_err(),
        "max_sweep_points",
        "budget.t",
    );
    let r = rules_with(
        small().with_max_odds_work(60_000).with_max_sweep_points(41),
        r#"
table s "S" { roll 30d20  rows { 300 or more => "High"  299 or less => "Low" } }"#,
    );
    // One point fits the budget; forty-one together do not.
    let s = r.chart("s").unwrap().bind(&Choices::none()).unwrap();
    assert!(s.odds().is_ok());
    assert_over(&s.sweep(-20..=20).unwrap_err(), "max_odds_work", "budget.s");
}

#[test]
fn a_host_can_raise_the_budgets() {
    let opposed = OPPOSED.replace("60d100", "20d100");
    let r = rules_with(small(), &opposed);
    assert_over(&odds_err(&r, "big"), "max_odds_work", "budget.big");
    let r = rules_with(small().with_max_odds_work(5_000_000), &opposed);
    let o = r.chart("big").unwrap().odds(&Choices::none()).unwrap();
    // Symmetric: the attacker wins as often as the defender.
    assert_eq!(o.probability("Attacker"), o.probability("Defender"));
}

#[test]
fn odds_serialize_with_their_parts() {
    let r = rules_with(
        small(),
        r#"
table t "T" {
  roll d6
  rows { 4 or more => "Hit" or "Pin" then u  3 or less => "Miss" }
}
table u "U" { roll d2  rows { 1 => "Light"  2 => "Heavy" } }"#,
    );
    let o = r.chart("t").unwrap().odds(&Choices::none()).unwrap();
    let json = serde_json::to_value(&o).unwrap();
    assert_eq!(json, o.to_json());
    assert_eq!(json["chart"], "budget.t");
    let first = &json["outcomes"][0];
    assert_eq!(first["outcome"], "Hit OR Pin -> Light");
    assert_eq!(first["probability"], "1/4");
    assert_eq!(first["path"][0]["chart"], "budget.t");
    assert_eq!(
        first["path"][0]["outcome"]["fields"][0]["alternatives"],
        serde_json::json!(["Hit", "Pin"])
    );
    assert_eq!(first["path"][1]["chart"], "budget.u");
}

// ---------------------------------------------------------------------------
// Whole requests: one budget over every computation they make.

/// A chart whose odds are small, for counting many of them.
const SMALL: &str = r#"
table small "Small" {
  roll d10
  modifiers { m ±r "M" }
  rows { 6 or more => "Up"  5 or less => "Down" }
}
expect small m=0 => "Up" 1/2
"#;

#[test]
fn a_budget_is_shared_by_every_computation_of_a_request() {
    let r = rules_with(Limits::default().with_max_odds_work(5_000), SMALL);
    let bound = r
        .chart("small")
        .unwrap()
        .bind(&Choices::parse("m=0").unwrap())
        .unwrap();
    // Each computation alone is within the limit...
    for _ in 0..100 {
        bound.odds().unwrap_or_else(|e| panic!("{e}"));
    }
    // ...but not a hundred of them within one budget.
    let mut budget = chartwright::Budget::new(r.limits());
    let e = (0..100)
        .try_for_each(|_| bound.odds_in(&mut budget).map(drop))
        .expect_err("over budget");
    assert_over(&e, "max_odds_work", "budget.small");
    // A batch of rolls shares one too.
    let mut budget = chartwright::Budget::new(r.limits());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let e = (0..100_000)
        .try_for_each(|_| bound.roll_in(&mut rng, &mut budget).map(drop))
        .expect_err("over budget");
    assert_over(&e, "max_odds_work", "budget.small");
}

#[test]
fn every_expectation_of_a_file_shares_one_budget() {
    let many: String = (0..200)
        .map(|_| "expect small m=0 => \"Up\" 1/2\n")
        .collect();
    let r = rules_with(
        Limits::default().with_max_odds_work(5_000),
        &format!("{SMALL}{many}"),
    );
    let report = chartwright::check_expectations(&r);
    assert_eq!(report.checked, 201);
    let over = report
        .failures
        .iter()
        .filter(|f| f.got.contains("max_odds_work"))
        .count();
    assert!(over > 100, "{:?}", report.failures.first());
    // Past the budget, the lines after fail at once, without computing.
    let last = report.failures.last().unwrap();
    assert!(
        last.got
            .contains("checking the expectations before this one"),
        "{}",
        last.got
    );
}

#[test]
fn a_failing_expectation_lists_a_few_outcomes() {
    let rows: String = (1..=20).map(|i| format!("{i} => \"r{i}\" ")).collect();
    let r = rules_with(
        Limits::default(),
        &format!("table t \"T\" {{ roll d20 rows {{ {rows}}} }}\nexpect t => \"none\" 1/2\n"),
    );
    let report = chartwright::check_expectations(&r);
    let help = report.failures[0].help.clone().unwrap();
    assert!(help.contains(r#""r12" 1/20 and 8 more"#), "{help}");
    assert!(!help.contains("r13"), "{help}");
}

#[test]
fn a_diff_across_situations_shares_one_budget() {
    let base = rules_with(Limits::default().with_max_odds_work(5_000), SMALL);
    let variant = rules_with(
        Limits::default().with_max_odds_work(5_000),
        &SMALL
            .replace("6 or more", "7 or more")
            .replace("5 or less", "6 or less"),
    );
    let (b, v) = (
        base.chart("small").unwrap(),
        variant.chart("small").unwrap(),
    );
    // One situation fits; many within one budget do not.
    chartwright::OddsDiff::compare(&b, &v, &Choices::parse("m=0").unwrap()).unwrap();
    let mut budget = chartwright::Budget::new(variant.limits());
    let e = (-200..200)
        .try_for_each(|m| {
            let c = Choices::parse(&format!("m={m}")).unwrap();
            chartwright::OddsDiff::compare_in(&b, &v, &c, &mut budget).map(drop)
        })
        .expect_err("over budget");
    assert_over(&e, "max_odds_work", "budget.small");
}

/// The answer's size counts: two tables of 700 rows, each row following
/// up the other table, list 490,000 paths for little arithmetic.
#[test]
fn an_answer_of_many_long_paths_is_over_budget() {
    let rows = |t: &str, then: &str| -> String {
        (1..=700)
            .map(|i| format!("    {i} => \"{t}{i}\"{then}\n"))
            .collect()
    };
    let r = rules_with(
        Limits::default(),
        &format!(
            "table a \"A\" {{\n  roll d700\n  rows {{\n{}  }}\n}}\ntable b \"B\" {{\n  roll d700\n  rows {{\n{}  }}\n}}\n",
            rows("a", " then b"),
            rows("b", "")
        ),
    );
    assert_over(&odds_err(&r, "a"), "max_odds_work", "budget.a");
}

/// Rolls made within one budget of `steps` before it is spent.
fn rolls_within(rules: &Ruleset, chart: &str, steps: u64) -> usize {
    let bound = rules.chart(chart).unwrap().bind(&Choices::none()).unwrap();
    let mut budget = chartwright::Budget::new(&Limits::default().with_max_odds_work(steps));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    (0..100_000)
        .take_while(|_| bound.roll_in(&mut rng, &mut budget).is_ok())
        .count()
}

#[test]
fn a_batch_pays_for_the_rows_its_follow_ups_bind() {
    // Every roll follows up a table: one of 700 rows, or one of 4.
    let table = |name: &str, n: usize| {
        let rows: String = (1..=n)
            .map(|i| format!("    {i} => \"{name}{i}\"\n"))
            .collect();
        format!("table {name} \"{name}\" {{\n  roll d{n}\n  rows {{\n{rows}  }}\n}}\n")
    };
    let body = format!(
        "table wide \"Wide\" {{ roll d2 rows {{ 1 or more => \"w\" then big }} }}\n\
         table narrow \"Narrow\" {{ roll d2 rows {{ 1 or more => \"n\" then small }} }}\n{}{}",
        table("big", 700),
        table("small", 4)
    );
    let r = rules_with(Limits::default(), &body);
    // Binding 700 rows costs about a hundred times a few rows' binding: a
    // batch of them ends about that much sooner (a budget of a million
    // steps: 14,000 a roll against 170).
    let wide = rolls_within(&r, "wide", 1_000_000);
    let narrow = rolls_within(&r, "narrow", 1_000_000);
    assert!((50..100).contains(&wide), "{wide}");
    assert!((5_000..6_500).contains(&narrow), "{narrow}");
}

#[test]
fn a_batch_pays_for_each_throw_of_a_pools_later_stage() {
    // The same 40 dice a roll: thrown at once, or 20 and then one for
    // each of the 20 hits (each throw a group of the trace).
    let r = rules_with(
        Limits::default(),
        "pool once \"Once\" { roll 40d6 count hits \"hits\" on 1+ }\n\
         pool twice \"Twice\" {\n  roll 20d6\n  count hits \"hits\" on 1+\n  \
         per hits roll d6 count more \"more\" on 1+\n}\n",
    );
    // 16 + 40 x 2 steps a roll, against 16 + 40 x 2 + 20 x 8.
    let once = rolls_within(&r, "once", 1_000_000);
    let twice = rolls_within(&r, "twice", 1_000_000);
    assert!((10_000..10_500).contains(&once), "{once}");
    assert!((3_900..4_300).contains(&twice), "{twice}");
}

#[test]
fn a_batch_pays_for_the_modifiers_its_follow_ups_bind() {
    // Every roll follows up a chart of 48 modifiers, or of none.
    let mods: String = (0..48).map(|i| format!("m{i} +1 \"M{i}\" ")).collect();
    let r = rules_with(
        Limits::default(),
        &format!(
            "table many \"Many\" {{ roll d2 rows {{ 1 or more => \"w\" then big }} }}\n\
             table few \"Few\" {{ roll d2 rows {{ 1 or more => \"n\" then small }} }}\n\
             table big \"Big\" {{ roll d2 modifiers {{ {mods}}} rows {{ 1 or more => \"b\" }} }}\n\
             table small \"Small\" {{ roll d2 rows {{ 1 or more => \"s\" }} }}\n"
        ),
    );
    // 16 + 2 x 2 + 150 steps a roll, and 40 x 4 more for the modifiers
    // past the first 8.
    let many = rolls_within(&r, "many", 1_000_000);
    let few = rolls_within(&r, "few", 1_000_000);
    assert!((2_900..3_300).contains(&many), "{many}");
    assert!((5_600..6_000).contains(&few), "{few}");
}

#[test]
fn a_batch_pays_for_the_text_it_rolls() {
    // An outcome of 64,000 bytes costs 1,000 steps a roll more than one of
    // a few.
    let long = "x".repeat(64_000);
    let r = rules_with(
        Limits::default(),
        &format!(
            "table long \"Long\" {{ roll d2 rows {{ 1 or more => \"{long}\" }} }}\n\
             table short \"Short\" {{ roll d2 rows {{ 1 or more => \"s\" }} }}\n"
        ),
    );
    let long = rolls_within(&r, "long", 1_000_000);
    let short = rolls_within(&r, "short", 1_000_000);
    assert!((900..1_000).contains(&long), "{long}");
    assert!((50_000..60_000).contains(&short), "{short}");
}
