//! Exact decimal numbers: what params, grid cells, column keys and
//! expressions hold, in every stage. A [`Num`] is a fraction of two `i64`s,
//! so `0.5`, `1.5 / 3` and an odds ratio such as `7 / 3` are exact; nothing
//! is ever a float. The dice total stays whole: where a whole number is
//! needed, the chart says how to round (`floor`, `ceil`, `round`) or it is
//! an error.
//!
//! Every operation is checked: an overflow is `None`, never a panic.
//!
//! `Num` is the one name of the fraction inside the crate, from the AST to
//! the odds. [`Number`] is its public face (a param's bounds and default in
//! [`crate::InputKind::Param`], the bounds of
//! [`crate::RollErrorKind::OutOfBounds`]): a type of its own, so that `0.5`
//! stays one half and is printed as the sheet writes it, a host never
//! parses a string or rounds a float to learn what a chart takes, and the
//! representation can change without breaking a host.

use num_integer::Integer;
use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Zero};
use std::fmt;
use std::str::FromStr;

/// An exact number: the fraction every stage computes with.
pub(crate) type Num = Ratio<i64>;

/// A whole number as a [`Num`].
#[inline]
pub(crate) fn whole(n: i64) -> Num {
    Num::from_integer(n)
}

/// Parses `2`, `-1`, `+3`, `0.25`, `1.5`: decimal notation only. Every
/// `i64` parses (`-9223372036854775808` included: the sign is parsed with
/// the digits), and trailing zeros after the point cost nothing
/// (`1.50000000000000000000` is 1.5).
pub(crate) fn parse(text: &str) -> Option<Num> {
    let (sign, digits) = match text.as_bytes().first()? {
        b'-' => ("-", &text[1..]),
        b'+' => ("", &text[1..]),
        _ => ("", text),
    };
    let Some((int, frac)) = digits.split_once('.') else {
        // A whole number, most of what is typed: no fraction to reduce.
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        return text.parse().ok().map(Num::from_integer);
    };
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.is_empty()
    {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    let mut denom: i64 = 1;
    for _ in 0..frac.len() {
        denom = denom.checked_mul(10)?;
    }
    let numer: i64 = format!("{sign}{int}{frac}").parse().ok()?;
    Num::new_raw(numer, 1).checked_div(&Num::new_raw(denom, 1))
}

/// True when `text` is a decimal that [`parse`] refuses for its digits
/// after the point, not its size: `0.0000000000000000000001`.
pub(crate) fn too_precise(text: &str) -> bool {
    let digits = text.trim_start_matches(['-', '+']);
    digits
        .split_once('.')
        .is_some_and(|(int, _)| int.parse::<i64>().is_ok())
        && parse(text).is_none()
}

/// `a + b`, `a - b`, `a * b`, `a / b`, checked (`None` on overflow or a
/// division by zero).
pub(crate) fn add(a: Num, b: Num) -> Option<Num> {
    a.checked_add(&b)
}

/// See [`add`].
pub(crate) fn sub(a: Num, b: Num) -> Option<Num> {
    a.checked_sub(&b)
}

/// See [`add`].
pub(crate) fn mul(a: Num, b: Num) -> Option<Num> {
    a.checked_mul(&b)
}

/// See [`add`].
pub(crate) fn div(a: Num, b: Num) -> Option<Num> {
    if b.is_zero() {
        return None;
    }
    a.checked_div(&b)
}

/// The largest whole number not above `n`.
pub(crate) fn floor(n: Num) -> i64 {
    n.numer().div_floor(n.denom())
}

/// The smallest whole number not below `n`.
pub(crate) fn ceil(n: Num) -> i64 {
    n.numer().div_ceil(n.denom())
}

/// The nearest whole number; a half goes up (towards plus infinity):
/// `2.5` → 3, `-2.5` → -2.
pub(crate) fn round_half_up(n: Num) -> i64 {
    // floor(n + 1/2) without overflow: n = q + r/d with 0 <= r < d.
    let (q, r) = n.numer().div_mod_floor(n.denom());
    let d = *n.denom();
    // r >= d / 2, i.e. 2r >= d (r < d, so 2r fits when d fits).
    if r >= d - r {
        q.saturating_add(1)
    } else {
        q
    }
}

/// The value as a whole number, if it is one.
pub(crate) fn to_whole(n: Num) -> Option<i64> {
    n.is_integer().then(|| n.to_integer())
}

/// Shows a number the way a sheet writes it: `3`, `0.5`, `2.25`; a value
/// with no short decimal form as a fraction, `7/3`.
pub(crate) struct Show(pub Num);

impl fmt::Display for Show {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0;
        if n.is_integer() {
            return write!(f, "{}", n.to_integer());
        }
        // A denominator of only 2s and 5s has a finite decimal form.
        let mut d = *n.denom();
        let mut places = 0u32;
        while d % 10 == 0 || d % 2 == 0 || d % 5 == 0 {
            if d % 10 == 0 {
                d /= 10;
            } else if d % 2 == 0 {
                d /= 2;
            } else {
                d /= 5;
            }
            places += 1;
            if places > 12 {
                break;
            }
        }
        if d == 1 && places <= 12 {
            let scale = 10i128.pow(places);
            let scaled = i128::from(*n.numer()) * scale / i128::from(*n.denom());
            let sign = if scaled < 0 { "-" } else { "" };
            let abs = scaled.unsigned_abs();
            let int = abs / scale.unsigned_abs();
            let frac = abs % scale.unsigned_abs();
            let frac = format!("{frac:0width$}", width = places as usize);
            return write!(f, "{sign}{int}.{}", frac.trim_end_matches('0'));
        }
        write!(f, "{}/{}", n.numer(), n.denom())
    }
}

/// An exact number: a whole number or a decimal such as `0.5` or `2.25`
/// (exactly a fraction). Ordered; shown as written.
///
/// ```
/// use chartwright::Number;
/// let half: Number = "0.5".parse().unwrap();
/// assert_eq!(half.to_string(), "0.5");
/// assert_eq!(half.to_whole(), None);
/// assert_eq!(half.to_f64(), 0.5);
/// assert!(half < Number::from(1));
/// assert_eq!((half.numer(), half.denom()), (1, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Number(Num);

impl Number {
    pub(crate) fn new(n: Num) -> Self {
        Self(n)
    }

    /// The exact fraction, for the stages that compute with it.
    pub(crate) fn exact(self) -> Num {
        self.0
    }

    /// The value as a whole number, if it is one.
    #[must_use]
    pub fn to_whole(self) -> Option<i64> {
        to_whole(self.0)
    }

    /// True for a whole number.
    #[must_use]
    pub fn is_whole(self) -> bool {
        self.0.is_integer()
    }

    /// The largest whole number not above it.
    #[must_use]
    pub fn floor(self) -> i64 {
        floor(self.0)
    }

    /// The smallest whole number not below it.
    #[must_use]
    pub fn ceil(self) -> i64 {
        ceil(self.0)
    }

    /// The numerator of its lowest terms (the sign is here).
    #[must_use]
    pub fn numer(self) -> i64 {
        *self.0.numer()
    }

    /// The denominator of its lowest terms (always above 0).
    #[must_use]
    pub fn denom(self) -> i64 {
        *self.0.denom()
    }

    /// The nearest `f64`, for display or plotting only.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn to_f64(self) -> f64 {
        self.numer() as f64 / self.denom() as f64
    }
}

impl From<i64> for Number {
    fn from(n: i64) -> Self {
        Self(whole(n))
    }
}

impl fmt::Display for Number {
    /// `3`, `0.5`, `-1.25`; a value with no short decimal form as `7/3`.
    /// Width, fill and alignment apply to the whole text (`{:>6}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_some() {
            f.pad(&Show(self.0).to_string())
        } else {
            Show(self.0).fmt(f)
        }
    }
}

/// Not a number written in decimal notation (`2`, `-1`, `0.25`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a number such as `3` or `2.5`")]
#[non_exhaustive]
pub struct NotANumber(pub String);

impl FromStr for Number {
    type Err = NotANumber;

    /// Decimal notation, as a `.rules` file or a roll-time value writes it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s).map(Self).ok_or_else(|| NotANumber(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimals() {
        assert_eq!(parse("0.5"), Some(Num::new(1, 2)));
        assert_eq!(parse("-1.25"), Some(Num::new(-5, 4)));
        assert_eq!(parse("+3"), Some(whole(3)));
        assert_eq!(parse("4.50"), Some(Num::new(9, 2)));
        assert_eq!(parse("1."), None);
        assert_eq!(parse(".5"), None);
        assert_eq!(parse("x"), None);
        assert_eq!(parse("99999999999999999999"), None);
        assert_eq!(parse("-9223372036854775808"), Some(whole(i64::MIN)));
        assert_eq!(parse("+9223372036854775807"), Some(whole(i64::MAX)));
        assert_eq!(parse("9223372036854775808"), None);
        assert_eq!(parse("-0"), Some(whole(0)));
        for refused in ["", "-", "+", "--5", "+-5", "-+5", "5a", " 5", "5 ", "1_000"] {
            assert_eq!(parse(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn rounds_as_documented() {
        assert_eq!(floor(Num::new(7, 3)), 2);
        assert_eq!(floor(Num::new(-7, 3)), -3);
        assert_eq!(ceil(Num::new(7, 3)), 3);
        assert_eq!(ceil(Num::new(-7, 3)), -2);
        assert_eq!(round_half_up(Num::new(5, 2)), 3);
        assert_eq!(round_half_up(Num::new(-5, 2)), -2);
        assert_eq!(round_half_up(Num::new(7, 3)), 2);
        assert_eq!(round_half_up(Num::new(8, 3)), 3);
    }

    #[test]
    fn shows_as_written() {
        assert_eq!(Show(Num::new(1, 4)).to_string(), "0.25");
        assert_eq!(Show(Num::new(-3, 2)).to_string(), "-1.5");
        assert_eq!(Show(whole(50)).to_string(), "50");
        assert_eq!(Show(Num::new(7, 3)).to_string(), "7/3");
    }

    #[test]
    fn overflow_is_none() {
        assert_eq!(mul(whole(i64::MAX), whole(2)), None);
        assert_eq!(div(whole(1), whole(0)), None);
    }

    #[test]
    fn width_and_fill_apply_to_the_whole_number() {
        let n: Number = "-1.25".parse().unwrap();
        assert_eq!(format!("{n:>7}|"), "  -1.25|");
        assert_eq!(format!("{n:_<6}|"), "-1.25_|");
        assert_eq!(format!("{n}"), "-1.25");
    }

    #[test]
    fn keeps_decimals_exact() {
        let n: Number = "2.25".parse().unwrap();
        assert_eq!((n.numer(), n.denom()), (9, 4));
        assert_eq!((n.floor(), n.ceil()), (2, 3));
        assert_eq!(n.to_string(), "2.25");
        assert!(!n.is_whole());
        assert_eq!(Number::from(-3).to_whole(), Some(-3));
        assert!("x".parse::<Number>().is_err());
    }
}
