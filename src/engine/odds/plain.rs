//! One-shot odds of a plain chart without binding it ([`Plain`]).
//!
//! Every situation class of a `diff` pays a one-shot call: find the chart,
//! bind the choices, compute the odds, nothing kept between calls. For a
//! plain chart (a table or opposed roll whose dice no choice changes,
//! whose modifiers are flags and whole params with no condition, and
//! whose rows' outcomes are fixed texts with no follow-up), the binding
//! reduces to the net modifier of each side, and the odds to adding the
//! dice's counts into rows: this module does just that, from what was
//! settled when the ruleset loaded.
//!
//! It gives the answer the general path ([`super::chart_odds`] after
//! `bind`) gives, to the fraction, the order and the path of each outcome
//! (`ruleset::plain_tests` compares the two on every chart of every
//! bundled game, for every set of inputs tried). Anything else (an unknown name, a value out
//! of bounds or not whole, a conflict, a total past `i64` or off the rows,
//! an exhausted budget) is left to the general path, which gives its
//! diagnostic: the plain path then has spent nothing.

use super::count::Count;
use super::dist::Ready;
use super::{Odds, OddsOutcome, OddsStep, OUTCOME_COST};
use crate::check::tree::{Body, ChartTree, Lookup, ModValue, Program, SlotKind, NO_ROW};
use crate::engine::bind::fit_reach;
use crate::engine::budget::Work;
use crate::engine::choices::Choices;
use crate::engine::prebound::Prebound;
use crate::engine::trace::OutcomeText;
use crate::number::{to_whole, Num};
use smallvec::{smallvec, SmallVec};

/// What a one-shot call of a plain chart reads, settled once loaded.
#[derive(Clone, Debug)]
pub(crate) struct Plain {
    /// The chart's modifiers, each one input a player names.
    inputs: Box<[Input]>,
    /// Params binding refuses to go without (no default, or one it cannot
    /// use), a bit each.
    needed: u64,
    /// Params read at their default when not named.
    defaults: Box<[AtDefault]>,
    /// The constant of the dice expression (`2d6 + 1`), on each side.
    constant: i64,
    /// An opposed roll: the rows read the difference of the two sides.
    opposed: bool,
    /// The lowest and highest natural (difference, for an opposed roll).
    reach: (i128, i128),
    /// The first natural of the distribution, and the ways of every
    /// natural below each: `below[i]` for the naturals `min..min + i`.
    min: i64,
    below: Box<[u128]>,
    /// The totals the rows read, as runs reading one row (`NO_ROW` for
    /// none): (first, last, row), from `i64::MIN` to `i64::MAX`. A call
    /// then adds the ways of each run's naturals, not of each natural.
    runs: Box<[(i64, i64, u16)]>,
    /// For each row, the first row whose outcome reads the same: answers
    /// list outcomes merged by text.
    first_alike: Box<[u16]>,
}

/// A modifier and the input that names it.
#[derive(Clone, Debug)]
struct Input {
    /// Its name (a plain string: compared once an argument).
    name: Box<str>,
    takes: Takes,
    /// An opposed roll's side (0 for a table).
    side: usize,
    /// Its exclusive group (`one of`), if any.
    group: Option<u8>,
}

#[derive(Clone, Debug)]
enum Takes {
    /// A flag adding its value when named.
    Flag(i64),
    /// A whole param (`name=N`), times `factor` (`±r`, `-r`).
    Param {
        factor: i64,
        bounds: Option<(Num, Num)>,
    },
}

/// A param read at its default when not named: (input, value, side).
type AtDefault = (usize, i64, usize);

/// A chart's inputs as [`Plain`] keeps them.
struct Inputs {
    each: Box<[Input]>,
    needed: u64,
    defaults: Box<[AtDefault]>,
}

/// Most inputs and exclusive groups a plain chart has (one bit each).
const MAX_INPUTS: usize = 64;

impl Plain {
    /// Every chart's plain reading, where it has one, in the order of
    /// [`Program::charts`] (`pre` in that order too).
    pub(crate) fn all(
        program: &Program,
        pre: &[Prebound],
        ready: &[Option<Ready>],
    ) -> Vec<Option<Self>> {
        pre.iter()
            .zip(ready)
            .enumerate()
            .map(|(chart, (pre, ready))| Self::new(program, chart, pre, ready.as_ref()?))
            .collect()
    }

    /// The plain reading of `chart`, if it is plain (the module's terms).
    fn new(program: &Program, chart: usize, pre: &Prebound, ready: &Ready) -> Option<Self> {
        let c: &ChartTree = program.charts.get(chart).filter(|c| !rolls_a_chart(c))?;
        let (dice, lookup, opposed, rows) = match &c.body {
            Body::Table {
                dice,
                score: None,
                columns: None,
                scale: None,
                cap: None,
                clamp: None,
                lookups,
                rows,
                naturals,
                best: None,
                ..
            } if naturals.is_empty() && lookups.len() == 1 => {
                (dice, &lookups[0], false, rows.len())
            }
            Body::Opposed {
                dice, lookup, rows, ..
            } => (dice, lookup, true, rows.len()),
            _ => return None,
        };
        let fixed_rows = pre.rows.as_ref()?;
        let no_follow_ups = fixed_rows.iter().all(|r| r.follow_ups.is_empty());
        let reads_ladder = program.ladder_reads.iter().any(|r| r.caller == chart);
        let counted_dice = dice.groups.iter().any(|g| g.count_slot.is_some());
        if ready.opposed() != opposed {
            return None;
        }
        let all_said = pre.said.len() == rows && pre.said.iter().all(Option::is_some);
        if !no_follow_ups
            || reads_ladder
            || counted_dice
            || !all_said
            || rows >= usize::from(u16::MAX)
            || c.modifiers.len() != c.slots.len()
            || c.modifiers.len() > MAX_INPUTS
            || c.groups.len() > MAX_INPUTS
            || !c.ladder_modifiers.is_empty()
            || c.dice_read.is_some()
        {
            return None;
        }
        let Inputs {
            each: inputs,
            needed,
            defaults,
        } = inputs(c)?;
        let texts: Vec<&str> = pre
            .said
            .iter()
            .filter_map(|s| s.as_ref().map(|s| &*s.text))
            .collect();
        let first_alike = texts
            .iter()
            .enumerate()
            .map(|(i, t)| texts[..i].iter().position(|u| u == t).unwrap_or(i) as u16)
            .collect();
        let (min, counts) = ready.counts();
        let mut below = Vec::with_capacity(counts.len() + 1);
        let mut sum = 0u128;
        below.push(0);
        for c in counts {
            sum = sum.checked_add(*c)?;
            below.push(sum);
        }
        Some(Self {
            inputs,
            needed,
            defaults,
            constant: dice.constant,
            opposed,
            reach: ready.reach(),
            min,
            below: below.into(),
            runs: runs(lookup)?,
            first_alike,
        })
    }

    /// The net modifier of each side for `choices`, as binding sums it;
    /// `None` where binding would refuse them (it then says why).
    fn nets(&self, choices: &Choices) -> Option<[i64; 2]> {
        let (mut given, mut groups) = (0u64, 0u64);
        let mut net = [0i128; 2];
        // The values' magnitudes: binding sums in `i64`, in the chart's
        // order, and refuses a sum past it. Within `i64` in all, no partial
        // sum in any order can pass it.
        let mut reach = 0u128;
        let mut add = |value: i64, side: usize| {
            net[side] += i128::from(value);
            reach += u128::from(value.unsigned_abs());
        };
        for arg in choices.args() {
            let i = self.inputs.iter().position(|p| *p.name == *arg.name)?;
            let bit = 1u64 << i;
            if given & bit != 0 {
                return None;
            }
            given |= bit;
            let input = &self.inputs[i];
            let (value, picked) = match (&input.takes, arg.value.as_deref()) {
                (Takes::Flag(v), None) => (*v, true),
                (Takes::Param { factor, bounds }, Some(text)) => {
                    let n = crate::number::parse(text).filter(num_rational::Ratio::is_integer)?;
                    if bounds.is_some_and(|(lo, hi)| n < lo || n > hi) {
                        return None;
                    }
                    (
                        to_whole(n)?.checked_mul(*factor)?,
                        n != Num::from_integer(0),
                    )
                }
                _ => return None,
            };
            if let (true, Some(g)) = (picked, input.group) {
                let bit = 1u64 << g;
                if groups & bit != 0 {
                    return None;
                }
                groups |= bit;
            }
            add(value, input.side);
        }
        if self.needed & !given != 0 {
            return None;
        }
        for &(i, value, side) in &*self.defaults {
            if given & (1u64 << i) == 0 {
                add(value, side);
            }
        }
        if reach > i64::MAX as u128 {
            return None;
        }
        Some([i64::try_from(net[0]).ok()?, i64::try_from(net[1]).ok()?])
    }

    /// The exact odds for `choices`, as the general path gives them, or
    /// `None` to leave them to it; `work` is charged only for an answer.
    pub(crate) fn odds(&self, choices: &Choices, pre: &Prebound, work: &mut Work) -> Option<Odds> {
        let net = self.nets(choices)?;
        let offsets = [
            net[0].checked_add(self.constant)?,
            net[1].checked_add(self.constant)?,
        ];
        self.odds_at(offsets, pre, work)
    }

    /// The exact odds with the dice moved by `offsets` (a table's first
    /// alone; an opposed roll's each side's), as [`Plain::odds`] gives them.
    pub(crate) fn odds_at(
        &self,
        offsets: [i64; 2],
        pre: &Prebound,
        work: &mut Work,
    ) -> Option<Odds> {
        let own = if self.opposed {
            &offsets[..]
        } else {
            &offsets[..1]
        };
        fit_reach(self.reach, own).ok()?;
        // The rows read natural + offset (an opposed roll: the difference
        // of the naturals + the attacker's offset - the defender's).
        let offset = if self.opposed {
            i128::from(offsets[0]) - i128::from(offsets[1])
        } else {
            i128::from(offsets[0])
        };
        let last = self.below.len() as i128 - 2;
        let mut by_row: SmallVec<[u128; 8]> = filled(self.first_alike.len(), 0);
        let rows = by_row.as_mut_slice();
        for &(lo, hi, row) in &*self.runs {
            // The run's naturals, as indices into the distribution.
            let from = (i128::from(lo) - offset - i128::from(self.min)).max(0);
            let to = (i128::from(hi) - offset - i128::from(self.min)).min(last);
            if from > to {
                continue;
            }
            let (from, to) = (from as usize, to as usize);
            let ways = self.below[to + 1] - self.below[from];
            if ways == 0 {
                continue;
            }
            if row == NO_ROW {
                return None;
            }
            // At most the total, which fits.
            rows[usize::from(row)] += ways;
        }
        let total = self.below[self.below.len() - 1];
        // Rows reading alike merge, listed where the first one read is.
        let mut merged: SmallVec<[(usize, u128); 8]> = SmallVec::new();
        let mut slot: SmallVec<[u16; 8]> = filled(rows.len(), u16::MAX);
        let slot = slot.as_mut_slice();
        for (row, &count) in rows.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let alike = usize::from(self.first_alike[row]);
            match slot[alike] {
                u16::MAX => {
                    slot[alike] = merged.len() as u16;
                    merged.push((row, count));
                }
                k => {
                    let m = &mut merged.as_mut_slice()[usize::from(k)].1;
                    *m = m.checked_add(count)?;
                }
            }
        }
        // What the general path charges: the distribution made, every
        // value read, every outcome's fraction.
        let mut steps = (self.below.len() as u64 - 1).saturating_mul(5);
        for (_, count) in &merged {
            steps = steps.saturating_add(OUTCOME_COST + 1 + count.words().saturating_mul(4));
        }
        if steps > work.odds_left() {
            return None;
        }
        work.odds(steps, String::new).ok()?;
        let mut outcomes = Vec::with_capacity(merged.len());
        for (row, count) in merged {
            let said = pre.said.get(row)?.as_ref()?;
            outcomes.push(OddsOutcome {
                outcome: said.text.clone(),
                probability: super::Probability::new(count, total),
                path: smallvec![OddsStep {
                    chart: pre.name.clone(),
                    outcome: OutcomeText {
                        fields: said.fields.clone(),
                        also: Vec::new(),
                    },
                    counts: Vec::new(),
                }],
            });
        }
        Some(Odds {
            chart: pre.name.clone(),
            outcomes,
        })
    }
}

/// `n` copies of `value`, built on the stack where they fit (a sheet's
/// handful of rows): `smallvec!` fills them one by one through a call.
fn filled<T: Copy>(n: usize, value: T) -> SmallVec<[T; 8]> {
    if n <= 8 {
        let mut v = SmallVec::from_buf([value; 8]);
        v.truncate(n);
        v
    } else {
        smallvec![value; n]
    }
}

/// The inputs of a chart whose modifiers are each its own input, with no
/// condition; params binding refuses to go without (a bit each); and the
/// params read at their default when not named.
fn inputs(c: &ChartTree) -> Option<Inputs> {
    let mut inputs = Vec::with_capacity(c.modifiers.len());
    let (mut needed, mut defaults) = (0u64, Vec::new());
    for (i, m) in c.modifiers.iter().enumerate() {
        // One modifier a slot, in slot order, with no condition.
        if m.slot != i || m.applies.is_some() || m.shifts || m.always {
            return None;
        }
        let side = m.side.min(1);
        let group = c
            .groups
            .iter()
            .position(|(_, members)| members.contains(&i));
        let takes = match (&m.value, &c.slots[i].kind) {
            (ModValue::Fixed(v), SlotKind::Flag) => Takes::Flag(*v),
            (
                ModValue::Param { factor, from: None },
                SlotKind::Param {
                    bounds, default, ..
                },
            ) => {
                // As binding reads a param not named: its default
                // (0 adds nothing), or a refusal outside a group.
                match default.map(|d| to_whole(d).and_then(|d| d.checked_mul(*factor))) {
                    Some(Some(0)) => {}
                    Some(Some(v)) => defaults.push((i, v, side)),
                    Some(None) => needed |= 1 << i,
                    None if group.is_none() => needed |= 1 << i,
                    None => {}
                }
                Takes::Param {
                    factor: *factor,
                    bounds: *bounds,
                }
            }
            _ => return None,
        };
        inputs.push(Input {
            name: c.slots[i].name.as_str().into(),
            takes,
            side,
            group: group.map(u8::try_from).transpose().ok()?,
        });
    }
    Some(Inputs {
        each: inputs.into(),
        needed,
        defaults: defaults.into(),
    })
}

/// The runs of totals reading one row of `lookup`, from `i64::MIN` to
/// `i64::MAX` (`None` if its dense part ends at `i64::MAX`).
fn runs(lookup: &Lookup) -> Option<Box<[(i64, i64, u16)]>> {
    let mut runs: Vec<(i64, i64, u16)> = Vec::new();
    let mut push = |lo: i64, hi: i64, row: u16| match runs.last_mut() {
        Some(last) if last.2 == row && last.1.checked_add(1) == Some(lo) => last.1 = hi,
        _ => runs.push((lo, hi, row)),
    };
    if lookup.base > i64::MIN {
        push(i64::MIN, lookup.base - 1, lookup.below);
    }
    let mut v = lookup.base;
    for &row in lookup.dense.iter() {
        push(v, v, row);
        v = v.checked_add(1)?;
    }
    push(v, i64::MAX, lookup.above);
    Some(runs.into())
}

/// An opposed roll whose sides each roll a chart (`each rolls`): it rolls
/// no dice of its own, so it is never plain.
fn rolls_a_chart(c: &ChartTree) -> bool {
    matches!(c.body, Body::Opposed { rolls: Some(_), .. })
}
