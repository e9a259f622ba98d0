//! A param declared `whole` counts things: a decimal is refused at roll
//! time, and the situation classes step through it by whole values only.

use chartwright::compare::situation_classes;
use chartwright::{Choices, Ruleset};

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

#[test]
fn a_value_that_does_not_fit_says_why() {
    let rules = Ruleset::from_str(
        "tiny",
        r#"
game "Tiny" version "1"
table t "T" {
  roll d6
  param p "P" in 0.000000000000000001..1
  score floor(natural + p)
  rows { 4 or more => "hi"  3 or less => "lo" }
}
"#,
    )
    .expect("loads");
    let t = rules.chart("t").expect("t");
    let said = |args: &str| {
        let e = t
            .odds(&Choices::parse(args).expect("args"))
            .expect_err(args);
        let code = miette::Diagnostic::code(&e).map(|c| c.to_string());
        assert_eq!(code.as_deref(), Some("chartwright::roll::bad_value"), "{e}");
        e.to_string()
    };
    assert!(said("p=0.0000000000000000000001").contains("at most 18 digits"));
    assert!(said("p=99999999999999999999").contains("from -9223372036854775808"));
    assert!(said("p=-99999999999999999999").contains("from -9223372036854775808"));
    assert!(said("p=abc").contains("a number such as `3` or `2.5`"));
    let odds = t
        .odds(&Choices::parse("p=0.000000000000000001").expect("args"))
        .expect("18 digits read");
    assert_eq!(odds.probability("hi").fraction(), "1/2");
}
