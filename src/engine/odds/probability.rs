//! [`Probability`]: an exact probability, a reduced fraction kept in two
//! machine integers while they fit and as a big rational beyond. A sheet's
//! chart lists its odds without allocating a big integer for each outcome
//! (two allocations and two frees each, most of the cost of a small
//! table's odds); a sum of fifty dice still gets exact fractions.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Mul};

/// An exact probability, always reduced.
///
/// Reads as `n/d` ([`fmt::Display`] writes `n` alone when `d` is 1),
/// serializes as the string `"n/d"`, and gives its exact parts in lowest
/// terms (`numer`, `denom`), however large:
///
/// ```
/// use chartwright::{Choices, Probability, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let odds = rules.chart("bog_down").unwrap().odds(&Choices::none()).unwrap();
/// let p = &odds.outcomes[0].probability;
/// assert_eq!(odds.outcomes[0].outcome, "Traverse");
/// assert_eq!(p.to_string(), "1/2");
/// assert_eq!(*p, Probability::new(1, 2));
/// assert_eq!((p.numer(), p.denom()), (1u32.into(), 2u32.into()));
/// assert!((p.to_f64() - 0.5).abs() < 1e-12);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Probability(Repr);

/// Reduced, with a positive denominator; `Small` whenever both parts fit a
/// `u128` (so that the derived equality is equality of values).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(u128, u128),
    Big(BigRational),
}

impl Probability {
    /// Zero.
    #[must_use]
    pub fn zero() -> Self {
        Self(Repr::Small(0, 1))
    }

    /// `numer / denom`, reduced (by a word-sized gcd where both fit, as
    /// every sheet chart's counts do). A zero denominator gives zero.
    #[must_use]
    #[inline]
    pub fn new(numer: u128, denom: u128) -> Self {
        if denom == 0 || numer == 0 {
            return Self::zero();
        }
        // Word-sized division where both fit: a `u128` one is a call.
        if let (Ok(n), Ok(d)) = (u64::try_from(numer), u64::try_from(denom)) {
            let g = n.gcd(&d);
            return Self(Repr::Small(u128::from(n / g), u128::from(d / g)));
        }
        let g = gcd(numer, denom);
        Self(Repr::Small(numer / g, denom / g))
    }

    /// The value of a big rational (reduced here if it is not).
    #[cfg(test)]
    fn from_big(r: BigRational) -> Self {
        match (r.numer().to_u128(), r.denom().to_u128()) {
            (Some(n), Some(d)) => Self::new(n, d),
            _ => {
                let (numer, denom) = r.into_raw();
                Self(Repr::Big(BigRational::new(numer, denom)))
            }
        }
    }

    /// A big rational known to be reduced (what `BigRational` arithmetic
    /// and the fraction engine give): no gcd again.
    pub(crate) fn reduced_big(r: BigRational) -> Self {
        match (r.numer().to_u128(), r.denom().to_u128()) {
            (Some(n), Some(d)) => Self(Repr::Small(n, d)),
            _ => Self(Repr::Big(r)),
        }
    }

    /// As a big rational.
    pub(crate) fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small(n, d) => BigRational::new_raw(BigInt::from(*n), BigInt::from(*d)),
            Repr::Big(r) => r.clone(),
        }
    }

    /// `"n/d"` in lowest terms, also when `d` is 1 (`"1/1"`): the form of
    /// the JSON outputs.
    #[must_use]
    pub fn fraction(&self) -> String {
        format!("{}/{}", self.numer(), self.denom())
    }

    /// The numerator, in lowest terms.
    #[must_use]
    pub fn numer(&self) -> BigUint {
        match &self.0 {
            Repr::Small(n, _) => BigUint::from(*n),
            Repr::Big(r) => r.numer().magnitude().clone(),
        }
    }

    /// The denominator.
    #[must_use]
    pub fn denom(&self) -> BigUint {
        match &self.0 {
            Repr::Small(_, d) => BigUint::from(*d),
            Repr::Big(r) => r.denom().magnitude().clone(),
        }
    }

    /// The bits of the denominator (what multiplying by it costs).
    pub(crate) fn denom_bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(_, d) => u64::from(128 - d.leading_zeros()),
            Repr::Big(r) => r.denom().bits(),
        }
    }

    /// Whether it is zero.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small(n, _) => *n == 0,
            Repr::Big(r) => r.is_zero(),
        }
    }

    /// The nearest `f64` (for display: percentages, bars).
    #[must_use]
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            // Both parts below 2^53 convert exactly; beyond, the quotient
            // of the two nearest floats is within a few ulps.
            #[allow(clippy::cast_precision_loss)]
            Repr::Small(n, d) => *n as f64 / *d as f64,
            Repr::Big(r) => r.to_f64().unwrap_or(0.0),
        }
    }

    /// `self + other` where both are machine fractions and nothing
    /// overflows.
    fn small_sum(x: (u128, u128), y: (u128, u128)) -> Option<Self> {
        let ((xn, xd), (yn, yd)) = (x, y);
        if xd == yd {
            return Some(Self::new(xn.checked_add(yn)?, xd));
        }
        let common = gcd(xd, yd);
        let (x_part, y_part) = (xd / common, yd / common);
        let numer = xn
            .checked_mul(y_part)?
            .checked_add(yn.checked_mul(x_part)?)?;
        let denom = xd.checked_mul(y_part)?;
        Some(Self::new(numer, denom))
    }

    /// `self * other` where both are machine fractions and nothing
    /// overflows.
    fn small_product(x: (u128, u128), y: (u128, u128)) -> Option<Self> {
        let ((xn, xd), (yn, yd)) = (x, y);
        // Cross-reduce first so that the products stay small.
        let across = gcd(xn, yd).max(1);
        let back = gcd(yn, xd).max(1);
        let numer = (xn / across).checked_mul(yn / back)?;
        let denom = (xd / back).checked_mul(yd / across)?;
        Some(Self::new(numer, denom))
    }
}

/// gcd of two machine integers, in a word where both fit.
fn gcd(a: u128, b: u128) -> u128 {
    match (u64::try_from(a), u64::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from(a.gcd(&b)),
        _ => a.gcd(&b),
    }
}

impl Default for Probability {
    fn default() -> Self {
        Self::zero()
    }
}

impl AddAssign<&Probability> for Probability {
    fn add_assign(&mut self, other: &Probability) {
        if let (Repr::Small(an, ad), Repr::Small(bn, bd)) = (&self.0, &other.0) {
            if let Some(sum) = Self::small_sum((*an, *ad), (*bn, *bd)) {
                *self = sum;
                return;
            }
        }
        *self = Self::reduced_big(self.to_big() + other.to_big());
    }
}

impl AddAssign for Probability {
    fn add_assign(&mut self, other: Probability) {
        *self += &other;
    }
}

impl Add<&Probability> for &Probability {
    type Output = Probability;
    fn add(self, other: &Probability) -> Probability {
        let mut sum = self.clone();
        sum += other;
        sum
    }
}

impl Mul<&Probability> for &Probability {
    type Output = Probability;
    fn mul(self, other: &Probability) -> Probability {
        if let (Repr::Small(an, ad), Repr::Small(bn, bd)) = (&self.0, &other.0) {
            if let Some(p) = Probability::small_product((*an, *ad), (*bn, *bd)) {
                return p;
            }
        }
        Probability::reduced_big(self.to_big() * other.to_big())
    }
}

impl PartialOrd for Probability {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Probability {
    fn cmp(&self, other: &Self) -> Ordering {
        if let (Repr::Small(an, ad), Repr::Small(bn, bd)) = (&self.0, &other.0) {
            if let (Some(l), Some(r)) = (an.checked_mul(*bd), bn.checked_mul(*ad)) {
                return l.cmp(&r);
            }
        }
        self.to_big().cmp(&other.to_big())
    }
}

/// `1/6`, or `1` for certainty. Width, fill and alignment apply to the
/// whole fraction (`{:>6}`).
impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match &self.0 {
            Repr::Small(n, 1) => n.to_string(),
            Repr::Small(n, d) => format!("{n}/{d}"),
            Repr::Big(r) => r.to_string(),
        };
        f.pad(&text)
    }
}

impl fmt::Debug for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The string `"n/d"` (also when `d` is 1), as [`Probability::fraction`].
impl Serialize for Probability {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}/{}", self.numer(), self.denom()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn small_arithmetic_matches_big_rationals() {
        let cases = [(1, 3), (2, 5), (0, 1), (7, 12), (1, 1), (5, 36)];
        for (an, ad) in cases {
            for (bn, bd) in cases {
                let (a, b) = (Probability::new(an, ad), Probability::new(bn, bd));
                let (ba, bb) = (q(an as i64, ad as i64), q(bn as i64, bd as i64));
                assert_eq!((&a + &b).to_big(), ba.clone() + bb.clone());
                assert_eq!((&a * &b).to_big(), ba.clone() * bb.clone());
                assert_eq!(a.cmp(&b), ba.cmp(&bb));
            }
        }
    }

    #[test]
    fn overflow_moves_to_big_and_back() {
        let big = Probability::new(1, u128::MAX - 1);
        let m = BigRational::from_integer(BigInt::from(u128::MAX - 1));
        let product = &big * &big;
        assert_eq!(product.to_big(), (m.clone() * m.clone()).recip());
        assert!(matches!(product.0, Repr::Big(_)));
        // Back to machine integers once the value fits again.
        let back = Probability::from_big(product.to_big() * m);
        assert_eq!(back, big);
        assert!(matches!(back.0, Repr::Small(..)));
    }

    #[test]
    fn width_and_fill_apply_to_the_whole_fraction() {
        assert_eq!(format!("{:>6}|", Probability::new(1, 6)), "   1/6|");
        assert_eq!(format!("{:*<5}|", Probability::new(1, 1)), "1****|");
        assert_eq!(format!("{:^7}|", Probability::new(5, 36)), " 5/36  |");
    }

    #[test]
    fn reads_and_serializes_as_a_fraction() {
        assert_eq!(Probability::new(2, 4).to_string(), "1/2");
        assert_eq!(Probability::new(3, 3).to_string(), "1");
        assert_eq!(
            serde_json::to_string(&Probability::new(3, 3)).unwrap_or_default(),
            "\"1/1\""
        );
        assert_eq!(Probability::new(1, 0), Probability::zero());
    }
}
