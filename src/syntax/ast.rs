//! The abstract syntax tree: what the parser builds from a `.rules` file and
//! the compiler checks. Owned, independent of pest, every node spanned.
//!
//! The grammar is deliberately permissive where a precise diagnostic serves
//! the author better than a syntax error: a chart body is a list of
//! [`Clause`]s, and the compiler says which clause a chart kind does not take.

use crate::number::Num;
use crate::syntax::span::{Span, Spanned};
/// The string type of names and labels (re-exported: hosts can name it).
pub use compact_str::CompactString;

/// A name as written: what a player types (`bog_down`, `unit_rating`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name (inline, without a heap block, up to 24 bytes).
    pub name: CompactString,
    /// Where it was written.
    pub span: Span,
}

/// A label as written: the sheet's own words, unquoted and unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The text, escapes resolved (inline up to 24 bytes).
    pub text: CompactString,
    /// Where it was written, quotes included.
    pub span: Span,
}

/// A whole `.rules` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// `game "Title" version "1.3"`.
    pub header: Header,
    /// Declarations in file order.
    pub items: Vec<Item>,
}

/// The file header naming the game and the sheet's version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's title.
    pub title: Label,
    /// The sheet's version.
    pub version: Label,
    /// The whole header.
    pub span: Span,
}

/// A top-level declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `choice NAME "Label" { opt "Label", ... }`
    Choice(ChoiceDecl),
    /// `flag NAME "Label"`
    Flag(FlagDecl),
    /// `param NAME "Label" [in LO..HI] [default N]`
    Param(ParamDecl),
    /// `grid NAME "Label" by KEY, KEY { rows }`
    Grid(Grid),
    /// `modifiers NAME "Label" { entries }`
    Modifiers(ModifierSet),
    /// `table|check|opposed|pool|ladder NAME "Label" { clauses }`
    Chart(Chart),
    /// `notes NAME "Label" """text"""`
    Notes(Notes),
    /// `expect CHART ARGS => "Outcome" N/D`
    Expect(Expect),
}

/// A chart author's expectation, checked by `chartwright test`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    /// The chart (`bog_down` or `game.chart`).
    pub chart: Ident,
    /// The roll-time words, as written.
    pub args: Vec<ExpectArg>,
    /// `natural 5, 3`: the faces the dice show, in order (empty: odds).
    pub naturals: Vec<Spanned<i64>>,
    /// What must happen.
    pub want: ExpectWant,
    /// The whole expectation.
    pub span: Span,
}

/// A roll-time word of an expectation: `name` or `name=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectArg {
    /// The name (`att.foothold` keeps its side).
    pub name: Ident,
    /// The value as written (`-1`, `veteran`).
    pub value: Option<CompactString>,
    /// The whole word.
    pub span: Span,
}

/// What an expectation wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectWant {
    /// An outcome, as `show`/`odds` print it; with a probability, its exact
    /// odds; without one, the outcome of the naturals given, or certain.
    Outcome {
        /// The outcome text.
        text: Label,
        /// `(numerator, denominator)`.
        odds: Option<Spanned<(i64, i64)>>,
    },
    /// A group of outcomes counted as one (`any of "3", "4"`, `at least
    /// 2`); with a probability, its exact odds; without one, the outcome of
    /// the naturals given is in the group, or the group is certain.
    Group {
        /// The group.
        group: ExpectGroup,
        /// `(numerator, denominator)`.
        odds: Option<Spanned<(i64, i64)>>,
    },
    /// An error whose code ends with this name (`missing_param`).
    Error(Ident),
}

/// A group of outcomes an expectation counts as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectGroup {
    /// `any of "3", "4"`: any of these outcomes.
    AnyOf(Vec<Label>),
    /// `at least 2`: every outcome that is a number, 2 or more.
    AtLeast(Spanned<Num>),
    /// `at most 1`: every outcome that is a number, 1 or less.
    AtMost(Spanned<Num>),
}

/// An enumerated choice made at roll time (`unit_rating=veteran`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceDecl {
    /// Its name.
    pub name: Ident,
    /// The sheet's heading for it.
    pub label: Label,
    /// The options in declared order (the column order of grids keyed by it).
    pub options: Vec<OptionDecl>,
    /// `default OPTION`: taken when the roll names none.
    pub default: Option<Ident>,
    /// The whole declaration.
    pub span: Span,
}

/// One option of a [`ChoiceDecl`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// What a player types.
    pub name: Ident,
    /// What the sheet says.
    pub label: Label,
}

/// An on/off condition given at roll time by its bare name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagDecl {
    /// Its name.
    pub name: Ident,
    /// What the sheet says.
    pub label: Label,
    /// The whole declaration.
    pub span: Span,
}

/// A number given at roll time (`morale=7`, `firepower=2.5`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDecl {
    /// Its name.
    pub name: Ident,
    /// What the sheet says.
    pub label: Label,
    /// `in LO..HI`, inclusive.
    pub bounds: Option<Bounds>,
    /// `default N`.
    pub default: Option<Spanned<Num>>,
    /// `whole`: it counts things, so takes whole numbers only.
    pub whole: bool,
    /// The whole declaration.
    pub span: Span,
}

/// `in LO..HI`: an inclusive range of allowed values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Smallest allowed value.
    pub lo: Num,
    /// Largest allowed value.
    pub hi: Num,
    /// Where it was written.
    pub span: Span,
}

/// A lookup without a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Its name.
    pub name: Ident,
    /// The sheet's title.
    pub label: Label,
    /// The choices keying it; the last one's options are the columns.
    pub keys: Vec<Ident>,
    /// The rows.
    pub rows: Vec<GridRow>,
    /// Reference text shown with the grid.
    pub notes: Vec<Label>,
    /// The whole declaration.
    pub span: Span,
}

/// `elite, good_order: +1 0 -1`: options of all keys but the last, then cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridRow {
    /// One option per key but the last (for a one-key grid: the key's option).
    pub labels: Vec<Ident>,
    /// One cell per option of the last key (one cell for a one-key grid).
    pub cells: Vec<Cell>,
    /// The whole row.
    pub span: Span,
}

/// A grid cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What it holds.
    pub kind: CellKind,
    /// Where it was written.
    pub span: Span,
}

/// What a grid cell holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// `+1`, `0`, `60`, `0.5`.
    Number(Num),
    /// `"Prohibited"`.
    Text(CompactString),
    /// `4+`, `3 or more`, `1-3`, `2 or less`, `4,5`.
    Target(RangeSet),
    /// `2d10`.
    Dice(DiceExpr),
    /// `-`: not possible.
    Impossible,
}

/// A set of integers written as players write ranges: `4,5`, `6 or more`.
/// An empty set is the `-` of a column cell no total reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeSet {
    /// The comma-separated parts.
    pub parts: Vec<RangePart>,
    /// Where the whole set was written.
    pub span: Span,
}

/// One part of a [`RangeSet`]; `None` is an open end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangePart {
    /// Lowest value, or `None` for `N or less`.
    pub lo: Option<i64>,
    /// Highest value, or `None` for `N or more` / `N+`.
    pub hi: Option<i64>,
    /// Where it was written.
    pub span: Span,
}

/// A top-level, named set of modifiers that charts `use`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModifierSet {
    /// Its name.
    pub name: Ident,
    /// The sheet's title.
    pub label: Label,
    /// The modifiers.
    pub entries: Vec<ModEntry>,
    /// Reference text shown with the set.
    pub notes: Vec<Label>,
    /// The whole declaration.
    pub span: Span,
}

/// An entry of a modifiers block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModEntry {
    /// `NAME VALUE "label" [if|unless COND]`
    Modifier(ModifierDecl),
    /// `one of ["Heading"] [if|unless COND] { entries }`: at most one applies.
    OneOf(Group),
    /// `section "Heading" [subtract] [if|unless COND] { entries }`
    Section(Group),
    /// `use SET [if COND]`
    Use(UseDecl),
    /// `for each { ... }` / `for SIDE { ... }` in an opposed roll.
    ForSide(ForSide),
}

/// A named modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModifierDecl {
    /// What a player types.
    pub name: Ident,
    /// How its value is found.
    pub value: ModValue,
    /// What the sheet says.
    pub label: Label,
    /// `if COND` / `unless COND`.
    pub applicability: Option<Applicability>,
    /// `always`: applies whenever its conditions hold, named or not.
    pub always: bool,
    /// The whole declaration.
    pub span: Span,
}

/// How a modifier's value is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModValue {
    /// `+2`, `-1`: applies when named (a decimal is reported by the checker).
    Fixed(Spanned<Num>),
    /// `1L`, `2R`: moves the column, not the roll; right is positive.
    Shift(Spanned<i64>),
    /// `±r`, `+r`, `-r`, with `in`, `default`, `from GRID`.
    Param {
        /// How the given value is applied.
        sign: ParamSign,
        /// `in LO..HI`.
        bounds: Option<Bounds>,
        /// `default N`.
        default: Option<Spanned<Num>>,
        /// `from GRID`: the value's fallback when not given directly.
        from: Option<Ident>,
        /// `at OPTION, ...` after `from GRID`: options fixing keys of the
        /// grid (empty: every key is read from the situation).
        at: Vec<Ident>,
        /// Where the value form was written.
        span: Span,
    },
    /// `+1 each (max +4)`: the value times a count given at roll time;
    /// `1L each (max 2L)`: a column shift per count.
    Counted {
        /// Value per count (a shift: right is positive).
        per: Spanned<i64>,
        /// `(max +4)`: cap on the product's magnitude.
        max: Option<Spanned<i64>>,
        /// Written as a shift (`1L each`): moves the column, not the roll.
        shifts: bool,
        /// Where the value form was written.
        span: Span,
    },
}

/// How a parametric modifier applies the value given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamSign {
    /// `±r` (also `+-r`): as given.
    Either,
    /// `+r`: added (the value given should not be negative).
    Plus,
    /// `-r`: subtracted.
    Minus,
    /// `rL`: the value given shifts the column that many to the left.
    Left,
    /// `rR`: the value given shifts the column that many to the right.
    Right,
}

impl ParamSign {
    /// True for `rL` and `rR`, which move the column, not the roll.
    #[must_use]
    pub fn shifts(self) -> bool {
        matches!(self, Self::Left | Self::Right)
    }

    /// As written: `±r`, `+r`, `-r`, `rL`, `rR`.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Self::Either => "±r",
            Self::Plus => "+r",
            Self::Minus => "-r",
            Self::Left => "rL",
            Self::Right => "rR",
        }
    }
}

/// `if COND` or `unless COND` on a modifier, group or section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applicability {
    /// True for `unless`.
    pub unless: bool,
    /// The condition.
    pub cond: Cond,
    /// The whole clause.
    pub span: Span,
}

/// `one of` or `section`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its heading, if written.
    pub heading: Option<Label>,
    /// `subtract`: the modifiers count against the roll (sections only).
    pub subtract: bool,
    /// `if COND` / `unless COND`.
    pub applicability: Option<Applicability>,
    /// The members.
    pub entries: Vec<ModEntry>,
    /// The whole group.
    pub span: Span,
}

/// `use SET [if COND]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UseDecl {
    /// The set's name.
    pub set: Ident,
    /// `if COND`.
    pub cond: Option<Cond>,
    /// The whole clause.
    pub span: Span,
}

/// Modifiers belonging to one side, or to each side, of an opposed roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForSide {
    /// `None` for `for each`, else the side's name.
    pub side: Option<Ident>,
    /// The modifiers.
    pub entries: Vec<ModEntry>,
    /// The whole block.
    pub span: Span,
}

/// A chart's kind keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChartKind {
    /// `table`: a modified roll read in rows.
    Table,
    /// `check`: a roll against a target.
    Check,
    /// `opposed`: both sides roll, the difference is read in rows.
    Opposed,
    /// `pool`: count dice that succeed.
    Pool,
    /// `ladder`: an ordered scale moved by modifiers.
    Ladder,
}

/// A chart that is rolled (or, for a ladder, moved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// Its kind.
    pub kind: ChartKind,
    /// Its name.
    pub name: Ident,
    /// The sheet's title.
    pub label: Label,
    /// Its clauses in written order.
    pub clauses: Vec<Clause>,
    /// The whole declaration.
    pub span: Span,
}

/// One clause of a chart body. Which clauses a kind takes is checked by the
/// compiler, so a misplaced clause gets a precise diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clause {
    /// `roll DICE` (a dice expression, or a grid of dice cells by name).
    Roll(DiceExpr),
    /// A local `choice`.
    Choice(ChoiceDecl),
    /// A local `flag`.
    Flag(FlagDecl),
    /// A local `param`.
    Param(ParamDecl),
    /// `modifiers { entries }`.
    Modifiers(Vec<ModEntry>, Span),
    /// `columns CHOICE`.
    Columns(Ident),
    /// `columns by EXPR: KEYS`, `columns by ratio A to B: KEYS`.
    ColumnScale(ColumnScale),
    /// `below columns => ...` / `beyond KEY => ...`.
    OffTable(OffTable),
    /// `shifts past edges`.
    ShiftsPastEdges(Span),
    /// `cap modifiers at N`.
    Cap(Spanned<i64>, Span),
    /// `clamp total to LO..HI`.
    Clamp {
        /// Lowest total read.
        lo: i64,
        /// Highest total read.
        hi: i64,
        /// The whole clause.
        span: Span,
    },
    /// `results { ROLLS: CELL CELL ... }`: the grid as printed.
    Results(Vec<ResultLine>, Span),
    /// `- => OUTCOME`: what a `-` cell of the results grid gives.
    Dash(Outcome, Span),
    /// `fields NAME "Label", ...`.
    Fields(Vec<OptionDecl>, Span),
    /// `score EXPR`.
    Score(Expr),
    /// `rows { row* }`.
    Rows(Vec<Row>, Span),
    /// `natural RANGES [if COND] => [also] OUTCOME`.
    Natural(NaturalClause),
    /// `best "Row outcome" if COND`.
    Best {
        /// The text of the named row's outcome.
        row: Label,
        /// When the cap holds.
        cond: Cond,
        /// The whole clause.
        span: Span,
    },
    /// `succeed on TARGET`.
    Succeed(Target),
    /// `success OUTCOME`.
    Success(Outcome),
    /// `failure OUTCOME`.
    Failure(Outcome),
    /// `sides NAME "Label", NAME "Label"`.
    Sides(Vec<OptionDecl>, Span),
    /// `each rolls CHART`: each side of an opposed chart rolls that chart.
    EachRolls(Ident, Span),
    /// `count NAME "label" on TARGET`.
    Count(CountStage),
    /// `per NAME roll DICE count NAME "label" on TARGET`.
    Per {
        /// The earlier count whose successes each roll again.
        of: Ident,
        /// The dice rolled per success.
        roll: DiceExpr,
        /// The new count.
        stage: CountStage,
        /// `once`: each roll of the dice counts one success at most.
        once: bool,
        /// The whole clause.
        span: Span,
    },
    /// `report NAME, NAME`: the counts a pool's outcome names.
    Report(Vec<Ident>, Span),
    /// `steps 80, 60, ...`, each step with its printed label if any.
    Steps(Vec<Step>, Span),
    /// `start EXPR`.
    Start(Expr),
    /// `at most EXPR [if COND]`.
    AtMost {
        /// The cap.
        value: Expr,
        /// When it holds.
        cond: Option<Cond>,
        /// The whole clause.
        span: Span,
    },
    /// `notes """text"""` or `notes "text"`.
    Notes(Label),
}

/// A ladder step: `200 "50+"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Its value, exact (`0.25`).
    pub value: Spanned<Num>,
    /// How the sheet prints it, when not as the number.
    pub label: Option<Label>,
}

/// `columns by EXPR: KEYS`: columns chosen by a computed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnScale {
    /// What picks the column.
    pub value: ScaleValue,
    /// The column keys, left to right.
    pub heads: Vec<ColumnHead>,
    /// The whole clause.
    pub span: Span,
}

/// The value a [`ColumnScale`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScaleValue {
    /// Any expression: firepower, a differential, a ladder's step.
    Expr(Expr),
    /// `ratio A to B`: A / B, with B never zero.
    Ratio(Expr, Expr),
}

/// A column key as printed: `1-2`, `-3`, `0.25`, `50+`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnHead {
    /// The key as written, shown in traces and `show`.
    pub text: CompactString,
    /// Its threshold: `3-2` is 1.5.
    pub value: Num,
    /// Written as odds (`3-2`).
    pub ratio: bool,
    /// The column's heading where the sheet prints one other than the key
    /// (`3-1 "3+ to 1"`): what `show`, the sheet, traces and JSON print.
    pub label: Option<Label>,
    /// Where it was written.
    pub span: Span,
}

/// `below columns => ...` or `beyond KEY => ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffTable {
    /// `beyond KEY` (at KEY or above) rather than `below columns` (under
    /// the first key).
    pub beyond: Option<ColumnHead>,
    /// What happens there.
    pub rule: OffRule,
    /// The whole clause.
    pub span: Span,
}

/// What a value off the scale gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OffRule {
    /// An outcome, without a roll ("always NE", "automatic X").
    Outcome(Outcome),
    /// `read KEY with ±N`: that column, the roll moved by N.
    Read {
        /// The column.
        head: ColumnHead,
        /// The roll's adjustment.
        by: Option<Spanned<i64>>,
    },
}

/// `3: NE D X X`: one line of a results grid as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// The rolls it reads.
    pub rolls: RangeSet,
    /// Its cells.
    pub cells: LineCells,
    /// The whole line.
    pub span: Span,
}

/// The cells of a results line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineCells {
    /// One cell per column.
    Each(Vec<ResultCell>),
    /// `7 or more => "D3+T"`: one outcome, the same in every column.
    Every(Outcome),
}

/// One cell of a results grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultCell {
    /// What it gives: `None` for `-` (no result, unless the chart says what
    /// a `-` gives).
    pub outcome: Option<CondOutcome>,
    /// The cell as written, its spaces made single: equal cells are one
    /// row of the table.
    pub text: CompactString,
    /// Where it was written.
    pub span: Span,
}

/// `count NAME "label" on TARGET`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountStage {
    /// The count's name.
    pub name: Ident,
    /// How it is shown ("hits").
    pub label: Label,
    /// What each die must meet.
    pub target: Target,
    /// The whole clause.
    pub span: Span,
}

/// A row of a table: ranges (one set, or one per column) and an outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The ranges.
    pub key: RowKey,
    /// What the row says.
    pub outcome: Outcome,
    /// The whole row.
    pub span: Span,
}

/// The ranges of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowKey {
    /// `6 or more => ...`
    Single(RangeSet),
    /// `[ 10+ | 8,9 | - ] => ...`, one set per column.
    Columns(Vec<RangeSet>),
}

/// `natural RANGES [if COND] => [also] OUTCOME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaturalClause {
    /// Natural results it applies to.
    pub ranges: RangeSet,
    /// `if COND`.
    pub cond: Option<Cond>,
    /// `also`: adds to the outcome instead of replacing it.
    pub also: bool,
    /// The outcome.
    pub outcome: Outcome,
    /// The whole clause.
    pub span: Span,
}

/// An outcome: one or more `|`-separated fields, each a choice of
/// alternatives separated by `or`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The fields (one when the chart declares no `fields`).
    pub fields: Vec<Field>,
    /// The whole outcome.
    pub span: Span,
}

/// One field of an outcome: `"Bogged down" or "Displace"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The alternatives left to the player (usually one).
    pub choices: Vec<CondOutcome>,
    /// The whole field.
    pub span: Span,
}

/// An outcome that may depend on the choices: `A if COND else B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CondOutcome {
    /// No condition.
    Simple(SimpleOutcome),
    /// `then_ if cond else otherwise`.
    If {
        /// The outcome when the condition holds.
        then_: SimpleOutcome,
        /// The condition.
        cond: Cond,
        /// The outcome otherwise.
        otherwise: Box<CondOutcome>,
        /// The whole expression.
        span: Span,
    },
}

/// Text (or a check's `success` / `failure`) with follow-ups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleOutcome {
    /// What it says.
    pub kind: SimpleKind,
    /// `then CHART(args)`, in order.
    pub follow_ups: Vec<FollowUp>,
    /// The whole outcome.
    pub span: Span,
}

/// What a [`SimpleOutcome`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimpleKind {
    /// Text.
    Text(CompactString),
    /// A check's success outcome (`success`).
    Success,
    /// A check's failure outcome (`failure`).
    Failure,
}

/// `then CHART`, `then CHART(arg, name=value)` or `then again`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowUp {
    /// The chart, possibly qualified (`game.chart`), as written; for
    /// `then again`, the word `again`.
    pub chart: Ident,
    /// `then again`: the same chart, rolled once more with the same
    /// choices (bounded by `Limits::max_repeats`).
    pub again: bool,
    /// Arguments, in roll-time form; for `then again`, those after `with`.
    pub args: Vec<FollowArg>,
    /// The whole follow-up.
    pub span: Span,
}

/// One argument of a follow-up: `flag`, `param=3`, `choice=option`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowArg {
    /// The name.
    pub name: Ident,
    /// The value after `=`, if any.
    pub value: Option<ArgValue>,
    /// The whole argument.
    pub span: Span,
}

/// The value of a follow-up argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// An integer.
    Int(i64),
    /// A decimal: `2.5`.
    Number(Num),
    /// An option name.
    Name(Ident),
}

/// What a check, pool count or grid-target must meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Its form.
    pub kind: TargetKind,
    /// Where it was written.
    pub span: Span,
}

/// The forms of a [`Target`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// A range literal: `4+`, `3 or less`, `1-3`.
    Range(RangeSet),
    /// `at least EXPR`.
    AtLeast(Expr),
    /// `at most EXPR`.
    AtMost(Expr),
    /// `more than EXPR`.
    MoreThan(Expr),
    /// `less than EXPR`.
    LessThan(Expr),
    /// `GRID [+|- EXPR]`: the grid's cell, shifted.
    Grid {
        /// The grid.
        grid: Ident,
        /// The shift (already negated for `-`).
        shift: Option<Expr>,
    },
}

/// A dice expression: a signed sum of dice, numbers and names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceExpr {
    /// The terms, each with its sign (`true` for minus).
    pub terms: Vec<(bool, DiceTerm)>,
    /// The whole expression.
    pub span: Span,
}

/// A term of a [`DiceExpr`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceTerm {
    /// `NdS`, `dS`, `(EXPR)dS`.
    Dice {
        /// The number of dice (`None` for `dS`).
        count: Option<Box<Expr>>,
        /// Sides, as written (may be 0: the checker reports it).
        sides: u64,
        /// Notation after the sides (`kh3`, `!`, `r1`), in the order written.
        notation: Vec<Spanned<Suffix>>,
        /// Where it was written.
        span: Span,
    },
    /// `max(2d6, 2d6)`, `min(...)`: the same roll made several times.
    Best {
        /// `max`: the highest roll counts; `min`: the lowest.
        highest: bool,
        /// The rolls, as written.
        rolls: Vec<DiceExpr>,
        /// Where it was written.
        span: Span,
    },
    /// An integer constant.
    Number(Spanned<i64>),
    /// A name: a param, or (alone) a grid of dice.
    Name(Ident),
}

/// One piece of dice notation after `NdS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suffix {
    /// `kh3`, `kl1`, `k3`, `dh1`, `dl1`.
    Keep {
        /// The highest dice (`kh`, `k`, `dh`), or the lowest.
        highest: bool,
        /// `dh`/`dl`: the dice named are dropped, the rest kept.
        drop: bool,
        /// How many dice.
        n: u64,
    },
    /// `r1`, `r<3`, `ro1`.
    Reroll {
        /// `ro`: reroll once.
        once: bool,
        /// The faces rerolled.
        on: FacePoint,
    },
    /// `!`, `!!`, `!3`, `!>5`.
    Explode {
        /// `!!`: the extra dice add to the die that exploded.
        compound: bool,
        /// `!3`: at most three extra dice.
        depth: Option<u64>,
        /// The faces that explode (the highest face when not written).
        on: Option<FacePoint>,
    },
}

/// The faces a reroll or an explosion covers: `1` or `=1`, `<3`, `>=5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FacePoint {
    /// `Eq`, `Lt`, `Le`, `Gt` or `Ge`.
    pub op: CmpOp,
    /// The face it compares with.
    pub value: u64,
}

/// A number expression (exact: a fraction, as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// Its form.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// The forms of an [`Expr`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A literal.
    Int(i64),
    /// A decimal literal: `0.5`.
    Number(Num),
    /// `floor(x)`, `ceil(x)`, `round(x)`, `min(a, b, ...)`, `max(...)`,
    /// `clamp(x, lo, hi)`.
    Call(Box<Ident>, Vec<Expr>),
    /// `(a if cond else b)`.
    If(Box<Expr>, Box<Cond>, Box<Expr>),
    /// A param, counted modifier, or grid of numbers.
    Name(Ident),
    /// `total`: the modified roll (tables and checks).
    Total,
    /// `natural`: the dice alone.
    Natural,
    /// `die N`: the natural face of the roll's Nth die (from 1), in the
    /// order the roll is written.
    Die(u32),
    /// `2d6`, `(air_points)d6`: dice rolled for the value. Only the value
    /// of `columns by` may add them (the checker refuses them elsewhere).
    Dice(Box<DiceTerm>),
    /// `modifiers`: the net modifier. Where the expression a roll is
    /// compared with mentions it, the modifiers move that instead of the roll.
    Modifiers,
    /// `-e`.
    Neg(Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

/// Arithmetic operators; `/` is exact (`7 / 2` is 3.5): round with `floor`,
/// `ceil` or `round` where the sheet rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
}

/// A condition over the choices made at roll time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cond {
    /// Its form.
    pub kind: CondKind,
    /// Where it was written.
    pub span: Span,
}

/// The forms of a [`Cond`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CondKind {
    /// A flag or fixed modifier, by name: on when given.
    Flag(Ident),
    /// `a op b`. With `=`/`!=` and a choice name on the left and a bare name
    /// on the right, this tests the choice's option.
    Cmp(CmpOp, Expr, Expr),
    /// `choice in [opt, opt]`.
    In(Ident, Vec<Ident>),
    /// `doubles`: every die of the chart's roll shows the same face.
    Doubles,
    /// `not c`.
    Not(Box<Cond>),
    /// `a and b`.
    And(Box<Cond>, Box<Cond>),
    /// `a or b`.
    Or(Box<Cond>, Box<Cond>),
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Reference text: turn sequences, rule notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notes {
    /// Its name.
    pub name: Ident,
    /// Its title.
    pub label: Label,
    /// The text.
    pub text: Label,
    /// The whole declaration.
    pub span: Span,
}

/// A parsed source: a game, or a variant of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Document {
    /// `game "Title" version "1"` and declarations.
    Game(File),
    /// `variant "Title" of BASE version "1"` and changes.
    Variant(VariantFile),
}

/// A variant file: a base game and what the house rule changes in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFile {
    /// `variant "Title" of BASE version "1"`.
    pub header: VariantHeader,
    /// The changes, in file order.
    pub changes: Vec<Change>,
}

/// The header of a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantHeader {
    /// The variant's title.
    pub title: Label,
    /// The game it changes.
    pub base: BaseRef,
    /// The variant's version.
    pub version: Label,
    /// The whole header.
    pub span: Span,
}

/// How a variant names its base game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseRef {
    /// A bundled game's short name: `of first_echelon`.
    Bundled(Ident),
    /// A path, relative to the variant file: `of "mud.rules"`.
    Path(Label),
}

/// `bog_down.tracked`: a member (modifier, option) of a top-level
/// declaration (chart, modifier set, choice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberPath {
    /// The chart a choice is declared in (`manoeuvre` of
    /// `manoeuvre.posture.dug_in`); `None` for a top-level owner.
    pub within: Option<Ident>,
    /// The declaration.
    pub owner: Ident,
    /// The member.
    pub member: Ident,
    /// The whole path.
    pub span: Span,
}

/// One statement of a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What it does.
    pub kind: ChangeKind,
    /// The whole statement.
    pub span: Span,
}

/// What a [`Change`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// A declaration: replaces the base's declaration of that name, or adds it.
    Item(Item),
    /// `change CHART row RANGES [becomes RANGES] [=> OUTCOME]`.
    ChangeRow {
        /// The chart.
        chart: Ident,
        /// The ranges of the base row it changes.
        select: RowKey,
        /// The row's new ranges.
        becomes: Option<RowKey>,
        /// The row's new outcome.
        outcome: Option<Outcome>,
    },
    /// `change CHART row ROLLS at COLUMN => CELL`: one cell of a results
    /// grid.
    ChangeCell {
        /// The chart.
        chart: Ident,
        /// The line's rolls, as written in the base.
        rolls: RangeSet,
        /// The column: its key, heading or option as written.
        column: Spanned<CompactString>,
        /// The new cell.
        cell: ResultCell,
    },
    /// `change GRID at OPTION, ...: CELLS`.
    ChangeCells {
        /// The grid.
        grid: Ident,
        /// The options picking a row (and, with one more, a single cell) and
        /// the new cells.
        row: GridRow,
    },
    /// `change OWNER.NAME [VALUE] ["label"] [if|unless COND]`.
    ChangeMember {
        /// What it changes.
        path: MemberPath,
        /// A new value.
        value: Option<ModValue>,
        /// A new label.
        label: Option<Label>,
        /// A new condition.
        applicability: Option<Applicability>,
    },
    /// `add CHART row RANGES => OUTCOME`.
    AddRow {
        /// The chart.
        chart: Ident,
        /// The new row.
        row: Row,
    },
    /// `add GRID at OPTION, ...: CELLS`.
    AddGridRow {
        /// The grid.
        grid: Ident,
        /// The new row.
        row: GridRow,
    },
    /// `add OWNER.NAME VALUE "label" [..] [after NAME]` or
    /// `add CHOICE.OPTION "Label" [after OPTION]`.
    AddMember {
        /// Where it goes and its name.
        path: MemberPath,
        /// The value, for a modifier; `None` for an option.
        value: Option<ModValue>,
        /// Its label.
        label: Label,
        /// `if COND` / `unless COND`, for a modifier.
        applicability: Option<Applicability>,
        /// `always`: the new modifier applies whenever its conditions hold.
        always: bool,
        /// `after NAME`: placed after this member, in its group.
        after: Option<Ident>,
    },
    /// `remove CHART row RANGES`.
    RemoveRow {
        /// The chart.
        chart: Ident,
        /// The ranges of the base row it removes.
        select: RowKey,
    },
    /// `remove GRID at OPTION, ...`.
    RemoveGridRow {
        /// The grid.
        grid: Ident,
        /// The options picking the row.
        labels: Vec<Ident>,
    },
    /// `remove OWNER.NAME`.
    RemoveMember(MemberPath),
    /// `remove NAME`.
    RemoveItem(Ident),
}

/// `2R`, `1L`: a column shift as the sheet writes it.
pub(crate) fn shift_text(n: i64) -> String {
    if n < 0 {
        format!("{}L", n.unsigned_abs())
    } else {
        format!("{n}R")
    }
}
