//! The arguments read: each slot's value (preset, given or its default),
//! the slot each argument names and whether its value is one the slot
//! takes.

use super::Values;
use crate::check::tree::{ChartId, ChartTree, ChoiceId, ModValue, Program, SlotKind};
use crate::engine::choices::{Arg, Choices};
use crate::engine::error::{RollError, RollErrorKind};
use crate::number::{whole, Num, Number};
use smallvec::SmallVec;

/// The values an expression of `chart` reads, from the values passed: a
/// parametric or counted modifier not named reads 0, as at binding.
pub(super) fn reading_values(chart: &ChartTree, passed: &Values) -> Values {
    let mut values = passed.clone();
    for m in &chart.modifiers {
        if matches!(m.value, ModValue::Param { .. } | ModValue::Counted { .. }) {
            if let Some(v) = values.get_mut(m.slot) {
                v.get_or_insert(whole(0));
            }
        }
    }
    for &slot in &chart.ladder_modifiers {
        if let Some(v) = values.get_mut(slot) {
            v.get_or_insert(whole(0));
        }
    }
    values
}

/// The argument that gave each slot, if one did. (A chart has a handful of
/// slots: inline, as are [`Values`].)
type Given<'c> = SmallVec<[Option<&'c Arg>; 16]>;

/// Each slot's value: preset, then given by an argument (a slot given twice
/// is an error), then its default. Also says which argument gave each slot,
/// for the checks and the trace that follow.
pub(super) fn given_values<'c>(
    program: &Program,
    chart: ChartId,
    choices: &'c Choices,
    preset: &[(usize, Num)],
) -> Result<(Values, Given<'c>), RollError> {
    let c = &program.charts[chart];
    let mut values: Values = smallvec::smallvec![None; c.slots.len()];
    for &(slot, v) in preset {
        passed_fits(c, slot, v)?;
        if let Some(x) = values.get_mut(slot) {
            *x = Some(v);
        }
    }
    let mut given: Given = smallvec::smallvec![None; c.slots.len()];
    for arg in choices.args() {
        let (slot, value) = resolve_arg(program, chart, arg)?;
        // Twice by name, or two options of one choice given bare
        // (`veteran raw`) or bare and by name (`veteran unit_rating=raw`).
        if given[slot].is_some() {
            return Err(RollError::new(
                RollErrorKind::GivenTwice {
                    name: c.slots[slot].name.to_string(),
                },
                Some(arg.span),
            ));
        }
        given[slot] = Some(arg);
        values[slot] = value;
    }
    let mut defaulted: SmallVec<[usize; 4]> = SmallVec::new();
    for (slot, s) in c.slots.iter().enumerate() {
        match s.kind {
            SlotKind::Param {
                default: Some(d), ..
            } if values[slot].is_none() => {
                values[slot] = Some(d);
                defaulted.push(slot);
            }
            SlotKind::Choice(ch) => {
                if let Some(d) = program.choices[ch].default {
                    values[slot].get_or_insert(whole(d as i64));
                }
            }
            _ => {}
        }
    }
    // A `±r from GRID` not given reads the grid where its keys are known:
    // its `default` is for where they are not.
    for m in &c.modifiers {
        if let ModValue::Param { from: Some(r), .. } = &m.value {
            if defaulted.contains(&m.slot) && r.slots().all(|k| values[k].is_some()) {
                values[m.slot] = None;
            }
        }
    }
    // The same for a read ladder's (or a ladder's it reads in turn): its
    // default is not passed on, so the ladder settles it against its own
    // grid.
    for read in program.ladder_reads.iter().filter(|r| r.caller == chart) {
        for &(from, to) in &read.pass {
            if defaulted.contains(&from) && grid_fed(program, read.ladder, to, 0) {
                values[from] = None;
            }
        }
    }
    Ok((values, given))
}

/// Whether `slot` of ladder `ladder` is a `±r from GRID` of its own, or is
/// passed on to one of a ladder it reads (a chain no deeper than the
/// ladders' own limit of reads; compile refuses a cycle).
fn grid_fed(program: &Program, ladder: ChartId, slot: usize, depth: usize) -> bool {
    let Some(c) = program.charts.get(ladder) else {
        return false;
    };
    let own = c
        .modifiers
        .iter()
        .any(|m| m.slot == slot && matches!(m.value, ModValue::Param { from: Some(_), .. }));
    own || (depth < program.charts.len()
        && program
            .ladder_reads
            .iter()
            .filter(|r| r.caller == ladder)
            .any(|r| {
                r.pass
                    .iter()
                    .any(|&(from, to)| from == slot && grid_fed(program, r.ladder, to, depth + 1))
            }))
}

/// A value a caller passes to a param of the chart it follows up or reads
/// (`then t(n=p)`) must fit the param's declaration as a given one must:
/// whole where it is declared `whole` (or is a modifier), within its
/// bounds.
fn passed_fits(c: &ChartTree, slot: usize, v: Num) -> Result<(), RollError> {
    let Some(s) = c.slots.get(slot) else {
        return Ok(());
    };
    let SlotKind::Param { bounds, whole, .. } = s.kind else {
        return Ok(());
    };
    let counts = whole || c.modifiers.iter().any(|m| m.slot == slot);
    if counts && !v.is_integer() {
        return Err(RollError::new(
            RollErrorKind::NotWhole {
                what: format!("the value passed to `{}`", s.name),
                value: crate::number::Show(v).to_string(),
            },
            None,
        ));
    }
    match bounds {
        Some((lo, hi)) if v < lo || v > hi => Err(RollError::new(
            RollErrorKind::OutOfBounds {
                name: s.name.to_string(),
                value: Number::new(v),
                lo: Number::new(lo),
                hi: Number::new(hi),
                grid: bounding_grid(c, slot),
            },
            None,
        )),
        _ => Ok(()),
    }
}

/// Finds the slot an argument names and parses its value: none for a
/// shift from a grid named bare (`woods`: the grid's shift).
fn resolve_arg(
    program: &Program,
    chart: ChartId,
    arg: &Arg,
) -> Result<(usize, Option<Num>), RollError> {
    let c = &program.charts[chart];
    let Some(slot) = c.slots.iter().position(|s| s.name == arg.name) else {
        return unnamed_arg(program, c, arg).map(|(s, v)| (s, Some(v)));
    };
    let value = match (&c.slots[slot].kind, &arg.value) {
        (SlotKind::Flag, None) => whole(1),
        (SlotKind::Flag, Some(_)) => return Err(bad_value(arg, "no value: it is a flag")),
        (SlotKind::Param { bounds, .. }, Some(v)) => param_arg(c, slot, *bounds, arg, v)?,
        (SlotKind::Param { .. }, None) if shift_from_grid(c, slot) => return Ok((slot, None)),
        (SlotKind::Param { .. }, None) => return Err(bad_value(arg, "a number, as `name=N`")),
        (SlotKind::Choice(ch), Some(v)) => option_arg(program, *ch, arg, v)?,
        (SlotKind::Choice(ch), None) => {
            return Err(RollError::new(
                RollErrorKind::MissingChoice {
                    name: arg.name.clone(),
                    options: program.choices[*ch]
                        .options
                        .iter()
                        .map(|(o, _)| o.to_string())
                        .collect(),
                },
                Some(arg.span),
            ))
        }
    };
    Ok((slot, Some(value)))
}

/// True when `slot` is a column shift whose size comes from a grid (`woods
/// rL from woods_shift`): named bare, it shifts by the grid's cell.
fn shift_from_grid(c: &ChartTree, slot: usize) -> bool {
    c.modifiers.iter().any(|m| {
        m.slot == slot && m.shifts && matches!(m.value, ModValue::Param { from: Some(_), .. })
    })
}

/// An argument that names no slot: a bare option name picks the one choice
/// that has it; anything else is an error naming what was meant, if it can.
fn unnamed_arg(program: &Program, c: &ChartTree, arg: &Arg) -> Result<(usize, Num), RollError> {
    // A bare option name picks its choice when only one choice has it.
    if arg.value.is_none() {
        let mut hits = c
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s.kind {
                SlotKind::Choice(ch) => program.choices[ch]
                    .options
                    .iter()
                    .position(|(o, _)| *o == arg.name)
                    .map(|o| (i, whole(o as i64))),
                _ => None,
            });
        match (hits.next(), hits.next()) {
            (Some(hit), None) => return Ok(hit),
            (Some((a, _)), Some((b, _))) => {
                return Err(RollError::new(
                    RollErrorKind::AmbiguousOption {
                        option: arg.name.clone(),
                        choices: vec![c.slots[a].name.to_string(), c.slots[b].name.to_string()],
                    },
                    Some(arg.span),
                ));
            }
            _ => {}
        }
    }
    // `in_cover=2` where only `def.in_cover` exists: a side's prefix.
    let sided: Vec<&str> = c
        .slots
        .iter()
        .map(|s| s.name.as_str())
        .filter(|n| n.split_once('.').is_some_and(|(_, rest)| rest == arg.name))
        .collect();
    if !sided.is_empty() {
        return Err(RollError::new(
            RollErrorKind::UnknownName {
                chart: c.name.to_string(),
                name: arg.name.clone(),
                suggestion: Some(sided.join("` or `")),
            },
            Some(arg.span),
        ));
    }
    let mut names: Vec<&str> = c.slots.iter().map(|s| s.name.as_str()).collect();
    for s in &c.slots {
        if let SlotKind::Choice(ch) = s.kind {
            names.extend(program.choices[ch].options.iter().map(|(o, _)| o.as_str()));
        }
    }
    Err(RollError::new(
        RollErrorKind::UnknownName {
            chart: c.name.to_string(),
            name: arg.name.clone(),
            suggestion: crate::check::suggest::closest(&arg.name, names),
        },
        Some(arg.span),
    ))
}

/// An argument whose value is not what its slot takes.
fn bad_value(arg: &Arg, expected: &str) -> RollError {
    RollError::new(
        RollErrorKind::BadValue {
            name: arg.name.clone(),
            value: arg.value.clone().unwrap_or_default(),
            expected: expected.into(),
        },
        Some(arg.span),
    )
}

/// A value `v` that does not read as `expected`: said as too precise or
/// too large where it is a number that does not fit, so the fix is plain.
fn not_read(arg: &Arg, v: &str, expected: &str) -> RollError {
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if crate::number::too_precise(v) {
        bad_value(
            arg,
            "a decimal of at most 18 digits in all, such as `0.000001` (round it)",
        )
    } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        bad_value(
            arg,
            "a whole number from -9223372036854775808 to 9223372036854775807",
        )
    } else {
        bad_value(arg, expected)
    }
}

/// A param's value `v`: a number within its bounds, whole when a modifier
/// reads it (a modifier's value moves the roll).
fn param_arg(
    c: &ChartTree,
    slot: usize,
    bounds: Option<(Num, Num)>,
    arg: &Arg,
    v: &str,
) -> Result<Num, RollError> {
    let counts = matches!(
        c.slots.get(slot).map(|s| &s.kind),
        Some(SlotKind::Param { whole: true, .. })
    );
    let n = if counts || c.modifiers.iter().any(|m| m.slot == slot) {
        crate::number::parse(v)
            .filter(num_rational::Ratio::is_integer)
            .ok_or_else(|| not_read(arg, v, "a whole number"))?
    } else {
        crate::number::parse(v).ok_or_else(|| not_read(arg, v, "a number such as `3` or `2.5`"))?
    };
    if let Some((lo, hi)) = bounds {
        if n < lo || n > hi {
            return Err(RollError::new(
                RollErrorKind::OutOfBounds {
                    name: arg.name.clone(),
                    value: Number::new(n),
                    lo: Number::new(lo),
                    hi: Number::new(hi),
                    grid: bounding_grid(c, slot),
                },
                Some(arg.span),
            ));
        }
    }
    Ok(n)
}

/// The grid whose cells bound the value of slot `slot` (a `from GRID`
/// modifier without `in LO..HI`), by name.
fn bounding_grid(c: &ChartTree, slot: usize) -> Option<String> {
    c.modifiers.iter().find_map(|m| match &m.value {
        ModValue::Param { from: Some(r), .. } if m.slot == slot && r.sets_bounds => {
            Some(r.name.to_string())
        }
        _ => None,
    })
}

/// A choice's value `v`: the index of the option it names.
fn option_arg(program: &Program, ch: ChoiceId, arg: &Arg, v: &str) -> Result<Num, RollError> {
    let options = &program.choices[ch].options;
    match options.iter().position(|(o, _)| o == v) {
        Some(i) => Ok(whole(i as i64)),
        None => Err(RollError::new(
            RollErrorKind::UnknownOption {
                choice: arg.name.clone(),
                option: v.to_string(),
                options: options.iter().map(|(o, _)| o.to_string()).collect(),
                suggestion: crate::check::suggest::closest(
                    v,
                    options.iter().map(|(o, _)| o.as_str()),
                ),
            },
            Some(arg.span),
        )),
    }
}
