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
    fn point(v: i64) -> Self {
        Dist {
            min: v,
            counts: vec![C::one()],
        }
    }

    /// Budget steps one pass over this distribution costs.
    fn cost(&self) -> u64 {
        let words = middle_words(&self.counts);
        (self.counts.len() as u64).saturating_mul(words)
    }

    /// Adds one die of `sides` faces, by a sliding window (one pass),
    /// into `spare` (which then holds the old counts: two buffers serve
    /// every die of a roll). The old counts' big integers are overwritten
    /// in place (`clone_from` keeps their digits' allocation): a sum of
    /// big counts allocates per new total, not per total per die.
    fn add_die(&mut self, sides: u32, spare: &mut Vec<C>) -> Result<(), Overflow> {
        let s = sides.max(1) as usize;
        let n = self.counts.len() + s - 1;
        spare.truncate(n);
        spare.reserve(n - spare.len());
        let mut window = C::zero();
        for i in 0..n {
            if let Some(c) = self.counts.get(i) {
                window.add_assign(c)?;
            }
            if i >= s {
                if let Some(c) = self.counts.get(i - s) {
                    window.sub_assign(c);
                }
            }
            match spare.get_mut(i) {
                Some(slot) => slot.clone_from(&window),
                None => spare.push(window.clone()),
            }
        }
        self.min += 1;
        std::mem::swap(&mut self.counts, spare);
        Ok(())
    }
}

pub(crate) fn too_large(what: String) -> RollError {
    RollError::new(RollErrorKind::TooLarge { what }, None)
}

/// The distribution of the natural sum of bound dice, and the number of
/// ways in all (the product of the sides).
pub(crate) fn natural<C: Count>(
    dice: &BoundDice,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Dist<C>, Fail> {
    let mut states: u64 = 1;
    let mut dice_count: u64 = 0;
    for &(count, sides, _) in &dice.groups {
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
    let mut pos = Dist { min: 0, counts };
    let mut neg: Option<Dist<C>> = None;
    let mut spare = Vec::new();
    for &(count, sides, negative) in &dice.groups {
        let d = if negative {
            neg.get_or_insert_with(|| Dist::point(0))
        } else {
            &mut pos
        };
        for _ in 0..count {
            work.odds(d.cost().saturating_add(u64::from(sides)), what)?;
            d.add_die(sides, &mut spare)?;
        }
    }
    match neg {
        None => Ok(pos),
        Some(neg) => difference(&pos, &neg, work, what),
    }
}

/// The distribution of `a - b` for independent `a` and `b`.
pub(crate) fn difference<C: Count>(
    a: &Dist<C>,
    b: &Dist<C>,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Dist<C>, Fail> {
    let n = a.counts.len() + b.counts.len() - 1;
    let mut counts = vec![C::zero(); n];
    let blen = b.counts.len();
    let bmax = b.min + blen as i64 - 1;
    for (i, ca) in a.counts.iter().enumerate() {
        if ca.is_zero() {
            continue;
        }
        work.odds(b.cost().saturating_mul(ca.words()), what)?;
        for (j, cb) in b.counts.iter().enumerate() {
            // value = (a.min + i) - (b.min + j); index from min = a.min - bmax
            counts[i + (blen - 1 - j)].add_product(ca, cb)?;
        }
    }
    Ok(Dist {
        min: a.min - bmax,
        counts,
    })
}
