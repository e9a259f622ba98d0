//! Sheets as printed, on a test fixture (`tests/charts/printed.rules`):
//! fractional odds columns headed as the sheet heads them, a cell that
//! depends on the situation, a line the same in every column, `-` cells
//! the sheet gives an outcome, a choice column named by its heading in the
//! trace, and a house rule that changes single cells. 2d6 totals 2..12
//! come 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways in 36: the lines 2-4, 5-7,
//! 8-9, 10-11 and 12 come 6, 15, 9, 5 and 1 ways.

use chartwright::{Choices, Ruleset};
use num_traits::ToPrimitive;

const FIXTURE: &str = "tests/charts/printed.rules";
const VARIANT: &str = "tests/charts/printed_variant.rules";

#[track_caller]
fn load(path: &str) -> Ruleset {
    Ruleset::from_file(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every outcome's probability, as `(outcome, numerator, denominator)` in
/// the order the engine lists them.
#[track_caller]
fn odds(r: &Ruleset, chart: &str, args: &str) -> Vec<(String, u64, u64)> {
    let o = r
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
    let names: std::collections::BTreeSet<&str> = o.outcomes.iter().map(|x| &*x.outcome).collect();
    names
        .into_iter()
        .map(|name| {
            let p = o.probability(name);
            (
                name.to_string(),
                p.numer().to_u64().unwrap_or(0),
                p.denom().to_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn owned(v: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
    let mut v: Vec<(String, u64, u64)> = v.iter().map(|(s, n, d)| ((*s).into(), *n, *d)).collect();
    v.sort();
    v
}

/// The outcome and the trace of a roll with the given natural faces.
#[track_caller]
fn trace(r: &Ruleset, chart: &str, args: &str, faces: &[u32]) -> (String, String) {
    let roll = crate::common::roll(r, chart, args, faces);
    (roll.outcome.to_string(), roll.detail.unwrap_or_default())
}

#[test]
fn fractional_odds_columns_pick_the_highest_not_above() {
    let r = load(FIXTURE);
    // 1 to 3 is below `1 to 2`: the attack is called off, no roll.
    assert_eq!(
        odds(&r, "assault", "attack=1 defense=3"),
        owned(&[("Attack called off", 1, 1)])
    );
    // 1 to 2: AE 6/36, AR 15/36, `-` on 8-11 gives "No effect" (14/36),
    // and 12 is DE in every column (1/36).
    assert_eq!(
        odds(&r, "assault", "attack=1 defense=2"),
        owned(&[
            ("AE", 1, 6),
            ("AR", 5, 12),
            ("No effect", 7, 18),
            ("DE", 1, 36)
        ])
    );
    // 4 to 5 (0.8) reads `1 to 1.5` (2/3): EX on 8-9, DR on 10-11.
    let one_to_one_and_a_half = owned(&[
        ("AE", 1, 6),
        ("AR", 5, 12),
        ("EX", 1, 4),
        ("DR", 5, 36),
        ("DE", 1, 36),
    ]);
    assert_eq!(
        odds(&r, "assault", "attack=4 defense=5"),
        one_to_one_and_a_half
    );
    assert_eq!(
        odds(&r, "assault", "attack=2 defense=3"),
        one_to_one_and_a_half
    );
    // 3 to 2 reads `1.5 to 1`: AR 6/36, DR 24/36, DE 6/36.
    assert_eq!(
        odds(&r, "assault", "attack=3 defense=2"),
        owned(&[("AR", 1, 6), ("DR", 2, 3), ("DE", 1, 6)])
    );
    // 3 to 1: `-` on 2-4 is "No effect" (6/36), DR 15/36, DE 15/36.
    assert_eq!(
        odds(&r, "assault", "attack=3 defense=1"),
        owned(&[("No effect", 1, 6), ("DR", 5, 12), ("DE", 5, 12)])
    );
}

#[test]
fn a_cell_that_depends_on_the_situation() {
    let r = load(FIXTURE);
    // 1 to 1, 8-9: DR, or DR* with vehicles in the attack (9/36).
    assert_eq!(
        odds(&r, "assault", "attack=2 defense=2"),
        owned(&[("AR", 1, 6), ("EX", 5, 12), ("DR", 7, 18), ("DE", 1, 36)])
    );
    assert_eq!(
        odds(&r, "assault", "attack=2 defense=2 vehicles"),
        owned(&[
            ("AR", 1, 6),
            ("EX", 5, 12),
            ("DR*", 1, 4),
            ("DR", 5, 36),
            ("DE", 1, 36)
        ])
    );
    let (outcome, _) = trace(&r, "assault", "attack=2 defense=2 vehicles", &[4, 4]);
    assert_eq!(outcome, "DR*");
}

#[test]
fn the_trace_names_the_column_by_its_heading() {
    let r = load(FIXTURE);
    let (outcome, detail) = trace(&r, "assault", "attack=2 defense=3", &[5, 5]);
    assert_eq!(outcome, "DR");
    assert!(
        detail.contains("odds 2 to 3 = 2/3: column `1 to 1.5`"),
        "{detail}"
    );
    let (outcome, detail) = trace(&r, "fire", "training=veteran", &[2]);
    assert_eq!(outcome, "S");
    assert!(detail.contains("column `Vet`"), "{detail}");
}

#[test]
fn a_choice_column_and_a_line_for_every_column() {
    let r = load(FIXTURE);
    // Vet: S on 1-2, NE on 3-4 and on 5-6 (the line for every column).
    assert_eq!(
        odds(&r, "fire", "training=veteran"),
        owned(&[("S", 1, 3), ("NE", 2, 3)])
    );
    // Green: K, S, NE a third each.
    assert_eq!(
        odds(&r, "fire", "training=green"),
        owned(&[("K", 1, 3), ("S", 1, 3), ("NE", 1, 3)])
    );
}

#[test]
fn show_prints_the_grid_as_printed_with_its_notes() {
    let r = load(FIXTURE);
    let shown = r.chart("assault").expect("assault").render();
    let grid: Vec<Vec<&str>> = shown
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("Roll "))
        .skip(1)
        .skip_while(|l| !l.trim_start().starts_with("Roll"))
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .take_while(|cells: &Vec<&str>| !cells.is_empty())
        .collect();
    assert_eq!(
        grid,
        [
            vec!["Roll", "1 to 2", "1 to 1.5", "1 to 1", "1.5 to 1", "3+ to 1"],
            vec!["-----", "------", "--------", "------", "--------", "-------"],
            vec!["2-4", "AE", "AE", "AR", "AR", "-"],
            vec!["5-7", "AR", "AR", "EX", "DR", "DR"],
            vec!["8-9", "-", "EX", "DR¹", "DR", "DE"],
            vec!["10-11", "-", "DR", "DR", "DE", "DE"],
            vec!["12", "DE", "DE", "DE", "DE", "DE"],
            vec!["¹ DR* if vehicles else DR"],
            vec!["- = No effect"],
            vec!["A modified roll below 2 reads as 2; above 12, as 12."],
        ],
        "{shown}"
    );
    assert!(
        shown.contains("Below `1 to 2`: Attack called off"),
        "{shown}"
    );
}

#[cfg(feature = "sheet")]
#[test]
fn the_sheet_heads_the_columns_and_footnotes_the_cell() {
    let r = load(FIXTURE);
    let chart = r.chart("assault").expect("assault");
    let html = chartwright::sheet::sheet(&r, &[chart]);
    for heading in ["1 to 2", "1 to 1.5", "1 to 1", "1.5 to 1", "3+ to 1"] {
        assert!(
            html.contains(&format!("<th scope=\"col\">{heading}</th>")),
            "{heading}"
        );
    }
    assert!(
        html.contains("<td>DR<sup class=\"fn\">1</sup></td>"),
        "{html}"
    );
    assert!(
        html.contains("DR* if Vehicles in the attack; otherwise DR"),
        "{html}"
    );
    assert!(html.contains("- = No effect"), "{html}");
}

#[test]
fn a_house_rule_changes_single_cells() {
    let (base, variant) = (load(FIXTURE), load(VARIANT));
    // 1 to 1, 8-9 becomes DE: DR drops to 5/36, DE rises to 10/36.
    assert_eq!(
        odds(&variant, "assault", "attack=2 defense=2"),
        owned(&[("AR", 1, 6), ("EX", 5, 12), ("DR", 5, 36), ("DE", 5, 18)])
    );
    // 1.5-1, 2-4 becomes EX (named by its key): AR's 6/36 go to EX.
    assert_eq!(
        odds(&variant, "assault", "attack=3 defense=2"),
        owned(&[("EX", 1, 6), ("DR", 2, 3), ("DE", 1, 6)])
    );
    // Vet 1-2 becomes K (named by the option's label).
    assert_eq!(
        odds(&variant, "fire", "training=veteran"),
        owned(&[("K", 1, 3), ("NE", 2, 3)])
    );
    // The other cells are the base's.
    for args in [
        "attack=1 defense=2",
        "attack=3 defense=1",
        "attack=2 defense=3",
    ] {
        assert_eq!(
            odds(&variant, "assault", args),
            odds(&base, "assault", args),
            "{args}"
        );
    }
    let marks = variant.chart("assault").expect("assault").variant_marks();
    assert!(
        marks
            .iter()
            .any(|m| m.contains("cell 8,9 at 1 to 1 changed")),
        "{marks:?}"
    );
}

#[test]
fn a_cell_change_names_what_it_cannot_find() {
    let dir = std::env::temp_dir().join(format!("cw-printed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = format!("{}/{FIXTURE}", env!("CARGO_MANIFEST_DIR"));
    let cases = [
        ("change assault row 8-9 at 4-1 => DE", "no column `4-1`"),
        (
            "change assault row 8 at 1-1 => DE",
            "no results line reading `8`",
        ),
        (
            "change fire row 5-6 at Vet => K",
            "one outcome for every column",
        ),
    ];
    for (i, (change, says)) in cases.iter().enumerate() {
        let path = dir.join(format!("v{i}.rules"));
        let text = format!("variant \"Bad\" of \"{base}\" version \"1\"\n{change}\n");
        std::fs::write(&path, text).expect("write variant");
        let err = Ruleset::from_file(&path).expect_err(change).to_string();
        assert!(err.contains(says), "{change}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_row_of_a_column_table_written_once_reads_in_every_column() {
    let r = Ruleset::from_str(
        "once",
        r#"
game "Once" version "1"
choice range "Range" { close "Close", long "Long" }
table fire "Fire" {
  roll d6
  columns range
  rows {
    [ 1-2 | 1-4 ] => "NE"
    [ 3-4 | - ] => "S"
    5 or more => "K"
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // Close: NE 1/3, S 1/3, K on 5-6 (1/3); long: NE 2/3, K 1/3.
    assert_eq!(
        odds(&r, "fire", "range=close"),
        owned(&[("NE", 1, 3), ("S", 1, 3), ("K", 1, 3)])
    );
    assert_eq!(
        odds(&r, "fire", "range=long"),
        owned(&[("NE", 2, 3), ("K", 1, 3)])
    );
}

/// A results grid in a chart that does not take one is reported where it
/// stands and then not read: the chart still lacks its rows.
#[test]
fn a_misplaced_results_grid_is_not_read() {
    let text = "game \"g\" version \"1\"\n\
                opposed fight \"Fight\" {\n  roll d6\n  sides a \"A\", d \"D\"\n  \
                results {\n    1: A\n  }\n}\n";
    let errors = Ruleset::from_str("g", text).expect_err("a misplaced clause");
    let mut codes: Vec<String> = errors
        .errors
        .iter()
        .filter_map(|e| miette::Diagnostic::code(e).map(|c| c.to_string()))
        .collect();
    codes.sort();
    assert_eq!(
        codes,
        [
            "chartwright::compile::misplaced_clause",
            "chartwright::compile::missing_clause"
        ]
    );
}
