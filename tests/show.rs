//! `show` (a chart's `render`) says what the sheet says, where the sheet
//! says it: an opposed roll's modifiers under their side, a `one of` group
//! under its members, and the column-shift rule only where something
//! shifts the column.

use chartwright::Ruleset;

const OPPOSED: &str = r#"
game "Opposed" version "1"
opposed melee "Melee" {
  sides att "Attacker", def "Defender"
  roll d10
  modifiers {
    for att {
      charge +2 "charging"
      one of "Air" {
        air_superiority +1 "air superiority"
        air_parity 0 "air parity"
      }
    }
    for def { dug_in +1 "dug in" }
  }
  rows {
    1 or more => "Attacker wins"
    0 or less => "Defender holds"
  }
}
"#;

#[test]
fn an_opposed_rolls_modifiers_are_listed_under_their_side() {
    let rules = Ruleset::from_str("opposed", OPPOSED).expect("loads");
    let shown = rules.chart("melee").expect("melee").render();
    let modifiers = shown.split("Modifiers:").nth(1).expect("a modifiers list");
    let lines: Vec<&str> = modifiers
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        lines,
        [
            "Attacker",
            "+2  charging  [att.charge]",
            "+1  air superiority  [att.air_superiority]",
            "+0  air parity  [att.air_parity]",
            "only one of (Air): att.air_superiority, att.air_parity",
            "Defender",
            "+1  dug in  [def.dug_in]",
        ],
        "{shown}"
    );
}

#[test]
fn the_column_shift_rule_is_said_only_where_something_shifts() {
    // Guns of August's CRT moves the roll, never the column.
    let goa = Ruleset::from_file("guns_of_august").expect("bundled");
    let crt = goa.chart("crt").expect("crt").render();
    assert!(!crt.contains("Column shifts"), "{crt}");
    let shifted = Ruleset::from_str(
        "shifted",
        r#"
game "Shifted" version "1"
table crt "CRT" {
  roll d6
  param attack "attack" in 1..30
  param defense "defense" in 1..30
  columns by ratio attack to defense: 1-1 2-1 3-1
  modifiers {
    woods 1L "defender in woods"
  }
  results {
    1-3: AR DR DE
    4-6: AE AR DR
  }
}
"#,
    )
    .expect("loads");
    let crt = shifted.chart("crt").expect("crt").render();
    assert!(
        crt.contains("Column shifts stop at the first and last columns"),
        "{crt}"
    );
}

#[test]
fn a_result_cell_may_start_with_a_digit() {
    let rules = Ruleset::from_str(
        "digits",
        r#"
game "Digits" version "1"
table crt "CRT" {
  roll 2d6
  param attack "attack" in 1..30
  param defense "defense" in 1..30
  columns by ratio attack to defense: 1-2 1-1 2-1
  results {
    2 or less:   R    1    1
    3-11:        R    2R   1/2
    12 or more:  T    V    3
  }
}
"#,
    )
    .expect("a digit cell is a cell, the next line's rolls are not");
    let crt = rules.chart("crt").expect("crt");
    let shown = crt.render();
    assert!(shown.contains("2R") && shown.contains("1/2"), "{shown}");
    let odds = crt
        .odds(&chartwright::Choices::parse("attack=2 defense=1").expect("args"))
        .expect("odds");
    // 2-1 column: 1 on 2 (1/36), 1/2 on 3-11 (34/36), 3 on 12 (1/36).
    assert_eq!(odds.probability("1/2").fraction(), "17/18");
    assert_eq!(odds.probability("3").fraction(), "1/36");
}

#[test]
fn a_range_written_highest_first_is_shown_so() {
    let rules = Ruleset::from_file("first_echelon").expect("bundled");
    let chart = rules.chart("close_combat").expect("close_combat");
    let shown = chart.render();
    assert!(shown.contains("\n  -1 to -3 "), "{shown}");
    assert!(!shown.contains("-3 to -1"), "{shown}");
    // The trace reads the row as the sheet prints it too.
    let roll = crate::common::roll(
        &rules,
        "close_combat",
        "att.discipline=1 def.discipline=0 att.close_combat_rating=0 \
         def.close_combat_rating=1 att.foothold",
        &[5, 8],
    );
    assert_eq!(roll.row.as_deref(), Some("-1 to -3"), "{roll}");
}

// A grid wider than the terminal: `tests/charts/wide.rules`, eleven
// firepower columns and a line that gives one outcome in every column.

/// The fixture, its expectations checked.
fn wide() -> Ruleset {
    let path = format!("{}/tests/charts/wide.rules", env!("CARGO_MANIFEST_DIR"));
    let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(chartwright::check_expectations(&rules).passed());
    rules
}

fn fire_at(width: usize) -> String {
    wide().chart("fire").expect("fire").render_width(width)
}

#[test]
fn a_wide_grid_splits_into_column_groups_that_repeat_the_roll() {
    let narrow = fire_at(50);
    // Every group is headed by the roll column, and every roll line is in
    // every group.
    assert_eq!(narrow.matches("  Roll ").count(), 2, "{narrow}");
    assert_eq!(narrow.matches("\n  4-9 ").count(), 2, "{narrow}");
    // No table line is wider than asked (the spanning line is the one
    // outcome, which the terminal wraps).
    for line in narrow.lines().filter(|l| !l.contains("No effect")) {
        assert!(line.chars().count() <= 50, "{line:?} in\n{narrow}");
    }
    insta::assert_snapshot!("show_wide_grid_at_50", narrow);
}

#[test]
fn a_line_with_one_outcome_spans_the_row() {
    // At 140 columns the grid fits in one piece: the long outcome does not
    // widen the columns (each is as wide as its widest cell, `4KIA`).
    let shown = fire_at(140);
    assert_eq!(shown.matches("  Roll ").count(), 1, "{shown}");
    assert!(
        shown.contains("  2      1MC  2MC  1KIA  1KIA  2KIA  3KIA  4KIA  5KIA  6KIA  7KIA  8KIA\n"),
        "{shown}"
    );
    assert!(
        shown.contains("  12     No effect: the attack is resolved with no result in any column\n"),
        "{shown}"
    );
    insta::assert_snapshot!("show_wide_grid_at_140", shown);
    // `render` lays it out in one piece whatever its width.
    assert_eq!(wide().chart("fire").expect("fire").render(), shown);
}
