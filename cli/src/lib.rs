//! The `chartwright` command: check, list, show, roll and compute the odds
//! of charts, or play at the table in the REPL (the default). A thin layer
//! over the library's public API; the binary (`src/main.rs`) only calls
//! [`main`]. [`lsp::serve`] runs the language server on any connection
//! (its tests drive it in memory). [`fuzzing`] holds the fuzz harness bodies, which the fuzz
//! targets and the CLI's tests call.
//!
//! # Map
//!
//! Modules, lowest first; a module imports only those before it, and no
//! file imports another that imports it back (`tests/layout.rs` checks
//! both):
//!
//! ```text
//! stdin, changes   `-` as a rules file; a whole game compared, as data
//! render/          text, tables, diagnostics, JSON and pages: what is printed
//! commands/        one file per subcommand: its arguments, `main` for the
//!                  command line, `run` for the command line and the REPL
//! repl/, lsp/      the REPL: a typed line → a command's `run` → text; the
//!                  language server: an editor's document → diagnostics,
//!                  hover, completion, navigation
//! lib.rs, fuzzing  the command line (clap) and the fuzz harness
//! ```

#![forbid(unsafe_code)]

mod changes;
mod commands;
pub mod fuzzing;
pub mod lsp;
mod render;
mod repl;
mod stdin;

use clap::{CommandFactory, Parser, Subcommand};
use commands::{check, completions, diff, fmt, list, man, odds, roll, sheet, show, source, test};
use std::path::PathBuf;
use std::process::ExitCode;

/// Roll, check and compute the odds of the charts of tabletop wargames.
///
/// RULES is a `.rules` file, a folder of them, or a bundled game's short
/// name (`first_echelon`, `battalion_combat_series`, `command_decision`,
/// `cold_war_quick_reference`, `ogre`, `guns_of_august`). With no command,
/// starts the REPL with every bundled game loaded.
#[derive(Parser, Debug)]
#[command(name = "chartwright", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check rules files for errors (exit 0 when clean, 1 on any error).
    Check(check::Args),
    /// List the charts, their dice, modifiers and parameters.
    List(list::Args),
    /// Show a chart as a table, as on the sheet.
    Show(show::Args),
    /// Roll a chart and print the trace.
    Roll(roll::Args),
    /// The exact odds of every outcome of a chart.
    Odds(odds::Args),
    /// Check every `expect` line (exit 0 when all hold, 1 on any failure).
    Test(test::Args),
    /// Write a printable reference sheet: one self-contained HTML page with
    /// every chart (or the charts named) and a picture of each one's odds.
    Sheet(sheet::Args),
    /// Print a shell completion script (see the README to install it).
    Completions(completions::Args),
    /// Print the man page (roff), for `man -l` or a man directory.
    Man,
    /// What a variant does to the odds: each outcome's exact probability in
    /// the base and in the variant, and the change in percentage points.
    /// Without CHART, every chart that differs, with its largest change.
    Diff(diff::Args),
    /// Print a bundled game's `.rules` text, to start a variant from.
    Source(source::Args),
    /// Rewrite rules files in the canonical layout.
    ///
    /// Indentation by nesting, grids, rows and modifier blocks aligned in
    /// columns, comments kept where they stand (docs/language.md, "Layout").
    /// `--check` lists the files that are not formatted and exits 1; with no
    /// file, formats standard input to standard output.
    Fmt(fmt::Args),
    /// Start a language server for editors, on standard input and output.
    ///
    /// Diagnostics as you type, hover with exact odds, completion, outline,
    /// go to definition, references and rename; docs/editors.md says how to
    /// set up Neovim, Helix and Emacs.
    Lsp,
    /// Start the interactive REPL with the given rules (default: every bundled game).
    Repl {
        /// Files, folders or bundled game names.
        rules: Vec<PathBuf>,
    },
}

/// Runs the command line in `std::env::args` and says how it ended.
#[must_use]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// Runs one parsed command line.
fn run(cli: Cli) -> Result<(), ExitCode> {
    match cli.command {
        None => repl::run(&[]),
        Some(Command::Repl { rules }) => repl::run(&rules),
        Some(Command::Check(args)) => check::main(&args),
        Some(Command::List(args)) => list::main(args),
        Some(Command::Show(args)) => show::main(args),
        Some(Command::Roll(args)) => roll::main(args),
        Some(Command::Odds(args)) => odds::main(args),
        Some(Command::Test(args)) => test::main(&args),
        Some(Command::Sheet(args)) => sheet::main(args),
        Some(Command::Diff(args)) => diff::main(args),
        Some(Command::Source(args)) => source::main(&args),
        Some(Command::Fmt(args)) => fmt::main(&args),
        Some(Command::Completions(args)) => completions::main(&args, Cli::command()),
        Some(Command::Man) => man::main(&Cli::command()),
        Some(Command::Lsp) => lsp::main(),
    }
}
