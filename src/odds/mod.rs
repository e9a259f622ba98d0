//! The exact-odds engine: the distribution of outcomes of a bound plan, as
//! exact fractions, by enumerating the natural roll's distribution and
//! reading each value with the same [`Bound::read`] the sampler uses.
//! Follow-ups multiply in, path by path; pools compose binomials exactly.
//!
//! Layout: [`count`] (machine integers, big integers on overflow),
//! [`dist`] (sums of dice), [`pool`] (pools' joint counts), [`fraction`]
//! (counts to reduced fractions). Outcomes are grouped by their compact
//! [`Key`] (row and natural-rule bits) or a pool's stage counts, never by
//! text; text is made once per distinct outcome. Every step spends the
//! request's work budget ([`Work`]).

mod count;
mod dist;
mod fraction;
mod index;
mod pool;

use crate::bind::BoundStage;
use crate::bind::{Bound, Plan};
use crate::budget::Work;
use crate::limits::Limits;
use crate::read::{outcome_text, Key};
use crate::roll::{OutcomeField, OutcomeText};
use crate::roll_error::RollError;
use crate::sample::follow_up;
use crate::tree::Program;
use count::{Count, Overflow};
use fraction::Denominator;
use index::Index;
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use serde::{Serialize, Serializer};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The exact distribution of a chart's outcomes.
///
/// Serializes (serde) as `{"chart", "outcomes": [...]}`, each outcome as
/// [`OddsOutcome`] says; [`Odds::to_json`] is that value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Odds {
    /// The chart, qualified by game.
    pub chart: String,
    /// Every outcome that can happen, in sheet order; probabilities sum to 1.
    pub outcomes: Vec<OddsOutcome>,
}

/// One outcome and its probability.
///
/// Serializes as `{"outcome", "probability": "n/d", "percent", "path"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddsOutcome {
    /// The outcome; a follow-up path reads `Knocked out -> Dismount`.
    pub outcome: String,
    /// Its exact probability.
    pub probability: BigRational,
    /// The outcome in parts: this chart's outcome first, then one step per
    /// follow-up rolled, in the order `outcome` names them.
    pub path: Vec<OddsStep>,
}

/// One chart's part of an [`OddsOutcome`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OddsStep {
    /// The chart, qualified by game.
    pub chart: String,
    /// Its outcome: text fields with their alternatives (`Bogged down` or
    /// `Displace`), and the outcomes natural-roll rules add (`also`).
    pub outcome: OutcomeText,
    /// For a pool: the count of successes of each stage, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counts: Vec<u64>,
}

impl OddsOutcome {
    /// The probability as a percentage (for display only).
    #[must_use]
    pub fn percent(&self) -> f64 {
        self.probability.to_f64().unwrap_or(0.0) * 100.0
    }
}

impl Serialize for OddsOutcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            outcome: &'a str,
            probability: String,
            percent: f64,
            path: &'a [OddsStep],
        }
        Json {
            outcome: &self.outcome,
            probability: format!("{}/{}", self.probability.numer(), self.probability.denom()),
            percent: self.percent(),
            path: &self.path,
        }
        .serialize(s)
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

    /// The JSON form: `{"chart", "outcomes": [{"outcome", "probability",
    /// "percent", "path"}]}`, `probability` as `"n/d"`, `path` the
    /// outcome's [`OddsStep`]s.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// Why a counting pass stopped: a machine integer overflowed (start again
/// with big integers) or a real error.
pub(crate) enum Fail {
    Overflow,
    Error(RollError),
}

impl From<Overflow> for Fail {
    fn from(_: Overflow) -> Self {
        Fail::Overflow
    }
}

impl From<RollError> for Fail {
    fn from(e: RollError) -> Self {
        Fail::Error(e)
    }
}

/// Budget steps charged for each outcome listed, on top of its arithmetic:
/// its text, its path and its fraction are a dozen allocations, about a
/// microsecond (measured on a pool of 125,751 outcomes, whose time per
/// budget step then matches that of a sum of dice's convolution).
const OUTCOME_COST: u64 = 100;

/// What a plan's own roll gave, before follow-ups.
#[derive(Clone, Debug)]
enum Primary {
    Read(Key),
    Counts(Vec<u64>),
}

/// The chart's qualified name.
fn qualified(program: &Program, bound: &Bound) -> String {
    let chart = &program.charts[bound.chart];
    format!("{}.{}", program.games[chart.game].name, chart.name)
}

/// The exact odds of a bound chart, spending `work`.
pub(crate) fn chart_odds(
    program: &Program,
    bound: &Bound,
    limits: &Limits,
    work: &mut Work,
) -> Result<Odds, RollError> {
    Ok(Odds {
        chart: qualified(program, bound),
        outcomes: odds(program, bound, limits, work, 0)?,
    })
}

/// The distribution of a plan's own outcomes, counted in `C`.
fn primary<C: Count>(
    program: &Program,
    bound: &Bound,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<(Primary, BigRational)>, Fail> {
    let name = qualified(program, bound);
    let what = || format!("the exact odds of `{name}`");
    let (counts, mut denominator): (Vec<(Primary, C)>, Denominator<C>) = match &bound.plan {
        Plan::Certain(..) => (
            vec![(Primary::Read(Key::default()), C::one())],
            Denominator::new(C::one(), []),
        ),
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => {
            let dist = dist::natural::<C>(dice, limits, work, &what)?;
            let mut total = C::zero();
            let grouped = group(&dist, work, &what, &mut total, |v| {
                bound.read(program, v, 0).map(|r| r.key)
            })?;
            let sides = dice.groups.iter().map(|g| g.1);
            (grouped, Denominator::new(total, sides))
        }
        Plan::Opposed { dice, .. } => {
            let one = dist::natural::<C>(dice, limits, work, &what)?;
            let diff = dist::difference(&one, &one, work, &what)?;
            let mut total = C::zero();
            // Only the difference matters: read it as (d, 0).
            let grouped = group(&diff, work, &what, &mut total, |v| {
                bound.read(program, v, 0).map(|r| r.key)
            })?;
            let sides = dice.groups.iter().map(|g| g.1);
            (grouped, Denominator::new(total, sides))
        }
        Plan::Pool { stages } => {
            let joint = pool::joint::<C>(stages, limits, work, &what)?;
            let n = joint.stages;
            let counts = &joint.counts;
            let grouped = joint
                .ways
                .into_iter()
                .enumerate()
                .map(|(j, c)| {
                    let of = counts.get(j * n..(j + 1) * n).unwrap_or_default();
                    (Primary::Counts(of.to_vec()), c)
                })
                .collect();
            (grouped, Denominator::new(joint.total, joint.sides))
        }
    };
    let mut out = Vec::with_capacity(counts.len());
    for (p, c) in counts {
        let (ratio, steps) = denominator.ratio(&c);
        let cost = OUTCOME_COST + steps.saturating_add(c.words().saturating_mul(4));
        work.odds(cost, what)?;
        out.push((p, ratio));
    }
    Ok(out)
}

/// Counts per outcome key of every value of a distribution, in key order
/// (sheet order); `total` gets the ways in all.
fn group<C: Count>(
    dist: &dist::Dist<C>,
    work: &mut Work,
    what: &dyn Fn() -> String,
    total: &mut C,
    read: impl Fn(i64) -> Result<Key, RollError>,
) -> Result<Vec<(Primary, C)>, Fail> {
    work.odds(dist.counts.len() as u64 * 4, what)?;
    let mut keys: Vec<(Key, C)> = Vec::new();
    let mut at: Index<Key> = Index::new();
    for (i, count) in dist.counts.iter().enumerate() {
        if count.is_zero() {
            continue;
        }
        total.add_assign(count)?;
        let key = read(dist.min + i as i64)?;
        match at.find(&keys, |k| &k.0, &key) {
            Some(k) => keys[k].1.add_assign(count)?,
            None => {
                at.pushing(&key, keys.len());
                keys.push((key, count.clone()));
            }
        }
    }
    keys.sort_by_key(|k| k.0);
    Ok(keys
        .into_iter()
        .map(|(k, c)| (Primary::Read(k), c))
        .collect())
}

/// The plan's own outcomes as fractions: in machine integers if every
/// count fits, else again in big integers.
fn primary_odds(
    program: &Program,
    bound: &Bound,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<(Primary, BigRational)>, RollError> {
    match primary::<u128>(program, bound, limits, work) {
        Ok(v) => Ok(v),
        Err(Fail::Error(e)) => Err(e),
        Err(Fail::Overflow) => match primary::<BigUint>(program, bound, limits, work) {
            Ok(v) => Ok(v),
            Err(Fail::Error(e)) => Err(e),
            // Big integers do not overflow.
            Err(Fail::Overflow) => Err(dist::too_large("a count overflowed".into())),
        },
    }
}

/// A pool outcome's text, as the sampler words it
/// (`crate::sample::pool_outcome`): `2 hits, 1 converted`, written into
/// one string.
fn pool_text(stages: &[BoundStage], counts: &[u64]) -> String {
    let mut text = String::with_capacity(stages.iter().map(|s| s.label.len() + 6).sum());
    for (i, (stage, c)) in stages.iter().zip(counts).enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{c} {}", stage.label);
    }
    text
}

/// A path being built: text, probability, parts.
struct Path {
    text: String,
    probability: BigRational,
    steps: Vec<OddsStep>,
}

/// The exact odds of a bound chart and its follow-ups.
fn odds(
    program: &Program,
    bound: &Bound,
    limits: &Limits,
    work: &mut Work,
    depth: usize,
) -> Result<Vec<OddsOutcome>, RollError> {
    let chart = &program.charts[bound.chart];
    let name = qualified(program, bound);
    // Group this chart's outcomes by what a player reads (several rows
    // saying "No effect" are one outcome), keeping first-seen order.
    let mut groups: Vec<(Path, Vec<usize>)> = Vec::new();
    let mut by_text: Index<String> = Index::new();
    for (p, probability) in primary_odds(program, bound, limits, work)? {
        let key = match (p, &bound.plan) {
            (Primary::Counts(counts), Plan::Pool { stages }) => {
                // A pool's stage counts differ, and so do their texts.
                let text = pool_text(stages, &counts);
                groups.push((
                    Path {
                        text: text.clone(),
                        probability,
                        steps: vec![OddsStep {
                            chart: name.clone(),
                            outcome: OutcomeText {
                                fields: vec![OutcomeField {
                                    label: None,
                                    alternatives: vec![text],
                                }],
                                also: Vec::new(),
                            },
                            counts,
                        }],
                    },
                    Vec::new(),
                ));
                continue;
            }
            (Primary::Read(key), _) => key,
            (Primary::Counts(_), _) => continue,
        };
        let (primary, extras) = bound.outcome(key);
        let mut follow: Vec<usize> = primary.follow_ups.clone();
        for e in &extras {
            follow.extend(&e.follow_ups);
        }
        let text = outcome_text(chart, primary, &extras);
        let string = text.to_string();
        let counts = Vec::new();
        match by_text.find(&groups, |g| &g.0.text, &string) {
            Some(i) if groups[i].1 == follow => {
                groups[i].0.probability += probability;
            }
            _ => {
                by_text.pushing(&string, groups.len());
                groups.push((
                    Path {
                        text: string,
                        probability,
                        steps: vec![OddsStep {
                            chart: name.clone(),
                            outcome: text,
                            counts,
                        }],
                    },
                    follow,
                ));
            }
        }
    }
    if groups.iter().all(|(_, follow)| follow.is_empty()) {
        // No follow-ups: the groups are the outcomes, one per text.
        return Ok(groups
            .into_iter()
            .map(|(p, _)| OddsOutcome {
                outcome: p.text,
                probability: p.probability,
                path: p.steps,
            })
            .collect());
    }
    let mut sub_odds: HashMap<usize, Vec<OddsOutcome>> = HashMap::new();
    let mut out: Vec<OddsOutcome> = Vec::new();
    let mut at: Index<String> = Index::new();
    for (path, follow) in groups {
        let mut paths = vec![path];
        for index in follow {
            if let std::collections::hash_map::Entry::Vacant(slot) = sub_odds.entry(index) {
                // `None`: a `then again` past `Limits::max_repeats`, not
                // rolled; the path ends here (the last outcome stands).
                let Some(next) = follow_up(program, bound, index, depth, limits)? else {
                    continue;
                };
                work.follow_up(|| format!("the follow-ups of `{name}`"))?;
                slot.insert(odds(program, &next, limits, work, depth + 1)?);
            }
            let sub = sub_odds.get(&index).map_or(&[][..], Vec::as_slice);
            if paths.len().saturating_mul(sub.len()) > limits.max_odds_states {
                return Err(dist::too_large(format!(
                    "the follow-ups of `{name}` make more than {} paths",
                    limits.max_odds_states
                )));
            }
            let mut next = Vec::with_capacity(paths.len() * sub.len());
            for p in &paths {
                for s in sub {
                    let words = p.probability.denom().bits() + s.probability.denom().bits();
                    work.odds(words.div_ceil(64) * 4, || {
                        format!("the follow-ups of `{name}`")
                    })?;
                    let mut steps = p.steps.clone();
                    steps.extend(s.path.iter().cloned());
                    next.push(Path {
                        text: format!("{} -> {}", p.text, s.outcome),
                        probability: &p.probability * &s.probability,
                        steps,
                    });
                }
            }
            paths = next;
        }
        for p in paths {
            match at.find(&out, |o| &o.outcome, &p.text) {
                Some(i) => out[i].probability += p.probability,
                None => {
                    at.pushing(&p.text, out.len());
                    out.push(OddsOutcome {
                        outcome: p.text,
                        probability: p.probability,
                        path: p.steps,
                    });
                }
            }
        }
    }
    Ok(out)
}
