//! House-rule variants through the binary: `diff` (one chart, every chart,
//! `--across`, `--sweep`, `--json`, `--html`), `source`, `show` on a
//! variant, and the REPL's `diff` and `reload`.

use crate::common::cw;
use predicates::str::contains;

const MUD: &str = "docs/variants/mud_season.rules";
const STOUT: &str = "docs/variants/bcs_stout_defense.rules";

fn stdout(args: &[&str]) -> String {
    let out = cw().args(args).assert().success();
    String::from_utf8_lossy(&out.get_output().stdout).into_owned()
}

#[test]
fn cli_diff_shows_fractions_percentages_and_change() {
    let out = stdout(&["diff", "first_echelon", MUD, "bog_down", "tracked"]);
    insta::assert_snapshot!("cli_diff_mud_tracked", out);
}

#[test]
fn cli_diff_json_has_the_documented_shape() {
    let out = stdout(&[
        "diff",
        "first_echelon",
        MUD,
        "bog_down",
        "tracked",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["chart"], "mud_season.bog_down");
    assert_eq!(v["choices"], "tracked");
    assert_eq!(v["outcomes"][0]["outcome"], "Traverse");
    assert_eq!(v["outcomes"][0]["base"], "7/10");
    assert_eq!(v["outcomes"][0]["variant"], "1/2");
    let delta = v["outcomes"][0]["delta_percent"].as_f64().expect("number");
    assert!((delta + 20.0).abs() < 1e-9);
    let out = stdout(&[
        "diff",
        "battalion_combat_series",
        STOUT,
        "combat",
        "attacker_ar=3",
        "defender_ar=3",
        "prepared_defense",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["outcomes"][3]["variant"], serde_json::Value::Null);
}

#[test]
fn cli_diff_of_a_game_against_itself_reports_no_change() {
    let out = stdout(&["diff", "first_echelon", "first_echelon"]);
    assert!(out.contains("no change"), "{out}");
}

#[test]
fn cli_diff_without_a_chart_lists_what_differs() {
    let out = stdout(&["diff", "first_echelon", MUD]);
    insta::assert_snapshot!("cli_diff_mud_overview", out);
}

/// A ladder no chart reads, written again with a wider cap, is a change
/// of the whole game: its step is what a player reads.
#[test]
fn cli_diff_without_a_chart_lists_a_changed_ladder() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("closer.rules");
    std::fs::write(
        &path,
        r#"variant "Closer" of first_echelon version "1"
ladder modified_spotting_distance "Modified Spotting Distance" {
  steps 80, 60, 40, 20, 10, 5, 4, 3, 2, 1
  start spotting_table
  modifiers { use distance_modifiers }
  at most 5 if concealment = dense_deep
}
"#,
    )
    .expect("writes the variant");
    let out = stdout(&["diff", "first_echelon", &path.to_string_lossy()]);
    assert!(out.contains("1 of 11 charts differ"), "{out}");
    assert!(out.contains("modified_spotting_distance"), "{out}");
    assert!(out.contains("5: never → 1/1"), "{out}");
}

#[test]
fn cli_diff_across_ranks_situations() {
    let out = stdout(&["diff", "first_echelon", MUD, "bog_down", "--across"]);
    insta::assert_snapshot!("cli_diff_mud_across", out);
    // `tracked` given: its group is settled. The base's net is 2 + rating
    // - bogged, one of 8 values (-2..5), each with mud on or off: 16
    // classes (the 28 situations of 7 ratings x bogged x mud, less those
    // with the same net).
    let out = stdout(&[
        "diff",
        "first_echelon",
        MUD,
        "bog_down",
        "tracked",
        "--across",
    ]);
    assert!(
        out.contains(": 16 situation classes, every one compared\n"),
        "{out}"
    );
    assert!(!out.contains("left out"), "{out}");
    let out = stdout(&[
        "diff",
        "battalion_combat_series",
        STOUT,
        "combat",
        "--across",
    ]);
    // Its four Action Ratings only move the net: a class per net, not 7^4.
    assert!(
        out.contains(": 108 situation classes, every one compared\n"),
        "{out}"
    );
}

#[test]
fn cli_sweep_over_a_named_parameter() {
    let out = stdout(&[
        "odds",
        "first_echelon",
        "bog_down",
        "tracked",
        "--sweep",
        "bog_down_rating=-3..3",
    ]);
    insta::assert_snapshot!("cli_odds_sweep_named", out);
    let out = stdout(&[
        "diff",
        "first_echelon",
        MUD,
        "bog_down",
        "tracked",
        "--sweep",
        "bog_down_rating=-1..1",
    ]);
    insta::assert_snapshot!("cli_diff_sweep_named", out);
    cw().args([
        "odds",
        "first_echelon",
        "bog_down",
        "--sweep",
        "bog_down_ratin=0..1",
    ])
    .assert()
    .failure()
    .stderr(contains("did you mean `bog_down_rating`?"));
}

#[test]
fn cli_source_prints_a_bundled_game() {
    let out = stdout(&["source", "first_echelon"]);
    assert_eq!(
        out,
        std::fs::read_to_string(crate::common::root().join("rules/first_echelon.rules"))
            .expect("rules file")
    );
    cw().args(["source", "first_echelon2"])
        .assert()
        .failure()
        .stderr(contains("did you mean `first_echelon`?"));
}

#[test]
fn cli_show_marks_what_the_variant_changed() {
    let out = stdout(&["show", STOUT, "combat"]);
    assert!(
        out.contains("Changed by the variant (bcs_stout_defense):\n  * combat_table_modifiers: prepared_defense +1 → +2"),
        "{out}"
    );
    // In place, through the modifier set the Combat Table uses.
    let marked = |out: &str, mark: char, text: &str| {
        out.lines()
            .find(|l| l.contains(text))
            .is_some_and(|l| l.starts_with(mark))
    };
    assert!(
        marked(&out, '*', "Prepared Defense  [prepared_defense]"),
        "{out}"
    );
    assert!(marked(&out, ' ', "Two Units in Defender's hex"), "{out}");
    assert!(marked(&out, ' ', "13 or more"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with(['*', '+'])).count(),
        1,
        "{out}"
    );

    let out = stdout(&["show", MUD, "bog_down"]);
    for (mark, text) in [
        ('*', "7 or more  Traverse"),
        ('*', "4-6        Bogged down OR Displace"),
        (' ', "3 or less  Bogged down"),
        ('*', "+1  Troops or tracked vehicle"),
        (' ', "[half_tracked]"),
        ('+', "-2  deep mud  [mud]"),
        ('(', "(* changed, + added by the variant `mud_season`"),
    ] {
        assert!(marked(&out, mark, text), "{mark} {text} in\n{out}");
    }
    assert!(!out.contains("Removed by the variant:"), "{out}");

    // Grid cells, options and removed lines.
    let marks = "tests/variants/show_marks.rules";
    let out = stdout(&["show", marks, "discipline_rating"]);
    assert!(marked(&out, '*', "Veteran      +3"), "{out}");
    assert!(marked(&out, ' ', "Experienced  0"), "{out}");
    assert!(marked(&out, '+', "Militia      -2"), "{out}");
    assert!(
        out.contains("Removed by the variant:\n  - Elite        +1          0           -1\n"),
        "{out}"
    );
    let out = stdout(&["show", marks, "bog_down"]);
    assert!(
        out.contains("Removed by the variant:\n  - -1  currently bogged down  [currently_bogged]"),
        "{out}"
    );
    // A plain game's chart is shown as it is.
    let out = stdout(&["show", "first_echelon", "bog_down"]);
    assert!(out.starts_with("Bog Down Table [table]"), "{out}");
}

/// A `diff` whose base and variant cannot be paired fails with the
/// library's diagnostic, the same on the command line and in the REPL.
#[test]
fn a_diff_that_cannot_pair_renders_the_librarys_diagnostic() {
    let failed = |args: &[&str]| {
        let out = cw().args(args).assert().code(1);
        String::from_utf8_lossy(&out.get_output().stderr).into_owned()
    };
    let err = failed(&["diff", "first_echelon", MUD, "bog_dwn"]);
    assert!(err.contains("chartwright::compare::unknown_chart"), "{err}");
    assert!(
        err.contains("neither `first_echelon` nor `mud_season` has a chart `bog_dwn`"),
        "{err}"
    );
    assert!(err.contains("did you mean `bog_down`?"), "{err}");
    // `rules/` holds every bundled game: not one base.
    let err = failed(&["diff", "rules", MUD, "bog_down"]);
    assert!(err.contains("chartwright::compare::not_one_game"), "{err}");
    assert!(
        err.contains("the base must be one game; these rules hold 6"),
        "{err}"
    );
    let out = cw()
        .args(["repl", "first_echelon", MUD])
        .write_stdin(
            "diff first_echelon mud_seasn bog_down\ndiff first_echelon mud_season bog_dwn\n",
        )
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("chartwright::compare::unknown_game"), "{err}");
    assert!(err.contains("did you mean `mud_season`?"), "{err}");
    assert!(err.contains("chartwright::compare::unknown_chart"), "{err}");
}

/// Reads the REPL's output up to and including the first line containing `until`.
fn read_until(out: &mut impl std::io::BufRead, until: &str) -> String {
    let mut text = String::new();
    loop {
        let mut line = String::new();
        let n = out.read_line(&mut line).expect("read the REPL's output");
        text.push_str(&line);
        if n == 0 || line.contains(until) {
            return text;
        }
    }
}

#[test]
fn repl_diff_and_reload_of_an_edited_variant() {
    use std::io::{BufReader, Read, Write};
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("mud.rules");
    std::fs::write(
        &path,
        "variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +1\n",
    )
    .expect("write");
    // One REPL: diff, edit the file, reload, diff again.
    let mut child = crate::common::command()
        .args(["repl", "first_echelon"])
        .arg(&path)
        .env("NO_COLOR", "1")
        .env("CHARTWRIGHT_SEED", "1")
        .env_remove("CHARTWRIGHT_HISTORY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the REPL");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    stdin
        .write_all(b"diff first_echelon mud bog_down tracked\n")
        .expect("write");
    let first = read_until(&mut out, "Bogged down  ");
    std::fs::write(
        &path,
        "variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +1\n\
         change bog_down row 6 or more becomes 7 or more\nchange bog_down row 4,5 becomes 4-6\n",
    )
    .expect("edit");
    stdin
        .write_all(
            b"reload\ndiff first_echelon mud bog_down tracked\ndiff first_echelon mud\nquit\n",
        )
        .expect("write");
    drop(stdin);
    let mut second = String::new();
    out.read_to_string(&mut second).expect("read");
    assert!(child.wait().expect("exit").success());
    insta::assert_snapshot!(
        "repl_diff_reload",
        format!("{first}---- edited, then:\n{second}")
    );
    assert!(
        first.contains("Traverse                 7/10  70.00%   3/5   60.00%"),
        "{first}"
    );
    assert!(
        second.contains("Traverse                 7/10  70.00%   1/2   50.00%"),
        "{second}"
    );
}

/// The REPL's `diff` takes the CLI's `--json` and `--html FILE`: the same
/// JSON as `chartwright diff --json`, and the same comparison page.
#[test]
fn repl_diff_prints_json_and_writes_the_comparison_page() {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    let page = dir.path().join("mud.html");
    let mut child = crate::common::command()
        .args(["repl", "first_echelon", MUD])
        .env("NO_COLOR", "1")
        .env_remove("CHARTWRIGHT_HISTORY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the REPL");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(
        stdin,
        "diff first_echelon mud_season bog_down tracked --json\n\
         diff first_echelon mud_season bog_down tracked --html {}\n\
         diff first_echelon mud_season bog_down --html\nquit",
        page.display()
    )
    .expect("write");
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("read");
    child.wait().expect("exit");
    // The JSON is the CLI's, byte for byte.
    let cli = stdout(&[
        "diff",
        "first_echelon",
        MUD,
        "bog_down",
        "tracked",
        "--json",
    ]);
    assert!(out.contains(cli.trim_end()), "REPL:\n{out}\nCLI:\n{cli}");
    // The page is written, and the table is printed too.
    let html = std::fs::read_to_string(&page).expect("the page was written");
    assert!(html.starts_with("<!DOCTYPE html>"), "{html:.200}");
    assert!(html.contains("Traverse"), "{html:.400}");
    assert!(
        out.contains(&format!("wrote {} ({} bytes)", page.display(), html.len())),
        "{out}"
    );
    assert!(
        out.contains("Traverse                 7/10  70.00%   1/2   50.00%"),
        "{out}"
    );
    // `--html` without a file is an error, not a page on the terminal.
    assert!(err.contains("--html takes the file to write"), "{err}");
}

#[test]
fn show_of_a_pool_variant_marks_the_changed_stage_and_keeps_the_report() {
    let out = stdout(&["show", "tests/variants/report_harder.rules", "convert"]);
    assert!(out.contains("Reports converted"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("* ")), "{out}");
}
