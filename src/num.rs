//! Exact decimal numbers: what params, grid cells, column keys and
//! expressions hold. A [`Num`] is a fraction of two `i64`s, so `0.5`,
//! `1.5 / 3` and an odds ratio such as `7 / 3` are exact; nothing is ever a
//! float. The dice total stays whole: where a whole number is needed, the
//! chart says how to round (`floor`, `ceil`, `round`) or it is an error.
//!
//! Every operation is checked: an overflow is `None`, never a panic.

use num_integer::Integer;
use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Zero};
use std::fmt;

/// An exact number.
pub(crate) type Num = Ratio<i64>;

/// A whole number as a [`Num`].
#[inline]
pub(crate) fn whole(n: i64) -> Num {
    Num::from_integer(n)
}

/// Parses `2`, `-1`, `+3`, `0.25`, `1.5`: decimal notation only.
pub(crate) fn parse(text: &str) -> Option<Num> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || (digits.contains('.') && frac.is_empty())
    {
        return None;
    }
    let mut denom: i64 = 1;
    for _ in 0..frac.len() {
        denom = denom.checked_mul(10)?;
    }
    let numer: i64 = format!("{int}{frac}").parse().ok()?;
    let n = Num::new_raw(numer, 1).checked_div(&Num::new_raw(denom, 1))?;
    Some(if negative { -n } else { n })
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
}
