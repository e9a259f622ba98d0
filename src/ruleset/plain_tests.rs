//! The one-shot odds of plain charts ([`crate::engine::odds::Plain`])
//! against the general path (bind, then the odds), on every chart of every
//! bundled game and on a fixture of the shapes they lack.

use crate::engine::budget::Work;
use crate::engine::choices::Choices;
use crate::ruleset::{ChartRef, Ruleset};
use rand::{Rng, SeedableRng};

/// Plain charts the bundled games do not have: flags on two sides,
/// params with and without defaults and bounds, exclusive groups,
/// rows read alike apart, totals at the end of `i64`.
const FIXTURE: &str = r#"
game "Plain" version "1"

table gap "Gap" {
  roll 2d6 + 1
  modifiers {
    range -r in -3..3 default 1 "range"
    one of "Cover" {
      soft -1 "soft cover"
      hard -2 "hard cover"
    }
    elite +1 "elite"
  }
  rows {
    11 or more => "Hit"
    7-10 => "Miss"
    4-6 => "Hit"
    3 or less => "Miss"
  }
}

table needs "Needs a value" {
  roll d10
  modifiers {
    strength +r in 0..9 "strength"
    one of "Help" {
      ally +1 "ally"
      heavy -r in 0..3 "heavy"
    }
  }
  rows {
    10 or more => "Win"
    9 or less => "Lose"
  }
}

table edge "At the edge" {
  roll d6 + 9223372036854775796
  modifiers {
    up +5 "up"
    down -9223372036854775807 "down"
  }
  rows {
    9223372036854775805 or more => "High"
    9223372036854775804 or less => "Low"
  }
}

opposed duel "Duel" {
  sides att "Attacker", def "Defender"
  roll d10
  modifiers {
    for att {
      charge +2 "charge"
      one of "Arms" {
        sword +1 "sword"
        axe +2 "axe"
      }
    }
    for def {
      shield +1 "shield"
      wall ±r in -2..4 default 2 "wall"
    }
  }
  rows {
    3 or more => "Attacker wins"
    -2 to 2   => "Draw"
    -3 or less => "Defender wins"
  }
}
"#;

/// Every set of inputs tried on `chart`: none, each alone, pairs,
/// repeats, values in and out of bounds, unknown names, and random
/// sets of them.
fn trials(chart: &ChartRef<'_>, rng: &mut impl Rng) -> Vec<String> {
    let mut words: Vec<String> = vec!["nonsense".into(), "x=1".into()];
    for input in chart.inputs() {
        let n = &input.name;
        words.push(n.clone());
        for v in [
            "0",
            "1",
            "-1",
            "2",
            "3",
            "-3",
            "4",
            "9",
            "1.5",
            "abc",
            "9223372036854775807",
        ] {
            words.push(format!("{n}={v}"));
        }
    }
    let mut out: Vec<String> = vec![String::new()];
    out.extend(words.iter().cloned());
    for a in &words {
        for b in &words {
            out.push(format!("{a} {b}"));
        }
    }
    for _ in 0..300 {
        let n = rng.random_range(1..=5);
        let picked: Vec<&str> = (0..n)
            .map(|_| words[rng.random_range(0..words.len())].as_str())
            .collect();
        out.push(picked.join(" "));
    }
    out
}

/// The plain path answers as the general one does, wherever it answers;
/// and it answers for the charts it is for.
#[test]
fn plain_odds_are_the_general_odds() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(27);
    let mut sets: Vec<(String, Ruleset)> = crate::bundled::names()
        .map(|g| (g.to_owned(), Ruleset::from_file(g).expect("bundled")))
        .collect();
    sets.push((
        "fixture".into(),
        Ruleset::from_str("plain", FIXTURE).expect("the fixture loads"),
    ));
    let (mut answered, mut plain_charts) = (0usize, Vec::new());
    for (game, rules) in &sets {
        for chart in rules.charts() {
            let Some((plain, pre)) = chart.plain() else {
                continue;
            };
            plain_charts.push(format!("{game}.{}", chart.name()));
            for text in trials(&chart, &mut rng) {
                let Ok(choices) = Choices::parse(&text) else {
                    continue;
                };
                let limits = crate::limits::Limits::default();
                let general = chart
                    .bind_once(&choices)
                    .and_then(|b| b.general_odds(&mut Work::new(&limits)));
                if let Some(odds) = plain.odds(&choices, pre, &mut Work::new(&limits)) {
                    answered += 1;
                    assert_eq!(
                        Ok(&odds),
                        general.as_ref(),
                        "{game}.{} with `{text}`",
                        chart.name()
                    );
                }
                // Bound once, with a loose modifier or none: the plain
                // reading of its offsets, as the general path.
                for extra in [0, -2, 3] {
                    let Ok(bound) = chart
                        .bind(&choices)
                        .and_then(|b| b.with_extra_modifier(extra))
                    else {
                        continue;
                    };
                    let general = bound.general_odds(&mut Work::new(&limits));
                    assert_eq!(
                        bound.odds(),
                        general,
                        "{game}.{} bound with `{text}` and {extra:+}",
                        chart.name()
                    );
                }
            }
        }
    }
    for expected in [
        "fixture.gap",
        "fixture.needs",
        "fixture.edge",
        "fixture.duel",
        "first_echelon.bog_down",
        "first_echelon.close_combat",
    ] {
        assert!(
            plain_charts.iter().any(|c| c == expected),
            "{expected} is not read plainly: {plain_charts:?}"
        );
    }
    assert!(answered > 400, "only {answered} answered plainly");
}

/// A budget too small for the answer: the plain path leaves it to the
/// general one, and spends nothing.
#[test]
fn a_spent_budget_is_left_to_the_general_path() {
    let rules = Ruleset::from_str("plain", FIXTURE).expect("the fixture loads");
    let chart = rules.chart("duel").expect("duel");
    let Some((plain, pre)) = chart.plain() else {
        panic!("duel is plain");
    };
    let limits = crate::limits::Limits::default().with_max_odds_work(10);
    let mut work = Work::new(&limits);
    let choices = Choices::parse("att.charge def.wall=-1").expect("parses");
    assert!(plain.odds(&choices, pre, &mut work).is_none());
    assert_eq!(work.odds_left(), 10);
    let mut work = Work::new(&crate::limits::Limits::default());
    assert!(plain.odds(&choices, pre, &mut work).is_some());
}
