//! Situation classes: the situations of a chart (or of a base chart and its
//! variant together) split into classes the charts cannot tell apart,
//! computed from the compiled trees, each with one situation a player could
//! type. Comparing one situation per class compares every situation.
//!
//! - Modifiers read nowhere but in their own value only move the net
//!   modifier (and column shifts the column): they form one axis, a class
//!   per reachable net (after `cap modifiers at`), in each chart compared.
//! - A column computed from one param, an odds ratio of two or their
//!   difference, read elsewhere only in comparisons with numbers
//!   (`attack >= 20`): a class per column and one off each end, times the
//!   stretches the comparisons draw ([`spans`]).
//! - A param read only as `±p + whole` against whole numbers (a target, a
//!   comparison, a whole column key): every whole value in its bounds and
//!   one value between each two (the chart can tell `2.5` from both 2 and
//!   3 only there). Params read only together in one such sum: a class per
//!   value of the sum.
//! - Every other input: each of its settings (a flag off and on, each
//!   option, each whole value of a modifier).
//!
//! An input the analysis cannot split (a param read through `floor`, a
//! ratio's strength read in an expression too, a count with no bound) is tried at chosen
//! values and named in [`Classes::not_split`], so no caller claims more
//! than was compared. Above the limit the classes are sampled.
//!
//! Here are the entry points; [`analysis`] holds what reads each input,
//! one file per axis kind holds its axis ([`nets`], [`columns`],
//! [`params`], [`settings`] for every other input; [`conditions`] decides
//! which pure modifiers apply), and [`planner`] puts the axes together,
//! counts and samples the classes and makes one from its number.

mod analysis;
mod columns;
mod conditions;
mod nets;
mod params;
mod planner;
mod settings;
mod spans;

use super::fed::modifier_in;
use crate::check::tree::{Body, ChartTree, ModValue, SlotKind};
use crate::engine::choices::Choices;
use crate::number::Show;
use crate::ruleset::{ChartRef, InputKind};
use analysis::Analysis;
#[cfg(feature = "sheet")]
pub(crate) use nets::net_reach;
use planner::{classes_of, Made};
use std::collections::BTreeSet;

/// Situations the charts compared cannot tell apart.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SituationClass {
    /// The class as a sheet names it: `at 2-1, fort, net -1`.
    pub name: String,
    /// A situation of the class, as a player types it.
    pub choices: Choices,
}

/// A chart's situations, as classes: counted, and sampled past the limit,
/// when computed; each class (its situation and name) is made only when
/// asked for, from the analysis kept here. Making one builds its situation
/// and name, binding the chart where its net is not a plain sum.
#[derive(Clone)]
#[non_exhaustive]
pub struct Classes<'r> {
    /// How many classes there are in all; `None` when there are too many
    /// settings of the inputs to count them.
    pub total: Option<u128>,
    /// True when `total` exceeded the limit and a seeded sample was taken.
    pub sampled: bool,
    /// Inputs the analysis could not split into classes, tried at chosen
    /// values instead (each with why).
    pub not_split: Vec<String>,
    made: Made<'r>,
}

impl Classes<'_> {
    /// True when the classes cover every situation: none sampled, every
    /// input split.
    #[must_use]
    pub fn exhaustive(&self) -> bool {
        !self.sampled && self.not_split.is_empty()
    }

    /// How many classes are compared: all of them, or a sample when
    /// `sampled`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.made.len
    }

    /// True when there is no class to compare.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.made.len == 0
    }

    /// The class compared `i`-th (in the sheet's order), made now: its name
    /// and a situation a player types. `None` from [`len`](Self::len) on.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<SituationClass> {
        self.made.get(i)
    }

    /// Every class compared, in order, each made as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = SituationClass> + '_ {
        (0..self.made.len).filter_map(|i| self.made.get(i))
    }

    /// The input whose settings multiply the classes most (the axis with
    /// the most settings, besides the net modifier): giving it a value
    /// cuts the classes, and the work, the most. `None` without one.
    #[must_use]
    pub fn widest_input(&self) -> Option<String> {
        let axis = self
            .made
            .axes
            .iter()
            .filter(|a| a.len() > 1)
            .max_by_key(|a| a.len())?;
        let mut names: Vec<&str> = Vec::new();
        for s in axis {
            for (name, _) in &s.args {
                if !names.contains(&name.as_str()) {
                    names.push(name);
                }
            }
        }
        (!names.is_empty()).then(|| names.join(" and "))
    }
}

impl std::fmt::Debug for Classes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Classes")
            .field("len", &self.made.len)
            .field("total", &self.total)
            .field("sampled", &self.sampled)
            .field("not_split", &self.not_split)
            .finish_non_exhaustive()
    }
}

/// The classes of `charts` (a chart, or a base chart and its variant),
/// the inputs in `fixed` held as given, at most `limit` of them. The
/// classes are counted and sampled here; each is made (its situation and
/// name) only when [`Classes::get`] or [`Classes::iter`] reaches it.
///
/// ```
/// use chartwright::compare::situation_classes;
/// use chartwright::{Choices, Ruleset};
/// let rules = Ruleset::from_file("ogre").unwrap();
/// let crt = rules.chart("crt").unwrap();
/// let c = situation_classes(&[&crt], &Choices::none(), 4096);
/// assert!(c.exhaustive());
/// assert_eq!(c.len(), 7);
/// assert!(c.iter().any(|class| class.name == "at 2-1"));
/// assert_eq!(c.get(3).unwrap().choices.text(), "attack=2 defense=1");
/// ```
#[must_use]
pub fn situation_classes<'r>(
    charts: &[&ChartRef<'r>],
    fixed: &Choices,
    limit: usize,
) -> Classes<'r> {
    classes_of(Analysis::new(charts, fixed, true), charts, fixed, limit)
}

/// The classes of `charts`' own outcomes, their follow-ups named and not
/// rolled: an input read only by a follow-up splits nothing here.
pub(crate) fn own_classes<'r>(
    charts: &[&ChartRef<'r>],
    fixed: &Choices,
    limit: usize,
) -> Classes<'r> {
    classes_of(Analysis::new(charts, fixed, false), charts, fixed, limit)
}

/// The situation of each column a player reads on the sheet, for a table
/// whose column is a choice (`columns target_discipline`: each option) or
/// computed (`columns by`: the smallest whole strengths that reach each
/// column), the other inputs as `base` has them: each column's heading
/// and situation, and those other inputs. `None` for a chart of one column, or one whose columns
/// cannot be reached from its inputs alone.
pub(crate) fn column_situations(
    chart: &ChartRef<'_>,
    base: &Choices,
) -> Option<(Vec<(String, Choices)>, Choices)> {
    let (program, id) = chart.compiled();
    let tree = program.charts.get(id)?;
    let Body::Table { columns, scale, .. } = &tree.body else {
        return None;
    };
    let base = &zeroed(tree, base);
    if let Some(slot) = columns {
        let s = tree.slots.get(*slot)?;
        let SlotKind::Choice(ch) = s.kind else {
            return None;
        };
        let choices = base.leaving_out(&[s.name.as_str()]);
        let columns = program
            .choices
            .get(ch)?
            .options
            .iter()
            .map(|(o, label)| (label.to_string(), choices.clone().with(&s.name, Some(o))))
            .collect();
        return Some((columns, choices));
    }
    let scale = scale.as_ref()?;
    // A value that rolls dice is pictured before them: each param that
    // counts column dice at 0. Dice of a fixed count cannot be left out:
    // such a chart has no picture by column.
    let no_column_dice = match &scale.dice {
        None => Vec::new(),
        Some(dice) => dice
            .groups
            .iter()
            .map(|g| g.count_slot.and_then(|s| tree.slots.get(s)))
            .map(|s| s.map(|s| s.name.to_string()))
            .collect::<Option<Vec<String>>>()?,
    };
    let base = &no_column_dice.iter().fold(base.clone(), |c, name| {
        c.leaving_out(&[name.as_str()]).with(name, Some("0"))
    });
    let a = Analysis::new(&[chart], &Choices::none(), true);
    let mut done = BTreeSet::new();
    let settings = a.scale_axis(&mut done, &mut Vec::new())?;
    let left: Vec<&str> = done
        .iter()
        .map(String::as_str)
        .filter(|n| !no_column_dice.iter().any(|d| d == n))
        .collect();
    let choices = base.leaving_out(&left);
    let columns = settings
        .into_iter()
        .filter_map(|s| {
            // A column of the scale (the ends off it are not columns).
            let part = s.part();
            let key = part.strip_prefix("at ")?;
            let head = scale.heads.iter().find(|h| h.0 == key)?;
            let mut c = choices.clone();
            for (name, value) in &s.args {
                c = c.with(name, value.as_deref());
            }
            Some((head.0.to_string(), c))
        })
        .collect();
    Some((columns, choices))
}

/// The values of one input at which a chart can change, the other inputs
/// as `given` has them (`odds --sweep NAME`): a flag off and on, each
/// option, each whole value of a modifier; for a param that picks an odds
/// ratio's column with the other strength given, the least value that
/// reaches each column (named `6 (at 3-1)`); for a param read as
/// `±p + whole`, its whole values and one between each two. Each with the
/// situation, `name=value` added to `given`. Also true when the steps
/// cover every value (false where the param is only tried at chosen
/// values). `None` when the chart has no such input.
#[must_use]
pub fn input_steps(
    chart: &ChartRef<'_>,
    given: &Choices,
    name: &str,
) -> Option<(Vec<SituationClass>, bool)> {
    let others = given.leaving_out(&[name]);
    let a = Analysis::new(&[chart], &others, true);
    let input = a.input(name)?;
    let step = |label: String, value: Option<String>| SituationClass {
        name: label,
        choices: others.clone().with(name, value.as_deref()),
    };
    // A column by an odds ratio (or by this param alone).
    if let Some(steps) = a.ratio_steps(&others, name) {
        // Read by the scale alone, its columns are all it can tell apart.
        let only_scale = a.reads(name) == 1;
        return Some((
            steps.into_iter().map(|(l, v)| step(l, Some(v))).collect(),
            only_scale,
        ));
    }
    let mut not_split = Vec::new();
    let names = vec![name.to_owned()];
    let settings = match a
        .param_axes(&names, &a.fixed, &mut not_split)
        .into_iter()
        .find(|(covered, _)| covered == &names)
    {
        Some((_, axis)) => axis,
        None => a.settings(name, &mut not_split),
    };
    let steps = settings
        .into_iter()
        .map(|s| match (&input.kind, s.args.first()) {
            (InputKind::Flag(_), None) => SituationClass {
                name: "off".to_owned(),
                choices: others.clone(),
            },
            (InputKind::Flag(_), Some(_)) => SituationClass {
                name: "on".to_owned(),
                choices: others.clone().with(name, None),
            },
            (_, Some((_, v))) => step(
                v.as_deref().unwrap_or_default().to_owned(),
                v.as_deref().map(str::to_owned),
            ),
            (_, None) => SituationClass {
                name: "not given".to_owned(),
                choices: others.clone(),
            },
        })
        .collect();
    Some((steps, not_split.is_empty()))
}

/// A situation a player meets, for a form to open at: the first option of
/// each choice ([`ChartRef::example_choices`]), a modifier given as a value
/// at the value nearest 0 its bounds allow, and for a chart whose column is
/// computed from strengths (an odds ratio) the smallest whole strengths
/// that reach the sheet's middle column (`attack=3 defense=1` for `3-1`),
/// never the middle of the strengths' bounds.
///
/// ```
/// let rules = chartwright::Ruleset::from_file("guns_of_august").unwrap();
/// let crt = rules.chart("crt").unwrap();
/// let at = chartwright::compare::typical_situation(&crt);
/// assert_eq!(at.text(), "attack=3 defense=1");
/// ```
#[must_use]
pub fn typical_situation(chart: &ChartRef<'_>) -> Choices {
    let (program, id) = chart.compiled();
    let Some(tree) = program.charts.get(id) else {
        return chart.example_choices();
    };
    let base = modifiers_at_zero(tree, &chart.example_choices());
    if !matches!(&tree.body, Body::Table { scale: Some(_), .. }) {
        return base;
    }
    match column_situations(chart, &base) {
        Some((columns, _)) if !columns.is_empty() => {
            let middle = (columns.len() - 1) / 2;
            columns.into_iter().nth(middle).map_or(base, |c| c.1)
        }
        _ => base,
    }
}

/// A modifier the chart needs a value for, at the value nearest 0 its
/// bounds allow.
fn modifiers_at_zero(tree: &ChartTree, base: &Choices) -> Choices {
    base.args().iter().fold(Choices::none(), |c, a| {
        let nearest_zero = modifier_in(tree, &a.name).and_then(|m| {
            let ModValue::Param { .. } = m.value else {
                return None;
            };
            let SlotKind::Param {
                bounds: Some((lo, hi)),
                ..
            } = tree.slots.get(m.slot)?.kind
            else {
                return None;
            };
            let zero = crate::number::whole(0);
            Some(Show(zero.max(lo).min(hi)).to_string())
        });
        c.with(&a.name, nearest_zero.as_deref().or(a.value.as_deref()))
    })
}

/// `base` as a sheet's picture reads it: a modifier the chart needs a value
/// for at the value nearest 0 its bounds allow, a modifier fed by a grid
/// given 0 directly (its grid's keys then change nothing).
fn zeroed(tree: &ChartTree, base: &Choices) -> Choices {
    let base = modifiers_at_zero(tree, base);
    // A modifier fed by a grid is given 0 directly (its grid's keys then
    // change nothing, and the picture leaves them out).
    tree.modifiers
        .iter()
        .filter(|m| matches!(m.value, ModValue::Param { from: Some(_), .. }))
        .filter_map(|m| tree.slots.get(m.slot))
        .filter(|slot| match slot.kind {
            SlotKind::Param { bounds, .. } => bounds.map_or(true, |(lo, hi)| {
                lo <= crate::number::whole(0) && crate::number::whole(0) <= hi
            }),
            _ => false,
        })
        .fold(base, |c, slot| {
            let name = slot.name.to_string();
            c.leaving_out(&[name.as_str()]).with(&name, Some("0"))
        })
}

/// A chart's situation for a picture by net modifier: `base` as
/// [`zeroed`] reads it.
#[cfg(feature = "sheet")]
pub(crate) fn plain_situation(chart: &ChartRef<'_>, base: &Choices) -> Option<Choices> {
    let (program, id) = chart.compiled();
    let tree = program.charts.get(id)?;
    Some(zeroed(tree, base))
}
