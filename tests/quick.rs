//! Quick rolls (no trace, no allocation) must read the dice exactly as full
//! rolls do: same scripted faces, same outcome, for every chart kind.

use chartwright::{Ruleset, Scripted};

#[test]
fn quick_rolls_agree_with_full_rolls_on_every_bundled_chart() {
    let rules = Ruleset::bundled().unwrap_or_else(|e| panic!("bundled games must load: {e}"));
    assert!(agree(&rules) > 100);
}

/// Dice notation (keep, rerolls, explosions, `d66`, `max`) on every kind of
/// chart that rolls: the quick path rolls each die as the trace does.
#[test]
fn quick_rolls_agree_with_full_rolls_on_dice_notation() {
    let path = format!("{}/tests/charts/notation.rules", env!("CARGO_MANIFEST_DIR"));
    let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(agree(&rules) > 200);
}

/// Rolls every chart of `rules` both ways with the same scripted faces;
/// how many rolls were compared.
fn agree(rules: &Ruleset) -> usize {
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
    compared
}
