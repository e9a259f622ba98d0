//! The exact odds of a chart that reads its dice one by one: every roll of
//! its dice enumerated, each read by the plan of its branch at the sum of
//! its faces ([`FacePlan`]).

use super::count::Count;
use super::index::Index;
use super::Fail;
use crate::check::tree::Program;
use crate::engine::bind::FacePlan;
use crate::engine::budget::Work;
use crate::engine::read::Key;

/// Budget steps charged for each roll enumerated: its branch found, its
/// sum made and read.
const ROLL_COST: u64 = 8;

/// The count of rolls reading each outcome key (each key in its branch),
/// in key order, and the rolls in all.
pub(super) fn keys<C: Count>(
    program: &Program,
    plan: &FacePlan,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<(Vec<(Key, C)>, C), Fail> {
    work.odds(plan.rolls().saturating_mul(ROLL_COST), what)?;
    let mut keys: Vec<(Key, C)> = Vec::new();
    let mut at: Index<Key> = Index::new();
    let mut total = C::zero();
    let one = C::one();
    plan.each_roll(|faces| {
        let branch = plan.branch(faces).unwrap_or(0);
        let key = match plan.branches.get(branch) {
            Some((_, bound)) => bound.key(program, plan.natural(faces))?.in_branch(branch),
            None => Key::default(),
        };
        total.add_assign(&one)?;
        match at.find(&keys, |k| &k.0, &key) {
            Some(i) => keys[i].1.add_assign(&one)?,
            None => {
                at.pushing(&key, keys.len());
                keys.push((key, one.clone()));
            }
        }
        Ok::<(), Fail>(())
    })?;
    keys.sort_by_key(|k| k.0);
    Ok((keys, total))
}
