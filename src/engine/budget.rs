//! Work budgets: the engines count the work they actually do against the
//! [`Limits`] as they go (states × steps of exact odds, dice rolled,
//! follow-ups expanded, sweep points), and stop with
//! [`RollErrorKind::OverBudget`] as soon as one is spent. Checks happen at
//! least once per pass over a distribution, per die group and per
//! follow-up, so a budget is noticed well within 100 ms of being crossed.
//!
//! [`Work`] is one computation's; a [`Budget`] is one whole request's (a
//! sweep by name, every situation of a diff, a batch of rolls, every
//! expectation of a file): each computation made within it has its own
//! counters, and all of them share its steps (`max_odds_work`).

use crate::check::tree::Program;
use crate::engine::bind::Bound;
use crate::engine::error::{RollError, RollErrorKind};
use crate::limits::Limits;
use std::collections::HashMap;
use std::rc::Rc;

/// Steps a roll costs in a [`Budget`], whatever it rolls: a roll with its
/// trace costs about as much as this many steps of exact odds (10-15 ns
/// each).
const ROLL_STEPS: u64 = 16;
/// Steps a die rolled costs in a [`Budget`].
const DIE_STEPS: u64 = 2;
/// Steps each throw of a pool's later stage (one per hit of the stage
/// before) costs in a [`Budget`] on top of its dice: a group of the trace
/// built, about 0.1 µs, beside 10 ns a die.
const THROW_STEPS: u64 = 8;
/// Steps a follow-up bound and rolled costs in a [`Budget`].
const FOLLOW_UP_STEPS: u64 = 150;
/// Steps each row of a follow-up's chart past the first
/// [`FOLLOW_UP_ROWS`] costs on top, in a [`Budget`]: binding it reads every
/// row (a d700 table, about 0.15 ms a roll, where a chart of a few rows
/// costs about 1.5 µs, all of it in [`FOLLOW_UP_STEPS`]).
const FOLLOW_UP_ROW_STEPS: u64 = 20;
/// The rows of a follow-up's chart that [`FOLLOW_UP_STEPS`] covers.
const FOLLOW_UP_ROWS: u64 = 8;
/// Steps each modifier of a follow-up's chart past the first
/// [`FOLLOW_UP_MODIFIERS`] costs on top, in a [`Budget`]: binding it
/// settles whether each applies (about 35 ns each).
const FOLLOW_UP_MODIFIER_STEPS: u64 = 4;
/// The modifiers of a follow-up's chart that [`FOLLOW_UP_STEPS`] covers.
const FOLLOW_UP_MODIFIERS: u64 = 8;
/// Bytes of outcome text a roll writes for one step, in a [`Budget`]: a
/// batch copies each roll's outcomes (its summary), so a sheet's page of
/// text in one outcome costs as much as its length.
const TEXT_BYTES_PER_STEP: u64 = 64;

/// Most rolls one batch makes (`roll --times`). Under the default
/// [`Limits::max_odds_work`] a batch this long of rolls of up to 42 dice
/// without follow-ups fits the budget; a costlier roll ends its batch with
/// `over_budget` sooner.
pub const MAX_BATCH_ROLLS: u32 = 1_000_000;

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
    /// The rows of the follow-ups bound past the first few of each (a
    /// roll's steps, not a limit).
    rows_bound: u64,
    /// The throws of pools' later stages (a roll's steps, not a limit).
    throws: u64,
    /// The modifiers of the follow-ups bound past the first few of each
    /// (a roll's steps, not a limit).
    modifiers_bound: u64,
    /// The bytes of the outcomes rolled (a roll's steps, not a limit).
    text_bytes: u64,
    /// The follow-ups bound in this computation, by program (its address:
    /// every program a computation reads outlives it), chart and the
    /// values set: a chart followed up again and again in one roll (a fan
    /// of follow-ups, the 700 rows of a table following up one chart) is
    /// bound once. Its work is still charged each time.
    bound: HashMap<(usize, usize, Preset), Rc<Bound>>,
}

/// The values a follow-up sets in its chart.
pub(crate) type Preset = Vec<(usize, crate::number::Num)>;

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
            rows_bound: 0,
            throws: 0,
            modifiers_bound: 0,
            text_bytes: 0,
            bound: HashMap::new(),
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

    /// Exact-odds steps left before the budget is spent.
    pub fn odds_left(&self) -> u64 {
        self.odds.limit.saturating_sub(self.odds.used)
    }

    /// Dice about to be rolled.
    pub fn dice(&mut self, dice: u64, construct: impl FnOnce() -> String) -> Result<(), RollError> {
        self.dice.spend(dice, construct)
    }

    /// Chart `chart` of `program` bound with the values `preset`: as a
    /// follow-up bound it before in this computation, or by `bind` now.
    pub fn follow_up_bound(
        &mut self,
        program: &Program,
        chart: usize,
        preset: Preset,
        bind: impl FnOnce(&[(usize, crate::number::Num)]) -> Result<Bound, RollError>,
    ) -> Result<Rc<Bound>, RollError> {
        use std::collections::hash_map::Entry;
        match self
            .bound
            .entry((std::ptr::from_ref(program) as usize, chart, preset))
        {
            Entry::Occupied(kept) => Ok(kept.get().clone()),
            Entry::Vacant(slot) => {
                let bound = Rc::new(bind(&slot.key().2)?);
                Ok(slot.insert(bound).clone())
            }
        }
    }

    /// An outcome of `bytes` bytes rolled.
    pub fn text(&mut self, bytes: u64) {
        self.text_bytes = self.text_bytes.saturating_add(bytes);
    }

    /// A pool's later stage about to be thrown once more (for a hit of the
    /// stage before), its dice counted by [`Work::dice`].
    pub fn throw(&mut self) {
        self.throws = self.throws.saturating_add(1);
    }

    /// One follow-up, of a chart of `rows` rows and `modifiers` modifiers,
    /// about to be bound and expanded.
    pub fn follow_up(
        &mut self,
        (rows, modifiers): (u64, u64),
        construct: impl FnOnce() -> String,
    ) -> Result<(), RollError> {
        self.rows_bound = self
            .rows_bound
            .saturating_add(rows.saturating_sub(FOLLOW_UP_ROWS));
        self.modifiers_bound = self
            .modifiers_bound
            .saturating_add(modifiers.saturating_sub(FOLLOW_UP_MODIFIERS));
        self.follow_ups.spend(1, construct)
    }

    /// The steps of a roll that used this work's dice and follow-ups.
    fn roll_steps(&self) -> u64 {
        ROLL_STEPS
            .saturating_add(self.dice.used.saturating_mul(DIE_STEPS))
            .saturating_add(self.throws.saturating_mul(THROW_STEPS))
            .saturating_add(
                self.modifiers_bound
                    .saturating_mul(FOLLOW_UP_MODIFIER_STEPS),
            )
            .saturating_add(self.text_bytes / TEXT_BYTES_PER_STEP)
            .saturating_add(self.follow_ups.used.saturating_mul(FOLLOW_UP_STEPS))
            .saturating_add(self.rows_bound.saturating_mul(FOLLOW_UP_ROW_STEPS))
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

/// The work budget of one whole request that repeats a computation — the
/// points of a sweep by name, every situation of a diff, a batch of rolls,
/// every expectation of a file — so that the request as a whole ends within
/// [`Limits::max_odds_work`], not each of its computations alone. Each
/// computation made within it keeps its own limits (dice, follow-ups), and
/// all of them share its steps: exact-odds work as it is done, and each
/// roll by the dice and follow-ups it rolled. Past the budget, a
/// computation is `chartwright::roll::over_budget` naming `max_odds_work`.
///
/// ```
/// use chartwright::{Budget, Choices, Limits, Ruleset};
/// let mut builder = Ruleset::builder().limits(Limits::default().with_max_odds_work(20_000));
/// builder.add_path("first_echelon");
/// let rules = builder.build().unwrap();
/// let bound = rules.chart("bog_down").unwrap().bind(&Choices::none()).unwrap();
/// let mut budget = Budget::new(rules.limits());
/// // Each computation is small, but not a thousand of them together.
/// let all = (0..1000).try_for_each(|_| bound.odds_in(&mut budget).map(drop));
/// assert!(all.is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    /// The steps every computation within the budget shares.
    steps: Counter,
}

impl Budget {
    /// A fresh budget under `limits`.
    #[must_use]
    pub fn new(limits: &Limits) -> Self {
        Self {
            limits: limits.clone(),
            steps: Work::new(limits).odds,
        }
    }

    /// Runs one computation within the budget: its own [`Work`], whose
    /// steps are the budget's.
    pub(crate) fn run<T>(
        &mut self,
        f: impl FnOnce(&mut Work) -> Result<T, RollError>,
    ) -> Result<T, RollError> {
        let mut work = Work::new(&self.limits);
        std::mem::swap(&mut work.odds, &mut self.steps);
        let out = f(&mut work);
        std::mem::swap(&mut work.odds, &mut self.steps);
        out
    }

    /// Charges `steps` of work done outside the engines (an answer
    /// rendered, [`Budget::charge_answer`]).
    pub(crate) fn spend(
        &mut self,
        steps: u64,
        construct: impl FnOnce() -> String,
    ) -> Result<(), RollError> {
        self.steps.spend(steps, construct)
    }

    /// Runs one roll within the budget, then charges its steps.
    pub(crate) fn roll<T>(
        &mut self,
        what: impl FnOnce() -> String,
        f: impl FnOnce(&mut Work) -> Result<T, RollError>,
    ) -> Result<T, RollError> {
        self.run(|work| {
            let out = f(work)?;
            work.odds(work.roll_steps(), what)?;
            Ok(out)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{DIE_STEPS, MAX_BATCH_ROLLS, ROLL_STEPS};
    use crate::limits::Limits;

    /// The batch the command line allows fits the default budget for
    /// rolls of up to 42 dice.
    #[test]
    fn the_longest_batch_fits_the_default_budget() {
        let per_roll = ROLL_STEPS + 42 * DIE_STEPS;
        assert!(u64::from(MAX_BATCH_ROLLS) * per_roll <= Limits::default().max_odds_work);
    }
}
