//! Exact odds of a pool that reports one count (`report converted`): that
//! count's distribution alone, without the joint distribution of every
//! stage.
//!
//! Stages after the reported one cannot change it and are skipped. The
//! stages up to it are a branching process: a success of stage `i - 1`
//! rolls stage `i`'s dice once. With `U_i(x)` the probability generating
//! function of one roll of stage `i`'s dice (a polynomial in its successes;
//! the first stage is rolled once), the reported count's is
//! `U_1(U_2(…U_k(x)))`. It is built from the reported stage outwards:
//! `H(x) = x` (a success of the reported stage counts one), then for each
//! stage, last first, `H ← U(H)`, where `U(H)` is a product over the
//! stage's dice groups of one die's `(miss + hit·H(x))` raised to the
//! group's count.
//!
//! A die's polynomial has degree `d` (that of `H`); its `n`-th power is
//! computed with J.C.P. Miller's recurrence, `O(n·d²)` multiplications of
//! a coefficient by a small integer and one exact division per
//! coefficient, instead of `O((n·d)²)` products by repeated squaring: for
//! the two-stage pool of N d10 with each hit rolling a d6, the N + 1
//! coefficients cost O(N) word-sized steps each, where the joint engine
//! builds O(N²) states. Counts are over one common denominator (the
//! product of each die's faces), so no fraction is reduced until the end.

use super::count::Count;
use super::pool::{convolve, die, kept_hits, Die};
use super::power::{over_states, pow, power, Exact};
use super::Fail;
use crate::engine::bind::BoundStage;
use crate::engine::budget::Work;
use crate::limits::Limits;

/// The distribution of one reported count: `counts[k]` ways of `k`
/// successes, out of `total`, and the reduced sides of every die rolled
/// (whose primes are the total's).
pub(crate) struct Marginal<C> {
    pub counts: Vec<C>,
    pub total: C,
    pub sides: Vec<u32>,
}

/// The distribution of stage `reported`'s count of successes.
pub(crate) fn marginal<C: Exact>(
    stages: &[BoundStage],
    reported: usize,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Marginal<C>, Fail> {
    let upto = stages.get(..=reported).unwrap_or(stages);
    // H: the reported successes one success of the stage before brings,
    // as ways over `total`.
    let mut counts = vec![C::zero(), C::one()];
    let mut total = C::one();
    let mut sides = Vec::new();
    for stage in upto.iter().rev() {
        let mut next = vec![C::one()];
        let mut next_total = C::one();
        for group in &stage.dice.groups {
            if group.notation.keep.is_some() {
                // `Σ_k P(k)·H^k·T^(K−k)` over the kept dice's hits `k`
                // (`T` the ways of `H`), by Horner's rule.
                let (hits, ways) = kept_hits::<C>(stage, group, &mut sides, limits, work, what)?;
                let mut t_pow = C::one();
                let mut sum: Vec<C> = vec![hits.last().cloned().unwrap_or_else(C::zero)];
                for p in hits.iter().rev().skip(1) {
                    t_pow = t_pow.mul(&total)?;
                    sum = convolve(&sum, &counts, work, what)?;
                    if let Some(first) = sum.first_mut() {
                        first.add_product(p, &t_pow)?;
                    }
                }
                next = convolve(&next, &sum, work, what)?;
                let kept = hits.len().saturating_sub(1) as u64;
                next_total = next_total.mul(&ways.mul(&pow(&total, kept, work, what)?)?)?;
                continue;
            }
            let Die { hit, miss, all } = die::<C>(stage, group, &mut sides, work, what)?;
            let count = group.count;
            // One die: a miss brings nothing (x^0), a hit brings H(x).
            work.odds(counts.len() as u64 * 2 * total.words(), what)?;
            let mut one = Vec::with_capacity(counts.len());
            for c in &counts {
                one.push(hit.mul(c)?);
            }
            if let Some(first) = one.first_mut() {
                first.add_product(&miss, &total)?;
            }
            while one.len() > 1 && one.last().is_some_and(Count::is_zero) {
                one.pop();
            }
            let powered = power(&one, u64::from(count), limits, work, what)?;
            next = convolve(&next, &powered, work, what)?;
            let one_total = all.mul(&total)?;
            next_total = next_total.mul(&pow(&one_total, u64::from(count), work, what)?)?;
        }
        if next.len() > limits.max_odds_states {
            return Err(over_states(limits, what));
        }
        counts = next;
        total = next_total;
    }
    Ok(Marginal {
        counts,
        total,
        sides,
    })
}
