//! Columns chosen by a computed value, on a test fixture
//! (`tests/charts/firepower.rules`): fractional firepower columns, column
//! shifts mixed with die-roll modifiers, a value halved by a flag, shifts
//! stopping at the edges, a results grid typed as printed, a differential
//! scale and a choice default. Fractions are worked in the comments; 2d6
//! totals 2..12 come 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways in 36.

use chartwright::{Choices, Ruleset, Scripted};
use num_traits::ToPrimitive;

fn fixture() -> Ruleset {
    let path = format!(
        "{}/tests/charts/firepower.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn odds(r: &Ruleset, chart: &str, args: &str, outcome: &str) -> (u64, u64) {
    let o = r
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
    let p = o.probability(outcome);
    (
        p.numer().to_u64().unwrap_or(0),
        p.denom().to_u64().unwrap_or(0),
    )
}

#[track_caller]
fn detail(r: &Ruleset, chart: &str, args: &str, faces: &[u32]) -> (String, String) {
    let roll = r
        .chart(chart)
        .and_then(|c| {
            c.roll(
                &Choices::parse(args)?,
                &mut Scripted::new(faces.iter().copied()),
            )
        })
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
    (roll.outcome.to_string(), roll.detail.unwrap_or_default())
}

#[test]
fn a_fractional_value_picks_the_highest_column_not_above_it() {
    let r = fixture();
    // 2.5 reads the `2` column: NE on 2-6 (15/36 = 5/12), PIN on 7 (1/6),
    // K on 8-10 (12/36 = 1/3), KK on 11-12 (3/36 = 1/12).
    assert_eq!(odds(&r, "fire", "firepower=2.5", "NE"), (5, 12));
    assert_eq!(odds(&r, "fire", "firepower=2.5", "PIN"), (1, 6));
    assert_eq!(odds(&r, "fire", "firepower=2.5", "K"), (1, 3));
    assert_eq!(odds(&r, "fire", "firepower=2.5", "KK"), (1, 12));
    // 0.3 reads `0.25`: PIN on 10-12 (6/36 = 1/6).
    assert_eq!(odds(&r, "fire", "firepower=0.3", "PIN"), (1, 6));
    // 0.2 is below the first column: "No effect", no roll.
    assert_eq!(odds(&r, "fire", "firepower=0.2", "No effect"), (1, 1));
}

#[test]
fn shifts_move_the_column_and_modifiers_move_the_roll() {
    let r = fixture();
    // 2.5 in woods: `2` shifted 2L to `0.5`; a leader +1 on top. Totals
    // 3..13: NE on 7 or less (natural 6 or less: 15/36 = 5/12), PIN on
    // 8-10 (natural 7-9: 15/36 = 5/12), K on 11+ (natural 10-12: 1/6).
    let args = "firepower=2.5 woods leader";
    assert_eq!(odds(&r, "fire", args, "NE"), (5, 12));
    assert_eq!(odds(&r, "fire", args, "PIN"), (5, 12));
    assert_eq!(odds(&r, "fire", args, "K"), (1, 6));
    let (_, d) = detail(&r, "fire", args, &[3, 4]);
    assert!(d.contains("column `2`, shifted 2L to `0.5`"), "{d}");
}

#[test]
fn a_flag_halves_the_value() {
    let r = fixture();
    // 5 disrupted is 2.5: the `2` column, as above.
    assert_eq!(odds(&r, "fire", "firepower=5 disrupted", "KK"), (1, 12));
    let (_, d) = detail(&r, "fire", "firepower=5 disrupted", &[1, 1]);
    assert!(d.contains("value 2.5"), "{d}");
}

#[test]
fn shifts_stop_at_the_edges_and_the_trace_says_how_far_they_went() {
    let r = fixture();
    // 9 is on the last column `8+`; massed 1R cannot move further.
    let (_, d) = detail(&r, "fire", "firepower=9 massed", &[3, 3]);
    assert!(d.contains("shifted 0 of 1R, stopped at the edge"), "{d}");
    // 0.3 in woods: `0.25` cannot go 2L: it stays, and says so.
    let (_, d) = detail(&r, "fire", "firepower=0.3 woods", &[3, 3]);
    assert!(d.contains("shifted 0 of 2L, stopped at the edge"), "{d}");
    // 1 with cover and massed: 1L and 1R cancel out.
    assert_eq!(
        odds(&r, "fire", "firepower=1 cover massed", "K"),
        odds(&r, "fire", "firepower=1", "K")
    );
}

#[test]
fn a_differential_scale_with_rounding_and_a_choice_default() {
    let r = fixture();
    // round(7 / 2) = round(3.5) = 4 (halves go up); 4 - 3 = +1. On +1:
    // No effect on 1-2 (1/3), Defender retreats on 3-6 (2/3).
    assert_eq!(
        odds(&r, "assault", "attack=7 defense=3", "No effect"),
        (1, 3)
    );
    // terrain defaults to clear, where rough_ground does not apply.
    assert_eq!(
        odds(
            &r,
            "assault",
            "attack=7 defense=3 rough_ground",
            "No effect"
        ),
        (1, 3)
    );
    // In rough terrain it gives -1: rolls 0..5, No effect on 0-2
    // (naturals 1-3: 1/2).
    assert_eq!(
        odds(
            &r,
            "assault",
            "attack=7 defense=3 terrain=rough rough_ground",
            "No effect"
        ),
        (1, 2)
    );
    // 2 - 5 = -3: below `-2`.
    assert_eq!(
        odds(&r, "assault", "attack=4 defense=5", "Attack fails"),
        (1, 1)
    );
    // +3 and up read on `+2`, the last, open column.
    assert_eq!(
        odds(&r, "assault", "attack=20 defense=0", "Defender retreats"),
        (5, 6)
    );
}

/// A `-` cell reached through `±r from GRID`: the roll is "Not possible",
/// never a modifier that silently vanishes.
#[test]
fn a_dash_cell_from_a_grid_is_not_possible() {
    let text = r#"game "G" version "1"
choice rating "Rating" { good "Good", poor "Poor" }
grid rating_mod "Rating modifier" by rating {
  good: +1
  poor: -
}
table t "T" {
  roll d6
  modifiers { rating_value ±r from rating_mod "rating" }
  rows {
    3 or less => "Miss"
    4 or more => "Hit"
  }
}
"#;
    let r = Ruleset::from_str("g", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(odds(&r, "t", "rating=good", "Hit"), (2, 3));
    assert_eq!(odds(&r, "t", "rating=poor", "Not possible"), (1, 1));
    let (outcome, d) = detail(&r, "t", "rating=poor", &[6]);
    assert_eq!(outcome, "Not possible");
    assert!(d.contains("is `-` (not possible)"), "{d}");
}

/// `shifts past edges` leaves the table only past an edge with a rule:
/// with `beyond` alone, a shift left of the first column stops there, and
/// `show` says so.
#[test]
fn shifts_past_an_edge_without_a_rule_stop_there() {
    let rules = Ruleset::from_str(
        "edges",
        r#"game "Edges" version "1"
table t "T" {
  roll d6
  param attack "Attack" in 0..100
  columns by attack: 1 2 3
  beyond 4 => "Overrun"
  shifts past edges
  modifiers { woods 2L "woods"  open 2R "open" }
  results {
    1-3: A B C
    4-6: D E F
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // From column 1, 2L: no `below` rule, so it stops at column 1.
    let (outcome, detail) = detail(&rules, "t", "attack=1 woods", &[1]);
    assert_eq!(outcome, "A");
    assert!(detail.contains("stopped at the edge"), "{detail}");
    // From column 3, 2R leaves by `beyond`.
    assert_eq!(odds(&rules, "t", "attack=3 open", "Overrun"), (1, 1));
    let shown = rules.chart("t").unwrap().render();
    assert!(
        shown.contains("stop at the first column; they may leave the table past the last"),
        "{shown}"
    );
}
