//! Ladders read by other charts (`columns by spotting: ...`, `start
//! spotting + 1`): once every chart is compiled, a chart that reads a
//! ladder takes the ladder's inputs as its own, under the same names, so a
//! player names them when rolling it; the ladder is then bound with those
//! values. Ladders reading each other in a circle are refused. A chart may
//! name those inputs itself (`if flanking`); naming an input of a ladder it
//! does not read is refused.

use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::tree::{ChartId, Program, SlotKind};
use crate::syntax::ast::CompactString;
use crate::syntax::span::Span;

/// An input of a ladder that a chart names (`if flanking`): the chart must
/// read a ladder that takes it.
pub(super) struct NamedInput {
    pub chart: ChartId,
    pub name: CompactString,
    /// The ladder it was found in.
    pub ladder: ChartId,
    /// Where the chart names it.
    pub span: Span,
}

/// Gives each reading chart the inputs of the ladders it reads, fills each
/// read's slot mapping, rejects cycles, and checks that every ladder input
/// a chart names (`named`) is an input of a ladder it reads.
pub(super) fn resolve(program: &mut Program, named: &[NamedInput], errors: &mut Vec<CompileError>) {
    if program.ladder_reads.is_empty() && named.is_empty() {
        return;
    }
    if cycles(program, errors) {
        return;
    }
    // A ladder may read a ladder: import until nothing changes. Without
    // cycles, each pass settles at least one more level of the chain.
    for _ in 0..=program.ladder_reads.len() {
        let mut changed = false;
        for i in 0..program.ladder_reads.len() {
            changed |= import(program, i, errors);
        }
        if !changed {
            break;
        }
    }
    for i in 0..program.ladder_reads.len() {
        let (caller, ladder) = (
            program.ladder_reads[i].caller,
            program.ladder_reads[i].ladder,
        );
        let (Some(from), Some(to)) = (program.charts.get(caller), program.charts.get(ladder))
        else {
            continue;
        };
        let pass = to
            .slots
            .iter()
            .enumerate()
            .filter_map(|(t, ts)| {
                let f = from.slots.iter().position(|fs| fs.name == ts.name)?;
                same_kind(&from.slots[f].kind, &ts.kind).then_some((f, t))
            })
            .collect();
        program.ladder_reads[i].pass = pass;
    }
    for n in named {
        let read = program.ladder_reads.iter().any(|r| {
            r.caller == n.chart
                && program
                    .charts
                    .get(r.ladder)
                    .is_some_and(|l| l.slots.iter().any(|s| s.name == n.name))
        });
        if !read {
            let ladder = program.charts.get(n.ladder).map(|l| l.name.to_string());
            errors.push(CompileError::new(
                CompileErrorKind::InsideLadder {
                    name: n.name.to_string(),
                    ladder: ladder.unwrap_or_default(),
                },
                n.span,
            ));
        }
    }
}

fn same_kind(a: &SlotKind, b: &SlotKind) -> bool {
    match (a, b) {
        (SlotKind::Param { .. }, SlotKind::Param { .. }) | (SlotKind::Flag, SlotKind::Flag) => true,
        (SlotKind::Choice(x), SlotKind::Choice(y)) => x == y,
        _ => false,
    }
}

fn kind_words(k: &SlotKind) -> &'static str {
    match k {
        SlotKind::Flag => "a flag",
        SlotKind::Param { .. } => "a param",
        SlotKind::Choice(_) => "a choice",
    }
}

/// Adds the ladder's inputs the caller lacks; true if any was added.
fn import(program: &mut Program, read: usize, errors: &mut Vec<CompileError>) -> bool {
    let r = &program.ladder_reads[read];
    let (caller, ladder, span) = (r.caller, r.ladder, r.span);
    let Some(source) = program.charts.get(ladder) else {
        return false;
    };
    let needed: Vec<usize> = source.required.clone();
    let slots = source.slots.clone();
    let name = source.name.clone();
    let Some(target) = program.charts.get_mut(caller) else {
        return false;
    };
    let mut changed = false;
    for (t, slot) in slots.iter().enumerate() {
        match target.slots.iter().position(|s| s.name == slot.name) {
            Some(f) if same_kind(&target.slots[f].kind, &slot.kind) => {
                if needed.contains(&t) && !target.required.contains(&f) {
                    target.required.push(f);
                    changed = true;
                }
            }
            Some(f) => {
                let clash = CompileError::new(
                    CompileErrorKind::LadderInput {
                        ladder: name.to_string(),
                        input: slot.name.to_string(),
                        there: kind_words(&slot.kind).into(),
                        here: kind_words(&target.slots[f].kind).into(),
                    },
                    span,
                );
                if !errors.contains(&clash) {
                    errors.push(clash);
                }
            }
            None => {
                target.slots.push(slot.clone());
                if needed.contains(&t) {
                    target.required.push(target.slots.len() - 1);
                }
                changed = true;
            }
        }
    }
    target.required.sort_unstable();
    target.required.dedup();
    changed
}

/// Reports ladders that read each other in a circle; true if any.
fn cycles(program: &Program, errors: &mut Vec<CompileError>) -> bool {
    let n = program.charts.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, r) in program.ladder_reads.iter().enumerate() {
        if r.caller < n && r.ladder < n {
            edges[r.caller].push(i);
        }
    }
    let mut found = false;
    // 0 = unvisited, 1 = on the path, 2 = done.
    let mut state = vec![0u8; n];
    for start in 0..n {
        if state[start] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        let mut path = vec![start];
        state[start] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let Some(&edge) = edges[node].get(*next) else {
                state[node] = 2;
                stack.pop();
                path.pop();
                continue;
            };
            *next += 1;
            let r = &program.ladder_reads[edge];
            match state[r.ladder] {
                0 => {
                    state[r.ladder] = 1;
                    stack.push((r.ladder, 0));
                    path.push(r.ladder);
                }
                1 => {
                    let from = path.iter().position(|&c| c == r.ladder).unwrap_or(0);
                    let mut names: Vec<&str> = path[from..]
                        .iter()
                        .map(|&c| program.charts[c].name.as_str())
                        .collect();
                    names.push(&program.charts[r.ladder].name);
                    errors.push(CompileError::new(
                        CompileErrorKind::LadderCycle {
                            chain: names.join(" -> "),
                        },
                        r.span,
                    ));
                    found = true;
                }
                _ => {}
            }
        }
    }
    found
}
