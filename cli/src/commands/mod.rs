//! The subcommands, one file each: the command line's arguments (`Args`),
//! what `chartwright COMMAND` does with them (`main`), and, for a command
//! the REPL has too (`show`, `list`, `roll`, `odds`, `diff`, `test`), the
//! `run` both of them call, which prints nothing and returns the text. A
//! command renders through [`crate::render`]; the command line prints
//! through the helpers here.
//!
//! `sweep` is the `--sweep` option that `odds` and `diff` take.

pub mod check;
pub mod completions;
pub mod diff;
pub mod fmt;
pub mod list;
pub mod man;
pub mod odds;
pub mod roll;
pub mod sheet;
pub mod show;
pub mod source;
pub mod sweep;
pub mod test;

use crate::render::diagnostic;
use chartwright::{ChartRef, Choices, LoadErrors, RollError, Ruleset, RulesetBuilder};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The name under which diagnostics show the choices typed on the command
/// line.
pub const ARGUMENTS: &str = "arguments";

/// Writes to standard output; a closed pipe (`| head`) ends the program
/// quietly instead of panicking.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = anstream::stdout();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// Writes bytes to standard output as they are (no colour stripping).
pub fn emit_bytes(bytes: &[u8]) {
    use std::io::Write;
    let mut out = std::io::stdout();
    if out.write_all(bytes).and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// Prints rendered diagnostics to standard error: exit status 1.
pub fn fail(rendered: &str) -> ExitCode {
    anstream::eprint!("{rendered}");
    ExitCode::from(1)
}

/// Loads rules files, folders and bundled games (`-` is standard input).
pub fn load(paths: &[PathBuf]) -> Result<Ruleset, LoadErrors> {
    let mut b = RulesetBuilder::new();
    for p in paths {
        if !crate::stdin::add_if_dash(&mut b, p) {
            b.add_path(p);
        }
    }
    b.build()
}

/// [`load`], printing the diagnostics when the rules do not load.
pub fn load_or_report(paths: &[PathBuf]) -> Result<Ruleset, ExitCode> {
    load(paths).map_err(|e| fail(&diagnostic::load_errors(&e)))
}

/// Writes to a file (`-` or none is standard output) and says where on
/// standard error.
pub fn write(path: Option<&Path>, text: &str) -> Result<(), ExitCode> {
    match path {
        None => {
            emit(text);
            Ok(())
        }
        Some(p) if p == Path::new("-") => {
            emit(text);
            Ok(())
        }
        Some(p) => match std::fs::write(p, text) {
            Ok(()) => {
                anstream::eprintln!("wrote {} ({} bytes)", p.display(), text.len());
                Ok(())
            }
            Err(e) => {
                anstream::eprintln!("error: cannot write {}: {e}", p.display());
                Err(ExitCode::from(1))
            }
        },
    }
}

/// A chart and the choices typed for it, parsed once for `roll` and `odds`.
pub struct ChartRequest<'r> {
    ruleset: &'r Ruleset,
    /// The chart.
    pub chart: ChartRef<'r>,
    /// The choices.
    pub choices: Choices,
    /// Loose `+N` / `-N` words, summed.
    pub extra: i64,
    /// The choices as typed, for pointing diagnostics into them.
    text: String,
}

impl<'r> ChartRequest<'r> {
    /// The chart `chart` of `ruleset` with the words typed after it.
    pub fn new(ruleset: &'r Ruleset, chart: &str, words: &[String]) -> Result<Self, ExitCode> {
        let report =
            |e: &RollError, text: &str| fail(&diagnostic::roll_error(e, ruleset, text, ARGUMENTS));
        let chart = ruleset.chart(chart).map_err(|e| report(&e, ""))?;
        let text = words.join(" ");
        let (choices, extra) = Choices::parse_with_extra(&text).map_err(|e| report(&e, &text))?;
        Ok(Self {
            ruleset,
            chart,
            choices,
            extra,
            text,
        })
    }

    /// Prints a roll error against the typed choices; exit status 1.
    pub fn fail(&self, e: &RollError) -> ExitCode {
        fail(&diagnostic::roll_error(
            e,
            self.ruleset,
            &self.text,
            ARGUMENTS,
        ))
    }
}
