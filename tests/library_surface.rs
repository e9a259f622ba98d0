//! The library as a host sees it: `InputInfo` says which inputs are
//! exclusive and when each applies; `LoadErrors` renders itself, sources
//! attached, as one miette diagnostic.

use crate::common;

use chartwright::{Condition, InputKind, LoadErrors, Ruleset};
use miette::{GraphicalReportHandler, GraphicalTheme};

#[test]
fn inputs_carry_their_one_of_group_and_condition() {
    let rules = common::load("first_echelon");
    let manoeuvre = rules.chart("manoeuvre").expect("manoeuvre");
    let inputs = manoeuvre.inputs();
    let get = |name: &str| {
        inputs
            .iter()
            .find(|i| i.name == name)
            .unwrap_or_else(|| panic!("no input {name}"))
    };
    assert_eq!(get("casualties_25").one_of.as_deref(), Some("Casualties"));
    assert_eq!(get("casualties_25").applies, None);
    assert_eq!(get("command_radius").one_of, None);
    assert!(matches!(get("helicopter").kind, InputKind::Flag(None)));
    let near = get("enemy_within_5");
    assert_eq!(
        near.one_of.as_deref(),
        Some("Enemy proximity (not applicable to helicopters unless landed)")
    );
    assert_eq!(
        near.applies,
        Some(Condition::Not(Box::new(Condition::And(
            Box::new(Condition::Flag("helicopter".into())),
            Box::new(Condition::Not(Box::new(Condition::Flag("landed".into())))),
        ))))
    );
    // Members of one group share the heading; no input is in two groups.
    let casualties = inputs
        .iter()
        .filter(|i| i.one_of.as_deref() == Some("Casualties"))
        .count();
    assert_eq!(casualties, 4);
}

#[test]
fn conditions_read_as_written() {
    let rules = Ruleset::from_str(
        "demo",
        r#"game "Demo" version "1"
choice attack "Attack" { direct "Direct", indirect "Indirect", air "Air" }
table t "T" {
  roll d6
  flag a "a"
  flag b "b"
  param caliber "caliber" in 0..200
  modifiers {
    one +1 "one" if (a or b) and not attack in [indirect, air]
    two +1 "two" if caliber / 10 >= 3 or a
  }
  rows { 4 or more => "Y" 3 or less => "N" }
}"#,
    )
    .expect("loads");
    let inputs = rules.chart("t").expect("t").inputs();
    let applies = |name: &str| {
        inputs
            .iter()
            .find(|i| i.name == name)
            .and_then(|i| i.applies.clone())
            .unwrap_or_else(|| panic!("{name} has a condition"))
    };
    let one = applies("one");
    assert_eq!(
        one.to_string(),
        "(a or b) and not attack in [indirect, air]"
    );
    assert_eq!(one.inputs(), ["a", "b", "attack"]);
    let two = applies("two");
    assert_eq!(two.to_string(), "caliber / 10 >= 3 or a");
    assert_eq!(two.clause(), "if caliber / 10 >= 3 or a");
    assert_eq!(two.inputs(), ["caliber", "a"]);
}

fn render(errors: &LoadErrors) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, errors)
        .expect("renders");
    out
}

#[test]
fn load_errors_render_with_their_sources() {
    let mut b = Ruleset::builder();
    b.add_str(
        "one",
        "game \"One\" version \"1\"\ntable t \"T\" { roll d6 rows { 1-3 => \"A\" } }\n",
    );
    b.add_str(
        "two",
        "game \"Two\" version \"1\"\ntable u \"U\" { roll d6 rows { 1-6 => \"A\" 6 => \"B\" } }\n",
    );
    b.add_path("no/such/file.rules");
    let errors = b.build().expect_err("three errors");
    assert_eq!(errors.errors.len(), 3);
    insta::assert_snapshot!("load_errors_several", render(&errors));

    let one = Ruleset::from_str(
        "one",
        "game \"One\" version \"1\"\ntable t \"T\" { roll d6 rows { 1-3 => \"A\" } }\n",
    )
    .expect_err("one error");
    insta::assert_snapshot!("load_errors_one", render(&one));
}

/// A chart that reads a ladder takes the ladder's inputs; they keep the
/// ladder's `one of` group, condition and value, and a ladder read through
/// another ladder passes them on too.
#[test]
fn inputs_taken_from_a_ladder_keep_their_group_and_condition() {
    let rules = Ruleset::from_str(
        "demo",
        r#"game "Demo" version "1"
ladder sight "Sight" {
  steps 6, 4, 2, 1
  param base "base" in 1..6
  flag night "night"
  start base
  modifiers {
    one of "Obscured by" {
      smoke -1 "smoke"
      dust -2 "dust" unless night
    }
    flare +2 "flare" if night
  }
}
ladder band "Band" {
  steps 3, 2, 1
  start floor(sight / 2)
}
check spot "Spot" {
  roll d6
  succeed on at most sight - 1
}
check far "Far" {
  roll d6
  succeed on at most band
}
"#,
    )
    .expect("loads");
    for chart in ["spot", "far"] {
        let inputs = rules.chart(chart).expect("chart").inputs();
        let get = |name: &str| {
            inputs
                .iter()
                .find(|i| i.name == name)
                .unwrap_or_else(|| panic!("{chart}: no input {name}"))
        };
        assert_eq!(
            get("smoke").one_of.as_deref(),
            Some("Obscured by"),
            "{chart}"
        );
        assert_eq!(
            get("dust").one_of.as_deref(),
            Some("Obscured by"),
            "{chart}"
        );
        assert!(
            matches!(get("dust").kind, InputKind::Flag(Some(-2))),
            "{chart}"
        );
        assert_eq!(
            get("dust").applies,
            Some(Condition::Not(Box::new(Condition::Flag("night".into())))),
            "{chart}"
        );
        assert_eq!(get("flare").one_of, None, "{chart}");
        assert_eq!(
            get("flare").applies,
            Some(Condition::Flag("night".into())),
            "{chart}"
        );
        assert_eq!(get("night").one_of, None, "{chart}");
    }
}
