//! [`LoadError`]: everything that can stop a ruleset from loading, and
//! [`LoadErrors`], all of them together with the sources they point into.

use crate::compile_error::CompileError;
use crate::parse_error::ParseError;
use crate::span::{SourceMap, Span};
use miette::Diagnostic;

/// One reason a ruleset did not load.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
pub enum LoadError {
    /// The path does not exist and is not a bundled game.
    #[error("no such file: {path}")]
    #[diagnostic(
        code(chartwright::load::not_found),
        help("give a path to a `.rules` file or folder, or a bundled game: {bundled}")
    )]
    NotFound {
        /// The path.
        path: String,
        /// The bundled games' names.
        bundled: String,
    },
    /// A folder where a file was needed.
    #[error("{path} is a folder, not a file")]
    #[diagnostic(
        code(chartwright::load::is_directory),
        help("give the folder itself to load every `.rules` file in it")
    )]
    IsDirectory {
        /// The path.
        path: String,
    },
    /// A folder with no `.rules` files.
    #[error("no `.rules` files in {path}")]
    #[diagnostic(code(chartwright::load::no_rules), help("rules files end in `.rules`"))]
    NoRules {
        /// The path.
        path: String,
    },
    /// The file is not UTF-8 text.
    #[error("{path} is not UTF-8 text (invalid byte at line {line}, column {column})")]
    #[diagnostic(
        code(chartwright::load::not_utf8),
        help("save the file as UTF-8 text; is it really a `.rules` file?")
    )]
    NotUtf8 {
        /// The path.
        path: String,
        /// Line of the first invalid byte, from 1.
        line: usize,
        /// Its column (in bytes), from 1.
        column: usize,
    },
    /// Reading failed.
    #[error("cannot read {path}: {message}")]
    #[diagnostic(code(chartwright::load::io))]
    Io {
        /// The path.
        path: String,
        /// The system's message.
        message: String,
    },
    /// Two files for one game.
    #[error("the game `{game}` is loaded twice")]
    #[diagnostic(
        code(chartwright::load::duplicate_game),
        help("a game's short name is its file name; load each game once")
    )]
    DuplicateGame {
        /// The game.
        game: String,
    },
    /// A syntax error.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Parse(ParseError),
    /// A checker error.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Compile(CompileError),
    /// A variant's change that does not apply to its base, or a bad base.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Variant(crate::variant::VariantError),
}

impl LoadError {
    /// The span the error points at, if it points into a source.
    #[must_use]
    pub fn span(&self) -> Option<Span> {
        match self {
            LoadError::Parse(e) => Some(e.span),
            LoadError::Compile(e) => Some(e.span),
            LoadError::Variant(e) => Some(e.span),
            _ => None,
        }
    }
}

/// Every error of a failed load, with the sources they point into.
#[derive(Clone, Debug)]
pub struct LoadErrors {
    /// The errors, in the order found.
    pub errors: Vec<LoadError>,
    /// The sources read.
    pub sources: SourceMap,
}

impl std::fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}
