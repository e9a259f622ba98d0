//! Neovim's built-in LSP client attached to `chartwright lsp`: the Lua in
//! `neovim/lsp.lua` opens a copy of Ogre with an error, and checks the
//! diagnostic, a hover's odds, a definition, the code lens and a
//! formatting as Neovim received them. Debian's `neovim` (0.7 or later) is what CI installs;
//! without it the test says so and passes.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long Neovim may take for the whole script.
const PATIENCE: Duration = Duration::from_secs(120);

fn neovim_found() -> bool {
    Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn neovim_receives_the_diagnostic_hover_definition_lens_and_formatting() {
    if !neovim_found() {
        eprintln!("SKIPPED: no `nvim` on PATH (Debian's `neovim` package runs this test)");
        return;
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    // Ogre with its results grid's row 6 written as 7: no row reads 6.
    let ogre = chartwright::bundled::source("ogre").expect("bundled");
    let broken = ogre.replace("    6:              X", "    7:              X");
    assert_ne!(broken, ogre, "the row to break is in Ogre");
    let rules = folder.path().join("ogre.rules");
    std::fs::write(&rules, broken).expect("written");
    let report = folder.path().join("report.txt");
    let script = crate::common::root().join("cli/tests/neovim/lsp.lua");
    let mut child = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("CHARTWRIGHT_BIN", crate::common::BIN)
        .env("CHARTWRIGHT_RULES", &rules)
        .env("CHARTWRIGHT_REPORT", &report)
        .env(
            "CHARTWRIGHT_LAID_OUT",
            crate::common::root().join("rules/ogre.rules"),
        )
        // Neovim's own files (its LSP log) go to the temporary folder.
        .env("XDG_STATE_HOME", folder.path())
        .env("XDG_CACHE_HOME", folder.path())
        .env("XDG_DATA_HOME", folder.path())
        .current_dir(folder.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nvim starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("nvim took over {PATIENCE:?}: {}", read(&report));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let said = read(&report);
    assert!(
        status.success() && said.ends_with("all checks passed\n"),
        "nvim exited with {status}:\n{said}"
    );
    // Every check ran: the diagnostic's four, the edit, the hover's five,
    // the definition's two (each request answered), the lens's two and
    // the formatting's three.
    let checks = said.lines().filter(|l| l.starts_with("ok: ")).count();
    assert!(checks >= 21, "{checks} checks:\n{said}");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}
