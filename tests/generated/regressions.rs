//! Minimal files for the engine bugs the generated files found, each kept
//! as a regression test once fixed.

use chartwright::Ruleset;

/// Loads `variant` over `base` saved as `base.rules` beside it.
fn load_variant(base: &str, variant: &str) -> Result<Ruleset, String> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("base.rules"), base).expect("writes the base");
    let path = dir.path().join("house.rules");
    std::fs::write(&path, variant).expect("writes the variant");
    Ruleset::from_file(&path).map_err(|e| e.to_string())
}

const BASE: &str = r#"game "Base" version "1"
table t "T" {
  roll d6
  rows {
    1 or less => "Low"
    4 to 2 => "Middle"
    5 or more => "High"
  }
}
"#;

/// A span written highest first (`4 to 2`, "either order" in
/// docs/language.md) is the totals 2 to 4 for the compiler, but the
/// variant stage reads the base's row as no totals at all: `change t row
/// 2-4` is refused with "the base's `t` has no row reading `2-4`" (help:
/// "rows reading 1 or less; -; 5 or more").
#[test]
fn variant_finds_a_base_row_written_highest_first() {
    let rules = load_variant(
        BASE,
        "variant \"V\" of \"base.rules\" version \"1\"\nchange t row 2-4 => \"Changed\"\n",
    );
    assert!(rules.is_ok(), "{}", rules.err().unwrap_or_default());
}

/// The same in the variant's own selection: `remove t row 4 to 2` over a
/// base row `2-4`, with the boundary moved so that no gap is left.
#[test]
fn variant_selects_a_row_written_highest_first() {
    let base = BASE.replace("4 to 2", "2-4");
    let rules = load_variant(
        &base,
        "variant \"V\" of \"base.rules\" version \"1\"\nremove t row 4 to 2\nchange t row 1 or less becomes 4 or less\n",
    );
    assert!(rules.is_ok(), "{}", rules.err().unwrap_or_default());
}

/// The base itself reads `4 to 2` as 2 to 4 (so the two stages disagree).
#[test]
fn a_span_written_highest_first_reads_both_ways_in_a_game() {
    let rules = Ruleset::from_str("base", BASE).unwrap_or_else(|e| panic!("{e}"));
    let t = rules.chart("t").unwrap();
    let odds = t.odds(&chartwright::Choices::none()).unwrap();
    assert_eq!(odds.probability("Middle").fraction(), "1/2");
}

/// An `also` rule on a chart with fields adds one note, its fields named
/// as the rows name theirs; it was printed as one `also` per field with
/// the labels (and any `-` field) dropped, so the reader could not tell
/// which field a note belonged to.
#[test]
fn an_also_rule_with_fields_names_them() {
    let rules = Ruleset::from_str(
        "also",
        r#"game "Also" version "1"
table t "T" {
  roll d6
  fields loss "Loss", retreat "Retreat"
  natural 1 => also "A1" | "Hold" or "Back"
  rows {
    1-3 => "-" | "R1"
    4-6 => "D1" | "-"
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = rules.chart("t").unwrap();
    let odds = t.odds(&chartwright::Choices::none()).unwrap();
    assert_eq!(
        odds.probability("Loss -; Retreat R1; also Loss A1; Retreat Hold OR Back")
            .fraction(),
        "1/6"
    );
}
