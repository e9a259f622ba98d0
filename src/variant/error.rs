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
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantErrorKind {
    /// A change names something the base does not have.
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
    WrongKind {
        /// The name.
        name: String,
        /// What it is.
        is: &'static str,
        /// What the change needs.
        wanted: &'static str,
    },
    /// `add` of something the base already has.
    AlreadyExists {
        /// What it is.
        what: &'static str,
        /// The name.
        name: String,
    },
    /// Two changes to the same thing.
    Conflict {
        /// The thing, in words.
        target: String,
        /// The first change to it.
        first: Span,
    },
    /// The base is neither a bundled game nor a readable file.
    BaseNotFound {
        /// The base as written.
        base: String,
        /// Why (the system's message, or "not a bundled game").
        reason: String,
        /// The closest bundled game's name.
        suggestion: Option<String>,
    },
    /// A variant whose chain of bases comes back to itself.
    BaseCycle {
        /// The chain, `a.rules -> b.rules -> a.rules`.
        chain: String,
    },
    /// Variants of variants deeper than [`crate::Limits::max_variant_depth`].
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A new option of a choice that keys a grid's columns, without the
    /// new column's cells.
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
    RemovedStillNamed {
        /// The choice.
        choice: String,
        /// The option removed.
        option: String,
        /// Where it is still named, `file:line:column`.
        places: Vec<String>,
    },
    /// A change whose shape does not fit its target.
    Invalid {
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
}

impl fmt::Display for VariantErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownTarget {
                what,
                name,
                owner: Some(owner),
                ..
            } => write!(f, "the base's `{owner}` has no {what} `{name}`"),
            Self::UnknownTarget { what, name, .. } => {
                write!(f, "the base has no {what} `{name}`")
            }
            Self::WrongKind { name, is, wanted } => {
                write!(f, "`{name}` is {is}, not {wanted}")
            }
            Self::AlreadyExists { what, name } => {
                write!(f, "the base already has a {what} `{name}`")
            }
            Self::Conflict { target, .. } => write!(f, "{target} is changed twice"),
            Self::BaseNotFound { base, reason, .. } => {
                write!(f, "cannot load the base `{base}`: {reason}")
            }
            Self::BaseCycle { chain } => write!(f, "the variant's bases form a cycle: {chain}"),
            Self::TooDeep { limit } => {
                write!(f, "variants of variants nested more than {limit} deep")
            }
            Self::NewColumnCells { grid, option, rows } => write!(
                f,
                "`{option}` is a new column of the grid `{grid}`, and the variant gives no \
                 cell there for {}",
                rows.join("; ")
            ),
            Self::RemovedStillNamed {
                choice,
                option,
                places,
            } => write!(
                f,
                "`{choice}.{option}` is removed, but the base still names it {} time(s)",
                places.len()
            ),
            Self::Invalid { message, .. } => f.write_str(message),
        }
    }
}

impl VariantErrorKind {
    fn code(&self) -> &'static str {
        match self {
            Self::UnknownTarget { .. } => "chartwright::variant::unknown_target",
            Self::WrongKind { .. } => "chartwright::variant::wrong_kind",
            Self::AlreadyExists { .. } => "chartwright::variant::already_exists",
            Self::Conflict { .. } => "chartwright::variant::conflict",
            Self::BaseNotFound { .. } => "chartwright::variant::base_not_found",
            Self::BaseCycle { .. } => "chartwright::variant::base_cycle",
            Self::TooDeep { .. } => "chartwright::variant::too_deep",
            Self::NewColumnCells { .. } => "chartwright::variant::new_column_cells",
            Self::RemovedStillNamed { .. } => "chartwright::variant::removed_still_named",
            Self::Invalid { .. } => "chartwright::variant::invalid",
        }
    }

    fn help(&self) -> String {
        match self {
            Self::UnknownTarget {
                suggestion: Some(s),
                ..
            }
            | Self::BaseNotFound {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            Self::UnknownTarget {
                known: Some(known), ..
            } => format!("the base has: {known}"),
            Self::UnknownTarget { what, .. } => {
                format!("to add a new {what}, use `add`; `chartwright source GAME` prints the base")
            }
            Self::WrongKind { wanted, .. } => format!("name {wanted} here"),
            Self::AlreadyExists { .. } => {
                "use `change` to change it, or give the new one another name".into()
            }
            Self::Conflict { .. } => "make one change of the two, or merge them into one".into(),
            Self::BaseNotFound { .. } => {
                "name a bundled game (`first_echelon`) or a path in quotes, relative to the \
                 variant file"
                    .into()
            }
            Self::BaseCycle { .. } => "a variant's base must not lead back to it".into(),
            Self::TooDeep { .. } => {
                "base the variant on a game nearer the original, or raise the limit".into()
            }
            Self::NewColumnCells { grid, option, rows } => {
                let first = rows.first().map_or("ROW", String::as_str);
                format!(
                    "give each row its new cell, e.g. `change {grid} at {first}, {option}: VALUE` \
                     (`-` where it is not possible), or a whole row with `change {grid} at \
                     {first}: CELLS`"
                )
            }
            Self::RemovedStillNamed { places, .. } => format!(
                "it is still named at {}; change or write again what names it",
                places.join(", ")
            ),
            Self::Invalid { help, .. } => help.clone(),
        }
    }
}

impl Diagnostic for VariantError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.help()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = match &self.kind {
            VariantErrorKind::UnknownTarget { .. } => "not in the base",
            VariantErrorKind::Conflict { .. } => "changed again here",
            VariantErrorKind::NewColumnCells { .. } => "a new column",
            VariantErrorKind::RemovedStillNamed { .. } => "removed here",
            VariantErrorKind::BaseNotFound { .. } | VariantErrorKind::BaseCycle { .. } => {
                "this base"
            }
            _ => "here",
        };
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            Some(main.to_string()),
            self.span,
        )];
        if let VariantErrorKind::Conflict { first, .. } = &self.kind {
            if first.source == self.span.source {
                labels.push(LabeledSpan::new_with_span(
                    Some("first changed here".into()),
                    *first,
                ));
            }
        }
        Some(Box::new(labels.into_iter()))
    }
}
