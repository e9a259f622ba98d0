//! Exact odds of dice pools: the joint distribution of every stage's count
//! of successes.
//!
//! Each stage's dice, rolled once, give a distribution of successes (a
//! product of binomials, one per die). A later stage rolls its dice once
//! per success of the stage before, so it needs that distribution's
//! `r`-fold convolution for each count `r` that occurs: those rows are
//! built once, each from the one before (`row(r + 1) = row(r) * unit`), and
//! shared by every state that needs them. Counts of every state are over
//! one common denominator, the product over the stages of (ways of one
//! repetition)^(most repetitions), so no fraction is reduced until the end.
//! A two-stage pool of N dice costs O(N²) rows and states, each an
//! O(N)-word product: about N³ word operations.

use super::count::Count;
use super::dist::too_large;
use super::Fail;
use crate::bind::BoundStage;
use crate::budget::Work;
use crate::limits::Limits;

/// The joint counts, their common total, and the sides rolled (for the
/// total's prime factors).
pub(crate) struct Joint<C> {
    pub states: Vec<(Vec<u64>, C)>,
    pub total: C,
    pub sides: Vec<u32>,
}

/// One repetition of a stage: counts of successes over 0..=dice, and the
/// ways in all.
fn unit<C: Count>(
    stage: &BoundStage,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<(Vec<C>, C), Fail> {
    let mut counts = vec![C::one()];
    let mut total = C::one();
    for &(count, sides, negative) in &stage.dice.groups {
        let sign = if negative { -1 } else { 1 };
        let hits = (1..=sides)
            .filter(|&f| stage.target.contains(sign * i64::from(f) + stage.modifier))
            .count() as u64;
        let (hit, miss) = (C::from_u64(hits), C::from_u64(u64::from(sides) - hits));
        let all = C::from_u64(u64::from(sides));
        for _ in 0..count {
            work.odds(counts.len() as u64 * 2 * total.words(), what)?;
            let mut next = vec![C::zero(); counts.len() + 1];
            for (k, c) in counts.iter().enumerate() {
                next[k].add_product(c, &miss)?;
                next[k + 1].add_product(c, &hit)?;
            }
            counts = next;
            total = total.mul(&all)?;
        }
    }
    Ok((counts, total))
}

/// `a * b` as polynomials in the count of successes.
fn convolve<C: Count>(
    a: &[C],
    b: &[C],
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<C>, Fail> {
    let words = a.last().map_or(1, Count::words) + b.last().map_or(1, Count::words);
    work.odds((a.len() * b.len()) as u64 * words, what)?;
    let mut out = vec![C::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            out[i + j].add_product(x, y)?;
        }
    }
    Ok(out)
}

/// The joint distribution of a pool's stage counts.
pub(crate) fn joint<C: Count>(
    stages: &[BoundStage],
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Joint<C>, Fail> {
    let mut states: Vec<(Vec<u64>, C)> = vec![(Vec::new(), C::one())];
    let mut total = C::one();
    let mut sides = Vec::new();
    for (i, stage) in stages.iter().enumerate() {
        sides.extend(stage.dice.groups.iter().map(|g| g.1));
        let (unit, per) = unit::<C>(stage, work, what)?;
        // How many times this stage's dice are rolled, at most.
        let most = if i == 0 {
            1
        } else {
            states.iter().map(|(c, _)| c[i - 1]).max().unwrap_or(0)
        };
        // rows[r]: successes of r repetitions (over per^r ways), and
        // scale[r] = per^(most - r), bringing it over per^most.
        let mut rows: Vec<Vec<C>> = vec![vec![C::one()]];
        let mut powers: Vec<C> = vec![C::one()];
        for r in 1..=most {
            let next = convolve(&rows[r as usize - 1], &unit, work, what)?;
            rows.push(next);
            let p = powers[r as usize - 1].mul(&per)?;
            powers.push(p);
        }
        let mut next: Vec<(Vec<u64>, C)> = Vec::new();
        for (counts, c) in &states {
            let r = if i == 0 { 1 } else { counts[i - 1] };
            let row = &rows[r as usize];
            let scaled = c.mul(&powers[(most - r) as usize])?;
            work.odds(row.len() as u64 * 2 * scaled.words(), what)?;
            for (k, w) in row.iter().enumerate() {
                if w.is_zero() {
                    continue;
                }
                let mut cs = Vec::with_capacity(counts.len() + 1);
                cs.extend_from_slice(counts);
                cs.push(k as u64);
                next.push((cs, scaled.mul(w)?));
            }
            if next.len() > limits.max_odds_states {
                return Err(Fail::Error(too_large(format!(
                    "{} has more than {} outcomes",
                    what(),
                    limits.max_odds_states
                ))));
            }
        }
        total = total.mul(&powers[most as usize])?;
        states = next;
    }
    Ok(Joint {
        states,
        total,
        sides,
    })
}
