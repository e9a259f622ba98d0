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

use super::count::{middle_words, Count};
use super::dist::too_large;
use super::Fail;
use crate::bind::BoundStage;
use crate::budget::Work;
use crate::limits::Limits;
use num_integer::gcd;
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

/// The joint counts, their common total, and the sides rolled, reduced (for
/// the total's prime factors). State `i` has the stage counts
/// `counts[i * stages..(i + 1) * stages]` and `ways[i]` ways.
pub(crate) struct Joint<C> {
    pub stages: usize,
    pub counts: Vec<u64>,
    pub ways: Vec<C>,
    pub total: C,
    pub sides: Vec<u32>,
}

/// One die of a stage: its hits and misses over all its faces, in ways.
pub(super) struct Die<C> {
    pub hit: C,
    pub miss: C,
    pub all: C,
}

/// A die of `sides` sides of a stage (negative: subtracted), its faces
/// divided by the common factor of its hits and misses, which is pushed on
/// `reduced_sides`.
pub(super) fn die<C: Count>(
    stage: &BoundStage,
    sides: u32,
    negative: bool,
    reduced_sides: &mut Vec<u32>,
) -> Die<C> {
    let sign = if negative { -1 } else { 1 };
    let hits = (1..=sides)
        .filter(|&f| stage.target.contains(sign * i64::from(f) + stage.modifier))
        .count() as u64;
    // A die's (hits, misses) over its sides, divided by their common
    // factor: d10 hitting on 6+ is (1, 1) over 2, not (5, 5) over 10, so
    // no count carries a factor the fraction would only divide out again.
    let g = gcd(hits, u64::from(sides)).max(1);
    reduced_sides.push((u64::from(sides) / g) as u32);
    Die {
        hit: C::from_u64(hits / g),
        miss: C::from_u64((u64::from(sides) - hits) / g),
        all: C::from_u64(u64::from(sides) / g),
    }
}

/// One repetition of a stage: counts of successes over 0..=dice, and the
/// ways in all (each die's sides divided by the common factor of its hits
/// and misses, pushed on `reduced_sides`).
fn unit<C: Count>(
    stage: &BoundStage,
    work: &mut Work,
    what: &dyn Fn() -> String,
    reduced_sides: &mut Vec<u32>,
) -> Result<(Vec<C>, C), Fail> {
    let mut counts = vec![C::one()];
    let mut total = C::one();
    for &(count, sides, negative) in &stage.dice.groups {
        let Die { hit, miss, all } = die(stage, sides, negative, reduced_sides);
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
pub(super) fn convolve<C: Count>(
    a: &[C],
    b: &[C],
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<C>, Fail> {
    let words = middle_words(a) + middle_words(b);
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
    // Flat: state j's counts are counts[j * i..(j + 1) * i] after stage i.
    let mut counts: Vec<u64> = Vec::new();
    let mut ways: Vec<C> = vec![C::one()];
    let mut total = C::one();
    let mut sides = Vec::new();
    for (i, stage) in stages.iter().enumerate() {
        let (unit, per) = unit::<C>(stage, work, what, &mut sides)?;
        // How many times this stage's dice are rolled by state j.
        let reps = |j: usize| -> u64 {
            if i == 0 {
                1
            } else {
                counts.get(j * i + i - 1).copied().unwrap_or(0)
            }
        };
        let most = (0..ways.len()).map(reps).max().unwrap_or(0);
        // rows[r]: successes of r repetitions (over per^r ways), and
        // powers[r] = per^r, bringing a state of r repetitions over per^most.
        let mut rows: Vec<Vec<C>> = vec![vec![C::one()]];
        let mut powers: Vec<C> = vec![C::one()];
        for r in 1..=most as usize {
            let next = convolve(&rows[r - 1], &unit, work, what)?;
            rows.push(next);
            let p = powers[r - 1].mul(&per)?;
            powers.push(p);
        }
        let mut next_counts: Vec<u64> = Vec::new();
        let mut next_ways: Vec<C> = Vec::new();
        for (j, c) in ways.iter().enumerate() {
            let r = reps(j);
            let row = &rows[r as usize];
            let scaled = c.mul(&powers[(most - r) as usize])?;
            work.odds(row.len() as u64 * 2 * scaled.words(), what)?;
            for (k, w) in row.iter().enumerate() {
                if w.is_zero() {
                    continue;
                }
                next_counts.extend_from_slice(&counts[j * i..(j + 1) * i]);
                next_counts.push(k as u64);
                next_ways.push(scaled.mul(w)?);
            }
            if next_ways.len() > limits.max_odds_states {
                return Err(Fail::Error(too_large(format!(
                    "{} has more than {} outcomes",
                    what(),
                    limits.max_odds_states
                ))));
            }
        }
        total = total.mul(&powers[most as usize])?;
        counts = next_counts;
        ways = next_ways;
    }
    Ok(Joint {
        stages: stages.len(),
        counts,
        ways,
        total,
        sides,
    })
}

/// The joint counts merged by the stages a pool reports (`report`): the
/// ways of each combination of the reported counts, in order of those
/// counts. Correct for any choice of stages; the marginal engine
/// ([`super::marginal`]) is the fast path for one.
pub(crate) fn merge_reported<C: Count>(
    joint: Joint<C>,
    reported: &[usize],
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<(Vec<u64>, C)>, Fail> {
    let n = joint.stages;
    let mut merged: BTreeMap<Vec<u64>, C> = BTreeMap::new();
    for (j, ways) in joint.ways.into_iter().enumerate() {
        work.odds(4 + ways.words() + reported.len() as u64, what)?;
        let of = joint.counts.get(j * n..(j + 1) * n).unwrap_or_default();
        let key: Vec<u64> = reported
            .iter()
            .map(|&i| of.get(i).copied().unwrap_or(0))
            .collect();
        match merged.entry(key) {
            Entry::Occupied(mut e) => e.get_mut().add_assign(&ways)?,
            Entry::Vacant(e) => {
                e.insert(ways);
            }
        }
    }
    Ok(merged.into_iter().collect())
}
