//! The parse stage's error: what went wrong ([`ParseErrorKind`]) and where
//! ([`Span`]). The library does not attach source text; the CLI and REPL do,
//! through [`crate::syntax::span::SourceMap::named_source`].

use crate::syntax::span::Span;

/// A `.rules` file (or a REPL line) that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("{kind}")]
#[diagnostic(forward(kind))]
#[non_exhaustive]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// Where: the offending token, or a zero-width span at the end of input.
    #[label("{}", kind.label())]
    pub span: Span,
}

impl ParseError {
    /// An error of `kind` at `span`.
    #[must_use]
    pub fn new(kind: ParseErrorKind, span: Span) -> Self {
        Self { kind, span }
    }
}

/// The ways a file can fail to parse. Each has a stable code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text does not fit the grammar.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(
        code(chartwright::parse::syntax),
        help("see docs/language.md for the syntax of each construct")
    )]
    Syntax {
        /// What would have been accepted, in words.
        expected: String,
        /// What was there instead, in words.
        found: String,
    },

    /// A string whose closing quote is missing.
    #[error("{}", if *triple { "unterminated text block" } else { "unterminated string" })]
    #[diagnostic(
        code(chartwright::parse::unterminated_string),
        help(
            "close a string with `\"` on the line it opens; a text block opened with `\"\"\"` \
             needs a closing `\"\"\"`"
        )
    )]
    UnterminatedString {
        /// True for a `"""` block with no closing `"""`.
        triple: bool,
    },

    /// A backslash escape other than `\"`, `\\` and `\n`.
    #[error("unknown escape `{escape}` in a string")]
    #[diagnostic(
        code(chartwright::parse::invalid_escape),
        help("strings accept `\\\"`, `\\\\` and `\\n`; write a backslash as `\\\\`")
    )]
    InvalidEscape {
        /// The escape as written.
        escape: String,
    },

    /// An integer that does not fit in 64 bits.
    #[error("number too large: `{text}`")]
    #[diagnostic(
        code(chartwright::parse::number_too_large),
        help("numbers must lie between -9223372036854775808 and 9223372036854775807")
    )]
    NumberTooLarge {
        /// The number as written.
        text: String,
    },

    /// A decimal with more digits after the point than 64 bits hold.
    #[error("number too precise: `{text}`")]
    #[diagnostic(
        code(chartwright::parse::number_too_precise),
        help(
            "a decimal holds at most 18 digits in all, such as `0.000001` or `2.5`: \
             round it to fewer digits after the point"
        )
    )]
    NumberTooPrecise {
        /// The number as written.
        text: String,
    },

    /// An odds column key whose second number is 0 (`1-0`).
    #[error("the odds `{text}` divide by zero")]
    #[diagnostic(
        code(chartwright::parse::zero_odds),
        help("an odds key `A-B` reads as A to B, and B must be above 0 (`1-2`, `1.5-1`)")
    )]
    ZeroOdds {
        /// The key as written.
        text: String,
    },

    /// Brackets, conditions or outcomes nested beyond the limit.
    #[error("nested more than {limit} levels deep")]
    #[diagnostic(
        code(chartwright::parse::too_deep),
        help("split the expression or condition; the nesting limit is {limit} levels")
    )]
    TooDeep {
        /// The limit exceeded.
        limit: usize,
    },

    /// A word where a declaration or clause keyword was expected.
    #[error("unknown keyword `{found}` {place}")]
    #[diagnostic(
        code(chartwright::parse::unknown_keyword),
        help("{}expected one of: {keywords}", suggestion.map(|s| format!("did you mean `{s}`? ")).unwrap_or_default())
    )]
    UnknownKeyword {
        /// The word written.
        found: String,
        /// Where it was written: "at the top level", "in a chart".
        place: &'static str,
        /// The keywords accepted there, as a list.
        keywords: &'static str,
        /// The closest keyword, if one is close.
        suggestion: Option<&'static str>,
    },

    /// Outcome text after `=>` without its quotes.
    #[error("the outcome `{text}` is not in quotes")]
    #[diagnostic(
        code(chartwright::parse::unquoted_outcome),
        help("an outcome is text in double quotes: write `=> \"{text}\"`")
    )]
    UnquotedOutcome {
        /// The words as written.
        text: String,
    },

    /// A column of `columns by` headed as the sheet prints it (`<1`) where
    /// its key goes.
    #[error("`{heading}` is not a column key")]
    #[diagnostic(
        code(chartwright::parse::column_heading),
        help(
            "a key is the lowest value the column reads (`1`, `0.5`, `2-1`, `50+`); where the \
             sheet heads the column otherwise, write the key and then the heading in quotes: \
             `{example}`"
        )
    )]
    ColumnHeading {
        /// The heading as written.
        heading: String,
        /// The key and heading to write instead (`0 "<1"`).
        example: String,
    },

    /// A file with nothing but white space and comments.
    #[error("the file is empty")]
    #[diagnostic(
        code(chartwright::parse::empty_file),
        help("start the file with `game \"Title\" version \"1.0\"`")
    )]
    EmptyFile {},

    /// A parser bug: the grammar accepted something the builder did not
    /// expect. Never caused by the input alone.
    #[error("internal parser error: {message}")]
    #[diagnostic(
        code(chartwright::parse::internal),
        help("this is a bug in chartwright; please report it with the file")
    )]
    Internal {
        /// What the builder expected.
        message: String,
    },
}

impl ParseErrorKind {
    /// The short text of the label under the span.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Syntax { .. } => "unexpected here",
            Self::UnterminatedString { .. } => "this string is never closed",
            Self::InvalidEscape { .. } => "unknown escape",
            Self::NumberTooLarge { .. } => "does not fit in 64 bits",
            Self::NumberTooPrecise { .. } => "too many digits after the point",
            Self::TooDeep { .. } => "too deeply nested",
            Self::UnknownKeyword { .. } => "not a keyword here",
            Self::UnquotedOutcome { .. } => "text without quotes",
            Self::ColumnHeading { .. } => "a heading where a key goes",
            Self::EmptyFile {} => "nothing here",
            Self::ZeroOdds { .. } => "no odds divide by zero",
            Self::Internal { .. } => "while parsing this",
        }
    }
}
