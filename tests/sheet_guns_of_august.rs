//! `rules/guns_of_august.rules` against the sheet
//! (The Guns of August's Combat Results Table). One
//! d6 with modifiers read on rows 0..6; the column is the odds ratio rounded
//! in the defender's favour; the net modifier is capped at ±3; a modified
//! roll below 0 reads as 0 and above 6 as 6; below 1-1 read on 1-1 with the
//! roll -1; above 6-1 read on 6-1 with the roll +1.
use crate::common;

use chartwright::Ruleset;
use common::{load, odds, outcome, roll};

fn goa() -> Ruleset {
    load("guns_of_august")
}

/// The sheet: rows 0..6, columns 1-1 .. 6-1.
const SHEET: [[&str; 6]; 7] = [
    ["AE", "AA", "AA", "AD", "BD", "BD"],
    ["AA", "AA", "AD", "BD", "BD", "DD"],
    ["AD", "AD", "BD", "BD", "DD", "DX"],
    ["BD", "BD", "BD", "DD", "DX", "DE"],
    ["BD", "BD", "DD", "DX", "DE", "DE"],
    ["DD", "DD", "DX", "DE", "DE", "DE"],
    ["DX", "DX", "DE", "DE", "DE", "DE"],
];

#[test]
fn every_cell_matches_the_sheet() {
    let r = goa();
    for (col, odds_n) in (1..=6).enumerate() {
        let base = format!("attack={odds_n} defense=1");
        for (row, cells) in SHEET.iter().enumerate() {
            // Row 0 needs a modifier: natural 1 with the Entrenchment -1.
            let (args, face) = if row == 0 {
                (format!("{base} entrenchment"), 1)
            } else {
                (base.clone(), row as u32)
            };
            assert_eq!(
                outcome(&r, "crt", &args, &[face]),
                cells[col],
                "row {row}, column {odds_n}-1"
            );
        }
    }
}

#[test]
fn odds_of_the_issue_example() {
    let r = goa();
    // 4.5 to 1.5 = 3 exactly: the 3-1 column. Rolls 1..6 read AD, BD, BD,
    // DD, DX, DE: AD 1/6, BD 2/6 = 1/3, DD, DX, DE 1/6 each.
    let args = "attack=4.5 defense=1.5";
    assert_eq!(odds(&r, "crt", args, "AD"), (1, 6));
    assert_eq!(odds(&r, "crt", args, "BD"), (1, 3));
    assert_eq!(odds(&r, "crt", args, "DD"), (1, 6));
    assert_eq!(odds(&r, "crt", args, "DX"), (1, 6));
    assert_eq!(odds(&r, "crt", args, "DE"), (1, 6));
    let t = roll(&r, "crt", args, &[3]);
    assert!(t.detail.unwrap_or_default().contains("column `3-1`"));
}

#[test]
fn modifiers_are_capped_at_three() {
    let r = goa();
    // 2-1 with Fort -2, Entrenchment -1, rough -1: -4, capped at -3.
    // Rolls 1..6 become -2..3; -2, -1 and 0 read as 0 (AA), 1 AA, 2 AD,
    // 3 BD. AA 4/6 = 2/3, AD 1/6, BD 1/6.
    let args = "attack=2 defense=1 fort entrenchment rough";
    assert_eq!(odds(&r, "crt", args, "AA"), (2, 3));
    assert_eq!(odds(&r, "crt", args, "AD"), (1, 6));
    assert_eq!(odds(&r, "crt", args, "BD"), (1, 6));
    let t = roll(&r, "crt", args, &[1]);
    let detail = t.detail.unwrap_or_default();
    assert!(detail.contains("net modifier -4 capped at -3"), "{detail}");
    assert!(detail.contains("-2 treated as 0"), "{detail}");
    // Five tanks: +5, capped at +3, on 6-1: rolls 4..9 read as 4, 5, 6, 6,
    // 6, 6: DE every time.
    assert_eq!(
        odds(
            &r,
            "crt",
            "attack=6 defense=1 tanks_stosstruppen_air=5",
            "DE"
        ),
        (1, 1)
    );
}

#[test]
fn below_one_to_one_reads_one_to_one_with_the_roll_reduced() {
    let r = goa();
    // 1 to 2: read on 1-1 with -1. Rolls 1..6 become 0..5: AE, AA, AD,
    // BD, BD, DD. BD 2/6 = 1/3.
    let args = "attack=1 defense=2";
    assert_eq!(odds(&r, "crt", args, "AE"), (1, 6));
    assert_eq!(odds(&r, "crt", args, "BD"), (1, 3));
    assert_eq!(odds(&r, "crt", args, "DX"), (0, 1));
    // A demoralized defender (+1) cancels it: rolls read 1..6 on 1-1.
    assert_eq!(
        odds(&r, "crt", "attack=1 defense=2 demoralized", "DX"),
        (1, 6)
    );
}

#[test]
fn above_six_to_one_reads_six_to_one_with_the_roll_increased() {
    let r = goa();
    // 7 to 1: read on 6-1 with +1. Rolls 1..6 become 2..7 (7 as 6): DX,
    // DE, DE, DE, DE, DE. DX 1/6, DE 5/6.
    assert_eq!(odds(&r, "crt", "attack=7 defense=1", "DX"), (1, 6));
    assert_eq!(odds(&r, "crt", "attack=7 defense=1", "DE"), (5, 6));
    // 6.5 to 1 rounds down to 6-1: no +1. Roll 1 is DD (1/6).
    assert_eq!(odds(&r, "crt", "attack=6.5 defense=1", "DD"), (1, 6));
}

#[test]
fn siege_artillery_counts_only_against_a_fort() {
    let r = goa();
    // 3-1, Fort -2, two siege artillery +2: net 0. Rolls 1..6 as printed:
    // AD, BD, BD, DD, DX, DE.
    assert_eq!(
        odds(&r, "crt", "attack=3 defense=1 fort siege_artillery=2", "BD"),
        (1, 3)
    );
    // Without the Fort the count does not apply: net 0 as well, from
    // nothing; the trace says "not applicable".
    let t = roll(&r, "crt", "attack=3 defense=1 siege_artillery=2", &[2]);
    assert!(t
        .modifiers
        .iter()
        .any(|m| m.name == "siege_artillery" && m.value == 0));
}
