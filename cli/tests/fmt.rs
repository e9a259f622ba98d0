//! `chartwright fmt` end to end: files rewritten in place, `--check`
//! listing those not formatted, a folder's `.rules` files, standard input
//! to standard output, and a file that does not parse left as it is with
//! its diagnostic. The layout expected is written out by hand here.

use crate::common::cw;
use predicates::prelude::PredicateBooleanExt as _;
use predicates::str::contains;

const MESSY: &str = "game \"Demo\"  version \"1\"\ntable hit \"To Hit\" { roll d6\n rows { 1-2 => \"Miss\" 3-6 => \"Hit\" } }\n";

const TIDY: &str = "game \"Demo\" version \"1\"\ntable hit \"To Hit\" {\n  roll d6\n  rows {\n    1-2 => \"Miss\"\n    3-6 => \"Hit\"\n  }\n}\n";

const BROKEN: &str =
    "game \"Demo\" version \"1\"\ntable hit \"To Hit\" { roll d6 rows { 1-2 => } }\n";

#[test]
fn check_lists_what_fmt_then_rewrites() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let messy = dir.path().join("messy.rules");
    let tidy = dir.path().join("tidy.rules");
    let other = dir.path().join("notes.txt");
    std::fs::write(&messy, MESSY).expect("written");
    std::fs::write(&tidy, TIDY).expect("written");
    std::fs::write(&other, MESSY).expect("written");
    let folder = dir.path().to_str().expect("a UTF-8 path");
    // `--check` lists the file not formatted, rewrites nothing, exits 1.
    cw().args(["fmt", "--check", folder])
        .assert()
        .code(1)
        .stdout(contains("messy.rules"))
        .stdout(contains("tidy.rules").not())
        .stderr(contains("1 of 2 file(s) not formatted"));
    assert_eq!(std::fs::read_to_string(&messy).expect("read"), MESSY);
    // `fmt` rewrites it (and only the folder's `.rules` files).
    cw().args(["fmt", folder])
        .assert()
        .success()
        .stderr(contains("formatted"));
    assert_eq!(std::fs::read_to_string(&messy).expect("read"), TIDY);
    assert_eq!(std::fs::read_to_string(&other).expect("read"), MESSY);
    cw().args(["fmt", "--check", folder])
        .assert()
        .success()
        .stdout("");
}

#[test]
fn standard_input_is_formatted_to_standard_output() {
    cw().arg("fmt")
        .write_stdin(MESSY)
        .assert()
        .success()
        .stdout(TIDY);
    cw().args(["fmt", "--check"])
        .write_stdin(MESSY)
        .assert()
        .code(1)
        .stdout("<stdin>\n");
    cw().args(["fmt", "--check", "-"])
        .write_stdin(TIDY)
        .assert()
        .success();
}

#[test]
fn a_file_that_does_not_parse_is_left_as_it_is() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let broken = dir.path().join("broken.rules");
    std::fs::write(&broken, BROKEN).expect("written");
    cw().args(["fmt", broken.to_str().expect("a UTF-8 path")])
        .assert()
        .code(1)
        .stderr(contains("chartwright::parse::syntax"));
    assert_eq!(std::fs::read_to_string(&broken).expect("read"), BROKEN);
}

#[test]
fn the_bundled_games_are_formatted() {
    cw().args(["fmt", "--check", "rules/"])
        .assert()
        .success()
        .stdout("");
}
