//! The fuzz harness bodies (`chartwright_cli::fuzzing`) on every input checked in
//! under `fuzz/corpus/<target>/`: the seeds and whatever the fuzzers found,
//! so the stable toolchain runs them in CI. A panic fails the test and
//! names the input.

use chartwright_cli::fuzzing as harness;
use std::path::{Path, PathBuf};

/// Whether a corpus file is one of those checked in (the seeds, the rules
/// files and the regressions; `fuzz/.gitignore` keeps out the rest, which a
/// local fuzzing run adds by the thousand).
fn checked_in(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.starts_with("seed")
        || name.starts_with("regress-")
        || Path::new(name).extension().is_some_and(|e| e == "rules")
}

/// Every checked-in input of one target's corpus, sorted by name.
fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = crate::common::root().join("fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && checked_in(p))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, bytes)
        })
        .collect()
}

/// Runs `body` on every input of `target`'s corpus, naming the input that
/// panics.
fn run(target: &str, body: fn(&[u8])) {
    for (path, bytes) in corpus(target) {
        let outcome = std::panic::catch_unwind(|| body(&bytes));
        assert!(outcome.is_ok(), "{target}: {} panics", path.display());
    }
}

#[test]
fn load() {
    run("load", harness::load);
}

#[test]
fn format() {
    run("format", harness::format);
}

#[test]
fn mutate() {
    run("mutate", harness::mutate);
}

#[test]
fn roll_args() {
    run("roll_args", harness::roll_args);
}

#[test]
fn repl() {
    run("repl", harness::repl_lines);
}

#[test]
fn command_line() {
    run("command_line", harness::command_line);
}

#[test]
fn lsp_edits() {
    run("lsp_edits", harness::lsp_edits);
}

#[test]
fn every_seed_loads_under_the_fuzzing_limits() {
    for (name, text) in harness::seeds() {
        let mut b = chartwright::RulesetBuilder::new().limits(harness::limits());
        b.add_str(name, text);
        assert!(b.build().is_ok(), "{name} does not load");
    }
}

#[test]
fn the_bundled_games_load_under_the_fuzzing_limits() {
    assert_eq!(
        harness::bundled().charts().count(),
        chartwright::Ruleset::bundled().map_or(0, |r| r.charts().count())
    );
}
