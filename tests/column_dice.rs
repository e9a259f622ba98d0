//! Dice in the value that picks the column, on a test fixture
//! (`tests/charts/algeria_crt.rules`): `columns by firepower +
//! (air_points)d6`, columns 0-1, 2-4, 5-7, 8-10, 11-13, 14+, hits by d6.
//! The odds are the mixture over the columns, worked by hand in each test:
//! each column's chance (from the column dice) times its cell's chance.

use chartwright::{Choices, Ruleset, Scripted};
use num_traits::ToPrimitive;

fn fixture() -> Ruleset {
    let path = format!(
        "{}/tests/charts/algeria_crt.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn odds(r: &Ruleset, args: &str, outcome: &str) -> (u64, u64) {
    let o = r
        .chart("crt")
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("crt {args}: {e}"));
    let p = o.probability(outcome);
    (
        p.numer().to_u64().unwrap_or(0),
        p.denom().to_u64().unwrap_or(0),
    )
}

#[test]
fn one_air_point_mixes_three_columns() {
    let r = fixture();
    // Value 4..9, each 1/6: column 2-4 (1/6), 5-7 (3/6), 8-10 (2/6).
    // "0": 1/6 * 3/6 + 3/6 * 2/6 + 2/6 * 1/6 = 11/36.
    assert_eq!(odds(&r, "firepower=3 air_points=1", "0"), (11, 36));
    // "1": each of the three columns reads it on three faces: 1/2.
    assert_eq!(odds(&r, "firepower=3 air_points=1", "1"), (1, 2));
    // "2": 3/6 * 1/6 + 2/6 * 2/6 = 7/36.
    assert_eq!(odds(&r, "firepower=3 air_points=1", "2"), (7, 36));
    assert_eq!(odds(&r, "firepower=3 air_points=1", "3"), (0, 1));
}

#[test]
fn two_air_points_roll_two_column_dice() {
    let r = fixture();
    // 0 + 2d6 is 2..12: 11-13 on 11 or 12 (3/36), where "3" is face 6:
    // 3/36 * 1/6 = 1/72.
    assert_eq!(odds(&r, "firepower=0 air_points=2", "3"), (1, 72));
    // "0": 2-4 (6/36) on 1-3, 5-7 (15/36) on 1-2, 8-10 (12/36) on 1:
    // (18 + 30 + 12) / 216 = 60/216 = 5/18.
    assert_eq!(odds(&r, "firepower=0 air_points=2", "0"), (5, 18));
}

#[test]
fn no_air_points_read_one_column() {
    let r = fixture();
    assert_eq!(odds(&r, "firepower=3", "1"), (1, 2));
    assert_eq!(odds(&r, "firepower=3 air_points=0", "0"), (1, 2));
}

#[test]
fn the_trace_names_the_column_dice_and_the_column() {
    let r = fixture();
    // The column die shows 4 (value 7: 5-7), then the roll 6 reads "2".
    let roll = r
        .chart("crt")
        .and_then(|c| {
            c.roll(
                &Choices::parse("firepower=3 air_points=1")?,
                &mut Scripted::new([4, 6]),
            )
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(roll.outcome.to_string(), "2");
    let detail = roll.detail.unwrap_or_default();
    assert!(detail.starts_with("column dice 1d6: 4, "), "{detail}");
    assert!(detail.contains("value 3 + 4 = 7: column `5-7`"), "{detail}");
}

#[test]
fn the_sampler_agrees_with_the_odds() {
    let r = fixture();
    let chart = r.chart("crt").unwrap_or_else(|e| panic!("{e}"));
    let choices = Choices::parse("firepower=3 air_points=1").unwrap_or_else(|e| panic!("{e}"));
    // Every column die and roll die once: 36 rolls, 11 of them "0".
    let mut zero = 0;
    for column in 1..=6 {
        for die in 1..=6 {
            let roll = chart
                .roll(&choices, &mut Scripted::new([column, die]))
                .unwrap_or_else(|e| panic!("{e}"));
            zero += usize::from(roll.outcome.to_string() == "0");
        }
    }
    assert_eq!(zero, 11);
}

#[cfg(feature = "sheet")]
#[test]
fn the_sheet_draws_each_column_at_the_value_before_the_dice() {
    let r = fixture();
    let chart = r.chart("crt").unwrap_or_else(|e| panic!("{e}"));
    let page = chartwright::sheet::sheet(&r, &[chart]);
    // The 5-7 column with no column die: "0" on 1-2 (1/3), "2" on 6 (1/6).
    assert!(
        page.contains(r#"data-column="5-7" data-outcome="0" data-probability="1/3""#),
        "no 5-7 column picture"
    );
    assert!(
        page.contains(r#"data-column="14+" data-outcome="3" data-probability="1/3""#),
        "no 14+ column picture"
    );
    assert!(
        page.contains("each column read at the value before the column dice"),
        "the caption does not say where the columns are read"
    );
}

#[test]
fn show_writes_the_column_dice() {
    let r = fixture();
    let text = r
        .chart("crt")
        .map_or_else(|e| panic!("{e}"), |c| c.render());
    assert!(text.contains("`firepower + (air_points)d6`"), "{text}");
}

#[test]
fn air_points_are_an_input_the_situation_classes_split_on() {
    let r = fixture();
    let chart = r.chart("crt").unwrap_or_else(|e| panic!("{e}"));
    let classes = chartwright::compare::situation_classes(&[&chart], &Choices::none(), 4096);
    // Each class's odds are the odds of every situation in it: one air
    // point and none at the same firepower differ, so they are apart.
    let mixed = classes
        .iter()
        .any(|c| c.choices.text().contains("air_points=1"));
    let texts: Vec<String> = classes
        .iter()
        .map(|c| c.choices.text().to_string())
        .collect();
    assert!(mixed, "{texts:?}");
}
