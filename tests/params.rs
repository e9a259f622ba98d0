//! A param declared `whole` counts things: a decimal is refused at roll
//! time, and the situation classes step through it by whole values only.

use chartwright::{situation_classes, Choices, Ruleset};

const BASES: &str = r#"
game "Bases" version "1"
table melee "Melee" {
  roll d6
  param bases "bases in contact" whole in 1..4
  score total + bases
  rows {
    7 or more => "Win"
    6 or less => "Lose"
  }
}
"#;

#[test]
fn a_whole_param_refuses_a_decimal() {
    let rules = Ruleset::from_str("bases", BASES).expect("loads");
    let melee = rules.chart("melee").expect("melee");
    let err = melee
        .odds(&Choices::parse("bases=2.5").expect("args"))
        .expect_err("2.5 bases");
    assert!(err.to_string().contains("whole number"), "{err}");
    let odds = melee
        .odds(&Choices::parse("bases=2").expect("args"))
        .expect("odds");
    // A d6 + 2 of 7 or more: 5 or 6.
    assert_eq!(odds.probability("Win").fraction(), "1/3");
}

#[test]
fn a_whole_params_classes_are_whole() {
    let rules = Ruleset::from_str("bases", BASES).expect("loads");
    let melee = rules.chart("melee").expect("melee");
    let classes = situation_classes(&[&melee], &Choices::none(), 4096);
    let values: Vec<String> = classes
        .iter()
        .filter_map(|c| c.choices.args().first()?.value.clone())
        .collect();
    assert_eq!(values, ["1", "2", "3", "4"], "{:?}", classes.not_split);
}
