//! `then again`: a chart rolled once more with the same choices, bounded by
//! `Limits::max_repeats`; at the bound the last outcome stands. Fixture:
//! `tests/charts/visibility.rules`, `fight` (d6: 1-2 "Attacker repulsed",
//! 3-4 "Melee continues" then again, 5-6 "Position taken"; each 1/3).
//! `then again with ...` changes the choices of the repeat:
//! `tests/charts/again_with.rules`, `assault` and `melee`.

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
    odds_of(r, "fight", "")
}

fn odds_of(r: &Ruleset, chart: &str, args: &str) -> Vec<(String, String)> {
    r.chart(chart)
        .unwrap()
        .odds(&Choices::parse(args).unwrap())
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

fn again_with(max_repeats: usize) -> Ruleset {
    let mut b = RulesetBuilder::new().limits(Limits::default().with_max_repeats(max_repeats));
    b.add_path(format!(
        "{}/tests/charts/again_with.rules",
        env!("CARGO_MANIFEST_DIR")
    ));
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

#[track_caller]
fn assert_odds(got: &[(String, String)], want: &[(&str, &str)]) {
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(o, p)| ((*o).to_string(), (*p).to_string()))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn a_repeat_with_a_flag_rolls_with_it() {
    // assault, one repeat allowed. First roll d6: 5-6 taken, 3-4
    // disrupted, 1-2 repulsed (1/3 each). The repeat at -1: 6 taken
    // (1/6), 4-5 disrupted (1/3, it stands), 1-3 repulsed (1/2).
    //   disrupted -> taken      1/3 * 1/6 = 1/18
    //   disrupted -> disrupted  1/3 * 1/3 = 1/9
    //   disrupted -> repulsed   1/3 * 1/2 = 1/6
    // 1/3 + 1/3 + 1/18 + 1/9 + 1/6 = (6 + 6 + 1 + 2 + 3) / 18 = 1.
    let r = again_with(1);
    assert_odds(
        &odds_of(&r, "assault", ""),
        &[
            ("Position taken", "1/3"),
            ("Both sides disrupted -> Position taken", "1/18"),
            ("Both sides disrupted -> Both sides disrupted", "1/9"),
            ("Both sides disrupted -> Attacker repulsed", "1/6"),
            ("Attacker repulsed", "1/3"),
        ],
    );
    // Without `with`, the repeat would be the first roll again (1/9 for
    // taken after disrupted); the penalty shows in the repeat's trace.
    let chart = r.chart("assault").unwrap();
    let roll = chart
        .roll(&Choices::none(), &mut Scripted::new([4, 6]))
        .unwrap();
    let again = &roll.follow_ups[0];
    assert_eq!(again.total, Some(5), "6 at -1");
    assert_eq!(again.outcome.to_string(), "Position taken");
    assert_eq!(again.detail.as_deref(), Some("rolled again with disrupted"));
}

#[test]
fn a_repeat_with_a_param_replaces_its_value() {
    // melee fire=2, one repeat. First: score d6+2, routed on 4-6 (1/2),
    // continues on 2-3 (1/3), falls back on 1 (1/6). The repeat, shaken
    // with fire 1: d6-1, never routed, continues on 5-6 (1/3, it stands),
    // falls back on 1-4 (2/3).
    //   continues -> falls back  1/3 * 2/3 = 2/9
    //   continues -> continues   1/3 * 1/3 = 1/9
    // 1/2 + 1/6 + 2/9 + 1/9 = (9 + 3 + 4 + 2) / 18 = 1.
    let r = again_with(1);
    assert_odds(
        &odds_of(&r, "melee", "fire=2"),
        &[
            ("Defender routed", "1/2"),
            ("Melee continues -> Melee continues", "1/9"),
            ("Melee continues -> Attacker falls back", "2/9"),
            ("Attacker falls back", "1/6"),
        ],
    );
    // No repeats allowed: the first outcome stands, `with` or not.
    assert_odds(
        &odds_of(&again_with(0), "melee", "fire=2"),
        &[
            ("Defender routed", "1/2"),
            ("Melee continues", "1/3"),
            ("Attacker falls back", "1/6"),
        ],
    );
}

#[test]
fn a_repeat_with_an_unknown_input_is_refused() {
    let text = r#"game "G" version "1"
table t "T" {
  roll d6
  rows {
    4 or more => "On" then again with tired
    3 or less => "Off"
  }
}
"#;
    let e = Ruleset::from_str("g", text).expect_err("`tired` is no input of `t`");
    let codes: Vec<String> = e
        .errors
        .iter()
        .filter_map(|e| miette::Diagnostic::code(e).map(|c| c.to_string()))
        .collect();
    assert_eq!(codes, ["chartwright::compile::unknown_name"], "{e}");
}

#[test]
fn a_repeat_with_a_member_of_a_group_replaces_the_one_given() {
    // d6; `bold` +1 or `careful` -1, one of. Given bold: win on 4-6 (1/2),
    // again on 2-3 (1/3), lose on 1 (1/6). The repeat is careful and no
    // longer bold, at -1: win on 6 (1/6), again on 4-5 (1/3, it stands
    // with one repeat), lose on 1-3 (1/2).
    //   again -> win    1/3 * 1/6 = 1/18
    //   again -> again  1/3 * 1/3 = 1/9
    //   again -> lose   1/3 * 1/2 = 1/6
    // 1/2 + 1/6 + 1/18 + 1/9 + 1/6 = (9 + 3 + 1 + 2 + 3) / 18 = 1.
    let text = r#"game "Stance" version "1"
table t "T" {
  roll d6
  modifiers {
    one of "Stance" {
      bold +1 "bold"
      careful -1 "careful"
    }
  }
  rows {
    5 or more => "Win"
    3-4 => "Again" then again with careful
    2 or less => "Lose"
  }
}
"#;
    let mut b = RulesetBuilder::new().limits(Limits::default().with_max_repeats(1));
    b.add_str("stance", text);
    let r = b.build().unwrap_or_else(|e| panic!("{e}"));
    assert_odds(
        &odds_of(&r, "t", "bold"),
        &[
            ("Win", "1/2"),
            ("Again -> Win", "1/18"),
            ("Again -> Again", "1/9"),
            ("Again -> Lose", "1/6"),
            ("Lose", "1/6"),
        ],
    );
}
