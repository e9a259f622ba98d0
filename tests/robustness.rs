//! Bad input never crashes anything: mutated rules files go through parse →
//! compile → roll → odds, and random argument lines through binding, with
//! no panic, in bounded time. (A fuzz target in spirit, run as a property
//! test so it runs in CI.)

use chartwright::{Choices, Ruleset, Scripted};
use proptest::prelude::*;
use std::fmt::Write as _;

const SOURCE: &str = include_str!("../rules/first_echelon.rules");

/// Loads, then rolls and computes odds of every chart that loads.
fn exercise(text: &str, args: &str) {
    let Ok(rules) = Ruleset::from_str("fuzz", text) else {
        return;
    };
    let Ok(choices) = Choices::parse(args) else {
        return;
    };
    for chart in rules.charts() {
        let _ = chart.roll(&choices, &mut Scripted::new([1, 10, 5, 6]));
        let _ = chart.odds(&choices);
    }
}

/// Fragments a mutation may splice in: syntax that stresses every stage.
const SPLICES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "|",
    "=>",
    "or",
    "if",
    "else",
    "then",
    "bail_out",
    "-",
    "+",
    "999999999999999999999",
    "0d6",
    "d0",
    "1000d1000",
    "(",
    ")",
    "\"",
    "\"\"\"",
    "\n",
    "\t",
    "é",
    "modifiers",
    "natural 1 =>",
    "one of {",
    "use x",
    "for each {",
    "6 or more",
    "-1 to -3",
    "7-8",
    "13+",
    "columns unit_rating",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn mutated_rules_never_panic(cut in 0..SOURCE.len(), len in 0usize..40, splice in 0..SPLICES.len()) {
        let mut cut = cut;
        while !SOURCE.is_char_boundary(cut) { cut -= 1; }
        let mut end = (cut + len).min(SOURCE.len());
        while !SOURCE.is_char_boundary(end) { end -= 1; }
        let text = format!("{}{}{}", &SOURCE[..cut], SPLICES[splice], &SOURCE[end..]);
        exercise(&text, "tracked bog_down_rating=-1 unit_rating=raw order_status=disordered");
    }

    #[test]
    fn random_arguments_never_panic(args in "[a-z_.=0-9 +-]{0,60}") {
        let rules = Ruleset::from_file("first_echelon").expect("bundled game loads");
        if let Ok(choices) = Choices::parse(&args) {
            for chart in rules.charts() {
                let _ = chart.roll(&choices, &mut Scripted::new([3, 7]));
            }
        }
    }
}

#[test]
fn deep_and_huge_inputs_are_errors_not_crashes() {
    let deep = format!(
        "game \"g\" version \"1\"\ntable t \"t\" {{ roll d6 score {}total{} rows {{ 1 or more => \"x\" 0 or less => \"y\" }} }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    assert!(Ruleset::from_str("deep", &deep).is_err());
    let long_chain = format!(
        "game \"g\" version \"1\"\ntable t \"t\" {{ roll d6 rows {{ 1 or more => {}\"x\" }} }}",
        "\"a\" if f else ".repeat(3000)
    );
    assert!(Ruleset::from_str("chain", &long_chain).is_err());
    let huge = "game \"g\" version \"1\"\ntable t \"t\" { roll 1000000d1000000 rows { 1 or more => \"x\" } }";
    assert!(Ruleset::from_str("huge", huge).is_err());
}

#[test]
fn follow_up_chains_are_bounded() {
    // A chain 40 charts long compiles (no cycle) but rolls past the depth limit.
    let mut text = String::from("game \"g\" version \"1\"\n");
    for i in 0..40 {
        let next = if i < 39 {
            format!(" then c{}", i + 1)
        } else {
            String::new()
        };
        let _ = writeln!(
            text,
            "table c{i} \"C{i}\" {{ roll d6 rows {{ 1 or more => \"x\"{next} }} }}"
        );
    }
    let rules = Ruleset::from_str("chain", &text).expect("a long chain compiles");
    let chart = rules.chart("c0").unwrap();
    let err = chart
        .roll(&Choices::none(), &mut Scripted::new([1]))
        .unwrap_err();
    assert!(
        matches!(err.kind, chartwright::RollErrorKind::TooDeep { .. }),
        "{err}"
    );
    assert!(chart.odds(&Choices::none()).is_err());
}
