//! What the CLI's tests share: the one way to run the binary, the
//! workspace's root (the tests name rules and docs relative to it), and a
//! bundled game loaded through the library.

use chartwright::Ruleset;
use std::path::{Path, PathBuf};

/// The `chartwright` binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_chartwright");

/// The workspace's root, where `rules/`, `docs/` and `tests/` are.
pub fn root() -> PathBuf {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    cli.parent().unwrap_or(cli).to_path_buf()
}

/// The binary, run from the workspace's root.
pub fn command() -> std::process::Command {
    let mut cmd = std::process::Command::new(BIN);
    cmd.current_dir(root());
    cmd
}

/// The binary from the workspace's root, colour off, `COLUMNS` unset, with
/// `assert_cmd`'s assertions.
pub fn cw() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::from_std(command());
    cmd.env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS");
    cmd
}

/// Loads `rules/<game>.rules`, panicking with the rendered errors if it fails.
#[track_caller]
pub fn load(game: &str) -> Ruleset {
    let path = root().join(format!("rules/{game}.rules"));
    match Ruleset::from_file(&path) {
        Ok(r) => r,
        Err(e) => panic!("{} does not load:\n{e}", path.display()),
    }
}
