//! Ladders: an extra modifier moves them like any other modifier (a loose
//! `+N`, an `odds --sweep` step), the trace tells the real movement when an
//! end stops it, and steps may carry the sheet's labels.

use chartwright::{Choices, Ruleset, Scripted};

const SPOTTING: &str = "concealment=none target_type=large_vehicle";

fn fe() -> Ruleset {
    Ruleset::from_file("first_echelon").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn an_extra_modifier_moves_a_ladder_and_the_trace_says_how_far() {
    let r = fe();
    let chart = r.chart("modified_spotting_distance").unwrap();
    let bound = chart.bind(&Choices::parse(SPOTTING).unwrap()).unwrap();
    let base = bound.clone().roll(&mut Scripted::new([1])).unwrap();
    assert_eq!(base.outcome.to_string(), "60");
    // +2 from 60: one step up to 80, then the top stops it.
    let moved = bound
        .with_extra_modifier(2)
        .unwrap()
        .roll(&mut Scripted::new([1]))
        .unwrap();
    assert_eq!(moved.outcome.to_string(), "80");
    let detail = moved.detail.unwrap_or_default();
    assert!(detail.contains("moved +1 of +2, stopped at 80"), "{detail}");
}

#[test]
fn a_sweep_moves_a_ladder() {
    let r = fe();
    let chart = r.chart("modified_spotting_distance").unwrap();
    let choices = Choices::parse(SPOTTING).unwrap();
    let at = |extra: i64| {
        let o = chart
            .bind(&choices)
            .unwrap()
            .with_extra_modifier(extra)
            .unwrap()
            .odds()
            .unwrap();
        o.outcomes[0].outcome.clone()
    };
    assert_eq!(
        [at(-2), at(-1), at(0), at(1)],
        ["20", "40", "60", "80"].map(String::from)
    );
}

#[test]
fn step_labels_are_shown_as_printed() {
    let text = r#"game "G" version "1"
param fp "Firepower" in 0..300
ladder column "Fire column" {
  steps 1, 2, 4, 8, 200 "50+"
  start fp
  modifiers { woods -1 "woods" }
}
"#;
    let r = Ruleset::from_str("g", text).unwrap_or_else(|e| panic!("{e}"));
    let chart = r.chart("column").unwrap();
    let roll = |args: &str| {
        chart
            .roll(&Choices::parse(args).unwrap(), &mut Scripted::new([1]))
            .unwrap()
    };
    // Steps written upwards: +1 is one step towards the first (lower).
    assert_eq!(roll("fp=60").outcome.to_string(), "8");
    assert_eq!(roll("fp=250").outcome.to_string(), "50+");
    // woods -1 moves away from the first step: from 8 to the last, 50+.
    assert_eq!(roll("fp=9 woods").outcome.to_string(), "50+");
    let shown = chart.render();
    assert!(shown.contains("50+"), "{shown}");
    assert!(shown.contains("+1 moves one step up, towards 1"), "{shown}");
}

// ---------------------------------------------------------------------------
// Ladders feeding charts: `tests/charts/visibility.rules`. The ladder
// `visibility` (steps 6, 4, 2, 1; smoke -1, flare +2) is read by `fire`
// (`columns by visibility`), `spot` (`succeed on at most visibility - 1`)
// and `range_band` (a ladder starting from `floor(visibility / 2)`).

fn visibility() -> Ruleset {
    let path = format!(
        "{}/tests/charts/visibility.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn fraction(r: &Ruleset, chart: &str, args: &str, outcome: &str) -> String {
    let o = r
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
    o.probability(outcome).to_string()
}

#[test]
fn a_ladder_step_picks_the_column_of_another_chart() {
    let r = visibility();
    // base 4, smoke: step 4 moved -1 (towards the last step) is 2, so the
    // `2` column: NE on 1-2 (1/3), H on 3-5 (1/2), K on 6 (1/6).
    assert_eq!(fraction(&r, "fire", "base=4 smoke", "NE"), "1/3");
    assert_eq!(fraction(&r, "fire", "base=4 smoke", "H"), "1/2");
    assert_eq!(fraction(&r, "fire", "base=4 smoke", "K"), "1/6");
    // base 5 snaps to 4; the flare's +2 moves one step to 6, the top: the
    // `6` column, H on 1-3 (1/2), K on 4-6 (1/2), no NE.
    assert_eq!(fraction(&r, "fire", "base=5 flare", "H"), "1/2");
    assert_eq!(fraction(&r, "fire", "base=5 flare", "K"), "1/2");
    assert_eq!(fraction(&r, "fire", "base=5 flare", "NE"), "0");
    // base 1 with smoke stays at 1, the last step: the `1` column, NE 1/2.
    assert_eq!(fraction(&r, "fire", "base=1 smoke", "NE"), "1/2");
}

#[test]
fn the_trace_shows_the_ladder_step_and_how_it_was_reached() {
    let r = visibility();
    let roll = r
        .chart("fire")
        .unwrap()
        .roll(
            &Choices::parse("base=5 flare").unwrap(),
            &mut Scripted::new([4]),
        )
        .unwrap();
    assert_eq!(roll.outcome.to_string(), "K");
    let detail = roll.detail.unwrap_or_default();
    assert!(
        detail.starts_with(
            "ladder `visibility`: start 5 -> step 4, moved +1 of +2, stopped at 6 = 6; \
             value 6: column `6`"
        ),
        "{detail}"
    );
}

#[test]
fn a_ladder_step_is_read_in_an_expression() {
    let r = visibility();
    // base 6: step 6, target "at most 6 - 1": 5 of 6 faces succeed.
    assert_eq!(fraction(&r, "spot", "base=6", "Success"), "5/6");
    // base 6 with smoke: step 4, "at most 3": 1/2.
    assert_eq!(fraction(&r, "spot", "base=6 smoke", "Success"), "1/2");
    // A ladder starting from a ladder: base 6 smoke is step 4, floor(4 / 2)
    // = 2 is "medium"; the scope's +1 moves it to "long".
    assert_eq!(fraction(&r, "range_band", "base=6 smoke", "medium"), "1");
    assert_eq!(
        fraction(&r, "range_band", "base=6 smoke scope", "long"),
        "1"
    );
}

#[test]
fn a_chart_reading_a_ladder_takes_the_ladder_inputs() {
    let r = visibility();
    let names: Vec<String> = r
        .chart("fire")
        .unwrap()
        .inputs()
        .into_iter()
        .map(|i| i.name)
        .collect();
    assert_eq!(names, ["base", "smoke", "flare"]);
    // Without `base` the ladder cannot start: the error says so.
    let err = r.chart("fire").unwrap().odds(&Choices::none()).unwrap_err();
    assert!(err.to_string().contains("`base`"), "{err}");
}

/// A check whose target reads a ladder says how the ladder moved, in the
/// trace and in the printed roll (where the target line used to hide it).
#[test]
fn a_check_reading_a_ladder_shows_the_ladder_in_its_trace() {
    let r = visibility();
    let roll = r
        .chart("spot")
        .unwrap()
        .roll(
            &Choices::parse("base=6 smoke").unwrap(),
            &mut Scripted::new([3]),
        )
        .unwrap();
    // Step 6 moved -1 is 4; at most 4 - 1 = 3: a 3 succeeds.
    assert_eq!(roll.outcome.to_string(), "Success");
    assert_eq!(roll.target.as_deref(), Some("3 or less"));
    assert_eq!(roll.met_target, Some(true));
    assert_eq!(
        roll.detail.as_deref(),
        Some("ladder `visibility`: start 6 -> step 6, moved -1 = 4")
    );
}

/// A fire-value ladder as a WW2 sheet prints it, down to fractions of a
/// point: decimal steps, a decimal start (halved firepower) snapped to the
/// step below it, the trace and the column in the sheet's numbers.
const FRACTIONS: &str = r#"
game "Fractions" version "1"
ladder fire_column "Fire column" {
  param fp "firepower" in 0..100
  flag halved "firepower halved"
  modifiers { cover -1 "target in cover" }
  steps 50 "50+", 36, 24, 16, 12, 8, 6, 4, 2, 1, 0.5, 0.25
  start (fp / 2 if halved else fp)
}
table fire "Fire" {
  roll d6
  columns by fire_column: 0.25 0.5 1 2 4 6 8 12 16 24 36 50+
  rows {
    [ 6 or more | 6 or more | 5 or more | 5 or more | 4 or more | 4 or more | 3 or more | 3 or more | 2 or more | 2 or more | 1 or more | 1 or more ] => "Hit"
    [ 5 or less | 5 or less | 4 or less | 4 or less | 3 or less | 3 or less | 2 or less | 2 or less | 1 or less | 1 or less | 0 or less | 0 or less ] => "Miss"
  }
}
"#;

#[test]
fn decimal_steps_and_a_decimal_start() {
    let r = Ruleset::from_str("fractions", FRACTIONS).unwrap_or_else(|e| panic!("{e:?}"));
    let ladder = r.chart("fire_column").unwrap();
    let roll = |args: &str| {
        ladder
            .roll(&Choices::parse(args).unwrap(), &mut Scripted::new([1]))
            .unwrap()
    };
    // 1.5 halved is 0.75: on the 0.5 step.
    let half = roll("fp=1.5 halved");
    assert_eq!(half.outcome.to_string(), "0.5");
    assert_eq!(
        half.detail.as_deref(),
        Some("start 0.75 -> step 0.5, moved +0")
    );
    // 0.25 halved is 0.125, under the lowest step: it reads the lowest.
    assert_eq!(roll("fp=0.25 halved").outcome.to_string(), "0.25");
    // Cover moves one step down, from 1 to 0.5; at the top, the label.
    assert_eq!(roll("fp=1 cover").outcome.to_string(), "0.5");
    assert_eq!(roll("fp=60").outcome.to_string(), "50+");
    // The table reads the column the ladder reached: at 0.5, Hit on a 6.
    let fire = r.chart("fire").unwrap();
    let odds = fire.odds(&Choices::parse("fp=1 cover").unwrap()).unwrap();
    assert_eq!(odds.probability("Hit").fraction(), "1/6");
    let odds = fire.odds(&Choices::parse("fp=3").unwrap()).unwrap();
    // 3 snaps to the 2 step: Hit on 5-6.
    assert_eq!(odds.probability("Hit").fraction(), "1/3");
}
