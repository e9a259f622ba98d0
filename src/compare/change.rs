//! [`ProbabilityChange`]: how far a probability moves from a base to a
//! variant, exact and signed (what [`Probability`] cannot hold).

use crate::engine::odds::Probability;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use std::fmt;

/// The exact change of a probability, variant minus base: a signed
/// fraction in lowest terms, from -1 to 1.
///
/// Reads as `n/d` (`-1/10`; `n` alone when `d` is 1, `0` for no change),
/// orders by value, and gives its size as a [`Probability`]:
///
/// ```
/// use chartwright::{Choices, OddsDiff, Probability, Ruleset};
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let choices = Choices::parse("tracked").unwrap();
/// let diff = OddsDiff::compare(
///     &base.chart("bog_down").unwrap(),
///     &mud.chart("bog_down").unwrap(),
///     &choices,
/// ).unwrap();
/// let change = diff.outcomes[0].delta();
/// assert_eq!(change.to_string(), "-1/10");
/// assert!(change.is_negative());
/// assert_eq!(change.size(), Probability::new(1, 10));
/// assert!((change.to_f64() + 0.1).abs() < 1e-12);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProbabilityChange(BigRational);

impl ProbabilityChange {
    /// The change a big rational holds (reduced here if it is not).
    pub(crate) fn new(change: BigRational) -> Self {
        let (numer, denom) = change.into_raw();
        Self(BigRational::new(numer, denom))
    }

    /// True when the probability does not move.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// True when the variant makes the outcome more likely.
    #[must_use]
    pub fn is_positive(&self) -> bool {
        self.0.is_positive()
    }

    /// True when the variant makes the outcome less likely.
    #[must_use]
    pub fn is_negative(&self) -> bool {
        self.0.is_negative()
    }

    /// How far it moves, whichever way: the change without its sign.
    #[must_use]
    pub fn size(&self) -> Probability {
        Probability::reduced_big(self.0.abs())
    }

    /// The nearest `f64` (for display: percentage points, bars).
    #[must_use]
    pub fn to_f64(&self) -> f64 {
        self.0.to_f64().unwrap_or(0.0)
    }
}

/// `-1/10`, `1/6`, or `0` for no change. Width, fill and alignment apply to
/// the whole fraction (`{:>6}`).
impl fmt::Display for ProbabilityChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0.to_string())
    }
}

impl fmt::Debug for ProbabilityChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
