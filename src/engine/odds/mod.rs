//! The exact-odds engine: the distribution of outcomes of a bound plan, as
//! exact fractions, by enumerating the natural roll's distribution and
//! reading each value with the same [`Bound::read`] the sampler uses.
//! Follow-ups multiply in, path by path; pools compose binomials exactly.
//!
//! Layout: [`count`] (machine integers, big integers on overflow),
//! [`dist`] (sums of dice), [`power`] (powers of a die's polynomial),
//! [`pool`] (pools' joint counts), [`marginal`] (the one count a pool
//! reports, without the joint), [`fraction`] (counts to reduced
//! fractions), [`layout`] (what a bound chart's odds list, settled at bind
//! time), [`plain`] (a plain chart's odds, read without binding it: its
//! runs of totals against prefix sums of its dice). Outcomes are grouped by their compact
//! [`Key`] (row and natural-rule bits) or a pool's stage counts, never by
//! text; text is made once per distinct outcome. Every step spends the
//! request's work budget ([`Work`]).

mod columns;
mod count;
mod dist;
mod faces;
mod fraction;
mod group;
mod index;
mod layout;
mod marginal;
mod notation;
mod plain;
mod pool;
mod power;
mod probability;
mod sides;

use crate::check::tree::Program;
use crate::engine::bind::BoundStage;
use crate::engine::bind::{Bound, Plan};
use crate::engine::budget::Work;
use crate::engine::env::Resolved;
use crate::engine::error::RollError;
use crate::engine::prebound::Prebound;
use crate::engine::quick::Quick;
use crate::engine::read::{outcome_text, Code, Key};
use crate::engine::sample::{follow_up, to_bind};
use crate::engine::trace::{OutcomeField, OutcomeText, Shared};
use crate::engine::trace_text::{qualified_name, TraceText};
use crate::limits::Limits;
use count::{Count, Overflow};
pub(crate) use dist::Ready;
use fraction::Denominator;
pub use group::{GroupError, OutcomeGroup};
use index::Index;
pub(crate) use layout::Layout;
use num_bigint::BigUint;
pub(crate) use plain::Plain;
pub use probability::Probability;
use serde::{Serialize, Serializer};
use smallvec::{smallvec, SmallVec};
use std::collections::HashMap;

/// The exact distribution of a chart's outcomes.
///
/// Serializes (serde) as `{"chart", "outcomes": [...]}`, each outcome as
/// [`OddsOutcome`] says; [`Odds::to_json`] is that value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Odds {
    /// The chart, qualified by game.
    pub chart: Shared<str>,
    /// Every outcome that can happen, in sheet order; probabilities sum to 1.
    pub outcomes: Vec<OddsOutcome>,
}

/// One outcome and its probability.
///
/// Serializes as `{"outcome", "probability": "n/d", "percent", "path"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OddsOutcome {
    /// The outcome; a follow-up path reads `Knocked out -> Dismount`.
    /// Shared with the bound chart where it can be: cloning copies a pointer.
    pub outcome: Shared<str>,
    /// Its exact probability.
    pub probability: Probability,
    /// The outcome in parts: this chart's outcome first, then one step per
    /// follow-up rolled, in the order `outcome` names them.
    pub path: OddsPath,
}

/// The steps of an [`OddsOutcome`]: inline while there is one (a chart
/// with no follow-ups lists its outcomes without allocating a path each).
pub type OddsPath = SmallVec<[OddsStep; 1]>;

/// One chart's part of an [`OddsOutcome`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct OddsStep {
    /// The chart, qualified by game.
    pub chart: Shared<str>,
    /// Its outcome: text fields with their alternatives (`Bogged down` or
    /// `Displace`), and the outcomes natural-roll rules add (`also`).
    pub outcome: OutcomeText,
    /// For a pool: the count of successes of each stage it reports (every
    /// stage without `report`), in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counts: Vec<u64>,
}

impl OddsOutcome {
    /// An outcome of a distribution a host puts together itself (outcomes
    /// merged, say), with no path: it renders and serializes as the
    /// engine's own.
    #[must_use]
    pub fn new(outcome: impl Into<Shared<str>>, probability: Probability) -> Self {
        Self {
            outcome: outcome.into(),
            probability,
            path: OddsPath::new(),
        }
    }

    /// The probability as a percentage (for display only).
    #[must_use]
    pub fn percent(&self) -> f64 {
        self.probability.to_f64() * 100.0
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
    /// A distribution a host puts together itself, for the same output as
    /// the engine's (JSON, pictures): `chart`'s `outcomes`, in order.
    #[must_use]
    pub fn new(chart: impl Into<Shared<str>>, outcomes: Vec<OddsOutcome>) -> Self {
        Self {
            chart: chart.into(),
            outcomes,
        }
    }

    /// The probability of an outcome by its text, or zero.
    #[must_use]
    pub fn probability(&self, outcome: &str) -> Probability {
        let mut sum = Probability::zero();
        for o in self.outcomes.iter().filter(|o| o.outcome == outcome) {
            sum += &o.probability;
        }
        sum
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
/// a pool's outcome writes its text and fields (four allocations) and,
/// past machine integers, its fraction's two big integers (set on a pool
/// of 125,751 outcomes, whose time per budget step then matched that of a
/// sum of dice's convolution; a table's outcomes share their texts with
/// the bound chart and cost less, so this errs on the safe side).
/// Rendering an answer is charged apart ([`crate::Budget::charge_answer`]).
const OUTCOME_COST: u64 = 100;

/// Budget steps charged for each step of a follow-up path listed: a path
/// is a copy of its steps and a new text, about 1 µs a step. Without it,
/// two tables of 700 rows following each other listed 490,000 paths for
/// little arithmetic (2.3 s and 420 MiB).
const PATH_STEP_COST: u64 = 100;

/// What a plan's own roll gave, before follow-ups.
#[derive(Clone, Debug)]
enum Primary {
    Read(Key),
    Counts(Vec<u64>),
}

/// What a bound chart keeps from binding that its odds can use instead of
/// making again: the texts it shares with its traces (the answer shares
/// them too) and its table of naturals read (`Bound::read` once per
/// natural at bind time, not once per call).
#[derive(Clone, Copy, Default)]
pub(crate) struct Kept<'a> {
    pub text: Option<&'a TraceText>,
    /// What every binding of the chart shares (its texts).
    pub pre: Option<&'a Prebound>,
    /// The distribution of the chart's dice, made once loaded.
    pub ready: Option<&'a Ready>,
    pub quick: Option<&'a Quick>,
    pub layout: Option<&'a Layout>,
}

/// The exact odds of a bound chart, spending `work`.
pub(crate) fn chart_odds(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    limits: &Limits,
    work: &mut Work,
) -> Result<Odds, RollError> {
    let outcomes = match kept.layout {
        Some(layout) => laid_out(program, bound, layout, kept.ready, limits, work)?,
        None if reads_alone(&bound.plan) => read_alone(program, bound, kept, limits, work)?,
        None => odds(program, bound, kept, limits, work, 0)?,
    };
    Ok(Odds {
        chart: chart_name(program, bound, kept),
        outcomes,
    })
}

/// The odds of a bound chart's own outcomes, each follow-up named, not
/// rolled (`Knocked out -> roll Bail Out Table`): what a comparison needs
/// when both sides' follow-ups are compiled alike, since equal own odds
/// then give equal odds path by path.
pub(crate) fn own_odds(
    program: &Program,
    bound: &Bound,
    limits: &Limits,
    work: &mut Work,
) -> Result<Odds, RollError> {
    let name = chart_name(program, bound, Kept::default());
    let primaries = primary_odds(program, bound, None, limits, work)?;
    let (mut groups, follows) = grouped(program, bound, Kept::default(), &name, primaries);
    for (i, indices) in follows {
        let Some(group) = groups.get_mut(i) else {
            continue;
        };
        let mut said = group.outcome.to_string();
        for f in indices.iter().filter_map(|&f| program.follow_ups.get(f)) {
            said.push_str(" -> roll ");
            match program.charts.get(f.chart) {
                Some(chart) if !f.again => said.push_str(&chart.title),
                _ if f.with.is_empty() => said.push_str("again"),
                _ => {
                    said.push_str("again with ");
                    said.push_str(&f.with);
                }
            }
        }
        group.outcome = said.into();
    }
    Ok(Odds {
        chart: name,
        outcomes: groups,
    })
}

/// The chart's qualified name, shared with its traces and bindings where
/// it is kept.
fn chart_name(program: &Program, bound: &Bound, kept: Kept<'_>) -> Shared<str> {
    match (kept.text, kept.pre) {
        (Some(t), _) => t.chart.clone(),
        (None, Some(p)) => p.name.clone(),
        (None, None) => qualified_name(program, bound).into(),
    }
}

/// The distribution of a plan's own outcomes, counted in `C`.
fn primary<C: power::Exact>(
    program: &Program,
    bound: &Bound,
    quick: Option<&Quick>,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<(Primary, Probability)>, Fail> {
    let what = || format!("the exact odds of `{}`", qualified_name(program, bound));
    let read = |v| match quick.and_then(|q| q.key(v)) {
        Some(key) => Ok(key),
        None => bound.key(program, v),
    };
    match &bound.plan {
        Plan::Certain(..) => {
            let one = [(Primary::Read(Key::default()), C::one())];
            fractions(one, Denominator::new(C::one(), []), work, &what)
        }
        Plan::Table { dice, .. } | Plan::Check { dice, .. } | Plan::Opposed { dice, .. } => {
            // An opposed roll reads only the difference, as (d, 0). (It has
            // no table of naturals: `read` reads it.)
            let opposed = matches!(bound.plan, Plan::Opposed { .. });
            let values = dist::natural::<C>(dice, opposed, limits, work, &what)?;
            let place = |k| bound.sheet_place(k);
            let (keys, total) = group((values.min, &values.counts), work, &what, read, place)?;
            let sides = dice.groups.iter().map(|g| g.sides);
            let keys = keys.into_iter().map(|(k, c)| (Primary::Read(k), c));
            fractions(keys, Denominator::new(total, sides), work, &what)
        }
        Plan::Columns(plan) => columns::primaries::<C>(program, plan, limits, work, &what),
        Plan::Faces(plan) => {
            let (keys, total) = faces::keys::<C>(program, plan, work, &what)?;
            let sides = plan.dice.iter().map(|d| d.0);
            let keys = keys.into_iter().map(|(k, c)| (Primary::Read(k), c));
            fractions(keys, Denominator::new(total, sides), work, &what)
        }
        Plan::Sides { sides, .. } => Ok(sides::odds(program, bound, sides, limits, work)?),
        Plan::Pool { stages } => {
            // `report`: the outcome names some counts only. (Counted, not
            // collected: a pool that reports every count allocates nothing
            // for this.)
            let reports = stages.iter().filter(|s| s.reported).count();
            if reports == 1 && stages.len() > 1 {
                let only = stages.iter().position(|s| s.reported).unwrap_or(0);
                let m = marginal::marginal::<C>(stages, only, limits, work, &what)?;
                let states: Vec<(Primary, C)> = m
                    .counts
                    .into_iter()
                    .enumerate()
                    .filter(|(_, c)| !c.is_zero())
                    .map(|(k, c)| (Primary::Counts(vec![k as u64]), c))
                    .collect();
                return fractions(states, Denominator::new(m.total, m.sides), work, &what);
            }
            let joint = pool::joint::<C>(stages, limits, work, &what)?;
            if reports < stages.len() {
                let reported: Vec<usize> = stages
                    .iter()
                    .enumerate()
                    .filter_map(|(i, s)| s.reported.then_some(i))
                    .collect();
                let total = joint.total.clone();
                let sides = joint.sides.clone();
                let merged = pool::merge_reported(joint, &reported, work, &what)?;
                let states = merged.into_iter().map(|(k, c)| (Primary::Counts(k), c));
                return fractions(states, Denominator::new(total, sides), work, &what);
            }
            let n = joint.stages;
            let counts = &joint.counts;
            let states = joint.ways.into_iter().enumerate().map(|(j, c)| {
                let of = counts.get(j * n..(j + 1) * n).unwrap_or_default();
                (Primary::Counts(of.to_vec()), c)
            });
            fractions(
                states,
                Denominator::new(joint.total, joint.sides),
                work,
                &what,
            )
        }
    }
}

/// Each count over the denominator, reduced, charging every outcome.
fn fractions<C: Count>(
    counts: impl IntoIterator<Item = (Primary, C), IntoIter: ExactSizeIterator>,
    mut denominator: Denominator<C>,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<(Primary, Probability)>, Fail> {
    let counts = counts.into_iter();
    let mut out = Vec::with_capacity(counts.len());
    for (p, c) in counts {
        let words = c.words();
        let (ratio, steps) = denominator.ratio(c);
        let cost = OUTCOME_COST + steps.saturating_add(words.saturating_mul(4));
        work.odds(cost, what)?;
        out.push((p, ratio));
    }
    Ok(out)
}

/// Counts per outcome key (a sheet's chart has a handful: inline).
type Keyed<C> = SmallVec<[(Key, C); 8]>;

/// Counts per outcome key of every value of a distribution, in sheet
/// order (`place`: [`Bound::sheet_place`]), and the ways in all.
fn group<C: Count>(
    (min, counts): (i64, &[C]),
    work: &mut Work,
    what: &dyn Fn() -> String,
    read: impl Fn(i64) -> Result<Key, RollError>,
    place: impl Fn(Key) -> (u32, Key),
) -> Result<(Keyed<C>, C), Fail> {
    work.odds(counts.len() as u64 * 4, what)?;
    let mut keys: Keyed<C> = SmallVec::new();
    let mut total = C::zero();
    let mut at: Index<Key> = Index::new();
    for (i, count) in counts.iter().enumerate() {
        if count.is_zero() {
            continue;
        }
        total.add_assign(count)?;
        let key = read(min + i as i64)?;
        // Neighbouring totals mostly read the same row: try the last first.
        if let Some(last) = keys.last_mut().filter(|k| k.0 == key) {
            last.1.add_assign(count)?;
            continue;
        }
        match at.find(&keys, |k| &k.0, &key) {
            Some(k) => keys[k].1.add_assign(count)?,
            None => {
                at.pushing(&key, keys.len());
                keys.push((key, count.clone()));
            }
        }
    }
    keys.sort_by_key(|k| place(k.0));
    Ok((keys, total))
}

/// The plan's own outcomes as fractions: in machine integers if every
/// count fits, else again in big integers.
fn primary_odds(
    program: &Program,
    bound: &Bound,
    quick: Option<&Quick>,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<(Primary, Probability)>, RollError> {
    if notation::needs_big(&bound.plan) {
        return big_only(primary::<BigUint>(program, bound, quick, limits, work));
    }
    in_words_or_big(
        |work| primary::<u128>(program, bound, quick, limits, work),
        |work| primary::<BigUint>(program, bound, quick, limits, work),
        work,
    )
}

/// True for a table, check or opposed roll none of whose outcomes rolls a
/// follow-up: its odds are its own outcomes'.
fn reads_alone(plan: &Plan) -> bool {
    let none = |rs: &[Resolved]| rs.iter().all(|r| r.follow_ups.is_empty());
    match plan {
        Plan::Table { rows, extras, .. } => none(rows) && none(extras),
        Plan::Check {
            success,
            failure,
            extras,
            ..
        } => success.follow_ups.is_empty() && failure.follow_ups.is_empty() && none(extras),
        Plan::Opposed { rows, .. } => none(rows),
        // Its values are pairs of the sides' results, or its branches',
        // not its own dice.
        Plan::Certain(..)
        | Plan::Pool { .. }
        | Plan::Faces(_)
        | Plan::Columns(_)
        | Plan::Sides { .. } => false,
    }
}

/// The odds of a plan [`reads_alone`] without a [`Layout`] (a chart bound
/// for one call), counted as [`primary_odds`] counts.
fn read_alone(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<OddsOutcome>, RollError> {
    let what = || format!("the exact odds of `{}`", qualified_name(program, bound));
    let count = |work: &mut Work| read_counts::<u128>(program, bound, kept, limits, work, &what);
    if notation::needs_big(&bound.plan) {
        return big_only(read_counts::<BigUint>(
            program, bound, kept, limits, work, &what,
        ));
    }
    in_words_or_big(
        count,
        |work| read_counts::<BigUint>(program, bound, kept, limits, work, &what),
        work,
    )
}

/// What a [`Layout`] settles and counts, in one pass for one call: each
/// value the dice show read ([`Bound::read`]) and its count added to its
/// outcome's, the outcomes merged by text in sheet order, then each one's
/// fraction.
fn read_counts<C: power::Exact>(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<OddsOutcome>, Fail> {
    let Some((dice, opposed)) = layout::rolled(&bound.plan) else {
        return Ok(Vec::new());
    };
    let read = |v| match kept.quick.and_then(|q| q.key(v)) {
        Some(key) => Ok(key),
        None => bound.key(program, v),
    };
    let (min, counts) = dist::natural_or_ready::<C>(kept.ready, dice, opposed, limits, work, what)?;
    let (keys, total) = group((min, &counts), work, what, read, |k| bound.sheet_place(k))?;
    let name = chart_name(program, bound, kept);
    // A sheet's chart has a handful of outcomes: inline.
    let mut merged: SmallVec<[(Shared<str>, OddsStep, C); 8]> = SmallVec::new();
    let mut by_text: Index<Shared<str>> = Index::new();
    for (key, count) in keys {
        let (said, step) = said(program, bound, kept, &name, key);
        match by_text.find(&merged, |m| &m.0, &said) {
            Some(i) => merged[i].2.add_assign(&count)?,
            None => {
                by_text.pushing(&said, merged.len());
                merged.push((said, step, count));
            }
        }
    }
    let mut denominator = Denominator::new(total, dice.groups.iter().map(|g| g.sides));
    let mut out = Vec::with_capacity(merged.len());
    for (said, step, count) in merged {
        let words = count.words();
        let (probability, steps) = denominator.ratio(count);
        work.odds(
            OUTCOME_COST + steps.saturating_add(words.saturating_mul(4)),
            what,
        )?;
        out.push(OddsOutcome {
            outcome: said,
            probability,
            path: smallvec![step],
        });
    }
    Ok(out)
}

/// The odds of a chart with a [`Layout`], counted as [`primary_odds`] counts.
fn laid_out(
    program: &Program,
    bound: &Bound,
    layout: &Layout,
    ready: Option<&Ready>,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<OddsOutcome>, RollError> {
    let what = || format!("the exact odds of `{}`", qualified_name(program, bound));
    if notation::needs_big(&bound.plan) {
        return big_only(layout.odds::<BigUint>(bound, ready, limits, work, &what));
    }
    in_words_or_big(
        |work| layout.odds::<u128>(bound, ready, limits, work, &what),
        |work| layout.odds::<BigUint>(bound, ready, limits, work, &what),
        work,
    )
}

/// A count in big integers, which do not overflow.
fn big_only<T>(result: Result<T, Fail>) -> Result<T, RollError> {
    result.map_err(|e| match e {
        Fail::Error(e) => e,
        Fail::Overflow => RollError::too_large("a count overflowed".into()),
    })
}

/// `words`, or `big` when a machine integer overflowed.
fn in_words_or_big<T>(
    words: impl FnOnce(&mut Work) -> Result<T, Fail>,
    big: impl FnOnce(&mut Work) -> Result<T, Fail>,
    work: &mut Work,
) -> Result<T, RollError> {
    match words(work) {
        Ok(v) => Ok(v),
        Err(Fail::Error(e)) => Err(e),
        Err(Fail::Overflow) => match big(work) {
            Ok(v) => Ok(v),
            Err(Fail::Error(e)) => Err(e),
            // Big integers do not overflow.
            Err(Fail::Overflow) => Err(RollError::too_large("a count overflowed".into())),
        },
    }
}

/// A pool outcome's text, as the sampler words it
/// (`crate::engine::sample::pool_outcome`): `2 hits, 1 converted`, written into
/// one string; `counts` are those of the stages reported, in order.
fn pool_text(stages: &[BoundStage], counts: &[u64]) -> String {
    let mut text = String::with_capacity(stages.iter().map(|s| s.label.len() + 6).sum());
    let mut digits = itoa::Buffer::new();
    let reported = stages.iter().filter(|s| s.reported);
    for (i, (stage, c)) in reported.zip(counts).enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(digits.format(*c));
        text.push(' ');
        text.push_str(&stage.label);
    }
    text
}

/// One outcome of a chart as exact odds list it: how it reads, its step
/// of the path, and the follow-ups it rolls.
pub(crate) struct Listed {
    pub said: Shared<str>,
    pub step: OddsStep,
    pub follow_ups: Vec<usize>,
}

/// The outcome `key` stands for, with the texts `kept` when it is a row's
/// alone, else texts made for it.
pub(crate) fn listed(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    name: &Shared<str>,
    key: Key,
) -> Listed {
    let (primary, extras) = bound.outcome(key);
    let mut follow_ups: Vec<usize> = primary.follow_ups.clone();
    for e in &extras {
        follow_ups.extend(&e.follow_ups);
    }
    let (said, step) = said(program, bound, kept, name, key);
    Listed {
        said,
        step,
        follow_ups,
    }
}

/// How the outcome `key` stands for reads, and its step of the path: the
/// bound chart's texts or the chart's own ([`prebound_said`]) when it is a
/// row's alone, else texts made for it.
fn said(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    name: &Shared<str>,
    key: Key,
) -> (Shared<str>, OddsStep) {
    let shared = match (kept.text, kept.pre) {
        _ if key.extras != 0 => None,
        (Some(t), _) => t.outcome(key.primary),
        (None, Some(pre)) => prebound_said(pre, bound, key.primary),
        (None, None) => None,
    };
    let (outcome, said) = match shared {
        Some((fields, said)) => (
            OutcomeText {
                fields,
                also: Vec::new(),
            },
            said,
        ),
        None => {
            let (primary, extras) = bound.outcome(key);
            let outcome = outcome_text(&program.charts[bound.chart], primary, &extras);
            let said = outcome.to_string().into();
            (outcome, said)
        }
    };
    let step = OddsStep {
        chart: name.clone(),
        outcome,
        counts: Vec::new(),
    };
    (said, step)
}

/// The texts of the outcome a primary code stands for, where no choice
/// changes them: the chart's own (`pre`).
fn prebound_said(
    pre: &Prebound,
    bound: &Bound,
    code: u32,
) -> Option<(Shared<[OutcomeField]>, Shared<str>)> {
    let said = match (&bound.plan, Code::of(code)) {
        (Plan::Table { .. } | Plan::Opposed { .. } | Plan::Sides { .. }, Code::Row(i)) => {
            pre.said.get(i)?.as_ref()
        }
        (Plan::Check { .. }, Code::Success) => pre.success.as_ref(),
        (Plan::Check { .. }, Code::Failure) => pre.failure.as_ref(),
        _ => None,
    }?;
    Some((said.fields.clone(), said.text.clone()))
}

/// The exact odds of a bound chart and its follow-ups.
fn odds(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    limits: &Limits,
    work: &mut Work,
    depth: usize,
) -> Result<Vec<OddsOutcome>, RollError> {
    let name = chart_name(program, bound, kept);
    let primaries = primary_odds(program, bound, kept.quick, limits, work)?;
    let (groups, follows) = grouped(program, bound, kept, &name, primaries);
    if follows.is_empty() {
        // No follow-ups: the groups are the outcomes, one per text.
        return Ok(groups);
    }
    let mut sub_odds: HashMap<usize, Vec<OddsOutcome>> = HashMap::new();
    let mut out: Vec<OddsOutcome> = Vec::new();
    let mut at: Index<Shared<str>> = Index::new();
    for (i, group) in groups.into_iter().enumerate() {
        let mut paths = vec![group];
        for &index in follow_ups(&follows, i) {
            if let std::collections::hash_map::Entry::Vacant(slot) = sub_odds.entry(index) {
                // `None`: a `then again` past `Limits::max_repeats`, not
                // rolled; the path ends here (the last outcome stands).
                let Some(next) = follow_up(program, bound, index, depth, limits, work)? else {
                    continue;
                };
                work.follow_up(to_bind(program, next.chart), || {
                    format!("expanding the follow-ups of `{name}`")
                })?;
                let sub = odds(program, &next, Kept::default(), limits, work, depth + 1)?;
                slot.insert(sub);
            }
            let sub = sub_odds.get(&index).map_or(&[][..], Vec::as_slice);
            paths = then(&paths, sub, &name, limits, work)?;
        }
        for p in paths {
            match at.find(&out, |o| &o.outcome, &p.outcome) {
                Some(i) => out[i].probability += p.probability,
                None => {
                    at.pushing(&p.outcome, out.len());
                    out.push(p);
                }
            }
        }
    }
    Ok(out)
}

/// This chart's outcomes grouped by what a player reads (several rows
/// saying "No effect" are one outcome), in first-seen order; and the
/// follow-ups of those groups that have any, by position.
fn grouped(
    program: &Program,
    bound: &Bound,
    kept: Kept<'_>,
    name: &Shared<str>,
    primaries: Vec<(Primary, Probability)>,
) -> (Vec<OddsOutcome>, Vec<(usize, Vec<usize>)>) {
    let mut groups: Vec<OddsOutcome> = Vec::with_capacity(primaries.len());
    let mut follows: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut by_text: Index<Shared<str>> = Index::new();
    for (p, probability) in primaries {
        let key = match (p, &bound.plan) {
            (Primary::Counts(counts), Plan::Pool { stages }) => {
                groups.push(pool_group(stages, counts, probability, name));
                continue;
            }
            (Primary::Read(key), _) => key,
            (Primary::Counts(_), _) => continue,
        };
        let Listed {
            said,
            step,
            follow_ups: follow,
        } = listed(program, bound, kept, name, key);
        let same = by_text
            .find(&groups, |g| &g.outcome, &said)
            .filter(|&i| follow_ups(&follows, i) == follow.as_slice());
        match same {
            Some(i) => groups[i].probability += probability,
            None => {
                by_text.pushing(&said, groups.len());
                if !follow.is_empty() {
                    follows.push((groups.len(), follow));
                }
                groups.push(OddsOutcome {
                    outcome: said,
                    probability,
                    path: smallvec![step],
                });
            }
        }
    }
    (groups, follows)
}

/// One count of a pool's stages as an outcome of its own: a pool's stage
/// counts differ, and so do their texts.
fn pool_group(
    stages: &[BoundStage],
    counts: Vec<u64>,
    probability: Probability,
    name: &Shared<str>,
) -> OddsOutcome {
    let written = pool_text(stages, &counts);
    let said: Shared<str> = written.as_str().into();
    let fields = [OutcomeField {
        label: None,
        alternatives: vec![written],
    }];
    OddsOutcome {
        outcome: said,
        probability,
        path: smallvec![OddsStep {
            chart: name.clone(),
            outcome: OutcomeText {
                fields: fields.into(),
                also: Vec::new(),
            },
            counts,
        }],
    }
}

/// Every path in `paths` followed by every outcome of a follow-up (`sub`):
/// the texts joined by `->`, the probabilities multiplied.
fn then(
    paths: &[OddsOutcome],
    sub: &[OddsOutcome],
    name: &Shared<str>,
    limits: &Limits,
    work: &mut Work,
) -> Result<Vec<OddsOutcome>, RollError> {
    if paths.len().saturating_mul(sub.len()) > limits.max_odds_states {
        return Err(RollError::too_large(format!(
            "the follow-ups of `{name}` make more than {} paths",
            limits.max_odds_states
        )));
    }
    let mut next = Vec::new();
    for p in paths {
        for s in sub {
            let words = p.probability.denom_bits() + s.probability.denom_bits();
            let steps = (p.path.len() + s.path.len()) as u64;
            let bytes = (p.outcome.len() + s.outcome.len()) as u64;
            let cost = (words.div_ceil(64) * 4)
                .saturating_add(steps.saturating_mul(PATH_STEP_COST))
                .saturating_add(bytes);
            work.odds(cost, || format!("expanding the follow-ups of `{name}`"))?;
            let mut path = p.path.clone();
            path.extend(s.path.iter().cloned());
            next.push(OddsOutcome {
                outcome: format!("{} -> {}", p.outcome, s.outcome).into(),
                probability: &p.probability * &s.probability,
                path,
            });
        }
    }
    Ok(next)
}

/// The follow-ups of group `i` (none if it is not listed).
fn follow_ups(follows: &[(usize, Vec<usize>)], i: usize) -> &[usize] {
    follows
        .iter()
        .find(|f| f.0 == i)
        .map_or(&[][..], |f| f.1.as_slice())
}
