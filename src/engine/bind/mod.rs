//! Binding: a chart plus the choices made → a [`Bound`] plan in which
//! everything that does not depend on the dice is settled once (modifier
//! totals, targets, which conditional outcome each row gives). The sampler
//! and the exact-odds engine both walk this plan, so they cannot disagree.
//!
//! [`bind`] is here and goes in order: [`arguments`] gives each slot its
//! value, [`groups`] refuses two members of a `one of` group (the chart's,
//! its ladders', its follow-ups'), [`ladders`] binds the ladders it reads,
//! [`modifiers`] settles the modifiers, [`dice`] the dice, and [`plan`]
//! what is left to roll. [`shift`] moves a bound chart by an extra
//! modifier afterwards.

mod arguments;
mod column_dice;
mod dice;
mod faces;
mod groups;
mod ladders;
mod modifiers;
mod plan;
mod shift;
mod sides;

use crate::check::tree::{Body, ChartId, Program};
use crate::engine::choices::{Arg, Choices};
use crate::engine::env::{Env, LadderValue, Resolved};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::prebound::Prebound;
use crate::engine::trace::{LadderTrace, Shared};
use crate::number::Num;
use arguments::{given_values, reading_values};
use groups::{check_follow_up_groups, check_groups, check_read_groups};
use ladders::{ladder_traces, ladder_values, ladders_read};
use modifiers::{apply_modifiers, grid_readings, Modifiers};
use plan::plan;
use shift::cap_note;
use smallvec::SmallVec;

pub(crate) use column_dice::ColumnPlan;
pub(crate) use dice::{BoundDice, BoundGroup, BoundNatural, BoundStage, NatPick};
pub(crate) use faces::{cond_reads_dice, FacePlan, BRANCH_SHIFT};
pub(crate) use plan::{fit_reach, Plan};

/// A chart bound to a set of choices.
#[derive(Clone, Debug)]
pub(crate) struct Bound {
    pub chart: ChartId,
    pub values: Values,
    /// The values as an expression read at roll time (a score) reads them:
    /// a modifier nobody named as 0, a grid-fed one as its cell.
    pub reading: Values,
    pub applied: Vec<Applied>,
    pub plan: Plan,
    /// What binding settled that the trace should say: the column a value
    /// picked and how shifts moved it, a capped net modifier.
    pub note: Option<String>,
    /// `clamp total to LO..HI`: the plan's lookup already reads clamped
    /// totals; the trace says "7 treated as 6".
    pub clamp: Option<(i64, i64)>,
    /// A ladder's movement, kept so an extra modifier can move it again.
    pub ladder: Option<crate::engine::ladder::Moved>,
    /// The extra modifiers added by [`Bound::shift`], summed.
    pub extra: i64,
    /// The net modifier the choices gave (the first side's, before a
    /// table's cap): an extra modifier is added to it, as one more
    /// modifier would be.
    pub net: i64,
    /// The ladders this chart reads by name, bound with its values.
    pub ladders: Vec<LadderValue>,
    /// The ladders an expression of this chart read, as its traces show
    /// them (shared by every roll of the bound chart).
    pub ladder_traces: Shared<[LadderTrace]>,
    /// How many times `then again` has rolled this chart once more.
    pub repeat: usize,
    /// The faces of the dice this binding was settled at, for a branch of
    /// a chart that reads them one by one ([`FacePlan`]); else empty.
    pub faces: Vec<u32>,
}

/// A modifier as bound: what a trace lists as an [`AppliedModifier`],
/// without the texts ([`Bound::modifiers`] names it).
#[derive(Clone, Debug)]
pub(crate) struct Applied {
    /// The modifier's slot; `None` for an extra modifier ([`Bound::shift`]).
    pub slot: Option<usize>,
    /// What it added (0 when not applicable).
    pub value: i64,
    /// For opposed rolls, the side (0 or 1).
    pub side: usize,
    /// "capped at +4", "not applicable", "3 x +1".
    pub note: Option<String>,
}

impl Bound {
    /// The offsets a table (the first alone) or an opposed roll (each
    /// side's) reads its dice with.
    pub(crate) fn offsets(&self) -> Option<[i64; 2]> {
        match &self.plan {
            Plan::Table { offset, .. } => Some([*offset, 0]),
            Plan::Opposed { offsets, .. } => Some(*offsets),
            _ => None,
        }
    }

    /// Says when a total no row reads came from an extra modifier (a loose
    /// `+N`, a `--sweep` step) rather than from the choices: the checker
    /// proved every total the chart's own modifiers reach is read.
    pub fn explain(&self, e: RollError) -> RollError {
        match e.kind {
            RollErrorKind::NoRow { total } if self.extra != 0 => RollError::new(
                RollErrorKind::ExtraOffTable {
                    total,
                    extra: self.extra,
                },
                e.span,
            ),
            _ => e,
        }
    }
}

/// Binds `chart` to the arguments given, plus values preset by a caller
/// (follow-ups pass values along this way). `pre` is what every binding of
/// the chart shares, where the caller has it (a chart bound through its
/// `Ruleset`); a follow-up or a ladder read is bound without, its rows
/// resolved for it.
pub(crate) fn bind(
    program: &Program,
    pre: Option<&Prebound>,
    chart: ChartId,
    choices: &Choices,
    preset: &[(usize, Num)],
) -> Result<Bound, RollError> {
    if let Body::Table {
        scale: Some(scale), ..
    } = &program.charts[chart].body
    {
        if let Some(dice) = &scale.dice {
            return column_dice::bind_columns(program, pre, chart, choices, preset, dice);
        }
    }
    match &program.charts[chart].dice_read {
        Some(read) => faces::bind_faces(program, pre, chart, choices, preset, read),
        None => bind_with(program, pre, chart, choices, preset, &[], &[], None),
    }
}

/// [`bind`], with the arguments a reading chart was given for some of this
/// ladder's slots (`inherited`), so the ladder's groups and trace see them
/// as given, the faces of the dice where a branch of a chart that
/// reads them is bound (`faces`), and the total of the column dice where a
/// branch of a table whose column value holds dice is (`column_roll`).
#[allow(clippy::too_many_arguments)] // `bind`'s, and what a branch was rolled at
fn bind_with<'c>(
    program: &Program,
    pre: Option<&Prebound>,
    chart: ChartId,
    choices: &'c Choices,
    preset: &[(usize, Num)],
    inherited: &[(usize, &'c Arg)],
    faces: &[u32],
    column_roll: Option<i64>,
) -> Result<Bound, RollError> {
    let c = &program.charts[chart];
    let (passed, mut given) = given_values(program, chart, choices, preset)?;
    for &(slot, arg) in inherited {
        if let Some(g) = given.get_mut(slot) {
            g.get_or_insert(arg);
        }
    }
    check_groups(c, &given, &passed)?;
    check_read_groups(program, chart, &given, &passed)?;
    check_follow_up_groups(program, chart, &given, &passed)?;
    // Values as the sheet reads them: a modifier not named adds nothing, so
    // in expressions and conditions it is 0 (a plain param is still needed);
    // so does a read ladder's modifier the chart names itself.
    let values = reading_values(c, &passed);
    let ladders = ladder_values(program, chart, &passed, &given);
    let mut env = Env {
        program,
        chart,
        values: &values,
        net: 0,
        ladders: &ladders,
        faces,
        column_roll,
    };
    let Modifiers {
        applied,
        mut net,
        shift,
        not_possible,
    } = apply_modifiers(&env, &passed, &given, preset)?;
    let values = grid_readings(&env, &passed)?;
    env.values = &values;
    let mut note = None;
    let mut clamp = None;
    let raw_net = net[0];
    if let Body::Table { cap: Some(cap), .. } = &c.body {
        let capped = net[0].clamp(-cap, *cap);
        if capped != net[0] {
            note = Some(cap_note(net[0], capped));
            net[0] = capped;
        }
    }
    env.net = net[0];
    let mut ladder = None;
    // A `-` cell settles the chart before anything is rolled or read: what
    // the plan would have refused (a column off the scale) does not stand.
    let planned = plan(&env, pre, net, &applied, shift, &mut note, &mut ladder)
        .and_then(|p| p.fit().map(|()| p));
    let mut plan = match (planned, &not_possible) {
        (Err(e), None) => return Err(e),
        (planned, _) => planned,
    };
    if let Body::Table { clamp: c, .. } = &c.body {
        clamp = *c;
    }
    if let Some(why) = not_possible {
        plan = Ok(Plan::Certain(Resolved::text("Not possible"), Some(why)));
        ladder = None;
    }
    let mut plan = plan?;
    let ladder_traces = ladder_traces(program, &ladders);
    if let Some(read) = ladders_read(program, &ladders) {
        note = Some(match note.take() {
            Some(n) => format!("{read}; {n}"),
            None => read,
        });
    }
    note_in_detail(&mut plan, ladder.is_some(), &mut note);
    Ok(Bound {
        chart,
        values: passed,
        reading: values,
        applied,
        plan,
        note,
        clamp,
        ladder,
        extra: 0,
        net: raw_net,
        ladders,
        ladder_traces,
        repeat: 0,
        faces: faces.to_vec(),
    })
}

/// A result without a roll shows the account in its detail (a ladder keeps
/// it in `note` too, for `Bound::shift` to show again).
fn note_in_detail(plan: &mut Plan, ladder: bool, note: &mut Option<String>) {
    if let Plan::Certain(_, detail) = plan {
        let n = if ladder { note.clone() } else { note.take() };
        if let Some(n) = n {
            *detail = Some(join(detail.take(), n));
        }
    }
}

/// Each slot's value (a sheet's chart has a handful: inline).
pub(crate) type Values = SmallVec<[Option<Num>; 8]>;

/// Two notes for the trace, in order.
fn join(first: Option<String>, second: String) -> String {
    match first {
        Some(f) => format!("{second}; {f}"),
        None => second,
    }
}
