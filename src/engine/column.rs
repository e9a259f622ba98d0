//! Picking the column of a `columns by` table at bind time: the value (a
//! threshold, an odds ratio, a differential), the highest key not above it,
//! the column shifts, and what the chart says off the scale. The result is
//! one column's lookup (or an outcome without a roll), so the engines read
//! an ordinary plan; the trace gets the account of how the column was found.

use crate::check::tree::{OffRule, Outcome, Scale, ScaleValue};
use crate::engine::env::Env;
use crate::engine::error::{RollError, RollErrorKind};
use crate::number::{Num, Show};
use crate::syntax::ast::shift_text;
use std::fmt::Write as _;

/// Where the value lands.
pub(crate) enum Pick<'t> {
    /// Read this column, the roll moved by the second value.
    Column(usize, i64),
    /// No roll: this outcome.
    Outcome(&'t Outcome),
}

/// Picks the column for the values bound in `env`, moved by `shift`
/// (right is positive). Returns the pick and the trace's account of it.
pub(crate) fn pick<'t>(
    env: &Env,
    scale: &'t Scale,
    shift: i64,
) -> Result<(Pick<'t>, String), RollError> {
    let (value, described) = scale_value(env, scale)?;
    let heads = &scale.heads;
    let n = heads.len() as i64;
    let key = |i: i64| column_key(scale, i);
    let beyond_from: Option<Num> = scale.beyond.as_ref().map(|b| b.1);
    let base: i64 = match heads.iter().rposition(|(_, t)| *t <= value) {
        Some(_) if beyond_from.is_some_and(|l| value >= l) => n,
        Some(i) => i as i64,
        None => -1,
    };
    let mut text = match base {
        -1 => format!("{described}: below the first column `{}`", key(0)),
        b if b == n => format!(
            "{described}: at `{}` or above, beyond the last column",
            scale.beyond.as_ref().map_or("", |b| b.0.as_str())
        ),
        b => format!("{described}: column `{}`", key(b)),
    };
    let index = shifted(scale, base, shift, &mut text);
    if (0..n).contains(&index) {
        return Ok((Pick::Column(index as usize, 0), text));
    }
    let beyond = index >= n;
    let rule = if beyond {
        scale.beyond.as_ref().map(|b| &b.2)
    } else {
        scale.below.as_ref()
    };
    match rule {
        Some(OffRule::Outcome(o)) => Ok((Pick::Outcome(o), text)),
        Some(OffRule::Read { column, by }) => {
            let _ = write!(text, ", read on `{}`", key(*column as i64));
            if *by != 0 {
                let _ = write!(text, " with {by:+} to the roll");
            }
            Ok((Pick::Column(*column, *by), text))
        }
        None => Err(RollError::new(
            RollErrorKind::OffScale {
                value: described,
                key: if beyond { key(n - 1) } else { key(0) },
                beyond,
            },
            Some(scale.span),
        )),
    }
}

/// The value a scale reads, with the values bound, and how it was found
/// for the trace (`odds 3 to 1 = 3`).
fn scale_value(env: &Env, scale: &Scale) -> Result<(Num, String), RollError> {
    Ok(match &scale.value {
        ScaleValue::Expr(e) => {
            let v = env.expr(e, None)?;
            match env.column_roll {
                // The column dice's total added: `value 7 + 4 = 11`.
                Some(roll) => {
                    let total =
                        crate::number::add(v, Num::from_integer(roll)).ok_or_else(|| {
                            RollError::too_large(format!(
                                "the column value {} + {roll} is past the numbers a value can hold",
                                Show(v)
                            ))
                        })?;
                    let sign = if roll < 0 { '-' } else { '+' };
                    (
                        total,
                        format!(
                            "value {} {sign} {} = {}",
                            Show(v),
                            roll.unsigned_abs(),
                            Show(total)
                        ),
                    )
                }
                None => (v, format!("value {}", Show(v))),
            }
        }
        ScaleValue::Ratio(a, b, span) => {
            let (a, b) = (env.expr(a, None)?, env.expr(b, None)?);
            let Some(ratio) = crate::number::div(a, b) else {
                return Err(RollError::new(
                    RollErrorKind::Arithmetic {
                        message: format!(
                            "the odds {} to {} divide by zero: the defence must be above 0",
                            Show(a),
                            Show(b)
                        ),
                    },
                    Some(*span),
                ));
            };
            (
                ratio,
                format!("odds {} to {} = {}", Show(a), Show(b), Show(ratio)),
            )
        }
    })
}

/// Column `i`'s key as written (empty off the scale).
fn column_key(scale: &Scale, i: i64) -> String {
    usize::try_from(i)
        .ok()
        .and_then(|i| scale.heads.get(i))
        .map_or_else(String::new, |h| h.0.to_string())
}

/// The column index after the column shifts move it from `base`: within
/// the scale, or one past an edge where `shifts past edges` lets it fall
/// off. Off the scale already, a shift moves it only where `shifts past
/// edges` makes that edge's rule a place of its own, one past the edge
/// (`beyond 7-1 => ...` shifted 1L reads `6-1`); otherwise the rule
/// applies and the shift is not applied. Says so in `text`.
fn shifted(scale: &Scale, base: i64, shift: i64, text: &mut String) -> i64 {
    let n = scale.heads.len() as i64;
    let key = |i: i64| column_key(scale, i);
    let mut index = base;
    let from_edge = scale.past_edges
        && ((base < 0 && scale.below.is_some()) || (base >= n && scale.beyond.is_some()));
    if shift != 0 {
        if (0..n).contains(&base) || from_edge {
            let lo = if scale.past_edges && scale.below.is_some() {
                -1
            } else {
                0
            };
            let hi = if scale.past_edges && scale.beyond.is_some() {
                n
            } else {
                n - 1
            };
            index = base.saturating_add(shift).clamp(lo, hi);
            let moved = index - base;
            if moved == shift {
                let _ = write!(text, ", shifted {}", shift_text(shift));
            } else {
                let _ = write!(
                    text,
                    ", shifted {} of {}, stopped at the edge",
                    if moved == 0 {
                        "0".to_string()
                    } else {
                        shift_text(moved)
                    },
                    shift_text(shift)
                );
            }
            if moved != 0 && (0..n).contains(&index) {
                let _ = write!(text, " to `{}`", key(index));
            }
        } else {
            let _ = write!(
                text,
                ", shift {} not applied off the scale",
                shift_text(shift)
            );
        }
    }
    index
}
