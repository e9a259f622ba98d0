//! Powers of polynomials with counts for coefficients: `p(x)^n` for a
//! die's polynomial (the sum of n dice of one kind; a pool's die raised to
//! its number of dice), by J.C.P. Miller's recurrence, `O(n·d²)` products of
//! a coefficient by a small integer and one exact division per coefficient
//! (`d` the degree of `p`), instead of `n` passes over a growing
//! distribution.

use super::count::{Count, Overflow};
use super::Fail;
use crate::engine::budget::Work;
use crate::engine::error::RollError;
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

pub(super) fn over_states(limits: &Limits, what: &dyn Fn() -> String) -> Fail {
    Fail::Error(RollError::too_large(format!(
        "{} has more than {} outcomes",
        what(),
        limits.max_odds_states
    )))
}

/// `base^n` by repeated squaring.
pub(super) fn pow<C: Count>(
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
pub(super) fn power<C: Exact>(
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
    use crate::engine::budget::Work;

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
