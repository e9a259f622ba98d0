//! End-to-end tests of the `chartwright` binary: exit codes (0 ok, 1 errors,
//! 2 usage), diagnostics on stderr, and the output of list, show, roll and
//! odds for the bundled First Echelon game.

use crate::common::cw;

use num_rational::BigRational;
use num_traits::{One, Zero};
use predicates::prelude::*;
use predicates::str::contains;

/// The binary run with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = cw().args(args).output().expect("the binary runs");
    (
        out.status.code().expect("exited normally"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

fn stdout_of(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?} failed:\n{err}");
    out
}

fn no_ansi() -> impl Predicate<str> {
    contains("\u{1b}[").not()
}

// ---------------------------------------------------------------------------
// check

#[test]
fn check_rules_folder_is_clean() {
    cw().args(["check", "rules/"])
        .assert()
        .code(0)
        .stderr(contains("ok: 6 game(s)").and(contains("no errors")));
}

#[test]
fn check_each_rules_file_is_clean() {
    for entry in std::fs::read_dir(crate::common::root().join("rules")).unwrap() {
        let path = entry.unwrap().path();
        cw().arg("check").arg(&path).assert().code(0);
    }
}

#[test]
fn check_bad_file_reports_the_diagnostic() {
    cw().args(["check", "tests/diagnostics/overlapping_rows.rules"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            contains("chartwright::compile::overlapping_rows")
                .and(contains("rows overlap: both read 6"))
                .and(contains("tests/diagnostics/overlapping_rows.rules:7:5"))
                .and(contains("overlaps this row"))
                .and(contains("help: each total must be read by one row only"))
                .and(no_ansi()),
        );
}

#[test]
fn check_reports_every_error_of_a_file() {
    cw().args(["check", "tests/diagnostics/several_errors.rules"])
        .assert()
        .code(1)
        .stderr(
            contains("chartwright::compile::duplicate_name")
                .and(contains("chartwright::compile::overlapping_rows"))
                .and(contains("chartwright::compile::uncovered_totals")),
        );
}

#[test]
fn check_syntax_error() {
    cw().args(["check", "tests/diagnostics/missing_arrow.rules"])
        .assert()
        .code(1)
        .stderr(
            contains("chartwright::parse::syntax")
                .and(contains("expected `,` or `=>`"))
                .and(contains("missing_arrow.rules:6:15")),
        );
}

#[test]
fn check_good_and_bad_files_together_fails() {
    cw().args([
        "check",
        "first_echelon",
        "tests/diagnostics/unknown_keyword.rules",
    ])
    .assert()
    .code(1)
    .stderr(contains("unknown keyword `tabel`").and(contains("ok:").not()));
}

#[test]
fn check_without_arguments_is_a_usage_error() {
    cw().arg("check")
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("Usage").and(contains("<RULES>")));
}

#[test]
fn unknown_command_is_a_usage_error() {
    cw().arg("chekc").assert().code(2).stderr(contains("Usage"));
}

#[test]
fn check_missing_file() {
    cw().args(["check", "tests/diagnostics/no_such_file.rules"])
        .assert()
        .code(1)
        .stderr(
            contains("chartwright::load::not_found")
                .and(contains(
                    "no such file: tests/diagnostics/no_such_file.rules",
                ))
                .and(contains("first_echelon")),
        );
}

#[test]
fn check_non_utf8_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.rules");
    std::fs::write(&path, b"game \"x\" version \"1\"\n# Man\x9cuvre\n").unwrap();
    cw().arg("check")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains("chartwright::load::not_utf8").and(contains("not UTF-8")));
}

#[test]
fn check_folder_without_rules_files() {
    let dir = tempfile::tempdir().unwrap();
    cw().arg("check")
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(contains("chartwright::load::no_rules"));
}

#[test]
fn check_bundled_game_from_another_folder() {
    let dir = tempfile::tempdir().unwrap();
    cw().current_dir(dir.path())
        .args(["check", "first_echelon"])
        .assert()
        .code(0)
        .stderr(contains("ok: 1 game(s)"));
}

#[test]
fn check_every_bundled_game_by_name() {
    let dir = tempfile::tempdir().unwrap();
    cw().current_dir(dir.path())
        .args([
            "check",
            "first_echelon",
            "battalion_combat_series",
            "command_decision",
            "cold_war_quick_reference",
            "ogre",
            "guns_of_august",
        ])
        .assert()
        .code(0)
        .stderr(contains("ok: 6 game(s)"));
}

// ---------------------------------------------------------------------------
// list and show

#[test]
fn list_shows_charts_and_modifiers() {
    cw().args(["list", "first_echelon"])
        .assert()
        .code(0)
        .stdout(
            contains("Battlefront: First Echelon (version 1.3) [first_echelon]")
                .and(contains("bog_down"))
                .and(contains("Bog Down Table"))
                .and(contains("manoeuvre"))
                .and(contains("bail_out"))
                .and(contains("tracked"))
                .and(contains("half_tracked"))
                .and(contains("manhandled"))
                .and(contains("currently_bogged"))
                .and(contains("bog_down_rating"))
                .and(contains("-3..3"))
                .and(no_ansi()),
        );
}

#[test]
fn list_shows_decimal_bounds_exactly() {
    // guns_of_august's `defense` is `in 0.5..1000`: not rounded to 1..1000.
    let out = stdout_of(&["list", "guns_of_august"]);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("defense "))
        .unwrap_or_else(|| panic!("no line for defense:\n{out}"));
    assert!(line.contains("=N 0.5..1000"), "{line}");
    let json = stdout_of(&["list", "guns_of_august", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("list --json is JSON");
    let defense = v["games"][0]["charts"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["name"] == "crt"))
        .and_then(|c| c["inputs"].as_array())
        .and_then(|is| is.iter().find(|i| i["name"] == "defense"))
        .unwrap_or_else(|| panic!("no defense input:\n{json}"));
    assert_eq!(
        defense["bounds"],
        serde_json::json!([0.5, 1000]),
        "{defense}"
    );
}

#[test]
fn show_prints_a_results_grid_as_printed() {
    // ogre's crt is typed as `results { 1: NE NE NE D D ... }`: one line per
    // roll, one cell per odds column, not one line per outcome.
    let out = stdout_of(&["show", "ogre", "crt"]);
    for line in [
        "Roll  1-2  1-1  2-1  3-1  4-1",
        "1     NE   NE   NE   D    D",
        "5     D    X    X    X    X",
        "6     X    X    X    X    X",
    ] {
        assert!(out.contains(line), "no `{line}` in:\n{out}");
    }
    assert!(
        out.contains("the odds `attack` to `defense`"),
        "the value is named:\n{out}"
    );
}

#[test]
fn list_line_of_a_fixed_modifier_has_its_value() {
    let out = stdout_of(&["list", "first_echelon"]);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("tracked "))
        .unwrap_or_else(|| panic!("no line for tracked:\n{out}"));
    assert!(line.contains("+2"), "{line}");
    assert!(line.contains("Troops or tracked vehicle"), "{line}");
}

#[test]
fn show_prints_the_rows() {
    cw().args(["show", "first_echelon", "bog_down"])
        .assert()
        .code(0)
        .stdout(
            contains("Bog Down Table")
                .and(contains("d10"))
                .and(contains("6 or more"))
                .and(contains("Traverse"))
                .and(contains("Bogged down OR Displace"))
                .and(contains("3 or less"))
                .and(contains("tracked")),
        );
}

#[test]
fn show_unknown_chart_suggests() {
    cw().args(["show", "first_echelon", "bog_dwn"])
        .assert()
        .code(1)
        .stderr(contains("no chart named `bog_dwn`").and(contains("did you mean `bog_down`?")));
}

// ---------------------------------------------------------------------------
// roll

#[test]
fn roll_with_a_seed_is_deterministic() {
    let args = [
        "roll",
        "first_echelon",
        "bog_down",
        "tracked",
        "--seed",
        "7",
    ];
    let first = stdout_of(&args);
    let second = stdout_of(&args);
    assert_eq!(first, second);
    assert!(first.contains("Bog Down Table"), "{first}");
    assert!(first.contains("Troops or tracked vehicle"), "{first}");
    assert!(first.contains("=> "), "{first}");
}

#[test]
fn different_seeds_give_different_rolls() {
    let outputs: Vec<String> = (1..=8)
        .map(|seed| {
            let seed = seed.to_string();
            stdout_of(&[
                "roll",
                "first_echelon",
                "bog_down",
                "tracked",
                "--seed",
                &seed,
            ])
        })
        .collect();
    assert!(
        outputs.iter().any(|o| o != &outputs[0]),
        "eight seeds all gave:\n{}",
        outputs[0]
    );
}

#[test]
fn roll_json() {
    let out = stdout_of(&[
        "roll",
        "first_echelon",
        "bog_down",
        "tracked",
        "bog_down_rating=-1",
        "--seed",
        "7",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("roll --json is JSON");
    for key in ["chart", "dice", "modifiers", "total", "outcome"] {
        assert!(v.get(key).is_some(), "no `{key}` in {v}");
    }
    assert_eq!(v["chart"], "first_echelon.bog_down");
    let dice = v["dice"].as_array().expect("dice is a list");
    assert_eq!(dice.len(), 1);
    assert_eq!(dice[0]["sides"], 10);
    let face = dice[0]["faces"][0].as_i64().expect("a face");
    assert!((1..=10).contains(&face), "{face}");
    let modifiers: i64 = v["modifiers"]
        .as_array()
        .expect("modifiers is a list")
        .iter()
        .map(|m| m["value"].as_i64().expect("a value"))
        .sum();
    assert_eq!(modifiers, 1, "tracked +2, bog_down_rating -1");
    assert_eq!(v["total"].as_i64(), Some(face + modifiers));

    // Same seed, same JSON.
    let again = stdout_of(&[
        "roll",
        "first_echelon",
        "bog_down",
        "tracked",
        "bog_down_rating=-1",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(out, again);
}

#[test]
fn roll_many_times_shows_observed_beside_exact() {
    let out = stdout_of(&[
        "roll",
        "first_echelon",
        "bog_down",
        "tracked",
        "--times",
        "2000",
        "--seed",
        "1",
    ]);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("observed")).collect();
    assert_eq!(lines.len(), 3, "one line per outcome:\n{out}");
    for (outcome, fraction, exact) in [
        ("Traverse", "7/10", "70.00%"),
        ("Bogged down OR Displace", "1/5", "20.00%"),
        ("Bogged down", "1/10", "10.00%"),
    ] {
        let line = lines
            .iter()
            .find(|l| l.trim_start().split("  ").next().map(str::trim) == Some(outcome))
            .unwrap_or_else(|| panic!("no line for {outcome}:\n{out}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.contains(&fraction), "{line}");
        assert!(words.contains(&exact), "{line}");
        let observed: f64 = line
            .split("observed")
            .nth(1)
            .and_then(|s| s.trim().trim_end_matches('%').trim().parse().ok())
            .unwrap_or_else(|| panic!("no observed percentage in {line}"));
        let exact: f64 = exact.trim_end_matches('%').parse().unwrap();
        // 2000 rolls: within five standard deviations (about 5 points).
        assert!((observed - exact).abs() < 5.0, "{line}");
    }
    // Deterministic with the seed.
    assert_eq!(
        out,
        stdout_of(&[
            "roll",
            "first_echelon",
            "bog_down",
            "tracked",
            "--times",
            "2000",
            "--seed",
            "1"
        ])
    );
}

#[test]
fn roll_unknown_modifier_suggests() {
    cw().args(["roll", "first_echelon", "bog_down", "trackd", "--seed", "1"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            contains("chartwright::roll::unknown_name")
                .and(contains("`trackd`"))
                .and(contains("did you mean `tracked`?"))
                .and(contains("arguments:1:1")),
        );
}

#[test]
fn roll_conflicting_modifiers_names_both() {
    cw().args(["roll", "first_echelon", "bog_down", "tracked", "manhandled"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            contains("chartwright::roll::exclusive_conflict")
                .and(contains("`tracked`"))
                .and(contains("`manhandled`"))
                .and(contains("Mobility")),
        );
}

#[test]
fn roll_out_of_bounds_param() {
    cw().args(["roll", "first_echelon", "bog_down", "bog_down_rating=9"])
        .assert()
        .code(1)
        .stderr(contains("chartwright::roll::out_of_bounds").and(contains("-3..3")));
}

#[test]
fn roll_unknown_chart_suggests() {
    cw().args(["roll", "first_echelon", "bog_dwn"])
        .assert()
        .code(1)
        .stderr(contains("no chart named `bog_dwn`").and(contains("did you mean `bog_down`?")));
}

// ---------------------------------------------------------------------------
// odds

#[test]
fn odds_prints_exact_fractions() {
    let out = stdout_of(&["odds", "first_echelon", "bog_down", "tracked"]);
    let traverse = out
        .lines()
        .find(|l| l.trim_start().starts_with("Traverse"))
        .unwrap_or_else(|| panic!("no Traverse line:\n{out}"));
    assert!(traverse.contains("7/10"), "{traverse}");
    assert!(traverse.contains("70.00%"), "{traverse}");
    assert!(out.contains("1/5") && out.contains("1/10"), "{out}");
}

#[test]
fn odds_json_contract() {
    let out = stdout_of(&["odds", "first_echelon", "bog_down", "tracked", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("odds --json is JSON");
    assert_eq!(v["chart"], "first_echelon.bog_down");
    let outcomes = v["outcomes"].as_array().expect("outcomes is a list");
    assert_eq!(outcomes.len(), 3);
    let mut sum = BigRational::zero();
    for o in outcomes {
        let name = o["outcome"].as_str().expect("outcome is text");
        let p: BigRational = o["probability"]
            .as_str()
            .expect("probability is text")
            .parse()
            .unwrap_or_else(|e| panic!("{name}: probability is not n/d: {e}"));
        let percent = o["percent"].as_f64().expect("percent is a number");
        let exact = p.numer().to_string().parse::<f64>().unwrap()
            / p.denom().to_string().parse::<f64>().unwrap()
            * 100.0;
        assert!(
            (percent - exact).abs() < 1e-9,
            "{name}: {percent} vs {exact}"
        );
        sum += p;
    }
    assert!(sum.is_one(), "probabilities sum to {sum}");
    let traverse = outcomes
        .iter()
        .find(|o| o["outcome"] == "Traverse")
        .expect("a Traverse outcome");
    assert_eq!(traverse["probability"], "7/10");
}

#[test]
fn odds_sweep_prints_a_column_per_modifier() {
    let out = stdout_of(&[
        "odds",
        "first_echelon",
        "bog_down",
        "tracked",
        "--sweep",
        "-2..2",
    ]);
    let mut lines = out.lines();
    let header = lines.next().expect("a header");
    let columns: Vec<&str> = header.split_whitespace().skip(2).collect();
    assert_eq!(columns, ["-2", "-1", "+0", "+1", "+2"], "{header}");
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 3, "{out}");
    for row in &rows {
        let cells = row.split_whitespace().filter(|w| w.ends_with('%')).count();
        assert_eq!(cells, 5, "{row}");
    }
    // The +0 column is the plain odds: Traverse 70%.
    let traverse = rows
        .iter()
        .find(|r| r.starts_with("Traverse"))
        .expect("a Traverse row");
    let cells: Vec<&str> = traverse.split_whitespace().skip(1).collect();
    assert_eq!(cells, ["50.00%", "60.00%", "70.00%", "80.00%", "90.00%"]);
}

#[test]
fn odds_sweep_of_a_name_alone_steps_through_what_changes_the_odds() {
    // Defense 2: the least attack for each column is 2 x its odds, and
    // below 1-1 the least attack there is, 1 (1 to 2).
    let out = stdout_of(&[
        "odds",
        "guns_of_august",
        "crt",
        "defense=2",
        "--sweep",
        "attack",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let steps: Vec<&str> = v["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["step"].as_str())
        .collect();
    assert_eq!(
        steps,
        [
            "1 (below 1-1)",
            "2 (at 1-1)",
            "4 (at 2-1)",
            "6 (at 3-1)",
            "8 (at 4-1)",
            "10 (at 5-1)",
            "12 (at 6-1)",
            "14 (at 7-1 or more)"
        ]
    );
    assert_eq!(v["exhaustive"], true);
    // At 3-1 (6 to 2), a d6 reads DE on 6 only: 1/6.
    let at_3_1 = &v["steps"][3];
    assert_eq!(at_3_1["choices"], "defense=2 attack=6");
    let de = at_3_1["odds"]["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .find(|o| o["outcome"] == "DE")
        .expect("DE");
    assert_eq!(de["probability"], "1/6");
    // In text, columns with the same odds share a heading: at net 0, a d6
    // reads 1-1 and 2-1 alike (their rows differ only at 0).
    let out = stdout_of(&[
        "odds",
        "guns_of_august",
        "crt",
        "defense=2",
        "--sweep",
        "attack",
    ]);
    assert!(out.contains("2 (at 1-1) to 4 (at 2-1)"), "{out}");
    // A flag: off and on (Bog Down with tracked +2: Traverse 50% → 70%).
    let out = stdout_of(&["odds", "first_echelon", "bog_down", "--sweep", "tracked"]);
    let traverse = out
        .lines()
        .find(|l| l.starts_with("Traverse"))
        .expect("Traverse");
    assert_eq!(
        traverse.split_whitespace().skip(1).collect::<Vec<_>>(),
        ["50.00%", "70.00%"],
        "{out}"
    );
    // A param read in a sum: neighbours with the same odds share a column,
    // and the steps cover every value (no note says otherwise).
    let out = stdout_of(&[
        "odds",
        "cold_war_quick_reference",
        "activation",
        "markers=1",
        "--sweep",
        "tokens",
    ]);
    assert!(out.starts_with("tokens "), "{out}");
    assert!(out.contains("4 to 20"), "{out}");
    assert!(!out.contains("tried at chosen values"), "{out}");
}

#[test]
fn odds_sweep_json() {
    let out = stdout_of(&[
        "odds",
        "first_echelon",
        "bog_down",
        "--sweep",
        "-1..1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("sweep --json is JSON");
    assert_eq!(v["chart"], "first_echelon.bog_down");
    let columns = v["sweep"].as_array().expect("a list of columns");
    assert_eq!(columns.len(), 3);
    for (c, want) in columns.iter().zip([-1, 0, 1]) {
        assert_eq!(c["modifier"], want);
        assert!(c["odds"]["outcomes"].is_array(), "{c}");
    }
}

#[test]
fn odds_bad_sweep_is_a_usage_error() {
    cw().args(["odds", "first_echelon", "bog_down", "--sweep", "3..-3"])
        .assert()
        .code(2)
        .stderr(contains("--sweep"));
}

#[test]
fn odds_unknown_chart_suggests() {
    cw().args(["odds", "first_echelon", "bog_dwn"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            contains("chartwright::roll::unknown_chart").and(contains("did you mean `bog_down`?")),
        );
}

#[test]
fn odds_unknown_option_suggests() {
    cw().args([
        "odds",
        "first_echelon",
        "manoeuvre",
        "unit_rating=veteren",
        "order_status=good_order",
    ])
    .assert()
    .code(1)
    .stderr(contains("chartwright::roll::unknown_option").and(contains("did you mean `veteran`?")));
}

#[test]
fn an_option_two_choices_share_must_be_qualified() {
    let (code, _, err) = run(&[
        "roll",
        "first_echelon",
        "fire_combat",
        "raw",
        "attack=direct",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("chartwright::roll::ambiguous_option"), "{err}");
    assert!(
        err.contains("`unit_rating=raw` or `target_discipline=raw`"),
        "{err}"
    );
}

#[test]
fn trace_shows_the_score_and_a_best_result_cap() {
    // Morale reads `morale - total`: the trace shows the score the rows read.
    let out = stdout_of(&[
        "roll",
        "command_decision",
        "morale_results",
        "morale=7",
        "in_cover",
        "--seed",
        "3",
    ]);
    assert!(out.contains("score"), "{out}");
    // 2d6 + 1 under Prepared Defense: a total above Partial is capped, and says so.
    let capped: Vec<String> = (0..40)
        .map(|seed| {
            stdout_of(&[
                "roll",
                "battalion_combat_series",
                "snafu",
                "fresh",
                "prepared_defense",
                "--seed",
                &seed.to_string(),
            ])
        })
        .filter(|o| o.contains("capped"))
        .collect();
    // 2d6 + 1 >= 7 happens 26 times in 36: some of 40 seeds are capped.
    assert!(!capped.is_empty());
    assert!(
        capped.iter().all(|o| o.contains("=> Partial")),
        "{capped:?}"
    );
}

#[test]
fn loose_extra_modifiers_count_and_show() {
    // natural d10 + 2 (tracked) + 2 (extra) - 1 (extra).
    let out = stdout_of(&[
        "roll",
        "first_echelon",
        "bog_down",
        "tracked",
        "+2",
        "-1",
        "--seed",
        "3",
    ]);
    assert!(out.contains("extra modifier"), "{out}");
    let natural: i64 = out
        .split("(natural ")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .and_then(|s| s.parse().ok())
        .expect("the trace shows the natural roll");
    assert!(out.contains(&format!("total    {}", natural + 3)), "{out}");
    // d10 + 2 - 1 >= 6 <=> natural >= 5: 6/10 = 3/5.
    let odds = stdout_of(&["odds", "first_echelon", "bog_down", "tracked", "-1"]);
    assert!(odds.contains("3/5"), "{odds}");
}

// ---------------------------------------------------------------------------
// No silent defaults: a missing or zero argument is an error

#[test]
fn roll_times_zero_is_a_usage_error() {
    let (code, out, err) = run(&["roll", "first_echelon", "bog_down", "--times", "0"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, "");
    assert!(err.contains("--times"), "{err}");
}

#[test]
fn roll_without_a_needed_param_is_an_error() {
    let (code, out, err) = run(&[
        "roll",
        "battalion_combat_series",
        "combat",
        "defender_ar=2",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("chartwright::roll::missing_param"), "{err}");
    assert!(err.contains("`attacker_ar`"), "{err}");
}

// ---------------------------------------------------------------------------
// Traces that show every side and every moved target

#[test]
fn roll_trace_shows_both_sides_of_an_opposed_roll() {
    let out = stdout_of(&[
        "roll",
        "first_echelon",
        "close_combat",
        "att.discipline=1",
        "def.discipline=0",
        "att.close_combat_rating=0",
        "def.close_combat_rating=1",
        "att.foothold",
        "--seed",
        "2",
    ]);
    let sides: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("att ") || l.starts_with("def "))
        .collect();
    assert_eq!(sides.len(), 2, "{out}");
    assert!(sides[0].contains("+2 ="), "{out}");
    assert!(sides[1].contains("+1 ="), "{out}");
    assert!(out.contains("difference"), "{out}");
    assert!(!out.contains("(natural"), "{out}");
    let json = stdout_of(&[
        "roll",
        "first_echelon",
        "close_combat",
        "att.discipline=1",
        "def.discipline=0",
        "att.close_combat_rating=0",
        "def.close_combat_rating=1",
        "--seed",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["sides"].as_array().map(Vec::len), Some(2), "{json}");
    assert_eq!(v["sides"][1]["modifier"], 1, "{json}");
}

#[test]
fn roll_under_trace_prints_the_moved_target() {
    let out = stdout_of(&[
        "roll",
        "command_decision",
        "ammo_depletion",
        "caliber=37",
        "armored_car",
        "--seed",
        "1",
    ]);
    assert!(
        out.lines()
            .any(|l| l.contains("vs 4 or less") && l.contains("the modifiers move the target")),
        "{out}"
    );
    assert!(!out.contains("total"), "{out}");
}

// ---------------------------------------------------------------------------
// `show` and `odds` say what the rules say

#[test]
fn odds_on_notes_says_notes_have_no_odds() {
    let (code, out, err) = run(&["odds", "first_echelon", "turn_sequence"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out, "", "no 100% outcome");
    assert!(err.contains("notes have no odds"), "{err}");
    assert!(err.contains("chartwright::roll::no_odds"), "{err}");
}

#[test]
fn show_prints_signs_conditions_and_aligned_modifiers() {
    let bail = stdout_of(&["show", "first_echelon", "bail_out"]);
    assert!(
        bail.lines()
            .any(|l| l.trim_start().starts_with("+r  Any MPV")),
        "+r is shown as +r:\n{bail}"
    );
    let grid = stdout_of(&["show", "first_echelon", "discipline_rating"]);
    assert!(
        grid.lines()
            .any(|l| l.contains("Elite") && l.contains("+1") && l.contains("-1")),
        "cells with signs:\n{grid}"
    );
    let man = stdout_of(&["show", "first_echelon", "manoeuvre"]);
    assert!(
        man.contains("Helicopters return to base if helicopter else Panic"),
        "{man}"
    );
    assert!(man.contains("unless helicopter and not landed"), "{man}");
    assert!(!man.contains("(if ...)"), "{man}");
    // Every modifier line's label starts in the same column.
    let columns: Vec<usize> = man
        .lines()
        .skip_while(|l| !l.starts_with("Modifiers:"))
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with("only one of"))
        // Lines that start a modifier (a wrapped label continues below).
        .filter(|l| l.trim_start().starts_with(['+', '-', '±', '0']))
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            let start = chars.iter().position(|c| *c != ' ').unwrap_or(0);
            start
                + chars[start..]
                    .windows(2)
                    .position(|w| w == [' ', ' '])
                    .unwrap_or(0)
        })
        .collect();
    assert!(columns.len() > 5, "{man}");
    assert!(
        columns.windows(2).all(|w| w[0] == w[1]),
        "{columns:?}\n{man}"
    );
}

// ---------------------------------------------------------------------------
// Expectations: `chartwright test`

#[test]
fn test_every_bundled_expectation_holds() {
    let (code, out, err) = run(&["test", "rules/"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.starts_with("ok: "), "{err}");
    assert!(err.contains(" 0 failed"), "{err}");
}

#[test]
fn every_bundled_chart_carries_an_expectation() {
    let rules = chartwright::Ruleset::bundled().unwrap();
    let named: Vec<String> = rules
        .expectations()
        .iter()
        .map(|e| format!("{}.{}", e.game, e.chart))
        .collect();
    for chart in rules.charts() {
        assert!(
            named.contains(&chart.qualified_name()),
            "no expectation for {}",
            chart.qualified_name()
        );
    }
}

#[test]
fn test_failure_is_a_diagnostic_on_the_expect_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wrong.rules");
    std::fs::write(
        &path,
        r#"game "Wrong" version "1"
table bog_down "Bog Down" {
  roll d10
  modifiers { tracked +2 "tracked" }
  rows { 6 or more => "Traverse"  5 or less => "Bogged down" }
}
expect bog_down tracked => "Traverse" 7/10
expect bog_down => "Traverse" 7/10
expect bog_down natural 5 => "Traverse"
expect bog_down => error missing_param
"#,
    )
    .unwrap();
    let (code, out, err) = run(&["test", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("chartwright::expect::failed"), "{err}");
    assert!(
        err.contains("expected `Traverse` 7/10, got `Traverse` 1/2"),
        "{err}"
    );
    assert!(err.contains("wrong.rules:8:1"), "{err}");
    assert!(
        err.contains("expected `Traverse`, got `Bogged down`"),
        "{err}"
    );
    assert!(
        err.contains("expected error `missing_param`, got odds"),
        "{err}"
    );
    assert!(err.contains("4 expectation(s), 1 held, 3 failed"), "{err}");
}

#[test]
fn test_checks_a_variants_own_expectations_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mud.rules");
    std::fs::write(
        &path,
        r#"variant "Mud season" of first_echelon version "1"
change bog_down.tracked +1
change bog_down row 6 or more becomes 7 or more
change bog_down row 4,5 becomes 4-6
add bog_down.mud -2 "deep mud"
# Tracked +1, mud -2: Traverse on 7+ <=> natural 8-10.
expect bog_down tracked mud => "Traverse" 3/10
"#,
    )
    .unwrap();
    let (code, out, err) = run(&["test", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // The base's own expectations would not hold here: they are not counted.
    assert!(
        err.contains("ok: 1 expectation(s), 1 held, 0 failed"),
        "{err}"
    );
}

/// Every place that lists the bundled games names each of them: `--help`
/// (and so the man page), the README, and the REPL and embedding guides.
#[test]
fn every_list_of_bundled_games_names_them_all() {
    let help = cw().arg("--help").output().expect("runs");
    let mut lists = vec![(
        "--help".to_owned(),
        String::from_utf8_lossy(&help.stdout).into_owned(),
    )];
    for doc in ["README.md", "docs/repl.md", "docs/embedding.md"] {
        let text = std::fs::read_to_string(crate::common::root().join(doc)).expect("the doc");
        lists.push((doc.to_owned(), text));
    }
    for (place, text) in &lists {
        for game in chartwright::bundled::names() {
            assert!(text.contains(game), "{place} does not name `{game}`");
        }
    }
}

/// `--sweep NAME=A..B` beside `NAME=V` takes over, and says which value it
/// replaced, in `odds` and in `diff`.
#[test]
fn a_sweep_takes_over_a_parameter_given_beside_it() {
    let out = cw()
        .args([
            "odds",
            "guns_of_august",
            "crt",
            "attack=3",
            "defense=1",
            "--sweep",
            "attack=1..4",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        text.starts_with(
            "(the sweep attack=1..4 replaces attack=3)\nattack       1       2       3       4\n"
        ),
        "{text}"
    );
    // At 3 to 1, as `odds ... attack=3` alone: DE 1/6.
    assert!(
        text.contains("DE       0.00%   0.00%  16.67%  33.33%"),
        "{text}"
    );
    let out = cw()
        .args([
            "diff",
            "first_echelon",
            "docs/variants/mud_season.rules",
            "bog_down",
            "bog_down_rating=1",
            "--sweep",
            "bog_down_rating=-1..1",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        text.starts_with("(the sweep bog_down_rating=-1..1 replaces bog_down_rating=1)\n"),
        "{text}"
    );
}

/// `Display` for a library `Roll` is the trace `chartwright roll` prints
/// (without colour, on a line wide enough not to wrap): a host gets the
/// CLI's trace without rewriting it.
#[test]
fn a_roll_displays_as_the_cli_prints_its_trace() {
    use rand::SeedableRng;
    let rules = crate::common::load("first_echelon");
    let args = "target_discipline=veteran attack=direct df_weapon=4 mounted";
    for seed in 1..=20u64 {
        let out = cw()
            .env("COLUMNS", "300")
            .args(["roll", "first_echelon", "fire_combat"])
            .args(args.split(' '))
            .args(["--seed", &seed.to_string()])
            .assert()
            .success();
        let cli = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        let chart = rules.chart("fire_combat").expect("the chart");
        let choices = chartwright::Choices::parse(args).expect("choices");
        let mut dice = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let roll = chart.roll(&choices, &mut dice).expect("a roll");
        assert_eq!(roll.to_string(), cli, "seed {seed}");
    }
}

// ---------------------------------------------------------------------------
// sheet

/// `sheet a.rules b.rules`: both files on one page, not a chart named
/// `b.rules`; a chart named after them is still a chart.
#[test]
fn sheet_takes_several_files() {
    let page = stdout_of(&["sheet", "rules/ogre.rules", "rules/guns_of_august.rules"]);
    assert!(
        page.contains(r#"id="ogre.crt""#),
        "Ogre's CRT is on the page"
    );
    assert!(
        page.contains(r#"id="guns_of_august.crt""#),
        "the Guns of August's CRT is on the page"
    );
    let one = stdout_of(&[
        "sheet",
        "rules/ogre.rules",
        "rules/guns_of_august.rules",
        "ogre.crt",
    ]);
    assert!(one.contains(r#"id="ogre.crt""#) && !one.contains(r#"id="guns_of_august.crt""#));
}

/// `odds --sweep` cuts long outcome labels only while they stay apart:
/// paths that differ past the cut are printed whole.
#[test]
fn sweep_labels_are_cut_only_while_they_stay_apart() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("melee.rules");
    std::fs::write(
        &path,
        r#"game "Melee" version "1"
table melee "Melee" {
  roll d6
  rows {
    5 or more => "Both sides Disrupted and lose 1 base, attacker first" then decide
    4 or less => "Both sides Disrupted and lose 1 base, defender first" then decide
  }
}
table decide "Decide" {
  roll d6
  rows {
    4 or more => "Attacker wins"
    3 or less => "Defender wins"
  }
}
"#,
    )
    .expect("written");
    let file = path.to_str().expect("a UTF-8 path");
    let out = stdout_of(&["odds", file, "melee", "--sweep=0..1"]);
    for whole in [
        "Both sides Disrupted and lose 1 base, attacker first -> Attacker wins",
        "Both sides Disrupted and lose 1 base, defender first -> Defender wins",
    ] {
        assert!(out.contains(whole), "{whole}\n{out}");
    }
}
