//! Distributions of sums of dice, as counts of ways.

use super::count::{middle_words, Count, Overflow};
use super::notation;
use super::power::{power, Exact};
use super::Fail;
use crate::check::tree::{Body, Dice, Program};
use crate::engine::bind::{BoundDice, BoundGroup};
use crate::engine::budget::Work;
use crate::engine::error::RollError;
use crate::limits::Limits;
use std::borrow::Cow;

/// A distribution of integers as counts: `counts[i]` ways to get `min + i`.
#[derive(Clone, Debug)]
pub(crate) struct Dist<C> {
    pub min: i64,
    pub counts: Vec<C>,
}

impl<C: Count> Dist<C> {
    /// Budget steps one pass over this distribution costs.
    fn cost(&self) -> u64 {
        let words = middle_words(&self.counts);
        (self.counts.len() as u64).saturating_mul(words)
    }

    /// Adds one die of `sides` faces, by a sliding window run from the
    /// top down, in place: the new count of total `i` is the sum of the
    /// old counts of `i - s + 1 ..= i`, so writing it at `i` overwrites an
    /// old count no lower total still needs but the window (kept aside in
    /// `old` to take out of the window). No second buffer; a big count's
    /// digits are overwritten in place (`clone_from` keeps their
    /// allocation), so a sum of big counts allocates per new total, not
    /// per total per die. The first die onto a single value fills the
    /// counts directly.
    fn add_die(&mut self, sides: u32) -> Result<(), Overflow> {
        let s = sides.max(1) as usize;
        let counts = &mut self.counts;
        self.min += 1;
        if let [only] = counts.as_slice() {
            let only = only.clone();
            counts.resize(s, only);
            return Ok(());
        }
        let n = counts.len() + s - 1;
        counts.resize(n, C::zero());
        // The window of the top total: the old counts of n - s ..= n - 1.
        let mut window = C::zero();
        for c in &counts[n - s..] {
            window.add_assign(c)?;
        }
        let mut old = C::zero();
        for i in (0..n).rev() {
            std::mem::swap(&mut counts[i], &mut old);
            counts[i].clone_from(&window);
            window.sub_assign(&old);
            if i >= s {
                window.add_assign(&counts[i - s])?;
            }
        }
        Ok(())
    }

    /// Subtracts one die of `sides` faces: `x - y` for `y` in `1..=s` is
    /// `x + z - (s + 1)` for `z` in `1..=s`, so it is a die added and the
    /// values moved down.
    fn sub_die(&mut self, sides: u32) -> Result<(), Overflow> {
        self.add_die(sides)?;
        self.min -= i64::from(sides.max(1)) + 1;
        Ok(())
    }
}

/// Most values a distribution made once loaded ([`Ready`]) may hold.
const MAX_READY: usize = 1 << 12;

/// The distribution of a chart's dice, made once when its ruleset is
/// loaded, for a chart whose dice do not depend on the choices (no count
/// from a param) and whose counts fit machine integers: each call then
/// reads it, as a [`natural`] it would otherwise make again.
#[derive(Clone, Debug)]
pub(crate) struct Ready {
    dice: BoundDice,
    opposed: bool,
    dist: Dist<u128>,
}

impl Ready {
    /// The distribution of each chart's dice of `program`, where one can be
    /// made once (in the order of its charts).
    pub(crate) fn all(program: &Program, limits: &Limits) -> Vec<Option<Self>> {
        program
            .charts
            .iter()
            .map(|c| match &c.body {
                Body::Table { dice, .. } | Body::Check { dice, .. } => {
                    Self::new(dice, false, limits)
                }
                Body::Opposed {
                    dice, rolls: None, ..
                } => Self::new(dice, true, limits),
                _ => None,
            })
            .collect()
    }

    fn new(dice: &Dice, opposed: bool, limits: &Limits) -> Option<Self> {
        let groups = dice
            .groups
            .iter()
            .map(|g| {
                g.count_slot.is_none().then_some(BoundGroup {
                    count: g.count,
                    sides: g.sides,
                    negative: g.negative,
                    notation: g.notation,
                })
            })
            .collect::<Option<_>>()?;
        let dice = BoundDice { groups };
        let (lo, hi) = dice.reach();
        if hi - lo >= MAX_READY as i128 {
            return None;
        }
        let mut work = Work::new(limits);
        let dist = natural::<u128>(&dice, opposed, limits, &mut work, &String::new).ok()?;
        (dist.counts.len() <= MAX_READY).then_some(Self {
            dice,
            opposed,
            dist,
        })
    }

    /// The lowest and highest value of the distribution, as [`BoundDice::reach`] gives them.
    pub(crate) fn reach(&self) -> (i128, i128) {
        self.dice.reach()
    }

    /// True for the difference of two sides' dice.
    pub(crate) fn opposed(&self) -> bool {
        self.opposed
    }

    /// Its first value and the counts from there.
    pub(crate) fn counts(&self) -> (i64, &[u128]) {
        (self.dist.min, &self.dist.counts)
    }
}

/// The distribution [`natural`] gives, read from `ready` where it holds
/// these dice: its first value and the counts from there.
pub(crate) fn natural_or_ready<'a, C: Exact>(
    ready: Option<&'a Ready>,
    dice: &BoundDice,
    opposed: bool,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<(i64, Cow<'a, [C]>), Fail> {
    let made = ready.filter(|r| r.opposed == opposed && r.dice.groups == dice.groups);
    if let Some((r, counts)) = made.and_then(|r| Some((r, C::borrowed(&r.dist.counts)?))) {
        work.odds(counts.len() as u64, what)?;
        return Ok((r.dist.min, Cow::Borrowed(counts)));
    }
    let made = natural::<C>(dice, opposed, limits, work, what)?;
    Ok((made.min, Cow::Owned(made.counts)))
}

/// Groups of at least this many dice are raised as a power rather than
/// added die by die: below it, the sliding-window passes over machine-word
/// counts cost less than the recurrence, whose every total pays a division
/// (callgrind, N d6: 30 dice 261 k instructions by passes, 269 k as a
/// power; 50 dice, whose counts are big integers, 2.87 M against 2.35 M;
/// 500 dice 206 M against 33 M).
const POWER_FROM: u32 = 40;

/// The distribution of the natural sum of bound dice, or for an opposed
/// roll (`opposed`: each side rolls the dice) of the difference of the two
/// sides' sums.
pub(crate) fn natural<C: Exact>(
    dice: &BoundDice,
    opposed: bool,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Dist<C>, Fail> {
    // The second side's dice are the first side's, subtracted.
    let second = dice.groups.iter().filter(|_| opposed).map(|g| BoundGroup {
        negative: !g.negative,
        ..*g
    });
    let groups = || dice.groups.iter().copied().chain(second.clone());
    let mut states: u64 = 1;
    let mut dice_count: u64 = 0;
    for g in groups() {
        let (lo, hi) = g.reach();
        states = states.saturating_add(hi.saturating_sub(lo).unsigned_abs());
        dice_count += u64::from(g.count);
    }
    if states > limits.max_odds_states as u64 {
        return Err(Fail::Error(RollError::too_large(format!(
            "{} has {states} possible totals (the limit is {})",
            what(),
            limits.max_odds_states
        ))));
    }
    // Refused at once when the passes alone would be far past any budget
    // (each die is a pass over the distribution so far); the work budget
    // then counts what is actually done.
    let passes = dice_count.saturating_mul(states) / 2;
    let most = (limits.max_odds_states as u64).saturating_mul(20);
    if passes > most {
        return Err(Fail::Error(RollError::too_large(format!(
            "{}: {dice_count} dice with {states} possible totals take about {passes} steps \
             to enumerate (the limit is {most})",
            what()
        ))));
    }
    // The largest group of many dice starts the sum as a power of one die's
    // polynomial (`1 + x + … + x^(s-1)`, `power`): one pass over its totals
    // instead of one per die. The other dice are added one by one.
    let powered = dice
        .groups
        .iter()
        .enumerate()
        .filter(|(_, g)| !g.negative && g.count >= POWER_FROM && g.notation.is_plain())
        .max_by_key(|(_, g)| g.count)
        .map(|(i, _)| i);
    let mut sum = match powered.and_then(|i| dice.groups.get(i)) {
        Some(g) => {
            let die = vec![C::one(); g.sides.max(1) as usize];
            Dist {
                min: i64::from(g.count),
                counts: power(&die, u64::from(g.count), limits, work, what)?,
            }
        }
        None => {
            // The sum's buffer at its final size at once: no reallocation
            // per die.
            let mut counts = Vec::with_capacity(usize::try_from(states).unwrap_or(0));
            counts.push(C::one());
            Dist { min: 0, counts }
        }
    };
    for (i, g) in groups().enumerate() {
        if powered == Some(i) {
            continue;
        }
        if !g.notation.is_plain() {
            // Keep, rerolls, explosions, `d66`: the group's own distribution.
            let group = notation::group::<C>(&g, limits, work, what)?;
            let so_far = notation::Values {
                min: sum.min,
                counts: std::mem::take(&mut sum.counts),
            };
            let added = notation::add(&so_far, &group, work, what)?;
            sum = Dist {
                min: added.min,
                counts: added.counts,
            };
            continue;
        }
        for _ in 0..g.count {
            work.odds(sum.cost().saturating_add(u64::from(g.sides)), what)?;
            if g.negative {
                sum.sub_die(g.sides)?;
            } else {
                sum.add_die(g.sides)?;
            }
        }
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// The distribution by adding every die, one pass each: the definition.
    fn by_passes(groups: &[(u32, u32, bool)]) -> Dist<BigUint> {
        let mut sum = Dist {
            min: 0,
            counts: vec![BigUint::from(1u8)],
        };
        for &(count, sides, negative) in groups {
            for _ in 0..count {
                let step = if negative {
                    sum.sub_die(sides)
                } else {
                    sum.add_die(sides)
                };
                assert!(step.is_ok());
            }
        }
        sum
    }

    /// A group of many dice raised as a power gives what adding its dice
    /// one by one gives, alone and beside other groups and subtracted dice,
    /// in machine words and in big integers.
    #[test]
    fn a_power_of_many_dice_is_the_dice_added() {
        let limits = Limits::default();
        let what = || "test".to_string();
        for groups in [
            vec![(POWER_FROM, 6, false)],
            vec![(45, 10, false)],
            vec![(2, 4, false), (POWER_FROM + 3, 6, false), (1, 6, true)],
        ] {
            let want = by_passes(&groups);
            let dice = BoundDice {
                groups: groups
                    .iter()
                    .map(|&(c, s, n)| BoundGroup::plain(c, s, n))
                    .collect(),
            };
            let mut work = Work::new(&limits);
            let Ok(big) = natural::<BigUint>(&dice, false, &limits, &mut work, &what) else {
                panic!("{groups:?}: big integers fail");
            };
            assert_eq!(
                (big.min, &big.counts),
                (want.min, &want.counts),
                "{groups:?}"
            );
            // In `u128` the same, or an overflow (then big integers count).
            let mut work = Work::new(&limits);
            if let Ok(words) = natural::<u128>(&dice, false, &limits, &mut work, &what) {
                let words: Vec<BigUint> = words.counts.into_iter().map(BigUint::from).collect();
                assert_eq!(words, want.counts, "{groups:?} in u128");
            }
        }
    }
}
