//! [`RollError`]: what can go wrong when a chart is rolled or its odds are
//! computed with a set of choices. Spans point into the roll-time arguments
//! (source [`crate::INPUT_SOURCE`]) or into the rules.

use crate::syntax::span::{SourceId, Span};
use miette::{Diagnostic, LabeledSpan};
use std::fmt;

/// The source id of roll-time arguments: spans with it point into
/// [`crate::Choices::text`].
pub const INPUT_SOURCE: SourceId = SourceId(u32::MAX);

/// A problem with a roll request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct RollError {
    /// What is wrong.
    pub kind: RollErrorKind,
    /// Where: in the arguments, or in the rules.
    pub span: Option<Span>,
}

impl RollError {
    pub(crate) fn new(kind: RollErrorKind, span: Option<Span>) -> Self {
        Self { kind, span }
    }

    /// `too_large`: `what` is past a size limit.
    pub(crate) fn too_large(what: String) -> Self {
        Self::new(RollErrorKind::TooLarge { what }, None)
    }
}

/// Where a `one of` group that refused two alternatives belongs, when it
/// is not the chart rolled's own ([`RollErrorKind::Conflict`]), boxed
/// there: a roll error stays small.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConflictVia {
    /// A ladder the chart reads.
    Ladder(String),
    /// A chart the chart can follow up.
    FollowUp(String),
}

impl ConflictVia {
    /// The chart's name.
    #[must_use]
    pub fn chart(&self) -> &str {
        match self {
            Self::Ladder(name) | Self::FollowUp(name) => name,
        }
    }
}

/// The kinds of [`RollError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RollErrorKind {
    /// No chart of that name.
    UnknownChart {
        /// The name.
        name: String,
        /// The closest chart name.
        suggestion: Option<String>,
    },
    /// A short chart name that several games have.
    AmbiguousChart {
        /// The name.
        name: String,
        /// The qualified candidates.
        candidates: Vec<String>,
    },
    /// A name the chart does not take.
    UnknownName {
        /// The chart.
        chart: String,
        /// The name.
        name: String,
        /// The closest name the chart takes.
        suggestion: Option<String>,
    },
    /// An option the choice does not have.
    UnknownOption {
        /// The choice.
        choice: String,
        /// The option given.
        option: String,
        /// Every option.
        options: Vec<String>,
        /// The closest option.
        suggestion: Option<String>,
    },
    /// A bare option name that several of the chart's choices have.
    AmbiguousOption {
        /// The option.
        option: String,
        /// Choices that have it.
        choices: Vec<String>,
    },
    /// Two members of one exclusive group.
    Conflict {
        /// The group's heading.
        group: String,
        /// The first member picked.
        first: String,
        /// The second.
        second: String,
        /// Where the first was given.
        first_span: Option<Span>,
        /// The chart whose group it is, when it is not the chart rolled:
        /// a ladder the chart reads or a chart it can follow up (their
        /// inputs are the chart's); `None` for the chart's own.
        via: Option<Box<ConflictVia>>,
    },
    /// A value of the wrong form (`rating=abc`, `tracked=3`).
    BadValue {
        /// The name.
        name: String,
        /// What was given.
        value: String,
        /// What is wanted.
        expected: String,
    },
    /// A param outside its bounds.
    OutOfBounds {
        /// The name.
        name: String,
        /// The value.
        value: crate::syntax::ast::Number,
        /// Lowest allowed.
        lo: crate::syntax::ast::Number,
        /// Highest allowed.
        hi: crate::syntax::ast::Number,
    },
    /// A decimal where the roll needs a whole number (a modifier's value,
    /// a number of dice, a score).
    NotWhole {
        /// What needed it.
        what: String,
        /// The value, as a decimal or a fraction.
        value: String,
    },
    /// A computed column off the scale, where the chart says nothing.
    OffScale {
        /// What picked the column, with its value.
        value: String,
        /// The first or last column.
        key: String,
        /// Past the last column rather than below the first.
        beyond: bool,
    },
    /// An extra modifier (a loose `+N` or a sweep step) pushed the total
    /// to where no row reads.
    ExtraOffTable {
        /// The total.
        total: i64,
        /// The extra modifier.
        extra: i64,
    },
    /// A param the chart needs that was not given.
    MissingParam {
        /// The chart that needs it.
        chart: String,
        /// The name.
        name: String,
        /// What the sheet calls it.
        label: String,
    },
    /// A choice the chart needs that was not given.
    MissingChoice {
        /// The name.
        name: String,
        /// Its options.
        options: Vec<String>,
    },
    /// A modifier read from a grid (`woods rL from woods_shift`) named
    /// without the choice the grid is keyed by: the grid has no cell to
    /// give.
    MissingKey {
        /// The modifier named.
        modifier: String,
        /// The grid it reads.
        grid: String,
        /// The choice not given.
        key: String,
        /// Its options.
        options: Vec<String>,
    },
    /// The same name given twice.
    GivenTwice {
        /// The name.
        name: String,
    },
    /// A total no row reads (a param outside the range the rows were checked for).
    NoRow {
        /// The total.
        total: i64,
    },
    /// Follow-ups nested past the limit.
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A computation past the limits (dice, odds states, arithmetic).
    TooLarge {
        /// What.
        what: String,
    },
    /// A work budget of [`crate::Limits`] spent: the engine stopped as
    /// soon as the work it had done passed the limit.
    OverBudget {
        /// The [`crate::Limits`] field (`max_odds_work`, `max_roll_dice`,
        /// `max_follow_ups`, `max_sweep_points`).
        limit: &'static str,
        /// Its value.
        value: u64,
        /// What was being worked out: the chart and the construct.
        construct: String,
    },
    /// Division by zero and the like.
    Arithmetic {
        /// What.
        message: String,
    },
    /// A malformed argument list (`=3`, an empty name).
    Syntax {
        /// What.
        message: String,
    },
    /// Odds asked of reference text.
    NoOdds {
        /// The notes' name.
        chart: String,
    },
}

impl fmt::Display for RollErrorKind {
    #[allow(clippy::too_many_lines)] // one match arm per error kind
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownChart { name, .. } => write!(f, "no chart named `{name}`"),
            Self::AmbiguousChart { name, .. } => {
                write!(f, "`{name}` names charts in several games")
            }
            Self::UnknownName { chart, name, .. } => {
                write!(f, "`{chart}` has no modifier, choice or parameter `{name}`")
            }
            Self::UnknownOption { choice, option, .. } => {
                write!(f, "`{choice}` has no option `{option}`")
            }
            Self::AmbiguousOption { option, choices } => write!(
                f,
                "`{option}` is an option of several choices: {}",
                choices.join(", ")
            ),
            Self::Conflict {
                group,
                first,
                second,
                ..
            } => write!(
                f,
                "`{first}` and `{second}` cannot both apply: they are alternatives ({group})"
            ),
            Self::BadValue {
                name,
                value,
                expected,
            } => write!(f, "`{name}={value}`: expected {expected}"),
            Self::OutOfBounds {
                name,
                value,
                lo,
                hi,
            } => {
                let show = |n: &crate::syntax::ast::Number| crate::number::Show(*n).to_string();
                write!(
                    f,
                    "`{name}={}` is outside {}..{}",
                    show(value),
                    show(lo),
                    show(hi)
                )
            }
            Self::NotWhole { what, value } => {
                write!(f, "{what} is {value}, which is not a whole number")
            }
            Self::OffScale { value, key, beyond } => write!(
                f,
                "{value} is {} column `{key}`, and the chart says nothing for it",
                if *beyond {
                    "beyond the last"
                } else {
                    "below the first"
                }
            ),
            Self::ExtraOffTable { total, extra } => write!(
                f,
                "the extra modifier {extra:+} takes the total to {total}, which no row reads"
            ),
            Self::MissingParam { chart, name, label } => {
                write!(f, "`{chart}` needs `{name}` ({label})")
            }
            Self::MissingChoice { name, .. } => write!(f, "this chart needs `{name}`"),
            Self::MissingKey {
                modifier,
                grid,
                key,
                ..
            } => write!(
                f,
                "`{modifier}` is read from the grid `{grid}` by `{key}`, which is not given"
            ),
            Self::GivenTwice { name } => write!(f, "`{name}` is given twice"),
            Self::NoRow { total } => write!(f, "no row reads a total of {total}"),
            Self::TooDeep { limit } => write!(f, "follow-ups go deeper than {limit}"),
            Self::TooLarge { what } => write!(f, "too large: {what}"),
            Self::OverBudget {
                limit,
                value,
                construct,
            } => {
                let what = if *limit == "max_sweep_points" {
                    "points"
                } else {
                    "work"
                };
                write!(
                    f,
                    "{construct} takes more {what} than `{limit}` ({value}) allows"
                )
            }
            Self::Arithmetic { message } | Self::Syntax { message } => f.write_str(message),
            Self::NoOdds { chart } => write!(f, "`{chart}` is notes: notes have no odds"),
        }
    }
}

impl RollErrorKind {
    fn code(&self) -> &'static str {
        match self {
            Self::UnknownChart { .. } => "chartwright::roll::unknown_chart",
            Self::AmbiguousChart { .. } => "chartwright::roll::ambiguous_chart",
            Self::UnknownName { .. } => "chartwright::roll::unknown_name",
            Self::UnknownOption { .. } => "chartwright::roll::unknown_option",
            Self::AmbiguousOption { .. } => "chartwright::roll::ambiguous_option",
            Self::Conflict { .. } => "chartwright::roll::exclusive_conflict",
            Self::BadValue { .. } => "chartwright::roll::bad_value",
            Self::OutOfBounds { .. } => "chartwright::roll::out_of_bounds",
            Self::NotWhole { .. } => "chartwright::roll::not_whole",
            Self::OffScale { .. } => "chartwright::roll::off_scale",
            Self::ExtraOffTable { .. } => "chartwright::roll::extra_off_table",
            Self::MissingParam { .. } => "chartwright::roll::missing_param",
            Self::MissingChoice { .. } => "chartwright::roll::missing_choice",
            Self::MissingKey { .. } => "chartwright::roll::missing_key",
            Self::GivenTwice { .. } => "chartwright::roll::given_twice",
            Self::NoRow { .. } => "chartwright::roll::no_row",
            Self::TooDeep { .. } => "chartwright::roll::too_deep",
            Self::TooLarge { .. } => "chartwright::roll::too_large",
            Self::OverBudget { .. } => "chartwright::roll::over_budget",
            Self::Arithmetic { .. } => "chartwright::roll::arithmetic",
            Self::Syntax { .. } => "chartwright::roll::syntax",
            Self::NoOdds { .. } => "chartwright::roll::no_odds",
        }
    }

    #[allow(clippy::too_many_lines)] // one match arm per error kind
    fn help(&self) -> String {
        match self {
            Self::UnknownChart {
                suggestion: Some(s),
                ..
            }
            | Self::UnknownName {
                suggestion: Some(s),
                ..
            }
            | Self::UnknownOption {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            Self::UnknownChart { .. } => "`list` shows every chart".into(),
            Self::AmbiguousChart { candidates, .. } => {
                format!("qualify it: {}", candidates.join(", "))
            }
            Self::UnknownName { chart, .. } => format!("`list {chart}` shows what it takes"),
            Self::UnknownOption {
                choice, options, ..
            } => {
                format!("`{choice}` is one of: {}", options.join(", "))
            }
            Self::AmbiguousOption { option, choices } => format!(
                "name the choice: {}",
                choices
                    .iter()
                    .map(|c| format!("`{c}={option}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Self::Conflict {
                group,
                via: Some(via),
                ..
            } => match &**via {
                ConflictVia::Ladder(ladder) => format!(
                    "give only one of them: this chart reads the ladder `{ladder}`, which \
                     applies one modifier of its group ({group}) at most"
                ),
                ConflictVia::FollowUp(chart) => format!(
                    "give only one of them: this chart can follow up `{chart}`, which \
                     applies one modifier of its group ({group}) at most"
                ),
            },
            Self::Conflict { .. } => "give only one of them".into(),
            Self::BadValue { name, expected, .. } if expected.starts_with("no value") => {
                format!("name it alone: `{name}`")
            }
            Self::BadValue { name, expected, .. } => format!("give {expected}, as `{name}=...`"),
            Self::OutOfBounds { lo, hi, .. } => format!(
                "give a value from {} to {}",
                crate::number::Show(*lo),
                crate::number::Show(*hi)
            ),
            Self::NotWhole { .. } => {
                "the dice total stays whole: give a whole number, or have the chart round \
                 it with `floor`, `ceil` or `round`"
                    .into()
            }
            Self::OffScale { beyond, .. } => format!(
                "the chart needs `{} columns => OUTCOME` (or `=> read KEY with ±N`); \
                 until then, give values on the scale",
                if *beyond { "beyond" } else { "below" }
            ),
            Self::ExtraOffTable { .. } => {
                "use a smaller extra modifier or a narrower `--sweep`".into()
            }
            Self::MissingParam { name, .. } => format!("add `{name}=N`"),
            Self::MissingChoice { name, options }
            | Self::MissingKey {
                key: name, options, ..
            } => {
                format!("add `{name}=` one of: {}", options.join(", "))
            }
            Self::GivenTwice { name } => {
                format!("give `{name}` once: by name, or as one of its options alone")
            }
            Self::NoRow { .. } => "check the parameters' values against the sheet".into(),
            Self::TooDeep { .. } | Self::TooLarge { .. } => {
                "roll fewer dice, or a shorter chain of charts".into()
            }
            Self::OverBudget { limit, value, .. } => {
                let what = match *limit {
                    "max_sweep_points" => format!("sweep at most {value} values"),
                    "max_roll_dice" => "roll fewer dice, or fewer times".into(),
                    "max_follow_ups" => "follow fewer charts, or roll fewer times".into(),
                    _ => "ask for less at once: fewer dice, follow-ups, rolls or situations".into(),
                };
                format!(
                    "{what}; a host program can raise `Limits::{limit}` with \
                     `RulesetBuilder::limits`"
                )
            }
            Self::Arithmetic { .. } => "check the parameters given".into(),
            Self::Syntax { .. } => "write `name`, `name=number` or `name=option`".into(),
            Self::NoOdds { chart } => format!("`show {chart}` prints the text"),
        }
    }
}

impl Diagnostic for RollError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.help()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span?;
        // A missing choice is shown where the rules declare it.
        let text = match self.kind {
            RollErrorKind::MissingChoice { .. } if span.source != INPUT_SOURCE => "declared here",
            _ => "here",
        };
        let mut labels = vec![LabeledSpan::new_primary_with_span(Some(text.into()), span)];
        if let RollErrorKind::Conflict {
            first_span: Some(first),
            ..
        } = &self.kind
        {
            if first.source == span.source {
                labels.push(LabeledSpan::new_with_span(
                    Some("the other alternative".into()),
                    *first,
                ));
            }
        }
        Some(Box::new(labels.into_iter()))
    }
}
