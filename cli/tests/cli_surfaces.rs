//! The command line's surfaces: `sheet` and `odds --svg`, shell completions
//! and the man page (generated from the one clap definition), `-` for
//! standard input, wrapping at word boundaries, and `CLICOLOR_FORCE`.

use crate::common::cw;

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

const DEMO: &str = r#"game "Demo" version "1"
table morale "Morale" {
  roll d6
  rows { 4 or more => "Holds" 3 or less => "Breaks" }
}
"#;

// ---------------------------------------------------------------------------
// sheet and --svg

#[test]
fn sheet_writes_a_page_with_the_charts_named() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let file = dir.path().join("fe.html");
    cw().args(["sheet", "first_echelon", "-o"])
        .arg(&file)
        .assert()
        .success()
        .stderr(contains("wrote"));
    let html = std::fs::read_to_string(&file).expect("the page");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("Bog Down Table") && html.contains("Discipline Rating"));

    let one = stdout(cw().args(["sheet", "first_echelon", "bog_down"]));
    assert!(one.contains("Bog Down Table") && !one.contains("Manoeuvre Table"));
}

#[test]
fn sheet_of_an_unknown_chart_suggests() {
    cw().args(["sheet", "first_echelon", "bog_dwn"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("did you mean `bog_down`?"));
}

#[test]
fn odds_svg_writes_the_picture_and_still_prints_the_odds() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let file = dir.path().join("bog.svg");
    let out = stdout(
        cw().args(["odds", "first_echelon", "bog_down", "tracked", "--svg"])
            .arg(&file),
    );
    assert!(out.contains("7/10"));
    let svg = std::fs::read_to_string(&file).expect("the picture");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("data-probability=\"7/10\""));
    // Headed by the chart and the situation.
    assert!(
        svg.contains(">Bog Down Table (first_echelon.bog_down)<"),
        "{svg}"
    );
    assert!(svg.contains(">with tracked<"), "{svg}");
}

// ---------------------------------------------------------------------------
// completions and man page

#[test]
fn completions_for_every_shell_know_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let script = stdout(cw().args(["completions", shell]));
        for sub in [
            "check",
            "list",
            "show",
            "roll",
            "odds",
            "sheet",
            "completions",
            "man",
        ] {
            assert!(script.contains(sub), "{shell} completion lacks `{sub}`");
        }
        assert!(script.contains("seed") && script.contains("svg"), "{shell}");
    }
    cw().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn the_man_page_documents_every_subcommand() {
    let page = stdout(cw().arg("man"));
    assert!(page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH chartwright"));
    assert!(page.contains(".TH chartwright 1"), "{page}");
    for sub in [
        "CHECK",
        "LIST",
        "SHOW",
        "ROLL",
        "ODDS",
        "SHEET",
        "COMPLETIONS",
        "REPL",
    ] {
        assert!(
            page.contains(&format!(".SH \"CHARTWRIGHT {sub}\"")),
            "no section for {sub}"
        );
    }
    assert!(page.contains("\\-\\-sweep") && page.contains("\\-\\-seed"));
}

// ---------------------------------------------------------------------------
// standard input

#[test]
fn a_dash_reads_rules_from_standard_input() {
    let out = stdout(cw().args(["odds", "-", "morale"]).write_stdin(DEMO));
    assert!(out.starts_with("stdin.morale"), "{out}");
    assert!(out.contains("1/2"));
    cw().args(["check", "-"])
        .write_stdin(DEMO)
        .assert()
        .success();
    cw().args(["check", "-"])
        .write_stdin("game \"Demo\" version \"1\"\ntable t \"T\" { roll d6 rows { 1-3 => \"A\" } }")
        .assert()
        .code(1)
        .stderr(contains("<stdin>:2:").and(contains("no row reads 4-6")));
    cw().args(["check", "-"])
        .write_stdin(&b"\xff\xfe"[..])
        .assert()
        .code(1)
        .stderr(contains("<stdin> is not UTF-8"));
}

// ---------------------------------------------------------------------------
// wrapping

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// The widest line, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn results_wrap_at_word_boundaries_to_the_width() {
    let args = [
        "roll",
        "first_echelon",
        "manoeuvre",
        "unit_rating=elite",
        "order_status=good_order",
        "command_radius",
        "--seed",
        "1",
    ];
    let wide = stdout(cw().args(args).env("COLUMNS", "400"));
    let narrow = stdout(cw().args(args).env("COLUMNS", "50"));
    let default = stdout(cw().args(args));
    assert!(widest(&wide) > 80, "the long label fits one line at 400");
    assert!(widest(&narrow) <= 50, "{narrow}");
    assert!(
        widest(&default) <= 80,
        "80 columns when not a terminal:\n{default}"
    );
    // Nothing cut: the same words, in the same order.
    assert_eq!(words(&narrow), words(&wide));
    assert_eq!(words(&default), words(&wide));

    let odds = [
        "odds",
        "first_echelon",
        "manoeuvre",
        "unit_rating=elite",
        "order_status=good_order",
    ];
    let wide = stdout(cw().args(odds).env("COLUMNS", "400"));
    let narrow = stdout(cw().args(odds).env("COLUMNS", "60"));
    assert!(widest(&narrow) <= 60, "{narrow}");
    // The same words (the bars are shorter when the names need room).
    let text = |t: &str| {
        let mut w: Vec<String> = words(t)
            .into_iter()
            .filter(|w| !w.contains('█'))
            .map(str::to_string)
            .collect();
        w.sort();
        w
    };
    assert_eq!(text(&narrow), text(&wide));
    assert!(!narrow.contains('…'), "no outcome is cut short");
}

#[test]
fn show_wraps_notes_and_long_lines() {
    let args = ["show", "first_echelon", "manoeuvre"];
    let wide = stdout(cw().args(args).env("COLUMNS", "400"));
    let narrow = stdout(cw().args(args).env("COLUMNS", "60"));
    assert!(widest(&narrow) <= 60, "{narrow}");
    // The same words, except the rules under headings, which end at the edge.
    let text = |t: &str| -> Vec<String> {
        words(t)
            .into_iter()
            .filter(|w| !w.starts_with("--"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(text(&narrow), text(&wide));
}

#[test]
fn diagnostics_wrap_at_word_boundaries() {
    let broken = "game \"Demo\" version \"1\"\ntable t \"T\" { roll d10 rows { 6 or more => \"A\" 3 or less => \"B\" } }";
    let run = |columns: &str| {
        let out = cw()
            .args(["check", "-"])
            .env("COLUMNS", columns)
            .write_stdin(broken)
            .output()
            .expect("runs");
        String::from_utf8(out.stderr).expect("UTF-8")
    };
    let help = |text: &str| {
        let at = text.find("help:").expect("a help line");
        words(&text[at..]).join(" ")
    };
    let (narrow, wide) = (run("40"), run("300"));
    assert_eq!(help(&narrow), help(&wide));
    let help_lines = narrow[narrow.find("help:").unwrap_or(0)..].lines().count();
    assert!(help_lines > 3, "the help wraps at 40:\n{narrow}");
    for line in narrow[narrow.find("help:").unwrap_or(0)..].lines() {
        assert!(line.chars().count() <= 40, "{line:?}");
    }
}

// ---------------------------------------------------------------------------
// colour

#[test]
fn clicolor_force_colours_results_and_diagnostics() {
    let colour = |args: &[&str]| {
        let out = crate::common::command()
            .env_remove("NO_COLOR")
            .env("CLICOLOR_FORCE", "1")
            .args(args)
            .output()
            .expect("runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (out, _) = colour(&["roll", "first_echelon", "bog_down", "--seed", "1"]);
    assert!(out.contains("\u{1b}["), "results in colour: {out:?}");
    let (_, err) = colour(&["roll", "first_echelon", "bog_dwn"]);
    assert!(err.contains("\u{1b}["), "diagnostics in colour: {err:?}");
    // Not forced, not a terminal: plain.
    let plain = cw()
        .args(["roll", "first_echelon", "bog_dwn"])
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&plain.stderr).contains("\u{1b}["));
}

#[test]
fn show_splits_a_wide_grid_to_the_terminal() {
    // tests/charts/wide.rules: eleven firepower columns and a line that
    // gives one long outcome in every column.
    let path = format!("{}/../tests/charts/wide.rules", env!("CARGO_MANIFEST_DIR"));
    let args = ["show", path.as_str(), "fire"];
    let narrow = stdout(cw().args(args).env("COLUMNS", "50"));
    assert!(widest(&narrow) <= 50, "{narrow}");
    // Two groups of columns, each headed by the roll column.
    let heads: Vec<&str> = narrow
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("Roll  "))
        .collect();
    assert_eq!(
        heads,
        [
            "Roll   1    2    4     6     8     12    16",
            "Roll   20    24    30    36+"
        ],
        "{narrow}"
    );
    // At 140 the grid is whole, the long outcome on its own line.
    let wide = stdout(cw().args(args).env("COLUMNS", "140"));
    assert!(
        wide.contains("  2      1MC  2MC  1KIA  1KIA  2KIA  3KIA  4KIA  5KIA  6KIA  7KIA  8KIA\n"),
        "{wide}"
    );
    assert!(
        wide.contains("  12     No effect: the attack is resolved with no result in any column\n"),
        "{wide}"
    );
}
