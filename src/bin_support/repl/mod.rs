//! The REPL (being written).
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(_paths: &[PathBuf]) -> Result<(), ExitCode> {
    Err(ExitCode::from(1))
}
