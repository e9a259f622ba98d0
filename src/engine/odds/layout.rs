//! What a bound table, check or opposed roll's exact odds list, settled at
//! bind time: the outcomes in the order the answer gives them (sheet order,
//! rows that read the same merged), each with its texts, and which of them
//! every natural (for an opposed roll, every difference) reads. A call then
//! does only the arithmetic: the distribution of the dice, each value's
//! count added into its outcome's slot, and the fractions.
//!
//! Like the table of naturals quick rolls read ([`Quick`]), this is made
//! from [`Bound::read`], so the odds read exactly what a roll reads. It is
//! not made when an outcome has follow-ups (their odds multiply in path by
//! path, `super::odds`), when some value reads no row (the error is the
//! answer, and `super::odds` gives it), or when the values span more than
//! [`MAX_VALUES`].

use super::dist;
use super::fraction::Denominator;
use super::power::Exact;
use super::{listed, Fail, OddsOutcome, OddsPath, OddsStep};
use crate::check::tree::Program;
use crate::engine::bind::{Bound, BoundDice, Plan};
use crate::engine::budget::Work;
use crate::engine::quick::Quick;
use crate::engine::read::Key;
use crate::engine::trace::Shared;
use crate::engine::trace_text::TraceText;
use crate::limits::Limits;
use smallvec::{smallvec, SmallVec};

/// Most values a layout holds (the span of the dice, or of the
/// difference); past it, the odds read each value when asked.
const MAX_VALUES: i64 = 1 << 16;

/// A bound chart's outcomes and the slot each value reads.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The lowest value.
    lo: i64,
    /// `slots[v - lo]`: the outcome value `v` reads.
    slots: Box<[u16]>,
    /// The outcomes, in the order the answer lists them: how each reads,
    /// and its step of the path.
    outcomes: Box<[(Shared<str>, OddsStep)]>,
}

/// The dice a plan rolls for its odds, and whether they are an opposed
/// roll's (whose values are differences of the two sides' naturals).
pub(super) fn rolled(plan: &Plan) -> Option<(&BoundDice, bool)> {
    match plan {
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => Some((dice, false)),
        Plan::Opposed { dice, .. } => Some((dice, true)),
        Plan::Certain(..)
        | Plan::Pool { .. }
        | Plan::Faces(_)
        | Plan::Columns(_)
        | Plan::Sides { .. } => None,
    }
}

impl Layout {
    /// The layout of a bound table, check or opposed roll, when it has one.
    pub(crate) fn new(
        program: &Program,
        bound: &Bound,
        text: &TraceText,
        quick: &Quick,
    ) -> Option<Self> {
        let (dice, opposed) = rolled(&bound.plan)?;
        let (mut lo, mut hi) = crate::engine::quick::span(dice);
        if opposed {
            // Both sides roll the same dice: differences run lo - hi ..= hi - lo.
            (lo, hi) = (lo - hi, hi - lo);
        }
        if hi - lo >= MAX_VALUES {
            return None;
        }
        let read = |v| match quick.key(v) {
            Some(key) => Some(key),
            None => bound.key(program, v).ok(),
        };
        let keys = (lo..=hi).map(read).collect::<Option<Vec<Key>>>()?;
        let mut distinct = keys.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // Each distinct key's outcome, merged by text in sheet order (as
        // the column read prints them), as the odds list them.
        let mut listed_order: Vec<usize> = (0..distinct.len()).collect();
        listed_order.sort_by_key(|&i| bound.sheet_place(distinct[i]));
        let name = text.chart.clone();
        let mut outcomes: Vec<(Shared<str>, OddsStep)> = Vec::with_capacity(distinct.len());
        let mut slot_of_key = vec![0u16; distinct.len()];
        for i in listed_order {
            let key = distinct[i];
            let kept = super::Kept {
                text: Some(text),
                ..super::Kept::default()
            };
            let read = listed(program, bound, kept, &name, key);
            if !read.follow_ups.is_empty() {
                return None;
            }
            let slot = match outcomes.iter().position(|o| o.0 == read.said) {
                Some(slot) => slot,
                None => {
                    outcomes.push((read.said, read.step));
                    outcomes.len() - 1
                }
            };
            slot_of_key[i] = u16::try_from(slot).ok()?;
        }
        let slots = keys
            .iter()
            .map(|k| distinct.binary_search(k).ok().map(|i| slot_of_key[i]))
            .collect::<Option<Box<[u16]>>>()?;
        Some(Self {
            lo,
            slots,
            outcomes: outcomes.into_boxed_slice(),
        })
    }

    /// The exact odds, counted in `C`.
    pub(crate) fn odds<C: Exact>(
        &self,
        bound: &Bound,
        ready: Option<&dist::Ready>,
        limits: &Limits,
        work: &mut Work,
        what: &dyn Fn() -> String,
    ) -> Result<Vec<OddsOutcome>, Fail> {
        // A layout is made for a plan that rolls dice, and stays with it.
        let Some((dice, opposed)) = rolled(&bound.plan) else {
            return Ok(Vec::new());
        };
        let (min, values) = dist::natural_or_ready::<C>(ready, dice, opposed, limits, work, what)?;
        work.odds(values.len() as u64 * 2, what)?;
        // A sheet's chart has a handful of outcomes: their counts inline.
        let mut counts: SmallVec<[C; 8]> = smallvec![C::zero(); self.outcomes.len()];
        let mut total = C::zero();
        for (i, count) in values.iter().enumerate() {
            let at = min + i as i64 - self.lo;
            let slot = usize::try_from(at)
                .ok()
                .and_then(|at| self.slots.get(at))
                .and_then(|&s| counts.get_mut(usize::from(s)));
            // Every value the dice can show has a slot: the layout spans them.
            if let Some(slot) = slot {
                slot.add_assign(count)?;
                total.add_assign(count)?;
            }
        }
        let mut denominator = Denominator::new(total, dice.groups.iter().map(|g| g.sides));
        let mut out = Vec::with_capacity(counts.len());
        for ((said, step), count) in self.outcomes.iter().zip(counts) {
            if count.is_zero() {
                continue;
            }
            let words = count.words();
            let (probability, steps) = denominator.ratio(count);
            work.odds(
                super::OUTCOME_COST + steps.saturating_add(words.saturating_mul(4)),
                what,
            )?;
            let mut path = OddsPath::new();
            path.push(step.clone());
            out.push(OddsOutcome {
                outcome: Shared::clone(said),
                probability,
                path,
            });
        }
        Ok(out)
    }
}
