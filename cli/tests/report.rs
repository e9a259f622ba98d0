//! Pools that report some of their counts, through the binary.

#[test]
fn show_and_the_sheet_say_which_counts_are_reported() {
    use predicates::str::contains;
    let run = |args: &[&str]| crate::common::cw().args(args).assert().success();
    run(&["show", "tests/charts/report.rules", "two"]).stdout(contains("Reports hits, kills"));
    run(&["sheet", "tests/charts/report.rules", "convert"]).stdout(contains(
        "The result is the count of <strong>converted</strong> alone.",
    ));
    // The JSON odds list the reported counts in each step's `counts`.
    let out = run(&["odds", "--json", "tests/charts/report.rules", "convert"]);
    let json: serde_json::Value =
        serde_json::from_slice(&out.get_output().stdout).expect("the odds as JSON");
    let last = &json["outcomes"][2];
    assert_eq!(last["outcome"], "2 converted");
    assert_eq!(last["path"][0]["counts"], serde_json::json!([2]));
}
