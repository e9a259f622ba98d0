//! Exact odds of dice pools: the joint distribution of every stage's count
//! of successes.
//!
//! Each stage's dice, rolled once, give a distribution of successes (a
//! product of binomials, one per die). A later stage rolls its dice once
//! per success of the stage before, so it needs that distribution's
//! `r`-fold convolution for each count `r` that occurs: those rows are
//! built once, each from the one before (`row(r + 1) = row(r) * unit`), and
//! shared by every state that needs them ([`Rows`]: the second stage's
//! states ask in order, so it keeps only the latest). Counts of every
//! state are over one common denominator, the product over the stages of
//! (ways of one repetition)^(most repetitions), so no fraction is reduced
//! until the end.
//! A two-stage pool of N dice costs O(N²) rows and states, each an
//! O(N)-word product: about N³ word operations.

use super::count::{middle_words, Count};
use super::notation;
use super::power::Exact;
use super::Fail;
use crate::engine::bind::{BoundGroup, BoundStage};
use crate::engine::budget::Work;
use crate::engine::error::RollError;
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

/// A die of a stage's group (negative: subtracted), its faces divided by
/// the common factor of its hits and misses (plain dice), whose sides are
/// pushed on `reduced_sides`. A die with notation counts the ways of its
/// values (rerolls, explosions, `d66`); keep and drop are
/// [`notation::kept_hits`]'s.
pub(super) fn die<C: Count>(
    stage: &BoundStage,
    group: &BoundGroup,
    reduced_sides: &mut Vec<u32>,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Die<C>, Fail> {
    let sign = if group.negative { -1 } else { 1 };
    let sides = group.sides;
    if !group.notation.is_plain() {
        let hit = |v| stage.target.contains(sign * v + stage.modifier);
        let (hit, all) = notation::die_hits::<C>(group, hit, work, what)?;
        let mut miss = all.clone();
        miss.sub_assign(&hit);
        reduced_sides.push(sides);
        return Ok(Die { hit, miss, all });
    }
    let hits = (1..=sides)
        .filter(|&f| stage.target.contains(sign * i64::from(f) + stage.modifier))
        .count() as u64;
    // A die's (hits, misses) over its sides, divided by their common
    // factor: d10 hitting on 6+ is (1, 1) over 2, not (5, 5) over 10, so
    // no count carries a factor the fraction would only divide out again.
    let g = gcd(hits, u64::from(sides)).max(1);
    reduced_sides.push((u64::from(sides) / g) as u32);
    Ok(Die {
        hit: C::from_u64(hits / g),
        miss: C::from_u64((u64::from(sides) - hits) / g),
        all: C::from_u64(u64::from(sides) / g),
    })
}

/// The successes of a group that keeps or drops dice: `counts[k]` ways
/// `k` kept dice hit, and the ways in all (its sides pushed on
/// `reduced_sides`).
pub(super) fn kept_hits<C: Exact>(
    stage: &BoundStage,
    group: &BoundGroup,
    reduced_sides: &mut Vec<u32>,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<(Vec<C>, C), Fail> {
    let sign = if group.negative { -1 } else { 1 };
    reduced_sides.push(group.sides);
    notation::kept_hits(
        group,
        |v| stage.target.contains(sign * v + stage.modifier),
        limits,
        work,
        what,
    )
}

/// One repetition of a stage: counts of successes over 0..=dice, and the
/// ways in all (each die's sides divided by the common factor of its hits
/// and misses, pushed on `reduced_sides`).
fn unit<C: Exact>(
    stage: &BoundStage,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
    reduced_sides: &mut Vec<u32>,
) -> Result<(Vec<C>, C), Fail> {
    let mut counts = vec![C::one()];
    let mut total = C::one();
    for group in &stage.dice.groups {
        if group.notation.keep.is_some() {
            let (hits, ways) = kept_hits(stage, group, reduced_sides, limits, work, what)?;
            counts = convolve(&counts, &hits, work, what)?;
            total = total.mul(&ways)?;
            continue;
        }
        let Die { hit, miss, all } = die(stage, group, reduced_sides, work, what)?;
        for _ in 0..group.count {
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

/// The successes of `r` repetitions of a stage (over per^r ways), for the
/// `r` the states ask in turn, each row made from the one before. All are
/// kept when the states ask out of order (a stage after the second); when
/// they ask in order only the latest is, so the rows of a pool of N dice
/// hold O(N) numbers at once, not O(N²).
struct Rows<C> {
    unit: Vec<C>,
    /// `kept[i]` is the row of `first + i` repetitions.
    kept: Vec<Vec<C>>,
    first: usize,
    keep_all: bool,
}

impl<C: Count> Rows<C> {
    fn new(unit: Vec<C>, in_order: bool) -> Self {
        Self {
            unit,
            kept: vec![vec![C::one()]],
            first: 0,
            keep_all: !in_order,
        }
    }

    /// The row of `r` repetitions. In order, `r` is never below the last
    /// asked.
    fn get(&mut self, r: usize, work: &mut Work, what: &dyn Fn() -> String) -> Result<&[C], Fail> {
        while self.first + self.kept.len() <= r {
            let last = self.kept.last().map_or(&[][..], Vec::as_slice);
            let next = convolve(last, &self.unit, work, what)?;
            if self.keep_all {
                self.kept.push(next);
            } else {
                self.kept.clear();
                self.kept.push(next);
                self.first += 1;
            }
        }
        let row = r.checked_sub(self.first).and_then(|i| self.kept.get(i));
        Ok(row.map_or(&[][..], Vec::as_slice))
    }
}

/// The joint distribution of a pool's stage counts.
pub(crate) fn joint<C: Exact>(
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
        let (unit, per) = unit::<C>(stage, limits, work, what, &mut sides)?;
        // How many times this stage's dice are rolled by state j.
        let reps = |j: usize| -> u64 {
            if i == 0 {
                1
            } else {
                counts.get(j * i + i - 1).copied().unwrap_or(0)
            }
        };
        let most = (0..ways.len()).map(reps).max().unwrap_or(0);
        // The second stage's states ask for their repetitions in increasing
        // order (the first stage's counts): only the latest row is kept.
        let in_order = (1..ways.len()).all(|j| reps(j - 1) <= reps(j));
        let mut rows = Rows::new(unit, in_order);
        // powers[r] = per^r, bringing a state of r repetitions over per^most.
        let mut powers: Vec<C> = vec![C::one()];
        for r in 1..=most as usize {
            let p = powers[r - 1].mul(&per)?;
            powers.push(p);
        }
        let mut next_counts: Vec<u64> = Vec::new();
        let mut next_ways: Vec<C> = Vec::new();
        for (j, c) in ways.iter().enumerate() {
            let r = reps(j);
            let row = rows.get(r as usize, work, what)?;
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
                return Err(Fail::Error(RollError::too_large(format!(
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `unit` to the power `r`, convolved afresh.
    fn power(unit: &[u128], r: usize) -> Vec<u128> {
        let what = || String::from("test");
        let mut work = Work::new(&Limits::default());
        let mut row = vec![1u128];
        for _ in 0..r {
            row = convolve(&row, unit, &mut work, &what).unwrap_or_default();
        }
        row
    }

    #[test]
    fn rows_kept_latest_are_the_rows_kept_all() {
        let what = || String::from("test");
        let mut work = Work::new(&Limits::default());
        let unit: Vec<u128> = vec![2, 3, 1];
        let mut latest = Rows::new(unit.clone(), true);
        let mut all = Rows::new(unit.clone(), false);
        // In order, with repeats and gaps, as a second stage's states ask.
        for r in [0, 0, 1, 3, 3, 7] {
            let a = latest.get(r, &mut work, &what).ok().map(<[u128]>::to_vec);
            let b = all.get(r, &mut work, &what).ok().map(<[u128]>::to_vec);
            assert_eq!(a, Some(power(&unit, r)), "row {r}, latest kept");
            assert_eq!(b, a, "row {r}, all kept");
        }
        assert_eq!(latest.kept.len(), 1);
        // Out of order, as a third stage's states ask: every row is kept.
        for r in [2, 5, 1] {
            let b = all.get(r, &mut work, &what).ok().map(<[u128]>::to_vec);
            assert_eq!(b, Some(power(&unit, r)), "row {r}, asked again");
        }
    }
}
