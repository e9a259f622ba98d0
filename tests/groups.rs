//! Outcome groups (`any of`, `at least`, `at most`) on a test fixture
//! (`tests/charts/groups.rules`): its `expect` lines hold, a wrong group
//! fails with the sum it got and its terms, and a host asks the odds for a
//! group. Fractions are worked in the fixture's comments.

use chartwright::{check_expectations, Choices, OutcomeGroup, Ruleset};

fn fixture_text() -> String {
    let path = format!("{}/tests/charts/groups.rules", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn load(text: &str) -> Ruleset {
    Ruleset::from_str("groups", text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_fixture_expectations_hold() {
    let report = check_expectations(&load(&fixture_text()));
    assert_eq!(report.checked, 14);
    assert!(report.passed(), "{:?}", report.failures);
}

#[test]
fn a_wrong_group_fails_with_what_it_counted() {
    let mut text = fixture_text();
    // Column 7 gives 3, 4 and 5 hits on faces 4, 5, 6: 1/2, not 7/12.
    text.push_str("expect crt firepower=7 => any of \"3\", \"4\", \"5\" 7/12\n");
    // Face 5 on the morale table reads Hold.
    text.push_str("expect morale natural 5 => any of \"Rout\", \"Retreat\"\n");
    // No outcome of column 7 is 6 or more.
    text.push_str("expect crt firepower=7 => at least 6 1/6\n");
    // At least 2 is 5/6, not certain.
    text.push_str("expect crt firepower=7 => at least 2\n");
    let report = check_expectations(&load(&text));
    assert_eq!(report.checked, 18);
    let got: Vec<(&str, &str)> = report
        .failures
        .iter()
        .map(|f| (f.expected.as_str(), f.got.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "any of \"3\", \"4\", \"5\" 7/12",
                "any of \"3\", \"4\", \"5\" 1/2"
            ),
            ("any of \"Rout\", \"Retreat\"", "`Hold`, not in the group"),
            ("at least 6 1/6", "at least 6 0"),
            ("always at least 2", "at least 2 5/6"),
        ]
    );
    assert_eq!(
        report.failures[0].help.as_deref(),
        Some("the group counts \"3\" 1/6 + \"4\" 1/6 + \"5\" 1/6")
    );
    assert!(report.failures[2]
        .help
        .as_deref()
        .is_some_and(|h| h.starts_with("no outcome is in the group; the outcomes are: \"1\" 1/6")));
}

#[test]
fn a_host_asks_the_odds_of_a_group() {
    let rules = load(&fixture_text());
    let odds = |chart: &str, args: &str, group: &str| {
        let o = rules
            .chart(chart)
            .and_then(|c| c.odds(&Choices::parse(args)?))
            .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
        let group: OutcomeGroup = group.parse().unwrap_or_else(|e| panic!("{e}"));
        o.group_probability(&group).fraction()
    };
    // With the leader: 2, 2, 3, 4, 5, 5 hits; 4 or more on faces 4-6.
    assert_eq!(odds("crt", "firepower=7 leader", "at least 4"), "1/2");
    assert_eq!(odds("crt", "firepower=7 leader", "any of 2, 5"), "2/3");
    // One outcome is a group of one: Hold on 5-6.
    assert_eq!(odds("morale", "", "Hold"), "1/3");
    // A pool's `2 hits` reads as 2: at most 1 hit is 8/27 + 12/27.
    assert_eq!(odds("volley", "", "at most 1"), "20/27");
}
