//! The sampler: rolls a bound plan with any source of dice and returns the
//! full [`Roll`] trace, rolling follow-ups in turn (bounded in depth).

use crate::check::tree::{Body, ChartId, ChartTree, Program};
use crate::engine::bind::{bind, cond_reads_dice, Bound, BoundDice, BoundStage, FacePlan, Plan};
use crate::engine::budget::{Preset, Work};
use crate::engine::choices::Choices;
use crate::engine::dice::{roll_group, DiceSource};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::read::outcome_text;
use crate::engine::trace::{
    DiceRoll, DiceRolls, Faces, NaturalRule, OutcomeField, OutcomeText, Roll, Shared, SideRoll,
};
use crate::engine::trace_text::{qualified_name, TraceText};
use crate::limits::Limits;
use crate::syntax::ast::CompactString;

/// How many dice one roll of `dice` rolls (before rerolls and explosions,
/// which each die's notation bounds).
pub(crate) fn dice_count(dice: &BoundDice) -> u64 {
    dice.groups.iter().map(|g| u64::from(g.count)).sum()
}

pub(crate) fn roll_dice<D: DiceSource + ?Sized>(
    dice: &BoundDice,
    source: &mut D,
    label: Option<&str>,
    out: &mut DiceRolls,
) -> i64 {
    let mut sum = 0i64;
    for g in &dice.groups {
        let s = if g.notation.is_plain() {
            let faces: Faces = (0..g.count).map(|_| source.die(g.sides)).collect();
            let s: i64 = faces.iter().map(|&f| i64::from(f)).sum();
            out.push(DiceRoll {
                sides: g.sides,
                faces,
                negative: g.negative,
                label: label.map(str::to_string),
                notated: None,
            });
            s
        } else {
            let mut rolled = Vec::with_capacity(1);
            let s = roll_group(g, source, label, &mut rolled);
            out.extend(rolled);
            s
        };
        sum += if g.negative { -s } else { s };
    }
    sum
}

/// What every part of one roll reads: the program, the bound chart and the
/// texts its traces share, if it has them.
#[derive(Clone, Copy)]
struct Rolling<'a> {
    program: &'a Program,
    bound: &'a Bound,
    /// The bound chart, `program.charts[bound.chart]`, found once.
    chart: &'a ChartTree,
    text: Option<&'a TraceText>,
}

impl Rolling<'_> {
    /// What a budget error says is being rolled.
    fn name(&self) -> String {
        format!(
            "rolling `{}.{}`",
            self.program.games[self.chart.game].name, self.chart.name
        )
    }
}

/// Rolls a bound chart and its follow-ups. `text`: the texts the bound
/// chart's traces share, when it has them (a follow-up has none: its few
/// texts are built for this roll).
#[allow(clippy::too_many_lines)] // the trace, one arm per plan kind, then the follow-ups
pub(crate) fn roll<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    text: Option<&TraceText>,
    source: &mut D,
    limits: &Limits,
    depth: usize,
    work: &mut Work,
) -> Result<Roll, RollError> {
    if let Plan::Faces(plan) = &bound.plan {
        return roll_faces(program, bound, plan, source, limits, depth, work);
    }
    if let Plan::Columns(plan) = &bound.plan {
        let (total, said) = crate::engine::column_roll::roll_column_dice(&plan.dice, source);
        let Some(inner) = plan.branch(total).and_then(|b| plan.branches.get(b)) else {
            return Err(RollError::too_large(
                "a total of the column dice no branch reads".into(),
            ));
        };
        let mut trace = roll_as(program, inner, bound, None, source, limits, depth, work)?;
        trace.detail = Some(match trace.detail.take() {
            Some(d) => format!("{said}, {d}"),
            None => said,
        });
        return Ok(trace);
    }
    roll_as(program, bound, bound, text, source, limits, depth, work)
}

/// [`roll`], with the bound chart whose follow-ups are rolled (`caller`):
/// the chart that reads its dice for one of its branches, so that `then
/// again` reads the faces of its new roll afresh.
#[allow(clippy::too_many_arguments)] // `roll`'s, and the caller
fn roll_as<D: DiceSource + ?Sized>(
    program: &Program,
    bound: &Bound,
    caller: &Bound,
    text: Option<&TraceText>,
    source: &mut D,
    limits: &Limits,
    depth: usize,
    work: &mut Work,
) -> Result<Roll, RollError> {
    let chart = &program.charts[bound.chart];
    let cx = Rolling {
        program,
        bound,
        chart,
        text,
    };
    let mut trace = empty_trace(program, bound, text);
    let mut follow: Vec<usize> = Vec::new();
    match &bound.plan {
        Plan::Certain(r, detail) => {
            trace.outcome = match text.and_then(|t| t.fields(0)) {
                Some(fields) => OutcomeText {
                    fields,
                    also: Vec::new(),
                },
                None => outcome_text(chart, r, &[]),
            };
            trace.detail.clone_from(detail);
            follow.extend(&r.follow_ups);
        }
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => {
            roll_read(cx, dice, source, work, &mut trace, &mut follow)?;
        }
        Plan::Opposed { dice, offsets, .. } => roll_opposed(
            cx,
            (dice, opposed_sides(chart), offsets),
            source,
            work,
            &mut trace,
            &mut follow,
        )?,
        Plan::Pool { stages } => roll_pool(cx, stages, source, work, &mut trace)?,
        // Rolled branch by branch above.
        Plan::Faces(_) | Plan::Columns(_) => {}
        Plan::Sides { sides, offset, .. } => roll_sides(
            cx,
            (sides, *offset),
            (source, limits, depth),
            work,
            &mut trace,
            &mut follow,
        )?,
    }
    work.text(trace.outcome.bytes());
    for index in follow {
        match follow_up(program, caller, index, depth, limits, work)? {
            Some(next) => {
                work.follow_up(to_bind(program, next.chart), || cx.name())?;
                let mut rolled = roll(program, &next, None, source, limits, depth + 1, work)?;
                say_with(program, index, &mut rolled);
                trace.follow_ups.push(rolled);
            }
            None => {
                let stands = format!(
                    "not rolled again: at most {} repeats, the last outcome stands",
                    limits.max_repeats
                );
                trace.detail = Some(match trace.detail.take() {
                    Some(d) => format!("{d}; {stands}"),
                    None => stands,
                });
            }
        }
    }
    Ok(trace)
}

/// The trace of a roll of `bound` before its dice: its names, and its
/// modifiers and ladders as binding settled them.
fn empty_trace(program: &Program, bound: &Bound, text: Option<&TraceText>) -> Roll {
    let chart = &program.charts[bound.chart];
    Roll {
        chart: text.map_or_else(
            || qualified_name(program, bound).into(),
            |t| t.chart.clone(),
        ),
        title: text.map_or_else(|| chart.title.as_str().into(), |t| t.title.clone()),
        dice: DiceRolls::new(),
        natural: None,
        modifiers: text.map_or_else(|| bound.modifiers(program).into(), |t| t.modifiers.clone()),
        ladders: bound.ladder_traces.clone(),
        total: None,
        score: None,
        row: None,
        detail: None,
        target: None,
        modifiers_move_target: false,
        met_target: None,
        sides: Vec::new(),
        natural_rules: Vec::new(),
        outcome: OutcomeText::default(),
        follow_ups: Vec::new(),
    }
}

/// A chart that reads its dice one by one: the dice rolled, the branch
/// their faces read rolled with those faces (its trace is the roll's), and
/// the modifiers the faces decided named before what binding settled
/// ("cowers on doubles 3-3: value 8: column 8, shifted 1L to 6").
fn roll_faces<D: DiceSource + ?Sized>(
    program: &Program,
    outer: &Bound,
    plan: &FacePlan,
    source: &mut D,
    limits: &Limits,
    depth: usize,
    work: &mut Work,
) -> Result<Roll, RollError> {
    let faces: Vec<u32> = plan.dice.iter().map(|&(s, _)| source.die(s)).collect();
    let branch = plan.branch(&faces).unwrap_or(0);
    let Some((_, bound)) = plan.branches.get(branch) else {
        return Err(RollError::too_large("a roll no branch reads".into()));
    };
    let mut fresh = |sides| source.die(sides);
    let mut replay = Replay {
        faces: &faces,
        // A branch settled without a roll (off the table) reads none of
        // the faces: its follow-ups roll dice of their own.
        next: if matches!(bound.plan, Plan::Certain(..)) {
            faces.len()
        } else {
            0
        },
        then: &mut fresh,
    };
    let mut trace = roll_as(
        program,
        bound,
        outer,
        None,
        &mut replay,
        limits,
        depth,
        work,
    )?;
    if trace.dice.is_empty() {
        // A branch whose result needs no roll (off the table): the dice
        // that decided it are still the roll's.
        for (&(sides, negative), &face) in plan.dice.iter().zip(&faces) {
            match trace.dice.last_mut() {
                Some(d) if d.sides == sides && d.negative == negative => d.faces.push(face),
                _ => trace.dice.push(DiceRoll {
                    sides,
                    faces: Faces::from_slice(&[face]),
                    negative,
                    label: None,
                    notated: None,
                }),
            }
        }
        trace.natural = Some(plan.natural(&faces));
    }
    let chart = &program.charts[bound.chart];
    let decided: Vec<&str> = bound
        .applied
        .iter()
        // What applied: not the modifiers listed as not applicable.
        .filter(|a| {
            !a.note
                .as_deref()
                .is_some_and(|n| n == "not applicable" || n.starts_with("no column shift"))
        })
        .filter_map(|a| chart.modifiers.iter().find(|m| Some(m.slot) == a.slot))
        .filter(|m| m.applies.as_ref().is_some_and(cond_reads_dice))
        .filter_map(|m| chart.slots.get(m.slot).map(|s| s.label.as_str()))
        .collect();
    if !decided.is_empty() {
        let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
        let said = format!("{} {}", decided.join(", "), shown.join("-"));
        trace.detail = Some(match trace.detail.take() {
            Some(d) => format!("{said}: {d}"),
            None => said,
        });
    }
    Ok(trace)
}

/// The faces already rolled, given again in order, then fresh dice (for
/// the follow-ups). Not generic over the source it wraps: a follow-up that
/// reads its dice too wraps it again, as the same type.
struct Replay<'a> {
    faces: &'a [u32],
    next: usize,
    then: &'a mut dyn FnMut(u32) -> u32,
}

impl DiceSource for Replay<'_> {
    fn die(&mut self, sides: u32) -> u32 {
        match self.faces.get(self.next) {
            Some(&f) => {
                self.next += 1;
                f
            }
            None => (self.then)(sides),
        }
    }
}

/// A repeat's changed choices (`then again with ...`), said in the trace of
/// the roll they changed.
fn say_with(program: &Program, index: usize, rolled: &mut Roll) {
    if let Some(f) = program.follow_ups.get(index).filter(|f| !f.with.is_empty()) {
        let with = format!("rolled again with {}", f.with);
        rolled.detail = Some(match rolled.detail.take() {
            Some(d) => format!("{with}; {d}"),
            None => with,
        });
    }
}

/// A table or a check: one roll of `dice`, read by the bound plan, with the
/// row, target, natural-roll rules and clamp it went through in the trace.
/// The outcome's follow-ups go to `follow`.
#[inline]
fn roll_read<D: DiceSource + ?Sized>(
    cx: Rolling,
    dice: &BoundDice,
    source: &mut D,
    work: &mut Work,
    trace: &mut Roll,
    follow: &mut Vec<usize>,
) -> Result<(), RollError> {
    let Rolling {
        program,
        bound,
        chart,
        text,
    } = cx;
    work.dice(dice_count(dice), || cx.name())?;
    let natural = roll_dice(dice, source, None, &mut trace.dice);
    let reading = bound.read(program, natural, 0)?;
    let (primary, extras) = bound.outcome(reading.key);
    trace.natural = Some(natural);
    trace.total = Some(reading.total);
    trace.score = reading.score;
    trace.row = printed_line(program, bound, text, reading.score.unwrap_or(reading.total))
        .or_else(|| reading.row.and_then(|r| row_text(bound, text, r)));
    trace.natural_rules = natural_rules(bound, natural);
    if let (Some(_), Plan::Check { target, .. }) = (reading.success, &bound.plan) {
        // `target`, `met_target` and `modifiers_move_target` say it
        // all; `detail` is kept for what no field says.
        trace.target = Some(target.to_string());
        trace.met_target = Some(target.contains(reading.total));
        trace.modifiers_move_target = matches!(
            chart.body,
            crate::check::tree::Body::Check {
                net_in_target: true,
                ..
            }
        );
    }
    if reading.capped {
        trace.detail = Some("capped: the best result allowed here".into());
    }
    // What binding settled (the column, a capped net modifier) and
    // a clamped total: the trace says what the engine read.
    let clamped = bound.clamp.and_then(|(lo, hi)| {
        let t = reading.total;
        (t < lo || t > hi).then(|| format!("{t} treated as {}", t.clamp(lo, hi)))
    });
    let said = trace.detail.take();
    trace.detail = joined(&[bound.note.as_deref(), clamped.as_deref(), said.as_deref()]);
    trace.outcome = shared_outcome(text, reading.key.primary, extras.is_empty())
        .unwrap_or_else(|| outcome_text(chart, primary, &extras));
    follow.extend(&primary.follow_ups);
    for e in &extras {
        follow.extend(&e.follow_ups);
    }
    Ok(())
}

/// The names of an opposed roll's sides (`att`, `def`).
fn opposed_sides(chart: &ChartTree) -> &[CompactString] {
    match &chart.body {
        Body::Opposed { sides, .. } => sides,
        _ => &[],
    }
}

/// An opposed roll: `dice` rolled once per side, the difference read by
/// the bound plan, each side's natural roll and modifier in the trace. The
/// outcome's follow-ups go to `follow`.
#[inline]
fn roll_opposed<D: DiceSource + ?Sized>(
    cx: Rolling,
    (dice, sides, offsets): (&BoundDice, &[CompactString], &[i64; 2]),
    source: &mut D,
    work: &mut Work,
    trace: &mut Roll,
    follow: &mut Vec<usize>,
) -> Result<(), RollError> {
    let Rolling {
        program,
        bound,
        chart,
        text,
    } = cx;
    work.dice(dice_count(dice).saturating_mul(2), || cx.name())?;
    let a = roll_dice(
        dice,
        source,
        sides.first().map(CompactString::as_str),
        &mut trace.dice,
    );
    let b = roll_dice(
        dice,
        source,
        sides.get(1).map(CompactString::as_str),
        &mut trace.dice,
    );
    let reading = bound.read(program, a, b)?;
    let (primary, _) = bound.outcome(reading.key);
    trace.natural = Some(a);
    trace.total = Some(reading.total);
    trace.score = reading.score;
    trace.row = reading.row.and_then(|r| row_text(bound, text, r));
    trace.sides = [a, b]
        .iter()
        .zip(offsets)
        .enumerate()
        .map(|(i, (&natural, &modifier))| SideRoll {
            side: sides.get(i).map_or_else(String::new, ToString::to_string),
            natural,
            modifier,
            total: natural + modifier,
            inputs: String::new(),
            roll: None,
        })
        .collect();
    // `sides` and `score` are the account; `detail` says what
    // binding settled (a column, a ladder's moves), if anything.
    trace.detail.clone_from(&bound.note);
    trace.outcome = shared_outcome(text, reading.key.primary, true)
        .unwrap_or_else(|| outcome_text(chart, primary, &[]));
    follow.extend(&primary.follow_ups);
    Ok(())
}

/// An opposed roll whose sides each roll a chart: each side's roll traced
/// in full under it, its outcome read as a number, the difference read by
/// the bound plan. The outcome's follow-ups go to `follow`.
fn roll_sides<D: DiceSource + ?Sized>(
    cx: Rolling,
    (sides, offset): (&[Bound; 2], i64),
    (source, limits, depth): (&mut D, &Limits, usize),
    work: &mut Work,
    trace: &mut Roll,
    follow: &mut Vec<usize>,
) -> Result<(), RollError> {
    let Rolling {
        program,
        bound,
        chart,
        text,
    } = cx;
    let names = opposed_sides(chart);
    let mut results = [0i64; 2];
    for (i, side) in sides.iter().enumerate() {
        let rolled = roll(program, side, None, source, limits, depth + 1, work)?;
        results[i] = crate::engine::sides::traced(program, bound.chart, i, &rolled)?;
        let modifier = if i == 0 { offset } else { 0 };
        trace.sides.push(SideRoll {
            side: names.get(i).map_or_else(String::new, ToString::to_string),
            natural: results[i],
            modifier,
            total: crate::engine::totals::sum(&[results[i], modifier])?,
            inputs: crate::engine::sides::inputs(program, bound, i),
            roll: Some(Box::new(rolled)),
        });
    }
    let reading = bound.read(program, results[0], results[1])?;
    let (primary, _) = bound.outcome(reading.key);
    trace.score = reading.score;
    trace.row = reading.row.and_then(|r| row_text(bound, text, r));
    trace.detail.clone_from(&bound.note);
    trace.outcome = shared_outcome(text, reading.key.primary, true)
        .unwrap_or_else(|| outcome_text(chart, primary, &[]));
    follow.extend(&primary.follow_ups);
    Ok(())
}

/// A pool: each stage's dice rolled once per success of the stage before
/// (the first once), its hits counted; the outcome names the counts
/// `report` keeps and the detail says every stage and count.
#[inline]
fn roll_pool<D: DiceSource + ?Sized>(
    cx: Rolling,
    stages: &[BoundStage],
    source: &mut D,
    work: &mut Work,
    trace: &mut Roll,
) -> Result<(), RollError> {
    let mut counts: Vec<u64> = Vec::new();
    let mut previous = 1u64;
    for (i, stage) in stages.iter().enumerate() {
        let repeats = if i == 0 { 1 } else { previous };
        let mut hits = 0u64;
        // A `once` stage rolls its real dice and counts each roll once.
        let (dice, target, modifier) = match &stage.once {
            Some((dice, target, modifier)) => (dice, target, *modifier),
            None => (&stage.dice, &stage.target, stage.modifier),
        };
        for _ in 0..repeats {
            if i > 0 {
                work.throw();
            }
            work.dice(dice_count(&stage.dice), || cx.name())?;
            let mut rolled = DiceRolls::new();
            roll_dice(dice, source, Some(&stage.label), &mut rolled);
            let mut met = 0u64;
            for group in &rolled {
                let sign = if group.negative { -1 } else { 1 };
                met += group
                    .kept_faces()
                    .filter(|&f| target.contains(sign * i64::from(f) + modifier))
                    .count() as u64;
            }
            hits += if stage.once.is_some() {
                met.min(1)
            } else {
                met
            };
            trace.dice.extend(rolled);
        }
        counts.push(hits);
        previous = hits;
    }
    trace.outcome = reported_outcome(stages, &counts);
    // With `report`, the outcome leaves counts out: the detail
    // still says every count rolled.
    let all = stages
        .iter()
        .any(|s| !s.reported)
        .then(|| pool_outcome(stages.iter().map(|s| s.label.as_str()), &counts))
        .map(|o| format!("counted {o}"));
    let described = stages
        .iter()
        .map(|s| match &s.once {
            Some((_, target, _)) => format!("{} on {target}, once per roll", s.label),
            None => format!("{} on {}", s.label, s.target),
        })
        .collect::<Vec<_>>()
        .join(", ");
    trace.detail = joined(&[cx.bound.note.as_deref(), Some(&described), all.as_deref()]);
    Ok(())
}

/// For a results grid typed as printed, the line the roll was read on, as
/// the sheet prints it (`8`, never the span `7-8` that the rows reading the
/// same outcome make together): shared, or built for this roll.
fn printed_line(
    program: &Program,
    bound: &Bound,
    text: Option<&TraceText>,
    total: i64,
) -> Option<Shared<str>> {
    // A chart's texts say at once whether it has printed lines.
    if text.is_some_and(|t| !t.has_lines()) {
        return None;
    }
    let crate::check::tree::Body::Table { printed, .. } = &program.charts.get(bound.chart)?.body
    else {
        return None;
    };
    // The value read: a clamped total, or a score (computed from the
    // clamped total already).
    let read = match (bound.clamp, &bound.plan) {
        (Some((lo, hi)), Plan::Table { score: None, .. }) => total.clamp(lo, hi),
        _ => total,
    };
    let line = printed.iter().position(|(rolls, _)| rolls.contains(read))?;
    match text {
        Some(t) => t.line(line),
        None => printed.get(line).map(|(rolls, _)| rolls.to_string().into()),
    }
}

/// The ranges of row `row` as written: shared, or built for this roll.
fn row_text(bound: &Bound, text: Option<&TraceText>, row: usize) -> Option<Shared<str>> {
    match text {
        Some(t) => t.written(row),
        None => bound.row_text(row).map(Into::into),
    }
}

/// The outcome of primary code `code`, shared, when no natural-roll rule
/// added to it (`plain`) and the bound chart has its texts.
fn shared_outcome(text: Option<&TraceText>, code: u32, plain: bool) -> Option<OutcomeText> {
    let fields = text.filter(|_| plain)?.fields(code)?;
    Some(OutcomeText {
        fields,
        also: Vec::new(),
    })
}

/// The parts given, joined by "; " into one string (one allocation), or
/// `None` when there are none.
fn joined(parts: &[Option<&str>]) -> Option<String> {
    let mut out: Option<String> = None;
    for part in parts.iter().flatten() {
        match &mut out {
            Some(s) => {
                s.push_str("; ");
                s.push_str(part);
            }
            None => out = Some((*part).to_owned()),
        }
    }
    out
}

/// The next step of a follow-up chain, bound, if the chain is not past the
/// depth limit. Both engines go through here. `None`: a `then again` past
/// `Limits::max_repeats`, which is not rolled (the last outcome stands).
pub(crate) fn follow_up(
    program: &Program,
    caller: &Bound,
    index: usize,
    depth: usize,
    limits: &Limits,
    work: &mut Work,
) -> Result<Option<std::rc::Rc<Bound>>, RollError> {
    if depth + 1 > limits.max_follow_depth {
        return Err(RollError::new(
            RollErrorKind::TooDeep {
                limit: limits.max_follow_depth,
            },
            Some(program.follow_ups[index].span),
        ));
    }
    if let Some(f) = program.follow_ups.get(index).filter(|f| f.again) {
        if caller.repeat >= limits.max_repeats {
            return Ok(None);
        }
        let mut next = if f.args.is_empty() && f.pass.is_empty() {
            // The same chart with the same choices: the same plan.
            caller.clone()
        } else {
            // `then again with ...`: the caller's values, changed by its
            // arguments, bound anew (a loose extra modifier carries over).
            let bound =
                work.follow_up_bound(program, f.chart, preset(program, caller, index), |p| {
                    bind_follow_up(program, index, p)
                })?;
            let mut next = (*bound).clone();
            next.shift(program, caller.extra)?;
            next
        };
        next.repeat = caller.repeat + 1;
        return Ok(Some(std::rc::Rc::new(next)));
    }
    let chart = program.follow_ups[index].chart;
    work.follow_up_bound(program, chart, preset(program, caller, index), |preset| {
        bind_follow_up(program, index, preset)
    })
    .map(Some)
}

/// The rows and the modifiers a chart's binding reads: its cost grows with
/// them.
pub(crate) fn to_bind(program: &Program, chart: ChartId) -> (u64, u64) {
    let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    let Some(c) = program.charts.get(chart) else {
        return (1, 0);
    };
    let rows = match &c.body {
        Body::Table { rows, .. } | Body::Opposed { rows, .. } => rows.len(),
        _ => 1,
    };
    (count(rows), count(c.modifiers.len()))
}

/// The values follow-up `index` sets in its chart: those the caller passes
/// along, then its own arguments.
fn preset(program: &Program, caller: &Bound, index: usize) -> Preset {
    let f = &program.follow_ups[index];
    let mut preset: Preset = f
        .pass
        .iter()
        .filter_map(|&(from, to)| caller.values.get(from).copied().flatten().map(|v| (to, v)))
        .collect();
    preset.extend(f.args.iter().copied());
    preset
}

/// Binds the chart follow-up `index` names, with the values `preset` sets.
fn bind_follow_up(
    program: &Program,
    index: usize,
    preset: &[(usize, crate::number::Num)],
) -> Result<Bound, RollError> {
    let f = &program.follow_ups[index];
    bind(program, None, f.chart, &Choices::none(), preset).map_err(|mut e| {
        e.span = e.span.or(Some(f.span));
        e
    })
}

/// The natural-roll rules the dice matched, as the reader applies them: the
/// first that replaces wins, every `also` adds.
fn natural_rules(bound: &Bound, natural: i64) -> Vec<NaturalRule> {
    let (naturals, extras, success, failure) = match &bound.plan {
        Plan::Table {
            naturals, extras, ..
        } => (naturals, extras, None, None),
        Plan::Check {
            naturals,
            extras,
            success,
            failure,
            ..
        } => (naturals, extras, Some(success), Some(failure)),
        _ => return Vec::new(),
    };
    let text = |r: Option<&crate::engine::env::Resolved>| {
        r.map(|r| {
            r.fields
                .iter()
                .map(|alts| alts.join(" OR "))
                .collect::<Vec<_>>()
                .join("; ")
        })
        .unwrap_or_default()
    };
    let mut replaced = false;
    let mut out = Vec::new();
    for n in naturals {
        if !n.ranges.contains(natural) {
            continue;
        }
        let outcome = match n.outcome {
            crate::engine::bind::NatPick::Success => text(success),
            crate::engine::bind::NatPick::Failure => text(failure),
            crate::engine::bind::NatPick::Other(i) => text(extras.get(i)),
        };
        let also = n.also && matches!(n.outcome, crate::engine::bind::NatPick::Other(_));
        if also {
            out.push(NaturalRule {
                ranges: n.ranges.to_string(),
                outcome,
                replaces: false,
            });
        } else if !replaced {
            replaced = true;
            out.push(NaturalRule {
                ranges: n.ranges.to_string(),
                outcome,
                replaces: true,
            });
        }
    }
    out
}

/// A pool's outcome from every stage's count: the counts its `report`
/// names, in stage order (`1 converted`), or all of them.
pub(crate) fn reported_outcome(stages: &[BoundStage], counts: &[u64]) -> OutcomeText {
    let (labels, counts): (Vec<&str>, Vec<u64>) = stages
        .iter()
        .zip(counts)
        .filter(|(s, _)| s.reported)
        .map(|(s, &c)| (s.label.as_str(), c))
        .unzip();
    pool_outcome(labels.into_iter(), &counts)
}

/// "2 hits, 1 converted".
pub(crate) fn pool_outcome<'a>(
    labels: impl Iterator<Item = &'a str>,
    counts: &[u64],
) -> OutcomeText {
    let text = labels
        .zip(counts)
        .map(|(l, c)| format!("{c} {l}"))
        .collect::<Vec<_>>()
        .join(", ");
    OutcomeText {
        fields: vec![OutcomeField {
            label: None,
            alternatives: vec![text],
        }]
        .into(),
        also: Vec::new(),
    }
}
