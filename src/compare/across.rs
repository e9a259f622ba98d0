//! Where a change matters: one situation of every [situation
//! class](super::classes) of a base chart and its variant compared, ranked
//! by the largest change in any outcome. Classes whose diffs are equal
//! outcome for outcome are reported once, with how many more are alike.
//! Bounded by a number of classes: beyond it, a seeded sample of that many
//! is compared, and the result says so.

use super::alike::{compiled_alike, follow_ups_alike};
use super::classes::{own_classes, situation_classes, Classes};
use super::diff::{at_limit, into_variant, OddsDiff};
use super::fed::modifier_in;
use crate::engine::budget::Budget;
use crate::engine::choices::Choices;
use crate::engine::error::{RollError, RollErrorKind};
use crate::ruleset::{ChartRef, InputKind};

/// One class's diff.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ClassDiff {
    /// The class, as the sheet names it (`at 2-1, fort, net -2`).
    pub class: String,
    /// The diff in the class's situation (its `choices` name that situation).
    pub diff: OddsDiff,
    /// How many other classes compared give the very same diff.
    pub alike: usize,
}

/// A chart compared across its situation classes.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Across {
    /// The chart, `game.chart`.
    pub chart: String,
    /// One entry per distinct diff, the largest change first (ties in the
    /// classes' order).
    pub ranked: Vec<ClassDiff>,
    /// How many classes the chart has in all; `None` when too many to count.
    pub total: Option<u128>,
    /// How many classes were compared (all of them unless `sampled`),
    /// including those `skipped`.
    pub compared: usize,
    /// True when `total` exceeded the bound and a sample was compared.
    pub sampled: bool,
    /// Inputs that were tried at chosen values, not split into classes.
    pub not_split: Vec<String>,
    /// Classes a side refuses as the docs refuse them (such as a value a
    /// score cannot use): no odds to compare there; left out of `ranked`.
    pub skipped: usize,
    /// Classes where a side stops at an engine limit (`too_large`,
    /// `too_deep`): the odds exist but were not reached, so the
    /// comparison is not exhaustive.
    pub unanswered: usize,
    /// Classes whose situation leaves out an input a side needs (a param
    /// with no default, a choice): the analysis did not give it, so the
    /// class stands for no situation a player meets, and the comparison
    /// is not exhaustive. None is expected; a count here is a gap in the
    /// analysis, said rather than taken for "no change".
    pub incomplete: usize,
    /// True when the two charts are compiled alike, with every chart, grid
    /// and choice they read: no situation can differ, and none was rolled.
    pub same_rules: bool,
    /// When `sampled`: the input that splits the classes most, which a
    /// player can give to compare fewer classes, every one of them.
    pub give: Option<String>,
}

impl Across {
    /// `chart` compiled alike on both sides: unchanged, with nothing rolled.
    fn rules_alike(chart: String) -> Self {
        Self {
            chart,
            ranked: Vec::new(),
            total: None,
            compared: 0,
            sampled: false,
            not_split: Vec::new(),
            skipped: 0,
            unanswered: 0,
            incomplete: 0,
            same_rules: true,
            give: None,
        }
    }

    /// True when every situation of the chart was covered: every class
    /// compared (or refused as the docs refuse it), every input split into
    /// classes.
    #[must_use]
    pub fn exhaustive(&self) -> bool {
        self.same_rules
            || (!self.sampled
                && self.not_split.is_empty()
                && self.unanswered == 0
                && self.incomplete == 0)
    }

    /// The classes whose odds change, largest change first.
    pub fn changed(&self) -> impl Iterator<Item = &ClassDiff> {
        self.ranked.iter().filter(|c| !c.diff.is_unchanged())
    }
}

/// Compares `base` and `variant` in one situation of each of their
/// situation classes (the inputs in `fixed` stay as given), at most `limit`
/// classes.
///
/// ```
/// use chartwright::compare::across;
/// use chartwright::{Choices, Ruleset};
/// let base = Ruleset::from_file("guns_of_august").unwrap();
/// let forts = Ruleset::from_str("forts", r#"
///     variant "Stronger forts" of guns_of_august version "1"
///     change crt.fort -3
/// "#).unwrap();
/// let a = across(&base.chart("crt").unwrap(), &forts.chart("crt").unwrap(),
///                &Choices::none(), 4096).unwrap();
/// assert!(a.exhaustive());
/// let first = a.changed().next().unwrap();
/// assert!(first.class.contains("fort"));
/// ```
pub fn across(
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
    fixed: &Choices,
    limit: usize,
) -> Result<Across, RollError> {
    let mut budget = Budget::new(variant.ruleset().limits());
    across_in(base, variant, fixed, limit, &mut budget)
}

/// [`across`] within `budget`, shared with the other comparisons of one
/// request ([`Budget`]): every situation's odds count against it, and once
/// it is spent the comparison ends with that `over_budget` error.
pub fn across_in(
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
    fixed: &Choices,
    limit: usize,
    budget: &mut Budget,
) -> Result<Across, RollError> {
    if compiled_alike(base, variant) {
        return Ok(Across::rules_alike(variant.qualified_name()));
    }
    // Follow-ups compiled alike on both sides roll alike in every
    // situation: equal own outcomes (follow-ups named) then mean equal
    // odds path by path, and the inputs only follow-ups read split nothing.
    let own = follow_ups_alike(base, variant);
    let found: Classes<'_> = if own {
        own_classes(&[base, variant], fixed, limit)
    } else {
        situation_classes(&[base, variant], fixed, limit)
    };
    let compared = found.len();
    let give = if found.sampled {
        input_to_give(&[base, variant], fixed, limit, found.total)
    } else {
        None
    };
    // The simplest situation of each distinct diff stands for it: classes
    // with the fewest inputs named first, otherwise in the sheet's order.
    let mut classes: Vec<_> = found.iter().collect();
    classes.sort_by_key(|c| c.choices.args().len());
    let Classes {
        total,
        sampled,
        not_split,
        ..
    } = found;
    let names =
        |c: &ChartRef<'_>| -> Vec<String> { c.inputs().into_iter().map(|i| i.name).collect() };
    let (base_takes, variant_takes) = (names(base), names(variant));
    let chart = variant.qualified_name();
    let mut ranked: Vec<ClassDiff> = Vec::new();
    let mut not = NotCompared::default();
    // Inputs only the follow-ups read split nothing, but a param they need
    // must still be given for the situation to roll.
    let needed = if own {
        needed_params(&[base, variant])
    } else {
        Vec::new()
    };
    for mut class in classes {
        for (name, value) in &needed {
            if !class.choices.args().iter().any(|a| &a.name == name) {
                class.choices = class.choices.with(name, Some(value));
            }
        }
        let b = side_odds(base, &class.choices, &base_takes, own, budget)
            .map_err(|e| into_variant(e, base, variant));
        let v = side_odds(variant, &class.choices, &variant_takes, own, budget);
        let diff = match (b, v) {
            (Ok(b), Ok(v)) => OddsDiff::new(&chart, class.choices.text(), &b, &v),
            (Err(e), _) | (_, Err(e)) => {
                not.count(e)?;
                continue;
            }
        };
        if let Some(same) = ranked.iter_mut().find(|r| r.diff.outcomes == diff.outcomes) {
            same.alike += 1;
        } else {
            ranked.push(ClassDiff {
                class: class.name,
                diff,
                alike: 0,
            });
        }
    }
    if ranked.is_empty() {
        if let Some(e) = not.first {
            return Err(e);
        }
    }
    // Stable: ties keep that order. Each class's largest change found
    // once, not at each comparison.
    ranked.sort_by_cached_key(|r| std::cmp::Reverse(r.diff.largest_change()));
    Ok(Across {
        chart,
        ranked,
        total,
        compared,
        sampled,
        not_split,
        skipped: not.skipped,
        unanswered: not.unanswered,
        incomplete: not.incomplete,
        same_rules: false,
        give,
    })
}

/// Every param of the charts (not a modifier) that has no default, each
/// with the least whole value in its bounds (its low bound where none is
/// whole): given where a class leaves it out, the class is a situation a
/// player can type and roll. (Only the follow-ups read such a param where
/// a class leaves it out, and they roll alike on both sides at any value.)
/// Found once a comparison, not once a class: Fire Combat has 8,000.
fn needed_params(charts: &[&ChartRef<'_>]) -> Vec<(String, String)> {
    let mut needed: Vec<(String, String)> = Vec::new();
    for chart in charts {
        // The chart's and its ladders' modifiers: the classes give those
        // they need (a grid-fed one is read from its keys, not given).
        let (program, id) = chart.compiled();
        let trees: Vec<_> = std::iter::once(id)
            .chain(super::uses::Uses::own(program, id).reached)
            .filter_map(|c| program.charts.get(c))
            .collect();
        for i in chart.inputs() {
            let InputKind::Param {
                default: None,
                bounds,
            } = &i.kind
            else {
                continue;
            };
            if needed.iter().any(|(n, _)| *n == i.name)
                || trees.iter().any(|t| modifier_in(t, &i.name).is_some())
            {
                continue;
            }
            let value = bounds.map_or_else(
                || "0".to_owned(),
                |(lo, hi)| {
                    let (lo, hi) = (lo.exact(), hi.exact());
                    let whole = lo.ceil();
                    if whole <= hi { whole } else { lo }.to_string()
                },
            );
            needed.push((i.name.clone(), value));
        }
    }
    needed
}

/// The classes not compared, by why, and the first error.
#[derive(Default)]
struct NotCompared {
    skipped: usize,
    unanswered: usize,
    incomplete: usize,
    first: Option<RollError>,
}

impl NotCompared {
    /// Counts a class whose side failed with `e`; the request's spent
    /// budget ends the comparison instead (no situation is left to try).
    fn count(&mut self, e: RollError) -> Result<(), RollError> {
        if matches!(e.kind, RollErrorKind::OverBudget { .. }) {
            return Err(e);
        }
        if at_limit(&e) {
            // Past a limit the odds exist but were not reached.
            self.unanswered += 1;
        } else if missing_input(&e) {
            // An input a side needs that the class does not give: not a
            // situation of the docs' refusing.
            self.incomplete += 1;
        } else {
            // A side the docs refuse (a value a score cannot use).
            self.skipped += 1;
        }
        self.first.get_or_insert(e);
        Ok(())
    }
}

/// An input the situation leaves out that the chart needs.
fn missing_input(e: &RollError) -> bool {
    matches!(
        e.kind,
        RollErrorKind::MissingParam { .. }
            | RollErrorKind::MissingChoice { .. }
            | RollErrorKind::MissingKey { .. }
    )
}

/// The input that, given at a value a player might type, leaves the fewest
/// classes (fewer than `total`): each input of the charts tried in turn.
/// (Giving one param of an odds ratio can leave more classes, not fewer:
/// the ratio's column no longer splits the other, so each is counted.)
fn input_to_give(
    charts: &[&ChartRef<'_>],
    fixed: &Choices,
    limit: usize,
    total: Option<u128>,
) -> Option<String> {
    let mut inputs = Vec::new();
    for c in charts {
        for i in c.inputs() {
            if !inputs
                .iter()
                .any(|j: &crate::ruleset::InputInfo| j.name == i.name)
            {
                inputs.push(i);
            }
        }
    }
    let given = |i: &crate::ruleset::InputInfo| -> Option<String> {
        if fixed.args().iter().any(|a| a.name == i.name) {
            return None;
        }
        Some(match &i.kind {
            InputKind::Flag(_) => i.name.clone(),
            InputKind::Choice { options } => format!("{}={}", i.name, options.first()?.0),
            InputKind::Param { default, bounds } => {
                format!("{}={}", i.name, (*default).or(bounds.map(|b| b.0))?)
            }
        })
    };
    inputs
        .iter()
        .filter_map(|i| {
            let text = given(i)?;
            let with = Choices::parse(&format!("{} {text}", fixed.text())).ok()?;
            let left = situation_classes(charts, &with, limit).total?;
            (total.map_or(true, |t| left < t)).then_some((left, i.name.clone()))
        })
        .min()
        .map(|(_, name)| name)
}

/// One side's odds in a class's situation, given only the names its chart
/// takes (a class names the inputs of both sides): its own outcomes
/// (follow-ups named) or its whole odds.
fn side_odds(
    chart: &ChartRef<'_>,
    choices: &Choices,
    takes: &[String],
    own: bool,
    budget: &mut Budget,
) -> Result<crate::engine::odds::Odds, RollError> {
    let given = choices.keeping(takes);
    if own {
        chart.own_odds_in(&given, budget)
    } else {
        chart.odds_in(&given, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{InputKind, Ruleset};
    use rand::{Rng, SeedableRng};

    /// Fire Combat's follow-up (Bail Out) is compiled alike when a variant
    /// changes one of its modifiers, so the classes are of its own
    /// outcomes. The claim that makes this exact, checked on situations
    /// drawn at random (the Bail Out inputs included): the odds change
    /// path by path exactly where the own outcomes change, and each
    /// situation's own diff is one a class gave.
    #[test]
    #[allow(clippy::too_many_lines)] // one claim checked end to end: its charts, the random situations, the comparison
    fn own_outcomes_change_exactly_where_the_odds_do() {
        let base = Ruleset::from_file("first_echelon").expect("bundled");
        let smoke = Ruleset::from_str(
            "smoke",
            "variant \"Smoke\" of first_echelon version \"1\"\nchange direct_fire_modifiers.df_smoke -3\n",
        )
        .expect("the variant loads");
        let (b, v) = (
            base.chart("fire_combat").expect("chart"),
            smoke.chart("fire_combat").expect("chart"),
        );
        assert!(!compiled_alike(&b, &v) && follow_ups_alike(&b, &v));
        let classes = own_classes(&[&b, &v], &Choices::none(), 16_384);
        assert!(classes.exhaustive(), "{:?}", classes.not_split);
        let own_diff = |c: &Choices| -> Option<OddsDiff> {
            let mut budget = Budget::new(base.limits());
            let (x, y) = (
                b.own_odds_in(c, &mut budget).ok()?,
                v.own_odds_in(c, &mut budget).ok()?,
            );
            Some(OddsDiff::new("", "", &x, &y))
        };
        let class_diffs: Vec<_> = classes
            .iter()
            .filter_map(|c| own_diff(&c.choices).map(|d| d.outcomes))
            .collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(27);
        let groups = v.exclusive_groups();
        let (mut changed, mut tried) = (0, 0);
        for _ in 0..300 {
            let mut choices = Choices::none();
            let mut taken: Vec<String> = Vec::new();
            for i in v.inputs() {
                if groups
                    .iter()
                    .any(|g| g.contains(&i.name) && g.iter().any(|m| taken.contains(m)))
                {
                    continue;
                }
                match &i.kind {
                    InputKind::Flag(_) if rng.random_bool(0.3) => {
                        choices = choices.with(&i.name, None);
                        taken.push(i.name.clone());
                    }
                    InputKind::Choice { options } => {
                        let o = &options[rng.random_range(0..options.len())].0;
                        choices = choices.with(&i.name, Some(o));
                    }
                    InputKind::Param {
                        bounds: Some((lo, hi)),
                        ..
                    } => {
                        let (lo, hi) = (lo.to_f64() as i64, hi.to_f64() as i64);
                        let value = rng.random_range(lo..=hi).to_string();
                        choices = choices.with(&i.name, Some(&value));
                        taken.push(i.name.clone());
                    }
                    _ => {}
                }
            }
            // Half the draws where the house rule applies: direct fire
            // into smoke.
            if rng.random_bool(0.5) {
                choices = choices
                    .leaving_out(&["attack", "df_obscured", "df_smoke"])
                    .with("attack", Some("direct"))
                    .with("df_smoke", None);
            }
            let (Ok(full), Some(own)) = (OddsDiff::compare(&b, &v, &choices), own_diff(&choices))
            else {
                continue;
            };
            tried += 1;
            assert_eq!(
                full.is_unchanged(),
                own.is_unchanged(),
                "{}",
                choices.text()
            );
            assert!(class_diffs.contains(&own.outcomes), "{}", choices.text());
            changed += usize::from(!full.is_unchanged());
        }
        // The draw reaches both kinds of situation.
        assert!(
            tried > 200 && changed > 20 && changed < tried,
            "{changed} of {tried}"
        );
    }
}
