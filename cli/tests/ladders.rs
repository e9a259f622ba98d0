//! Ladders through the binary: the trace says how the ladder moved.

#[test]
fn the_trace_of_a_ladder_read_says_how_it_moved() {
    let out = crate::common::cw()
        .args([
            "roll",
            "tests/charts/visibility.rules",
            "spot",
            "base=6",
            "smoke",
            "--seed",
            "1",
        ])
        .output()
        .expect("run chartwright");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("vs 3 or less"), "{text}");
    assert!(
        text.contains("  ladder `visibility`: start 6 -> step 6, moved -1 = 4\n"),
        "{text}"
    );
}

/// Runs the binary; (exit success, stdout, stderr).
fn run(args: &[&str]) -> (bool, String, String) {
    let out = crate::common::cw()
        .args(args)
        .output()
        .expect("run chartwright");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const ONE_OF: &str = "tests/charts/ladder_one_of.rules";

/// Both members of a ladder's `one of` group, named to the table that
/// reads the ladder: `roll` and `odds` refuse them as rolling the ladder
/// does.
#[test]
fn roll_and_odds_refuse_two_members_of_a_ladder_group() {
    for command in ["roll", "odds"] {
        for chart in ["fire_column", "fire"] {
            let (ok, out, err) = run(&[command, ONE_OF, chart, "fp=4", "target_ti", "target_tc"]);
            assert!(!ok, "{command} {chart} was accepted:\n{out}");
            assert!(
                err.contains("chartwright::roll::exclusive_conflict"),
                "{command} {chart}:\n{err}"
            );
            assert!(err.contains("(Target)"), "{command} {chart}:\n{err}");
        }
    }
}

/// The table's trace and its `--json` list the ladder's modifiers and the
/// step they moved it to.
#[test]
fn the_trace_and_json_list_a_ladder_modifiers() {
    let args = [
        "roll",
        ONE_OF,
        "fire",
        "fp=4",
        "target_ti",
        "flanking",
        "--seed",
        "1",
    ];
    let (ok, out, err) = run(&args);
    assert!(ok, "{err}");
    assert!(
        out.contains(
            "  +1     target in the open (ladder `fire_column`) [target_ti]\n  \
             +1     flanking fire (ladder `fire_column`) [flanking]\n  \
             ladder `fire_column`: start 4 -> step 4, moved +2 = 16"
        ),
        "{out}"
    );
    let (ok, out, err) = run(&[&args[..], &["--json"]].concat());
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["modifiers"], serde_json::json!([]));
    let ladder = &json["ladders"][0];
    assert_eq!(ladder["name"], "fire_column");
    assert_eq!(ladder["step"], "16");
    assert_eq!(ladder["moves"], "start 4 -> step 4, moved +2");
    let named: Vec<(&str, i64)> = ladder["modifiers"]
        .as_array()
        .expect("modifiers")
        .iter()
        .map(|m| {
            (
                m["name"].as_str().unwrap_or_default(),
                m["value"].as_i64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(named, [("target_ti", 1), ("flanking", 1)]);
}
