//! Column shifts of every kind a sheet prints, on a test fixture
//! (`tests/charts/firefight.rules`): a shift table by the firer's weapon
//! class (a grid), a counted shift with a cap, a conditional shift, an
//! `always` shift, beside a die-roll modifier. The fire value picks the
//! column (1, 2, 4, 8, 16+); a d6 reads it. Fractions are worked in the
//! comments from the grid: column 2 is S on 5-6; column 4, S on 3-5 and K
//! on 6; column 8, S on 1-4 and K on 5-6; column 16+, K on 3-6.

use chartwright::{Choices, Ruleset, Scripted};

fn fixture() -> Ruleset {
    let path = format!(
        "{}/tests/charts/firefight.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn k(args: &str) -> String {
    let rules = fixture();
    let odds = rules
        .chart("firefight")
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{args}: {e}"));
    odds.probability("K").fraction()
}

#[test]
fn the_shift_table_shifts_by_the_firers_weapon_class() {
    // Column 8 unshifted: K on 5-6.
    assert_eq!(k("weapon=small_arms fire=8"), "1/3");
    // In woods, small arms and field guns shift 1L to column 4: K on 6.
    assert_eq!(k("weapon=small_arms fire=8 woods"), "1/6");
    assert_eq!(k("weapon=field_gun fire=8 woods"), "1/6");
    // Heavy artillery: no shift.
    assert_eq!(k("weapon=heavy_gun fire=8 woods"), "1/3");
    // A shift given as a number overrides the table: 1L.
    assert_eq!(k("weapon=heavy_gun fire=8 woods=1"), "1/6");
    // Not named, the table does not apply.
    assert_eq!(k("weapon=field_gun fire=8"), "1/3");
    // An anti-tank gun cannot fire into woods: `-` in the shift table.
    let rules = fixture();
    let at = rules
        .chart("firefight")
        .and_then(|c| c.odds(&Choices::parse("weapon=at_gun fire=8 woods")?))
        .expect("odds");
    assert_eq!(at.outcomes.len(), 1);
    assert_eq!(at.outcomes[0].outcome.as_ref(), "Not possible");
}

#[test]
fn counted_conditional_and_always_shifts() {
    // One trench line: 1L to column 4; three are capped at 2L: column 2,
    // no K at all.
    assert_eq!(k("weapon=small_arms fire=8 trenches=1"), "1/6");
    assert_eq!(k("weapon=small_arms fire=8 trenches=3"), "0/1");
    // The barrage shifts 1R for artillery only: column 16+, K on 3-6.
    assert_eq!(k("weapon=field_gun fire=8 barrage"), "2/3");
    assert_eq!(k("weapon=small_arms fire=8 barrage"), "1/3");
    // Smoke carries its own shift (`always`), named or not.
    assert_eq!(k("weapon=small_arms fire=8 smoke"), "1/6");
    // Shifts and die-roll modifiers together: 1L and +1 on column 4 is K
    // on 5-6.
    assert_eq!(k("weapon=small_arms fire=8 woods veteran"), "1/3");
    // Shifts stop at the last column: 2R from 16+ stays there.
    assert_eq!(k("weapon=field_gun fire=16 barrage"), "2/3");
}

#[test]
fn the_trace_says_where_each_shift_came_from() {
    let rules = fixture();
    let chart = rules.chart("firefight").expect("chart");
    let roll = |args: &str| {
        chart
            .roll(
                &Choices::parse(args).expect("args"),
                &mut Scripted::new([6u32]),
            )
            .expect("roll")
            .to_string()
    };
    let woods = roll("weapon=small_arms fire=8 woods");
    assert!(
        woods.contains("target in woods (column shift 1L (small_arms))"),
        "{woods}"
    );
    assert!(
        woods.contains("value 8: column `8`, shifted 1L to `4`"),
        "{woods}"
    );
    let trenches = roll("weapon=small_arms fire=8 trenches=3");
    assert!(
        trenches.contains("column shift 2L (capped at 2L)"),
        "{trenches}"
    );
    let heavy = roll("weapon=heavy_gun fire=8 woods");
    assert!(heavy.contains("no column shift (heavy_gun)"), "{heavy}");
    // The row is the sheet's own line: column 4 reads S on the lines
    // `3-4` and `5`, which make one outcome; a 5 was read on line `5`.
    let line = chart
        .roll(
            &Choices::parse("weapon=small_arms fire=4").expect("args"),
            &mut Scripted::new([5u32]),
        )
        .expect("roll");
    assert_eq!(line.row.as_deref(), Some("5"), "{line}");
    // The same from a chart bound once, whose traces share their texts.
    let bound = chart
        .bind(&Choices::parse("weapon=small_arms fire=4").expect("args"))
        .expect("bound");
    let shared = bound.roll(&mut Scripted::new([5u32])).expect("roll");
    assert_eq!(shared.row.as_deref(), Some("5"), "{shared}");
}

#[test]
fn show_prints_each_shift_as_the_sheet_does() {
    let rules = fixture();
    let shown = rules.chart("firefight").expect("chart").render();
    for line in [
        "rL  target in woods (from Woods column shift)  [woods]",
        "1L each  each trench line (max 2L)  [trenches]",
        "1R  creeping barrage  [barrage]  if weapon in [field_gun, heavy_gun]",
        "1L  smoke screen  [smoke_screen]  if smoke  (always)",
    ] {
        assert!(shown.contains(line), "{line}\n{shown}");
    }
}

#[test]
fn the_fixtures_expectations_hold() {
    let report = chartwright::check_expectations(&fixture());
    assert!(report.checked >= 2);
    assert!(report.passed(), "{:?}", report.failures);
}

// Shifts from off the scale: `tests/charts/off_scale.rules`, one CRT twice,
// `held` (shifts stop at the edges) and `loose` (`shifts past edges`).
// Columns 1-1 2-1 3-1 on a d6; 4-1 or more reads 3-1 with +1, below 1-1
// reads 1-1 with -1.

fn off_scale() -> Ruleset {
    let path = format!(
        "{}/tests/charts/off_scale.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Each result's probability, in the order given.
#[track_caller]
fn results(chart: &str, args: &str, names: &[&str]) -> Vec<String> {
    let rules = off_scale();
    let odds = rules
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
    names
        .iter()
        .map(|n| odds.probability(n).fraction())
        .collect()
}

#[test]
fn a_shift_from_beyond_the_last_column() {
    let three = ["NE", "DR", "DE"];
    // 8 to 1, unshifted: 3-1 with +1, totals 2..7: DR on 1-3, DE on 4-6.
    assert_eq!(
        results("held", "attack=8 defense=1", &three),
        ["0/1", "1/2", "1/2"]
    );
    // Held at the edges, the beyond rule stands and the 1L is not applied.
    assert_eq!(
        results("held", "attack=8 defense=1 cover=1", &three),
        ["0/1", "1/2", "1/2"]
    );
    // Past the edges, the rule stands one column past 3-1: 1L reads 3-1
    // itself (no +1), DR on 1-4, DE on 5-6; 2L reads 2-1, NE on 1-2, DR
    // on 3-4, DE on 5-6.
    assert_eq!(
        results("loose", "attack=8 defense=1 cover=1", &three),
        ["0/1", "2/3", "1/3"]
    );
    assert_eq!(
        results("loose", "attack=8 defense=1 cover=2", &three),
        ["1/3", "1/3", "1/3"]
    );
    // 1R from beyond has nowhere further to go: the rule again.
    assert_eq!(
        results("loose", "attack=8 defense=1 flank", &three),
        ["0/1", "1/2", "1/2"]
    );
}

#[test]
fn a_shift_from_below_the_first_column() {
    let four = ["AE", "AR", "NE", "DR"];
    // 1 to 2: 1-1 with -1, totals 0..5: AE on 1, AR on 2-3, NE on 4-5, DR
    // on 6; held, the 1R is not applied.
    assert_eq!(
        results("held", "attack=1 defense=2 flank", &four),
        ["1/6", "1/3", "1/3", "1/6"]
    );
    // Past the edges, 1R reads 1-1 itself: AR on 1-2, NE on 3-4, DR on 5-6.
    assert_eq!(
        results("loose", "attack=1 defense=2 flank", &four),
        ["0/1", "1/3", "1/3", "1/3"]
    );
}

#[test]
fn the_trace_says_how_a_shift_moved_off_the_scale() {
    let rules = off_scale();
    let roll = |chart: &str, args: &str| {
        rules
            .chart(chart)
            .expect("chart")
            .roll(
                &Choices::parse(args).expect("args"),
                &mut Scripted::new([4u32]),
            )
            .expect("roll")
            .to_string()
    };
    let held = roll("held", "attack=8 defense=1 cover=1");
    assert!(
        held.contains(
            "beyond the last column, shift 1L not applied off the scale, read on `3-1` with +1"
        ),
        "{held}"
    );
    let loose = roll("loose", "attack=8 defense=1 cover=1");
    assert!(
        loose.contains("beyond the last column, shifted 1L to `3-1`"),
        "{loose}"
    );
    let shown = rules.chart("loose").expect("chart").render();
    assert!(
        shown.contains("a value past such an edge is shifted from one column beyond it"),
        "{shown}"
    );
    assert!(chartwright::check_expectations(&rules).passed());
}
