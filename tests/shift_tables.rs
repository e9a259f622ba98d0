//! Shift tables by two keys (`tests/charts/shift_table.rules`): one grid by
//! target and weapon, read by five column shifts, each fixing its own row
//! with `from cover_shift at ROW`. Its `expect` lines (fractions worked in
//! the fixture) hold and a wrong one fails; the trace and `show` name the
//! row; the situation classes split the weapon, so a house rule changing a
//! cell of one row is a change of that row's modifier only.

use chartwright::compare::across;
use chartwright::{check_expectations, Choices, OddsDiff, Ruleset};

const FIXTURE: &str = "tests/charts/shift_table.rules";

fn fixture_text() -> String {
    let path = format!("{}/{FIXTURE}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn load(text: &str) -> Ruleset {
    Ruleset::from_str("shift_table", text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_fixture_expectations_hold_and_a_wrong_row_fails() {
    let report = check_expectations(&load(&fixture_text()));
    assert_eq!(report.checked, 12);
    assert!(report.passed(), "{:?}", report.failures);
    // Read from the cover row (1L against field artillery: 4-1 → 3-1, E on
    // 6 alone), not the fort row's 2L (2-1, no E at all).
    let mut text = fixture_text();
    text.push_str("expect crt attack=12 defense=3 weapon=field_artillery cover => \"E\" 1/6\n");
    text.push_str("expect crt attack=12 defense=3 weapon=field_artillery fort => \"E\" 1/6\n");
    let report = check_expectations(&load(&text));
    assert_eq!(report.checked, 14);
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
}

#[test]
fn the_trace_names_the_row_and_the_weapon() {
    let rules = load(&fixture_text());
    let crt = rules.chart("crt").expect("crt");
    let choices =
        Choices::parse("attack=12 defense=3 weapon=heavy_artillery tank").expect("choices");
    let text = crt.odds(&choices).expect("odds");
    // Tank against heavy artillery: 2L, 4-1 → 2-1: NE 1/3, D 1/3, R 1/3.
    let thirds: Vec<(String, String)> = text
        .outcomes
        .iter()
        .map(|o| (o.outcome.to_string(), o.probability.to_string()))
        .collect();
    assert_eq!(
        thirds,
        [("NE", "1/3"), ("D", "1/3"), ("R", "1/3")].map(|(a, b)| (a.to_string(), b.to_string()))
    );
    let roll = crate::common::roll(
        &rules,
        "crt",
        "attack=12 defense=3 weapon=heavy_artillery tank",
        &[4],
    );
    let trace = roll.to_string();
    assert!(
        trace.contains("column shift 2L (tank, heavy_artillery)"),
        "{trace}"
    );
}

#[test]
fn a_shift_named_without_the_weapon_says_the_weapon_is_missing() {
    let rules = load(&fixture_text());
    let crt = rules.chart("crt").expect("crt");
    let choices = Choices::parse("attack=12 defense=3 fort").expect("choices");
    let err = crt.odds(&choices).expect_err("the weapon is missing");
    let text = err.to_string();
    assert!(text.contains("weapon"), "{text}");
    assert!(!text.contains("target"), "{text}");
}

#[test]
fn show_prints_the_grid_once_and_each_modifier_its_row() {
    let rules = load(&fixture_text());
    let crt = rules.chart("crt").expect("crt").render();
    assert!(
        crt.contains("target in a fort (from Shift Table at Fort)"),
        "{crt}"
    );
    assert!(
        crt.contains("target a tank (from Shift Table at Tank)"),
        "{crt}"
    );
    let grid = rules.chart("cover_shift").expect("grid").render();
    let header = grid.lines().filter(|l| l.contains("Small arms")).count();
    assert_eq!(header, 1, "{grid}");
    assert!(grid.contains("Armoured car"), "{grid}");
}

/// The fixture and a house rule changing `change`, as a base and variant.
fn pair(change: &str) -> (Ruleset, Ruleset) {
    let dir = std::env::temp_dir().join(format!("cw_shift_tables_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = dir.join("shift_table.rules");
    std::fs::write(&base, fixture_text()).expect("write base");
    let text = format!(
        "variant \"v\" of {:?} version \"1\"\n{change}\n",
        base.display().to_string()
    );
    let v_path = dir.join(format!("v_{}.rules", change.len()));
    std::fs::write(&v_path, &text).expect("write variant");
    let b = Ruleset::from_file(base.to_str().expect("path")).expect("the base loads");
    let v = Ruleset::from_file(v_path.to_str().expect("path")).expect("the variant loads");
    (b, v)
}

#[test]
fn a_changed_cell_is_a_change_of_its_rows_modifier_alone() {
    // Forts against field artillery shift 1L, not 2L.
    let (b, v) = pair("change cover_shift at fort, field_artillery: 1");
    let (b, v) = (b.chart("crt").expect("crt"), v.chart("crt").expect("crt"));
    let a = across(&b, &v, &Choices::none(), 16_384).expect("compared");
    assert!(a.exhaustive(), "{:?}", a.not_split);
    let changed: Vec<&str> = a.changed().map(|c| c.class.as_str()).collect();
    assert!(!changed.is_empty(), "the changed fort cell is found");
    for class in &changed {
        assert!(class.contains("weapon=field_artillery"), "{class}");
        assert!(class.contains("fort"), "{class}");
    }
    // The classes' situations, diffed directly: the fort against field
    // artillery changes; the tank against it, from another row, does not.
    let diff = |args: &str| {
        OddsDiff::compare(&b, &v, &Choices::parse(args).expect("choices")).expect("diffed")
    };
    assert!(!diff("attack=12 defense=3 weapon=field_artillery fort").is_unchanged());
    assert!(diff("attack=12 defense=3 weapon=field_artillery tank").is_unchanged());
    assert!(diff("attack=12 defense=3 weapon=small_arms fort").is_unchanged());
    // A cell of the tank row: no class of the fort changes.
    let (b, v) = pair("change cover_shift at tank, small_arms: 3");
    let (b, v) = (b.chart("crt").expect("crt"), v.chart("crt").expect("crt"));
    let a = across(&b, &v, &Choices::none(), 16_384).expect("compared");
    assert!(a.exhaustive(), "{:?}", a.not_split);
    let changed: Vec<&str> = a.changed().map(|c| c.class.as_str()).collect();
    assert!(!changed.is_empty(), "the changed tank cell is found");
    for class in &changed {
        assert!(class.contains("weapon=small_arms"), "{class}");
        assert!(class.contains("tank"), "{class}");
    }
}
