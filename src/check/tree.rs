//! The evaluation tree: what the compiler produces and both engines walk.
//! Names are resolved to slots and ids; ranges are direct index lookups.
//! Spans stay on the nodes run-time errors can point at.

pub(crate) use crate::check::notation::Notation;
use crate::number::Num;
use crate::syntax::ast::CompactString;
use crate::syntax::span::Span;

/// Index of a chart in [`Program::charts`].
pub type ChartId = usize;
/// Index of a grid in [`Program::grids`].
pub type GridId = usize;
/// Index of a choice in [`Program::choices`].
pub type ChoiceId = usize;
/// Index of an input in [`ChartTree::slots`].
pub type Slot = usize;

/// Most counting stages a pool may have: the compiler refuses more, and a
/// quick roll's outcome id has a slot for each.
pub(crate) const MAX_STAGES: usize = 4;

/// Most natural-roll rules one chart may have: the compiler refuses more,
/// and the engines keep their `also` outcomes as a bitset.
pub(crate) const MAX_EXTRAS: u32 = 32;

/// Most different rolls the dice of a chart that reads them one by one
/// (`doubles`, `die N`) may show: the exact odds enumerate every one.
pub(crate) const MAX_FACE_ROLLS: u64 = 1 << 16;

/// What a chart reads of its dice one by one: whether they are `doubles`,
/// and which dice's faces (`die N`, from 1, sorted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DiceRead {
    pub doubles: bool,
    pub dice: Vec<u32>,
}

/// A compiled ruleset.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Program {
    pub games: Vec<GameTree>,
    pub choices: Vec<ChoiceTree>,
    /// Where each choice was declared (its name), for a roll that needs it.
    /// Apart from [`ChoiceTree`], which compares equal across files.
    pub choice_spans: Vec<Span>,
    pub grids: Vec<GridTree>,
    pub charts: Vec<ChartTree>,
    pub follow_ups: Vec<FollowUp>,
    /// Ladders read by name in an expression (`columns by spotting: ...`).
    pub ladder_reads: Vec<LadderRead>,
}

/// A ladder read in another chart's expression: the ladder is bound with
/// the reading chart's values (the same names) and its step is the value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LadderRead {
    pub caller: ChartId,
    pub ladder: ChartId,
    pub name: CompactString,
    /// The lowest and highest step, for the checker's reach.
    pub reach: (i64, i64),
    /// The caller's slots copied into the ladder's (same names), filled
    /// once every chart is compiled.
    pub pass: Vec<(Slot, Slot)>,
    pub span: Span,
}

/// A game: one `.rules` file.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GameTree {
    pub name: CompactString,
    pub title: CompactString,
    pub version: CompactString,
    pub charts: Vec<ChartId>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChoiceTree {
    pub name: CompactString,
    pub label: CompactString,
    pub options: Vec<(CompactString, CompactString)>,
    /// `default OPTION`: the option taken when none is given.
    pub default: Option<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GridTree {
    pub keys: Vec<ChoiceId>,
    /// Row-major over the keys' options; missing rows are `Impossible`.
    pub cells: Vec<Cell>,
}

/// A grid cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    Number(Num),
    Text(CompactString),
    Target(Ranges),
    Dice(Dice),
    Impossible,
}

impl Cell {
    pub fn kind_name(&self) -> &'static str {
        match self {
            Cell::Number(_) => "a number",
            Cell::Text(_) => "text",
            Cell::Target(_) => "a target",
            Cell::Dice(_) => "dice",
            Cell::Impossible => "`-` (not possible)",
        }
    }
}

/// A set of integers as a sorted list of inclusive spans; `i64::MIN`/`MAX`
/// stand for open ends. Nearly every row reads one span (`7 or more`,
/// `3-5`): it is kept inline, the same size as a `Vec`. The order a single
/// span was written in is kept for display only (`-1 to -3` as the sheet
/// prints it): two sets of the same totals are equal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ranges(pub Spans, pub Order);

/// How a range was written: lowest first, or highest first (`-1 to -3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Order {
    #[default]
    Up,
    Down,
}

impl PartialEq for Ranges {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for Ranges {}

/// The spans of a [`Ranges`].
pub(crate) type Spans = smallvec::SmallVec<[(i64, i64); 1]>;

impl Ranges {
    pub fn contains(&self, v: i64) -> bool {
        self.0.iter().any(|&(lo, hi)| lo <= v && v <= hi)
    }

    pub fn at_least(n: i64) -> Self {
        Ranges(smallvec::smallvec![(n, i64::MAX)], Order::Up)
    }

    pub fn at_most(n: i64) -> Self {
        Ranges(smallvec::smallvec![(i64::MIN, n)], Order::Up)
    }

    /// Every value moved by `by` (open ends stay open). Moved in `i128`:
    /// a range moved past `i64` keeps the part a total can be, or goes.
    pub fn shifted(&self, by: i64) -> Self {
        let mv = |v: i64| {
            let v = i128::from(v);
            if v == i128::from(i64::MIN) || v == i128::from(i64::MAX) {
                v
            } else {
                v + i128::from(by)
            }
        };
        let clip = |v: i128| v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
        Ranges(
            self.0
                .iter()
                .map(|&(lo, hi)| (mv(lo), mv(hi)))
                .filter(|&(lo, hi)| lo <= i128::from(i64::MAX) && hi >= i128::from(i64::MIN))
                .map(|(lo, hi)| (clip(lo), clip(hi)))
                .collect(),
            self.1,
        )
    }

    /// Every whole value a range reaches once moved by `by`, which may be
    /// a fraction: a target moved by 0.5 rounds towards the roll's side,
    /// as every target does (`4+` moved by 0.5 is 4.5 or more, `5+`;
    /// `3 or less` is 3.5 or less, still `3 or less`).
    pub fn shifted_exactly(&self, by: Num) -> Self {
        let whole = crate::number::floor(by);
        let moved = self.shifted(whole);
        if by.is_integer() {
            return moved;
        }
        // Past the whole part, a finite lower bound moves up by one more.
        Ranges(
            moved
                .0
                .iter()
                .filter_map(|&(lo, hi)| {
                    let lo = if lo == i64::MIN {
                        lo
                    } else {
                        lo.checked_add(1)?
                    };
                    (lo <= hi).then_some((lo, hi))
                })
                .collect(),
            moved.1,
        )
    }
}

impl std::fmt::Display for Ranges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        for (i, &(lo, hi)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match (lo, hi) {
                (i64::MIN, i64::MAX) => f.write_str("any")?,
                (i64::MIN, h) => write!(f, "{h} or less")?,
                (l, i64::MAX) => write!(f, "{l} or more")?,
                (l, h) if l == h => write!(f, "{l}")?,
                (l, h) if self.1 == Order::Down => write!(f, "{h} to {l}")?,
                (l, h) if l >= 0 && h >= 0 => write!(f, "{l}-{h}")?,
                (l, h) => write!(f, "{l} to {h}")?,
            }
        }
        Ok(())
    }
}

/// A compiled chart.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChartTree {
    pub game: usize,
    pub name: CompactString,
    pub title: CompactString,
    pub slots: Vec<SlotTree>,
    /// Slots every roll needs a value for (see the compiler's `required`).
    pub required: Vec<Slot>,
    pub modifiers: Vec<Modifier>,
    /// Exclusive groups: (heading, member modifier indices).
    pub groups: Vec<(CompactString, Vec<usize>)>,
    /// Section headings, for display: (heading, subtract, member modifier indices).
    pub sections: Vec<(CompactString, bool, Vec<usize>)>,
    /// The modifier sets it uses (`use SET if COND`), for display: the
    /// sheet prints each as one line, the set being a chart of its own.
    pub used: Vec<UsedSet>,
    pub body: Body,
    pub notes: Vec<CompactString>,
    pub fields: Vec<CompactString>,
    /// Inputs of the ladders it reads that it names itself (`if flanking`)
    /// and that are parametric or counted modifiers there: like its own
    /// modifiers', they read as 0 where not given.
    pub ladder_modifiers: Vec<Slot>,
    /// What its conditions and expressions read of the dice one by one:
    /// such a chart is bound once per roll that reads differently.
    pub dice_read: Option<DiceRead>,
}

/// A modifier set a chart uses: its name, the condition it is used under
/// (with any around it), and the modifiers it brought, as indices.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct UsedSet {
    pub set: CompactString,
    pub cond: Option<Cond>,
    pub members: std::ops::Range<usize>,
}

/// What a player can name at roll time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SlotTree {
    pub name: CompactString,
    pub label: CompactString,
    pub kind: SlotKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// On when named (flags and fixed modifiers).
    Flag,
    /// A number (exact: `2.5` is allowed).
    Param {
        bounds: Option<(Num, Num)>,
        default: Option<Num>,
        /// `whole`: a count of things (`bases=2.5` is refused).
        whole: bool,
    },
    /// One option of a choice, stored as the option's index.
    Choice(ChoiceId),
}

/// A modifier: where its value comes from and when it applies.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Modifier {
    /// Its name and label are the slot's.
    pub slot: Slot,
    /// Its value: to the roll, or (`shifts`) in columns, right positive.
    pub value: ModValue,
    /// A column shift (`1L`, `1L each`, `rL from GRID`): the value moves
    /// the column of a column table, not the roll.
    pub shifts: bool,
    /// `if`/`unless` of the modifier and every enclosing group.
    pub applies: Option<Cond>,
    /// For opposed rolls: the side it belongs to.
    pub side: usize,
    pub group: Option<usize>,
    /// `always`: a fixed modifier (or shift) applied whenever `applies` holds.
    pub always: bool,
    /// A parametric modifier's sign as written (`+r`, `-r`, `±r`), for `show`.
    pub sign: Option<crate::syntax::ast::ParamSign>,
    /// Where it is declared (its name), for run-time errors.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ModValue {
    Fixed(i64),
    /// The value given, times `factor` (1 for `±r`/`+r`, -1 for `-r`); or
    /// the grid's value when not given.
    Param {
        factor: i64,
        from: Option<GridRef>,
    },
    Counted {
        per: i64,
        max: Option<i64>,
    },
}

/// A grid looked up with the chart's slots for its keys.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GridRef {
    pub grid: GridId,
    /// Each key of the grid in order: the chart's slot that gives its
    /// option, or the option `from GRID at OPTION` fixes it to.
    pub keys: Vec<KeyRead>,
    pub name: CompactString,
    pub span: Span,
    /// A `from GRID` modifier without `in LO..HI`: the grid's cells set the
    /// bounds of the value it is given (said when a value is refused).
    pub sets_bounds: bool,
}

/// Where one key of a grid reference takes its option from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyRead {
    /// `at OPTION`: this option, whatever the situation.
    Fixed(usize),
    /// The chart's input in this slot.
    Slot(Slot),
}

impl GridRef {
    /// The chart's slots the lookup reads (the keys `at` leaves free).
    pub fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        self.keys.iter().filter_map(|k| match *k {
            KeyRead::Slot(s) => Some(s),
            KeyRead::Fixed(_) => None,
        })
    }

    /// The cells this reference can read: every cell of the grid, or those
    /// of the rows its fixed keys pick.
    pub fn readable_cells<'p>(
        &'p self,
        program: &'p Program,
    ) -> impl Iterator<Item = &'p Cell> + 'p {
        let grid = program.grids.get(self.grid);
        let sizes: Vec<usize> = grid.map_or_else(Vec::new, |g| {
            g.keys
                .iter()
                .map(|&k| program.choices.get(k).map_or(1, |c| c.options.len().max(1)))
                .collect()
        });
        let cells = grid.map_or(&[][..], |g| &g.cells[..]);
        cells.iter().enumerate().filter_map(move |(mut i, cell)| {
            // The last key varies fastest, as a grid's cells are laid out.
            for (k, &n) in sizes.iter().enumerate().rev() {
                if matches!(self.keys.get(k), Some(&KeyRead::Fixed(o)) if o != i % n) {
                    return None;
                }
                i /= n;
            }
            Some(cell)
        })
    }

    /// The options `at` fixes (name, label), in the grid's key order.
    pub fn fixed_options<'p>(
        &'p self,
        program: &'p Program,
    ) -> impl Iterator<Item = &'p (CompactString, CompactString)> + 'p {
        let keys = program
            .grids
            .get(self.grid)
            .map_or(&[][..], |g| &g.keys[..]);
        self.keys
            .iter()
            .zip(keys)
            .filter_map(|(read, &key)| match *read {
                KeyRead::Fixed(i) => program.choices.get(key)?.options.get(i),
                KeyRead::Slot(_) => None,
            })
    }
}

/// A number expression, evaluated exactly.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expr {
    Int(i64),
    Num(Num),
    Call(Func, Vec<Expr>),
    If(Box<Cond>, Box<Expr>, Box<Expr>),
    Slot(Slot, Span),
    Grid(GridRef),
    Total,
    Natural,
    /// `die N`: the natural face of the roll's Nth die (from 1), and how
    /// many sides that die has.
    Die(u32, u32),
    /// The net modifier of the first side.
    Net,
    /// The step a ladder reaches (an index into [`Program::ladder_reads`]).
    Ladder(usize),
    Neg(Box<Expr>),
    Bin(crate::syntax::ast::BinOp, Box<Expr>, Box<Expr>),
}

/// The functions an expression may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Func {
    Floor,
    Ceil,
    /// Halves go up (towards plus infinity).
    Round,
    Min,
    Max,
    /// `clamp(x, lo, hi)`.
    Clamp,
}

impl Func {
    /// Every function by name, with the number of arguments it takes
    /// (`None`: two or more).
    pub const ALL: [(&'static str, Func, Option<usize>); 6] = [
        ("floor", Func::Floor, Some(1)),
        ("ceil", Func::Ceil, Some(1)),
        ("round", Func::Round, Some(1)),
        ("min", Func::Min, None),
        ("max", Func::Max, None),
        ("clamp", Func::Clamp, Some(3)),
    ];
}

/// A condition over the choices made.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cond {
    Flag(Slot),
    OptionIn(Slot, Vec<usize>),
    Cmp(crate::syntax::ast::CmpOp, Expr, Expr),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    /// `doubles`: every die of the roll shows the same face.
    Doubles,
}

/// Dice: a sum of groups of dice plus a constant.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Dice {
    pub groups: Vec<DiceGroup>,
    pub constant: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DiceGroup {
    pub count: u32,
    /// When the count comes from a param: the slot (count is then ignored).
    pub count_slot: Option<Slot>,
    pub sides: u32,
    pub negative: bool,
    /// Keep, reroll, explode, `d66` (plain `NdS` by default).
    pub notation: Notation,
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        for g in &self.groups {
            if g.negative {
                f.write_str(if first { "-" } else { " - " })?;
            } else if !first {
                f.write_str(" + ")?;
            }
            let count = g.count_slot.is_none().then_some(g.count);
            f.write_str(&g.notation.written(count, g.sides))?;
            first = false;
        }
        if self.constant != 0 || first {
            if first {
                write!(f, "{}", self.constant)?;
            } else if self.constant < 0 {
                write!(f, " - {}", -self.constant)?;
            } else {
                write!(f, " + {}", self.constant)?;
            }
        }
        Ok(())
    }
}

/// Where a pool's dice come from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PoolDice {
    Dice(Dice),
    Grid(GridRef),
}

/// What a check or pool die must meet.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Target {
    Ranges(Ranges),
    AtLeast(Expr),
    AtMost(Expr),
    MoreThan(Expr),
    LessThan(Expr),
    Grid(GridRef, Option<Expr>),
}

/// Total → row, as a direct index: `dense[v - base]` inside the dense
/// window, `below`/`above` past either end.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Lookup {
    pub base: i64,
    /// Shared: every binding of the chart reads the same rows.
    pub dense: std::sync::Arc<[u16]>,
    pub below: u16,
    pub above: u16,
    /// Where the column prints each row, where that is not the rows' own
    /// order: `order[row]` is its place. A results grid gathers one row
    /// per distinct cell across the whole grid, in first-seen order, so a
    /// column may print them otherwise; the odds list them as it prints
    /// them. Empty for a table written as `rows`.
    pub order: std::sync::Arc<[u16]>,
}

/// No row.
pub(crate) const NO_ROW: u16 = u16::MAX;

impl Lookup {
    #[inline]
    pub fn row(&self, v: i64) -> Option<usize> {
        let r = if v < self.base {
            self.below
        } else {
            // `v - base` may pass `i64::MAX` (a base near `i64::MIN`); as
            // `v >= base`, the wrapped difference read unsigned is exact.
            let i = v.wrapping_sub(self.base) as u64;
            if i < self.dense.len() as u64 {
                self.dense[i as usize]
            } else {
                self.above
            }
        };
        (r != NO_ROW).then_some(r as usize)
    }

    /// The place of an outcome's code in the column as printed: its row's
    /// place; other codes (natural rules', a check's) sort as they are.
    #[inline]
    pub fn place(&self, code: u32) -> u32 {
        self.order
            .get(code as usize)
            .map_or(code, |&p| u32::from(p))
    }
}

/// An outcome as written, before the choices pick among its conditions.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Outcome {
    pub fields: Vec<Vec<CondOutcome>>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CondOutcome {
    Simple(Simple),
    If(Simple, Cond, Box<CondOutcome>),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Simple {
    pub text: CompactString,
    /// Indices into [`Program::follow_ups`].
    pub follow_ups: Vec<usize>,
}

/// A follow-up roll of another chart with values passed along.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FollowUp {
    pub caller: ChartId,
    pub chart: ChartId,
    /// Values set in the follow-up chart's slots.
    pub args: Vec<(Slot, Num)>,
    /// The caller's slots copied into the follow-up's (same names).
    pub pass: Vec<(Slot, Slot)>,
    pub span: Span,
    /// `then again`: the caller rolled once more with the same choices,
    /// but for those its `with` sets (`args`, `pass`; none set: the same
    /// binding, unchanged).
    pub again: bool,
    /// What `then again with ...` changes, as written (`disrupted, fire=2`);
    /// empty otherwise.
    pub with: CompactString,
}

/// A cell of a results grid as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PrintedCell {
    /// What it shows: its text, `-`, or, for a cell that depends on the
    /// situation, what it gives when no condition holds.
    pub text: CompactString,
    /// The row it reads (`None` for a `-` that gives nothing): where a note
    /// says what a conditional cell or a `-` gives.
    pub row: Option<usize>,
    /// The line's one outcome, written once for every column (`12 =>
    /// "DE"`): `show` prints it once, across the columns.
    pub spans: bool,
}

/// A row of a table.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RowTree {
    /// The ranges as written, per column, for display.
    pub written: Vec<Ranges>,
    pub outcome: Outcome,
}

/// A natural-roll rule.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Natural {
    pub ranges: Ranges,
    pub cond: Option<Cond>,
    pub also: bool,
    pub outcome: NaturalOutcome,
}

/// What a natural-roll rule gives.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum NaturalOutcome {
    /// The check's success outcome.
    Success,
    /// The check's failure outcome.
    Failure,
    /// Its own outcome.
    Other(Outcome),
}

/// A pool's counting stage.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Stage {
    pub label: CompactString,
    pub target: Target,
    /// For stages after the first: the dice rolled per earlier success.
    pub per: Option<PoolDice>,
    /// The chart's modifiers apply to each die (first stage only).
    pub modified: bool,
    /// `once`: each roll of `per` counts at most one success.
    pub once: bool,
    /// The outcome names this count (`report`; every count without one).
    pub reported: bool,
}

/// What a chart does.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Body {
    /// A grid looked up as a chart.
    Lookup(GridRef),
    /// A modifier set: the net modifier.
    Net,
    /// Reference text.
    Notes(CompactString),
    Table {
        dice: Dice,
        score: Option<Expr>,
        columns: Option<Slot>,
        /// `columns by ...`: the column is computed (then `columns` is `None`).
        scale: Option<Box<Scale>>,
        /// `cap modifiers at N`.
        cap: Option<i64>,
        /// `clamp total to LO..HI` (the lookups already read clamped).
        clamp: Option<(i64, i64)>,
        lookups: Vec<Lookup>,
        rows: Vec<RowTree>,
        /// A table written as `results { ROLL: CELL CELL ... }`: its lines
        /// as printed (the rolls, one cell per column), so `show` lays it
        /// out as the sheet does. Empty for `rows`.
        printed: Vec<(Ranges, Vec<PrintedCell>)>,
        naturals: Vec<Natural>,
        /// `best "Row" if COND`: the row, its highest value, the condition.
        best: Option<(usize, i64, Cond)>,
    },
    Check {
        dice: Dice,
        target: Target,
        /// The target mentions `modifiers`: they move it, not the roll.
        net_in_target: bool,
        success: Outcome,
        failure: Outcome,
        naturals: Vec<Natural>,
    },
    Opposed {
        dice: Dice,
        sides: Vec<CompactString>,
        /// Each side's label, as `sides` declares it (`Attacker`).
        labels: Vec<CompactString>,
        lookup: Lookup,
        rows: Vec<RowTree>,
        /// `each rolls CHART`: each side rolls that chart, and the rows
        /// read the difference of the results (then `dice` is empty).
        rolls: Option<Box<SideRolls>>,
    },
    Pool {
        dice: PoolDice,
        stages: Vec<Stage>,
    },
    Ladder {
        /// The steps in written order, exact (`0.25`).
        steps: Vec<crate::number::Num>,
        /// How the sheet prints each step, where not as the number.
        labels: Vec<Option<CompactString>>,
        start: Expr,
        caps: Vec<(Expr, Option<Cond>)>,
    },
}

/// The chart each side of an opposed roll rolls (`each rolls crt`), and
/// how each side's inputs reach it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SideRolls {
    pub chart: ChartId,
    /// Per side, the opposed chart's slots copied into the rolled chart's
    /// (`gov.firepower` into `firepower`).
    pub pass: [Vec<(Slot, Slot)>; 2],
    /// Where `each rolls` is written, for run-time errors.
    pub span: Span,
}

impl SideRolls {
    /// An outcome's text read as a side's result: a whole number, signed
    /// or not (`2`, `-1`, `+1`).
    pub fn number(text: &str) -> Option<i64> {
        let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok()
    }
}

/// Columns chosen by a computed value (`columns by ...`), with what the
/// chart says about values off the scale. Settled at bind time: the plan
/// the engines read is the chosen column's lookup.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scale {
    pub value: ScaleValue,
    /// Dice added to the value (`columns by firepower + (air_points)d6`):
    /// the column is picked once they are rolled.
    pub dice: Option<Dice>,
    /// Where the value was written, for errors at roll time.
    pub span: Span,
    /// Each column's key as written and its threshold, left to right
    /// (thresholds strictly increase).
    pub heads: Vec<(CompactString, Num)>,
    pub below: Option<OffRule>,
    /// `beyond KEY`: from that threshold up (as written), the rule.
    pub beyond: Option<(CompactString, Num, OffRule)>,
    /// `shifts past edges`: shifts may leave the scale.
    pub past_edges: bool,
}

/// What picks the column.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ScaleValue {
    Expr(Expr),
    /// `ratio A to B`; the span is the divisor's, for a zero.
    Ratio(Expr, Expr, Span),
}

/// What a value off the scale gives.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OffRule {
    /// An outcome without a roll.
    Outcome(Outcome),
    /// Read column `column`, the roll moved by `by`.
    Read { column: usize, by: i64 },
}

impl Body {
    pub fn kind(&self) -> ChartKind {
        match self {
            Body::Lookup(_) => ChartKind::Grid,
            Body::Net => ChartKind::Modifiers,
            Body::Notes(_) => ChartKind::Notes,
            Body::Table { .. } => ChartKind::Table,
            Body::Check { .. } => ChartKind::Check,
            Body::Opposed { .. } => ChartKind::Opposed,
            Body::Pool { .. } => ChartKind::Pool,
            Body::Ladder { .. } => ChartKind::Ladder,
        }
    }

    pub fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
}

/// What kind of chart a chart is: how it is read, as its declaration's
/// keyword says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChartKind {
    /// `table`: a modified roll read in rows.
    Table,
    /// `check`: a roll against a target.
    Check,
    /// `opposed`: both sides roll, the difference is read in rows.
    Opposed,
    /// `pool`: dice counted one by one.
    Pool,
    /// `ladder`: a scale a unit moves along.
    Ladder,
    /// `grid`: a lookup by choices, no roll.
    Grid,
    /// `modifiers`: a net modifier worked out on its own.
    Modifiers,
    /// `notes`: reference text, shown rather than rolled.
    Notes,
}

impl ChartKind {
    /// The keyword: `table`, `check`, `opposed`, `pool`, `ladder`, `grid`,
    /// `modifiers` or `notes`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Table => "table",
            Self::Check => "check",
            Self::Opposed => "opposed",
            Self::Pool => "pool",
            Self::Ladder => "ladder",
            Self::Grid => "grid",
            Self::Modifiers => "modifiers",
            Self::Notes => "notes",
        }
    }
}

impl std::fmt::Display for ChartKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}
