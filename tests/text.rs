//! Text as people type it: a byte order mark, old Mac line endings, the
//! least `i64`, long flat sums, many decimal places and wide (CJK) labels
//! all load and read as written.

use chartwright::{Choices, Ruleset};

const CHART: &str = r#"table hi "Hi" {
  roll d6
  rows { 4 or more => "hi"  3 or less => "lo" }
}
"#;

fn load(text: &str) -> Ruleset {
    Ruleset::from_str("text", text).unwrap_or_else(|e| panic!("{e}"))
}

fn outcome(rules: &Ruleset, chart: &str, args: &str) -> String {
    let odds = rules
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{e}"));
    odds.outcomes[0].outcome.to_string()
}

#[test]
fn a_byte_order_mark_is_not_an_error() {
    let rules = load(&format!("\u{feff}game \"Bom\" version \"1\"\n{CHART}"));
    assert_eq!(rules.charts().count(), 1);
    // A variant too: `variant` is still its first word.
    let variant = "\u{feff}# Mud\nvariant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +1\n";
    let mut b = Ruleset::builder();
    b.add_path("first_echelon").add_str("mud", variant);
    assert!(b.build().is_ok());
    // An error in the header points at the header, in column 1: the mark
    // is no text of the rules, so it is not kept.
    let Err(e) = Ruleset::from_str("text", "\u{feff}gmae \"Bom\" version \"1\"\n") else {
        panic!("a misspelt header loads");
    };
    let span = miette::Diagnostic::labels(&e.errors[0])
        .and_then(|mut l| l.next())
        .map(|l| l.offset());
    assert_eq!(span, Some(0), "{e}");
    let source = e.sources.get(chartwright::SourceId::default());
    assert!(source.is_some_and(|s| s.text.starts_with("gmae")), "{e}");
}

#[test]
fn a_bare_carriage_return_ends_a_comment() {
    let text = format!("game \"Cr\" version \"1\"\r# a comment\r{CHART}").replace('\n', "\r");
    let rules = load(&text);
    assert_eq!(rules.charts().count(), 1);
    assert_eq!(outcome(&rules, "hi", ""), "hi");
}

/// The first error of `text`, rendered as the CLI renders it.
fn rendered_error(text: &str) -> String {
    let Err(e) = Ruleset::from_str("text", text) else {
        panic!("loads: {text}");
    };
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, &e.clipped(&e.errors[0]))
        .unwrap_or_else(|_| panic!("renders"));
    out
}

#[test]
fn an_error_in_a_file_of_bare_carriage_returns_shows_its_own_line() {
    let text = format!("game \"Cr\" version \"1\"\r# a comment\r{CHART}")
        .replace('\n', "\r")
        .replace("3 or less", "3 or lss");
    let out = rendered_error(&text);
    // Line 5, not line 1 at column 91; the line alone, with no raw `\r`
    // to send the terminal's cursor back over it.
    assert!(out.contains("[text:5:34]"), "{out}");
    assert!(out.contains(" 5 │   rows { 4 or more"), "{out}");
    assert!(!out.contains('\r'), "{out:?}");
}

#[test]
fn an_error_after_wide_characters_is_at_their_character_column() {
    let out = rendered_error("game \"Wide\" version \"1\"\ntable w \"突撃判定表\" { roll d6 rows { 4 or more => \"突撃\" 3 or less => 失敗 } }\n");
    // `失` is the 65th character of its line (its 79th byte).
    assert!(out.contains("[text:2:65]"), "{out}");
}

#[test]
fn the_least_whole_number_stands_where_a_whole_number_does() {
    let rules = load(
        r#"game "Min" version "1"
table t "T" {
  roll d6
  param m "M" in -9223372036854775808..9223372036854775807
  score m
  rows { 1 or more => "up"  0 or less => "down" }
}
table u "U" {
  roll d6
  modifiers { low -9223372036854775807 "Low" }
  rows { 1 or more => "up"  0 or less => "down" }
}
"#,
    );
    assert_eq!(outcome(&rules, "t", "m=-9223372036854775808"), "down");
    assert_eq!(outcome(&rules, "u", "low"), "down");
}

#[test]
fn a_flat_sum_of_a_hundred_thousand_terms_is_not_too_deep() {
    let terms = vec!["1"; 100_000].join(" + ");
    let minus = vec!["1"; 50_000].join(" - ");
    let rules = load(&format!(
        r#"game "Flat" version "1"
table t "T" {{
  roll d6
  score natural + {terms} - 100000
  rows {{ 4 or more => "hi"  3 or less => "lo" }}
}}
table u "U" {{
  roll d6
  score natural + 50000 - {minus}
  rows {{ 4 or more => "hi"  3 or less => "lo" }}
}}
"#
    ));
    // natural + 100000 - 100000 is the natural roll, and so is natural +
    // 50000 - 1 - 1 ... (50,000 ones).
    let odds = rules.chart("t").unwrap().odds(&Choices::none()).unwrap();
    assert_eq!(odds.outcomes[0].probability.to_string(), "1/2");
    let roll = rules
        .chart("u")
        .unwrap()
        .roll(&Choices::none(), &mut chartwright::Scripted::new([3]))
        .unwrap();
    assert_eq!(roll.score, Some(3));
}

#[test]
fn many_decimal_places_are_too_precise_not_too_large() {
    let Err(e) = Ruleset::from_str(
        "text",
        "game \"D\" version \"1\"\nparam p \"P\" in 0.0000000000000000000001..1\n",
    ) else {
        panic!("loads");
    };
    let code = miette::Diagnostic::code(&e.errors[0]).map(|c| c.to_string());
    assert_eq!(
        code.as_deref(),
        Some("chartwright::parse::number_too_precise")
    );
    // Trailing zeros cost nothing.
    load("game \"D\" version \"1\"\nparam p \"P\" in 0.50000000000000000000000..1\n");
}

#[test]
fn show_aligns_wide_labels_by_display_columns() {
    let rules = load(
        r#"game "Wide" version "1"
table w "突撃判定表" {
  roll d6
  rows { 4 or more => "突撃成功、敵部隊は後退する"  3 or less => "失敗" }
}
"#,
    );
    let text = rules.chart("w").unwrap().render();
    let rule = text
        .lines()
        .find(|l| l.trim_start().starts_with("---"))
        .unwrap_or_else(|| panic!("{text}"));
    // 13 wide characters: 26 columns of dashes under "Result".
    assert!(rule.ends_with(&format!("  {}", "-".repeat(26))), "{text}");
}
