//! Totals within `i64`: the sums binding makes (offsets) and the ranges it
//! proves fit (`Plan::fit` in `bind`: natural roll plus offset, an opposed
//! roll's difference, a pool die plus its modifier), so the engines add
//! naturals and offsets without checks and can never wrap. A plan that
//! could pass `i64` is `chartwright::roll::arithmetic`, before any die is
//! rolled.

use crate::engine::error::{RollError, RollErrorKind};

/// The sum of `parts`, or the diagnostic that names a sum that does not
/// fit (summed in `i128`, so only the result has to fit).
pub(crate) fn sum(parts: &[i64]) -> Result<i64, RollError> {
    let s: i128 = parts.iter().map(|&p| i128::from(p)).sum();
    i64::try_from(s).map_err(|_| beyond(&format!("the constants and modifiers add up to {s},")))
}

/// An error unless every value from `lo` to `hi` fits an `i64`.
#[inline]
pub(crate) fn within((lo, hi): (i128, i128)) -> Result<(), RollError> {
    for v in [lo, hi] {
        if i64::try_from(v).is_err() {
            return Err(past(v));
        }
    }
    Ok(())
}

/// The error for a total `v` past `i64`.
#[cold]
fn past(v: i128) -> RollError {
    beyond(&format!("a total of {v} is"))
}

/// The error for a sum past `i64`, `said` as "a total of N is".
#[cold]
fn beyond(said: &str) -> RollError {
    RollError::new(
        RollErrorKind::Arithmetic {
            message: format!(
                "{said} past the whole numbers chartwright counts with \
                 (-9223372036854775808 to 9223372036854775807)"
            ),
        },
        None,
    )
}
