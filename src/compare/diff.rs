//! [`OddsDiff`]: a chart's exact odds in a base game and in a variant, side
//! by side, outcome by outcome. The data a table, JSON or a picture of the
//! change is drawn from.

use crate::compare::alike::follow_ups_alike;
use crate::compare::change::ProbabilityChange;
use crate::engine::budget::Budget;
use crate::engine::choices::{Choices, INPUT_SOURCE};
use crate::engine::error::RollError;
use crate::engine::error::RollErrorKind;
use crate::engine::odds::{Odds, Probability};
use crate::ruleset::ChartRef;
use crate::syntax::span::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::hash_map::Entry;
use std::collections::HashMap;

/// One outcome's probability in the base and in the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OutcomeDiff {
    /// The outcome's text.
    pub outcome: String,
    /// Its exact probability in the base; `None` where the base never gives it.
    pub base: Option<Probability>,
    /// Its exact probability in the variant; `None` where the variant never
    /// gives it.
    pub variant: Option<Probability>,
}

impl OutcomeDiff {
    /// The exact change, variant minus base (a missing side counts as 0).
    #[must_use]
    pub fn delta(&self) -> ProbabilityChange {
        ProbabilityChange::new(self.unreduced_delta())
    }

    /// The change, exact but not reduced: `(v·b' − b·v') / (v'·b')` from
    /// the two reduced fractions, multiplications only. Reducing it (two
    /// gcds of numbers as long as a pool's counts) was most of a diff of
    /// 40,000 outcomes; its value, its sign and its order are the same.
    fn unreduced_delta(&self) -> BigRational {
        let parts = |p: &Option<Probability>| {
            p.as_ref().map_or_else(
                || (BigInt::zero(), BigInt::one()),
                |p| p.to_big().into_raw(),
            )
        };
        let ((vn, vd), (bn, bd)) = (parts(&self.variant), parts(&self.base));
        BigRational::new_raw(&vn * &bd - &bn * &vd, vd * bd)
    }

    /// The change in percentage points (for display only).
    #[must_use]
    pub fn delta_percent(&self) -> f64 {
        percent(&self.unreduced_delta())
    }

    /// The base's probability as a percentage, if the base gives it.
    #[must_use]
    pub fn base_percent(&self) -> Option<f64> {
        self.base.as_ref().map(|p| p.to_f64() * 100.0)
    }

    /// The variant's probability as a percentage, if the variant gives it.
    #[must_use]
    pub fn variant_percent(&self) -> Option<f64> {
        self.variant.as_ref().map(|p| p.to_f64() * 100.0)
    }
}

fn percent(p: &BigRational) -> f64 {
    p.to_f64().unwrap_or(0.0) * 100.0
}

/// A chart's odds in a base and a variant, for one set of choices.
///
/// ```
/// use chartwright::{Choices, OddsDiff, Ruleset};
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let choices = Choices::parse("tracked").unwrap();
/// let diff = OddsDiff::compare(
///     &base.chart("bog_down").unwrap(),
///     &mud.chart("bog_down").unwrap(),
///     &choices,
/// ).unwrap();
/// let traverse = &diff.outcomes[0];
/// assert_eq!(traverse.outcome, "Traverse");
/// assert_eq!(traverse.delta().to_string(), "-1/10");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OddsDiff {
    /// The chart, as the variant names it (`game.chart`).
    pub chart: String,
    /// The choices, as given.
    pub choices: String,
    /// Every outcome either side gives, in the base's order with the
    /// variant's new outcomes after their neighbours.
    pub outcomes: Vec<OutcomeDiff>,
    /// Where the follow-ups are named rather than rolled (`Hold -> roll
    /// Pool 22`), the limit rolling them passed: the chart's own outcomes
    /// are compared instead, which is exact at that grain when both sides'
    /// follow-ups are compiled alike. `None` when every path is rolled.
    pub follow_ups_named: Option<String>,
}

impl OddsDiff {
    /// Pairs two distributions by outcome text.
    #[must_use]
    pub fn new(chart: &str, choices: &str, base: &Odds, variant: &Odds) -> Self {
        let (base_order, base_sums) = by_outcome(base);
        let (_, variant_sums) = by_outcome(variant);
        // The base's outcomes, each once; the variant's in its own order,
        // a repeat marking where the next new one goes.
        let variant_order = variant.outcomes.iter().map(|o| &*o.outcome);
        let outcomes = merged_order([base_order, variant_order.collect()])
            .into_iter()
            .map(|name| OutcomeDiff {
                outcome: name.to_owned(),
                base: base_sums.get(name).cloned(),
                variant: variant_sums.get(name).cloned(),
            })
            .collect();
        Self {
            chart: chart.to_owned(),
            choices: choices.to_owned(),
            outcomes,
            follow_ups_named: None,
        }
    }

    /// Computes both sides' odds. Each side is given only the choices its
    /// chart takes, so a modifier the variant adds (or removes) is simply
    /// absent on the other side.
    pub fn compare(
        base: &ChartRef<'_>,
        variant: &ChartRef<'_>,
        choices: &Choices,
    ) -> Result<Self, RollError> {
        let mut budget = Budget::new(variant.ruleset().limits());
        Self::compare_in(base, variant, choices, &mut budget)
    }

    /// [`OddsDiff::compare`] within `budget`: both sides' odds, and those
    /// of the other comparisons of one request ([`Budget`]).
    pub fn compare_in(
        base: &ChartRef<'_>,
        variant: &ChartRef<'_>,
        choices: &Choices,
        budget: &mut Budget,
    ) -> Result<Self, RollError> {
        let takes = |c: &ChartRef<'_>, name: &str| c.inputs().iter().any(|i| i.name == name);
        if choices
            .args()
            .iter()
            .any(|a| !takes(base, &a.name) && !takes(variant, &a.name))
        {
            // A name neither side takes: the variant's own diagnostic says why.
            variant.bind(choices)?;
        }
        let b = base
            .odds_in(&for_chart(base, choices), budget)
            .map_err(|e| into_variant(e, base, variant))?;
        let v = variant.odds_in(&for_chart(variant, choices), budget)?;
        Ok(Self::new(&variant.qualified_name(), choices.text(), &b, &v))
    }

    /// [`OddsDiff::compare_in`], or where rolling the follow-ups passes a
    /// limit the charts' own outcomes do not (a `once` count over dice
    /// with notation, a chain too deep, more work than the budget): the
    /// own outcomes, each follow-up named (`Hold -> roll Pool 22`), with
    /// [`follow_ups_named`](Self::follow_ups_named) saying why. Only where
    /// both sides' follow-ups are compiled alike: their own outcomes then
    /// change exactly where the odds do, as `--across` compares them. The
    /// own outcomes are computed first, so both fit in one budget.
    ///
    /// One situation's answer: a sweep compares each point with
    /// [`OddsDiff::compare_in`], so its columns read at one grain.
    pub fn compare_or_named_in(
        base: &ChartRef<'_>,
        variant: &ChartRef<'_>,
        choices: &Choices,
        budget: &mut Budget,
    ) -> Result<Self, RollError> {
        if !(has_follow_ups(base) && follow_ups_alike(base, variant)) {
            return Self::compare_in(base, variant, choices, budget);
        }
        let (bc, vc) = (for_chart(base, choices), for_chart(variant, choices));
        let own = base
            .own_odds_in(&bc, budget)
            .and_then(|b| Ok((b, variant.own_odds_in(&vc, budget)?)));
        match (Self::compare_in(base, variant, choices, budget), own) {
            (Err(e), Ok((b, v))) if at_limit(&e) => {
                let mut d = Self::new(&variant.qualified_name(), choices.text(), &b, &v);
                d.follow_ups_named = Some(e.to_string());
                Ok(d)
            }
            (full, _) => full,
        }
    }

    /// True when every outcome has the same probability on both sides.
    #[must_use]
    pub fn is_unchanged(&self) -> bool {
        self.outcomes.iter().all(|o| o.base == o.variant)
    }

    /// The outcome whose probability changes most (the first on a tie), or
    /// `None` when nothing changes.
    #[must_use]
    pub fn largest(&self) -> Option<&OutcomeDiff> {
        self.largest_with_change().map(|(o, _)| o)
    }

    /// The size of the largest change ([`OddsDiff::largest`]), exact.
    pub(crate) fn largest_change(&self) -> Option<BigRational> {
        self.largest_with_change().map(|(_, d)| d)
    }

    fn largest_with_change(&self) -> Option<(&OutcomeDiff, BigRational)> {
        let mut best: Option<(&OutcomeDiff, BigRational)> = None;
        for o in &self.outcomes {
            let d = o.unreduced_delta().abs();
            if d.is_zero() && o.base.is_some() == o.variant.is_some() {
                continue;
            }
            if best.as_ref().map_or(true, |(_, b)| d > *b) {
                best = Some((o, d));
            }
        }
        best
    }

    /// The JSON form: `{"chart", "choices", "outcomes": [{"outcome", "base",
    /// "variant", "delta_percent"}]}`, with probabilities as `"n/d"` strings
    /// and `null` for a side that never gives the outcome.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let mut json = serde_json::json!({
            "chart": self.chart,
            "choices": self.choices,
            "outcomes": self.outcomes.iter().map(|o| serde_json::json!({
                "outcome": o.outcome,
                "base": o.base.as_ref().map(Probability::fraction),
                "variant": o.variant.as_ref().map(Probability::fraction),
                "delta_percent": o.delta_percent(),
            })).collect::<Vec<_>>(),
        });
        if let (Some(why), serde_json::Value::Object(m)) = (&self.follow_ups_named, &mut json) {
            m.insert("follow_ups_named".into(), why.as_str().into());
        }
        json
    }
}

/// Each outcome of `odds` once, in order, and its whole probability (an
/// outcome reached by several paths sums them).
fn by_outcome(odds: &Odds) -> (Vec<&str>, HashMap<&str, Probability>) {
    let mut order = Vec::new();
    let mut sums: HashMap<&str, Probability> = HashMap::new();
    for o in &odds.outcomes {
        match sums.entry(&o.outcome) {
            Entry::Occupied(mut sum) => *sum.get_mut() += &o.probability,
            Entry::Vacant(slot) => {
                order.push(&*o.outcome);
                slot.insert(o.probability.clone());
            }
        }
    }
    (order, sums)
}

/// The outcomes of several answers (a sweep's columns, a base and its
/// variant) in one order: the first answer's, with each later answer's
/// new outcomes right after the outcome they follow there (at the start
/// where none does), so rows stay in the table's order.
///
/// Linear in the outcomes: an outcome put right after another is kept as
/// that one's child (the latest first, as putting it right after puts it),
/// and the order is read by walking the children depth first.
#[must_use]
pub fn merged_order<'a>(answers: impl IntoIterator<Item = Vec<&'a str>>) -> Vec<&'a str> {
    // Node 0 is the start of the list; node `i + 1` is `names[i]`.
    let mut names: Vec<&str> = Vec::new();
    let mut children: Vec<Vec<usize>> = vec![Vec::new()];
    let mut index: HashMap<&str, usize> = HashMap::new();
    for answer in answers {
        let mut after = 0;
        for o in answer {
            if let Some(&node) = index.get(o) {
                after = node;
                continue;
            }
            names.push(o);
            children.push(Vec::new());
            let node = names.len();
            index.insert(o, node);
            if let Some(c) = children.get_mut(after) {
                c.push(node);
            }
            after = node;
        }
    }
    let mut order = Vec::with_capacity(names.len());
    let mut stack: Vec<usize> = children.first().cloned().unwrap_or_default();
    while let Some(node) = stack.pop() {
        if let Some(name) = names.get(node.wrapping_sub(1)) {
            order.push(*name);
        }
        if let Some(c) = children.get(node) {
            stack.extend(c.iter().copied());
        }
    }
    order
}

/// The choices a chart takes, out of `choices` (a loose name it does not
/// take is left out).
#[must_use]
pub fn for_chart(chart: &ChartRef<'_>, choices: &Choices) -> Choices {
    let names: Vec<String> = chart.inputs().into_iter().map(|i| i.name).collect();
    choices.keeping(&names)
}

/// True when the chart follows up another.
fn has_follow_ups(chart: &ChartRef<'_>) -> bool {
    let (program, id) = chart.compiled();
    program.follow_ups.iter().any(|f| f.caller == id)
}

/// An engine limit rather than a refusal the docs make (a count too
/// large, a chain too deep, more work than the budget): the odds exist,
/// the engine did not reach them.
pub(crate) fn at_limit(e: &RollError) -> bool {
    matches!(
        e.kind,
        RollErrorKind::TooLarge { .. }
            | RollErrorKind::TooDeep { .. }
            | RollErrorKind::OverBudget { .. }
    )
}

/// An error of the base side with its span pointed into the variant's
/// sources, which hold the base's text too (a variant loads its base): a
/// front end renders every error of a comparison against the variant's
/// ruleset. A span into text the variant does not hold is dropped rather
/// than shown on the wrong file; one into the arguments stays.
pub(crate) fn into_variant(
    mut e: RollError,
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
) -> RollError {
    if let Some(span) = e.span.filter(|s| s.source != INPUT_SOURCE) {
        let text = base.ruleset().sources().get(span.source).map(|s| &s.text);
        let id = text.and_then(|t| variant.ruleset().sources().find_text(t));
        e.span = id.map(|source| Span { source, ..span });
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::odds::OddsOutcome;
    use rand::{Rng, SeedableRng};

    /// A work budget Fire Combat's own outcomes fit and its expanded odds
    /// do not.
    const WORK: u64 = 3_000;

    fn odds(outcomes: &[(&str, u128)]) -> Odds {
        Odds {
            chart: "g.t".into(),
            outcomes: outcomes
                .iter()
                .map(|&(name, n)| OddsOutcome {
                    outcome: name.into(),
                    probability: Probability::new(n, 64),
                    path: crate::engine::odds::OddsPath::new(),
                })
                .collect(),
        }
    }

    /// The merge as it was first written: each outcome looked up and put
    /// in place in the list (quadratic), the reference for the order.
    fn by_lookup(base: &Odds, variant: &Odds) -> Vec<OutcomeDiff> {
        let mut outcomes: Vec<OutcomeDiff> = Vec::new();
        for o in &base.outcomes {
            if !outcomes.iter().any(|d| *d.outcome == *o.outcome) {
                outcomes.push(OutcomeDiff {
                    outcome: o.outcome.to_string(),
                    base: Some(base.probability(&o.outcome)),
                    variant: None,
                });
            }
        }
        let mut after: Option<usize> = None;
        for o in &variant.outcomes {
            if let Some(i) = outcomes.iter().position(|d| *d.outcome == *o.outcome) {
                outcomes[i].variant = Some(variant.probability(&o.outcome));
                after = Some(i);
                continue;
            }
            let at = after.map_or(0, |i| i + 1);
            outcomes.insert(
                at,
                OutcomeDiff {
                    outcome: o.outcome.to_string(),
                    base: None,
                    variant: Some(variant.probability(&o.outcome)),
                },
            );
            after = Some(at);
        }
        outcomes
    }

    /// Fire Combat's follow-up (Bail Out) is compiled alike when a variant
    /// changes a fire modifier. With a budget its own outcomes fit and its
    /// expanded odds do not, the direct diff names the follow-up and says
    /// why; a sweep's point stays strict. (A campaign's generated pair
    /// found this: `--across` ranked a class its direct diff refused.)
    #[test]
    fn a_follow_up_past_the_budget_is_named_in_one_situations_diff() {
        let limits = crate::limits::Limits {
            max_odds_work: WORK,
            ..crate::limits::Limits::default()
        };
        let load = |name: &str, text: &str| {
            let mut b = crate::ruleset::RulesetBuilder::new().limits(limits.clone());
            b.add_str(name, text);
            b.build().expect("loads")
        };
        let base = load(
            "first_echelon",
            crate::bundled::source("first_echelon").expect("bundled"),
        );
        let smoke = load(
            "smoke",
            "variant \"Smoke\" of first_echelon version \"1\"\nchange direct_fire_modifiers.df_smoke -3\n",
        );
        let (b, v) = (
            base.chart("fire_combat").expect("chart"),
            smoke.chart("fire_combat").expect("chart"),
        );
        let choices =
            Choices::parse("target_discipline=veteran attack=direct df_weapon=4 df_smoke mounted")
                .expect("parses");
        let strict = OddsDiff::compare_in(&b, &v, &choices, &mut Budget::new(&limits));
        let e = strict.expect_err("the expanded odds are past the budget");
        assert!(matches!(e.kind, RollErrorKind::OverBudget { .. }), "{e}");
        let named = OddsDiff::compare_or_named_in(&b, &v, &choices, &mut Budget::new(&limits))
            .expect("the own outcomes fit");
        let why = named.follow_ups_named.as_deref().unwrap_or_default();
        assert!(why.contains("`max_odds_work` (3000)"), "{why}");
        assert!(!named.is_unchanged());
        assert!(
            named
                .outcomes
                .iter()
                .any(|o| o.outcome.ends_with("-> roll Bail Out Table")),
            "{named:?}"
        );
        // Where the budget allows, the same call rolls every path.
        let full = OddsDiff::compare_or_named_in(
            &b,
            &v,
            &choices,
            &mut Budget::new(&crate::limits::Limits::default()),
        )
        .expect("odds");
        assert_eq!(full.follow_ups_named, None);
        assert!(!full.outcomes.iter().any(|o| o.outcome.contains("-> roll")));
    }

    #[test]
    fn outcomes_merge_in_the_order_of_putting_each_in_place() {
        let names = ["A", "B", "C", "D", "E", "F", "G", "H"];
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(27);
        let side = |rng: &mut rand_xoshiro::Xoshiro256PlusPlus| {
            let len = rng.random_range(0..12);
            let picked: Vec<(&str, u128)> = (0..len)
                .map(|_| {
                    (
                        names[rng.random_range(0..names.len())],
                        rng.random_range(1..5),
                    )
                })
                .collect();
            odds(&picked)
        };
        for _ in 0..2000 {
            let (base, variant) = (side(&mut rng), side(&mut rng));
            let diff = OddsDiff::new("g.t", "", &base, &variant);
            assert_eq!(
                diff.outcomes,
                by_lookup(&base, &variant),
                "{base:?} {variant:?}"
            );
            // The change, unreduced, reads as the reduced one: its size,
            // its sign and which outcome changes most.
            let mut best: Option<(usize, BigRational)> = None;
            for (i, o) in diff.outcomes.iter().enumerate() {
                let d = o.delta();
                assert_eq!(ProbabilityChange::new(o.unreduced_delta()), d);
                assert!((o.delta_percent() - d.to_f64() * 100.0).abs() < 1e-9);
                let d = d.size().to_big();
                let counts = !d.is_zero() || o.base.is_some() != o.variant.is_some();
                if counts && best.as_ref().map_or(true, |(_, b)| d > *b) {
                    best = Some((i, d));
                }
            }
            // Each outcome is listed once: its name tells which.
            let largest = diff.largest().map(|o| &o.outcome);
            assert_eq!(largest, best.map(|(i, _)| &diff.outcomes[i].outcome));
        }
        // New outcomes before the first shared one, between, and repeats.
        let base = odds(&[("A", 1), ("B", 1), ("A", 1), ("C", 1)]);
        let variant = odds(&[("X", 1), ("B", 1), ("Y", 1), ("A", 1), ("Z", 1), ("Y", 2)]);
        let diff = OddsDiff::new("g.t", "", &base, &variant);
        let order: Vec<&str> = diff.outcomes.iter().map(|o| o.outcome.as_str()).collect();
        assert_eq!(order, ["X", "A", "Z", "B", "Y", "C"]);
        assert_eq!(diff.outcomes[1].base, Some(Probability::new(2, 64)));
        assert_eq!(diff.outcomes[4].variant, Some(Probability::new(3, 64)));
    }
}
