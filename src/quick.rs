//! Quick rolls: the sampling path for hosts that bind once and roll many
//! times. No trace, no follow-ups, no allocation per roll: the outcome is a
//! `Copy` id (natural-roll `also` rules that fire are a bitset in it).

use crate::bind::{Bound, BoundDice, BoundStage, Plan};
use crate::limits::Limits;
use crate::read::{outcome_text, Key};
use crate::roll::OutcomeText;
use crate::roll_error::{RollError, RollErrorKind};
use crate::sample::DiceSource;
use crate::tree::Program;

/// Most counting stages a pool may have (each gets a slot in [`OutcomeId`]).
pub(crate) const MAX_STAGES: usize = 4;

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

#[inline]
fn sum<D: DiceSource + ?Sized>(dice: &BoundDice, source: &mut D) -> i64 {
    let mut total = 0i64;
    for &(count, sides, negative) in &dice.groups {
        let mut s = 0i64;
        for _ in 0..count {
            s += i64::from(source.die(sides));
        }
        total += if negative { -s } else { s };
    }
    total
}

/// Rolls a bound plan quickly.
///
/// Performance (docs/performance.md, `cargo bench --bench sampling`):
///
/// - The common table — no `score`, no natural rule that fires, a total
///   some row covers — is read right here, with the same steps as
///   [`Bound::read`] (total, row, `best` cap). Every other case goes through
///   `Bound::read` as before, in [`read_natural`] and [`read_opposed`].
///   Calling `read` and moving its `Reading` into a `QuickRoll` cost most of
///   a quick roll: Bog Down took 31.5 ns against 6 ns for a hand-written
///   function, and takes 8-15 ns with this path.
/// - `inline(always)`: the fast path pays off when the result is built in
///   the caller's frame. Left to `#[inline]`, the compiler kept this an
///   out-of-line call and Bog Down took about twice as long.
/// - The dice are rolled here and in [`pool`], inline; what stays out of
///   line only reads naturals and never sees the dice source.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn roll<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    source: &mut D,
    limits: &Limits,
) -> Result<QuickRoll, RollError> {
    match &bound.plan {
        Plan::Table {
            dice,
            offset,
            score: None,
            lookup,
            naturals,
            best,
            ..
        } => {
            let natural = sum(dice, source);
            if !naturals.iter().any(|n| n.ranges.contains(natural)) {
                let total = natural + offset;
                if let Some(mut row) = lookup.row(total) {
                    if let Some((b, top)) = best {
                        if total > *top {
                            row = *b;
                        }
                    }
                    return Ok(QuickRoll {
                        natural,
                        total,
                        outcome: OutcomeId(Id::Read(Key {
                            primary: row as u32,
                            extras: 0,
                        })),
                    });
                }
            }
            read_natural(program, bound, natural)
        }
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => {
            read_natural(program, bound, sum(dice, source))
        }
        Plan::Opposed { dice, .. } => {
            let a = sum(dice, source);
            let b = sum(dice, source);
            read_opposed(program, bound, a, b)
        }
        Plan::Pool { stages } => pool(program, bound, stages, source, limits.max_roll_dice),
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
#[inline]
fn pool<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    stages: &[BoundStage],
    source: &mut D,
    max_dice: u64,
) -> Result<QuickRoll, RollError> {
    let mut counts = [0u32; MAX_STAGES];
    let mut previous = 1u32;
    let mut rolled = 0u64;
    for (i, stage) in stages.iter().enumerate().take(MAX_STAGES) {
        let repeats = if i == 0 { 1 } else { previous };
        let per = crate::sample::dice_count(&stage.dice);
        let mut hits = 0u32;
        for _ in 0..repeats {
            rolled = rolled.saturating_add(per);
            if rolled > max_dice {
                return Err(over_dice(program, bound, max_dice));
            }
            for &(count, sides, negative) in &stage.dice.groups {
                let sign = if negative { -1 } else { 1 };
                for _ in 0..count {
                    let face = sign * i64::from(source.die(sides)) + stage.modifier;
                    hits += u32::from(stage.target.contains(face));
                }
            }
        }
        counts[i] = hits;
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
            crate::sample::pool_outcome(stages.iter().map(|s| s.label.as_str()), &counts)
        }
        (Id::Read(key), _) => {
            let (primary, extras) = bound.outcome(*key);
            outcome_text(chart, primary, &extras)
        }
        (Id::Counts(_), _) => OutcomeText::default(),
    }
}
