//! `chartwright completions SHELL`: a shell completion script
//! (`clap_complete`), generated from the one clap definition of the
//! command line, so it never drifts from it.

use super::emit_bytes;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Prints the script for the command line `cmd`.
// `Result` as every command's `main` returns, though this one cannot fail.
#[allow(clippy::unnecessary_wraps)]
pub fn main(args: &Args, cmd: clap::Command) -> Result<(), ExitCode> {
    emit_bytes(&run(args.shell, cmd));
    Ok(())
}

/// The completion script for `shell`, for the command `cmd`.
pub fn run(shell: clap_complete::Shell, mut cmd: clap::Command) -> Vec<u8> {
    let mut out = Vec::new();
    let name = cmd.get_name().to_string();
    clap_complete::generate(shell, &mut cmd, name, &mut out);
    out
}
