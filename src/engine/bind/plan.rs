//! The plan: what is left to roll once the values and modifiers are bound,
//! one arm per chart body kind (the rows resolved, the column a table
//! reads, a pool's stages), and whether its totals fit.

use super::dice::{
    bind_dice, bind_naturals, dice_of_source, once_as_one_die, BoundDice, BoundNatural, BoundStage,
    DiceGroups,
};
use super::ladders::ladder_moved;
use super::{join, Applied};
use crate::check::tree::{
    Body, Cell, Expr, Lookup, PoolDice, Ranges, RowTree, Scale, SlotKind, Stage, Target,
};
use crate::engine::env::{grid_cell, missing, whole_value, Env, Resolved};
use crate::engine::error::RollError;
use crate::engine::prebound::Prebound;
use crate::engine::totals::sum;
use crate::engine::trace::Shared;
use crate::number::{whole, Show};
use std::ops::ControlFlow;

impl Plan {
    /// Checks that every total the plan reads fits an `i64`, so the engines
    /// add naturals and offsets unchecked.
    pub(crate) fn fit(&self) -> Result<(), RollError> {
        use crate::engine::totals::within;
        let plus = |(lo, hi): (i128, i128), by: i64| (lo + i128::from(by), hi + i128::from(by));
        match self {
            Plan::Table { dice, offset, .. } | Plan::Check { dice, offset, .. } => {
                fit_reach(dice.reach(), &[*offset])
            }
            Plan::Opposed { dice, offsets, .. } => fit_reach(dice.reach(), offsets),
            Plan::Pool { stages } => stages.iter().try_for_each(|s| {
                within(plus(s.dice.faces(), s.modifier))?;
                match &s.once {
                    Some((dice, _, modifier)) => within(plus(dice.faces(), *modifier)),
                    None => Ok(()),
                }
            }),
            // Each branch was proved when it was bound; each side's plan was
            // fitted when it was bound, and the difference is read in `i128`
            // (`Bound::read`).
            Plan::Certain(..) | Plan::Faces(_) | Plan::Columns(_) | Plan::Sides { .. } => Ok(()),
        }
    }
}

/// Proves that dice reaching `lo..=hi`, plus `offsets`, stay within
/// `i64`: one offset, a table's or check's total; two, each side of an
/// opposed roll and the difference its rows read.
#[inline]
pub(crate) fn fit_reach((lo, hi): (i128, i128), offsets: &[i64]) -> Result<(), RollError> {
    use crate::engine::totals::within;
    let side = |by: i64| (lo + i128::from(by), hi + i128::from(by));
    match offsets {
        [a, b] => {
            let (a, b) = (side(*a), side(*b));
            within(a)?;
            within(b)?;
            within((a.0 - b.1, a.1 - b.0))
        }
        _ => offsets.iter().try_for_each(|&by| within(side(by))),
    }
}

/// What is left to do once the choices are bound.
#[derive(Clone, Debug)]
pub(crate) enum Plan {
    /// No roll: a grid cell, a net modifier, a ladder, a text target.
    Certain(Resolved, Option<String>),
    Table {
        dice: BoundDice,
        offset: i64,
        score: Option<Expr>,
        lookup: Lookup,
        /// Each row's outcome: the chart's own ([`Prebound`]) when no
        /// row's depends on the choices.
        rows: Shared<[Resolved]>,
        /// Each row's ranges as written in the column read, for the trace.
        written: Shared<[Ranges]>,
        /// Outcomes of natural rules, indexed by [`NatPick::Other`].
        extras: Vec<Resolved>,
        naturals: Vec<BoundNatural>,
        best: Option<(usize, i64)>,
    },
    Check {
        dice: BoundDice,
        offset: i64,
        target: Ranges,
        success: Resolved,
        failure: Resolved,
        extras: Vec<Resolved>,
        naturals: Vec<BoundNatural>,
    },
    Opposed {
        dice: BoundDice,
        offsets: [i64; 2],
        lookup: Lookup,
        rows: Shared<[Resolved]>,
        written: Shared<[Ranges]>,
    },
    Pool {
        stages: Vec<BoundStage>,
    },
    /// A table or check that reads its dice one by one: a plan per way of
    /// reading them, picked once the dice are rolled.
    Faces(Box<super::FacePlan>),
    /// An opposed roll whose sides each roll a chart (`each rolls`): the
    /// rows read the difference of their results, first minus second.
    Sides {
        /// Each side's binding of the rolled chart.
        sides: Box<[super::Bound; 2]>,
        /// Added to the first side's result: an extra modifier.
        offset: i64,
        lookup: Lookup,
        rows: Shared<[Resolved]>,
        written: Shared<[Ranges]>,
    },
    /// A table whose column value holds dice: a plan per total of those
    /// dice, picked once they are rolled.
    Columns(Box<super::ColumnPlan>),
}

/// The target as a set of totals, or the text or `-` cell that replaces
/// the roll.
pub(super) enum BoundTarget {
    Ranges(Ranges),
    Text(String),
    /// A `-` cell (or one holding dice): not possible.
    Impossible,
}

impl BoundTarget {
    /// What stands instead of the roll when no totals are to be met.
    fn text(self) -> Result<Ranges, String> {
        match self {
            Self::Ranges(r) => Ok(r),
            Self::Text(t) => Err(t),
            Self::Impossible => Err("Not possible".into()),
        }
    }
}

pub(super) fn bind_target(env: &Env, t: &Target) -> Result<BoundTarget, RollError> {
    let ev = |e: &Expr| env.expr(e, None);
    // The roll is whole: "at least 3.5" is 4 or more, "at most 3.7" 3 or less.
    Ok(BoundTarget::Ranges(match t {
        Target::Ranges(r) => r.clone(),
        Target::AtLeast(e) => Ranges::at_least(crate::number::ceil(ev(e)?)),
        Target::AtMost(e) => Ranges::at_most(crate::number::floor(ev(e)?)),
        // Nothing is more than the largest total, nor less than the least.
        Target::MoreThan(e) => crate::number::floor(ev(e)?)
            .checked_add(1)
            .map_or_else(Ranges::default, Ranges::at_least),
        Target::LessThan(e) => crate::number::ceil(ev(e)?)
            .checked_sub(1)
            .map_or_else(Ranges::default, Ranges::at_most),
        Target::Grid(r, shift) => {
            // A target moved by a fraction rounds towards the roll's side.
            let by = match shift {
                Some(e) => ev(e)?,
                None => whole(0),
            };
            match grid_cell(env.program, r, env.values)? {
                Cell::Target(t) => t.shifted_exactly(by),
                Cell::Number(n) => {
                    let n = whole_value(*n, &format!("the target from `{}`", r.name))?;
                    Ranges(smallvec::smallvec![(n, n)], crate::check::tree::Order::Up)
                        .shifted_exactly(by)
                }
                Cell::Text(t) => return Ok(BoundTarget::Text(t.to_string())),
                Cell::Dice(_) | Cell::Impossible => return Ok(BoundTarget::Impossible),
            }
        }
    }))
}

/// What is left to roll once the values and modifiers are bound: one arm per
/// chart body kind, the longer ones in helpers below.
#[allow(clippy::too_many_lines)] // one match arm per chart body kind
pub(super) fn plan(
    env: &Env,
    pre: Option<&Prebound>,
    net: [i64; 2],
    applied: &[Applied],
    shift: i64,
    note: &mut Option<String>,
    ladder: &mut Option<crate::engine::ladder::Moved>,
) -> Result<Plan, RollError> {
    let (program, chart, values) = (env.program, env.chart, env.values);
    let c = &program.charts[chart];
    let plan = match &c.body {
        Body::Notes(text) => Plan::Certain(Resolved::text(text.clone()), None),
        Body::Net => {
            let total: i64 = applied.iter().map(|a| a.value).sum();
            Plan::Certain(Resolved::text(format!("{total:+}")), None)
        }
        Body::Lookup(r) => {
            let text = cell_text(grid_cell(program, r, values)?);
            Plan::Certain(Resolved::text(text), None)
        }
        Body::Ladder {
            steps,
            labels,
            start,
            caps,
        } => {
            let moved = ladder_moved(env, steps, labels, start, caps, net[0])?;
            let (text, detail) = moved.result();
            *ladder = Some(moved);
            Plan::Certain(Resolved::text(text), Some(detail))
        }
        Body::Table {
            dice,
            score,
            columns,
            lookups,
            rows,
            naturals,
            best,
            scale,
            ..
        } => {
            let (column, adjust) = match table_column(env, *columns, scale.as_deref(), shift, note)?
            {
                ControlFlow::Continue(picked) => picked,
                ControlFlow::Break(plan) => return Ok(plan),
            };
            let (naturals, extras) = bind_naturals(env, naturals)?;
            let best = match best {
                Some((row, top, cond)) if env.cond(cond)? => Some((*row, *top)),
                _ => None,
            };
            Plan::Table {
                dice: bind_dice(program, chart, dice, values)?,
                offset: sum(&[net[0], dice.constant, adjust])?,
                score: score.clone(),
                lookup: lookups.get(column).cloned().unwrap_or_default(),
                rows: resolve_rows(env, pre, rows)?,
                written: written(pre, rows, column),
                extras,
                naturals,
                best,
            }
        }
        Body::Check {
            dice,
            target,
            net_in_target,
            success,
            failure,
            naturals,
        } => match bind_target(env, target)?.text() {
            Err(t) => Plan::Certain(Resolved::text(t), Some("no roll".into())),
            Ok(target) => {
                let (naturals, extras) = bind_naturals(env, naturals)?;
                Plan::Check {
                    dice: bind_dice(program, chart, dice, values)?,
                    offset: sum(&[if *net_in_target { 0 } else { net[0] }, dice.constant])?,
                    target,
                    success: env.resolve(success)?,
                    failure: env.resolve(failure)?,
                    extras,
                    naturals,
                }
            }
        },
        Body::Opposed {
            rolls: Some(rolls),
            lookup,
            rows,
            ..
        } => Plan::Sides {
            sides: super::sides::bind_sides(env, rolls)?,
            offset: 0,
            lookup: lookup.clone(),
            rows: resolve_rows(env, pre, rows)?,
            written: written(pre, rows, 0),
        },
        Body::Opposed {
            dice, lookup, rows, ..
        } => Plan::Opposed {
            dice: bind_dice(program, chart, dice, values)?,
            offsets: [
                sum(&[net[0], dice.constant])?,
                sum(&[net[1], dice.constant])?,
            ],
            lookup: lookup.clone(),
            rows: resolve_rows(env, pre, rows)?,
            written: written(pre, rows, 0),
        },
        Body::Pool { dice, stages } => pool_plan(env, dice, stages, net[0])?,
    };
    Ok(plan)
}

/// Each row's outcome with the values bound: the chart's own, shared, when
/// no row's depends on the choices.
fn resolve_rows(
    env: &Env,
    pre: Option<&Prebound>,
    rows: &[RowTree],
) -> Result<Shared<[Resolved]>, RollError> {
    if let Some(rows) = pre.and_then(|p| p.rows.as_ref()) {
        return Ok(rows.clone());
    }
    let resolved: Vec<Resolved> = rows
        .iter()
        .map(|r| env.resolve(&r.outcome))
        .collect::<Result<_, _>>()?;
    Ok(resolved.into())
}

/// Each row's totals as written in column `column`, for the trace: the
/// chart's own, shared.
pub(super) fn written(pre: Option<&Prebound>, rows: &[RowTree], column: usize) -> Shared<[Ranges]> {
    match pre.and_then(|p| p.written.get(column)) {
        Some(written) => written.clone(),
        None => rows
            .iter()
            .map(|r| r.written.get(column).cloned().unwrap_or_default())
            .collect::<Vec<_>>()
            .into(),
    }
}

/// A grid cell read as a chart's whole result, as the sheet prints it.
fn cell_text(cell: &Cell) -> String {
    match cell {
        Cell::Number(n) => Show(*n).to_string(),
        Cell::Text(t) => t.to_string(),
        Cell::Target(t) => t.to_string(),
        Cell::Dice(d) => d.to_string(),
        Cell::Impossible => "Not possible".into(),
    }
}

/// The column a table reads and how far its total moves with it: the
/// choice's option, or where `columns by` and the column shifts land
/// (noted in `note`). `Break` holds the plan when the scale gives an
/// outcome of its own (off the table).
fn table_column(
    env: &Env,
    columns: Option<usize>,
    scale: Option<&Scale>,
    shift: i64,
    note: &mut Option<String>,
) -> Result<ControlFlow<Plan, (usize, i64)>, RollError> {
    let mut column = match columns {
        Some(s) => {
            let column = usize::try_from(
                env.values[s]
                    .ok_or_else(|| missing(env.program, env.chart, s))?
                    .to_integer(),
            )
            .unwrap_or(0);
            // The trace names the column by its heading, as the sheet does.
            let heading = match env.program.charts[env.chart].slots[s].kind {
                SlotKind::Choice(ch) => env.program.choices[ch].options.get(column),
                _ => None,
            };
            if let Some((_, label)) = heading {
                *note = Some(join(note.take(), format!("column `{label}`")));
            }
            column
        }
        None => 0,
    };
    let mut adjust = 0;
    if let Some(scale) = scale {
        match crate::engine::column::pick(env, scale, shift)? {
            (crate::engine::column::Pick::Column(c, by), text) => {
                column = c;
                adjust = by;
                *note = Some(join(note.take(), text));
            }
            (crate::engine::column::Pick::Outcome(o), text) => {
                let text = join(note.take(), text);
                return Ok(ControlFlow::Break(Plan::Certain(
                    env.resolve(o)?,
                    Some(text),
                )));
            }
        }
    }
    Ok(ControlFlow::Continue((column, adjust)))
}

/// A pool's stages bound: each one's dice (the first stage's from the roll,
/// later ones' from `per`), target and modifier. A text or `-` cell for the
/// first stage's dice or a target stands instead of the roll; a later
/// stage's `-` counts nothing.
fn pool_plan(env: &Env, dice: &PoolDice, stages: &[Stage], net: i64) -> Result<Plan, RollError> {
    let (program, chart, values) = (env.program, env.chart, env.values);
    let first = match dice_of_source(program, chart, dice, values)? {
        Ok(d) => d,
        Err(text) => return Ok(Plan::Certain(Resolved::text(text), Some("no roll".into()))),
    };
    let mut bound = Vec::new();
    for (i, st) in stages.iter().enumerate() {
        let target = match bind_target(env, &st.target)? {
            // A `per` stage on a `-` cell converts nothing, as one whose
            // dice cell is `-` rolls nothing (docs/language.md, Dice pools).
            BoundTarget::Impossible if i > 0 => Ranges::default(),
            t => match t.text() {
                Ok(r) => r,
                Err(t) => return Ok(Plan::Certain(Resolved::text(t), Some("no roll".into()))),
            },
        };
        let dice = if i == 0 {
            first.clone()
        } else {
            match st
                .per
                .as_ref()
                .map(|p| dice_of_source(program, chart, p, values))
                .transpose()?
            {
                Some(Ok(d)) => d,
                _ => BoundDice {
                    groups: DiceGroups::new(),
                },
            }
        };
        let modifier = if st.modified { net } else { 0 };
        bound.push(if st.once {
            let (one, one_target) = once_as_one_die(&dice, &target, modifier)?;
            BoundStage {
                label: st.label.to_string(),
                dice: one,
                target: one_target,
                modifier: 0,
                once: Some((dice, target, modifier)),
                reported: st.reported,
            }
        } else {
            BoundStage {
                label: st.label.to_string(),
                dice,
                target,
                modifier,
                once: None,
                reported: st.reported,
            }
        });
    }
    Ok(Plan::Pool { stages: bound })
}
