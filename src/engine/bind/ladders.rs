//! The ladders a chart reads, bound with its values, and how the trace
//! shows them; a ladder chart moved by its net modifier.

use super::bind_with;
use super::Plan;
use crate::check::tree::{ChartId, Cond, Expr, Program};
use crate::engine::choices::{Arg, Choices};
use crate::engine::env::{Env, LadderValue, Reached};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::trace::{LadderTrace, Shared};
use crate::number::{Num, Show};
use crate::syntax::ast::CompactString;

/// Binds every ladder `chart` reads, with the values it was given and the
/// arguments that gave them (the ladder's inputs are the chart's).
pub(super) fn ladder_values(
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
                &[],
                None,
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

/// The ladders an expression read, for the trace: each one's step and how
/// it was reached, or `None` when none was read.
pub(super) fn ladders_read(program: &Program, ladders: &[LadderValue]) -> Option<String> {
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
pub(super) fn ladder_traces(program: &Program, ladders: &[LadderValue]) -> Shared<[LadderTrace]> {
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

/// A ladder moved from its start by the net modifier `net`, under the caps
/// whose condition holds.
pub(super) fn ladder_moved(
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
