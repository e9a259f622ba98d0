//! Exact probabilities from counts: `count / total`, reduced.
//!
//! A total is a product of powers of the dice's sides, so its only prime
//! factors are those of the sides. A count is reduced against it by
//! dividing out those primes alone (trailing zeros for 2, a few divisions
//! by word-sized prime powers for the others), never by a general big
//! gcd: for a two-stage pool of 500 dice that is the difference between
//! seconds and milliseconds. Machine-integer counts use a plain gcd.

use super::count::Count;
use super::Probability;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// The prime factors of a number of sides (at most `Limits::max_sides`).
fn primes_of(mut n: u64, out: &mut Vec<u64>) {
    let mut p = 2;
    while p * p <= n {
        if n % p == 0 {
            if !out.contains(&p) {
                out.push(p);
            }
            while n % p == 0 {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 && !out.contains(&n) {
        out.push(n);
    }
}

/// The denominator every count of one distribution is over.
pub(crate) struct Denominator<C> {
    total: C,
    /// (prime, exponent in the total).
    factors: Vec<(u64, u64)>,
    cache: HashMap<Vec<u64>, BigInt>,
    /// The exponents left of one count, reused from count to count (the
    /// cache is looked up by it and keeps a copy only when it is new).
    left: Vec<u64>,
}

impl<C: Count> Denominator<C> {
    /// `total`, a product of powers of `sides`.
    pub fn new(total: C, sides: impl IntoIterator<Item = u32>) -> Self {
        let mut primes = Vec::new();
        // A machine-integer total is reduced by a plain gcd: its exponents
        // are not needed.
        if total.as_u128().is_none() {
            for s in sides {
                primes_of(u64::from(s), &mut primes);
            }
        }
        let big = if primes.is_empty() {
            BigUint::default()
        } else {
            total.to_big()
        };
        let factors = primes
            .into_iter()
            .map(|p| (p, valuation(big.clone(), p, u64::MAX).0))
            .collect();
        Self {
            total,
            factors,
            cache: HashMap::new(),
            left: Vec::new(),
        }
    }

    /// `count / total`, reduced, and the work that took in budget steps
    /// (words read by the divisions).
    /// The count is taken: a big one is divided in place, not copied.
    pub fn ratio(&mut self, count: C) -> (Probability, u64) {
        if let (Some(n), Some(d)) = (count.as_u128(), self.total.as_u128()) {
            return (Probability::new(n, d), 1);
        }
        let mut n = count.into_big();
        if Zero::is_zero(&n) {
            return (Probability::zero(), 1);
        }
        self.left.clear();
        let mut steps = 0u64;
        for &(p, e) in &self.factors {
            let (v, q, s) = valuation(n, p, e);
            n = q;
            steps = steps.saturating_add(s);
            self.left.push(e - v);
        }
        let d = match self.cache.get(self.left.as_slice()) {
            Some(d) => d.clone(),
            None => {
                let mut d = <BigUint as One>::one();
                for (&(p, _), &e) in self.factors.iter().zip(&self.left) {
                    d *= BigUint::from(p).pow(e as u32);
                }
                let d = BigInt::from(d);
                self.cache.insert(self.left.clone(), d.clone());
                d
            }
        };
        (
            Probability::reduced_big(BigRational::new_raw(BigInt::from(n), d)),
            steps,
        )
    }
}

// `n = n / q` divides the owned number in place; `n /= q` would allocate.
#[allow(clippy::assign_op_pattern)]
/// `(v, n / p^v, steps)` with `v` the exponent of `p` in `n`, at most
/// `cap`, and `steps` the words the divisions read.
fn valuation(mut n: BigUint, p: u64, cap: u64) -> (u64, BigUint, u64) {
    let words = n.bits().div_ceil(64).max(1);
    if Zero::is_zero(&n) || cap == 0 {
        return (0, n, 1);
    }
    if p == 2 {
        // Shifted in place: `n` is owned.
        let v = n.trailing_zeros().unwrap_or(0).min(cap);
        return (v, n >> v, words);
    }
    // Powers p^1, p^2, p^4, ... that fit a word (remainders are read off
    // the words without allocating): divide by the
    // largest while it divides, then by the others in turn, largest first
    // (what is left of the exponent is below the largest, so one pass
    // finds it). Quotients are made in place.
    let mut powers = vec![(p, 1u64)];
    while let Some(&(q, j)) = powers.last() {
        match q.checked_mul(q) {
            Some(qq) => powers.push((qq, 2 * j)),
            _ => break,
        }
    }
    let mut v = 0;
    let mut steps = 0u64;
    if let Some(&(q, j)) = powers.last() {
        while cap - v >= j && rem(&n, q) == 0 {
            n = n / q;
            v += j;
            steps = steps.saturating_add(2 * words);
        }
    }
    for &(q, j) in powers.iter().rev().skip(1) {
        steps = steps.saturating_add(words);
        if cap - v >= j && rem(&n, q) == 0 {
            n = n / q;
            v += j;
        }
    }
    (v, n, steps.saturating_add(words))
}

/// `n mod d`, without allocating.
fn rem(n: &BigUint, d: u64) -> u64 {
    let d = u128::from(d);
    let mut r = 0u128;
    for word in n.iter_u64_digits().rev() {
        r = ((r << 64) | u128::from(word)) % d;
    }
    r as u64
}
