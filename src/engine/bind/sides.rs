//! Binding an opposed roll whose sides each roll a chart (`each rolls
//! crt`): each side's inputs (`gov.firepower`) bound into the rolled chart
//! as a follow-up's are passed along.

use super::{bind, Bound, Plan};
use crate::check::tree::SideRolls;
use crate::engine::choices::Choices;
use crate::engine::env::{missing, Env};
use crate::engine::error::RollError;
use crate::engine::read::Key;
use crate::engine::sides::result;
use crate::number::Num;

/// The rolled chart bound once per side, with that side's values. An
/// input the rolled chart needs and the side was not given is refused
/// under the side's name (`gov.firepower`), not the rolled chart's.
pub(super) fn bind_sides(env: &Env, rolls: &SideRolls) -> Result<Box<[Bound; 2]>, RollError> {
    let program = env.program;
    let rolled = &program.charts[rolls.chart];
    let side = |(i, pass): (usize, &[(usize, usize)])| -> Result<Bound, RollError> {
        let mut preset: Vec<(usize, Num)> = Vec::with_capacity(pass.len());
        for &(here, there) in pass {
            match env.values.get(here).copied().flatten() {
                Some(v) => preset.push((there, v)),
                None if rolled.required.contains(&there) => {
                    return Err(missing(program, env.chart, here));
                }
                None => {}
            }
        }
        let bound =
            bind(program, None, rolls.chart, &Choices::none(), &preset).map_err(|mut e| {
                e.span = e.span.or(Some(rolls.span));
                e
            })?;
        // What stands instead of a roll (a text target, a `-` shift
        // cell's "Not possible") is refused now, before any dice.
        if let Plan::Certain(..) = bound.plan {
            result(program, env.chart, i, &bound, Key::default())?;
        }
        Ok(bound)
    };
    Ok(Box::new([
        side((0, &rolls.pass[0]))?,
        side((1, &rolls.pass[1]))?,
    ]))
}
