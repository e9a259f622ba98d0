//! A typed line's own problems, before the library sees it: a line or a
//! word too long to look up, an unknown command. Rendered as the library's
//! diagnostics are, pointing into the line.

use super::command::{self, ChartArgs, CommandError, Word};
use crate::render::diagnostic;
use miette::{Diagnostic, LabeledSpan};

/// A problem with a typed line that is not the library's: an unknown
/// command, a bad seed. Rendered like the library's diagnostics.
#[derive(Debug)]
pub struct LineError {
    /// What is wrong.
    pub message: String,
    /// Where in the line, in bytes.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// How to fix it.
    pub help: Option<String>,
    /// Its stable code (`chartwright::repl::…`).
    pub code: &'static str,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LineError {}

impl Diagnostic for LineError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            LabeledSpan::new_primary_with_span(
                Some("here".into()),
                (self.start, self.end - self.start),
            ),
        )))
    }
}

impl From<CommandError> for LineError {
    fn from(e: CommandError) -> Self {
        Self {
            message: e.message,
            start: e.start,
            end: e.end,
            help: e.help,
            code: "chartwright::repl::command",
        }
    }
}

/// Renders a [`LineError`] against the typed line, with the same theme as
/// the library's diagnostics.
// Callers build the error in the call.
#[allow(clippy::needless_pass_by_value)]
pub fn render_line_error(e: LineError, line: &str) -> String {
    diagnostic::render(&chartwright::Clipped::new(&e, "input", line))
}

/// Longest line the REPL runs, in bytes: far more than any command needs,
/// and small enough that editing, completing and rendering a line stay cheap.
pub const MAX_LINE: usize = 4096;

/// The diagnostic for a line over [`MAX_LINE`] bytes: `len` of them if
/// known (the line itself is not shown: it may be anything).
pub fn line_too_long(len: Option<usize>) -> String {
    let size = len.map_or_else(
        || "this line".to_string(),
        |n| format!("a line of {n} bytes"),
    );
    diagnostic::render(&chartwright::Clipped::without_source(&LineError {
        message: format!("{size} is too long: a line holds at most {MAX_LINE} bytes"),
        start: 0,
        end: 0,
        help: Some("type one command a line; `help` lists them".into()),
        code: "chartwright::repl::line_too_long",
    }))
}

/// Names longer than this are not looked up (nor typo-matched, which is
/// quadratic in the length): no chart or modifier is named so.
pub const MAX_NAME: usize = 100;

/// The diagnostic for a word over [`MAX_NAME`] bytes, pointing at it.
pub fn too_long(word: &Word, line: &str) -> String {
    render_line_error(
        LineError {
            message: format!(
                "a word of {} characters is not a name",
                word.text.chars().count()
            ),
            start: word.start,
            end: word.end,
            help: Some("`list` shows the charts and what each takes".into()),
            code: "chartwright::repl::too_long",
        },
        line,
    )
}

/// Rejects over-long words among a chart's arguments.
pub fn check_lengths(line: &str, args: &ChartArgs) -> Result<(), String> {
    for w in command::words(&args.args) {
        if w.text.len() > MAX_NAME {
            let word = Word {
                start: w.start + args.args_at,
                end: w.end + args.args_at,
                text: w.text,
            };
            return Err(too_long(&word, line));
        }
    }
    Ok(())
}
