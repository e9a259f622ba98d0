//! `then again`: a chart rolled once more with the same choices, bounded by
//! `Limits::max_repeats`; at the bound the last outcome stands. Fixture:
//! `tests/charts/visibility.rules`, `fight` (d6: 1-2 "Attacker repulsed",
//! 3-4 "Melee continues" then again, 5-6 "Position taken"; each 1/3).

use chartwright::{Choices, Limits, Ruleset, RulesetBuilder, Scripted};

fn fight(max_repeats: usize) -> Ruleset {
    let mut b = RulesetBuilder::new().limits(Limits::default().with_max_repeats(max_repeats));
    b.add_path(format!(
        "{}/tests/charts/visibility.rules",
        env!("CARGO_MANIFEST_DIR")
    ));
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

fn odds(r: &Ruleset) -> Vec<(String, String)> {
    r.chart("fight")
        .unwrap()
        .odds(&Choices::none())
        .unwrap()
        .outcomes
        .into_iter()
        .map(|o| (o.outcome.to_string(), o.probability.to_string()))
        .collect()
}

#[test]
fn a_bounded_repeat_has_exact_odds_and_the_last_outcome_stands() {
    // Two repeats: the chart is rolled at most three times.
    //   repulsed or taken at once:        1/3 each
    //   after one "continues":            1/3 * 1/3 = 1/9 each
    //   after two:                        1/27 each
    //   three "continues": the bound, the last outcome stands: 1/27
    // 2/3 + 2/9 + 2/27 + 1/27 = (18 + 6 + 2 + 1) / 27 = 1.
    let got = odds(&fight(2));
    let want = [
        ("Attacker repulsed", "1/3"),
        ("Melee continues -> Attacker repulsed", "1/9"),
        (
            "Melee continues -> Melee continues -> Attacker repulsed",
            "1/27",
        ),
        (
            "Melee continues -> Melee continues -> Melee continues",
            "1/27",
        ),
        (
            "Melee continues -> Melee continues -> Position taken",
            "1/27",
        ),
        ("Melee continues -> Position taken", "1/9"),
        ("Position taken", "1/3"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(o, p)| ((*o).to_string(), (*p).to_string()))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn no_repeats_allowed_means_the_first_outcome_stands() {
    let got = odds(&fight(0));
    assert!(
        got.contains(&("Melee continues".to_string(), "1/3".to_string())),
        "{got:?}"
    );
}

#[test]
fn the_sampler_repeats_and_says_where_it_stopped() {
    let r = fight(1);
    let chart = r.chart("fight").unwrap();
    // 3 continues, 4 continues again: the bound of one repeat, it stands.
    let roll = chart
        .roll(&Choices::none(), &mut Scripted::new([3, 4]))
        .unwrap();
    assert_eq!(roll.outcome.to_string(), "Melee continues");
    assert_eq!(roll.follow_ups.len(), 1);
    let again = &roll.follow_ups[0];
    assert_eq!(again.chart, "visibility.fight");
    assert_eq!(again.outcome.to_string(), "Melee continues");
    assert!(again.follow_ups.is_empty());
    let detail = again.detail.clone().unwrap_or_default();
    assert!(
        detail.contains("not rolled again: at most 1 repeats, the last outcome stands"),
        "{detail}"
    );
    // 3 then 6: the repeat takes the position.
    let roll = chart
        .roll(&Choices::none(), &mut Scripted::new([3, 6]))
        .unwrap();
    assert_eq!(roll.follow_ups[0].outcome.to_string(), "Position taken");
}

#[test]
fn sampling_agrees_with_the_bounded_odds() {
    use rand::SeedableRng;
    let r = fight(2);
    let chart = r.chart("fight").unwrap();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
    let n = 27_000;
    // The path at the bound: three "continues" in a row, 1/27 exactly.
    let stood = (0..n)
        .filter(|_| {
            let roll = chart.roll(&Choices::none(), &mut rng).unwrap();
            let mut depth = 0;
            let mut at = &roll;
            while let Some(next) = at.follow_ups.first() {
                depth += 1;
                at = next;
            }
            depth == 2 && at.outcome.to_string() == "Melee continues"
        })
        .count();
    // Expected 1000; a binomial sd of about 31: 6 sd either side.
    assert!((814..=1186).contains(&stood), "{stood}");
}
