//! A host program that depends on chartwright with its default features
//! (tests/host/): it builds without the CLI's dependencies, loads a
//! broken file and prints the miette report that `?` gives it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

fn manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/host/Cargo.toml")
}

/// Its own target folder: the outer `cargo test` holds the main one.
fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/host")
}

/// Builds the host once per test binary; its executable.
fn host() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let out = cargo()
                .args(["build", "--quiet", "--manifest-path"])
                .arg(manifest())
                .env("CARGO_TARGET_DIR", target_dir())
                .output()
                .expect("cargo runs");
            assert!(
                out.status.success(),
                "the host does not build:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            target_dir().join("debug/chartwright-host")
        })
        .clone()
}

#[test]
fn the_library_alone_pulls_in_none_of_the_cli_dependencies() {
    let out = cargo()
        .args([
            "tree", "--quiet", "-e", "normal", "--depth", "1", "--prefix", "none",
        ])
        .args(["--package", "chartwright", "--manifest-path"])
        .arg(manifest())
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    // chartwright's own dependencies, with the features the host chose
    // (the host's miette `fancy` brings textwrap, but through miette).
    assert!(crates.contains(&"chartwright") && crates.contains(&"pest"));
    for cli_only in [
        "clap",
        "clap_complete",
        "clap_mangen",
        "rustyline",
        "anstream",
        "dirs",
        "maud",
        "textwrap",
        "terminal_size",
    ] {
        assert!(
            !crates.contains(&cli_only),
            "{cli_only} is in the host's tree:\n{tree}"
        );
    }
}

#[test]
fn a_host_gets_the_rendered_report_with_a_question_mark() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let broken = dir.path().join("broken.rules");
    std::fs::write(
        &broken,
        "game \"Demo\" version \"1\"\ntable bog_down \"Bog Down\" {\n  roll d10\n  rows { 6 or more => \"Traverse\"  3 or less => \"Bogged down\" }\n}\n",
    )
    .expect("written");
    let out = Command::new(host())
        .arg(&broken)
        .env("NO_COLOR", "1")
        .output()
        .expect("the host runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for part in [
        "chartwright::compile::uncovered_totals",
        "× no row reads 4-5",
        "broken.rules:4:3]",
        " 4 │   rows { 6 or more => \"Traverse\"  3 or less => \"Bogged down\" }",
        "╰── these rows leave a gap",
        "help: the dice give 1 to 10",
    ] {
        assert!(err.contains(part), "{part:?} is not in:\n{err}");
    }
}

#[test]
fn a_host_loads_and_computes_odds() {
    let out = Command::new(host())
        .arg("first_echelon")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("first_echelon.bog_down\n  Traverse"),
        "{text}"
    );
}
