//! The exact odds of an opposed roll whose sides each roll a chart (`each
//! rolls crt`): each side's distribution of results, from the rolled
//! chart's own odds, and every pair of them read by their difference.

use super::{primary_odds, Primary, Probability};
use crate::check::tree::Program;
use crate::engine::bind::Bound;
use crate::engine::budget::Work;
use crate::engine::error::RollError;
use crate::engine::read::Key;
use crate::engine::sides::result;
use crate::limits::Limits;
use num_rational::BigRational;
use std::collections::BTreeMap;

/// Budget steps charged for each pair of results read: a product of two
/// fractions and a sum into its outcome's.
const PAIR_COST: u64 = 8;

/// The distribution of `bound`'s own outcomes (its rows), `sides` being
/// its two bindings of the rolled chart: the rolls are independent, so
/// each pair of results has the product of their probabilities.
pub(super) fn odds(
    program: &Program,
    bound: &Bound,
    sides: &[Bound; 2],
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<(Primary, Probability)>, RollError> {
    let first = results(program, bound, 0, &sides[0], limits, work)?;
    let second = results(program, bound, 1, &sides[1], limits, work)?;
    let pairs = (first.len() as u64).saturating_mul(second.len() as u64);
    work.odds(pairs.saturating_mul(PAIR_COST), || {
        format!("the exact odds of `{}`", program.charts[bound.chart].name)
    })?;
    let mut by_key: BTreeMap<Key, BigRational> = BTreeMap::new();
    for (a, pa) in &first {
        for (b, pb) in &second {
            // Results are whole numbers the checker bounded: the
            // difference is read as `Bound::read` reads a sampled pair.
            let key = bound.key(
                program,
                crate::engine::totals::sum(&[*a, b.saturating_neg()])?,
            )?;
            let p = pa * pb;
            by_key.entry(key).and_modify(|q| *q += &p).or_insert(p);
        }
    }
    Ok(by_key
        .into_iter()
        .map(|(k, p)| (Primary::Read(k), Probability::reduced_big(p)))
        .collect())
}

/// Side `side`'s results and their probabilities, equal results merged,
/// lowest first.
fn results(
    program: &Program,
    bound: &Bound,
    side: usize,
    rolled: &Bound,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<(i64, BigRational)>, RollError> {
    let mut by_result: BTreeMap<i64, BigRational> = BTreeMap::new();
    for (primary, p) in primary_odds(program, rolled, None, limits, work)? {
        // A table's or a check's outcomes are read by key; a pool's counts
        // are refused by the checker, and read as no outcome here.
        let key = match primary {
            Primary::Read(k) => k,
            Primary::Counts(_) => Key::default(),
        };
        let n = result(program, bound.chart, side, rolled, key)?;
        let p = p.to_big();
        by_result.entry(n).and_modify(|q| *q += &p).or_insert(p);
    }
    Ok(by_result.into_iter().collect())
}
