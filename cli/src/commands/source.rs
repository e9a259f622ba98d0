//! `chartwright source GAME`: a bundled game's `.rules` text, to start a
//! variant from.

use super::{emit, fail};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A bundled game's short name.
    game: String,
}

/// Prints the text, or an error naming the bundled games.
pub fn main(args: &Args) -> Result<(), ExitCode> {
    emit(run(&args.game).map_err(|e| fail(&e))?);
    Ok(())
}

/// A bundled game's text, or the error to print.
pub fn run(game: &str) -> Result<&'static str, String> {
    chartwright::bundled::source(game).ok_or_else(|| {
        let names: Vec<&str> = chartwright::bundled::names().collect();
        let hint = chartwright::suggest::closest(game, names.iter().copied())
            .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
        format!(
            "error: no bundled game `{game}`{hint}; the bundled games are: {}\n",
            names.join(", ")
        )
    })
}
