//! Quick rolls: the sampling path for hosts that bind once and roll many
//! times. No trace, no follow-ups, no allocation per roll: the outcome is a
//! `Copy` id (natural-roll `also` rules that fire are a bitset in it).

use crate::check::tree::Program;
use crate::engine::bind::{Bound, BoundDice, BoundStage, Plan};
use crate::engine::dice::{group_sum, kept_values, DiceSource};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::read::{outcome_text, Key};
use crate::engine::trace::OutcomeText;
use crate::limits::Limits;
use std::num::NonZeroU32;

use crate::check::tree::MAX_STAGES;

/// Which outcome a quick roll gave: cheap to copy around, compare and count.
/// [`crate::BoundChart::describe`] turns it into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OutcomeId(Id);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Id {
    Read(Key),
    Counts([u32; MAX_STAGES]),
}

/// A roll without its trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct QuickRoll {
    /// The dice alone (the first side's for an opposed roll; 0 for a pool
    /// or a chart that rolls nothing).
    pub natural: i64,
    /// The natural roll plus modifiers (what the rows read, for a margin or
    /// an opposed roll; for a pool, the last count).
    pub total: i64,
    /// Which outcome.
    pub outcome: OutcomeId,
}

/// What binding settled for quick rolls, chosen by the plan's shape: for a
/// table or check with no `score` expression, the outcome depends on the
/// natural roll alone, so every natural the dice can show is read once,
/// here, with [`Bound::read`] (rows, natural-roll rules, `best` caps and
/// clamps included) and kept in a table; a roll then sums its dice and
/// looks the natural up. No natural-rule iterator, no row search, no error
/// path while rolling.
#[derive(Clone, Debug)]
pub(crate) struct Quick {
    fast: Fast,
}

/// Most naturals a quick table holds (the dice's span): beyond, a roll
/// reads its natural with [`Bound::read`] as the full trace does.
const MAX_TABLE: i64 = 1024;

#[derive(Clone, Debug)]
enum Fast {
    /// One die of `sides` sides: the outcome of natural `n` is
    /// `table[n - 1]`; the total is `n + offset`. Apart from [`Fast::Dice`]
    /// so that its loop holds fewer values (no count to keep).
    Die {
        sides: NonZeroU32,
        offset: i64,
        table: Box<[Key]>,
    },
    /// `count` (two or more) dice of `sides` sides, added (one group): the outcome of
    /// natural `n` is `table[n - count]`; the total is `n + offset`.
    Dice {
        sides: NonZeroU32,
        count: u32,
        offset: i64,
        table: Box<[Key]>,
    },
    /// Several groups of dice: the outcome of natural `n` is
    /// `table[n - lo]`; the total is `n + offset`.
    Groups {
        lo: i64,
        offset: i64,
        table: Box<[Key]>,
    },
    /// Anything else: the bound plan, read roll by roll.
    Plan,
}

impl Quick {
    /// Reads every natural `bound`'s dice can show, when its outcome
    /// depends on the natural alone and every one of them has a row.
    pub(crate) fn new(program: &Program, bound: &Bound) -> Self {
        let fast = match &bound.plan {
            // A `score` expression may read a ladder, which the trace
            // reports as read: it is evaluated roll by roll, never here.
            Plan::Table {
                dice,
                offset,
                score: None,
                ..
            }
            | Plan::Check { dice, offset, .. } => {
                tabulate(program, bound, dice, *offset).unwrap_or(Fast::Plan)
            }
            _ => Fast::Plan,
        };
        Self { fast }
    }

    /// No table: every quick roll reads the plan (for a bound chart rolled
    /// once with its trace, where building the table would be wasted).
    pub(crate) fn none() -> Self {
        Self { fast: Fast::Plan }
    }

    /// The outcome natural roll `natural` reads, when the table holds it
    /// (what [`Bound::read`] gives for it, read at bind time).
    #[inline]
    pub(crate) fn key(&self, natural: i64) -> Option<Key> {
        let (lo, table) = match &self.fast {
            Fast::Die { table, .. } => (1, table),
            Fast::Dice { count, table, .. } => (i64::from(*count), table),
            Fast::Groups { lo, table, .. } => (*lo, table),
            Fast::Plan => return None,
        };
        table.get(usize::try_from(natural - lo).ok()?).copied()
    }
}

/// The lowest and highest natural `dice` can show.
pub(crate) fn span(dice: &BoundDice) -> (i64, i64) {
    dice.groups.iter().fold((0i64, 0i64), |(lo, hi), g| {
        let (min, max) = g.reach();
        if g.negative {
            (lo - max, hi - min)
        } else {
            (lo + min, hi + max)
        }
    })
}

/// The table of [`Fast::Dice`] or [`Fast::Groups`]; `None` when the span
/// is too wide or some natural reads no row (an error, which a roll then
/// reports from [`Bound::read`]) or reads a total other than
/// `natural + offset`.
fn tabulate(program: &Program, bound: &Bound, dice: &BoundDice, offset: i64) -> Option<Fast> {
    let (lo, hi) = span(dice);
    if hi - lo >= MAX_TABLE {
        return None;
    }
    let table = (lo..=hi)
        .map(|natural| match bound.read(program, natural, 0) {
            Ok(r) if r.score.is_none() && r.total == natural + offset => Some(r.key),
            _ => None,
        })
        .collect::<Option<Box<[Key]>>>()?;
    Some(match *dice.groups.as_slice() {
        [g] if g.count == 1 && !g.negative && g.notation.is_plain() => Fast::Die {
            sides: NonZeroU32::new(g.sides)?,
            offset,
            table,
        },
        [g] if g.count > 1 && !g.negative && g.notation.is_plain() => Fast::Dice {
            sides: NonZeroU32::new(g.sides)?,
            count: g.count,
            offset,
            table,
        },
        _ => Fast::Groups { lo, offset, table },
    })
}

#[inline]
fn sum<D: DiceSource + ?Sized>(dice: &BoundDice, source: &mut D) -> i64 {
    let mut total = 0i64;
    for g in &dice.groups {
        let s = if g.notation.is_plain() {
            let mut s = 0i64;
            for _ in 0..g.count {
                s += i64::from(source.die(g.sides));
            }
            s
        } else {
            group_sum(g, source)
        };
        total += if g.negative { -s } else { s };
    }
    total
}

/// Rolls a bound plan quickly.
///
/// Performance (docs/performance.md, `cargo bench --bench
/// sampling_instructions` for callgrind's instruction counts):
///
/// - The common case — one group of dice, a table read for every natural
///   at bind time ([`Quick`]) — is rolled right here: the dice, one load
///   from the table, the total. `inline(always)`, so that the result is
///   built in the caller's frame; everything else is out of line in
///   [`general`], so that its code does not crowd this path's registers.
/// - `sides` is a `NonZeroU32`: the generator's empty-range checks fold
///   away once `DiceSource::die` is inlined.
/// - A natural outside the table (only a [`DiceSource`] of the host's own
///   can show one) is read with [`Bound::read`], as the full trace reads
///   it.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn roll<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    quick: &Quick,
    source: &mut D,
    limits: &Limits,
) -> Result<QuickRoll, RollError> {
    match &quick.fast {
        Fast::Die {
            sides,
            offset,
            table,
        } => {
            let natural = i64::from(source.die(sides.get()));
            // A face of 0 (a host's own `DiceSource`) wraps past the end.
            match table.get((natural - 1) as u64 as usize) {
                Some(&key) => Ok(QuickRoll {
                    natural,
                    total: natural + offset,
                    outcome: OutcomeId(Id::Read(key)),
                }),
                None => read_natural(program, bound, natural),
            }
        }
        Fast::Dice {
            sides,
            count,
            offset,
            table,
        } => {
            // Two or more dice: the first two outside the loop.
            let mut natural =
                i64::from(source.die(sides.get())) + i64::from(source.die(sides.get()));
            for _ in 2..*count {
                natural += i64::from(source.die(sides.get()));
            }
            // `natural - count` below 0 wraps to past the table's end.
            match table.get((natural - i64::from(*count)) as u64 as usize) {
                Some(&key) => Ok(QuickRoll {
                    natural,
                    total: natural + offset,
                    outcome: OutcomeId(Id::Read(key)),
                }),
                None => read_natural(program, bound, natural),
            }
        }
        Fast::Groups { .. } | Fast::Plan => general(program, bound, quick, source, limits),
    }
}

/// Every plan but [`Fast::Die`] and [`Fast::Dice`].
#[inline(never)]
fn general<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    quick: &Quick,
    source: &mut D,
    limits: &Limits,
) -> Result<QuickRoll, RollError> {
    match &bound.plan {
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => {
            let natural = sum(dice, source);
            if let Fast::Groups { lo, offset, table } = &quick.fast {
                if let Some(&key) = table.get((natural - lo) as u64 as usize) {
                    return Ok(QuickRoll {
                        natural,
                        total: natural + offset,
                        outcome: OutcomeId(Id::Read(key)),
                    });
                }
            }
            read_natural(program, bound, natural)
        }
        Plan::Opposed { dice, .. } => {
            let a = sum(dice, source);
            let b = sum(dice, source);
            read_opposed(program, bound, a, b)
        }
        Plan::Pool { stages } => pool(program, bound, stages, source, limits.max_roll_dice),
        Plan::Faces(plan) => {
            let faces: Vec<u32> = plan.dice.iter().map(|&(s, _)| source.die(s)).collect();
            let natural = plan.natural(&faces);
            let branch = plan.branch(&faces).unwrap_or(0);
            let Some((_, bound)) = plan.branches.get(branch) else {
                return read_natural(program, bound, natural);
            };
            let mut roll = read_natural(program, bound, natural)?;
            if let Id::Read(key) = roll.outcome.0 {
                roll.outcome = OutcomeId(Id::Read(key.in_branch(branch)));
            }
            Ok(roll)
        }
        Plan::Sides { sides, .. } => {
            let mut results = [0i64; 2];
            for (i, side) in sides.iter().enumerate() {
                // The rolled chart is a table or a check (the checker
                // refuses the rest): its outcome is a key.
                let key = match general(program, side, &Quick::none(), source, limits)?.outcome {
                    OutcomeId(Id::Read(key)) => key,
                    OutcomeId(Id::Counts(_)) => Key::default(),
                };
                results[i] = crate::engine::sides::result(program, bound.chart, i, side, key)?;
            }
            read_opposed(program, bound, results[0], results[1])
        }
        Plan::Columns(plan) => {
            // The column dice pick the branch; its own roll is then read.
            let total = sum(&plan.dice, source);
            let Some(branch) = plan.branch(total) else {
                return Err(RollError::too_large(
                    "a column total no branch reads".into(),
                ));
            };
            let Some(inner) = plan.branches.get(branch) else {
                return Err(RollError::too_large(
                    "a column total no branch reads".into(),
                ));
            };
            let mut roll = general(program, inner, quick, source, limits)?;
            if let Id::Read(key) = roll.outcome.0 {
                roll.outcome = OutcomeId(Id::Read(key.in_branch(branch)));
            }
            Ok(roll)
        }
        Plan::Certain(..) => Ok(QuickRoll {
            natural: 0,
            total: 0,
            outcome: OutcomeId(Id::Read(Key {
                primary: 0,
                extras: 0,
            })),
        }),
    }
}

/// Reads a table's or check's natural roll with [`Bound::read`].
#[inline(never)]
fn read_natural(program: &Program, bound: &Bound, natural: i64) -> Result<QuickRoll, RollError> {
    let reading = bound.read(program, natural, 0)?;
    Ok(QuickRoll {
        natural,
        total: reading.score.unwrap_or(reading.total),
        outcome: OutcomeId(Id::Read(reading.key)),
    })
}

/// Reads an opposed roll's two naturals with [`Bound::read`].
#[inline(never)]
fn read_opposed(program: &Program, bound: &Bound, a: i64, b: i64) -> Result<QuickRoll, RollError> {
    let reading = bound.read(program, a, b)?;
    Ok(QuickRoll {
        natural: a,
        total: reading.score.unwrap_or(reading.total),
        outcome: OutcomeId(Id::Read(reading.key)),
    })
}

/// Rolls a pool's stages in turn, counting the dice that meet each target;
/// past `max_dice` dice in all (`Limits::max_roll_dice`), stops with
/// [`RollErrorKind::OverBudget`].
fn pool<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    stages: &[BoundStage],
    source: &mut D,
    max_dice: u64,
) -> Result<QuickRoll, RollError> {
    let mut counts = [0u32; MAX_STAGES];
    let mut previous = 1u32;
    let mut values = smallvec::SmallVec::new();
    let mut rolled = 0u64;
    for (i, stage) in stages.iter().enumerate().take(MAX_STAGES) {
        let repeats = if i == 0 { 1 } else { previous };
        let per = crate::engine::sample::dice_count(&stage.dice);
        let mut hits = 0u32;
        for _ in 0..repeats {
            rolled = rolled.saturating_add(per);
            if rolled > max_dice {
                return Err(over_dice(program, bound, max_dice));
            }
            for g in &stage.dice.groups {
                let sign = if g.negative { -1 } else { 1 };
                if g.notation.is_plain() {
                    for _ in 0..g.count {
                        let face = sign * i64::from(source.die(g.sides)) + stage.modifier;
                        hits += u32::from(stage.target.contains(face));
                    }
                } else {
                    values.clear();
                    kept_values(g, source, &mut values);
                    for &v in &values {
                        hits += u32::from(stage.target.contains(sign * v + stage.modifier));
                    }
                }
            }
        }
        // A count the outcome does not name (`report`) is not part of it.
        counts[i] = if stage.reported { hits } else { 0 };
        previous = hits;
    }
    Ok(QuickRoll {
        natural: 0,
        total: i64::from(previous),
        outcome: OutcomeId(Id::Counts(counts)),
    })
}

#[cold]
fn over_dice(program: &Program, bound: &Bound, max_dice: u64) -> RollError {
    let chart = &program.charts[bound.chart];
    RollError::new(
        RollErrorKind::OverBudget {
            limit: "max_roll_dice",
            value: max_dice,
            construct: format!(
                "rolling `{}.{}`",
                program.games[chart.game].name, chart.name
            ),
        },
        None,
    )
}

/// The text of an outcome id.
pub(crate) fn describe(program: &Program, bound: &Bound, id: &OutcomeId) -> OutcomeText {
    let chart = &program.charts[bound.chart];
    match (&id.0, &bound.plan) {
        (Id::Counts(counts), Plan::Pool { stages }) => {
            let n = stages.len().min(MAX_STAGES);
            let counts: Vec<u64> = counts[..n].iter().map(|&c| u64::from(c)).collect();
            crate::engine::sample::reported_outcome(stages, &counts)
        }
        (Id::Read(key), _) => {
            let (primary, extras) = bound.outcome(*key);
            outcome_text(chart, primary, &extras)
        }
        (Id::Counts(_), _) => OutcomeText::default(),
    }
}
