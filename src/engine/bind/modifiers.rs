//! The modifiers settled against the values bound: each one's value and
//! whether it applies, the net of each side, the column shifts, and the
//! modifiers as a trace lists them.

use super::{Applied, Bound, Values};
use crate::check::tree::{Body, Cell, GridRef, KeyRead, ModValue, Modifier, Program};
use crate::engine::choices::Arg;
use crate::engine::env::{grid_cell, missing, whole_value, Env};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::trace::AppliedModifier;
use crate::number::{whole, Num};
use crate::syntax::ast::shift_text;

impl Bound {
    /// The modifiers as a trace lists them, named as the chart names them.
    pub fn modifiers(&self, program: &Program) -> Vec<AppliedModifier> {
        let slots = program
            .charts
            .get(self.chart)
            .map_or(&[][..], |c| c.slots.as_slice());
        self.applied
            .iter()
            .map(|a| {
                let (name, label) = match a.slot.and_then(|s| slots.get(s)) {
                    Some(s) => (s.name.to_string(), s.label.to_string()),
                    None => (format!("{:+}", a.value), "extra modifier".into()),
                };
                AppliedModifier {
                    name,
                    label,
                    value: a.value,
                    side: a.side,
                    note: a.note.clone(),
                }
            })
            .collect()
    }
}

/// What the chart's modifiers come to with the values bound.
pub(super) struct Modifiers {
    /// Every modifier named or always on, as the trace lists them.
    pub(super) applied: Vec<Applied>,
    /// The net modifier of each side.
    pub(super) net: [i64; 2],
    /// The column shifts that apply, summed.
    pub(super) shift: i64,
    /// Why the chart cannot be rolled: a modifier read a `-` cell.
    pub(super) not_possible: Option<String>,
}

/// Settles every modifier against the values in `env` (`passed`: the values
/// before unnamed modifiers read as 0; `given`: the argument behind each;
/// `preset`: the values a caller set, as given as a typed value is).
pub(super) fn apply_modifiers(
    env: &Env,
    passed: &[Option<Num>],
    given: &[Option<&Arg>],
    preset: &[(usize, Num)],
) -> Result<Modifiers, RollError> {
    let c = &env.program.charts[env.chart];
    let mut out = Modifiers {
        applied: Vec::new(),
        net: [0i64; 2],
        shift: 0,
        not_possible: None,
    };
    let one = Some(whole(1));
    for m in &c.modifiers {
        require_param(env, m, passed)?;
        let raw = env.values[m.slot];
        let name = &c.slots[m.slot].name;
        let mut dash = None;
        let value = match &m.value {
            ModValue::Fixed(v) => (raw == one || m.always).then_some((*v, None)),
            ModValue::Param { factor, from } => param_value(
                env,
                m,
                *factor,
                from.as_ref(),
                given[m.slot],
                preset.iter().any(|&(slot, _)| slot == m.slot),
                &mut dash,
            )?,
            ModValue::Counted { per, max } => counted_value(raw, name, *per, *max, m.shifts)?,
        };
        // A `-` cell makes the chart not possible where the modifier
        // applies; one whose condition fails is not looked up at all.
        if let Some(why) = dash {
            if applies(env, m)? {
                out.not_possible.get_or_insert(why);
            }
        }
        let Some((value, note)) = value else { continue };
        let applies = applies(env, m)?;
        // An `always` modifier nobody named is not listed where it does not apply.
        if m.always && !applies && given[m.slot].is_none() {
            continue;
        }
        if m.shifts {
            let shifted = shift_modifier(m, value, applies, note, &mut out.shift)?;
            out.applied.push(shifted);
            continue;
        }
        out.applied.push(Applied {
            slot: Some(m.slot),
            value: if applies { value } else { 0 },
            side: m.side,
            note: if applies {
                note
            } else {
                Some("not applicable".into())
            },
        });
        if applies {
            out.net[m.side.min(1)] = checked(out.net[m.side.min(1)].checked_add(value))?;
        }
    }
    Ok(out)
}

/// `env`'s values with each `±r from GRID` nobody named read as the grid's
/// cell where it applies: an expression reads the value the modifier
/// added, as it reads a value given. (The modifiers' own conditions were
/// settled with it at 0, before it was read.)
pub(super) fn grid_readings(env: &Env, passed: &Values) -> Result<Values, RollError> {
    let mut values: Values = env.values.iter().copied().collect();
    for m in &env.program.charts[env.chart].modifiers {
        let ModValue::Param { from: Some(r), .. } = &m.value else {
            continue;
        };
        let known = r.slots().all(|k| env.values[k].is_some());
        if m.shifts || passed[m.slot].is_some() || !known || !applies(env, m)? {
            continue;
        }
        if let Cell::Number(n) = grid_cell(env.program, r, env.values)? {
            values[m.slot] = Some(*n);
        }
    }
    Ok(values)
}

/// Whether modifier `m`'s condition holds (one without a condition always does).
fn applies(env: &Env, m: &Modifier) -> Result<bool, RollError> {
    match &m.applies {
        Some(cond) => env.cond(cond),
        None => Ok(true),
    }
}

/// A `±r` with no default, outside an exclusive group, that applies and
/// nobody gave: the chart cannot be read, never a silent 0. (A modifier set
/// rolled as a chart sums only what is named.)
fn require_param(env: &Env, m: &Modifier, passed: &[Option<Num>]) -> Result<(), RollError> {
    if let ModValue::Param { from: None, .. } = m.value {
        let c = &env.program.charts[env.chart];
        if passed[m.slot].is_none()
            && !matches!(c.body, Body::Net)
            && m.group.is_none()
            && applies(env, m)?
        {
            let mut err = missing(env.program, env.chart, m.slot);
            err.span = Some(m.span);
            return Err(err);
        }
    }
    Ok(())
}

/// A column shift that was named (or is `always`): added to `shift` where
/// it applies, and listed either way, with where its size came from.
fn shift_modifier(
    m: &Modifier,
    by: i64,
    applies: bool,
    source: Option<String>,
    shift: &mut i64,
) -> Result<Applied, RollError> {
    if applies {
        *shift = checked(shift.checked_add(by))?;
    }
    let note = match (applies, by, source) {
        (false, ..) => "not applicable".into(),
        (true, 0, Some(s)) => format!("no column shift ({s})"),
        (true, 0, None) => "no column shift".into(),
        (true, _, Some(s)) => format!("column shift {} ({s})", shift_text(by)),
        (true, _, None) => format!("column shift {}", shift_text(by)),
    };
    Ok(Applied {
        slot: Some(m.slot),
        value: 0,
        side: m.side,
        note: Some(note),
    })
}

/// A parametric modifier's value: the number given times `factor`, else the
/// grid `from` read with the values bound. A `-` cell there sets
/// `not_possible`; a grid with only some of its keys given is an error.
/// `preset`: a caller set the value (a repeat keeps `m=0` as given).
#[allow(clippy::too_many_arguments)] // the modifier, and where its value comes from
fn param_value(
    env: &Env,
    m: &Modifier,
    factor: i64,
    from: Option<&GridRef>,
    given: Option<&Arg>,
    preset: bool,
    not_possible: &mut Option<String>,
) -> Result<Option<(i64, Option<String>)>, RollError> {
    let values = env.values;
    let raw = values[m.slot];
    let name = &env.program.charts[env.chart].slots[m.slot].name;
    // Named with a value, or bare (a shift from a grid: the grid's).
    let valued = given.is_some_and(|a| a.value.is_some()) || preset;
    Ok(match (raw, from) {
        (Some(v), _) if valued || raw != Some(whole(0)) => {
            let v = whole_value(v, &format!("`{name}`"))?;
            Some((checked(v.checked_mul(factor))?, None))
        }
        // A shift from a grid applies only where it is named.
        (_, Some(_)) if m.shifts && given.is_none() => None,
        (_, Some(r)) if r.slots().all(|k| values[k].is_some()) => {
            match grid_cell(env.program, r, values)? {
                Cell::Number(n) => {
                    let n = whole_value(*n, &format!("`{}` from `{}`", name, r.name))?;
                    Some((checked(n.checked_mul(factor))?, Some(grid_keys(env, r))))
                }
                // `-`: the sheet says this cannot be done at all.
                _ => {
                    not_possible.get_or_insert_with(|| {
                        format!("`{name}` from `{}` is `-` (not possible)", r.name)
                    });
                    None
                }
            }
        }
        // Named without the grid's keys: the grid has no cell to give,
        // and the modifier is not silently dropped.
        (_, Some(r)) if given.is_some() => {
            // The key missing, named and with its options as a missing
            // choice is.
            let absent = r.slots().find(|&k| values[k].is_none());
            let (key, options) = match absent.map(|k| missing(env.program, env.chart, k).kind) {
                Some(RollErrorKind::MissingChoice { name, options }) => (name, options),
                _ => (String::new(), Vec::new()),
            };
            return Err(RollError::new(
                RollErrorKind::MissingKey {
                    modifier: name.to_string(),
                    grid: r.name.to_string(),
                    key,
                    options,
                },
                given.map(|a| a.span),
            ));
        }
        // Half the keys given: say what is missing rather than
        // silently dropping the modifier.
        (_, Some(r)) if r.slots().any(|k| values[k].is_some()) => {
            let absent = r.slots().find(|&k| values[k].is_none());
            return Err(missing(env.program, env.chart, absent.unwrap_or(0)));
        }
        _ => None,
    })
}

/// Where a grid-fed value came from, for the trace: the options its keys
/// were read at (`veteran, suppressed`), those fixed by `at` among them.
fn grid_keys(env: &Env, r: &GridRef) -> String {
    let chart = &env.program.charts[env.chart];
    let keys = env
        .program
        .grids
        .get(r.grid)
        .map_or(&[][..], |g| &g.keys[..]);
    r.keys
        .iter()
        .copied()
        .zip(keys)
        .map(|(read, &key)| {
            let (option, k) = match read {
                KeyRead::Fixed(i) => (Some(i), None),
                KeyRead::Slot(k) => {
                    let i = env.values[k]
                        .and_then(crate::number::to_whole)
                        .and_then(|v| usize::try_from(v).ok());
                    (i, Some(k))
                }
            };
            let name = option
                .and_then(|i| Some(env.program.choices.get(key)?.options.get(i)?.0.to_string()));
            name.unwrap_or_else(|| {
                k.and_then(|k| chart.slots.get(k))
                    .map_or_else(String::new, |s| s.name.to_string())
            })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A counted modifier's value: `per` for each one counted, up to `max`, with
/// the trace's note on how it was reached.
fn counted_value(
    raw: Option<Num>,
    name: &str,
    per: i64,
    max: Option<i64>,
    shifts: bool,
) -> Result<Option<(i64, Option<String>)>, RollError> {
    // As written: `+1`, or a shift's `1L`.
    let written = |v: i64| {
        if shifts {
            shift_text(v)
        } else {
            format!("{v:+}")
        }
    };
    Ok(match raw {
        Some(n) if n > whole(0) => {
            let n = whole_value(n, &format!("`{name}`"))?;
            let v = checked(per.checked_mul(n))?;
            match max {
                Some(cap) if v.unsigned_abs() > cap.unsigned_abs() => Some((
                    cap * v.signum(),
                    Some(format!("capped at {}", written(cap * v.signum()))),
                )),
                _ => Some((v, Some(format!("{n} x {}", written(per))))),
            }
        }
        _ => None,
    })
}

fn checked(v: Option<i64>) -> Result<i64, RollError> {
    v.ok_or_else(|| {
        RollError::new(
            RollErrorKind::Arithmetic {
                message: "a value overflowed".into(),
            },
            None,
        )
    })
}
