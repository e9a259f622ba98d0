//! Command lines at the edges: sweeps over huge ranges, loose modifiers at
//! the ends of `i64`. Each gets one clean diagnostic, the same from the
//! command line and the REPL, and never a panic or a wrapped total.

use crate::common::cw;
use crate::limits::file;
use predicates::str::contains;
use std::fmt::Write as _;

const OVER_SWEEP: &str = "chartwright::roll::over_budget";

#[track_caller]
fn odds(args: &[&str]) -> assert_cmd::assert::Assert {
    cw().args(["odds", "first_echelon"]).args(args).assert()
}

#[test]
fn a_sweep_over_all_of_i64_is_over_budget_not_a_panic() {
    for sweep in [
        "--sweep=-9223372036854775807..9223372036854775807",
        "--sweep=-9223372036854775808..9223372036854775807",
        "--sweep=bog_down_rating=-9223372036854775807..9223372036854775807",
    ] {
        odds(&["bog_down", sweep])
            .code(1)
            .stderr(contains(OVER_SWEEP))
            .stderr(contains("max_sweep_points"));
    }
}

#[test]
fn one_sweep_limit_on_the_command_line_and_in_the_repl() {
    // `max_sweep_points` is 101: -50..50 is in, -50..51 is out, by either front end.
    odds(&["bog_down", "--sweep=-50..50"]).success();
    odds(&["bog_down", "--sweep=-50..51"])
        .code(1)
        .stderr(contains("`max_sweep_points` (101)"));
    let repl = |line: &str| {
        cw().args(["repl", "first_echelon"])
            .env("NO_COLOR", "1")
            .env_remove("CHARTWRIGHT_HISTORY")
            .write_stdin(line)
            .assert()
    };
    repl("odds bog_down --sweep -50..50\n")
        .success()
        .stdout(contains("+50"));
    let out = repl("odds bog_down --sweep -50..51\n");
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("`max_sweep_points` (101)"), "{err}");
    let out =
        repl("odds bog_down --sweep bog_down_rating=-9223372036854775807..9223372036854775807\n");
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("`max_sweep_points` (101)"), "{err}");
}

#[test]
fn a_loose_modifier_past_i64_is_a_diagnostic() {
    for args in [
        ["tracked", "+9223372036854775807"],
        ["manhandled", "-9223372036854775808"],
    ] {
        // Pointed at the word, as the REPL does.
        odds(&["bog_down", args[0], args[1]])
            .code(1)
            .stderr(contains("chartwright::roll::arithmetic"))
            .stderr(contains("─[arguments:1:"))
            .stderr(contains(format!("the loose modifier `{}`", args[1])));
    }
    odds(&["bog_down", "tracked", "+1000000", "-1000000"]).success();
    odds(&["bog_down", "tracked", "+1000001"])
        .code(1)
        .stderr(contains("past ±1000000"));
    cw().args([
        "roll",
        "first_echelon",
        "bog_down",
        "tracked",
        "+9223372036854775806",
    ])
    .assert()
    .code(1)
    .stderr(contains("chartwright::roll::arithmetic"));
}

#[test]
fn wide_labels_line_up_by_display_columns() {
    let (_dir, path) = file(
        "wide.rules",
        r#"game "Wide" version "1"
table w "突撃判定表" {
  roll d6
  rows { 4 or more => "突撃成功、敵部隊は後退する"  3 or less => "失敗" }
}
"#
        .as_bytes(),
    );
    let out = cw()
        .args(["odds", &path, "w"])
        .env("COLUMNS", "80")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    // Each fraction starts at the same display column.
    let at: Vec<usize> = text
        .lines()
        .filter_map(|l| {
            l.find("1/2")
                .map(|i| textwrap::core::display_width(&l[..i]))
        })
        .collect();
    assert_eq!(at.len(), 2, "{text}");
    assert_eq!(at[0], at[1], "{text}");
}

#[test]
fn a_diff_renders_a_base_span_against_the_base_text() {
    let (_dir, mud) = file(
        "mud.rules",
        b"variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +1\n",
    );
    // The base side fails first (a missing parameter): the caret is on the
    // base's line, as `odds` on the variant puts it, not past the variant's end.
    for args in [
        vec!["diff", "first_echelon", &mud, "close_combat"],
        vec!["odds", &mud, "close_combat"],
    ] {
        cw().args(&args)
            .assert()
            .code(1)
            .stderr(contains("first_echelon (bundled):597:7"))
            .stderr(contains("±r in -5..1 \"discipline rating\""));
    }
}

/// `roll --times N` shares one budget: a fan-out chart rolled many times
/// ends with `over_budget` naming the limit, not after every roll.
#[test]
fn a_batch_of_rolls_is_within_one_budget() {
    let mut text = String::from("game \"Fan\" version \"1\"\n");
    for d in 0..8 {
        let thens = format!(" then f{}", d + 1).repeat(3);
        let _ = writeln!(
            text,
            "table f{d} \"F{d}\" {{ roll d6 rows {{ 1 or more => \"x\"{thens} }} }}"
        );
    }
    text.push_str("table f8 \"F8\" { roll d6 rows { 1 or more => \"end\" } }\n");
    let (_dir, path) = file("fan.rules", text.as_bytes());
    cw().args(["roll", &path, "f0", "--times", "1000000"])
        .assert()
        .code(1)
        .stderr(contains("chartwright::roll::over_budget"))
        .stderr(contains("max_odds_work"));
}

/// `--times` takes as many rolls as the library's batch limit, and says
/// so past it.
#[test]
fn a_batch_is_at_most_the_library_limit() {
    let most = chartwright::MAX_BATCH_ROLLS.to_string();
    let past = (u64::from(chartwright::MAX_BATCH_ROLLS) + 1).to_string();
    cw().args(["roll", "ogre", "crt", "--times", &past])
        .assert()
        .code(2)
        .stderr(contains(format!("1..={most}")));
}

/// `chartwright test` prints the first 50 failures and counts the rest, as
/// `check` does errors.
#[test]
fn test_prints_the_first_fifty_failures() {
    let mut text = String::from("game \"Many\" version \"1\"\n");
    for i in 0..200 {
        let _ = writeln!(
            text,
            "table t{i} \"T{i}\" {{ roll d6 rows {{ 4 or more => \"hi\" 3 or less => \"lo\" }} }}\nexpect t{i} => \"hi\" 1/3"
        );
    }
    let (_dir, path) = file("many.rules", text.as_bytes());
    let out = cw().args(["test", &path]).assert().code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(
        err.matches("chartwright::expect::failed").count(),
        50,
        "{err}"
    );
    assert!(
        err.contains("… and 150 more failures (the first 50 are shown)"),
        "{err}"
    );
    assert!(
        err.contains("200 expectation(s), 0 held, 200 failed"),
        "{err}"
    );
}
