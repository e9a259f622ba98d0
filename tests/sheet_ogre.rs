//! `rules/ogre.rules` against the sheet (Ogre's Combat Results
//! Table). One d6; the column is the odds
//! ratio rounded in the defender's favour; below 1-2 always NE, 5-1 or
//! better an automatic X.
use crate::common;

use chartwright::{CompileErrorKind, RollErrorKind, Ruleset};
use common::{assert_rows, load, odds, roll, roll_error};

fn ogre() -> Ruleset {
    load("ogre")
}

/// The sheet, column by column (die rolls 1..6), with an attack and defense
/// that land exactly on each column.
const SHEET: [(&str, &str, [&str; 6]); 5] = [
    (
        "1-2",
        "attack=1 defense=2",
        ["NE", "NE", "NE", "NE", "D", "X"],
    ),
    (
        "1-1",
        "attack=3 defense=3",
        ["NE", "NE", "D", "D", "X", "X"],
    ),
    ("2-1", "attack=4 defense=2", ["NE", "D", "D", "X", "X", "X"]),
    ("3-1", "attack=6 defense=2", ["D", "D", "X", "X", "X", "X"]),
    ("4-1", "attack=8 defense=2", ["D", "X", "X", "X", "X", "X"]),
];

#[test]
fn every_cell_matches_the_sheet() {
    let r = ogre();
    for (column, args, cells) in SHEET {
        let expected: Vec<(u32, &str)> = (1..=6).zip(cells).collect();
        assert_rows(&r, "crt", args, &expected);
        let trace = roll(&r, "crt", args, &[1]);
        let detail = trace.detail.unwrap_or_default();
        assert!(detail.contains(&format!("column `{column}`")), "{detail}");
    }
}

#[test]
fn odds_round_in_the_defenders_favour() {
    let r = ogre();
    // 7 to 3 = 2.33: the 2-1 column (the sheet's own example). Its cells,
    // rolls 1..6: NE D D X X X, so NE 1/6, D 2/6 = 1/3, X 3/6 = 1/2.
    assert_eq!(odds(&r, "crt", "attack=7 defense=3", "NE"), (1, 6));
    assert_eq!(odds(&r, "crt", "attack=7 defense=3", "D"), (1, 3));
    assert_eq!(odds(&r, "crt", "attack=7 defense=3", "X"), (1, 2));
    // 5 to 6 = 0.83: the 1-2 column (the sheet's other example):
    // NE on 1-4 (4/6 = 2/3), D on 5 (1/6), X on 6 (1/6).
    assert_eq!(odds(&r, "crt", "attack=5 defense=6", "NE"), (2, 3));
    assert_eq!(odds(&r, "crt", "attack=5 defense=6", "D"), (1, 6));
    assert_eq!(odds(&r, "crt", "attack=5 defense=6", "X"), (1, 6));
    // 11 to 3 = 3.67: 3-1. D on 1-2 (1/3), X on 3-6 (2/3).
    assert_eq!(odds(&r, "crt", "attack=11 defense=3", "D"), (1, 3));
    assert_eq!(odds(&r, "crt", "attack=11 defense=3", "X"), (2, 3));
    // 9 to 2 = 4.5: 4-1 (below 5-1). D on 1 (1/6), X on 2-6 (5/6).
    assert_eq!(odds(&r, "crt", "attack=9 defense=2", "D"), (1, 6));
    assert_eq!(odds(&r, "crt", "attack=9 defense=2", "X"), (5, 6));
}

#[test]
fn off_the_table() {
    let r = ogre();
    // 1 to 3 is less than 1 to 2: always NE, whatever the die.
    assert_eq!(odds(&r, "crt", "attack=1 defense=3", "NE"), (1, 1));
    // 5 to 1 or better: an automatic X.
    assert_eq!(odds(&r, "crt", "attack=5 defense=1", "X"), (1, 1));
    assert_eq!(odds(&r, "crt", "attack=30 defense=2", "X"), (1, 1));
    let t = roll(&r, "crt", "attack=0 defense=4", &[6]);
    assert_eq!(t.outcome.to_string(), "NE");
    assert!(t
        .detail
        .unwrap_or_default()
        .contains("below the first column `1-2`"));
}

#[test]
fn strengths_are_exact() {
    let r = ogre();
    // 2.5 to 1 is exactly 5-2: the 2-1 column, never rounded up by a float.
    assert_eq!(odds(&r, "crt", "attack=2.5 defense=1", "NE"), (1, 6));
    // 0.5 to 1 is exactly 1-2 (not below it).
    assert_eq!(odds(&r, "crt", "attack=0.5 defense=1", "X"), (1, 6));
}

#[test]
fn a_zero_defense_is_refused() {
    let r = ogre();
    assert!(matches!(
        roll_error(&r, "crt", "attack=3 defense=0").kind,
        RollErrorKind::OutOfBounds { .. }
    ));
    // Unbounded, the ratio could divide by zero: a compile error.
    let text = include_str!("../rules/ogre.rules").replace("in 1..1000", "");
    let errors = Ruleset::from_str("ogre", &text).expect_err("refused");
    assert!(errors.errors.iter().any(|e| matches!(
        e,
        chartwright::LoadError::Compile(c) if matches!(c.kind, CompileErrorKind::RatioZero { .. })
    )));
}
