//! Where a change matters: one situation of every [situation
//! class](super::classes) of a base chart and its variant compared, ranked
//! by the largest change in any outcome. Classes whose diffs are equal
//! outcome for outcome are reported once, with how many more are alike.
//! Bounded by a number of classes: beyond it, a seeded sample of that many
//! is compared, and the result says so.

use super::classes::{situation_classes, Classes};
use super::diff::OddsDiff;
use crate::engine::budget::Budget;
use crate::engine::choices::Choices;
use crate::engine::error::{RollError, RollErrorKind};
use crate::ruleset::ChartRef;
use num_traits::Signed;

/// One class's diff.
#[derive(Clone, Debug)]
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
    /// Classes neither engine accepts (an error on both sides, such as a
    /// value a score cannot use): left out of `ranked`.
    pub skipped: usize,
    /// True when the two charts are compiled alike, with every chart, grid
    /// and choice they read: no situation can differ, and none was rolled.
    pub same_rules: bool,
}

impl Across {
    /// True when every situation of the chart was covered: every class
    /// compared, every input split into classes.
    #[must_use]
    pub fn exhaustive(&self) -> bool {
        self.same_rules || (!self.sampled && self.not_split.is_empty())
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
/// use chartwright::{across, Choices, Ruleset};
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
        return Ok(Across {
            chart: variant.qualified_name(),
            ranked: Vec::new(),
            total: None,
            compared: 0,
            sampled: false,
            not_split: Vec::new(),
            skipped: 0,
            same_rules: true,
        });
    }
    let Classes {
        classes,
        total,
        sampled,
        not_split,
    } = situation_classes(&[base, variant], fixed, limit);
    let compared = classes.len();
    // The simplest situation of each distinct diff stands for it: classes
    // with the fewest inputs named first, otherwise in the sheet's order.
    let mut classes = classes;
    classes.sort_by_key(|c| c.choices.args().len());
    let mut ranked: Vec<ClassDiff> = Vec::new();
    let mut skipped = 0;
    let mut first_error = None;
    for class in classes {
        match OddsDiff::compare_in(base, variant, &class.choices, budget) {
            Ok(diff) => {
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
            // The whole request is over budget: no situation is left to try.
            Err(e) if matches!(e.kind, RollErrorKind::OverBudget { .. }) => return Err(e),
            Err(e) => {
                skipped += 1;
                first_error.get_or_insert(e);
            }
        }
    }
    if ranked.is_empty() {
        if let Some(e) = first_error {
            return Err(e);
        }
    }
    // Stable: ties keep that order.
    ranked.sort_by(|a, b| {
        let size = |d: &OddsDiff| d.largest().map(|o| o.delta().abs());
        size(&b.diff).cmp(&size(&a.diff))
    });
    Ok(Across {
        chart: variant.qualified_name(),
        ranked,
        total,
        compared,
        sampled,
        not_split,
        skipped,
        same_rules: false,
    })
}

/// True when `base` and `variant` are compiled alike: the charts, every
/// chart they follow up or read (in step), and every grid and choice of
/// both programs. The engines then give the same odds in every situation.
/// (A variant's untouched charts are: a whole-game diff skips them.)
fn compiled_alike(base: &ChartRef<'_>, variant: &ChartRef<'_>) -> bool {
    let ((bp, b), (vp, v)) = (base.compiled(), variant.compiled());
    if bp.grids != vp.grids || bp.choices != vp.choices {
        return false;
    }
    let mut todo = vec![(b, v)];
    let mut seen = Vec::new();
    while let Some((b, v)) = todo.pop() {
        if seen.contains(&(b, v)) {
            continue;
        }
        seen.push((b, v));
        let (Some(bt), Some(vt)) = (bp.charts.get(b), vp.charts.get(v)) else {
            return false;
        };
        // The game a chart belongs to is an index into each program's own
        // list, and spans point into each program's own sources: neither
        // changes what the chart does.
        let base_tree = crate::check::tree::ChartTree {
            game: vt.game,
            ..bt.clone()
        };
        if base_tree != *vt && without_sources(&base_tree) != without_sources(vt) {
            return false;
        }
        let bf = bp.follow_ups.iter().filter(|f| f.caller == b);
        let vf: Vec<_> = vp.follow_ups.iter().filter(|f| f.caller == v).collect();
        if bf.clone().count() != vf.len() {
            return false;
        }
        for (x, y) in bf.zip(vf) {
            if (&x.args, &x.pass, x.again) != (&y.args, &y.pass, y.again) {
                return false;
            }
            todo.push((x.chart, y.chart));
        }
        let br = bp.ladder_reads.iter().filter(|r| r.caller == b);
        let vr: Vec<_> = vp.ladder_reads.iter().filter(|r| r.caller == v).collect();
        if br.clone().count() != vr.len() {
            return false;
        }
        for (x, y) in br.zip(vr) {
            if (&x.name, x.reach, &x.pass) != (&y.name, y.reach, &y.pass) {
                return false;
            }
            todo.push((x.ladder, y.ladder));
        }
    }
    true
}

/// A chart's tree as text with the source of every span left out: what it
/// does, wherever its text was loaded from.
fn without_sources(tree: &crate::check::tree::ChartTree) -> String {
    let text = format!("{tree:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("source: SourceId(") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}
