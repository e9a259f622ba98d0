//! Counts of ways: machine integers while they fit, big integers after.
//!
//! Every distribution is computed with [`Count`] = `u128` first, every
//! operation checked; the first overflow makes the whole computation start
//! again with [`BigUint`] (see [`super::odds`]). The sheets' charts and the
//! peers' sheet-sized workloads never leave `u128`; 50d6 (6^50 ways) does.

use num_bigint::BigUint;
use num_traits::{One, Zero};

/// An overflow of the machine integers: start again with big integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overflow;

/// The words of the largest count of a distribution of sums or successes:
/// its middle one (the ends are 1).
pub(crate) fn middle_words<C: Count>(counts: &[C]) -> u64 {
    counts.get(counts.len() / 2).map_or(1, Count::words)
}

/// A count of ways, with checked arithmetic.
pub(crate) trait Count: Clone + std::fmt::Debug {
    fn zero() -> Self;
    fn one() -> Self;
    fn from_u64(v: u64) -> Self;
    fn is_zero(&self) -> bool;
    fn add_assign(&mut self, other: &Self) -> Result<(), Overflow>;
    /// `self -= other`; callers guarantee `other <= self`.
    fn sub_assign(&mut self, other: &Self);
    fn mul(&self, other: &Self) -> Result<Self, Overflow>;
    /// `self += a * b`.
    fn add_product(&mut self, a: &Self, b: &Self) -> Result<(), Overflow> {
        let p = a.mul(b)?;
        self.add_assign(&p)
    }
    /// The work one operation on this number costs, in budget steps
    /// (64-bit words).
    fn words(&self) -> u64;
    fn to_big(&self) -> BigUint;
    /// The count as a big integer, taken (no copy of a big one).
    fn into_big(self) -> BigUint;
    /// The count as a machine integer, if it fits.
    fn as_u128(&self) -> Option<u128>;
    /// Machine-integer counts as counts of this type, where it is the
    /// same type: a distribution made once is then read, not copied.
    fn borrowed(counts: &[u128]) -> Option<&[Self]>;
}

impl Count for u128 {
    #[inline]
    fn zero() -> Self {
        0
    }
    #[inline]
    fn one() -> Self {
        1
    }
    #[inline]
    fn from_u64(v: u64) -> Self {
        u128::from(v)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn add_assign(&mut self, other: &Self) -> Result<(), Overflow> {
        *self = self.checked_add(*other).ok_or(Overflow)?;
        Ok(())
    }
    #[inline]
    fn sub_assign(&mut self, other: &Self) {
        *self = self.saturating_sub(*other);
    }
    #[inline]
    fn mul(&self, other: &Self) -> Result<Self, Overflow> {
        // Two counts that fit a word multiply without an overflow check
        // (one machine multiply); sheet-sized counts always do.
        if (*self | *other) >> 64 == 0 {
            // Both fit a word (just checked): one 64 x 64 -> 128 multiply.
            #[allow(clippy::cast_possible_truncation)]
            let (a, b) = (*self as u64, *other as u64);
            Ok(u128::from(a) * u128::from(b))
        } else {
            self.checked_mul(*other).ok_or(Overflow)
        }
    }
    #[inline]
    fn add_product(&mut self, a: &Self, b: &Self) -> Result<(), Overflow> {
        let p = a.mul(b)?;
        self.add_assign(&p)
    }
    #[inline]
    fn words(&self) -> u64 {
        1
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn into_big(self) -> BigUint {
        BigUint::from(self)
    }
    #[inline]
    fn as_u128(&self) -> Option<u128> {
        Some(*self)
    }
    fn borrowed(counts: &[u128]) -> Option<&[Self]> {
        Some(counts)
    }
}

impl Count for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_u64(v: u64) -> Self {
        BigUint::from(v)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add_assign(&mut self, other: &Self) -> Result<(), Overflow> {
        *self += other;
        Ok(())
    }
    fn sub_assign(&mut self, other: &Self) {
        *self -= other;
    }
    fn mul(&self, other: &Self) -> Result<Self, Overflow> {
        Ok(self * other)
    }
    fn add_product(&mut self, a: &Self, b: &Self) -> Result<(), Overflow> {
        // Reduced pool units are mostly ones: add without a product.
        if One::is_one(b) {
            *self += a;
        } else if One::is_one(a) {
            *self += b;
        } else if !Zero::is_zero(a) && !Zero::is_zero(b) {
            *self += a * b;
        }
        Ok(())
    }
    fn words(&self) -> u64 {
        self.bits().div_ceil(64).max(1)
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    fn into_big(self) -> BigUint {
        self
    }
    fn as_u128(&self) -> Option<u128> {
        num_traits::ToPrimitive::to_u128(self)
    }
    fn borrowed(_: &[u128]) -> Option<&[Self]> {
        None
    }
}
