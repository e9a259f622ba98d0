//! The REPL driven by piped transcripts (standard input not a terminal):
//! every command, and every error path, through the real binary.

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;
use std::io::Write;
use std::path::Path;

const DEMO: &str = r#"game "Demo" version "2"
table bog_down "Demo Bog Down" {
  roll d10
  modifiers { tracked +2 "tracked vehicle" }
  rows { 6 or more => "Traverse"  4,5 => "Bogged down" or "Displace"  3 or less => "Bogged down" }
}
"#;

/// The binary as a REPL over `rules`, with fixed dice and no colour.
fn repl(rules: &[&str]) -> Command {
    let mut c = crate::common::cw();
    c.arg("repl")
        .args(rules)
        .env("CHARTWRIGHT_SEED", "1")
        .env("NO_COLOR", "1")
        .env_remove("CHARTWRIGHT_HISTORY");
    c
}

fn run(rules: &[&str], script: &str) -> assert_cmd::assert::Assert {
    repl(rules).write_stdin(script).assert()
}

fn fe(script: &str) -> assert_cmd::assert::Assert {
    run(&["first_echelon"], script)
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stdout).into_owned()
}

fn stderr(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write a rules file");
    p.display().to_string()
}

#[test]
fn roll_shows_dice_modifiers_total_row_and_outcome() {
    fe("roll bog_down tracked bog_down_rating=-1\n")
        .success()
        .stdout(contains("Bog Down Table (first_echelon.bog_down)"))
        .stdout(contains("dice     1d10:"))
        .stdout(contains("+2     Troops or tracked vehicle [tracked]"))
        .stdout(contains(
            "-1     vehicle's bog down rating [bog_down_rating]",
        ))
        .stdout(contains("total"))
        .stdout(contains("row"))
        .stdout(contains("=> "))
        .stderr("");
}

#[test]
fn a_chart_name_alone_rolls_it_qualified_or_not() {
    fe("bog_down half_tracked\nfirst_echelon.bog_down currently_bogged\n")
        .success()
        .stdout(contains("[half_tracked]"))
        .stdout(contains("[currently_bogged]"));
}

#[test]
fn choices_and_loose_modifiers() {
    fe("roll manoeuvre unit_rating=veteran order_status=suppressed\nroll bog_down +2 -1\n")
        .success()
        .stdout(contains("Manoeuvre Table"))
        .stdout(contains("extra modifier [+1]"));
}

#[test]
fn output_has_no_colour_when_not_a_terminal() {
    let a = fe("roll bog_down tracked\nodds bog_down\n").success();
    assert!(!stdout(&a).contains('\x1b'));
}

#[test]
fn same_seed_same_rolls() {
    let a = fe("seed 5\nbog_down\nseed 5\nbog_down\n").success();
    let out = stdout(&a);
    let parts: Vec<&str> = out.split("seed 5\n").collect();
    assert_eq!(parts.len(), 3, "{out}");
    assert_eq!(parts[1], parts[2]);
    // CHARTWRIGHT_SEED makes whole runs repeatable.
    let b = fe("seed 5\nbog_down\nseed 5\nbog_down\n").success();
    assert_eq!(out, stdout(&b));
    let c = fe("seed\n").success();
    assert_eq!(stdout(&c), "seed 1\n");
}

#[test]
fn again_rolls_the_last_roll_with_new_dice() {
    let a = fe("roll bog_down tracked\nagain\nagain\n").success();
    assert_eq!(stdout(&a).matches("[tracked]").count(), 3);
    fe("again\n")
        .failure()
        .code(1)
        .stderr(contains("nothing to roll again yet"));
    fe("again twice\n")
        .failure()
        .stderr(contains("takes no arguments"));
}

#[test]
fn odds_and_sweep() {
    fe("odds bog_down tracked\n")
        .success()
        .stdout(contains("first_echelon.bog_down"))
        .stdout(contains("Traverse"))
        .stdout(contains("7/10"))
        .stdout(contains("70.00%"));
    fe("odds manoeuvre unit_rating=veteran order_status=suppressed --sweep -2..2\n")
        .success()
        .stdout(contains("net modifier"))
        .stdout(contains("+2"));
    fe("odds bog_down --sweep 3..1\n")
        .failure()
        .stderr(contains("`3..1` is not a range"));
    fe("odds bog_down --sweep\n")
        .failure()
        .stderr(contains("needs a range"));
    fe("odds bog_down --fast\n")
        .failure()
        .stderr(contains("not an option"));
}

#[test]
fn show_wraps_to_the_width_like_the_command_line() {
    // Manoeuvre's modifiers run past 60 columns; both surfaces wrap them at
    // word boundaries, identically.
    let a = repl(&["first_echelon"])
        .env("COLUMNS", "60")
        .write_stdin("show manoeuvre\n")
        .assert()
        .success();
    let shown = stdout(&a);
    let cli = crate::common::cw()
        .args(["show", "first_echelon", "manoeuvre"])
        .env("COLUMNS", "60")
        .env("NO_COLOR", "1")
        .assert()
        .success();
    let cli = stdout(&cli);
    assert!(cli.lines().count() > 10, "{cli}");
    for line in cli.lines() {
        assert!(line.chars().count() <= 60, "too wide: {line:?}");
    }
    assert!(
        shown.contains(cli.trim_end()),
        "the REPL's show differs from the CLI's:\n{shown}\n---\n{cli}"
    );
    assert!(shown.contains("command radius: the commander, or within 5 of an"));
    // A table cell continues under its own column, not under the roll.
    assert!(
        cli.contains("  3 or more   Manoeuvre for two actions OR Regroup and\n              manoeuvre for one action"),
        "{cli}"
    );
    assert!(cli.contains("    +1  command radius: the commander, or within 5 of an\n        undisordered commander"), "{cli}");
}

#[test]
fn show_list_and_games() {
    fe("show bog_down\n")
        .success()
        .stdout(contains("Bog Down Table"))
        .stdout(contains("Modifiers:"));
    fe("list\n")
        .success()
        .stdout(contains(
            "Battlefront: First Echelon (version 1.3) [first_echelon]",
        ))
        .stdout(contains("bog_down_rating"));
    fe("list first_echelon\n")
        .success()
        .stdout(contains("manoeuvre"));
    let a = fe("list bog_down\n").success();
    assert!(stdout(&a).starts_with("  bog_down"), "{}", stdout(&a));
    assert!(!stdout(&a).contains("manoeuvre"));
    fe("list first_echelom\n")
        .failure()
        .stderr(contains("no game or chart named `first_echelom`"))
        .stderr(contains("did you mean `first_echelon`?"));
    fe("games\n")
        .success()
        .stdout(contains("first_echelon"))
        .stdout(contains(
            "Battlefront: First Echelon (version 1.3), 20 charts",
        ));
}

#[test]
fn starts_with_every_bundled_game() {
    let mut c = crate::common::cw();
    let a = c
        .env("CHARTWRIGHT_SEED", "1")
        .env("NO_COLOR", "1")
        .write_stdin("games\nroll first_echelon.bog_down tracked\n")
        .assert();
    let out = stdout(&a);
    assert!(out.contains("first_echelon"), "{out}");
    assert!(out.contains("[tracked]"), "{out}");
}

#[test]
fn help_lists_and_explains() {
    let a = fe("help\n").success();
    for cmd in [
        "roll", "odds", "again", "show", "list", "games", "load", "reload", "seed", "history",
        "help", "quit",
    ] {
        assert!(stdout(&a).contains(&format!("  {cmd}")), "{cmd}");
    }
    fe("help roll\n")
        .success()
        .stdout(contains("usage: roll CHART"))
        .stdout(contains("example:"));
    fe("help rol\n")
        .failure()
        .stderr(contains("no command named `rol`"))
        .stderr(contains("did you mean `roll`?"));
}

#[test]
fn history_numbers_the_commands_typed() {
    fe("games\n\n# a comment\nseed 3\nhistory\n")
        .success()
        .stdout(contains("   1  games\n   2  seed 3\n"));
}

#[test]
fn blank_lines_and_comments_are_ignored() {
    fe("\n   \n# roll nothing\n\t# indented comment\n")
        .success()
        .stdout("")
        .stderr("");
}

#[test]
fn quit_stops_reading() {
    fe("quit\nroll no_such_chart\n").success();
    fe("exit\nroll no_such_chart\n").success();
}

#[test]
fn unknown_modifier_points_at_the_word_with_a_suggestion() {
    let a = fe("roll bog_down trackd\nroll bog_down tracked\n")
        .failure()
        .code(1);
    let err = stderr(&a);
    assert!(
        err.contains("`bog_down` has no modifier, choice or parameter `trackd`"),
        "{err}"
    );
    assert!(err.contains("did you mean `tracked`?"), "{err}");
    assert!(err.contains("[input:1:15]"), "{err}");
    assert!(err.contains("roll bog_down trackd"), "{err}");
    // The next line still ran.
    assert!(stdout(&a).contains("[tracked]"));
}

#[test]
fn roll_errors_each_have_a_diagnostic() {
    let cases = [
        ("roll bog_down tracked manhandled", "cannot both apply"),
        (
            "roll manoeuvre unit_rating=veteren order_status=suppressed",
            "did you mean `veteran`?",
        ),
        ("roll bog_down bog_down_rating=9", "outside -3..3"),
        ("roll bog_down bog_down_rating=abc", "expected"),
        ("roll bog_down tracked tracked", "given twice"),
        ("roll bog_down =3", "is not a choice"),
        ("roll bog_down +x", "`+x` is not a modifier"),
        ("roll bog_dwn", "did you mean `bog_down`?"),
        ("show bog_dwn", "did you mean `bog_down`?"),
        ("odds bog_dwn", "no chart named `bog_dwn`"),
        ("rol bog_down", "did you mean `roll`?"),
        ("xyzzy", "neither a command nor a chart"),
        ("roll", "`roll` needs a chart name"),
        ("show", "`show` needs a chart name"),
        ("show a b", "`show` takes one chart"),
        ("seed abc", "`abc` is not a seed"),
        ("reload now", "`reload` takes no arguments"),
        ("games all", "`games` takes no arguments"),
        ("history 3", "takes no arguments"),
        ("load", "`load` needs a file"),
        ("help a b", "one argument at most"),
        (
            &format!("roll bog_down {}", "x".repeat(500)),
            "is not a name",
        ),
    ];
    for (line, want) in cases {
        let a = fe(&format!("{line}\n")).failure().code(1);
        let err = stderr(&a);
        assert!(err.contains(want), "{line:?}: {err}");
        assert!(err.contains("input"), "{line:?} has no source shown: {err}");
    }
}

#[test]
fn an_ambiguous_chart_lists_the_candidates() {
    let dir = tempfile::tempdir().expect("tempdir");
    let demo = write(dir.path(), "demo.rules", DEMO);
    let a = run(
        &["first_echelon", &demo],
        "roll bog_down\nroll demo.bog_down tracked\n",
    )
    .failure();
    let err = stderr(&a);
    assert!(
        err.contains("`bog_down` names charts in several games"),
        "{err}"
    );
    assert!(err.contains("first_echelon.bog_down"), "{err}");
    assert!(err.contains("demo.bog_down"), "{err}");
    assert!(stdout(&a).contains("Demo Bog Down"));
}

#[test]
fn load_adds_games_and_keeps_the_old_ones_on_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let demo = write(dir.path(), "demo.rules", DEMO);
    let broken = write(
        dir.path(),
        "broken.rules",
        "game \"Broken\" version \"1\"\ntable x {\n",
    );
    fe(&format!("load {demo}\ngames\ndemo.bog_down\n"))
        .success()
        .stdout(contains("loaded demo: Demo (version 2), 1 chart"))
        .stdout(contains("Demo Bog Down"));
    let a = fe(&format!(
        "load {broken}\nload {}/missing.rules\nload first_echelon\nroll bog_down tracked\ngames\n",
        dir.path().display()
    ))
    .failure();
    let err = stderr(&a);
    assert!(err.contains("broken.rules"), "{err}");
    assert!(err.contains("no such file"), "{err}");
    assert!(err.contains("loaded twice"), "{err}");
    assert!(err.contains("still in use"), "{err}");
    assert!(stdout(&a).contains("[tracked]"));
    assert!(!stdout(&a).contains("Broken"));
    // A bundled game by name.
    fe("load command_decision\ngames\n").stdout(contains("command_decision"));
}

#[test]
fn reload_rereads_every_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let demo = write(dir.path(), "demo.rules", DEMO);
    run(
        &[&demo, "first_echelon"],
        "roll bog_down\nreload\ndemo.bog_down tracked\n",
    )
    .failure()
    .stderr(contains("names charts in several games"))
    .stdout(contains("reloaded 2 game(s)"))
    .stdout(contains("Demo Bog Down"));
    run(&[&demo], "reload\nbog_down tracked\n")
        .success()
        .stdout(contains("reloaded 1 game(s), 1 chart(s)"))
        .stdout(contains("Demo Bog Down"));
}

#[test]
fn reload_after_an_edit_while_the_repl_runs() {
    // The file is edited while the REPL runs: broken, then fixed.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("demo.rules");
    std::fs::write(&path, DEMO).expect("write");
    let demo = path.display().to_string();
    let mut child = crate::common::command()
        .args(["repl", &demo])
        .env("CHARTWRIGHT_SEED", "1")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "roll bog_down tracked").expect("write");
    stdin.flush().expect("flush");
    // Give the REPL time to load before the file changes under it.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    std::fs::write(&path, "game \"Demo\" version \"3\"\ntable {\n").expect("break");
    writeln!(stdin, "reload\nroll bog_down tracked").expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(std::time::Duration::from_millis(500));
    std::fs::write(
        &path,
        DEMO.replace("\"Traverse\"", "\"Onward\"")
            .replace("\"2\"", "\"4\""),
    )
    .expect("fix");
    writeln!(stdin, "reload\ngames\nodds bog_down tracked").expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the failed reload fails the script"
    );
    assert!(stderr.contains("kept the last good rules"), "{stderr}");
    assert_eq!(stdout.matches("Demo Bog Down").count(), 2, "{stdout}");
    assert!(stdout.contains("Demo (version 4)"), "{stdout}");
    assert!(stdout.contains("Onward"), "{stdout}");
}

#[test]
fn a_broken_file_at_start_is_reported_and_the_rest_loads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = write(
        dir.path(),
        "broken.rules",
        "game \"Broken\" version \"1\"\ntable x {\n",
    );
    let a = run(&[&broken, "first_echelon"], "roll bog_down tracked\n")
        .failure()
        .code(1);
    let err = stderr(&a);
    assert!(err.contains("broken.rules"), "{err}");
    assert!(err.contains("not loaded"), "{err}");
    assert!(stdout(&a).contains("[tracked]"));
}

#[test]
fn bad_input_bytes_do_not_stop_the_repl() {
    repl(&["first_echelon"])
        .write_stdin(b"roll bog_down \xff\xfe\nroll bog_down tracked\r\n".to_vec())
        .assert()
        .failure()
        .stdout(contains("[tracked]"));
}

#[test]
fn a_clean_script_exits_zero() {
    fe("games\nlist\nshow bog_down\nroll bog_down tracked\nagain\nodds bog_down\nseed 9\nhistory\nhelp\nhelp odds\nreload\n")
        .success()
        .stderr("");
}

#[test]
fn scripts_get_no_prompt_and_no_banner() {
    fe("games\n")
        .success()
        .stdout(predicate::str::contains("chartwright>").not())
        .stdout(predicate::str::starts_with("first_echelon"));
}

#[test]
fn odds_sweep_of_a_name_alone_steps_through_what_changes_the_odds() {
    // Tracked +2 on a d10: Traverse 50% off, 70% on; a range sweep and a
    // name sweep cannot be given together.
    let a = fe("odds bog_down --sweep tracked\nodds bog_down --sweep tracked --sweep -1..1\n");
    let out = stdout(&a);
    let traverse = out
        .lines()
        .find(|l| l.starts_with("Traverse"))
        .expect("Traverse");
    assert_eq!(
        traverse.split_whitespace().skip(1).collect::<Vec<_>>(),
        ["50.00%", "70.00%"],
        "{out}"
    );
    assert!(
        stderr(&a).contains("`--sweep` is given twice"),
        "{}",
        stderr(&a)
    );
}
