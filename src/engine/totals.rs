//! Totals within `i64`: binding (and each extra modifier) proves that
//! every total a plan can read — natural roll plus offset, an opposed
//! roll's difference, a pool die plus its modifier — fits a machine
//! integer, so the engines add naturals and offsets without checks and
//! can never wrap. A plan that could pass `i64` is
//! `chartwright::roll::arithmetic`, before any die is rolled.

use crate::engine::bind::{BoundDice, Plan};
use crate::engine::error::{RollError, RollErrorKind};

impl BoundDice {
    /// The lowest and highest natural roll. In `i128`, where counts and
    /// sides (each a `u32`) cannot overflow.
    pub(crate) fn reach(&self) -> (i128, i128) {
        self.groups
            .iter()
            .fold((0, 0), |(lo, hi), &(count, sides, negative)| {
                let count = i128::from(count);
                let (a, b) = (count, count * i128::from(sides));
                let (glo, ghi) = (a.min(b), a.max(b));
                if negative {
                    (lo - ghi, hi - glo)
                } else {
                    (lo + glo, hi + ghi)
                }
            })
    }

    /// The lowest and highest face of one die of these groups, signed.
    fn faces(&self) -> (i128, i128) {
        self.groups
            .iter()
            .fold((0, 0), |(lo, hi), &(_, sides, negative)| {
                let s = i128::from(sides.max(1));
                if negative {
                    (lo.min(-s), hi.max(-1))
                } else {
                    (lo.min(1), hi.max(s))
                }
            })
    }
}

/// The sum of `parts`, or the diagnostic that names a sum that does not
/// fit (summed in `i128`, so only the result has to fit).
pub(crate) fn sum(parts: &[i64]) -> Result<i64, RollError> {
    let s: i128 = parts.iter().map(|&p| i128::from(p)).sum();
    i64::try_from(s).map_err(|_| past(s))
}

/// Checks that every total `plan` reads fits an `i64`.
pub(crate) fn fit(plan: &Plan) -> Result<(), RollError> {
    let within = |(lo, hi): (i128, i128)| -> Result<(), RollError> {
        for v in [lo, hi] {
            if i64::try_from(v).is_err() {
                return Err(past(v));
            }
        }
        Ok(())
    };
    let plus = |(lo, hi): (i128, i128), by: i64| (lo + i128::from(by), hi + i128::from(by));
    match plan {
        Plan::Table { dice, offset, .. } | Plan::Check { dice, offset, .. } => {
            within(plus(dice.reach(), *offset))
        }
        Plan::Opposed { dice, offsets, .. } => {
            let (a, b) = (
                plus(dice.reach(), offsets[0]),
                plus(dice.reach(), offsets[1]),
            );
            within(a)?;
            within(b)?;
            // The difference the rows read.
            within((a.0 - b.1, a.1 - b.0))
        }
        Plan::Pool { stages } => stages.iter().try_for_each(|s| {
            within(plus(s.dice.faces(), s.modifier))?;
            match &s.once {
                Some((dice, _, modifier)) => within(plus(dice.faces(), *modifier)),
                None => Ok(()),
            }
        }),
        Plan::Certain(..) => Ok(()),
    }
}

/// The error for a total `v` past `i64`.
fn past(v: i128) -> RollError {
    RollError::new(
        RollErrorKind::Arithmetic {
            message: format!(
                "a total of {v} is past the whole numbers chartwright counts with \
                 (-9223372036854775808 to 9223372036854775807)"
            ),
        },
        None,
    )
}
