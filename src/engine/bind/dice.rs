//! The dice with their counts settled: groups, natural-roll rules and a
//! pool's counting stages, and the reach of each.

use crate::check::tree::{
    Cell, ChartId, Dice, NaturalOutcome, Notation, PoolDice, Program, Ranges,
};
use crate::engine::env::{grid_cell, missing, whole_value, Env, Resolved};
use crate::engine::error::{RollError, RollErrorKind};
use crate::number::Num;
use smallvec::SmallVec;

/// Dice groups with counts settled.
#[derive(Clone, Debug)]
pub(crate) struct BoundDice {
    pub groups: DiceGroups,
}

/// A roll's groups of dice: inline for the one or two a sheet's roll has.
pub(crate) type DiceGroups = SmallVec<[BoundGroup; 2]>;

/// One group of dice with its count settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoundGroup {
    pub count: u32,
    /// Sides of each physical die (6 for a `d66`, whose digits are d6).
    pub sides: u32,
    pub negative: bool,
    pub notation: Notation,
}

impl BoundGroup {
    /// `count` plain dice of `sides` sides.
    pub fn plain(count: u32, sides: u32, negative: bool) -> Self {
        Self {
            count,
            sides,
            negative,
            notation: Notation::default(),
        }
    }

    /// How many dice count toward the sum (keep and drop leave some out).
    pub fn kept(&self) -> u32 {
        self.notation
            .keep
            .map_or(self.count, |k| k.kept(self.count))
    }

    /// The lowest and highest sum of the kept dice (before the sign).
    pub fn reach(&self) -> (i64, i64) {
        let n = i64::from(self.kept());
        if self.notation.is_plain() {
            return (n, n * i64::from(self.sides.max(1)));
        }
        let die = self.notation.die_reach(self.sides);
        let lo = die.first().map_or(1, |d| d.0);
        let hi = die.last().map_or(1, |d| d.1);
        (n * lo, n * hi)
    }
}

/// A natural-roll rule with its outcome settled.
#[derive(Clone, Debug)]
pub(crate) struct BoundNatural {
    pub ranges: Ranges,
    pub also: bool,
    pub outcome: NatPick,
}

/// What a natural rule gives.
#[derive(Clone, Debug)]
pub(crate) enum NatPick {
    Success,
    Failure,
    Other(usize),
}

/// One counting stage of a pool.
#[derive(Clone, Debug)]
pub(crate) struct BoundStage {
    pub label: String,
    pub dice: BoundDice,
    pub target: Ranges,
    pub modifier: i64,
    /// A `once` stage: the real dice, target and modifier, each roll
    /// counting one success if any die meets the target. `dice`, `target`
    /// and `modifier` then hold the same roll as one die of the product of
    /// the faces (see [`once_as_one_die`]), which engines that count die by
    /// die read exactly; the sampler rolls these real dice for its trace.
    pub once: Option<(BoundDice, Ranges, i64)>,
    /// The outcome names this count (`report`; every count without one).
    pub reported: bool,
}

/// Most faces of the one die a `once` stage's dice stand for.
const MAX_ONCE_FACES: u64 = 1 << 16;

/// A `once` roll as one die: face `f` (1-based) is the combination whose
/// digits in base `sides` are the dice, in order; its target holds the faces
/// where any die meets `target` after `modifier`.
pub(super) fn once_as_one_die(
    dice: &BoundDice,
    target: &Ranges,
    modifier: i64,
) -> Result<(BoundDice, Ranges), RollError> {
    let mut faces = 1u64;
    let mut each: Vec<(u32, bool)> = Vec::new();
    for g in &dice.groups {
        let (count, sides, negative) = (g.count, g.sides, g.negative);
        if !g.notation.is_plain() {
            return Err(RollError::new(
                RollErrorKind::TooLarge {
                    what: "a `once` count over dice with notation (`kh3`, `r1`, `!`): \
                           count them without `once`"
                        .into(),
                },
                None,
            ));
        }
        for _ in 0..count {
            faces = faces.saturating_mul(u64::from(sides.max(1)));
            if faces > MAX_ONCE_FACES {
                return Err(RollError::new(
                    RollErrorKind::TooLarge {
                        what: format!(
                            "a `once` count over more than {MAX_ONCE_FACES} combinations of dice"
                        ),
                    },
                    None,
                ));
            }
            each.push((sides.max(1), negative));
        }
    }
    let mut spans: Vec<(i64, i64)> = Vec::new();
    for f in 0..faces {
        let mut rest = f;
        let mut any = false;
        for &(sides, negative) in each.iter().rev() {
            let face = (rest % u64::from(sides)) as i64 + 1;
            rest /= u64::from(sides);
            // Past `i64` reads no target; `Plan::fit` refuses the plan.
            any |= (if negative { -face } else { face })
                .checked_add(modifier)
                .is_some_and(|t| target.contains(t));
        }
        if any {
            let v = f as i64 + 1;
            match spans.last_mut() {
                Some(last) if last.1 + 1 == v => last.1 = v,
                _ => spans.push((v, v)),
            }
        }
    }
    let sides = u32::try_from(faces).unwrap_or(u32::MAX);
    let groups = if each.is_empty() {
        DiceGroups::new()
    } else {
        smallvec::smallvec![BoundGroup::plain(1, sides, false)]
    };
    Ok((
        BoundDice { groups },
        Ranges(spans.into(), crate::check::tree::Order::Up),
    ))
}

impl BoundDice {
    /// The lowest and highest natural roll. In `i128`, where counts and
    /// faces cannot overflow.
    pub(crate) fn reach(&self) -> (i128, i128) {
        self.groups.iter().fold((0, 0), |(lo, hi), g| {
            let count = i128::from(g.kept());
            let (dlo, dhi) = g.faces();
            let (a, b) = (count * dlo, count * dhi);
            let (glo, ghi) = (a.min(b), a.max(b));
            if g.negative {
                (lo - ghi, hi - glo)
            } else {
                (lo + glo, hi + ghi)
            }
        })
    }

    /// The lowest and highest value one die of these groups counts for,
    /// signed.
    pub(super) fn faces(&self) -> (i128, i128) {
        self.groups.iter().fold((0, 0), |(lo, hi), g| {
            let (dlo, dhi) = g.faces();
            if g.negative {
                (lo.min(-dhi), hi.max(-dlo))
            } else {
                (lo.min(dlo), hi.max(dhi))
            }
        })
    }
}

impl BoundGroup {
    /// The lowest and highest value one die counts for (`d66`: 11 to 66;
    /// an exploding d6, 1 to the most its explosions add).
    fn faces(&self) -> (i128, i128) {
        if self.notation.is_plain() {
            return (1, i128::from(self.sides.max(1)));
        }
        let die = self.notation.die_reach(self.sides);
        (
            i128::from(die.first().map_or(1, |d| d.0)),
            i128::from(die.last().map_or(1, |d| d.1)),
        )
    }
}

pub(super) fn bind_dice(
    program: &Program,
    chart: ChartId,
    d: &Dice,
    values: &[Option<Num>],
) -> Result<BoundDice, RollError> {
    let mut groups = DiceGroups::new();
    for g in &d.groups {
        let count = match g.count_slot {
            None => g.count,
            Some(s) => {
                let n = values[s].ok_or_else(|| missing(program, chart, s))?;
                let n = whole_value(
                    n,
                    &format!(
                        "the number of dice `{}`",
                        program.charts[chart].slots[s].name
                    ),
                )?;
                u32::try_from(n).map_err(|_| {
                    RollError::new(
                        RollErrorKind::Arithmetic {
                            message: format!("cannot roll {n} dice"),
                        },
                        None,
                    )
                })?
            }
        };
        groups.push(BoundGroup {
            count,
            sides: g.sides,
            negative: g.negative,
            notation: g.notation,
        });
    }
    let total: u64 = groups.iter().map(|g| u64::from(g.count)).sum();
    if total > 1000 {
        return Err(RollError::new(
            RollErrorKind::TooLarge {
                what: format!("{total} dice in one roll (the limit is 1000)"),
            },
            None,
        ));
    }
    Ok(BoundDice { groups })
}

pub(super) fn bind_naturals(
    env: &Env,
    naturals: &[crate::check::tree::Natural],
) -> Result<(Vec<BoundNatural>, Vec<Resolved>), RollError> {
    let mut out = Vec::new();
    let mut extras = Vec::new();
    for n in naturals {
        if let Some(c) = &n.cond {
            if !env.cond(c)? {
                continue;
            }
        }
        let outcome = match &n.outcome {
            NaturalOutcome::Success => NatPick::Success,
            NaturalOutcome::Failure => NatPick::Failure,
            NaturalOutcome::Other(o) => {
                extras.push(env.resolve(o)?);
                NatPick::Other(extras.len() - 1)
            }
        };
        out.push(BoundNatural {
            ranges: n.ranges.clone(),
            also: n.also,
            outcome,
        });
    }
    Ok((out, extras))
}

pub(super) fn dice_of_source(
    program: &Program,
    chart: ChartId,
    src: &PoolDice,
    values: &[Option<Num>],
) -> Result<Result<BoundDice, String>, RollError> {
    match src {
        PoolDice::Dice(d) => Ok(Ok(bind_dice(program, chart, d, values)?)),
        PoolDice::Grid(r) => match grid_cell(program, r, values)? {
            Cell::Dice(d) => Ok(Ok(bind_dice(program, chart, d, values)?)),
            Cell::Text(t) => Ok(Err(t.to_string())),
            _ => Ok(Err("Not possible".into())),
        },
    }
}
