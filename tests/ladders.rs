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
