//! Distributions of sums of dice, as counts of ways.

use super::count::{middle_words, Count, Overflow};
use super::Fail;
use crate::bind::BoundDice;
use crate::budget::Work;
use crate::limits::Limits;
use crate::roll_error::{RollError, RollErrorKind};

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

pub(crate) fn too_large(what: String) -> RollError {
    RollError::new(RollErrorKind::TooLarge { what }, None)
}

/// The distribution of the natural sum of bound dice, or for an opposed
/// roll (`opposed`: each side rolls the dice) of the difference of the two
/// sides' sums.
pub(crate) fn natural<C: Count>(
    dice: &BoundDice,
    opposed: bool,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Dist<C>, Fail> {
    // The second side's dice are the first side's, subtracted.
    let second = dice
        .groups
        .iter()
        .filter(|_| opposed)
        .map(|&(count, sides, negative)| (count, sides, !negative));
    let groups = || dice.groups.iter().copied().chain(second.clone());
    let mut states: u64 = 1;
    let mut dice_count: u64 = 0;
    for (count, sides, _) in groups() {
        states = states.saturating_add(u64::from(count) * u64::from(sides.saturating_sub(1)));
        dice_count += u64::from(count);
    }
    if states > limits.max_odds_states as u64 {
        return Err(Fail::Error(too_large(format!(
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
        return Err(Fail::Error(too_large(format!(
            "{}: {dice_count} dice with {states} possible totals take about {passes} steps \
             to enumerate (the limit is {most})",
            what()
        ))));
    }
    // The sum's buffer at its final size at once: no reallocation per die.
    let mut counts = Vec::with_capacity(usize::try_from(states).unwrap_or(0));
    counts.push(C::one());
    let mut sum = Dist { min: 0, counts };
    for (count, sides, negative) in groups() {
        for _ in 0..count {
            work.odds(sum.cost().saturating_add(u64::from(sides)), what)?;
            if negative {
                sum.sub_die(sides)?;
            } else {
                sum.add_die(sides)?;
            }
        }
    }
    Ok(sum)
}
