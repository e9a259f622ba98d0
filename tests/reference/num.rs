//! Exact fractions for the reference: a numerator and denominator that fit
//! in 128 bits are kept so, anything larger in big integers. Nearly every
//! probability of a small chart fits, and reducing big integers on every
//! addition took about four fifths of the reference's time (`perf`,
//! campaign seeds 20000-20199). The arithmetic is exact either way: an
//! operation on small values is checked, and done in big integers where a
//! product or sum would overflow.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// An exact number.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Q(Repr);

/// Always normalized: `Small` whenever the reduced fraction fits, so equal
/// numbers have equal representations.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Reduced, the denominator positive.
    Small(i128, i128),
    Big(BigRational),
}

/// `a/b op c/d` as an unreduced `(numerator, denominator)`, `None` where
/// 128 bits overflow.
type SmallOp = fn(i128, i128, i128, i128) -> Option<(i128, i128)>;

impl Q {
    /// `n / d`; panics on a zero denominator, as a fraction does.
    pub fn new(n: BigInt, d: BigInt) -> Self {
        Self::from_big(BigRational::new(n, d))
    }

    /// The whole number `n`.
    pub fn from_integer(n: BigInt) -> Self {
        Self::from_big(BigRational::from_integer(n))
    }

    /// `n / d` from 128-bit parts, reduced.
    fn small(n: i128, d: i128) -> Self {
        assert!(d != 0, "denominator == 0");
        if n == i128::MIN || d == i128::MIN {
            // No 128-bit absolute value: reduced as big.
            return Self::from_big(BigRational::new(n.into(), d.into()));
        }
        let g = n.gcd(&d);
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            match (n.checked_neg(), d.checked_neg()) {
                (Some(a), Some(b)) => (n, d) = (a, b),
                _ => return Self::from_big(BigRational::new(n.into(), d.into())),
            }
        }
        Self(Repr::Small(n, d))
    }

    fn from_big(b: BigRational) -> Self {
        match (b.numer().to_i128(), b.denom().to_i128()) {
            (Some(n), Some(d)) => Self(Repr::Small(n, d)),
            _ => Self(Repr::Big(b)),
        }
    }

    /// As a big fraction.
    pub fn big(&self) -> BigRational {
        match &self.0 {
            Repr::Small(n, d) => BigRational::new_raw((*n).into(), (*d).into()),
            Repr::Big(b) => b.clone(),
        }
    }

    pub fn numer(&self) -> BigInt {
        match &self.0 {
            Repr::Small(n, _) => (*n).into(),
            Repr::Big(b) => b.numer().clone(),
        }
    }

    pub fn denom(&self) -> BigInt {
        match &self.0 {
            Repr::Small(_, d) => (*d).into(),
            Repr::Big(b) => b.denom().clone(),
        }
    }

    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small(_, d) => *d == 1,
            Repr::Big(b) => b.is_integer(),
        }
    }

    /// The whole part, rounded toward zero.
    pub fn to_integer(&self) -> BigInt {
        match &self.0 {
            Repr::Small(n, d) => (n / d).into(),
            Repr::Big(b) => b.to_integer(),
        }
    }

    pub fn floor(&self) -> Self {
        match &self.0 {
            Repr::Small(n, d) => Self::small(n.div_floor(d), 1),
            Repr::Big(b) => Self::from_big(b.floor()),
        }
    }

    pub fn ceil(&self) -> Self {
        match &self.0 {
            Repr::Small(n, d) => Self::small(n.div_ceil(d), 1),
            Repr::Big(b) => Self::from_big(b.ceil()),
        }
    }

    pub fn abs(&self) -> Self {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small(n, _) => *n < 0,
            Repr::Big(b) => b.is_negative(),
        }
    }

    /// `self op other`: in 128 bits where both are small and nothing
    /// overflows, else big.
    fn op(
        &self,
        other: &Self,
        small: SmallOp,
        big: fn(&BigRational, &BigRational) -> BigRational,
    ) -> Self {
        if let (Repr::Small(a, b), Repr::Small(c, d)) = (&self.0, &other.0) {
            if let Some((n, d)) = small(*a, *b, *c, *d) {
                return Self::small(n, d);
            }
        }
        Self::from_big(big(&self.big(), &other.big()))
    }
}

impl Zero for Q {
    fn zero() -> Self {
        Self(Repr::Small(0, 1))
    }
    fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0, _))
    }
}

impl Default for Q {
    fn default() -> Self {
        Self::zero()
    }
}

impl One for Q {
    fn one() -> Self {
        Self(Repr::Small(1, 1))
    }
}

impl From<BigRational> for Q {
    fn from(b: BigRational) -> Self {
        Self::from_big(b)
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Q {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            // Denominators are positive: cross-multiplying keeps the order.
            (Repr::Small(a, b), Repr::Small(c, d)) => {
                match (a.checked_mul(*d), c.checked_mul(*b)) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    _ => self.big().cmp(&other.big()),
                }
            }
            _ => self.big().cmp(&other.big()),
        }
    }
}

impl fmt::Display for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n, 1) => write!(f, "{n}"),
            Repr::Small(n, d) => write!(f, "{n}/{d}"),
            Repr::Big(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Debug for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Neg for &Q {
    type Output = Q;
    fn neg(self) -> Q {
        match &self.0 {
            Repr::Small(n, d) => match n.checked_neg() {
                Some(m) => Q::small(m, *d),
                None => Q::from_big(-self.big()),
            },
            Repr::Big(b) => Q::from_big(-b),
        }
    }
}

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        -&self
    }
}

fn add_small(a: i128, b: i128, c: i128, d: i128) -> Option<(i128, i128)> {
    if b == d {
        return Some((a.checked_add(c)?, b));
    }
    let n = a.checked_mul(d)?.checked_add(c.checked_mul(b)?)?;
    Some((n, b.checked_mul(d)?))
}

fn sub_small(a: i128, b: i128, c: i128, d: i128) -> Option<(i128, i128)> {
    add_small(a, b, c.checked_neg()?, d)
}

fn mul_small(a: i128, b: i128, c: i128, d: i128) -> Option<(i128, i128)> {
    Some((a.checked_mul(c)?, b.checked_mul(d)?))
}

fn div_small(a: i128, b: i128, c: i128, d: i128) -> Option<(i128, i128)> {
    assert!(c != 0, "division by zero");
    Some((a.checked_mul(d)?, b.checked_mul(c)?))
}

/// Each operator for every mix of owned and borrowed operands, and its
/// assigning form.
macro_rules! operator {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $small:ident, $op:tt) => {
        impl $trait<&Q> for &Q {
            type Output = Q;
            fn $method(self, other: &Q) -> Q {
                self.op(other, $small, |x, y| x $op y)
            }
        }
        impl $trait<Q> for &Q {
            type Output = Q;
            fn $method(self, other: Q) -> Q {
                self $op &other
            }
        }
        impl $trait<&Q> for Q {
            type Output = Q;
            fn $method(self, other: &Q) -> Q {
                &self $op other
            }
        }
        impl $trait<Q> for Q {
            type Output = Q;
            fn $method(self, other: Q) -> Q {
                &self $op &other
            }
        }
        impl $assign<&Q> for Q {
            fn $assign_method(&mut self, other: &Q) {
                *self = &*self $op other;
            }
        }
        impl $assign<Q> for Q {
            fn $assign_method(&mut self, other: Q) {
                *self = &*self $op &other;
            }
        }
    };
}

operator!(Add, add, AddAssign, add_assign, add_small, +);
operator!(Sub, sub, SubAssign, sub_assign, sub_small, -);
operator!(Mul, mul, MulAssign, mul_assign, mul_small, *);
operator!(Div, div, DivAssign, div_assign, div_small, /);

impl std::iter::Sum for Q {
    fn sum<I: Iterator<Item = Q>>(iter: I) -> Q {
        iter.fold(Q::zero(), |a, b| a + b)
    }
}

impl<'a> std::iter::Sum<&'a Q> for Q {
    fn sum<I: Iterator<Item = &'a Q>>(iter: I) -> Q {
        iter.fold(Q::zero(), |a, b| a + b)
    }
}

#[test]
fn small_and_big_fractions_agree() {
    let big = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let values = [
        (0, 1),
        (1, 3),
        (-5, 6),
        (7, 1),
        (i64::MAX, 3),
        (i64::MIN + 1, 7),
        (1, i64::MAX),
        (-3, 4),
    ];
    let wide = |n: i128, d: i128| Q::new(n.into(), d.into());
    // Past 128 bits, and back.
    let huge = wide(i128::MAX, 3);
    assert_eq!((&huge * &huge).big(), huge.big() * huge.big());
    assert_eq!(&(&huge * &huge) / &huge, huge);
    assert_eq!((&huge + &huge).big(), huge.big() + huge.big());
    assert_eq!(-(-wide(i128::MIN + 1, 1)), wide(i128::MIN + 1, 1));
    assert_eq!(
        wide(i128::MIN, 2).big(),
        BigRational::new(i128::MIN.into(), 2.into())
    );
    for &(a, b) in &values {
        for &(c, d) in &values {
            let (x, y) = (Q::new(a.into(), b.into()), Q::new(c.into(), d.into()));
            let (bx, by) = (big(a, b), big(c, d));
            assert_eq!((&x + &y).big(), &bx + &by, "{x} + {y}");
            assert_eq!((&x - &y).big(), &bx - &by, "{x} - {y}");
            assert_eq!((&x * &y).big(), &bx * &by, "{x} * {y}");
            if !y.is_zero() {
                assert_eq!((&x / &y).big(), &bx / &by, "{x} / {y}");
            }
            assert_eq!(x.cmp(&y), bx.cmp(&by), "{x} against {y}");
            // The same number, however it was reached, is one representation.
            assert_eq!(Q::from(&bx + &by), &x + &y);
        }
        let x = Q::new(a.into(), b.into());
        let bx = big(a, b);
        assert_eq!(x.floor().big(), bx.floor());
        assert_eq!(x.ceil().big(), bx.ceil());
        assert_eq!(x.to_integer(), bx.to_integer());
        assert_eq!(x.abs().big(), bx.abs());
        assert_eq!((-&x).big(), -&bx);
        assert_eq!(x.to_string(), bx.to_string());
    }
}
