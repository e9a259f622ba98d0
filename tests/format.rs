//! `chartwright::format` over every text at hand (the bundled games, the
//! fixtures, the variants, the diagnostics inputs and the fuzz seeds that
//! parse, and random games and variants from `tests/generated/`): formatting
//! twice changes nothing, and the formatted text means what the original
//! did, read two ways that share nothing with the formatter's own check
//! (which compares pest's trees): the AST the parser builds, spans left
//! out, and what the public API makes of the game (each chart as `show`
//! prints it and its exact odds at its example situation). A badly laid out
//! file against its layout written out by hand; a text that does not parse
//! refused with the parser's diagnostic.

use chartwright::ast::Document;
use chartwright::parser::parse_document;
use chartwright::{format, ParseErrorKind, Ruleset, SourceId};
use std::path::Path;

/// Generated games and variants formatted (seeds `0..SEEDS`).
const SEEDS: u64 = 48;

/// Every `.rules` file of a folder of the repository, with its path.
fn folder(dir: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .rules files in {dir}");
    files
        .into_iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.display().to_string(), text)
        })
        .collect()
}

/// The checked-in seeds of a fuzz target's corpus that are UTF-8.
fn corpus(target: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = String::from_utf8(std::fs::read(&p).ok()?).ok()?;
            Some((p.display().to_string(), text))
        })
        .collect()
}

/// A document's AST as `Debug` writes it, every span left out.
fn without_spans(document: &Document) -> String {
    spans_dropped(&format!("{document:?}"))
}

/// `Debug` text with every `Span { .. }` written as `Span`: where a node
/// stands moves when the text is laid out again.
fn spans_dropped(written: &str) -> String {
    let mut out = String::with_capacity(written.len());
    let mut rest = written;
    while let Some(at) = rest.find("Span { source: ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find(" }").expect("a span's Debug closes") + 2;
        out.push_str("Span");
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// Each chart of a game as `show` prints it and its exact odds at its
/// example situation (or the error), or the load errors' codes.
fn meaning(text: &str) -> Vec<String> {
    match Ruleset::from_str("game", text) {
        Err(errors) => errors
            .errors
            .iter()
            .map(|e| format!("error: {e}"))
            .collect(),
        Ok(rules) => rules
            .charts()
            .map(|chart| {
                let odds = chart.odds(&chart.example_choices());
                let odds = spans_dropped(&format!("{odds:?}"));
                format!("{}\n{}\n{odds}", chart.name(), chart.render())
            })
            .collect(),
    }
}

/// Formats `text` (named `name`) and checks the result: `None` when the
/// text does not parse (then formatting refuses it with the same error).
#[track_caller]
fn check(name: &str, text: &str, read_charts: bool) -> Option<String> {
    let parsed = parse_document(SourceId::new(0), text);
    let formatted = format(SourceId::new(0), text);
    let (document, formatted) = match (parsed, formatted) {
        (Ok(document), Ok(formatted)) => (document, formatted),
        (Err(parse), Err(refused)) => {
            assert_eq!(parse, refused, "{name}: refused with another error");
            return None;
        }
        (Ok(_), Err(e)) => panic!("{name} parses but is not formatted: {e}"),
        (Err(e), Ok(_)) => panic!("{name} does not parse but was formatted: {e}"),
    };
    let again = format(SourceId::new(0), &formatted)
        .unwrap_or_else(|e| panic!("{name}: the formatted text is refused: {e}\n{formatted}"));
    assert_eq!(
        again, formatted,
        "{name}: formatting twice changes the text"
    );
    let reread = parse_document(SourceId::new(0), &formatted).expect("it was formatted again");
    assert_eq!(
        without_spans(&reread),
        without_spans(&document),
        "{name}: the formatted text parses to another AST"
    );
    if read_charts && matches!(document, Document::Game(_)) {
        assert_eq!(
            meaning(&formatted),
            meaning(text),
            "{name}: the charts differ"
        );
    }
    Some(formatted)
}

#[test]
fn the_bundled_games_are_formatted() {
    for (name, text) in folder("rules") {
        let formatted = check(&name, &text, true).expect("a bundled game parses");
        assert!(
            formatted == text,
            "{name} is not formatted: run `chartwright fmt rules/`"
        );
    }
}

#[test]
fn the_fixtures_and_variants_keep_their_meaning() {
    let mut texts = folder("tests/charts");
    texts.extend(folder("tests/variants"));
    for (name, text) in texts {
        check(&name, &text, true).unwrap_or_else(|| panic!("{name} parses"));
    }
}

#[test]
fn the_diagnostics_inputs_and_fuzz_seeds_format_or_are_refused() {
    let mut texts = folder("tests/diagnostics");
    texts.extend(corpus("load"));
    let mut formatted = 0;
    for (name, text) in &texts {
        // Their charts are read too where they load: most do not.
        formatted += usize::from(check(name, text, true).is_some());
    }
    assert!(formatted >= 20, "only {formatted} of {} parse", texts.len());
}

#[test]
fn generated_games_and_variants_keep_their_meaning() {
    for seed in 0..SEEDS {
        let game = crate::generated::game(seed);
        check(&format!("game {seed}"), &game, true).expect("a generated game parses");
        let variant = crate::generated::variant(seed);
        check(&format!("variant {seed}"), &variant, false).expect("a generated variant parses");
    }
}

#[test]
fn a_text_that_does_not_parse_is_refused_with_its_diagnostic() {
    let text = "game \"Demo\" version \"1\"\ntable t \"T\" { roll d6 rows { 1-6 => } }\n";
    let refused = format(SourceId::new(0), text).expect_err("no outcome after `=>`");
    let parse = parse_document(SourceId::new(0), text).expect_err("no outcome");
    assert_eq!(refused, parse);
    assert!(
        matches!(refused.kind, ParseErrorKind::Syntax { .. }),
        "{refused:?}"
    );
}

/// A file laid out badly on purpose: indentation at random, tokens run
/// together and spread over lines, blank lines in runs, comments at the
/// ends of lines, inside a line and between entries, a grid whose heading
/// comment stands over its columns.
const MESSY: &str = r#"# A game laid out badly.


game    "Messy"   version "1"
choice weather "Weather" {clear "Clear",
      rain "Rain"   } default clear
choice side "Side" { # who moves
  us "Us", them "Them" }
grid  move "Move"  by side,weather {
#        clear   rain
    us:  6       4
        them: 4   "2\""
}
table   hit "Hit"{
roll 2d6
   modifiers{
  cover -1 "In cover"   # soft or hard
        elite +1 "Elite troops"
    veteran  ±r in 0..2 default 0
    "Veterancy"


      one of "Range" { long -2 "Long range" if weather=rain
    short +1 "Short" }
    }
  rows { 2-6=>"Miss"
    7,8 => "Pinned" # keep
  9 or more
  => "Hit" then again with elite,veteran=1
  }
  }
expect hit elite veteran=1 => "Hit"   1/2
"#;

/// [`MESSY`] formatted, as written out by hand.
const TIDY: &str = r#"# A game laid out badly.

game "Messy" version "1"
choice weather "Weather" { clear "Clear", rain "Rain" } default clear
choice side "Side" {  # who moves
  us   "Us",
  them "Them"
}
grid move "Move" by side, weather {
  #      clear  rain
  us:    6      4
  them:  4      "2\""
}
table hit "Hit" {
  roll 2d6
  modifiers {
    cover   -1                   "In cover"  # soft or hard
    elite   +1                   "Elite troops"
    veteran ±r in 0..2 default 0 "Veterancy"

    one of "Range" {
      long  -2 "Long range" if weather = rain
      short +1 "Short"
    }
  }
  rows {
    2-6       => "Miss"
    7, 8      => "Pinned"  # keep
    9 or more => "Hit" then again with elite, veteran=1
  }
}
expect hit elite veteran=1 => "Hit" 1/2
"#;

#[test]
fn a_badly_laid_out_file_takes_the_canonical_layout() {
    let formatted = format(SourceId::new(0), MESSY).expect("it parses");
    assert_eq!(formatted, TIDY);
    assert_eq!(check("messy", MESSY, true).as_deref(), Some(TIDY));
}

/// A formatted grid with one row edited out of line: its heading still
/// stands over the other rows' columns, so it moves with them.
#[test]
fn a_heading_stays_over_its_columns_when_a_row_is_edited_out_of_line() {
    let edited = TIDY.replace("  us:    6      4\n", "  us: 16 4\n");
    let formatted = format(SourceId::new(0), &edited).expect("it parses");
    let expected = TIDY.replace("  us:    6      4\n", "  us:    16     4\n");
    assert_eq!(formatted, expected);
    // Every row out of line: the heading stands over none, and stays.
    let all = edited.replace("  them:  4      \"2\\\"\"\n", "  them: 4 \"2\\\"\"\n");
    assert_ne!(all, edited, "the second row was edited too");
    let formatted = format(SourceId::new(0), &all).expect("it parses");
    assert!(
        formatted.contains("  #      clear  rain\n  us:    16  4\n"),
        "{formatted}"
    );
}

#[test]
fn a_comment_inside_a_line_moves_before_it() {
    let text = "game \"G\" version \"1\"\ntable t \"T\" {\n  roll d6 # the die\n  rows {\n    1-3 # low\n      => \"Low\"\n    4-6 => \"High\"\n  }\n}\n";
    let formatted = format(SourceId::new(0), text).expect("it parses");
    assert_eq!(
        formatted,
        "game \"G\" version \"1\"\ntable t \"T\" {\n  roll d6  # the die\n  rows {\n    # low\n    1-3 => \"Low\"\n    4-6 => \"High\"\n  }\n}\n"
    );
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_are_dropped() {
    let text = "\u{feff}game \"G\" version \"1\"\r\n# note\r\nflag f \"F\"\r\n";
    let formatted = format(SourceId::new(0), text).expect("it parses");
    assert_eq!(
        formatted,
        "game \"G\" version \"1\"\n# note\nflag f \"F\"\n"
    );
}

/// The deepest nesting the parser accepts, in parentheses and in `one of`
/// blocks, formats on a test thread's stack (2 MiB), and back.
#[test]
fn the_deepest_nesting_formats() {
    let depth = 62;
    let parens = format!(
        "game \"G\" version \"1\"\ncheck c \"C\" {{\n  roll d6\n  succeed on at least {}1{}\n}}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    assert_eq!(
        format(SourceId::new(0), &parens).as_deref(),
        Ok(parens.as_str())
    );
    let blocks = format!(
        "game \"G\" version \"1\"\ntable c \"C\" {{ roll d6 modifiers {{ {}m +1 \"M\"{} }} rows {{ 1-6 => \"x\" }} }}\n",
        "one of {".repeat(depth),
        "}".repeat(depth)
    );
    check("blocks", &blocks, true).expect("it parses");
}
