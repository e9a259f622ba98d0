//! [`CompileError`]: what the checker finds in a parsed file. Every kind has
//! a stable code, a label at the span of the node at fault, and help.

use crate::syntax::span::Span;
use miette::{Diagnostic, LabeledSpan};
use std::fmt;

/// A problem the compiler found in a ruleset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct CompileError {
    /// What is wrong.
    pub kind: CompileErrorKind,
    /// Where.
    pub span: Span,
}

impl CompileError {
    pub(crate) fn new(kind: CompileErrorKind, span: Span) -> Self {
        Self { kind, span }
    }
}

/// The kinds of [`CompileError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompileErrorKind {
    /// Two declarations share a name.
    Duplicate {
        /// What was declared ("chart", "modifier", ...).
        what: &'static str,
        /// The name.
        name: String,
        /// The first declaration.
        first: Span,
    },
    /// A name that nothing declares.
    Unknown {
        /// What was expected ("chart", "grid", ...).
        what: &'static str,
        /// The name.
        name: String,
        /// The closest declared name, if any is close.
        suggestion: Option<String>,
    },
    /// Two rows of a table read the same total.
    OverlappingRows {
        /// The totals both rows read, as text.
        values: String,
        /// The other row.
        other: Span,
    },
    /// Totals the dice and modifiers can reach that no row reads.
    UncoveredTotals {
        /// The totals, as text.
        values: String,
        /// Why they are reachable.
        reach: String,
    },
    /// An input of a ladder, named by a chart that does not read the
    /// ladder (code `unknown_name`).
    InsideLadder {
        /// The name.
        name: String,
        /// The ladder that declares it.
        ladder: String,
    },
    /// A results grid's `-` cell where a roll can land: the gap is the
    /// cell's (code `uncovered_totals`, as any gap).
    DashCell {
        /// The totals, as text, with the columns.
        values: String,
        /// The line of the grid, as written (`12 or more`).
        line: String,
        /// Why they are reachable.
        reach: String,
    },
    /// A table with no rows, a grid with no cells, a pool with no count.
    Empty {
        /// What is empty.
        what: &'static str,
    },
    /// `0d6`, `d0`, `d1` and the like.
    ImpossibleDice {
        /// Why.
        reason: String,
    },
    /// Dice past the limits.
    DiceTooLarge {
        /// What was written.
        written: String,
        /// The limit.
        limit: String,
    },
    /// A grid whose keys' options multiply to more cells than
    /// [`crate::Limits::max_grid_cells`].
    GridTooLarge {
        /// How many cells its keys give (exact, however large).
        cells: String,
        /// The limit.
        limit: usize,
    },
    /// Notation the language keeps room for but does not support yet.
    Unsupported {
        /// What.
        what: String,
    },
    /// A value of the wrong kind (text where a number is needed).
    WrongKind {
        /// What was needed.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// A clause this kind of chart does not take, or one given twice.
    MisplacedClause {
        /// The clause.
        clause: &'static str,
        /// The chart kind.
        kind: &'static str,
        /// Why.
        reason: String,
    },
    /// A clause this kind of chart needs.
    MissingClause {
        /// The clause.
        clause: &'static str,
        /// The chart kind.
        kind: &'static str,
    },
    /// A grid or column row with the wrong number of cells or labels.
    CellCount {
        /// How many were expected.
        expected: usize,
        /// How many were written.
        found: usize,
        /// What was counted.
        what: &'static str,
    },
    /// A follow-up whose chart needs a value the caller can neither take
    /// nor pass along.
    FollowUpInput {
        /// The follow-up chart.
        chart: String,
        /// The input it needs.
        input: String,
    },
    /// A follow-up chain that comes back to where it started.
    FollowUpCycle {
        /// The chain, `a -> b -> a`.
        chain: String,
    },
    /// Ladders that read each other's steps in a circle.
    LadderCycle {
        /// The chain, `a -> b -> a`.
        chain: String,
    },
    /// A ladder read by name takes an input under a name this chart uses
    /// for something of another kind.
    LadderInput {
        /// The ladder.
        ladder: String,
        /// The input.
        input: String,
        /// What it is in the ladder ("a flag", "a param", "a choice").
        there: String,
        /// What it is in this chart.
        here: String,
    },
    /// Something else malformed (bounds the wrong way round, ...).
    Invalid {
        /// What.
        message: String,
        /// How to fix it.
        help: String,
    },
    /// A decimal where only a whole number makes sense (dice counts,
    /// modifiers to the roll, ladder steps).
    NotWhole {
        /// What needs a whole number ("a number of dice").
        what: &'static str,
        /// The value as written.
        value: String,
    },
    /// Column keys of `columns by` that do not increase left to right.
    ColumnOrder {
        /// This key.
        key: String,
        /// The key before it.
        previous: String,
    },
    /// A column shift (`1L`, `2R`) in a chart whose column is not computed.
    ShiftWithoutColumns {
        /// The shift's name.
        name: String,
    },
    /// `ratio A to B` where B can be zero.
    RatioZero {
        /// The divisor as written.
        divisor: String,
        /// Its lowest value.
        reach: String,
    },
    /// A name that exists, but is not of the kind the place needs.
    NotThisKind {
        /// The name.
        name: String,
        /// What it is ("a ladder").
        is: String,
        /// What the place takes.
        allowed: String,
    },
    /// `4d6kh5`, `2d6dl2`: keeps or drops more dice than are rolled.
    KeepTooMany {
        /// The notation (`kh5`).
        written: String,
        /// How many dice are rolled.
        rolled: u32,
    },
    /// `d6r<7`, `d1!`: a reroll or explosion that covers every face, so no
    /// face could stand.
    EveryFace {
        /// "reroll" or "explode".
        what: &'static str,
        /// The notation as written (`r<3`).
        written: String,
        /// The sides of the die.
        sides: u32,
    },
    /// Dice notation that cannot be read as written: a reroll or
    /// explosion that covers no face, notation given twice, a bound past
    /// the limits.
    DiceNotation {
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
    /// A pool's `report` names a count twice.
    ReportedTwice {
        /// The count's name.
        name: String,
        /// Where it was named first.
        first: Span,
    },
    /// Totals (dice, constants and modifiers added) that pass the whole
    /// numbers chartwright counts with (`i64`).
    TotalTooLarge {
        /// The total past the range, exactly.
        total: String,
    },
    /// A constant added to a pool's dice (`roll 3d6 + 5`): a pool counts
    /// its dice one by one and adds no total for it to join.
    PoolConstant {
        /// The dice as written.
        dice: String,
    },
}

impl fmt::Display for CompileErrorKind {
    #[allow(clippy::too_many_lines)] // one match arm per error kind
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Duplicate { what, name, .. } => write!(f, "{what} `{name}` is declared twice"),
            Self::Unknown { what, name, .. } => write!(f, "unknown {what} `{name}`"),
            Self::InsideLadder { name, ladder } => write!(
                f,
                "`{name}` is an input of the ladder `{ladder}`, which this chart does not read"
            ),
            Self::OverlappingRows { values, .. } => {
                write!(f, "rows overlap: both read {values}")
            }
            Self::UncoveredTotals { values, .. } => write!(f, "no row reads {values}"),
            Self::DashCell { values, line, .. } => write!(
                f,
                "the `-` cell on line `{line}` gives no result, and a roll can read {values}"
            ),
            Self::Empty { what } => write!(f, "empty {what}"),
            Self::ImpossibleDice { reason } => write!(f, "impossible dice: {reason}"),
            Self::DiceTooLarge { written, limit } => {
                write!(
                    f,
                    "dice too large: `{written}` is over the limit of {limit}"
                )
            }
            Self::GridTooLarge { cells, limit } => write!(
                f,
                "grid too large: its keys give {cells} cells, over the limit of {limit}"
            ),
            Self::Unsupported { what } => write!(f, "{what} is not supported yet"),
            Self::WrongKind { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            Self::MisplacedClause {
                clause,
                kind,
                reason,
            } => {
                let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                write!(
                    f,
                    "`{clause}` does not belong in {article} {kind}: {reason}"
                )
            }
            Self::MissingClause { clause, kind } => write!(f, "a {kind} needs `{clause}`"),
            Self::CellCount {
                expected,
                found,
                what,
            } => write!(f, "expected {expected} {what}, found {found}"),
            Self::FollowUpCycle { chain } => write!(f, "follow-ups form a cycle: {chain}"),
            Self::LadderCycle { chain } => {
                write!(f, "ladders read each other in a cycle: {chain}")
            }
            Self::LadderInput {
                ladder,
                input,
                there,
                here,
            } => write!(
                f,
                "ladder `{ladder}` takes `{input}` as {there}, but here `{input}` is {here}"
            ),
            Self::FollowUpInput { chart, input } => {
                write!(
                    f,
                    "the follow-up `{chart}` needs `{input}`, which nothing passes to it"
                )
            }
            Self::Invalid { message, .. } | Self::DiceNotation { message, .. } => {
                f.write_str(message)
            }
            Self::NotWhole { what, value } => {
                write!(f, "`{value}` is not a whole number, and {what} must be")
            }
            Self::ColumnOrder { key, previous } => write!(
                f,
                "column `{key}` comes after `{previous}` but is not higher"
            ),
            Self::ShiftWithoutColumns { name } => write!(
                f,
                "`{name}` shifts the column, but this chart's column is not computed"
            ),
            Self::RatioZero { divisor, reach } => {
                write!(f, "the ratio divides by `{divisor}`, which can be {reach}")
            }
            Self::NotThisKind { name, is, allowed } => {
                write!(f, "`{name}` is {is}; {allowed}")
            }
            Self::ReportedTwice { name, .. } => write!(f, "`report` names `{name}` twice"),
            Self::KeepTooMany { written, rolled } => {
                let dice = if *rolled == 1 { "die" } else { "dice" };
                write!(
                    f,
                    "`{written}` keeps or drops more dice than the {rolled} {dice} rolled"
                )
            }
            Self::EveryFace {
                what,
                written,
                sides,
            } => write!(
                f,
                "`{written}` would {what} every face of a d{sides}: no face could stand"
            ),
            Self::TotalTooLarge { total } => write!(
                f,
                "totals reach {total}, past the whole numbers chartwright counts with"
            ),
            Self::PoolConstant { dice } => write!(
                f,
                "`{dice}` adds a constant to a pool's dice, which are counted one by one, never added up"
            ),
        }
    }
}

impl CompileErrorKind {
    fn code(&self) -> &'static str {
        match self {
            Self::Duplicate { .. } => "chartwright::compile::duplicate_name",
            Self::Unknown { .. } | Self::InsideLadder { .. } => {
                "chartwright::compile::unknown_name"
            }
            Self::OverlappingRows { .. } => "chartwright::compile::overlapping_rows",
            Self::UncoveredTotals { .. } | Self::DashCell { .. } => {
                "chartwright::compile::uncovered_totals"
            }
            Self::Empty { .. } => "chartwright::compile::empty",
            Self::ImpossibleDice { .. } => "chartwright::compile::impossible_dice",
            Self::DiceTooLarge { .. } => "chartwright::compile::dice_too_large",
            Self::GridTooLarge { .. } => "chartwright::compile::grid_too_large",
            Self::Unsupported { .. } => "chartwright::compile::unsupported",
            Self::KeepTooMany { .. } => "chartwright::compile::keep_too_many",
            Self::EveryFace { .. } => "chartwright::compile::every_face",
            Self::DiceNotation { .. } => "chartwright::compile::dice_notation",
            Self::WrongKind { .. } => "chartwright::compile::wrong_kind",
            Self::MisplacedClause { .. } => "chartwright::compile::misplaced_clause",
            Self::MissingClause { .. } => "chartwright::compile::missing_clause",
            Self::CellCount { .. } => "chartwright::compile::cell_count",
            Self::FollowUpCycle { .. } => "chartwright::compile::follow_up_cycle",
            Self::LadderCycle { .. } => "chartwright::compile::ladder_cycle",
            Self::LadderInput { .. } => "chartwright::compile::ladder_input",
            Self::FollowUpInput { .. } => "chartwright::compile::follow_up_input",
            Self::Invalid { .. } => "chartwright::compile::invalid",
            Self::NotWhole { .. } => "chartwright::compile::not_whole",
            Self::ColumnOrder { .. } => "chartwright::compile::column_order",
            Self::ShiftWithoutColumns { .. } => "chartwright::compile::shift_without_columns",
            Self::RatioZero { .. } => "chartwright::compile::ratio_zero",
            Self::NotThisKind { .. } => "chartwright::compile::not_this_kind",
            Self::ReportedTwice { .. } => "chartwright::compile::reported_twice",
            Self::TotalTooLarge { .. } => "chartwright::compile::total_too_large",
            Self::PoolConstant { .. } => "chartwright::compile::pool_constant",
        }
    }

    #[allow(clippy::too_many_lines)] // one match arm per error kind
    fn help(&self) -> String {
        match self {
            Self::Duplicate { what, .. } => {
                format!("rename one of them: every {what} needs its own name")
            }
            Self::Unknown {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            Self::Unknown { what, .. } => match *what {
                "flag" | "param" | "choice" | "modifier" | "name" => {
                    format!("declare the {what} in the chart or at the top level of the file")
                }
                _ => format!("declare the {what} at the top level of the file"),
            },
            Self::OverlappingRows { .. } => {
                "each total must be read by one row only: narrow one of the ranges".into()
            }
            Self::UncoveredTotals { reach, .. } => format!(
                "{reach}; add a row for them, make an end row open (`6 or more`, `3 or less`), \
                 or bound the parameters with `in LO..HI`"
            ),
            Self::InsideLadder { name, ladder } => format!(
                "a chart may name the inputs of the ladders it reads (`columns by {ladder}`, \
                 or `{ladder}` in an expression); to name `{name}` here otherwise, declare it \
                 at the top level of the file (or in this chart too)"
            ),
            Self::DashCell { reach, .. } => format!(
                "{reach}; write the result the sheet gives there (a word such as `NE`, or a \
                 quoted text), say what every `-` gives (`- => \"No effect\"`), or bound the \
                 parameters so that this column never reads it"
            ),
            Self::Empty { what } => format!("give the {what} at least one entry"),
            Self::ImpossibleDice { .. } => {
                "a roll needs at least one die of at least two sides, such as `d6` or `2d10`".into()
            }
            Self::DiceTooLarge { .. } => {
                "charts roll at most 1000 dice of at most 1000 sides".into()
            }
            Self::GridTooLarge { .. } => "key a grid by fewer choices, or split it into several \
                 grids (a host can raise `Limits::max_grid_cells`)"
                .into(),
            Self::Unsupported { .. } => {
                "write the roll with plain dice (`2d6`, `d10`) and constants".into()
            }
            Self::WrongKind { expected, .. } => format!("use {expected} here"),
            Self::MisplacedClause { .. } => "remove the clause or move it".into(),
            Self::MissingClause { clause, .. } => format!("add a `{clause}` clause"),
            Self::CellCount { what, .. } if what.starts_with("results") => {
                "give one result per column key, left to right, as the sheet prints the line".into()
            }
            Self::CellCount { .. } => {
                "give one cell per column: the options of the last key, in declared order".into()
            }
            Self::FollowUpCycle { .. } => "a follow-up chain must end: break the cycle".into(),
            Self::LadderCycle { .. } => {
                "a ladder's start and caps may read other ladders, but never one that \
                 reads it back: start one of them from a param or a grid"
                    .into()
            }
            Self::LadderInput { ladder, input, .. } => format!(
                "a chart that reads a ladder takes the ladder's inputs under the same \
                 names: rename this chart's `{input}`, or `{input}` in `{ladder}`"
            ),
            Self::FollowUpInput { chart, input } => {
                format!("pass a value in the call: `then {chart}({input}=...)`")
            }
            Self::Invalid { help, .. } | Self::DiceNotation { help, .. } => help.clone(),
            Self::NotWhole { what, .. } => format!(
                "the dice total stays whole: write {what} as a whole number, or round \
                 a computed value with `floor(...)`, `ceil(...)` or `round(...)`"
            ),
            Self::ColumnOrder { .. } => {
                "write the keys from the lowest to the highest, as the sheet prints them \
                 left to right (odds `1-2 1-1 3-2 2-1`, thresholds `0.5 1 2 4`)"
                    .into()
            }
            Self::ShiftWithoutColumns { .. } => {
                "shifts move along `columns by VALUE: KEYS`; make the roll's modifier \
                 a die-roll modifier such as `+1`, or give the chart a computed scale"
                    .into()
            }
            Self::RatioZero { divisor, .. } => format!(
                "bound it above zero, such as `param {divisor} \"...\" in 1..100`, \
                 or say what a zero means with `(... if {divisor} > 0 else ...)`"
            ),
            Self::NotThisKind { .. } => "use a name of the kind allowed here".into(),
            Self::ReportedTwice { .. } => {
                "name each count once: the outcome lists the counts named, in stage order".into()
            }
            Self::KeepTooMany { rolled, .. } => format!(
                "keep or drop fewer than the {rolled} rolled (`4d6kh3` keeps 3 of 4), \
                 or roll more dice"
            ),
            Self::EveryFace { sides: 1, .. } => {
                "a die of one side always shows 1: write the number instead".into()
            }
            Self::EveryFace { what: "reroll", .. } => {
                "reroll only some faces, such as `r1` (the 1s) or `r<3` (1s and 2s)".into()
            }
            Self::EveryFace { .. } => {
                "explode only some faces, such as `!` (the highest face) or `!>=5`".into()
            }
            Self::TotalTooLarge { .. } => "a total must lie between -9223372036854775808 and \
                 9223372036854775807: use smaller constants or modifiers"
                .into(),
            Self::PoolConstant { .. } => "to add to every die, give the pool a modifier \
                 (`modifiers { bonus +1 \"bonus\" always }`), or move its target (`on 4+` \
                 with +1 on each die is `on 3+`); then roll the dice alone"
                .into(),
        }
    }
}

impl Diagnostic for CompileError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.kind.help()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = match &self.kind {
            CompileErrorKind::Duplicate { .. } => "declared again here",
            CompileErrorKind::Unknown { .. } => "not declared",
            CompileErrorKind::ReportedTwice { .. } => "named again here",
            CompileErrorKind::OverlappingRows { .. } => "this row",
            CompileErrorKind::UncoveredTotals { .. } => "these rows leave a gap",
            _ => "here",
        };
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            Some(main.to_string()),
            self.span,
        )];
        match &self.kind {
            CompileErrorKind::Duplicate { first, .. } if first.source == self.span.source => {
                labels.push(LabeledSpan::new_with_span(
                    Some("first declared here".into()),
                    *first,
                ));
            }
            CompileErrorKind::ReportedTwice { first, .. } if first.source == self.span.source => {
                labels.push(LabeledSpan::new_with_span(
                    Some("first named here".into()),
                    *first,
                ));
            }
            CompileErrorKind::OverlappingRows { other, .. } if other.source == self.span.source => {
                labels.push(LabeledSpan::new_with_span(
                    Some("overlaps this row".into()),
                    *other,
                ));
            }
            _ => {}
        }
        Some(Box::new(labels.into_iter()))
    }
}
