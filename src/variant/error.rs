//! [`VariantError`]: what is wrong with a variant's changes or its chain of
//! bases. Every kind has a stable code, a label at the change at fault, and
//! help. Errors the usual checks find after the changes are
//! [`crate::CompileError`]s, pointing wherever the node at fault was written.

use crate::syntax::span::Span;
use miette::{Diagnostic, LabeledSpan};
use std::fmt;

/// A problem with a variant file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
#[non_exhaustive]
pub struct VariantError {
    /// What is wrong.
    pub kind: VariantErrorKind,
    /// Where, in the variant file.
    pub span: Span,
}

impl VariantError {
    pub(crate) fn new(kind: VariantErrorKind, span: Span) -> Self {
        Self { kind, span }
    }
}

/// The kinds of [`VariantError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Diagnostic)]
#[non_exhaustive]
pub enum VariantErrorKind {
    /// A change names something the base does not have.
    #[error("{}", unknown_target_message(what, name, owner.as_deref()))]
    #[diagnostic(
        code(chartwright::variant::unknown_target),
        help("{}", unknown_target_help(what, suggestion.as_deref(), known.as_deref()))
    )]
    UnknownTarget {
        /// What was looked for ("chart", "modifier", "row", ...).
        what: &'static str,
        /// The name (or the ranges) as written.
        name: String,
        /// Where it was looked for (`bog_down`), if inside something.
        owner: Option<String>,
        /// The closest name the base has.
        suggestion: Option<String>,
        /// What is there instead, for the help (the rows' ranges).
        known: Option<String>,
    },
    /// A change that does not fit what it names (rows of a grid).
    #[error("`{name}` is {is}, not {wanted}")]
    #[diagnostic(code(chartwright::variant::wrong_kind), help("name {wanted} here"))]
    WrongKind {
        /// The name.
        name: String,
        /// What it is.
        is: &'static str,
        /// What the change needs.
        wanted: &'static str,
    },
    /// `add` of something the base already has.
    #[error("the base already has a {what} `{name}`")]
    #[diagnostic(
        code(chartwright::variant::already_exists),
        help("use `change` to change it, or give the new one another name")
    )]
    AlreadyExists {
        /// What it is.
        what: &'static str,
        /// The name.
        name: String,
    },
    /// Two changes to the same thing.
    #[error("{target} is changed twice")]
    #[diagnostic(
        code(chartwright::variant::conflict),
        help("make one change of the two, or merge them into one")
    )]
    Conflict {
        /// The thing, in words.
        target: String,
        /// The first change to it.
        first: Span,
    },
    /// The base is neither a bundled game nor a readable file.
    #[error("cannot load the base `{base}`: {reason}")]
    #[diagnostic(
        code(chartwright::variant::base_not_found),
        help(
            "{}",
            match suggestion {
                Some(s) => format!("did you mean `{s}`?"),
                None => "name a bundled game (`first_echelon`) or a path in quotes, relative \
                         to the variant file"
                    .into(),
            }
        )
    )]
    BaseNotFound {
        /// The base as written.
        base: String,
        /// Why (the system's message, or "not a bundled game").
        reason: String,
        /// The closest bundled game's name.
        suggestion: Option<String>,
    },
    /// A variant whose chain of bases comes back to itself.
    #[error("the variant's bases form a cycle: {chain}")]
    #[diagnostic(
        code(chartwright::variant::base_cycle),
        help("a variant's base must not lead back to it")
    )]
    BaseCycle {
        /// The chain, `a.rules -> b.rules -> a.rules`.
        chain: String,
    },
    /// Variants of variants deeper than [`crate::Limits::max_variant_depth`].
    #[error("variants of variants nested more than {limit} deep")]
    #[diagnostic(
        code(chartwright::variant::too_deep),
        help("base the variant on a game nearer the original, or raise the limit")
    )]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A new option of a choice that keys a grid's columns, without the
    /// new column's cells.
    #[error(
        "`{option}` is a new column of the grid `{grid}`, and the variant gives no cell there \
         for {}",
        rows.join("; ")
    )]
    #[diagnostic(
        code(chartwright::variant::new_column_cells),
        help(
            "give each row its new cell, e.g. `change {grid} at {first}, {option}: VALUE` (`-` \
             where it is not possible), or a whole row with `change {grid} at {first}: CELLS`",
            first = rows.first().map_or("ROW", String::as_str)
        )
    )]
    NewColumnCells {
        /// The grid.
        grid: String,
        /// The new option.
        option: String,
        /// The rows without a cell, as written (`elite`, `veteran`).
        rows: Vec<String>,
    },
    /// An option the variant removed that the base still names (in a
    /// condition, a grid, a default).
    #[error(
        "`{choice}.{option}` is removed, but the base still names it {} time(s)",
        places.len()
    )]
    #[diagnostic(
        code(chartwright::variant::removed_still_named),
        help(
            "it is still named at {}; change or write again what names it",
            places.join(", ")
        )
    )]
    RemovedStillNamed {
        /// The choice.
        choice: String,
        /// The option removed.
        option: String,
        /// Where it is still named, `file:line:column`.
        places: Vec<String>,
    },
    /// A change whose shape does not fit its target.
    #[error("{message}")]
    #[diagnostic(code(chartwright::variant::invalid), help("{help}"))]
    Invalid {
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
}

/// The message of [`VariantErrorKind::UnknownTarget`], naming where it was
/// looked for when that is inside something.
fn unknown_target_message(what: &str, name: &str, owner: Option<&str>) -> String {
    match owner {
        Some(owner) => format!("the base's `{owner}` has no {what} `{name}`"),
        None => format!("the base has no {what} `{name}`"),
    }
}

/// The help of [`VariantErrorKind::UnknownTarget`]: the closest name, else
/// what the base has there, else how to add one.
fn unknown_target_help(what: &str, suggestion: Option<&str>, known: Option<&str>) -> String {
    match (suggestion, known) {
        (Some(s), _) => format!("did you mean `{s}`?"),
        (None, Some(known)) => format!("the base has: {known}"),
        (None, None) => {
            format!("to add a new {what}, use `add`; `chartwright source GAME` prints the base")
        }
    }
}

impl VariantErrorKind {
    /// The short text of the label under the span.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::UnknownTarget { .. } => "not in the base",
            Self::Conflict { .. } => "changed again here",
            Self::NewColumnCells { .. } => "a new column",
            Self::RemovedStillNamed { .. } => "removed here",
            Self::BaseNotFound { .. } | Self::BaseCycle { .. } => "this base",
            _ => "here",
        }
    }
}

impl Diagnostic for VariantError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.help()
    }

    /// The span, and the first change of a conflict when it lies in the
    /// same source (a label cannot point into another file).
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = LabeledSpan::new_primary_with_span(Some(self.kind.label().into()), self.span);
        let first = match &self.kind {
            VariantErrorKind::Conflict { first, .. } if first.source == self.span.source => Some(
                LabeledSpan::new_with_span(Some("first changed here".into()), *first),
            ),
            _ => None,
        };
        Some(Box::new(std::iter::once(main).chain(first)))
    }
}
