//! An extra modifier added to a bound chart (a loose `+2`, a sweep's
//! point, a picture's column): the net moved as one more modifier would
//! move it, the table's cap and its note kept.

use super::plan::{bind_target, BoundTarget, Plan};
use super::{Applied, Bound};
use crate::check::tree::{Body, Program};
use crate::engine::env::{Env, Resolved};
use crate::engine::error::RollError;
use crate::engine::totals::sum;

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
                let env = Env {
                    program,
                    chart: self.chart,
                    values: &self.reading,
                    net: after,
                    ladders: &self.ladders,
                    faces: &self.faces,
                    column_roll: None,
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
            (Plan::Sides { offset, .. }, _) => *offset = sum(&[*offset, extra])?,
            (Plan::Pool { stages }, _) => {
                if let Some(s) = stages.first_mut() {
                    s.modifier = sum(&[s.modifier, extra])?;
                }
            }
            (Plan::Faces(plan), _) => {
                for (_, branch) in &mut plan.branches {
                    branch.shift(program, extra)?;
                }
            }
            (Plan::Columns(plan), _) => {
                for branch in &mut plan.branches {
                    branch.shift(program, extra)?;
                }
            }
            (Plan::Certain(..), _) => {}
        }
        self.plan.fit()
    }
}

/// What the trace says of a net modifier past a table's cap.
pub(super) fn cap_note(net: i64, capped: i64) -> String {
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
