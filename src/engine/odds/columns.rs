//! The exact odds of a table whose column value holds dice
//! ([`ColumnPlan`]): the mixture over the totals of the column dice, each
//! total's chance times the odds of the column it picks.

use super::fraction::Denominator;
use super::{dist, fractions, power, primary, Fail, Primary, Probability};
use crate::check::tree::Program;
use crate::engine::bind::ColumnPlan;
use crate::engine::budget::Work;
use crate::engine::read::Key;
use crate::limits::Limits;

/// Each branch's own outcomes, keyed in their branch, with their chance
/// times the chance of the branch's total.
pub(super) fn primaries<C: power::Exact>(
    program: &Program,
    plan: &ColumnPlan,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<(Primary, Probability)>, Fail> {
    let weights = dist::natural::<C>(&plan.dice, false, limits, work, what)?;
    let mut all = C::zero();
    for c in &weights.counts {
        all.add_assign(c)?;
    }
    let sides: Vec<u32> = plan.dice.groups.iter().map(|g| g.sides).collect();
    let mut out = Vec::new();
    for (i, ways) in weights.counts.iter().enumerate() {
        if ways.is_zero() {
            continue;
        }
        let total = weights.min.saturating_add(i as i64);
        let (Some(branch), Some(bound)) = (
            plan.branch(total),
            plan.branch(total).and_then(|b| plan.branches.get(b)),
        ) else {
            continue;
        };
        let denominator = Denominator::new(all.clone(), sides.iter().copied());
        let chance = fractions(
            [(Primary::Read(Key::default()), ways.clone())],
            denominator,
            work,
            what,
        )?;
        let Some((_, chance)) = chance.into_iter().next() else {
            continue;
        };
        for (p, q) in primary::<C>(program, bound, None, limits, work)? {
            let p = match p {
                Primary::Read(k) => Primary::Read(k.in_branch(branch)),
                counts @ Primary::Counts(_) => counts,
            };
            out.push((p, &q * &chance));
        }
    }
    Ok(out)
}
