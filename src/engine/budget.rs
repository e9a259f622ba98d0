//! Work budgets: the engines count the work they actually do against the
//! [`Limits`] as they go (states × steps of exact odds, dice rolled,
//! follow-ups expanded, sweep points), and stop with
//! [`RollErrorKind::OverBudget`] as soon as one is spent. Checks happen at
//! least once per pass over a distribution, per die group and per
//! follow-up, so a budget is noticed well within 100 ms of being crossed.

use crate::engine::error::{RollError, RollErrorKind};
use crate::limits::Limits;

/// One counter against one limit.
#[derive(Clone, Debug)]
struct Counter {
    used: u64,
    limit: u64,
    /// The [`Limits`] field, named in the diagnostic.
    name: &'static str,
}

impl Counter {
    fn spend(&mut self, n: u64, construct: impl FnOnce() -> String) -> Result<(), RollError> {
        self.used = self.used.saturating_add(n);
        if self.used > self.limit {
            return Err(RollError::new(
                RollErrorKind::OverBudget {
                    limit: self.name,
                    value: self.limit,
                    construct: construct(),
                },
                None,
            ));
        }
        Ok(())
    }
}

/// The budgets of one request: one roll, one odds computation, one sweep.
#[derive(Clone, Debug)]
pub(crate) struct Work {
    odds: Counter,
    dice: Counter,
    follow_ups: Counter,
    sweep: Counter,
}

impl Work {
    pub fn new(limits: &Limits) -> Self {
        let counter = |limit, name| Counter {
            used: 0,
            limit,
            name,
        };
        Self {
            odds: counter(limits.max_odds_work, "max_odds_work"),
            dice: counter(limits.max_roll_dice, "max_roll_dice"),
            follow_ups: counter(limits.max_follow_ups, "max_follow_ups"),
            sweep: counter(limits.max_sweep_points, "max_sweep_points"),
        }
    }

    /// Exact-odds steps, weighted by the size of the numbers.
    pub fn odds(
        &mut self,
        steps: u64,
        construct: impl FnOnce() -> String,
    ) -> Result<(), RollError> {
        self.odds.spend(steps, construct)
    }

    /// Dice about to be rolled.
    pub fn dice(&mut self, dice: u64, construct: impl FnOnce() -> String) -> Result<(), RollError> {
        self.dice.spend(dice, construct)
    }

    /// One follow-up about to be bound and expanded.
    pub fn follow_up(&mut self, construct: impl FnOnce() -> String) -> Result<(), RollError> {
        self.follow_ups.spend(1, construct)
    }

    /// The points of a sweep over `range`, all at once, before any is
    /// computed (counted in `i128`: a range over all of `i64` is refused,
    /// never wrapped).
    pub fn sweep_points(
        &mut self,
        range: &std::ops::RangeInclusive<i64>,
        construct: impl FnOnce() -> String,
    ) -> Result<(), RollError> {
        let n = (i128::from(*range.end()) - i128::from(*range.start()) + 1).max(0);
        self.sweep
            .spend(u64::try_from(n).unwrap_or(u64::MAX), construct)
    }
}
