//! The exact-odds engine: the distribution of outcomes of a bound plan, as
//! exact fractions, by enumerating the natural roll's distribution and
//! reading each value with the same [`Bound::read`] the sampler uses.
//! Follow-ups multiply in, path by path; pools compose binomials exactly.

use crate::bind::{Bound, BoundDice, Plan};
use crate::limits::Limits;
use crate::read::{outcome_text, Key};
use crate::roll_error::{RollError, RollErrorKind};
use crate::sample::follow_up;
use crate::tree::{Program, Ranges};
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use serde::Serialize;
use std::collections::BTreeMap;

/// The exact distribution of a chart's outcomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The chart, qualified by game.
    pub chart: String,
    /// Every outcome that can happen, in sheet order; probabilities sum to 1.
    pub outcomes: Vec<OddsOutcome>,
}

/// One outcome and its probability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddsOutcome {
    /// The outcome; a follow-up path reads `Knocked out -> Dismount`.
    pub outcome: String,
    /// Its exact probability.
    pub probability: BigRational,
}

impl OddsOutcome {
    /// The probability as a percentage (for display only).
    #[must_use]
    pub fn percent(&self) -> f64 {
        self.probability.to_f64().unwrap_or(0.0) * 100.0
    }
}

impl Odds {
    /// The probability of an outcome by its text, or zero.
    #[must_use]
    pub fn probability(&self, outcome: &str) -> BigRational {
        self.outcomes
            .iter()
            .filter(|o| o.outcome == outcome)
            .map(|o| o.probability.clone())
            .fold(BigRational::zero(), |a, b| a + b)
    }

    /// The JSON form: `{"chart", "outcomes": [{"outcome", "probability", "percent"}]}`.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        #[derive(Serialize)]
        struct Row<'a> {
            outcome: &'a str,
            probability: String,
            percent: f64,
        }
        serde_json::json!({
            "chart": self.chart,
            "outcomes": self.outcomes.iter().map(|o| Row {
                outcome: &o.outcome,
                probability: format!("{}/{}", o.probability.numer(), o.probability.denom()),
                percent: o.percent(),
            }).collect::<Vec<_>>(),
        })
    }
}

/// A distribution of integers as counts: `counts[i]` ways to get `min + i`.
#[derive(Clone, Debug)]
pub(crate) struct Dist {
    pub min: i64,
    pub counts: Vec<BigUint>,
}

impl Dist {
    fn point(v: i64) -> Self {
        Dist {
            min: v,
            counts: vec![BigUint::one()],
        }
    }

    fn total(&self) -> BigUint {
        self.counts.iter().sum()
    }

    /// Adds one die of `sides` faces, by a sliding window.
    fn add_die(&mut self, sides: u32) {
        let s = sides as usize;
        let n = self.counts.len() + s - 1;
        let mut out = vec![BigUint::zero(); n];
        let mut window = BigUint::zero();
        for (i, slot) in out.iter_mut().enumerate() {
            if i < self.counts.len() {
                window += &self.counts[i];
            }
            if i >= s {
                window -= &self.counts[i - s];
            }
            slot.clone_from(&window);
        }
        self.min += 1;
        self.counts = out;
    }
}

fn too_large(what: String) -> RollError {
    RollError::new(RollErrorKind::TooLarge { what }, None)
}

/// The distribution of the natural sum of bound dice.
pub(crate) fn natural_dist(dice: &BoundDice, limits: &Limits) -> Result<Dist, RollError> {
    let mut states: u64 = 1;
    let mut dice_count: u64 = 0;
    for &(count, sides, _) in &dice.groups {
        states += u64::from(count) * u64::from(sides.saturating_sub(1));
        dice_count += u64::from(count);
    }
    if states > limits.max_odds_states as u64 {
        return Err(too_large(format!(
            "{states} possible totals (the limit is {})",
            limits.max_odds_states
        )));
    }
    // Each die costs a pass over the distribution so far: bound the work too.
    let work = dice_count.saturating_mul(states) / 2;
    let budget = (limits.max_odds_states as u64).saturating_mul(20);
    if work > budget {
        return Err(too_large(format!(
            "{dice_count} dice with {states} possible totals take about {work} steps to \
             enumerate (the limit is {budget})"
        )));
    }
    let mut pos = Dist::point(0);
    let mut neg = Dist::point(0);
    for &(count, sides, negative) in &dice.groups {
        for _ in 0..count {
            if negative {
                neg.add_die(sides);
            } else {
                pos.add_die(sides);
            }
        }
    }
    Ok(if neg.counts.len() == 1 {
        pos
    } else {
        difference(&pos, &neg)
    })
}

/// The distribution of `a - b` for independent `a` and `b`.
fn difference(a: &Dist, b: &Dist) -> Dist {
    let n = a.counts.len() + b.counts.len() - 1;
    let mut counts = vec![BigUint::zero(); n];
    let bmax = b.min + b.counts.len() as i64 - 1;
    for (i, ca) in a.counts.iter().enumerate() {
        if ca.is_zero() {
            continue;
        }
        for (j, cb) in b.counts.iter().enumerate() {
            // value = (a.min + i) - (b.min + j); index from min = a.min - bmax
            let k = i + (b.counts.len() - 1 - j);
            counts[k] += ca * cb;
        }
    }
    Dist {
        min: a.min - bmax,
        counts,
    }
}

/// The exact odds of a bound chart.
pub(crate) fn odds(
    program: &Program,
    bound: &Bound,
    limits: &Limits,
    depth: usize,
) -> Result<Vec<(String, BigRational)>, RollError> {
    let chart = &program.charts[bound.chart];
    let mut grouped: BTreeMap<Key, BigUint> = BTreeMap::new();
    let denominator: BigUint = match &bound.plan {
        Plan::Certain(..) => {
            grouped.insert(
                Key {
                    primary: 0,
                    extras: 0,
                },
                BigUint::one(),
            );
            BigUint::one()
        }
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => {
            let dist = natural_dist(dice, limits)?;
            for (i, count) in dist.counts.iter().enumerate() {
                if count.is_zero() {
                    continue;
                }
                let reading = bound.read(program, dist.min + i as i64, 0)?;
                *grouped.entry(reading.key).or_default() += count;
            }
            dist.total()
        }
        Plan::Opposed { dice, .. } => {
            let one = natural_dist(dice, limits)?;
            let diff = difference(&one, &one);
            for (i, count) in diff.counts.iter().enumerate() {
                if count.is_zero() {
                    continue;
                }
                // Only the difference matters: read it as (d, 0).
                let reading = bound.read(program, diff.min + i as i64, 0)?;
                *grouped.entry(reading.key).or_default() += count;
            }
            diff.total()
        }
        Plan::Pool { stages } => return pool_odds(stages, limits),
    };
    let mut out = Vec::new();
    for (key, count) in grouped {
        let p = BigRational::new(count.into(), denominator.clone().into());
        let (primary, extras) = bound.outcome(key);
        let text = outcome_text(chart, primary, &extras).to_string();
        let mut follow: Vec<usize> = primary.follow_ups.clone();
        for e in &extras {
            follow.extend(&e.follow_ups);
        }
        let mut paths = vec![(text, p)];
        for index in follow {
            // `None`: a repeat past the bound, not rolled; the path ends here.
            let Some(next) = follow_up(program, bound, index, depth, limits)? else {
                continue;
            };
            let sub = odds(program, &next, limits, depth + 1)?;
            paths = paths
                .into_iter()
                .flat_map(|(t, p)| {
                    sub.iter()
                        .map(move |(st, sp)| (format!("{t} -> {st}"), &p * sp))
                        .collect::<Vec<_>>()
                })
                .collect();
            if paths.len() > limits.max_odds_states {
                return Err(too_large("too many follow-up paths".into()));
            }
        }
        out.extend(paths);
    }
    Ok(merge(out))
}

/// One line per outcome text: rows that read alike on the sheet (several
/// "No effect" rows) are one outcome to a player. Keeps first-seen order.
fn merge(outcomes: Vec<(String, BigRational)>) -> Vec<(String, BigRational)> {
    let mut merged: Vec<(String, BigRational)> = Vec::with_capacity(outcomes.len());
    for (text, p) in outcomes {
        match merged.iter_mut().find(|(t, _)| *t == text) {
            Some((_, q)) => *q += p,
            None => merged.push((text, p)),
        }
    }
    merged
}

/// Per die: ways to succeed and faces in all, given a target and modifier.
fn die_ways(dice: &BoundDice, target: &Ranges, modifier: i64) -> Vec<(BigUint, BigUint)> {
    let mut out = Vec::new();
    for &(count, sides, negative) in &dice.groups {
        let sign = if negative { -1 } else { 1 };
        let hits = (1..=sides)
            .filter(|&f| target.contains(sign * i64::from(f) + modifier))
            .count();
        for _ in 0..count {
            out.push((BigUint::from(hits), BigUint::from(sides)));
        }
    }
    out
}

/// Distribution of successes among dice: counts over 0..=n and the total.
fn successes(ways: &[(BigUint, BigUint)]) -> (Vec<BigUint>, BigUint) {
    let mut counts = vec![BigUint::one()];
    let mut total = BigUint::one();
    for (hit, all) in ways {
        let miss = all - hit;
        let mut next = vec![BigUint::zero(); counts.len() + 1];
        for (k, c) in counts.iter().enumerate() {
            next[k] += c * &miss;
            next[k + 1] += c * hit;
        }
        counts = next;
        total *= all;
    }
    (counts, total)
}

fn pool_odds(
    stages: &[crate::bind::BoundStage],
    limits: &Limits,
) -> Result<Vec<(String, BigRational)>, RollError> {
    // Joint distribution over the counts of every stage so far.
    let mut joint: Vec<(Vec<u64>, BigRational)> = vec![(Vec::new(), BigRational::one())];
    for (i, stage) in stages.iter().enumerate() {
        let mut next = Vec::new();
        for (counts, p) in &joint {
            let repeats = if i == 0 { 1 } else { counts[i - 1] };
            let per = die_ways(&stage.dice, &stage.target, stage.modifier);
            let mut ways = Vec::with_capacity(per.len() * repeats as usize);
            for _ in 0..repeats {
                ways.extend(per.iter().cloned());
            }
            let (dist, total) = successes(&ways);
            for (k, c) in dist.into_iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                let mut cs = counts.clone();
                cs.push(k as u64);
                next.push((cs, p * BigRational::new(c.into(), total.clone().into())));
            }
            if next.len() > limits.max_odds_states {
                return Err(too_large("too many pool outcomes".into()));
            }
        }
        joint = next;
    }
    Ok(merge(
        joint
            .into_iter()
            .map(|(counts, p)| {
                let text =
                    crate::sample::pool_outcome(stages.iter().map(|s| s.label.as_str()), &counts);
                (text.to_string(), p)
            })
            .collect(),
    ))
}
