//! [`CompileError`]: what the checker finds in a parsed file. Every kind
//! derives its message, stable code and help, variant by variant; the error
//! adds the label at the span of the node at fault.

use crate::syntax::span::Span;
use miette::{Diagnostic, LabeledSpan};
use std::fmt;

/// A problem the compiler found in a ruleset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
#[non_exhaustive]
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileErrorKind {
    /// Two declarations share a name.
    #[error("{what} `{name}` is declared twice")]
    #[diagnostic(
        code(chartwright::compile::duplicate_name),
        help("rename one of them: every {what} needs its own name")
    )]
    Duplicate {
        /// What was declared ("chart", "modifier", ...).
        what: &'static str,
        /// The name.
        name: String,
        /// The first declaration.
        first: Span,
    },
    /// A name that nothing declares.
    #[error("unknown {what} `{name}`")]
    #[diagnostic(
        code(chartwright::compile::unknown_name),
        help("{}", unknown_help(what, suggestion.as_deref()))
    )]
    Unknown {
        /// What was expected ("chart", "grid", ...).
        what: &'static str,
        /// The name.
        name: String,
        /// The closest declared name, if any is close.
        suggestion: Option<String>,
    },
    /// Two rows of a table read the same total.
    #[error("rows overlap: both read {values}")]
    #[diagnostic(
        code(chartwright::compile::overlapping_rows),
        help("each total must be read by one row only: narrow one of the ranges")
    )]
    OverlappingRows {
        /// The totals both rows read, as text.
        values: String,
        /// The other row.
        other: Span,
    },
    /// Totals the dice and modifiers can reach that no row reads.
    #[error("no row reads {values}")]
    #[diagnostic(
        code(chartwright::compile::uncovered_totals),
        help(
            "{reach}; add a row for them, make an end row open (`6 or more`, `3 or less`), \
             or bound the parameters with `in LO..HI`"
        )
    )]
    UncoveredTotals {
        /// The totals, as text.
        values: String,
        /// Why they are reachable.
        reach: String,
    },
    /// An input of a ladder, named by a chart that does not read the
    /// ladder (code `unknown_name`).
    #[error("`{name}` is an input of the ladder `{ladder}`, which this chart does not read")]
    #[diagnostic(
        code(chartwright::compile::unknown_name),
        help(
            "a chart may name the inputs of the ladders it reads (`columns by {ladder}`, \
             or `{ladder}` in an expression); to name `{name}` here otherwise, declare it \
             at the top level of the file (or in this chart too)"
        )
    )]
    InsideLadder {
        /// The name.
        name: String,
        /// The ladder that declares it.
        ladder: String,
    },
    /// A results grid's `-` cell where a roll can land: the gap is the
    /// cell's (code `uncovered_totals`, as any gap).
    #[error("the `-` cell on line `{line}` gives no result, and a roll can read {values}")]
    #[diagnostic(
        code(chartwright::compile::uncovered_totals),
        help(
            "{reach}; write the result the sheet gives there (a word such as `NE`, or a \
             quoted text), say what every `-` gives (`- => \"No effect\"`), or bound the \
             parameters so that this column never reads it"
        )
    )]
    DashCell {
        /// The totals, as text, with the columns.
        values: String,
        /// The line of the grid, as written (`12 or more`).
        line: String,
        /// Why they are reachable.
        reach: String,
    },
    /// A table with no rows, a grid with no cells, a pool with no count.
    #[error("empty {what}")]
    #[diagnostic(
        code(chartwright::compile::empty),
        help("give the {what} at least one entry")
    )]
    Empty {
        /// What is empty.
        what: &'static str,
    },
    /// `0d6`, `d0`, `d1` and the like.
    #[error("impossible dice: {reason}")]
    #[diagnostic(
        code(chartwright::compile::impossible_dice),
        help("a roll needs at least one die of at least two sides, such as `d6` or `2d10`")
    )]
    ImpossibleDice {
        /// Why.
        reason: String,
    },
    /// Dice past the limits.
    #[error("dice too large: `{written}` is over the limit of {limit}")]
    #[diagnostic(
        code(chartwright::compile::dice_too_large),
        help("{}", dice_too_large_help(written))
    )]
    DiceTooLarge {
        /// What was written.
        written: String,
        /// The limit.
        limit: String,
    },
    /// A grid whose keys' options multiply to more cells than
    /// [`crate::Limits::max_grid_cells`].
    #[error("grid too large: its keys give {cells} cells, over the limit of {limit}")]
    #[diagnostic(
        code(chartwright::compile::grid_too_large),
        help(
            "key a grid by fewer choices, or split it into several grids (a host can raise \
             `Limits::max_grid_cells`)"
        )
    )]
    GridTooLarge {
        /// How many cells its keys give (exact, however large).
        cells: String,
        /// The limit.
        limit: usize,
    },
    /// Notation the language keeps room for but does not support yet.
    #[error("{what} is not supported yet")]
    #[diagnostic(
        code(chartwright::compile::unsupported),
        help("write the roll with plain dice (`2d6`, `d10`) and constants")
    )]
    Unsupported {
        /// What.
        what: String,
    },
    /// A value of the wrong kind (text where a number is needed).
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(chartwright::compile::wrong_kind), help("use {expected} here"))]
    WrongKind {
        /// What was needed.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// A clause this kind of chart does not take, or one given twice.
    #[error("`{clause}` does not belong in {} {kind}: {reason}", article(kind))]
    #[diagnostic(
        code(chartwright::compile::misplaced_clause),
        help("remove the clause or move it")
    )]
    MisplacedClause {
        /// The clause.
        clause: &'static str,
        /// The chart kind.
        kind: &'static str,
        /// Why.
        reason: String,
    },
    /// A clause this kind of chart needs.
    #[error("every {kind} chart needs `{clause}`")]
    #[diagnostic(
        code(chartwright::compile::missing_clause),
        help("add a `{clause}` clause")
    )]
    MissingClause {
        /// The clause.
        clause: &'static str,
        /// The chart kind.
        kind: &'static str,
    },
    /// A grid or column row with the wrong number of cells or labels.
    #[error("expected {expected} {what}, found {found}")]
    #[diagnostic(
        code(chartwright::compile::cell_count),
        help(
            "{}",
            if what.starts_with("results") {
                "give one result per column key, left to right, as the sheet prints the line"
            } else {
                "give one cell per column: the options of the last key, in declared order"
            }
        )
    )]
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
    #[error("the follow-up `{chart}` needs `{input}`, which nothing passes to it")]
    #[diagnostic(
        code(chartwright::compile::follow_up_input),
        help("pass a value in the call: `then {chart}({input}=...)`")
    )]
    FollowUpInput {
        /// The follow-up chart.
        chart: String,
        /// The input it needs.
        input: String,
    },
    /// A follow-up chain that comes back to where it started.
    #[error("follow-ups form a cycle: {chain}")]
    #[diagnostic(
        code(chartwright::compile::follow_up_cycle),
        help("a follow-up chain must end: break the cycle")
    )]
    FollowUpCycle {
        /// The chain, `a -> b -> a`.
        chain: String,
    },
    /// Ladders that read each other's steps in a circle.
    #[error("ladders read each other in a cycle: {chain}")]
    #[diagnostic(
        code(chartwright::compile::ladder_cycle),
        help(
            "a ladder's start and caps may read other ladders, but never one that reads it \
             back: start one of them from a param or a grid"
        )
    )]
    LadderCycle {
        /// The chain, `a -> b -> a`.
        chain: String,
    },
    /// A ladder read by name takes an input under a name this chart uses
    /// for something of another kind.
    #[error("ladder `{ladder}` takes `{input}` as {there}, but here `{input}` is {here}")]
    #[diagnostic(
        code(chartwright::compile::ladder_input),
        help(
            "a chart that reads a ladder takes the ladder's inputs under the same names: \
             rename this chart's `{input}`, or `{input}` in `{ladder}`"
        )
    )]
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
    /// Dice in an expression whose value is settled before the roll: only
    /// the value of `columns by` adds dice of its own.
    #[error("dice cannot be rolled in {place}")]
    #[diagnostic(
        code(chartwright::compile::dice_in_expression),
        help(
            "dice may only be added to the value of `columns by` \
             (`columns by firepower + (air_points)d6:`); the chart's own roll goes in `roll`"
        )
    )]
    DiceInExpression {
        /// Where they were written ("this expression", "a ratio").
        place: String,
    },
    /// Something else malformed (bounds the wrong way round, ...).
    #[error("{message}")]
    #[diagnostic(code(chartwright::compile::invalid), help("{help}"))]
    Invalid {
        /// What.
        message: String,
        /// How to fix it.
        help: String,
    },
    /// `doubles` or `die N` where the dice cannot be read one by one.
    #[error("{what} cannot read the dice here: {why}")]
    #[diagnostic(code(chartwright::compile::dice_unreadable), help("{help}"))]
    DiceUnreadable {
        /// What was written (`doubles`, `die 3`).
        what: String,
        /// Why the dice cannot be read.
        why: String,
        /// What to write instead.
        help: String,
    },
    /// A decimal where only a whole number makes sense (dice counts,
    /// modifiers to the roll, ladder steps).
    #[error("`{value}` is not a whole number, and {what} must be")]
    #[diagnostic(
        code(chartwright::compile::not_whole),
        help(
            "the dice total stays whole: write {what} as a whole number, or round a computed \
             value with `floor(...)`, `ceil(...)` or `round(...)`"
        )
    )]
    NotWhole {
        /// What needs a whole number ("a number of dice").
        what: &'static str,
        /// The value as written.
        value: String,
    },
    /// Column keys of `columns by` that do not increase left to right.
    #[error("column `{key}` comes after `{previous}` but is not higher")]
    #[diagnostic(
        code(chartwright::compile::column_order),
        help(
            "write the keys from the lowest to the highest, as the sheet prints them left to \
             right (odds `1-2 1-1 3-2 2-1`, thresholds `0.5 1 2 4`)"
        )
    )]
    ColumnOrder {
        /// This key.
        key: String,
        /// The key before it.
        previous: String,
    },
    /// A column shift (`1L`, `2R`) in a chart whose column is not computed.
    #[error("`{name}` shifts the column, but this chart's column is not computed")]
    #[diagnostic(
        code(chartwright::compile::shift_without_columns),
        help(
            "shifts move along `columns by VALUE: KEYS`; make the roll's modifier a die-roll \
             modifier such as `+1`, or give the chart a computed scale"
        )
    )]
    ShiftWithoutColumns {
        /// The shift's name.
        name: String,
    },
    /// `ratio A to B` where B can be zero.
    #[error("the ratio divides by `{divisor}`, which can be {reach}")]
    #[diagnostic(
        code(chartwright::compile::ratio_zero),
        help(
            "bound it above zero, such as `param {divisor} \"...\" in 1..100`, or say what a \
             zero means with `(... if {divisor} > 0 else ...)`"
        )
    )]
    RatioZero {
        /// The divisor as written.
        divisor: String,
        /// Its lowest value.
        reach: String,
    },
    /// A name that exists, but is not of the kind the place needs.
    #[error("`{name}` is {is}; {allowed}")]
    #[diagnostic(
        code(chartwright::compile::not_this_kind),
        help("use a name of the kind allowed here")
    )]
    NotThisKind {
        /// The name.
        name: String,
        /// What it is ("a ladder").
        is: String,
        /// What the place takes.
        allowed: String,
    },
    /// `4d6kh5`, `2d6dl2`: keeps or drops more dice than are rolled.
    #[error(
        "`{written}` keeps or drops more dice than the {rolled} {} rolled",
        if *rolled == 1 { "die" } else { "dice" }
    )]
    #[diagnostic(
        code(chartwright::compile::keep_too_many),
        help(
            "keep or drop fewer than the {rolled} rolled (`4d6kh3` keeps 3 of 4), or roll \
             more dice"
        )
    )]
    KeepTooMany {
        /// The notation (`kh5`).
        written: String,
        /// How many dice are rolled.
        rolled: u32,
    },
    /// `d6r<7`, `d1!`: a reroll or explosion that covers every face, so no
    /// face could stand.
    #[error("`{written}` would {what} every face of a d{sides}: no face could stand")]
    #[diagnostic(
        code(chartwright::compile::every_face),
        help("{}", every_face_help(what, *sides))
    )]
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
    #[error("{message}")]
    #[diagnostic(code(chartwright::compile::dice_notation), help("{help}"))]
    DiceNotation {
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
    /// A pool's `report` names a count twice.
    #[error("`report` names `{name}` twice")]
    #[diagnostic(
        code(chartwright::compile::reported_twice),
        help("name each count once: the outcome lists the counts named, in stage order")
    )]
    ReportedTwice {
        /// The count's name.
        name: String,
        /// Where it was named first.
        first: Span,
    },
    /// Totals (dice, constants and modifiers added) that pass the whole
    /// numbers chartwright counts with (`i64`).
    #[error("totals reach {total}, past the whole numbers chartwright counts with")]
    #[diagnostic(
        code(chartwright::compile::total_too_large),
        help(
            "a total must lie between -9223372036854775808 and 9223372036854775807: use \
             smaller constants or modifiers"
        )
    )]
    TotalTooLarge {
        /// The total past the range, exactly.
        total: String,
    },
    /// A constant added to a pool's dice (`roll 3d6 + 5`): a pool counts
    /// its dice one by one and adds no total for it to join.
    #[error(
        "`{dice}` adds a constant to a pool's dice, which are counted one by one, never added up"
    )]
    #[diagnostic(
        code(chartwright::compile::pool_constant),
        help(
            "to add to every die, give the pool a modifier (`modifiers {{ bonus +1 \"bonus\" \
             always }}`), or move its target (`on 4+` with +1 on each die is `on 3+`); then \
             roll the dice alone"
        )
    )]
    PoolConstant {
        /// The dice as written.
        dice: String,
    },
    /// A chart each side of an opposed roll rolls (`each rolls crt`)
    /// whose result cannot be read as a number.
    #[error("each side rolls `{chart}`, {problem}")]
    #[diagnostic(code(chartwright::compile::side_result), help("{help}"))]
    SideResult {
        /// The chart rolled.
        chart: String,
        /// What keeps its result from being a number.
        problem: String,
        /// What to write instead.
        help: String,
    },
}

/// "a" or "an" before a chart kind.
fn article(kind: &str) -> &'static str {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// The help of [`CompileErrorKind::Unknown`]: the closest name, else where
/// a name of that sort is declared.
fn unknown_help(what: &str, suggestion: Option<&str>) -> String {
    match (suggestion, what) {
        (Some(s), _) => format!("did you mean `{s}`?"),
        (None, "flag" | "param" | "choice" | "modifier" | "name") => {
            format!("declare the {what} in the chart or at the top level of the file")
        }
        (None, _) => format!("declare the {what} at the top level of the file"),
    }
}

/// The help of [`CompileErrorKind::EveryFace`], for a one-sided die, a
/// reroll or an explosion.
fn every_face_help(what: &str, sides: u32) -> &'static str {
    match (sides, what) {
        (1, _) => "a die of one side always shows 1: write the number instead",
        (_, "reroll") => "reroll only some faces, such as `r1` (the 1s) or `r<3` (1s and 2s)",
        _ => "explode only some faces, such as `!` (the highest face) or `!>=5`",
    }
}

impl CompileErrorKind {
    /// The short text of the label under the span.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Duplicate { .. } => "declared again here",
            Self::Unknown { .. } => "not declared",
            Self::ReportedTwice { .. } => "named again here",
            Self::OverlappingRows { .. } => "this row",
            Self::UncoveredTotals { .. } => "these rows leave a gap",
            _ => "here",
        }
    }

    /// The other place the error names (the first declaration, the other
    /// row), with its label.
    fn second_place(&self) -> Option<(&'static str, Span)> {
        match self {
            Self::Duplicate { first, .. } => Some(("first declared here", *first)),
            Self::ReportedTwice { first, .. } => Some(("first named here", *first)),
            Self::OverlappingRows { other, .. } => Some(("overlaps this row", *other)),
            _ => None,
        }
    }
}

impl Diagnostic for CompileError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.help()
    }

    /// The span, and the other place the kind names when it lies in the
    /// same source (a label cannot point into another file).
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = LabeledSpan::new_primary_with_span(Some(self.kind.label().into()), self.span);
        let second = self
            .kind
            .second_place()
            .filter(|(_, span)| span.source == self.span.source)
            .map(|(text, span)| LabeledSpan::new_with_span(Some(text.into()), span));
        Some(Box::new(std::iter::once(main).chain(second)))
    }
}

/// The help of [`CompileErrorKind::DiceTooLarge`]: one die of many sides
/// written with sixes only (`d6666`) is what a player writes for d6 read
/// as digits, which the language has for two and three dice only.
fn dice_too_large_help(written: &str) -> String {
    let sides = written.strip_prefix("1d").unwrap_or("");
    if sides.len() > 3 && sides.bytes().all(|b| b == b'6') {
        let n = sides.len();
        format!(
            "`d{sides}` is read as one die of {sides} sides: only `d66` and `d666` read d6 \
             as digits (two and three of them); for {n} d6 added together write `{n}d6` \
             (`(n)d6` takes the number of dice from a param)"
        )
    } else {
        "charts roll at most 1000 dice of at most 1000 sides".to_owned()
    }
}
