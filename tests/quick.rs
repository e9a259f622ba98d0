//! Quick rolls (no trace, no allocation) must read the dice exactly as full
//! rolls do: same scripted faces, same outcome, for every chart kind.

use chartwright::{Ruleset, Scripted};

#[test]
fn quick_rolls_agree_with_full_rolls_on_every_bundled_chart() {
    let rules = Ruleset::bundled().unwrap_or_else(|e| panic!("bundled games must load: {e}"));
    let mut compared = 0;
    for chart in rules.charts() {
        let choices = chart.example_choices();
        let bound = chart.bind(&choices).expect("binds");
        for face in 1..=10 {
            let faces = [face, 11 - face, face, 3, 5, 2, 6, 1];
            let full = bound.roll(&mut Scripted::new(faces)).expect("full roll");
            let quick = bound
                .roll_quick(&mut Scripted::new(faces))
                .expect("quick roll");
            assert_eq!(
                bound.describe(&quick.outcome),
                full.outcome,
                "{} with faces {faces:?}",
                chart.qualified_name()
            );
            if let (Some(n), true) = (full.natural, full.dice.iter().all(|d| d.label.is_none())) {
                assert_eq!(quick.natural, n, "{}", chart.qualified_name());
            }
            compared += 1;
        }
    }
    assert!(compared > 100);
}
