//! A table whose column value holds dice (`columns by firepower +
//! (air_points)d6`): the column is picked once those dice are rolled, so
//! the chart is bound once per total the column dice can make (a
//! *branch*), each an ordinary plan whose column that total picked. The
//! roll rolls the column dice, then reads their total's branch; the exact
//! odds are the mixture of the branches, each weighted by the chance of
//! its total.

use super::dice::{bind_dice, BoundDice};
use super::{bind_with, Bound, Plan, BRANCH_SHIFT};
use crate::check::tree::{ChartId, Dice, Program};
use crate::engine::choices::Choices;
use crate::engine::error::RollError;
use crate::engine::prebound::Prebound;
use crate::number::Num;

/// Most totals the column dice may make: what the bits above
/// [`BRANCH_SHIFT`] of an outcome key can name.
pub(crate) const MAX_COLUMN_TOTALS: i128 = 1 << (32 - BRANCH_SHIFT);

/// The plan of a table whose column value holds dice.
#[derive(Clone, Debug)]
pub(crate) struct ColumnPlan {
    /// The column dice, bound (a count from a param settled).
    pub dice: BoundDice,
    /// The lowest total the column dice make: branch `i` is the total
    /// `lowest + i`.
    pub lowest: i64,
    /// The chart bound with each total added to its column value.
    pub branches: Vec<Bound>,
}

impl ColumnPlan {
    /// The branch the column dice's `total` reads.
    pub fn branch(&self, total: i64) -> Option<usize> {
        usize::try_from(total.checked_sub(self.lowest)?)
            .ok()
            .filter(|&i| i < self.branches.len())
    }
}

/// Binds a table whose column value adds `dice`: once per total they can
/// make. The bound chart returned is the first branch's, with the plan of
/// every branch.
pub(super) fn bind_columns(
    program: &Program,
    pre: Option<&Prebound>,
    chart: ChartId,
    choices: &Choices,
    preset: &[(usize, Num)],
    dice: &Dice,
) -> Result<Bound, RollError> {
    let c = &program.charts[chart];
    if c.dice_read.is_some() {
        return Err(RollError::too_large(format!(
            "`{}` both reads its dice one by one and rolls dice for its column",
            c.name
        )));
    }
    let (passed, _) = super::arguments::given_values(program, chart, choices, preset)?;
    let dice = bind_dice(program, chart, dice, &passed)?;
    let (lo, hi) = dice.reach();
    if hi - lo >= MAX_COLUMN_TOTALS {
        return Err(RollError::too_large(format!(
            "the column dice of `{}` make more than {MAX_COLUMN_TOTALS} totals",
            c.name
        )));
    }
    let (Ok(lowest), Ok(highest)) = (i64::try_from(lo), i64::try_from(hi)) else {
        return Err(RollError::too_large(format!(
            "the column dice of `{}` reach past the numbers a total can hold",
            c.name
        )));
    };
    let mut branches = Vec::new();
    for total in lowest..=highest {
        branches.push(bind_with(
            program,
            pre,
            chart,
            choices,
            preset,
            &[],
            &[],
            Some(total),
        )?);
    }
    let Some(first) = branches.first() else {
        return bind_with(program, pre, chart, choices, preset, &[], &[], None);
    };
    let mut outer = first.clone();
    outer.note = None;
    outer.plan = Plan::Columns(Box::new(ColumnPlan {
        dice,
        lowest,
        branches,
    }));
    Ok(outer)
}
