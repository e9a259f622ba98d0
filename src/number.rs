//! [`Number`]: an exact number as the public API hands it out (a param's
//! bounds and default in [`crate::InputKind::Param`]). It wraps the exact
//! fraction the language computes with, so `0.5` stays one half and is
//! printed as the sheet writes it; a host never parses a string or rounds
//! a float to learn what a chart takes.

use crate::num::{Num, Show};
use std::fmt;
use std::str::FromStr;

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

    /// The value as a whole number, if it is one.
    #[must_use]
    pub fn to_whole(self) -> Option<i64> {
        crate::num::to_whole(self.0)
    }

    /// True for a whole number.
    #[must_use]
    pub fn is_whole(self) -> bool {
        self.0.is_integer()
    }

    /// The largest whole number not above it.
    #[must_use]
    pub fn floor(self) -> i64 {
        crate::num::floor(self.0)
    }

    /// The smallest whole number not below it.
    #[must_use]
    pub fn ceil(self) -> i64 {
        crate::num::ceil(self.0)
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
        Self(crate::num::whole(n))
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
pub struct NotANumber(pub String);

impl FromStr for Number {
    type Err = NotANumber;

    /// Decimal notation, as a `.rules` file or a roll-time value writes it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::num::parse(s)
            .map(Self)
            .ok_or_else(|| NotANumber(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
