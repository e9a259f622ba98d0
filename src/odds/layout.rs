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

use super::dist::{self, Dist};
use super::fraction::Denominator;
use super::power::Exact;
use super::{listed, Fail, OddsOutcome, OddsPath, Probability};
use crate::bind::{Bound, Plan};
use crate::budget::Work;
use crate::limits::Limits;
use crate::quick::Quick;
use crate::read::Key;
use crate::roll::Shared;
use crate::trace_text::TraceText;
use crate::tree::Program;
use smallvec::{smallvec, SmallVec};

/// Most values a layout holds (the span of the dice, or of the
/// difference); past it, the odds read each value when asked.
const MAX_VALUES: i64 = 1 << 16;

/// A bound chart's outcomes and the slot each value reads.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// An opposed roll: the values are differences of the two sides'
    /// naturals.
    opposed: bool,
    /// The lowest value.
    lo: i64,
    /// `slots[v - lo]`: the outcome value `v` reads.
    slots: Box<[u16]>,
    /// The outcomes, in the order the answer lists them, each with a zero
    /// probability that a call fills in.
    outcomes: Box<[OddsOutcome]>,
}

impl Layout {
    /// The layout of a bound table, check or opposed roll, when it has one.
    pub(crate) fn new(
        program: &Program,
        bound: &Bound,
        text: &TraceText,
        quick: &Quick,
    ) -> Option<Self> {
        let (dice, opposed) = match &bound.plan {
            Plan::Table { dice, .. } | Plan::Check { dice, .. } => (dice, false),
            Plan::Opposed { dice, .. } => (dice, true),
            Plan::Certain(..) | Plan::Pool { .. } => return None,
        };
        let (mut lo, mut hi) = crate::quick::span(dice);
        if opposed {
            // Both sides roll the same dice: differences run lo - hi ..= hi - lo.
            (lo, hi) = (lo - hi, hi - lo);
        }
        if hi - lo >= MAX_VALUES {
            return None;
        }
        let read = |v| match quick.key(v) {
            Some(key) => Some(key),
            None => bound.read(program, v, 0).ok().map(|r| r.key),
        };
        let keys = (lo..=hi).map(read).collect::<Option<Vec<Key>>>()?;
        let mut distinct = keys.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // Each distinct key's outcome, merged by text in key (sheet)
        // order, as the odds list them.
        let name = text.chart.clone();
        let mut outcomes: Vec<OddsOutcome> = Vec::with_capacity(distinct.len());
        let mut slot_of_key = Vec::with_capacity(distinct.len());
        for &key in &distinct {
            let read = listed(program, bound, Some(text), &name, key);
            if !read.follow_ups.is_empty() {
                return None;
            }
            let slot = match outcomes.iter().position(|o| o.outcome == read.said) {
                Some(slot) => slot,
                None => {
                    outcomes.push(read.into_outcome(Probability::zero()));
                    outcomes.len() - 1
                }
            };
            slot_of_key.push(u16::try_from(slot).ok()?);
        }
        let slots = keys
            .iter()
            .map(|k| distinct.binary_search(k).ok().map(|i| slot_of_key[i]))
            .collect::<Option<Box<[u16]>>>()?;
        Some(Self {
            opposed,
            lo,
            slots,
            outcomes: outcomes.into_boxed_slice(),
        })
    }

    /// The exact odds, counted in `C`.
    pub(crate) fn odds<C: Exact>(
        &self,
        bound: &Bound,
        limits: &Limits,
        work: &mut Work,
        what: &dyn Fn() -> String,
    ) -> Result<Vec<OddsOutcome>, Fail> {
        let dice = match &bound.plan {
            Plan::Table { dice, .. } | Plan::Check { dice, .. } | Plan::Opposed { dice, .. } => {
                dice
            }
            Plan::Certain(..) | Plan::Pool { .. } => return Ok(Vec::new()),
        };
        let values: Dist<C> = dist::natural(dice, self.opposed, limits, work, what)?;
        work.odds(values.counts.len() as u64 * 2, what)?;
        // A sheet's chart has a handful of outcomes: their counts inline.
        let mut counts: SmallVec<[C; 8]> = smallvec![C::zero(); self.outcomes.len()];
        let mut total = C::zero();
        for (i, count) in values.counts.iter().enumerate() {
            let at = values.min + i as i64 - self.lo;
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
        let mut denominator = Denominator::new(total, dice.groups.iter().map(|g| g.1));
        let mut out = Vec::with_capacity(counts.len());
        for (outcome, count) in self.outcomes.iter().zip(&counts) {
            if count.is_zero() {
                continue;
            }
            let (probability, steps) = denominator.ratio(count);
            work.odds(
                super::OUTCOME_COST + steps.saturating_add(count.words().saturating_mul(4)),
                what,
            )?;
            // One step, pushed: cloning the stored path would go through
            // `SmallVec`'s general `extend`.
            let mut path = OddsPath::new();
            if let Some(step) = outcome.path.first() {
                path.push(step.clone());
            }
            out.push(OddsOutcome {
                outcome: Shared::clone(&outcome.outcome),
                probability,
                path,
            });
        }
        Ok(out)
    }
}
