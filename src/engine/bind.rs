//! Binding: a chart plus the choices made → a [`Bound`] plan in which
//! everything that does not depend on the dice is settled once (modifier
//! totals, targets, which conditional outcome each row gives). The sampler
//! and the exact-odds engine both walk this plan, so they cannot disagree.

use crate::check::tree::{
    Body, Cell, ChartId, ChartTree, ChoiceId, Cond, Dice, Expr, GridRef, Lookup, ModValue,
    Modifier, NaturalOutcome, Notation, PoolDice, Program, Ranges, RowTree, Scale, SlotKind, Stage,
    Target,
};
use crate::engine::choices::{Arg, Choices};
use crate::engine::env::{grid_cell, missing, whole_value, Env, LadderValue, Reached, Resolved};
use crate::engine::error::{ConflictVia, RollError, RollErrorKind};
use crate::engine::prebound::Prebound;
use crate::engine::totals::sum;
use crate::engine::trace::{AppliedModifier, LadderTrace, Shared};
use crate::number::{whole, Num, Number, Show};
use crate::syntax::ast::{shift_text, CompactString};
use smallvec::SmallVec;
use std::ops::ControlFlow;

/// Dice groups with counts settled.
#[derive(Clone, Debug)]
pub(crate) struct BoundDice {
    pub groups: DiceGroups,
}

/// A roll's groups of dice: inline for the one or two a sheet's roll has.
pub(crate) type DiceGroups = SmallVec<[BoundGroup; 2]>;

/// One group of dice with its count settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoundGroup {
    pub count: u32,
    /// Sides of each physical die (6 for a `d66`, whose digits are d6).
    pub sides: u32,
    pub negative: bool,
    pub notation: Notation,
}

impl BoundGroup {
    /// `count` plain dice of `sides` sides.
    pub fn plain(count: u32, sides: u32, negative: bool) -> Self {
        Self {
            count,
            sides,
            negative,
            notation: Notation::default(),
        }
    }

    /// How many dice count toward the sum (keep and drop leave some out).
    pub fn kept(&self) -> u32 {
        self.notation
            .keep
            .map_or(self.count, |k| k.kept(self.count))
    }

    /// The lowest and highest sum of the kept dice (before the sign).
    pub fn reach(&self) -> (i64, i64) {
        let n = i64::from(self.kept());
        if self.notation.is_plain() {
            return (n, n * i64::from(self.sides.max(1)));
        }
        let die = self.notation.die_reach(self.sides);
        let lo = die.first().map_or(1, |d| d.0);
        let hi = die.last().map_or(1, |d| d.1);
        (n * lo, n * hi)
    }
}

/// A natural-roll rule with its outcome settled.
#[derive(Clone, Debug)]
pub(crate) struct BoundNatural {
    pub ranges: Ranges,
    pub also: bool,
    pub outcome: NatPick,
}

/// What a natural rule gives.
#[derive(Clone, Debug)]
pub(crate) enum NatPick {
    Success,
    Failure,
    Other(usize),
}

/// One counting stage of a pool.
#[derive(Clone, Debug)]
pub(crate) struct BoundStage {
    pub label: String,
    pub dice: BoundDice,
    pub target: Ranges,
    pub modifier: i64,
    /// A `once` stage: the real dice, target and modifier, each roll
    /// counting one success if any die meets the target. `dice`, `target`
    /// and `modifier` then hold the same roll as one die of the product of
    /// the faces (see [`once_as_one_die`]), which engines that count die by
    /// die read exactly; the sampler rolls these real dice for its trace.
    pub once: Option<(BoundDice, Ranges, i64)>,
    /// The outcome names this count (`report`; every count without one).
    pub reported: bool,
}

/// Most faces of the one die a `once` stage's dice stand for.
const MAX_ONCE_FACES: u64 = 1 << 16;

/// A `once` roll as one die: face `f` (1-based) is the combination whose
/// digits in base `sides` are the dice, in order; its target holds the faces
/// where any die meets `target` after `modifier`.
fn once_as_one_die(
    dice: &BoundDice,
    target: &Ranges,
    modifier: i64,
) -> Result<(BoundDice, Ranges), RollError> {
    let mut faces = 1u64;
    let mut each: Vec<(u32, bool)> = Vec::new();
    for g in &dice.groups {
        let (count, sides, negative) = (g.count, g.sides, g.negative);
        if !g.notation.is_plain() {
            return Err(RollError::new(
                RollErrorKind::TooLarge {
                    what: "a `once` count over dice with notation (`kh3`, `r1`, `!`): \
                           count them without `once`"
                        .into(),
                },
                None,
            ));
        }
        for _ in 0..count {
            faces = faces.saturating_mul(u64::from(sides.max(1)));
            if faces > MAX_ONCE_FACES {
                return Err(RollError::new(
                    RollErrorKind::TooLarge {
                        what: format!(
                            "a `once` count over more than {MAX_ONCE_FACES} combinations of dice"
                        ),
                    },
                    None,
                ));
            }
            each.push((sides.max(1), negative));
        }
    }
    let mut spans: Vec<(i64, i64)> = Vec::new();
    for f in 0..faces {
        let mut rest = f;
        let mut any = false;
        for &(sides, negative) in each.iter().rev() {
            let face = (rest % u64::from(sides)) as i64 + 1;
            rest /= u64::from(sides);
            // Past `i64` reads no target; `Plan::fit` refuses the plan.
            any |= (if negative { -face } else { face })
                .checked_add(modifier)
                .is_some_and(|t| target.contains(t));
        }
        if any {
            let v = f as i64 + 1;
            match spans.last_mut() {
                Some(last) if last.1 + 1 == v => last.1 = v,
                _ => spans.push((v, v)),
            }
        }
    }
    let sides = u32::try_from(faces).unwrap_or(u32::MAX);
    let groups = if each.is_empty() {
        DiceGroups::new()
    } else {
        smallvec::smallvec![BoundGroup::plain(1, sides, false)]
    };
    Ok((
        BoundDice { groups },
        Ranges(spans.into(), crate::check::tree::Order::Up),
    ))
}

impl BoundDice {
    /// The lowest and highest natural roll. In `i128`, where counts and
    /// faces cannot overflow.
    pub(crate) fn reach(&self) -> (i128, i128) {
        self.groups.iter().fold((0, 0), |(lo, hi), g| {
            let count = i128::from(g.kept());
            let (dlo, dhi) = g.faces();
            let (a, b) = (count * dlo, count * dhi);
            let (glo, ghi) = (a.min(b), a.max(b));
            if g.negative {
                (lo - ghi, hi - glo)
            } else {
                (lo + glo, hi + ghi)
            }
        })
    }

    /// The lowest and highest value one die of these groups counts for,
    /// signed.
    fn faces(&self) -> (i128, i128) {
        self.groups.iter().fold((0, 0), |(lo, hi), g| {
            let (dlo, dhi) = g.faces();
            if g.negative {
                (lo.min(-dhi), hi.max(-dlo))
            } else {
                (lo.min(dlo), hi.max(dhi))
            }
        })
    }
}

impl BoundGroup {
    /// The lowest and highest value one die counts for (`d66`: 11 to 66;
    /// an exploding d6, 1 to the most its explosions add).
    fn faces(&self) -> (i128, i128) {
        if self.notation.is_plain() {
            return (1, i128::from(self.sides.max(1)));
        }
        let die = self.notation.die_reach(self.sides);
        (
            i128::from(die.first().map_or(1, |d| d.0)),
            i128::from(die.last().map_or(1, |d| d.1)),
        )
    }
}

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
            Plan::Certain(..) => Ok(()),
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
}

/// A chart bound to a set of choices.
#[derive(Clone, Debug)]
pub(crate) struct Bound {
    pub chart: ChartId,
    pub values: Values,
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

/// Binds every ladder `chart` reads, with the values it was given and the
/// arguments that gave them (the ladder's inputs are the chart's).
fn ladder_values(
    program: &Program,
    chart: ChartId,
    values: &[Option<Num>],
    given: &[Option<&Arg>],
) -> Vec<LadderValue> {
    program
        .ladder_reads
        .iter()
        .enumerate()
        .filter(|(_, r)| r.caller == chart)
        .map(|(i, r)| {
            let preset: Vec<(usize, Num)> = r
                .pass
                .iter()
                .filter_map(|&(from, to)| values.get(from).copied().flatten().map(|v| (to, v)))
                .collect();
            let inherited: Vec<(usize, &Arg)> = r
                .pass
                .iter()
                .filter_map(|&(from, to)| given.get(from).copied().flatten().map(|a| (to, a)))
                .collect();
            let bound = bind_with(
                program,
                None,
                r.ladder,
                &Choices::none(),
                &preset,
                &inherited,
            );
            let result = bound.and_then(|b| match (&b.ladder, &b.plan) {
                (Some(moved), _) => {
                    let (value, moves) = moved.value();
                    Ok(Reached {
                        value,
                        moves,
                        step: moved.result().0,
                        applied: b.modifiers(program),
                        reads: b.ladder_traces,
                    })
                }
                (None, Plan::Certain(_, why)) => Err(RollError::new(
                    RollErrorKind::Arithmetic {
                        message: format!(
                            "ladder `{}` reaches no step: {}",
                            r.name,
                            why.as_deref().unwrap_or("not possible")
                        ),
                    },
                    None,
                )),
                (None, _) => Err(RollError::new(
                    RollErrorKind::Arithmetic {
                        message: format!("`{}` is not a ladder", r.name),
                    },
                    None,
                )),
            });
            LadderValue {
                read: i,
                result: result.map_err(|mut e| {
                    e.span = e.span.or(Some(r.span));
                    e
                }),
                used: std::cell::Cell::new(false),
            }
        })
        .collect()
}

/// The `one of` groups of every ladder `chart` reads, and of the ladders
/// those read, against the arguments the chart was given: a ladder's
/// inputs are the chart's, so two members of a ladder's group are refused
/// as they are when the ladder is rolled itself.
fn check_read_groups(
    program: &Program,
    chart: ChartId,
    given: &[Option<&Arg>],
    values: &[Option<Num>],
) -> Result<(), RollError> {
    for r in program.ladder_reads.iter().filter(|r| r.caller == chart) {
        let Some(ladder) = program.charts.get(r.ladder) else {
            continue;
        };
        let mut ladder_given = vec![None; ladder.slots.len()];
        let mut ladder_values = vec![None; ladder.slots.len()];
        for &(from, to) in &r.pass {
            if let (Some(g), Some(v)) = (ladder_given.get_mut(to), ladder_values.get_mut(to)) {
                *g = given.get(from).copied().flatten();
                *v = values.get(from).copied().flatten();
            }
        }
        check_groups(ladder, &ladder_given, &ladder_values).map_err(|mut e| {
            if let RollErrorKind::Conflict { via: v @ None, .. } = &mut e.kind {
                *v = Some(Box::new(ConflictVia::Ladder(r.name.to_string())));
            }
            e
        })?;
        // Ladders read each other in no circle (the checker refuses one).
        check_read_groups(program, r.ladder, &ladder_given, &ladder_values)?;
    }
    Ok(())
}

/// Checks the `one of` groups of every chart `chart` can follow up, with
/// the values it passes along: naming two alternatives of a follow-up's
/// group is refused when the chart is bound, whatever the dice later
/// show. A walk, not a recursion (a chain may be long); a chart reached
/// twice is passed the same names and checked once, and the walk goes on
/// only where some input named reaches.
fn check_follow_up_groups(
    program: &Program,
    chart: ChartId,
    given: &[Option<&Arg>],
    values: &[Option<Num>],
) -> Result<(), RollError> {
    if given.iter().all(Option::is_none) {
        return Ok(());
    }
    let mut seen = vec![chart];
    let mut todo = Vec::new();
    follow_up_groups(program, chart, given, values, &mut seen, &mut todo)?;
    while let Some((at, (given, values))) = todo.pop() {
        follow_up_groups(program, at, &given, &values, &mut seen, &mut todo)?;
    }
    Ok(())
}

/// The inputs a follow-up is passed: who gave each slot, and its value.
type Passed<'c> = (Vec<Option<&'c Arg>>, Vec<Option<Num>>);

/// One step of [`check_follow_up_groups`]: the groups of each chart `at`
/// follows up and has not seen, and those charts, queued in `todo`.
fn follow_up_groups<'c>(
    program: &Program,
    at: ChartId,
    given: &[Option<&'c Arg>],
    values: &[Option<Num>],
    seen: &mut Vec<ChartId>,
    todo: &mut Vec<(ChartId, Passed<'c>)>,
) -> Result<(), RollError> {
    for f in program
        .follow_ups
        .iter()
        .filter(|f| f.caller == at && !f.again)
    {
        if seen.contains(&f.chart) {
            continue;
        }
        let Some(next) = program.charts.get(f.chart) else {
            continue;
        };
        let mut next_given = vec![None; next.slots.len()];
        let mut next_values = vec![None; next.slots.len()];
        for &(from, to) in &f.pass {
            if let (Some(g), Some(v)) = (next_given.get_mut(to), next_values.get_mut(to)) {
                *g = given.get(from).copied().flatten();
                *v = values.get(from).copied().flatten();
            }
        }
        if next_given.iter().all(Option::is_none) {
            continue;
        }
        seen.push(f.chart);
        let named = |mut e: RollError| {
            if let RollErrorKind::Conflict { via: v @ None, .. } = &mut e.kind {
                *v = Some(Box::new(ConflictVia::FollowUp(next.name.to_string())));
            }
            e
        };
        check_groups(next, &next_given, &next_values).map_err(named)?;
        check_read_groups(program, f.chart, &next_given, &next_values).map_err(named)?;
        todo.push((f.chart, (next_given, next_values)));
    }
    Ok(())
}

impl Bound {
    /// Adds `extra` to the net modifier, as one more modifier of that value
    /// would (a loose `+2`, a sweep's point, a picture's column), and shows
    /// it in the trace: a table's cap still holds, and on a check whose
    /// modifiers move the target the target moves; an error where a total
    /// would pass `i64`.
    pub fn shift(&mut self, program: &Program, extra: i64) -> Result<(), RollError> {
        if extra == 0 {
            return Ok(());
        }
        let before = self.net.saturating_add(self.extra);
        self.extra = self.extra.saturating_add(extra);
        let after = self.net.saturating_add(self.extra);
        self.applied.push(Applied {
            slot: None,
            value: extra,
            side: 0,
            note: None,
        });
        if let Some(ladder) = &mut self.ladder {
            ladder.net = ladder.net.saturating_add(extra);
            let (text, detail) = ladder.result();
            let detail = match &self.note {
                Some(n) => format!("{n}; {detail}"),
                None => detail,
            };
            self.plan = Plan::Certain(Resolved::text(text), Some(detail));
            return Ok(());
        }
        let body = program.charts.get(self.chart).map(|c| &c.body);
        match (&mut self.plan, body) {
            (
                Plan::Check {
                    target: bound_target,
                    ..
                },
                Some(Body::Check {
                    target,
                    net_in_target: true,
                    ..
                }),
            ) => {
                // The modifiers move the target: bind it again at the new
                // net, as binding did at the choices' net.
                let chart = &program.charts[self.chart];
                let values = reading_values(chart, &self.values);
                let env = Env {
                    program,
                    chart: self.chart,
                    values: &values,
                    net: after,
                    ladders: &self.ladders,
                };
                if let BoundTarget::Ranges(moved) = bind_target(&env, target)? {
                    *bound_target = moved;
                }
            }
            (Plan::Table { offset, .. }, Some(Body::Table { cap: Some(cap), .. })) => {
                let (was, now) = (before.clamp(-cap, *cap), after.clamp(-cap, *cap));
                *offset = sum(&[*offset, now, -was])?;
                self.note = recapped(self.note.take(), (before, was), (after, now));
            }
            (Plan::Table { offset, .. } | Plan::Check { offset, .. }, _) => {
                *offset = sum(&[*offset, extra])?;
            }
            (Plan::Opposed { offsets, .. }, _) => offsets[0] = sum(&[offsets[0], extra])?,
            (Plan::Pool { stages }, _) => {
                if let Some(s) = stages.first_mut() {
                    s.modifier = sum(&[s.modifier, extra])?;
                }
            }
            (Plan::Certain(..), _) => {}
        }
        self.plan.fit()
    }
}

/// What the trace says of a net modifier past a table's cap.
fn cap_note(net: i64, capped: i64) -> String {
    format!("net modifier {net:+} capped at {capped:+}")
}

/// A bound table's note once an extra modifier moved its net from
/// `before` to `after` (each as (net, capped)): the cap's words follow the
/// net, the rest of the note stands.
fn recapped(note: Option<String>, before: (i64, i64), after: (i64, i64)) -> Option<String> {
    let old = (before.0 != before.1).then(|| cap_note(before.0, before.1));
    let new = (after.0 != after.1).then(|| cap_note(after.0, after.1));
    let rest = match (note, old) {
        (Some(n), Some(old)) => {
            let rest = n.replacen(&format!("{old}; "), "", 1).replacen(&old, "", 1);
            (!rest.is_empty()).then_some(rest)
        }
        (n, _) => n,
    };
    match (new, rest) {
        (Some(new), Some(rest)) => Some(format!("{new}; {rest}")),
        (new, rest) => new.or(rest),
    }
}

/// The values an expression of `chart` reads, from the values passed: a
/// parametric or counted modifier not named reads 0, as at binding.
fn reading_values(chart: &ChartTree, passed: &Values) -> Values {
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

impl Bound {
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
    bind_with(program, pre, chart, choices, preset, &[])
}

/// [`bind`], with the arguments a reading chart was given for some of this
/// ladder's slots (`inherited`), so the ladder's groups and trace see them
/// as given.
fn bind_with<'c>(
    program: &Program,
    pre: Option<&Prebound>,
    chart: ChartId,
    choices: &'c Choices,
    preset: &[(usize, Num)],
    inherited: &[(usize, &'c Arg)],
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
    };
    let Modifiers {
        applied,
        mut net,
        shift,
        not_possible,
    } = apply_modifiers(&env, &passed, &given)?;
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
    let mut plan = plan(&env, pre, net, &applied, shift, &mut note, &mut ladder)?;
    plan.fit()?;
    if let Body::Table { clamp: c, .. } = &c.body {
        clamp = *c;
    }
    if let Some(why) = not_possible {
        plan = Plan::Certain(Resolved::text("Not possible"), Some(why));
        ladder = None;
    }
    let ladder_traces = ladder_traces(program, &ladders);
    if let Some(read) = ladders_read(program, &ladders) {
        note = Some(match note.take() {
            Some(n) => format!("{read}; {n}"),
            None => read,
        });
    }
    if let Plan::Certain(_, detail) = &mut plan {
        // A result without a roll shows the account in its detail (a
        // ladder keeps it too, for `Bound::shift` to show again).
        let n = if ladder.is_some() {
            note.clone()
        } else {
            note.take()
        };
        if let Some(n) = n {
            *detail = Some(join(detail.take(), n));
        }
    }
    Ok(Bound {
        chart,
        values: passed,
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
    })
}

/// The argument that gave each slot, if one did. (A chart has a handful of
/// slots: inline, as are [`Values`].)
type Given<'c> = SmallVec<[Option<&'c Arg>; 16]>;

/// Each slot's value (a sheet's chart has a handful: inline).
pub(crate) type Values = SmallVec<[Option<Num>; 8]>;

/// Each slot's value: preset, then given by an argument (a slot given twice
/// is an error), then its default. Also says which argument gave each slot,
/// for the checks and the trace that follow.
fn given_values<'c>(
    program: &Program,
    chart: ChartId,
    choices: &'c Choices,
    preset: &[(usize, Num)],
) -> Result<(Values, Given<'c>), RollError> {
    let c = &program.charts[chart];
    let mut values: Values = smallvec::smallvec![None; c.slots.len()];
    for &(slot, v) in preset {
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
            if defaulted.contains(&m.slot) && r.keys.iter().all(|&k| values[k].is_some()) {
                values[m.slot] = None;
            }
        }
    }
    Ok((values, given))
}

/// Exclusive groups: at most one member given (with a value other than 0).
fn check_groups(
    c: &ChartTree,
    given: &[Option<&Arg>],
    values: &[Option<Num>],
) -> Result<(), RollError> {
    for (heading, members) in &c.groups {
        let picked: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&m| {
                let slot = c.modifiers[m].slot;
                given[slot].is_some() && values[slot].is_some_and(|v| v != whole(0))
            })
            .collect();
        if let [a, b, ..] = picked.as_slice() {
            let (sa, sb) = (c.modifiers[*a].slot, c.modifiers[*b].slot);
            return Err(RollError::new(
                RollErrorKind::Conflict {
                    group: heading.to_string(),
                    first: c.slots[sa].name.to_string(),
                    second: c.slots[sb].name.to_string(),
                    first_span: given[sa].map(|a| a.span),
                    via: None,
                },
                given[sb].map(|a| a.span),
            ));
        }
    }
    Ok(())
}

/// What the chart's modifiers come to with the values bound.
struct Modifiers {
    /// Every modifier named or always on, as the trace lists them.
    applied: Vec<Applied>,
    /// The net modifier of each side.
    net: [i64; 2],
    /// The column shifts that apply, summed.
    shift: i64,
    /// Why the chart cannot be rolled: a modifier read a `-` cell.
    not_possible: Option<String>,
}

/// Settles every modifier against the values in `env` (`passed`: the values
/// before unnamed modifiers read as 0; `given`: the argument behind each).
fn apply_modifiers(
    env: &Env,
    passed: &[Option<Num>],
    given: &[Option<&Arg>],
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
        let value = match &m.value {
            ModValue::Fixed(v) => (raw == one || m.always).then_some((*v, None)),
            ModValue::Param { factor, from } => param_value(
                env,
                m,
                *factor,
                from.as_ref(),
                given[m.slot],
                &mut out.not_possible,
            )?,
            ModValue::Counted { per, max } => counted_value(raw, name, *per, *max, m.shifts)?,
        };
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
fn param_value(
    env: &Env,
    m: &Modifier,
    factor: i64,
    from: Option<&GridRef>,
    given: Option<&Arg>,
    not_possible: &mut Option<String>,
) -> Result<Option<(i64, Option<String>)>, RollError> {
    let values = env.values;
    let raw = values[m.slot];
    let name = &env.program.charts[env.chart].slots[m.slot].name;
    // Named with a value, or bare (a shift from a grid: the grid's).
    let valued = given.is_some_and(|a| a.value.is_some());
    Ok(match (raw, from) {
        (Some(v), _) if valued || raw != Some(whole(0)) => {
            let v = whole_value(v, &format!("`{name}`"))?;
            Some((checked(v.checked_mul(factor))?, None))
        }
        // A shift from a grid applies only where it is named.
        (_, Some(_)) if m.shifts && given.is_none() => None,
        (_, Some(r)) if r.keys.iter().all(|&k| values[k].is_some()) => {
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
            let absent = r.keys.iter().copied().find(|&k| values[k].is_none());
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
        (_, Some(r)) if r.keys.iter().any(|&k| values[k].is_some()) => {
            let absent = r.keys.iter().find(|&&k| values[k].is_none());
            return Err(missing(
                env.program,
                env.chart,
                absent.copied().unwrap_or(0),
            ));
        }
        _ => None,
    })
}

/// Where a grid-fed value came from, for the trace: the options its keys
/// were read at (`veteran, suppressed`).
fn grid_keys(env: &Env, r: &GridRef) -> String {
    let chart = &env.program.charts[env.chart];
    r.keys
        .iter()
        .map(|&k| {
            let option = env.values[k].and_then(|v| {
                let SlotKind::Choice(c) = chart.slots.get(k)?.kind else {
                    return None;
                };
                let i = usize::try_from(crate::number::to_whole(v)?).ok()?;
                Some(env.program.choices.get(c)?.options.get(i)?.0.to_string())
            });
            option.unwrap_or_else(|| {
                chart
                    .slots
                    .get(k)
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

/// The ladders an expression read, for the trace: each one's step and how
/// it was reached, or `None` when none was read.
fn ladders_read(program: &Program, ladders: &[LadderValue]) -> Option<String> {
    let read: Vec<String> = ladders
        .iter()
        .filter(|l| l.used.get())
        .filter_map(|l| {
            let r = l.result.as_ref().ok()?;
            let name = &program.ladder_reads.get(l.read)?.name;
            Some(format!("ladder `{name}`: {} = {}", r.moves, Show(r.value)))
        })
        .collect();
    (!read.is_empty()).then(|| read.join("; "))
}

/// The ladders an expression read, for the trace: each one's modifiers
/// named and the step it reached, after the ladders it read itself (empty,
/// without allocating, when none was read).
fn ladder_traces(program: &Program, ladders: &[LadderValue]) -> Shared<[LadderTrace]> {
    if !ladders.iter().any(|l| l.used.get()) {
        return Shared::default();
    }
    let mut traces = Vec::new();
    for l in ladders.iter().filter(|l| l.used.get()) {
        let (Ok(reached), Some(read)) = (&l.result, program.ladder_reads.get(l.read)) else {
            continue;
        };
        traces.extend(reached.reads.iter().cloned());
        let title = program.charts.get(read.ladder).map(|c| c.title.to_string());
        traces.push(LadderTrace {
            name: read.name.to_string(),
            title: title.unwrap_or_default(),
            modifiers: reached.applied.clone(),
            moves: reached.moves.clone(),
            step: reached.step.clone(),
        });
    }
    traces.into()
}

/// Two notes for the trace, in order.
fn join(first: Option<String>, second: String) -> String {
    match first {
        Some(f) => format!("{second}; {f}"),
        None => second,
    }
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
                },
                Some(arg.span),
            ));
        }
    }
    Ok(n)
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

fn bind_dice(
    program: &Program,
    chart: ChartId,
    d: &Dice,
    values: &[Option<Num>],
) -> Result<BoundDice, RollError> {
    let mut groups = DiceGroups::new();
    for g in &d.groups {
        let count = match g.count_slot {
            None => g.count,
            Some(s) => {
                let n = values[s].ok_or_else(|| missing(program, chart, s))?;
                let n = whole_value(
                    n,
                    &format!(
                        "the number of dice `{}`",
                        program.charts[chart].slots[s].name
                    ),
                )?;
                u32::try_from(n).map_err(|_| {
                    RollError::new(
                        RollErrorKind::Arithmetic {
                            message: format!("cannot roll {n} dice"),
                        },
                        None,
                    )
                })?
            }
        };
        groups.push(BoundGroup {
            count,
            sides: g.sides,
            negative: g.negative,
            notation: g.notation,
        });
    }
    let total: u64 = groups.iter().map(|g| u64::from(g.count)).sum();
    if total > 1000 {
        return Err(RollError::new(
            RollErrorKind::TooLarge {
                what: format!("{total} dice in one roll (the limit is 1000)"),
            },
            None,
        ));
    }
    Ok(BoundDice { groups })
}

/// The target as a set of totals, or the text/`-` cell that replaces the roll.
enum BoundTarget {
    Ranges(Ranges),
    Text(String),
}

fn bind_target(env: &Env, t: &Target) -> Result<BoundTarget, RollError> {
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
                Cell::Dice(_) | Cell::Impossible => {
                    return Ok(BoundTarget::Text("Not possible".into()))
                }
            }
        }
    }))
}

fn bind_naturals(
    env: &Env,
    naturals: &[crate::check::tree::Natural],
) -> Result<(Vec<BoundNatural>, Vec<Resolved>), RollError> {
    let mut out = Vec::new();
    let mut extras = Vec::new();
    for n in naturals {
        if let Some(c) = &n.cond {
            if !env.cond(c)? {
                continue;
            }
        }
        let outcome = match &n.outcome {
            NaturalOutcome::Success => NatPick::Success,
            NaturalOutcome::Failure => NatPick::Failure,
            NaturalOutcome::Other(o) => {
                extras.push(env.resolve(o)?);
                NatPick::Other(extras.len() - 1)
            }
        };
        out.push(BoundNatural {
            ranges: n.ranges.clone(),
            also: n.also,
            outcome,
        });
    }
    Ok((out, extras))
}

fn dice_of_source(
    program: &Program,
    chart: ChartId,
    src: &PoolDice,
    values: &[Option<Num>],
) -> Result<Result<BoundDice, String>, RollError> {
    match src {
        PoolDice::Dice(d) => Ok(Ok(bind_dice(program, chart, d, values)?)),
        PoolDice::Grid(r) => match grid_cell(program, r, values)? {
            Cell::Dice(d) => Ok(Ok(bind_dice(program, chart, d, values)?)),
            Cell::Text(t) => Ok(Err(t.to_string())),
            _ => Ok(Err("Not possible".into())),
        },
    }
}

/// What is left to roll once the values and modifiers are bound: one arm per
/// chart body kind, the longer ones in helpers below.
fn plan(
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
        } => match bind_target(env, target)? {
            BoundTarget::Text(t) => Plan::Certain(Resolved::text(t), Some("no roll".into())),
            BoundTarget::Ranges(target) => {
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
fn written(pre: Option<&Prebound>, rows: &[RowTree], column: usize) -> Shared<[Ranges]> {
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

/// A ladder moved from its start by the net modifier `net`, under the caps
/// whose condition holds.
fn ladder_moved(
    env: &Env,
    steps: &[Num],
    labels: &[Option<CompactString>],
    start: &Expr,
    caps: &[(Expr, Option<Cond>)],
    net: i64,
) -> Result<crate::engine::ladder::Moved, RollError> {
    // Exact: a start between two steps snaps to the step below it.
    let start = env.expr(start, None)?;
    let mut holding = Vec::new();
    for (cap, cond) in caps {
        let holds = match cond {
            Some(c) => env.cond(c)?,
            None => true,
        };
        if holds {
            holding.push(env.expr(cap, None)?);
        }
    }
    Ok(crate::engine::ladder::Moved::new(
        steps.to_vec(),
        labels.to_vec(),
        start,
        net,
        holding,
    ))
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
/// dice or a target stands instead of the roll.
fn pool_plan(env: &Env, dice: &PoolDice, stages: &[Stage], net: i64) -> Result<Plan, RollError> {
    let (program, chart, values) = (env.program, env.chart, env.values);
    let first = match dice_of_source(program, chart, dice, values)? {
        Ok(d) => d,
        Err(text) => return Ok(Plan::Certain(Resolved::text(text), Some("no roll".into()))),
    };
    let mut bound = Vec::new();
    for (i, st) in stages.iter().enumerate() {
        let target = match bind_target(env, &st.target)? {
            BoundTarget::Ranges(r) => r,
            BoundTarget::Text(t) => {
                return Ok(Plan::Certain(Resolved::text(t), Some("no roll".into())))
            }
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
