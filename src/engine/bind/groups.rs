//! The `one of` groups checked against the arguments: the chart's own, the
//! ladders' it reads and its follow-ups', so naming two alternatives is
//! refused when the chart is bound.

use crate::check::tree::{ChartId, ChartTree, Program};
use crate::engine::choices::Arg;
use crate::engine::error::{ConflictVia, RollError, RollErrorKind};
use crate::number::{whole, Num};

/// The `one of` groups of every ladder `chart` reads, and of the ladders
/// those read, against the arguments the chart was given: a ladder's
/// inputs are the chart's, so two members of a ladder's group are refused
/// as they are when the ladder is rolled itself.
pub(super) fn check_read_groups(
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
pub(super) fn check_follow_up_groups(
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

/// Exclusive groups: at most one member given (with a value other than 0).
pub(super) fn check_groups(
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
