//! `odds --outcome GROUP` end to end, and the order `odds` lists a
//! results column in: the command line's text and JSON and the REPL,
//! against fractions worked by hand on `tests/charts/groups.rules` (column
//! 7 of its CRT gives 1, 2, 2, 3, 4, 5 hits on faces 1-6),
//! `tests/charts/order.rules` and First Echelon's Bog Down Table.

use crate::common::{cw, root};

fn fixture() -> String {
    root()
        .join("tests/charts/groups.rules")
        .to_string_lossy()
        .into_owned()
}

fn stdout(args: &[&str]) -> String {
    let out = cw().args(args).env("NO_COLOR", "1").assert().success();
    String::from_utf8_lossy(&out.get_output().stdout).into_owned()
}

#[test]
fn odds_gives_each_group_asked_for_after_the_outcomes() {
    let rules = fixture();
    let out = stdout(&[
        "odds",
        &rules,
        "crt",
        "firepower=7",
        "--outcome",
        "any of 3, 4, 5",
        "--outcome",
        "at least 2",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    // Faces 4-6 give 3, 4, 5 hits: 1/2; faces 2-6 give 2 or more: 5/6.
    let any = lines[lines.len() - 2]
        .split_whitespace()
        .collect::<Vec<_>>();
    let least = lines[lines.len() - 1]
        .split_whitespace()
        .collect::<Vec<_>>();
    assert_eq!(
        any[..6],
        ["any", "of", "\"3\",", "\"4\",", "\"5\"", "1/2"],
        "{out}"
    );
    assert_eq!(least[..4], ["at", "least", "2", "5/6"], "{out}");
    // Bog Down, tracked (+2): Traverse 7/10 and Bogged down 1/10.
    let out = stdout(&[
        "odds",
        "first_echelon",
        "bog_down",
        "tracked",
        "--outcome",
        "any of Traverse, \"Bogged down\"",
    ]);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.contains("4/5") && last.contains("80.00%"), "{out}");
}

#[test]
fn odds_json_adds_the_groups() {
    let rules = fixture();
    let out = stdout(&[
        "odds",
        &rules,
        "volley",
        "--outcome",
        "at least 2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    // Three dice hitting on 5+: 6/27 + 1/27.
    assert_eq!(v["groups"][0]["group"], "at least 2");
    assert_eq!(v["groups"][0]["probability"], "7/27");
    // The outcomes are still there, as without a group.
    assert_eq!(v["outcomes"].as_array().map(Vec::len), Some(4));
    let plain = stdout(&["odds", &rules, "volley", "--json"]);
    let plain: serde_json::Value = serde_json::from_str(&plain).expect("JSON");
    assert!(plain.get("groups").is_none());
}

#[test]
fn a_group_that_does_not_read_is_a_usage_error() {
    let rules = fixture();
    cw().args([
        "odds",
        &rules,
        "crt",
        "firepower=7",
        "--outcome",
        "at least two",
    ])
    .env("NO_COLOR", "1")
    .assert()
    .code(2)
    .stderr(predicates::str::contains(
        "`at least two` is not a group of outcomes",
    ));
    cw().args(["odds", &rules, "crt", "--outcome", "2", "--sweep", "-1..1"])
        .assert()
        .code(2);
}

#[test]
fn the_repl_asks_for_a_group_last_on_the_line() {
    let out = cw()
        .args(["repl", &fixture()])
        .env("NO_COLOR", "1")
        .env_remove("CHARTWRIGHT_HISTORY")
        .write_stdin("odds groups.crt firepower=7 leader --outcome at least 3\nodds groups.crt --outcome at most\n")
        .assert();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    // With the leader: 2, 2, 3, 4, 5, 5 hits; 3 or more on faces 3-6.
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("at least 3"))
        .unwrap_or_else(|| panic!("no group line:\n{text}"));
    assert!(line.contains("2/3"), "{line}");
    assert!(
        format!("{text}{err}")
            .contains("`at most` is not a group of outcomes: the bound is missing"),
        "{text}{err}"
    );
}

/// `tests/charts/order.rules`: column 2 prints 6, 7, 8 from the top,
/// though the grid shows column 1's `8` first. Every front end lists them
/// in the column's order.
#[test]
fn odds_list_a_results_column_as_it_prints_it() {
    let rules = root().join("tests/charts/order.rules");
    let rules = rules.to_string_lossy();
    let names = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_owned)
            .collect()
    };
    let out = stdout(&["odds", &rules, "crt", "fp=2"]);
    assert_eq!(names(&out), ["6", "7", "8"], "{out}");
    let json = stdout(&["odds", &rules, "crt", "fp=2", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let listed: Vec<&str> = v["outcomes"]
        .as_array()
        .map(|a| a.iter().filter_map(|o| o["outcome"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(listed, ["6", "7", "8"]);
    let repl = cw()
        .args(["repl", &rules])
        .env("NO_COLOR", "1")
        .env_remove("CHARTWRIGHT_HISTORY")
        .write_stdin("odds crt fp=2\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&repl.get_output().stdout).into_owned();
    assert_eq!(names(&text), ["6", "7", "8"], "{text}");
    // The fixture's own expectations hold (`test` exits 1 if one fails).
    cw().args(["test", &rules]).assert().success();
}
