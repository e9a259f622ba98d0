//! Opposed rolls whose sides each roll a chart (`each rolls CHART`).
//! Fixture: `tests/charts/sides.rules`: Algeria's harass on the 2-4 column
//! of its Combat Results Table (one d6 a side: 0 hits on 1-3, 1 on 4-5, 2
//! on 6; the side that takes more hits is neutralized), and a duel of two
//! checks (a hit is `1`, a miss `0`) with a modifier given per side.

use crate::common::{odds, outcome, roll, roll_error};
use chartwright::{Choices, Ruleset, Scripted};
use miette::Diagnostic;

fn fixture() -> Ruleset {
    let path = format!("{}/tests/charts/sides.rules", env!("CARGO_MANIFEST_DIR"));
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const HARASS: &str = "gov.firepower=3 ins.firepower=3";

#[test]
fn harass_neutralizes_as_the_bar_says() {
    // Per side: P(0) = 3/6, P(1) = 2/6, P(2) = 1/6.
    // Equal hits: (3·3 + 2·2 + 1·1) / 36 = 14/36 = 7/18.
    // Government takes more (insurgent hits > government hits):
    //   ins 1, gov 0: 2·3 = 6; ins 2, gov 0: 1·3 = 3; ins 2, gov 1: 1·2 = 2
    //   → 11/36; the same the other way.
    let r = fixture();
    assert_eq!(
        odds(&r, "harass", HARASS, "Government neutralized"),
        (11, 36)
    );
    assert_eq!(odds(&r, "harass", HARASS, "Nobody neutralized"), (7, 18));
    assert_eq!(
        odds(&r, "harass", HARASS, "Insurgents neutralized"),
        (11, 36)
    );
}

#[test]
fn each_side_takes_its_own_inputs() {
    // Attacker skill 2: a hit on 3+ (4/6 = 2/3); defender skill 0: on 5+
    // (1/3). Attacker wins 2/3 · 2/3 = 4/9; defender 1/3 · 1/3 = 1/9;
    // draw 2/3 · 1/3 + 1/3 · 2/3 = 4/9. Swapped, the other way round.
    let r = fixture();
    assert_eq!(
        odds(&r, "duel", "att.skill=2 def.skill=0", "Attacker wins"),
        (4, 9)
    );
    assert_eq!(
        odds(&r, "duel", "att.skill=2 def.skill=0", "Defender wins"),
        (1, 9)
    );
    assert_eq!(odds(&r, "duel", "att.skill=2 def.skill=0", "Draw"), (4, 9));
    assert_eq!(
        odds(&r, "duel", "att.skill=0 def.skill=2", "Attacker wins"),
        (1, 9)
    );
}

#[test]
fn the_sampler_reads_every_pair_of_faces_as_the_odds_count_them() {
    // All 36 pairs of faces, first side's die first: counted outcomes over
    // 36 are the exact odds.
    let r = fixture();
    let mut counts = std::collections::BTreeMap::<String, u64>::new();
    for a in 1..=6 {
        for b in 1..=6 {
            *counts
                .entry(outcome(&r, "harass", HARASS, &[a, b]))
                .or_default() += 1;
        }
    }
    assert_eq!(counts.get("Government neutralized"), Some(&11));
    assert_eq!(counts.get("Nobody neutralized"), Some(&14));
    assert_eq!(counts.get("Insurgents neutralized"), Some(&11));
}

#[test]
fn the_trace_shows_both_rolls() {
    // Government rolls 6 (2 hits), insurgents 2 (0 hits): difference 2.
    let r = fixture();
    let roll = roll(&r, "harass", "gov.firepower=4 ins.firepower=2", &[6, 2]);
    assert_eq!(roll.outcome.to_string(), "Insurgents neutralized");
    assert_eq!(roll.score, Some(2));
    let sides: Vec<_> = roll
        .sides
        .iter()
        .map(|s| (s.side.as_str(), s.inputs.as_str(), s.natural))
        .collect();
    assert_eq!(
        sides,
        [("gov", "firepower=4", 2), ("ins", "firepower=2", 0)]
    );
    let inner = roll.sides[0].roll.as_deref().expect("the side's roll");
    assert_eq!(&*inner.chart, "sides.crt");
    assert_eq!(inner.natural, Some(6));
    let text = roll.to_string();
    for line in [
        "gov      firepower=4: 2",
        "ins      firepower=2: 0",
        "difference 2",
    ] {
        assert!(text.contains(line), "{line:?} not in\n{text}");
    }
    let json = serde_json::to_value(&roll).expect("json");
    assert_eq!(
        json["sides"][1]["roll"]["outcome"]["fields"][0]["alternatives"][0],
        "0"
    );
}

#[test]
fn an_input_a_side_lacks_is_named_with_its_side() {
    let r = fixture();
    let e = roll_error(&r, "harass", "gov.firepower=3");
    assert_eq!(
        e.code().map(|c| c.to_string()).as_deref(),
        Some("chartwright::roll::missing_param")
    );
    assert!(e.to_string().contains("ins.firepower"), "{e}");
}

#[test]
fn an_extra_modifier_adds_to_the_first_sides_result() {
    // +1 to the government's hits: equal hits now read 1, "more".
    let r = fixture();
    let chart = r.chart("harass").expect("harass");
    let choices = Choices::parse(HARASS).expect("choices");
    let bound = chart
        .bind(&choices)
        .and_then(|b| b.with_extra_modifier(1))
        .expect("bound");
    let rolled = bound.roll(&mut Scripted::new([1, 1])).expect("a roll");
    assert_eq!(rolled.outcome.to_string(), "Insurgents neutralized");
    // Government takes more only when insurgent hits exceed government
    // hits by 2: ins 2, gov 0: 1·3 = 3 → 3/36 = 1/12.
    let o = bound.odds().expect("odds");
    assert_eq!(o.probability("Government neutralized").to_string(), "1/12");
    // The quick path reads the same pair.
    let quick = bound.roll_quick(&mut Scripted::new([1, 1])).expect("quick");
    assert_eq!(
        bound.describe(&quick.outcome).to_string(),
        "Insurgents neutralized"
    );
}

/// A side's chart that reads its dice one by one (`doubles`): each side is
/// bound per way its faces read, and the sides' results are still read
/// by both engines and the quick path alike.
#[test]
fn a_side_whose_chart_reads_its_dice() {
    let r = Ruleset::from_str(
        "faces",
        r#"game "Faces" version "1"
table hits "Hits" {
  roll 2d6
  rows {
    2-6 => "0" if not doubles else "2"
    7-12 => "1" if not doubles else "2"
  }
}
opposed fight "Fight" {
  sides a "A", b "B"
  each rolls hits
  rows {
    1 or more => "A wins"
    0 => "Tie"
    -1 or less => "B wins"
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // Per side: doubles (6/36) read 2; 2-6 without doubles (12/36) 0;
    // 7-12 without doubles (18/36) 1. A tie: (1/6)² + (1/3)² + (1/2)² = 7/18.
    let bound = r.chart("fight").unwrap().bind(&Choices::none()).unwrap();
    assert_eq!(bound.odds().unwrap().probability("Tie").to_string(), "7/18");
    assert_eq!(
        bound.odds().unwrap().probability("A wins").to_string(),
        "11/36"
    );
    // A rolls 3-3 (doubles: 2), B 1-2 (0): A wins, on both paths.
    let faces = [3, 3, 1, 2];
    let rolled = bound.roll(&mut Scripted::new(faces)).expect("a roll");
    assert_eq!(rolled.outcome.to_string(), "A wins");
    let quick = bound.roll_quick(&mut Scripted::new(faces)).expect("quick");
    assert_eq!(bound.describe(&quick.outcome).to_string(), "A wins");
    // A rolls 6-5 (1), B 4-4 (doubles: 2): B wins.
    let faces = [6, 5, 4, 4];
    let quick = bound.roll_quick(&mut Scripted::new(faces)).expect("quick");
    assert_eq!(bound.describe(&quick.outcome).to_string(), "B wins");
}
