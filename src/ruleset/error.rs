//! [`LoadError`]: everything that can stop a ruleset from loading, and
//! [`LoadErrors`], all of them together with the sources they point into.

use crate::check::error::CompileError;
use crate::clip::Clipped;
use crate::engine::choices::INPUT_SOURCE;
use crate::engine::error::RollError;
use crate::ruleset::Ruleset;
use crate::syntax::error::ParseError;
use crate::syntax::span::{SourceMap, Span};
use miette::{Diagnostic, NamedSource};
use std::sync::{Arc, OnceLock};

/// One reason a ruleset did not load.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
#[non_exhaustive]
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
    /// A source larger than [`crate::Limits::max_input_bytes`] (all
    /// sources of one ruleset together).
    #[error("{path} is too large: the rules loaded together may hold at most {limit} bytes")]
    #[diagnostic(
        code(chartwright::load::too_large),
        help("is it really a `.rules` file? Split a game that large, or raise `Limits::max_input_bytes` when embedding")
    )]
    TooLarge {
        /// The path (or game name, for text given by a host).
        path: String,
        /// The limit, in bytes.
        limit: usize,
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
///
/// It is a [`Diagnostic`] with the sources attached: a host that returns
/// `miette::Result` writes `?` and gets every error rendered with its
/// snippet (one error is the diagnostic itself; several are its `related`
/// diagnostics, each with its own source).
///
/// ```
/// fn load() -> miette::Result<chartwright::Ruleset> {
///     let rules = chartwright::Ruleset::from_str("demo", "game \"Demo\" version \"1\"\ntable t \"T\" { roll d6 rows { 1-3 => \"A\" } }")?;
///     Ok(rules)
/// }
/// let report = load().unwrap_err();
/// assert_eq!(report.code().unwrap().to_string(), "chartwright::compile::uncovered_totals");
/// assert!(report.source_code().is_some());
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LoadErrors {
    /// The errors, in the order found.
    pub errors: Vec<LoadError>,
    /// The sources read.
    pub sources: SourceMap,
    /// Each error paired with its source, made on first use as a diagnostic.
    located: OnceLock<Vec<Located>>,
}

impl LoadErrors {
    /// Errors and the sources they point into.
    #[must_use]
    pub fn new(errors: Vec<LoadError>, sources: SourceMap) -> Self {
        Self {
            errors,
            sources,
            located: OnceLock::new(),
        }
    }

    /// Each error with the source its span points into (none for errors
    /// without a span, such as a missing file).
    fn located(&self) -> &[Located] {
        self.located.get_or_init(|| {
            self.errors
                .iter()
                .map(|e| Located {
                    source: e.span().map(|s| self.sources.named_source(s.source)),
                    error: e.clone(),
                })
                .collect()
        })
    }

    /// The one error, when there is exactly one.
    fn single(&self) -> Option<&Located> {
        match self.located() {
            [one] => Some(one),
            _ => None,
        }
    }
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

impl Diagnostic for LoadErrors {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        match self.single() {
            Some(one) => one.code(),
            None => Some(Box::new("chartwright::load::errors")),
        }
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.single().and_then(Diagnostic::help)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.single().and_then(Diagnostic::source_code)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.single().and_then(Diagnostic::labels)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        match self.located() {
            [_] => None,
            many => Some(Box::new(many.iter().map(|l| l as &dyn Diagnostic))),
        }
    }
}

/// One error and the source it points into: a diagnostic that renders
/// on its own.
#[derive(Clone, Debug)]
struct Located {
    error: LoadError,
    source: Option<NamedSource<Arc<str>>>,
}

impl std::fmt::Display for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Located {}

impl Diagnostic for Located {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.error.code()
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.error.severity()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.error.help()
    }

    fn url<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.error.url()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.error.labels()
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.error.related()
    }

    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.error.diagnostic_source()
    }
}

impl LoadErrors {
    /// One of these errors with an excerpt of the source it points into,
    /// ready for any miette handler (see [`Clipped`]).
    #[must_use]
    pub fn clipped(&self, error: &LoadError) -> Clipped {
        match error.span().and_then(|s| self.sources.get(s.source)) {
            Some(source) => Clipped::new(error, &source.name, &source.text),
            None => Clipped::without_source(error),
        }
    }
}

impl RollError {
    /// The error with the text its span points into, ready to render
    /// (`miette::Report::new(..)`): the roll-time arguments (`input`,
    /// shown as `input_name`) when it points there, else the rules file it
    /// points into, else no source.
    ///
    /// ```
    /// use chartwright::{Choices, Ruleset};
    /// let rules = Ruleset::from_file("first_echelon").unwrap();
    /// let choices = Choices::parse("trackd").unwrap();
    /// let error = rules.chart("bog_down").unwrap().odds(&choices).unwrap_err();
    /// let report = format!("{:?}", miette::Report::new(error.with_source(&rules, "input", choices.text())));
    /// assert!(report.contains("did you mean `tracked`?"));
    /// ```
    #[must_use]
    pub fn with_source(&self, rules: &Ruleset, input_name: &str, input: &str) -> Clipped {
        match self.span {
            Some(span) if span.source == INPUT_SOURCE => Clipped::new(self, input_name, input),
            Some(span) => match rules.sources().get(span.source) {
                Some(source) => Clipped::new(self, &source.name, &source.text),
                None => Clipped::without_source(self),
            },
            None => Clipped::without_source(self),
        }
    }
}
