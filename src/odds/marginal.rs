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

use super::count::{Count, Overflow};
use super::dist::too_large;
use super::pool::{convolve, die, Die};
use super::Fail;
use crate::bind::BoundStage;
use crate::budget::Work;
use crate::limits::Limits;
use num_bigint::BigUint;

/// Exact division, which Miller's recurrence needs beside [`Count`]'s
/// checked arithmetic.
pub(crate) trait Exact: Count {
    /// `self / divisor`, where the caller knows the division is exact and
    /// the divisor not zero (a zero divisor gives zero, never a panic).
    fn div_exact(&self, divisor: &Self) -> Self;
}

impl Exact for u128 {
    fn div_exact(&self, divisor: &Self) -> Self {
        self.checked_div(*divisor).unwrap_or(0)
    }
}

impl Exact for BigUint {
    fn div_exact(&self, divisor: &Self) -> Self {
        if Count::is_zero(divisor) {
            return <BigUint as Count>::zero();
        }
        self / divisor
    }
}

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
        for &(count, faces, negative) in &stage.dice.groups {
            let Die { hit, miss, all } = die::<C>(stage, faces, negative, &mut sides);
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

fn over_states(limits: &Limits, what: &dyn Fn() -> String) -> Fail {
    Fail::Error(too_large(format!(
        "{} has more than {} outcomes",
        what(),
        limits.max_odds_states
    )))
}

/// `base^n` by repeated squaring.
fn pow<C: Count>(
    base: &C,
    mut n: u64,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<C, Fail> {
    let mut result = C::one();
    let mut square = base.clone();
    while n > 0 {
        work.odds(2 * (result.words() + square.words()), what)?;
        if n & 1 == 1 {
            result = result.mul(&square)?;
        }
        n >>= 1;
        if n > 0 {
            square = square.mul(&square)?;
        }
    }
    Ok(result)
}

/// The polynomial `poly` (coefficients from x^0) raised to the power `n`,
/// by J.C.P. Miller's recurrence: with `p = poly`, `p[0] ≠ 0`, `d` its
/// degree and `q = p^n`, `q[0] = p[0]^n` and
/// `k·p[0]·q[k] = Σ_{j=1..min(k,d)} ((n+1)·j − k)·p[j]·q[k−j]`,
/// whose positive and negative terms are summed apart (every count stays
/// unsigned) and whose division is exact. Leading zero coefficients
/// (`p = x^s·p'`) shift the result by `n·s`.
fn power<C: Exact>(
    poly: &[C],
    n: u64,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<C>, Fail> {
    let Some(zeros) = poly.iter().position(|c| !c.is_zero()) else {
        // The zero polynomial (no die has faces): nothing to count.
        return Ok(vec![C::zero()]);
    };
    if n == 0 {
        return Ok(vec![C::one()]);
    }
    let poly = poly.get(zeros..).unwrap_or_default();
    let degree_in = poly.len() - 1;
    let too_many = || over_states(limits, what);
    let shift = n.checked_mul(zeros as u64).ok_or_else(too_many)?;
    let degree = n.checked_mul(degree_in as u64).ok_or_else(too_many)?;
    let len = shift
        .checked_add(degree)
        .and_then(|l| l.checked_add(1))
        .filter(|&l| l <= limits.max_odds_states as u64)
        .ok_or_else(too_many)?;
    // `len` fits `max_odds_states`, a `usize`: so do `shift` and `degree`.
    let (shift, degree) = (shift as usize, degree as usize);
    let mut out: Vec<C> = Vec::with_capacity(len as usize);
    out.resize(shift, C::zero());
    let first = poly.first().cloned().unwrap_or_else(C::one);
    out.push(pow(&first, n, work, what)?);
    let step = n + 1;
    for k in 1..=degree {
        let mut plus = C::zero();
        let mut minus = C::zero();
        let terms = k.min(degree_in);
        let words = out.last().map_or(1, Count::words) + poly.get(1).map_or(1, Count::words);
        work.odds((terms as u64 + 2) * 2 * words, what)?;
        for j in 1..=terms {
            let (Some(coef), Some(earlier)) = (poly.get(j), out.get(shift + k - j)) else {
                continue;
            };
            if coef.is_zero() {
                continue;
            }
            // (n+1)·j and k are at most (n+1)·degree_in + degree: small.
            let up = step.checked_mul(j as u64).ok_or(Overflow)?;
            let at = k as u64;
            if up > at {
                plus.add_product(&C::from_u64(up - at).mul(coef)?, earlier)?;
            } else if up < at {
                minus.add_product(&C::from_u64(at - up).mul(coef)?, earlier)?;
            }
        }
        plus.sub_assign(&minus);
        let divisor = C::from_u64(k as u64).mul(&first)?;
        out.push(plus.div_exact(&divisor));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Work;

    fn work() -> Work {
        Work::new(&Limits::default())
    }

    /// `p^n` by repeated multiplication, the definition.
    fn naive(p: &[u128], n: u64) -> Vec<u128> {
        let mut out = vec![1u128];
        for _ in 0..n {
            let mut next = vec![0u128; out.len() + p.len() - 1];
            for (i, a) in out.iter().enumerate() {
                for (j, b) in p.iter().enumerate() {
                    next[i + j] += a * b;
                }
            }
            out = next;
        }
        out
    }

    #[test]
    fn miller_matches_repeated_multiplication() {
        let limits = Limits::default();
        let what = || "test".to_string();
        for p in [
            vec![3u128, 1],
            vec![1, 2, 3],
            vec![0, 0, 5, 1],
            vec![2, 0, 0, 7],
            vec![1],
            vec![4, 0],
        ] {
            for n in 0..7 {
                let mut w = work();
                let got = power(&p, n, &limits, &mut w, &what).ok();
                let mut want = naive(&p, n);
                while want.len() > 1 && want.last() == Some(&0) {
                    want.pop();
                }
                let mut got = got.unwrap_or_default();
                while got.len() > 1 && got.last() == Some(&0) {
                    got.pop();
                }
                assert_eq!(got, want, "{p:?}^{n}");
            }
        }
    }

    #[test]
    fn big_integers_agree_with_machine_words() {
        let limits = Limits::default();
        let what = || "test".to_string();
        let p = [5u128, 3, 2];
        let mut w = work();
        let small = power(&p, 20, &limits, &mut w, &what)
            .ok()
            .unwrap_or_default();
        let big_p: Vec<BigUint> = p.iter().map(|&c| BigUint::from(c)).collect();
        let big = power(&big_p, 20, &limits, &mut w, &what)
            .ok()
            .unwrap_or_default();
        let small: Vec<BigUint> = small.into_iter().map(BigUint::from).collect();
        assert_eq!(small, big);
    }
}
