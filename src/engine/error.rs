//! [`RollError`]: what can go wrong when a chart is rolled or its odds are
//! computed with a set of choices. Spans point into the roll-time arguments
//! (source [`crate::INPUT_SOURCE`]) or into the rules.

use crate::number::Number;
use crate::syntax::span::{SourceId, Span};
use miette::{Diagnostic, LabeledSpan};
use std::fmt;

/// The source id of roll-time arguments: spans with it point into
/// [`crate::Choices::text`].
pub const INPUT_SOURCE: SourceId = SourceId(u32::MAX);

/// A problem with a roll request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
#[non_exhaustive]
pub struct RollError {
    /// What is wrong.
    pub kind: RollErrorKind,
    /// Where: in the arguments, or in the rules.
    pub span: Option<Span>,
}

impl RollError {
    /// An error of `kind`, at `span` if it points anywhere.
    #[must_use]
    pub fn new(kind: RollErrorKind, span: Option<Span>) -> Self {
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Diagnostic)]
#[non_exhaustive]
pub enum RollErrorKind {
    /// No chart of that name.
    #[error("no chart named `{name}`")]
    #[diagnostic(
        code(chartwright::roll::unknown_chart),
        help("{}", did_you_mean(suggestion.as_deref(), || "`list` shows every chart".into()))
    )]
    UnknownChart {
        /// The name.
        name: String,
        /// The closest chart name.
        suggestion: Option<String>,
    },
    /// A short chart name that several games have.
    #[error("`{name}` names charts in several games")]
    #[diagnostic(
        code(chartwright::roll::ambiguous_chart),
        help("qualify it: {}", candidates.join(", "))
    )]
    AmbiguousChart {
        /// The name.
        name: String,
        /// The qualified candidates.
        candidates: Vec<String>,
    },
    /// A name the chart does not take.
    #[error("`{chart}` has no modifier, choice or parameter `{name}`")]
    #[diagnostic(
        code(chartwright::roll::unknown_name),
        help(
            "{}",
            did_you_mean(suggestion.as_deref(), || format!("`list {chart}` shows what it takes"))
        )
    )]
    UnknownName {
        /// The chart.
        chart: String,
        /// The name.
        name: String,
        /// The closest name the chart takes.
        suggestion: Option<String>,
    },
    /// An option the choice does not have.
    #[error("`{choice}` has no option `{option}`")]
    #[diagnostic(
        code(chartwright::roll::unknown_option),
        help(
            "{}",
            did_you_mean(suggestion.as_deref(), || {
                format!("`{choice}` is one of: {}", options.join(", "))
            })
        )
    )]
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
    #[error("`{option}` is an option of several choices: {}", choices.join(", "))]
    #[diagnostic(
        code(chartwright::roll::ambiguous_option),
        help(
            "name the choice: {}",
            choices.iter().map(|c| format!("`{c}={option}`")).collect::<Vec<_>>().join(" or ")
        )
    )]
    AmbiguousOption {
        /// The option.
        option: String,
        /// Choices that have it.
        choices: Vec<String>,
    },
    /// Two members of one exclusive group.
    #[error("`{first}` and `{second}` cannot both apply: they are alternatives ({group})")]
    #[diagnostic(
        code(chartwright::roll::exclusive_conflict),
        help("{}", conflict_help(group, via.as_deref()))
    )]
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
    #[error("`{name}={value}`: expected {expected}")]
    #[diagnostic(
        code(chartwright::roll::bad_value),
        help("{}", bad_value_help(name, expected))
    )]
    BadValue {
        /// The name.
        name: String,
        /// What was given.
        value: String,
        /// What is wanted.
        expected: String,
    },
    /// A param outside its bounds.
    #[error("`{name}={value}` is outside {lo}..{hi}{}", grid.as_ref().map(|g| format!(", the range of grid `{g}`'s cells")).unwrap_or_default())]
    #[diagnostic(
        code(chartwright::roll::out_of_bounds),
        help("{}", out_of_bounds_help(name, *lo, *hi, grid.as_deref()))
    )]
    OutOfBounds {
        /// The name.
        name: String,
        /// The value.
        value: Number,
        /// Lowest allowed.
        lo: Number,
        /// Highest allowed.
        hi: Number,
        /// The grid whose cells set the bounds: a `from GRID` modifier
        /// written without `in LO..HI`.
        grid: Option<String>,
    },
    /// A decimal where the roll needs a whole number (a modifier's value,
    /// a number of dice, a score).
    #[error("{what} is {value}, which is not a whole number")]
    #[diagnostic(
        code(chartwright::roll::not_whole),
        help(
            "the dice total stays whole: give a whole number, or have the chart round it with \
             `floor`, `ceil` or `round`"
        )
    )]
    NotWhole {
        /// What needed it.
        what: String,
        /// The value, as a decimal or a fraction.
        value: String,
    },
    /// A computed column off the scale, where the chart says nothing.
    #[error(
        "{value} is {} column `{key}`, and the chart says nothing for it",
        if *beyond { "beyond the last" } else { "below the first" }
    )]
    #[diagnostic(
        code(chartwright::roll::off_scale),
        help(
            "the chart needs `{} columns => OUTCOME` (or `=> read KEY with ±N`); until then, \
             give values on the scale",
            if *beyond { "beyond" } else { "below" }
        )
    )]
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
    #[error("the extra modifier {extra:+} takes the total to {total}, which no row reads")]
    #[diagnostic(
        code(chartwright::roll::extra_off_table),
        help("use a smaller extra modifier or a narrower `--sweep`")
    )]
    ExtraOffTable {
        /// The total.
        total: i64,
        /// The extra modifier.
        extra: i64,
    },
    /// A param the chart needs that was not given.
    #[error("`{chart}` needs `{name}` ({label})")]
    #[diagnostic(code(chartwright::roll::missing_param), help("add `{name}=N`"))]
    MissingParam {
        /// The chart that needs it.
        chart: String,
        /// The name.
        name: String,
        /// What the sheet calls it.
        label: String,
    },
    /// A choice the chart needs that was not given.
    #[error("this chart needs `{name}`")]
    #[diagnostic(
        code(chartwright::roll::missing_choice),
        help("add `{name}=` one of: {}", options.join(", "))
    )]
    MissingChoice {
        /// The name.
        name: String,
        /// Its options.
        options: Vec<String>,
    },
    /// A modifier read from a grid (`woods rL from woods_shift`) named
    /// without the choice the grid is keyed by: the grid has no cell to
    /// give.
    #[error("`{modifier}` is read from the grid `{grid}` by `{key}`, which is not given")]
    #[diagnostic(
        code(chartwright::roll::missing_key),
        help("add `{key}=` one of: {}", options.join(", "))
    )]
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
    #[error("`{name}` is given twice")]
    #[diagnostic(
        code(chartwright::roll::given_twice),
        help("give `{name}` once: by name, or as one of its options alone")
    )]
    GivenTwice {
        /// The name.
        name: String,
    },
    /// A total no row reads (a param outside the range the rows were checked for).
    #[error("no row reads a total of {total}")]
    #[diagnostic(
        code(chartwright::roll::no_row),
        help("check the parameters' values against the sheet")
    )]
    NoRow {
        /// The total.
        total: i64,
    },
    /// A side of an opposed roll that rolls a chart (`each rolls`) got a
    /// result that is not a number: what its inputs gave instead of a
    /// roll (a `-` shift cell's `Not possible`, a text target).
    #[error("side `{side}` rolled `{chart}` and got `{outcome}`, which is not a number")]
    #[diagnostic(
        code(chartwright::roll::side_not_number),
        help(
            "the rows read the difference of the two sides' results: give this side the \
             inputs for which `{chart}` gives a number"
        )
    )]
    SideNotNumber {
        /// The side (`gov`).
        side: String,
        /// The chart it rolled.
        chart: String,
        /// What that chart gave.
        outcome: String,
    },
    /// Follow-ups nested past the limit.
    #[error("follow-ups go deeper than {limit}")]
    #[diagnostic(
        code(chartwright::roll::too_deep),
        help("roll fewer dice, or a shorter chain of charts")
    )]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A computation past the limits (dice, odds states, arithmetic).
    #[error("too large: {what}")]
    #[diagnostic(
        code(chartwright::roll::too_large),
        help("roll fewer dice, or a shorter chain of charts")
    )]
    TooLarge {
        /// What.
        what: String,
    },
    /// A work budget of [`crate::Limits`] spent: the engine stopped as
    /// soon as the work it had done passed the limit.
    #[error(
        "{construct} takes more {} than `{limit}` ({value}) allows",
        if *limit == "max_sweep_points" { "points" } else { "work" }
    )]
    #[diagnostic(
        code(chartwright::roll::over_budget),
        help(
            "{}; a host program can raise `Limits::{limit}` with `RulesetBuilder::limits`",
            over_budget_advice(limit, *value)
        )
    )]
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
    #[error("{message}")]
    #[diagnostic(
        code(chartwright::roll::arithmetic),
        help("check the parameters given")
    )]
    Arithmetic {
        /// What.
        message: String,
    },
    /// A malformed argument list (`=3`, an empty name).
    #[error("{message}")]
    #[diagnostic(
        code(chartwright::roll::syntax),
        help("write `name`, `name=number` or `name=option`")
    )]
    Syntax {
        /// What.
        message: String,
    },
    /// Odds asked of reference text.
    #[error("`{chart}` is notes: notes have no odds")]
    #[diagnostic(
        code(chartwright::roll::no_odds),
        help("`show {chart}` prints the text")
    )]
    NoOdds {
        /// The notes' name.
        chart: String,
    },
}

/// "did you mean" the closest name, else `otherwise`.
fn did_you_mean(suggestion: Option<&str>, otherwise: impl FnOnce() -> String) -> String {
    match suggestion {
        Some(s) => format!("did you mean `{s}`?"),
        None => otherwise(),
    }
}

/// The help of [`RollErrorKind::Conflict`]: whose group it is, when it is
/// not the chart's own.
fn conflict_help(group: &str, via: Option<&ConflictVia>) -> String {
    match via {
        Some(ConflictVia::Ladder(ladder)) => format!(
            "give only one of them: this chart reads the ladder `{ladder}`, which applies one \
             modifier of its group ({group}) at most"
        ),
        Some(ConflictVia::FollowUp(chart)) => format!(
            "give only one of them: this chart can follow up `{chart}`, which applies one \
             modifier of its group ({group}) at most"
        ),
        None => "give only one of them".into(),
    }
}

/// The help of [`RollErrorKind::BadValue`]: a flag takes no value.
fn bad_value_help(name: &str, expected: &str) -> String {
    if expected.starts_with("no value") {
        format!("name it alone: `{name}`")
    } else {
        format!("give {expected}, as `{name}=...`")
    }
}

/// What to ask for instead when the budget `limit` (of `value`) is spent.
fn over_budget_advice(limit: &str, value: u64) -> String {
    match limit {
        "max_sweep_points" => format!("sweep at most {value} values"),
        "max_roll_dice" => "roll fewer dice, or fewer times".into(),
        "max_follow_ups" => "follow fewer charts, or roll fewer times".into(),
        _ => "ask for less at once: fewer dice, follow-ups, rolls or situations".into(),
    }
}

impl RollErrorKind {
    /// The short text of the label under the span: where the rules
    /// declare a missing choice, else "here".
    fn label(&self, span: Span) -> &'static str {
        match self {
            Self::MissingChoice { .. } if span.source != INPUT_SOURCE => "declared here",
            _ => "here",
        }
    }
}

impl Diagnostic for RollError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.help()
    }

    /// The span, and the other alternative of a conflict when it lies in
    /// the same source (a label cannot point into another text).
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span?;
        let main = LabeledSpan::new_primary_with_span(Some(self.kind.label(span).into()), span);
        let other = match &self.kind {
            RollErrorKind::Conflict {
                first_span: Some(first),
                ..
            } if first.source == span.source => Some(LabeledSpan::new_with_span(
                Some("the other alternative".into()),
                *first,
            )),
            _ => None,
        };
        Some(Box::new(std::iter::once(main).chain(other)))
    }
}

/// The help of [`RollErrorKind::OutOfBounds`]: where the bounds come from
/// when a grid's cells set them, and how to widen them.
fn out_of_bounds_help(name: &str, lo: Number, hi: Number, grid: Option<&str>) -> String {
    match grid {
        Some(g) => format!(
            "`{name}` takes its value from grid `{g}`, whose cells run from {lo} to {hi}, and \
             those cells bound what may be given: give a value from {lo} to {hi}, or write \
             `in LO..HI` on the modifier, before `from {g}`, to allow more"
        ),
        None => format!("give a value from {lo} to {hi}"),
    }
}
