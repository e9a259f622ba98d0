//! Names are order-free inside a chart: a modifier's condition (or its
//! group's, or a `use`'s) may name a flag or a modifier declared below it,
//! and a condition shared by a group is read, and reported, once. Names in
//! a failed expectation's help are written to paste back.

use chartwright::{Choices, Ruleset};

const FORWARD: &str = r#"
game "Forward" version "1"
table fire "Fire" {
  roll d6
  modifiers {
    dug_in +1 "dug in" unless woods
    one of "Cover" unless in_open {
      light -1 "light cover" if heavy_gun
      hard -2 "hard cover"
    }
    woods -1 "woods"
    heavy_gun +1 "heavy gun"
  }
  flag in_open "target in the open"
  rows {
    5 or more => "Hit" if woods else "Hit in the open"
    4 or less => "Miss"
  }
}
"#;

#[test]
fn a_condition_may_name_a_modifier_declared_below_it() {
    let rules = Ruleset::from_str("forward", FORWARD).expect("checks clean");
    let fire = rules.chart("fire").expect("fire");
    let odds = |args: &str| {
        fire.odds(&Choices::parse(args).expect("args"))
            .expect("odds")
            .probability("Miss")
            .fraction()
    };
    // Dug in: +1, so a 4 reads 5: Miss on 1-3.
    assert_eq!(odds("dug_in"), "1/2");
    // Dug in counts only outside woods: woods -1 alone, Miss on 1-5.
    assert_eq!(odds("dug_in woods"), "5/6");
    // Light cover counts only against a heavy gun (+1 -1 = 0).
    assert_eq!(odds("light heavy_gun"), "2/3");
    assert_eq!(odds("light"), "2/3");
    // The group counts only unless the target is in the open.
    assert_eq!(odds("hard in_open"), "2/3");
    assert_eq!(odds("hard"), "1/1");
}

#[test]
fn a_groups_condition_is_reported_once() {
    let text = FORWARD.replace("unless in_open {", "unless in_opne {");
    let err = Ruleset::from_str("typo", &text).expect_err("an unknown name");
    // One error, though two modifiers share the group's condition.
    assert_eq!(err.errors.len(), 1, "{err:?}");
}

/// A failed `expect` lists the outcomes as an `expect` line writes them:
/// quoted and escaped, so a value can be pasted back.
#[test]
fn a_failed_expectation_lists_outcomes_to_paste_back() {
    let text = r#"
game "Paste" version "1"
table t "T" {
  roll d6
  rows {
    4 or more => "1D\\R"
    3 or less => "Say \"halt\""
  }
}
expect t => "1DR" 1/2
"#;
    let rules = Ruleset::from_str("paste", text).expect("loads");
    let report = chartwright::check_expectations(&rules);
    let help = report.failures[0].help.clone().expect("a help");
    assert_eq!(help, r#"the outcomes are: "1D\\R" 1/2, "Say \"halt\"" 1/2"#);
    // Pasted back, the first one holds.
    let pasted = text.replace(r#""1DR" 1/2"#, r#""1D\\R" 1/2"#);
    let rules = Ruleset::from_str("paste", &pasted).expect("loads");
    assert!(chartwright::check_expectations(&rules).passed());
}
