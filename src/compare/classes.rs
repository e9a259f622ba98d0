//! Situation classes: the situations of a chart (or of a base chart and its
//! variant together) split into classes the charts cannot tell apart,
//! computed from the compiled trees, each with one situation a player could
//! type. Comparing one situation per class compares every situation.
//!
//! - Modifiers read nowhere but in their own value only move the net
//!   modifier (and column shifts the column): they form one axis, a class
//!   per reachable net (after `cap modifiers at`), in each chart compared.
//! - A column chosen by an odds ratio of two params (or by one param) that
//!   nothing else reads: a class per column, and one off each end.
//! - A param read only as `±p + whole` against whole numbers (a target, a
//!   comparison, a whole column key): every whole value in its bounds and
//!   one value between each two (the chart can tell `2.5` from both 2 and
//!   3 only there). Params read only together in one such sum: a class per
//!   value of the sum.
//! - Every other input: each of its settings (a flag off and on, each
//!   option, each whole value of a modifier).
//!
//! An input the analysis cannot split (a param read through `floor`, a
//! ratio read elsewhere too, a count with no bound) is tried at chosen
//! values and named in [`Classes::not_split`], so no caller claims more
//! than was compared. Above the limit the classes are sampled.

use super::class_index::ClassIndex;
use super::fed::{modifier_in, How, Keyed};
use super::net_search::{farther, Args, Cap, NetOption, Options, Reachable, Searches};
use super::uses::{Context, Uses};
use crate::check::tree::{
    Body, ChartTree, Cond, ModValue, Modifier, Program, ScaleValue, SlotKind,
};
use crate::engine::choices::Choices;
use crate::number::{Num, Show};
use crate::ruleset::{ChartRef, InputInfo, InputKind};
use crate::syntax::ast::shift_text;
use compact_str::{CompactString, ToCompactString};
use rand::{Rng, SeedableRng};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

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

/// What each class is made from.
#[derive(Clone)]
struct Made<'r> {
    analysis: Analysis<'r>,
    charts: Vec<ChartRef<'r>>,
    /// The situation every class starts from: the inputs held as given.
    fixed: Choices,
    /// The axes of the classes besides the pure modifiers' net.
    axes: Vec<Vec<Setting>>,
    /// The nets the pure modifiers reach, per set of them that applies.
    nets: Vec<Reachable>,
    plan: Plan,
    /// The classes compared, by number: a seeded sample, ascending, or
    /// (`None`) every class in turn.
    picks: Option<Vec<u128>>,
    len: usize,
    /// Each chart's input names, when a class's name carries its net: a
    /// class's situation is bound with only the names its chart takes.
    takes: Option<Vec<Vec<String>>>,
}

/// Which settings of the axes the classes come from.
#[derive(Clone)]
enum Plan {
    /// Every setting; `nets_of[c]` the nets (in `Made::nets`) of keyed
    /// setting `c`.
    Every {
        index: ClassIndex,
        nets_of: Vec<usize>,
    },
    /// A seeded sample of the settings, each with its nets and the number
    /// of its first class.
    Sampled(Vec<(u128, usize, u128)>),
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

impl Made<'_> {
    fn get(&self, i: usize) -> Option<SituationClass> {
        let pick = match &self.picks {
            Some(picks) => *picks.get(i)?,
            None if i < self.len => i as u128,
            None => return None,
        };
        let (digits, nets, inner) = match &self.plan {
            Plan::Every { index, nets_of } => {
                let at = index.locate(pick)?;
                (at.digits, *nets_of.get(at.keyed)?, at.inner)
            }
            Plan::Sampled(outer) => {
                // The last setting whose first class is at or before `pick`.
                let at = outer.partition_point(|o| o.2 <= pick).checked_sub(1)?;
                let (number, nets, start) = *outer.get(at)?;
                (digits(&self.axes, number), nets, pick - start)
            }
        };
        let mut c = class(&self.fixed, &self.axes, &digits);
        let net = self
            .nets
            .get(nets)
            .and_then(|v| v.get(usize::try_from(inner).ok()?));
        if let Some((key, args)) = net {
            for (name, value) in &args {
                c.choices = c.choices.with(name, value.as_deref());
            }
            let keys = self.analysis.keyed_words(&args);
            if !keys.is_empty() {
                c.name = if c.name == "as given" {
                    keys
                } else {
                    format!("{}, {keys}", c.name)
                };
            }
            let part = self.analysis.shift_words(&key);
            if !part.is_empty() {
                c.name = if c.name == "as given" {
                    part
                } else {
                    format!("{}, {part}", c.name)
                };
            }
        }
        if let Some(takes) = &self.takes {
            let charts: Vec<&ChartRef<'_>> = self.charts.iter().collect();
            self.analysis.name_net(&charts, takes, &mut c);
        }
        Some(c)
    }
}
/// A situation that reaches a column: a value, or an odds ratio's two.
type Pick = (Num, Option<Num>);

/// One way to set an axis: the class's words for it and the arguments.
#[derive(Clone, Debug, Default)]
struct Setting {
    /// The words, where they are not the arguments as typed.
    words: Option<String>,
    args: Args,
}

impl Setting {
    /// One argument, named in the class as typed (`mounted`,
    /// `df_weapon=5`): the words are written only when a class is named.
    fn arg(name: &str, value: Option<CompactString>) -> Self {
        Self {
            words: None,
            args: vec![(name.into(), value)],
        }
    }

    /// The class's words for this setting (empty for "not given").
    fn part(&self) -> Cow<'_, str> {
        match (&self.words, self.args.as_slice()) {
            (Some(words), _) => Cow::Borrowed(words),
            (None, [(name, None)]) => Cow::Borrowed(name),
            (None, [(name, Some(value))]) => Cow::Owned(format!("{name}={value}")),
            (None, _) => Cow::Borrowed(""),
        }
    }
}

/// One setting of a pure input, as the nets' search reads it: its
/// arguments, how plainly they read (see [`plainness`]) and the value it
/// gives (none for a flag or an option).
struct Known {
    args: Args,
    plain: (usize, Num),
    value: Option<Num>,
}

impl Known {
    fn new(args: Args) -> Self {
        let mut values = args
            .iter()
            .map(|(_, v)| crate::number::parse(v.as_deref()?));
        let value = values.next().flatten();
        let plain = plainness(args.len(), value.into_iter().chain(values.flatten()));
        Self { args, plain, value }
    }
}

/// Most values one input is tried at when it cannot be split.
const MAX_TRIED: i64 = 64;

/// Most options of the modifiers one grid's keys feed, taken together.
const MAX_JOINT: usize = 1 << 16;

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

fn classes_of<'r>(
    a: Analysis<'r>,
    charts: &[&ChartRef<'r>],
    fixed: &Choices,
    limit: usize,
) -> Classes<'r> {
    let mut not_split = Vec::new();
    let units = a.net_units(&a.fixed);
    let axes = a.axes(&units, &mut not_split);
    // The classes: each setting of the other inputs, then each net the
    // pure modifiers reach in it (which apply depends on those settings,
    // through the few axes their conditions read: the keyed axes).
    let outer_total = axes
        .iter()
        .fold(1u128, |n, s| n.saturating_mul(s.len().max(1) as u128));
    let read = a.condition_names(&units);
    let planner = Planner {
        a: &a,
        units: &units,
        fixed,
        axes: &axes,
        keyed: (0..axes.len())
            .filter(|&k| {
                axes[k]
                    .iter()
                    .any(|s| s.args.iter().any(|(name, _)| read.contains(name.as_str())))
            })
            .collect(),
    };
    let limit = limit.max(1);
    let outer_sampled = outer_total > MAX_OUTER;
    let mut nets = Nets::default();
    let plan = if outer_sampled {
        planner.sampled(outer_total, limit, &mut nets, &mut not_split)
    } else {
        planner.every(&mut nets, &mut not_split)
    };
    let inner_total = match &plan {
        Plan::Every { index, .. } => index.total(),
        Plan::Sampled(outer) => outer
            .last()
            .map_or(0, |o| o.2.saturating_add(nets.count(o.1))),
    };
    let sampled = outer_sampled || inner_total > limit as u128;
    let total = if outer_sampled {
        None
    } else {
        Some(inner_total)
    };
    // Which classes to compare: all, or a seeded sample.
    let (picks, len) = if inner_total > limit as u128 {
        let picks = sample(inner_total, limit);
        let len = picks.len();
        (Some(picks), len)
    } else {
        (None, usize::try_from(inner_total).unwrap_or(0))
    };
    let has_net = a.sides.iter().any(|s| !s.tree.modifiers.is_empty());
    let takes = has_net.then(|| {
        charts
            .iter()
            .map(|c| c.inputs().into_iter().map(|i| i.name).collect())
            .collect()
    });
    not_split.sort();
    not_split.dedup();
    Classes {
        total,
        sampled,
        not_split,
        made: Made {
            analysis: a,
            charts: charts.iter().map(|c| **c).collect(),
            fixed: fixed.clone(),
            axes,
            nets: nets.settings,
            plan,
            picks,
            len,
            takes,
        },
    }
}

/// The nets the pure modifiers reach, once per set of them that applies.
#[derive(Default)]
struct Nets {
    settings: Vec<Reachable>,
    ids: BTreeMap<Vec<bool>, usize>,
    /// What the pure inputs offer, whichever of the modifiers apply.
    offers: Offers,
}

/// What the pure inputs offer the nets' search.
#[derive(Default)]
struct Offers {
    /// Each pure input's settings, with how plainly each reads: the same
    /// whichever of the modifiers apply.
    settings: HashMap<String, Vec<Known>>,
    /// Each unit's options, by the unit's number and which of its members'
    /// modifiers apply.
    units: HashMap<(usize, Vec<bool>), Options>,
    /// The nets' searches so far, by part.
    searches: Option<Searches>,
}

impl Nets {
    /// The nets reached in the situation `choices` (its keyed settings).
    fn of(
        &mut self,
        a: &Analysis<'_>,
        units: &[Vec<String>],
        choices: &Choices,
        not_split: &mut Vec<String>,
    ) -> usize {
        let key = a.applying(units, choices);
        if let Some(id) = self.ids.get(&key) {
            return *id;
        }
        let id = self.settings.len();
        let nets = a.net_settings(units, &key, &mut self.offers, not_split);
        self.settings.push(nets);
        self.ids.insert(key, id);
        id
    }

    /// How many classes a setting with nets `id` holds: one per net, one
    /// where none is reached.
    fn count(&self, id: usize) -> u128 {
        self.settings.get(id).map_or(1, |v| v.len().max(1)) as u128
    }
}

/// The settings of the axes the classes come from, and the nets each
/// reaches.
struct Planner<'p, 'r> {
    a: &'p Analysis<'r>,
    units: &'p [Vec<String>],
    fixed: &'p Choices,
    axes: &'p [Vec<Setting>],
    /// The axes the pure modifiers' conditions read, ascending.
    keyed: Vec<usize>,
}

impl Planner<'_, '_> {
    /// Every setting: the nets of each setting of the keyed axes (the
    /// others change nothing there), counted over the rest by the index.
    fn every(&self, nets: &mut Nets, not_split: &mut Vec<String>) -> Plan {
        let sizes: Vec<usize> = self.axes.iter().map(|s| s.len().max(1)).collect();
        let keyed_sizes: Vec<usize> = self.keyed.iter().map(|&k| sizes[k]).collect();
        let settings: usize = keyed_sizes.iter().product();
        let mut digits = vec![0usize; self.axes.len()];
        let mut nets_of = Vec::with_capacity(settings);
        // Numbered as the index numbers them: the first keyed axis fastest.
        for mut c in 0..settings {
            for (&k, &s) in self.keyed.iter().zip(&keyed_sizes) {
                digits[k] = c % s;
                c /= s;
            }
            nets_of.push(self.nets(&digits, nets, not_split));
        }
        let counts = nets_of.iter().map(|&id| nets.count(id)).collect();
        let sizes = sizes.into_iter().map(|s| s as u128).collect();
        match ClassIndex::new(sizes, &self.keyed, counts) {
            Some(index) => Plan::Every { index, nets_of },
            None => Plan::Sampled(Vec::new()),
        }
    }

    /// A seeded sample of `limit` of the `total` settings, each with its
    /// nets and the number of its first class.
    fn sampled(
        &self,
        total: u128,
        limit: usize,
        nets: &mut Nets,
        not_split: &mut Vec<String>,
    ) -> Plan {
        let mut outer = Vec::new();
        let mut start = 0u128;
        let mut seen: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
        for number in sample(total, limit) {
            let digits = digits(self.axes, number);
            let setting: Vec<usize> = self.keyed.iter().map(|&k| digits[k]).collect();
            let id = match seen.get(&setting) {
                Some(id) => *id,
                None => {
                    let id = self.nets(&digits, nets, not_split);
                    seen.insert(setting, id);
                    id
                }
            };
            outer.push((number, id, start));
            start = start.saturating_add(nets.count(id));
        }
        Plan::Sampled(outer)
    }

    /// The nets reached where the keyed axes are set as in `digits`.
    fn nets(&self, digits: &[usize], nets: &mut Nets, not_split: &mut Vec<String>) -> usize {
        let mut choices = self.fixed.clone();
        for &k in &self.keyed {
            let setting = self.axes.get(k).and_then(|s| s.get(*digits.get(k)?));
            for (name, value) in setting.iter().flat_map(|s| &s.args) {
                choices = choices.with(name, value.as_deref());
            }
        }
        nets.of(self.a, self.units, &choices, not_split)
    }
}

/// Setting number `index` of the axes, as each axis's setting (mixed
/// radix, the first axis fastest).
fn digits(axes: &[Vec<Setting>], mut index: u128) -> Vec<usize> {
    axes.iter()
        .map(|settings| {
            let n = settings.len().max(1) as u128;
            let d = usize::try_from(index % n).unwrap_or(0);
            index /= n;
            d
        })
        .collect()
}

/// Most settings of the inputs other than the pure modifiers enumerated;
/// beyond, a sample of them.
const MAX_OUTER: u128 = 1 << 16;

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
    let a = Analysis::new(&[chart], &Choices::none(), true);
    let mut done = BTreeSet::new();
    let settings = a.scale_axis(&mut done, &mut Vec::new())?;
    let left: Vec<&str> = done.iter().map(String::as_str).collect();
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

/// The lowest and highest net modifier a table (without columns or a
/// score) or a check can be given by its modifiers: each modifier's own
/// reach, a `one of` group's widest member, within `cap modifiers at` and
/// no further than the rows tell apart. `None` for any other chart, one
/// without modifiers, or one whose modifiers have no bound.
#[cfg(feature = "sheet")]
pub(crate) fn net_reach(tree: &ChartTree) -> Option<(i64, i64)> {
    match &tree.body {
        Body::Table {
            columns: None,
            scale: None,
            score: None,
            ..
        }
        | Body::Check { .. } => {}
        _ => return None,
    }
    let one = |m: &Modifier| -> Option<(i64, i64)> {
        let (a, b) = match m.value {
            _ if m.shifts => (0, 0),
            ModValue::Fixed(v) => (v, v),
            ModValue::Counted {
                per,
                max: Some(max),
            } => (0, per.signum() * max),
            ModValue::Counted { max: None, .. } => return None,
            ModValue::Param { factor, .. } => {
                let SlotKind::Param {
                    bounds: Some((lo, hi)),
                    ..
                } = tree.slots.get(m.slot)?.kind
                else {
                    return None;
                };
                let (lo, hi) = (crate::number::ceil(lo), crate::number::floor(hi));
                (factor.checked_mul(lo)?, factor.checked_mul(hi)?)
            }
        };
        Some((a.min(b).min(0), a.max(b).max(0)))
    };
    let (mut lo, mut hi) = (0i64, 0i64);
    let mut grouped: BTreeMap<usize, (i64, i64)> = BTreeMap::new();
    for m in tree.modifiers.iter().filter(|m| !m.always && m.side == 0) {
        let (a, b) = one(m)?;
        match m.group {
            Some(g) => {
                let e = grouped.entry(g).or_insert((0, 0));
                *e = (e.0.min(a), e.1.max(b));
            }
            None => {
                lo = lo.checked_add(a)?;
                hi = hi.checked_add(b)?;
            }
        }
    }
    for (a, b) in grouped.into_values() {
        lo = lo.checked_add(a)?;
        hi = hi.checked_add(b)?;
    }
    if let Some(cap) = tree_cap(tree).or_else(|| reach(tree)) {
        lo = lo.max(-cap);
        hi = hi.min(cap);
    }
    (tree.modifiers.iter().any(|m| !m.always) && lo < hi).then_some((lo, hi))
}

/// The class of the axes' settings `digits` (one per axis).
fn class(fixed: &Choices, axes: &[Vec<Setting>], digits: &[usize]) -> SituationClass {
    let mut choices = fixed.clone();
    let mut parts = Vec::new();
    for (settings, &pick) in axes.iter().zip(digits) {
        if let Some(s) = settings.get(pick) {
            for (name, value) in &s.args {
                choices = choices.with(name, value.as_deref());
            }
            let part = s.part();
            if !part.is_empty() {
                parts.push(part);
            }
        }
    }
    SituationClass {
        name: if parts.is_empty() {
            "as given".to_owned()
        } else {
            parts.join(", ")
        },
        choices,
    }
}

/// `limit` distinct class numbers below `total`, ascending, from a fixed
/// seed so the same chart gives the same sample every time: the first
/// `limit` distinct draws (at most `8 × limit` draws).
fn sample(total: u128, limit: usize) -> Vec<u128> {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x00C4_A271);
    let tries = limit.saturating_mul(8);
    // Drawn in 64 bits where the total fits (every chart a player
    // writes): a 128-bit draw costs several times as much.
    let draw = |rng: &mut rand_xoshiro::Xoshiro256PlusPlus| match u64::try_from(total) {
        Ok(total) => u128::from(rng.random_range(0..total)),
        Err(_) => rng.random_range(0..total),
    };
    // Marked in a bitmap where it stays small (a few per cent of the
    // classes' own cost), else in a set: the same draws either way.
    if let Some(words) = usize::try_from(total.div_ceil(64))
        .ok()
        .filter(|w| *w <= MAX_SAMPLE_WORDS)
    {
        let mut seen = vec![0u64; words];
        let mut picked = 0usize;
        let mut drawn = 0usize;
        while picked < limit && drawn < tries {
            let n = draw(&mut rng);
            let (word, bit) = ((n / 64) as usize, 1u64 << (n % 64));
            if let Some(w) = seen.get_mut(word) {
                picked += usize::from(*w & bit == 0);
                *w |= bit;
            }
            drawn += 1;
        }
        let mut out = Vec::with_capacity(picked);
        for (i, mut w) in seen.into_iter().enumerate() {
            while w != 0 {
                out.push(i as u128 * 64 + u128::from(w.trailing_zeros()));
                w &= w - 1;
            }
        }
        return out;
    }
    let mut picked = BTreeSet::new();
    let mut drawn = 0usize;
    while picked.len() < limit && drawn < tries {
        picked.insert(draw(&mut rng));
        drawn += 1;
    }
    picked.into_iter().collect()
}

/// Most words of the bitmap [`sample`] marks its draws in (1 MiB).
const MAX_SAMPLE_WORDS: usize = 1 << 17;

/// One compiled chart and what reads its inputs.
#[derive(Clone)]
struct Side<'r> {
    program: &'r Program,
    tree: &'r ChartTree,
    uses: Uses,
    /// The charts it follows up or reads (a ladder): a modifier there moves
    /// that chart's net, which is part of the class too.
    reached: Vec<&'r ChartTree>,
}

impl<'r> Side<'r> {
    /// The chart, then the charts it reaches.
    fn trees(&self) -> impl Iterator<Item = &'r ChartTree> + '_ {
        std::iter::once(self.tree).chain(self.reached.iter().copied())
    }

    /// How many numbers its part of a class's key holds: each side's net
    /// and the column shift, then each reached chart's net.
    fn width(&self) -> usize {
        self.sides() + 1 + self.reached.len()
    }

    /// The modifier named `name` in this chart, if it declares one.
    fn modifier(&self, name: &str) -> Option<&'r Modifier> {
        let tree = self.tree;
        tree.modifiers
            .iter()
            .find(|m| tree.slots.get(m.slot).is_some_and(|s| s.name == name))
    }

    /// True when something here reads `name`: a condition, an expression,
    /// a column, a dice count, a grid feeding a modifier, or a modifier of
    /// its own.
    fn uses_input(&self, name: &str) -> bool {
        let u = &self.uses;
        u.read_count(name) > 0
            || u.counts.contains_key(name)
            || u.fed.contains_key(name)
            || u.fed.values().any(|keys| keys.iter().any(|k| k == name))
            || self.is_modifier(name)
    }

    /// True when `name` is a modifier here or in a chart it reaches (its
    /// values are whole).
    fn is_modifier(&self, name: &str) -> bool {
        self.trees().any(|t| modifier_in(t, name).is_some())
    }

    /// Each side's net modifier in the situation `choices`, before any
    /// cap: `None` unless every modifier is a plain value under a plain
    /// `if` (and the chart reads no ladder, whose modifiers it also takes).
    fn net(&self, choices: &Choices) -> Option<[i64; 2]> {
        if self
            .program
            .ladder_reads
            .iter()
            .any(|r| std::ptr::eq(&self.program.charts[r.caller], self.tree))
        {
            return None;
        }
        let mut by_side = [0i64; 2];
        for m in &self.tree.modifiers {
            let name = self.tree.slots.get(m.slot)?.name.as_str();
            let given = choices.args().iter().find(|a| a.name == name);
            if let Some(c) = &m.applies {
                if !holds(self.program, self.tree, c, choices)? {
                    continue;
                }
            }
            let number =
                || crate::number::to_whole(crate::number::parse(given?.value.as_deref()?)?);
            let v = match m.value {
                _ if m.shifts => 0,
                ModValue::Fixed(v) if m.always || given.is_some() => v,
                ModValue::Fixed(_) => 0,
                ModValue::Param { from: Some(_), .. } if given.is_none() => return None,
                ModValue::Param { factor, .. } => match given {
                    Some(_) => factor.checked_mul(number()?)?,
                    None => match self.tree.slots.get(m.slot)?.kind {
                        SlotKind::Param {
                            default: Some(d), ..
                        } => factor.checked_mul(crate::number::to_whole(d)?)?,
                        _ => 0,
                    },
                },
                ModValue::Counted { per, max } => match given {
                    Some(_) => {
                        let v = per.checked_mul(number()?.max(0))?;
                        max.map_or(v, |max| v.clamp(-max, max))
                    }
                    None => 0,
                },
            };
            let n = by_side.get_mut(m.side)?;
            *n = n.checked_add(v)?;
        }
        Some(by_side)
    }

    fn cap(&self) -> Option<i64> {
        tree_cap(self.tree)
    }

    fn sides(&self) -> usize {
        match &self.tree.body {
            Body::Opposed { sides, .. } => sides.len().max(1),
            _ => 1,
        }
    }
}

#[derive(Clone)]
struct Analysis<'r> {
    sides: Vec<Side<'r>>,
    /// Every input of the charts, the first chart's first.
    inputs: Vec<InputInfo>,
    /// Inputs held as given (and the other members of their groups).
    fixed: BTreeSet<String>,
    /// The choices they are held at.
    given: Choices,
    /// The grid-fed modifiers, grouped by the keys they share, and how
    /// each group is split.
    keyed: Vec<Keyed>,
}

impl<'r> Analysis<'r> {
    /// The analysis of `charts` and every chart they reach, or (without
    /// `follow_ups`) of their own outcomes: the ladders they read, but not
    /// their follow-ups, nor the inputs only those read.
    fn new(charts: &[&ChartRef<'r>], fixed: &Choices, follow_ups: bool) -> Self {
        let sides: Vec<Side<'r>> = charts
            .iter()
            .map(|c| {
                let (program, id) = c.compiled();
                let uses = if follow_ups {
                    Uses::of(program, id)
                } else {
                    Uses::own(program, id)
                };
                Side {
                    program,
                    tree: &program.charts[id],
                    reached: uses
                        .reached
                        .iter()
                        .filter_map(|&r| program.charts.get(r))
                        .collect(),
                    uses,
                }
            })
            .collect();
        let mut inputs: Vec<InputInfo> = Vec::new();
        for c in charts {
            for i in c.inputs() {
                let always = sides
                    .iter()
                    .any(|s| s.modifier(&i.name).is_some_and(|m| m.always));
                let read = follow_ups || sides.iter().any(|s| s.uses_input(&i.name));
                if !always && read && !inputs.iter().any(|x| x.name == i.name) {
                    inputs.push(i);
                }
            }
        }
        let mut held: BTreeSet<String> = fixed.args().iter().map(|a| a.name.clone()).collect();
        let mut a = Self {
            sides,
            inputs,
            fixed: BTreeSet::new(),
            given: fixed.clone(),
            keyed: Vec::new(),
        };
        for group in a.groups() {
            if group.iter().any(|m| held.contains(m)) {
                held.extend(group);
            }
        }
        a.fixed = held;
        a.keyed = a.keyed_groups();
        a
    }

    /// The grid-fed modifiers grouped by the keys they share, each group
    /// with how it is split (see [`super::fed`]).
    fn keyed_groups(&self) -> Vec<Keyed> {
        let mut fed: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for s in &self.sides {
            for (m, keys) in &s.uses.fed {
                let all = fed.entry(m.clone()).or_default();
                for k in keys {
                    if !all.contains(k) {
                        all.push(k.clone());
                    }
                }
            }
        }
        let trees: Vec<super::fed::TreeOf<'r>> = self
            .sides
            .iter()
            .flat_map(|s| s.trees().map(move |t| (s.program, t)))
            .collect();
        super::fed::keyed(
            &trees,
            &fed,
            |k| self.feeds_only(k) && !self.fixed.contains(k) && !self.defaulted(k),
            |k| self.options_of(k),
            |m| self.net_only(m),
        )
    }

    /// True when the choice `name` has a default option in some chart
    /// compared (not giving it then reads its grid too).
    fn defaulted(&self, name: &str) -> bool {
        self.sides.iter().any(|s| {
            s.trees().any(|t| {
                t.slots.iter().any(|slot| {
                    slot.name == name
                        && matches!(slot.kind, SlotKind::Choice(ch)
                            if s.program.choices.get(ch).is_some_and(|c| c.default.is_some()))
                })
            })
        })
    }

    /// The words a class's net arguments add to its name: the keys of a
    /// grid the charts read differently, as typed (`weapon=gun`), and the
    /// shifts named bare to read it (`woods`).
    fn keyed_words(&self, args: &[&(CompactString, Option<CompactString>)]) -> String {
        let net = |name: &str| {
            self.keyed.iter().any(|k| {
                k.how == How::Net && (k.keys.iter().any(|x| x == name) || k.shifts.contains(name))
            })
        };
        let keys_set = args.iter().any(|(n, _)| {
            self.keyed
                .iter()
                .any(|k| k.how == How::Net && k.keys.iter().any(|x| x == n))
        });
        let mut parts = Vec::new();
        for (name, value) in args {
            match value {
                Some(v) if net(name) => parts.push(format!("{name}={v}")),
                None if keys_set && net(name) => parts.push(name.to_string()),
                _ => {}
            }
        }
        parts.join(", ")
    }

    /// The options of choice `name`, as every chart compared declares them
    /// (a variant's added options after the base's).
    fn options_of(&self, name: &str) -> Option<Vec<CompactString>> {
        let mut out: Vec<CompactString> = Vec::new();
        for s in &self.sides {
            for tree in s.trees() {
                for slot in tree.slots.iter().filter(|slot| slot.name == name) {
                    let SlotKind::Choice(ch) = slot.kind else {
                        return None;
                    };
                    for (o, _) in &s.program.choices.get(ch)?.options {
                        if !out.contains(o) {
                            out.push(o.clone());
                        }
                    }
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// True when the modifier `name` only moves the net (or shifts the
    /// column) wherever it is declared, under plain conditions, outside
    /// any `one of` group, with nothing else reading it.
    fn net_only(&self, name: &str) -> bool {
        self.reads(name) == 0
            && self
                .sides
                .iter()
                .flat_map(Side::trees)
                .filter_map(|t| modifier_in(t, name))
                .all(|m| !m.always && m.group.is_none() && m.applies.as_ref().map_or(true, plain))
            && !self.fixed.contains(name)
    }

    /// The group of grid-fed modifiers `name` belongs to, if any.
    fn keyed_of(&self, name: &str) -> Option<&Keyed> {
        self.keyed
            .iter()
            .find(|k| k.members.iter().any(|m| m == name))
    }

    /// The axes of the classes besides the pure modifiers' net (`units`):
    /// the scale's columns, `one of` groups, params split by value, and
    /// every other input's settings.
    fn axes(&self, units: &[Vec<String>], not_split: &mut Vec<String>) -> Vec<Vec<Setting>> {
        let mut axes: Vec<Vec<Setting>> = Vec::new();
        let mut done: BTreeSet<String> = self.fixed.clone();
        if let Some(axis) = self.scale_axis(&mut done, not_split) {
            axes.push(axis);
        }
        done.extend(units.iter().flatten().cloned());
        for group in self.groups() {
            if group.iter().any(|m| done.contains(m)) {
                continue;
            }
            let mut settings = vec![Setting::default()];
            for m in &group {
                let own = self.settings(m, not_split);
                settings.extend(own.into_iter().filter(|s| !s.args.is_empty()));
                done.insert(m.clone());
            }
            axes.push(settings);
        }
        let names: Vec<String> = self.inputs.iter().map(|i| i.name.clone()).collect();
        for (name, axis) in self.param_axes(&names, &done, not_split) {
            done.extend(name);
            axes.push(axis);
        }
        for name in &names {
            // A key feeding only modifiers given directly is never set.
            let fed = self.feeds_only(name)
                && self
                    .sides
                    .iter()
                    .flat_map(|s| s.uses.fed.iter())
                    .filter(|(_, keys)| keys.contains(name))
                    .all(|(m, _)| self.fed_directly(m));
            if done.insert(name.clone()) && !fed {
                axes.push(self.settings(name, not_split));
            }
        }
        axes.retain(|s| !s.is_empty());
        axes
    }

    fn input(&self, name: &str) -> Option<&InputInfo> {
        self.inputs.iter().find(|i| i.name == name)
    }

    /// The `one of` groups, by member names, each once: the charts' own
    /// and those of the ladders they read (binding holds both).
    fn groups(&self) -> Vec<Vec<String>> {
        let mut out: Vec<Vec<String>> = Vec::new();
        for s in &self.sides {
            let ladders = s
                .reached
                .iter()
                .filter(|t| matches!(t.body, Body::Ladder { .. }));
            for tree in std::iter::once(s.tree).chain(ladders.copied()) {
                for (_, members) in &tree.groups {
                    let names: Vec<String> = members
                        .iter()
                        .filter_map(|&m| tree.modifiers.get(m))
                        .filter_map(|m| tree.slots.get(m.slot))
                        .map(|slot| slot.name.to_string())
                        .filter(|n| self.input(n).is_some())
                        .collect();
                    if !names.is_empty() && !out.iter().any(|g| g.iter().any(|n| names.contains(n)))
                    {
                        out.push(names);
                    }
                }
            }
        }
        out
    }

    /// True when `name` is read only as a key of grids that feed modifiers
    /// their values (`discipline ±r from discipline_rating`): giving those
    /// values directly reaches every cell, so it need not be set.
    fn feeds_only(&self, name: &str) -> bool {
        self.reads(name) == 0
            && self.sides.iter().any(|s| {
                s.uses
                    .fed
                    .values()
                    .any(|keys| keys.iter().any(|k| k == name))
            })
    }

    /// The grid-fed modifier `name`'s keys are not set option by option:
    /// its values are given directly, and (where the charts read its grid
    /// differently) its keys' readings are options of the nets' search.
    fn fed_directly(&self, name: &str) -> bool {
        self.keyed_of(name)
            .is_some_and(|k| matches!(k.how, How::Direct | How::Net))
    }

    /// The numbers the grid feeding `name` holds.
    fn fed_values(&self, name: &str) -> Vec<Num> {
        let mut out = BTreeSet::new();
        for s in &self.sides {
            if let Some(ModValue::Param { from: Some(g), .. }) = s.modifier(name).map(|m| &m.value)
            {
                if let Some(grid) = s.program.grids.get(g.grid) {
                    for cell in &grid.cells {
                        if let crate::check::tree::Cell::Number(n) = cell {
                            out.insert(*n);
                        }
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// True when some chart cannot roll without `name`.
    fn required(&self, name: &str) -> bool {
        let no_default = matches!(
            self.input(name).map(|i| &i.kind),
            Some(InputKind::Param { default: None, .. })
        );
        let own_value = self.sides.iter().any(|s| {
            s.modifier(name)
                .is_some_and(|m| matches!(m.value, ModValue::Param { from: None, .. }))
        });
        (no_default && own_value)
            || self.sides.iter().any(|s| {
                s.tree
                    .required
                    .iter()
                    .any(|&r| s.tree.slots.get(r).is_some_and(|slot| slot.name == name))
            })
    }

    fn reads(&self, name: &str) -> usize {
        self.sides.iter().map(|s| s.uses.read_count(name)).sum()
    }

    fn is_modifier(&self, name: &str) -> bool {
        self.sides.iter().any(|s| s.is_modifier(name))
    }

    /// An input's settings, each a class of its own: a flag off and on,
    /// each option, each whole value of a modifier; a param the analysis
    /// cannot split at chosen values (and says so in `not_split`).
    fn settings(&self, name: &str, not_split: &mut Vec<String>) -> Vec<Setting> {
        let Some(input) = self.input(name) else {
            return Vec::new();
        };
        match &input.kind {
            InputKind::Flag(_) => vec![Setting::default(), Setting::arg(name, None)],
            InputKind::Choice { options } => options
                .iter()
                .map(|(o, _)| Setting::arg(name, Some(o.as_str().into())))
                .collect(),
            InputKind::Param { bounds, default } => {
                let counted = self.sides.iter().flat_map(Side::trees).find_map(|t| {
                    match modifier_in(t, name)?.value {
                        ModValue::Counted { per, max } => Some((per, max)),
                        _ => None,
                    }
                });
                if let Some((per, max)) = counted {
                    let top = match max {
                        Some(max) => max.div_euclid(per.abs().max(1)) + 1,
                        None => self.saturating_count(name, per).unwrap_or_else(|| {
                            not_split.push(format!(
                                "{name} (a count with no bound, tried at 0 to {MAX_TRIED})"
                            ));
                            MAX_TRIED
                        }),
                    };
                    return (0..=top)
                        .map(|k| {
                            if k == 0 {
                                Setting::default()
                            } else {
                                Setting::arg(name, Some(k.to_compact_string()))
                            }
                        })
                        .collect();
                }
                let from_grid = self.sides.iter().any(|s| {
                    s.modifier(name)
                        .is_some_and(|m| matches!(m.value, ModValue::Param { from: Some(_), .. }))
                });
                let direct = from_grid && self.fed_directly(name);
                let whole = self.is_modifier(name) || self.only_counts(name);
                let mut out: Vec<Setting> = Vec::new();
                if (from_grid && !direct) || (default.is_some() && bounds.is_none()) {
                    out.push(Setting::default());
                }
                // A shift from a grid reads the grid where it is named bare.
                if from_grid
                    && !direct
                    && self.keyed_of(name).is_some_and(|k| k.shifts.contains(name))
                {
                    out.push(Setting::arg(name, None));
                }
                let values = match bounds {
                    // Its grid's values, given directly.
                    None if from_grid => self
                        .fed_values(name)
                        .into_iter()
                        .filter(num_rational::Ratio::is_integer)
                        .collect(),
                    Some((lo, hi)) if whole && hi.floor() - lo.ceil() < 4 * MAX_TRIED => {
                        (lo.ceil()..=hi.floor()).map(crate::number::whole).collect()
                    }
                    Some((lo, hi)) => {
                        not_split.push(format!(
                            "{name} (read in a way the analysis cannot split; tried at whole values from {lo} to {hi})"
                        ));
                        spread(lo.exact(), hi.exact())
                    }
                    None => {
                        not_split.push(format!("{name} (no bounds; tried at one value)"));
                        if default.is_some() {
                            Vec::new()
                        } else {
                            vec![crate::number::whole(1)]
                        }
                    }
                };
                out.extend(values.into_iter().map(|v| value_setting(name, v)));
                out
            }
        }
    }

    /// True when `name` is read only as a dice count.
    fn only_counts(&self, name: &str) -> bool {
        let counts: usize = self
            .sides
            .iter()
            .map(|s| s.uses.counts.get(name).copied().unwrap_or(0))
            .sum();
        counts > 0 && counts == self.reads(name)
    }

    /// The count past which a count with no bound changes no chart's odds:
    /// one whose value outweighs the chart's reach (see [`reach`])
    /// and every other bounded modifier. `None` where the reach is unknown,
    /// or beside a count of the other sign with no bound.
    fn saturating_count(&self, name: &str, per: i64) -> Option<i64> {
        let mut top = None;
        for tree in self.sides.iter().flat_map(Side::trees) {
            let Some(m) = modifier_in(tree, name) else {
                continue;
            };
            let cap = reach(tree)?;
            let mut others = 0i64;
            for o in tree.modifiers.iter().filter(|o| o.slot != m.slot) {
                let most = match &o.value {
                    _ if o.shifts => 0,
                    ModValue::Fixed(v) => v.abs(),
                    ModValue::Counted { max: Some(max), .. } => max.abs(),
                    ModValue::Counted { per: p, max: None } => {
                        if p.signum() != per.signum() {
                            return None;
                        }
                        0
                    }
                    ModValue::Param { factor, .. } => {
                        let slot = tree.slots.get(o.slot)?;
                        let crate::check::tree::SlotKind::Param {
                            bounds: Some((lo, hi)),
                            ..
                        } = slot.kind
                        else {
                            return None;
                        };
                        factor.abs().checked_mul(
                            crate::number::ceil(num_traits::Signed::abs(&lo))
                                .max(crate::number::ceil(num_traits::Signed::abs(&hi))),
                        )?
                    }
                };
                others = others.checked_add(most)?;
            }
            let need = cap.checked_add(others)?.div_euclid(per.abs().max(1)) + 1;
            top = Some(top.unwrap_or(0).max(need));
        }
        top
    }

    /// The inputs whose modifiers only move the net: lone inputs, and
    /// `one of` groups whose members all do.
    fn net_units(&self, done: &BTreeSet<String>) -> Vec<Vec<String>> {
        let groups = self.groups();
        let pure = |name: &String| !done.contains(name) && self.is_pure(name);
        let mut units: Vec<Vec<String>> = Vec::new();
        for g in &groups {
            if g.iter().all(pure) {
                units.push(g.clone());
            }
        }
        // The modifiers a grid's keys feed, where the charts read the grid
        // differently: one unit, its options the keys' readings.
        let mut joint: Vec<&String> = Vec::new();
        for k in self.keyed.iter().filter(|k| k.how == How::Net) {
            let members: Vec<String> = k
                .members
                .iter()
                .filter(|m| self.input(m).is_some())
                .cloned()
                .collect();
            if !members.is_empty() && members.iter().all(pure) {
                joint.extend(&k.members);
                units.push(members);
            }
        }
        for i in &self.inputs {
            if pure(&i.name)
                && !groups.iter().any(|g| g.contains(&i.name))
                && !joint.contains(&&i.name)
            {
                units.push(vec![i.name.clone()]);
            }
        }
        units
    }

    /// The inputs the pure modifiers' conditions read: only their settings
    /// change which of them apply.
    fn condition_names(&self, units: &[Vec<String>]) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for name in units.iter().flatten() {
            for tree in self.sides.iter().flat_map(Side::trees) {
                if let Some(c) = modifier_in(tree, name).and_then(|m| m.applies.as_ref()) {
                    condition_inputs(tree, c, &mut out);
                }
            }
        }
        out
    }

    /// Which pure modifiers apply in each chart, in the situation `choices`
    /// (their `if`s read only flags and options).
    fn applying(&self, units: &[Vec<String>], choices: &Choices) -> Vec<bool> {
        let mut out = Vec::new();
        for name in units.iter().flatten() {
            for s in &self.sides {
                for tree in s.trees() {
                    out.push(modifier_in(tree, name).is_some_and(|m| {
                        m.applies.as_ref().map_or(true, |c| {
                            holds(s.program, tree, c, choices).unwrap_or(false)
                        })
                    }));
                }
            }
        }
        out
    }

    /// The net modifier classes the pure modifiers reach where `applying`
    /// says which of them apply: a class per reachable net in each chart
    /// (capped as the chart caps it), each with the situation that reaches
    /// it naming the fewest inputs.
    fn net_settings(
        &self,
        units: &[Vec<String>],
        applying: &[bool],
        known: &mut Offers,
        not_split: &mut Vec<String>,
    ) -> Reachable {
        let width: usize = self.sides.iter().map(Side::width).sum();
        let trees: usize = self.sides.iter().map(|s| 1 + s.reached.len()).sum();
        let mut table: Vec<Options> = Vec::with_capacity(units.len());
        let mut member = 0;
        for (u, unit) in units.iter().enumerate() {
            let on = applying
                .get(member * trees..(member + unit.len()) * trees)
                .unwrap_or_default();
            member += unit.len();
            // The same unit where the same of its modifiers apply offers
            // the same options (a chart's applying sets differ in a few).
            let key = (u, on.to_vec());
            let options = match known.units.get(&key) {
                Some(options) => Arc::clone(options),
                None => {
                    let options: Options = self
                        .unit_options(unit, on, trees, width, known, not_split)
                        .into();
                    known.units.insert(key, Arc::clone(&options));
                    options
                }
            };
            table.push(options);
        }
        known
            .searches
            .get_or_insert_with(|| Searches::new(self.caps(width), width))
            .reachable(table)
    }

    /// A unit's options where `on` says which of its members' modifiers
    /// apply (`trees` a member): what each adds, its arguments, how
    /// plainly they read.
    fn unit_options(
        &self,
        unit: &[String],
        on: &[bool],
        trees: usize,
        width: usize,
        known: &mut Offers,
        not_split: &mut Vec<String>,
    ) -> Vec<NetOption> {
        if let Some(k) = self
            .keyed
            .iter()
            .find(|k| k.how == How::Net && unit.iter().all(|u| k.members.contains(u)))
        {
            return self.joint_options(k, unit, on, trees, width, known, not_split);
        }
        // A required input has no "not given".
        let mut options: Vec<NetOption> = if unit.iter().any(|n| self.required(n)) {
            Vec::new()
        } else {
            vec![(vec![0; width], Vec::new(), (0, Num::from_integer(0)))]
        };
        for (i, name) in unit.iter().enumerate() {
            let on = on.get(i * trees..(i + 1) * trees).unwrap_or_default();
            if !on.contains(&true) && !self.required(name) {
                // Applies nowhere here: naming it changes nothing.
                continue;
            }
            if !known.settings.contains_key(name) {
                let settings = self.settings(name, not_split);
                let read = settings.into_iter().map(|s| Known::new(s.args));
                known.settings.insert(name.clone(), read.collect());
            }
            // A setting naming nothing sets nothing.
            let named = known.settings.get(name).into_iter().flatten();
            for s in named.filter(|s| !s.args.is_empty()) {
                if let Some(v) = self.effect(name, s.value, on) {
                    options.push((v, s.args.clone(), s.plain));
                }
            }
        }
        // A setting that adds nothing only names more than "not
        // given" does for the same sum: it never reads plainest.
        if options.first().is_some_and(|o| o.1.is_empty()) {
            let mut first = true;
            options.retain(|(v, _, _)| std::mem::take(&mut first) || v.iter().any(|n| *n != 0));
        }
        options
    }

    /// The options of the modifiers a grid's keys feed, where the charts
    /// read the grid differently (`keyed`, a [`How::Net`] group): every
    /// modifier not given or given a value, and for each distinct tuple of
    /// the charts' readings, its keys set, each modifier then read from
    /// the grid (a shift named bare, or not named), or given a value. Of
    /// the options that add the same, the plainest.
    #[allow(clippy::too_many_arguments)]
    fn joint_options(
        &self,
        keyed: &Keyed,
        unit: &[String],
        on: &[bool],
        trees: usize,
        width: usize,
        known: &mut Offers,
        not_split: &mut Vec<String>,
    ) -> Vec<NetOption> {
        type State = (Vec<i64>, Args);
        let zero = vec![0i64; width];
        // Only the members that apply somewhere here change anything.
        let mut members: Vec<(usize, &String, &[bool])> = Vec::new();
        for (i, name) in unit.iter().enumerate() {
            let on = on.get(i * trees..(i + 1) * trees).unwrap_or_default();
            if on.contains(&true) {
                let Some(at) = keyed.members.iter().position(|m| m == name) else {
                    continue;
                };
                members.push((at, name, on));
            }
            if !known.settings.contains_key(name) {
                let settings = self.settings(name, not_split);
                let read = settings.into_iter().map(|s| Known::new(s.args));
                known.settings.insert(name.clone(), read.collect());
            }
        }
        let mut best: HashMap<Vec<i64>, usize> = HashMap::new();
        let mut options: Vec<NetOption> = Vec::new();
        let readings = std::iter::once(None).chain(keyed.readings.iter().map(Some));
        for reading in readings {
            let mut states: Vec<Vec<State>> = Vec::new();
            for &(at, name, on) in &members {
                let mut own: Vec<State> = vec![(zero.clone(), Vec::new())];
                if let Some((_, values)) = reading {
                    let from_grid = self.effect_by(name, on, |t, _| {
                        values.get(at * trees + t).copied().flatten()
                    });
                    if let Some(v) = from_grid {
                        if keyed.shifts.contains(name) {
                            own.push((v, vec![(name.as_str().into(), None)]));
                        } else {
                            // Read from the grid whenever the keys are set.
                            own[0].0 = v;
                        }
                    }
                }
                let given = known.settings.get(name.as_str()).into_iter().flatten();
                for s in given.filter(|s| !s.args.is_empty()) {
                    if let Some(v) = self.effect(name, s.value, on) {
                        own.push((v, s.args.clone()));
                    }
                }
                states.push(own);
            }
            let combos = states
                .iter()
                .try_fold(1usize, |n, s| n.checked_mul(s.len()))
                .filter(|n| *n <= MAX_JOINT);
            let Some(combos) = combos else {
                not_split.push(format!(
                    "{} (too many values together; each tried alone)",
                    keyed.members.join(", ")
                ));
                continue;
            };
            for mut c in 0..combos {
                let mut sum = zero.clone();
                let mut args: Args = reading.map(|r| r.0.clone()).unwrap_or_default();
                for own in &states {
                    let (v, a) = &own[c % own.len()];
                    c /= own.len();
                    for (x, y) in sum.iter_mut().zip(v) {
                        *x = x.saturating_add(*y);
                    }
                    args.extend(a.iter().cloned());
                }
                let plain = Known::new(args.clone()).plain;
                match best.get(&sum) {
                    Some(&i) if options[i].2 <= plain => {}
                    Some(&i) => options[i] = (sum, args, plain),
                    None => {
                        best.insert(sum.clone(), options.len());
                        options.push((sum, args, plain));
                    }
                }
            }
        }
        // "Not given" first, as for any unit.
        if let Some(i) = options.iter().position(|o| o.1.is_empty()) {
            let first = options.remove(i);
            options.insert(0, first);
        }
        options
    }

    /// True when `name` only moves the net (or shifts the column) in every
    /// chart that has it, unconditionally, the same kind of value in each.
    fn is_pure(&self, name: &str) -> bool {
        if self.reads(name) > 0 {
            return false;
        }
        // A chart that has the name without a modifier for it, and never
        // reads it, only passes it on.
        let mut kinds = Vec::new();
        for m in self
            .sides
            .iter()
            .flat_map(Side::trees)
            .filter_map(|t| modifier_in(t, name))
        {
            if m.always || m.applies.as_ref().is_some_and(|c| !plain(c)) {
                return false;
            }
            kinds.push(std::mem::discriminant(&m.value));
        }
        let fed = self.sides.iter().any(|s| {
            s.modifier(name)
                .is_some_and(|m| matches!(m.value, ModValue::Param { from: Some(_), .. }))
        });
        (!fed || self.fed_directly(name))
            && !kinds.is_empty()
            && kinds.windows(2).all(|w| w[0] == w[1])
    }

    /// What one setting of a pure input adds, per chart (nothing where
    /// `on` says it does not apply): each side's net, then the column shift.
    /// `given` is the setting's value (none for a flag or an option).
    fn effect(&self, name: &str, given: Option<Num>, on: &[bool]) -> Option<Vec<i64>> {
        self.effect_by(name, on, |_, m| {
            Some(match m.value {
                ModValue::Fixed(v) => v,
                ModValue::Param { factor, .. } => {
                    factor.checked_mul(crate::number::to_whole(given?)?)?
                }
                ModValue::Counted { per, max } => {
                    let v = per.checked_mul(crate::number::to_whole(given?)?)?;
                    max.map_or(v, |max| v.clamp(-max, max))
                }
            })
        })
    }

    /// What the modifier `name` adds, per chart, where `on` says it
    /// applies: `value(tree, modifier)` its value in each chart tree (the
    /// trees numbered as `on` numbers them).
    fn effect_by(
        &self,
        name: &str,
        on: &[bool],
        value: impl Fn(usize, &Modifier) -> Option<i64>,
    ) -> Option<Vec<i64>> {
        let value = |t: usize, m: &Modifier| -> Option<(i64, i64)> {
            let v = value(t, m)?;
            Some(if m.shifts { (0, v) } else { (v, 0) })
        };
        let mut out = Vec::new();
        let mut t = 0usize;
        let mut on = on.iter();
        for s in &self.sides {
            let mut nets = vec![0i64; s.sides()];
            let mut shift = 0;
            let root_on = on.next().copied().unwrap_or(false);
            let root = t;
            t += 1;
            if let Some(m) = s.modifier(name).filter(|_| root_on) {
                let (v, sh) = value(root, m)?;
                shift = sh;
                if let Some(n) = nets.get_mut(m.side) {
                    *n = v;
                }
            }
            out.extend(nets);
            out.push(shift);
            for tree in &s.reached {
                let here = on.next().copied().unwrap_or(false);
                out.push(match modifier_in(tree, name).filter(|_| here) {
                    Some(m) => value(t, m)?.0,
                    None => 0,
                });
                t += 1;
            }
        }
        Some(out)
    }

    /// How each chart reads a sum of effects, place by place (see [`cap`]):
    /// its net capped as it caps it; for an opposed roll, which reads only
    /// the difference of the sides' totals, the difference of their nets.
    fn caps(&self, width: usize) -> Vec<Cap> {
        // Past its reach a net changes nothing (unless an expression reads it).
        let clip = |s: &Side<'_>, tree: &ChartTree| {
            if s.uses.reads_net {
                tree_cap(tree)
            } else {
                reach(tree)
            }
        };
        let mut caps = vec![Cap::default(); width];
        let mut at = 0;
        for s in &self.sides {
            if let Some(c) = caps.get_mut(at) {
                c.clip = clip(s, s.tree);
                c.opposed = matches!(s.tree.body, Body::Opposed { .. }) && at + 1 < width;
            }
            at += s.sides() + 1;
            for tree in &s.reached {
                if let Some(c) = caps.get_mut(at) {
                    c.clip = clip(s, tree);
                }
                at += 1;
            }
        }
        caps
    }

    /// The column shift of a pure-modifier sum, `shift 1R` (`shift 1R →
    /// 2R` where a variant's differs); empty without one.
    fn shift_words(&self, key: &[i64]) -> String {
        let mut shifts = Vec::new();
        let mut at = 0;
        for s in &self.sides {
            shifts.push(key.get(at + s.sides()).copied().unwrap_or(0));
            at += s.width();
        }
        if shifts.iter().all(|v| *v == 0) {
            return String::new();
        }
        let words: Vec<String> = shifts.into_iter().map(shift_words).collect();
        format!("shift {}", dedup_arrow(&words))
    }

    /// Adds the class's net modifier to its name, as each chart binds the
    /// class's situation (capped as it caps it; an opposed roll's is the
    /// difference of its sides'): `net -2`, or `net -2 → -3` where a
    /// variant's differs.
    fn name_net(
        &self,
        charts: &[&ChartRef<'_>],
        takes: &[Vec<String>],
        class: &mut SituationClass,
    ) {
        let mut nets = Vec::new();
        for ((chart, side), takes) in charts.iter().zip(&self.sides).zip(takes) {
            // Summed here where every modifier's value is plain; bound by
            // the engine otherwise (a value from a grid, an `if` on numbers).
            let by_side = match side.net(&class.choices) {
                Some(n) => n,
                None => {
                    let Ok(bound) = chart.bind_once(&class.choices.keeping(takes)) else {
                        return;
                    };
                    let mut by_side = [0i64; 2];
                    for m in bound.applied() {
                        if let Some(n) = by_side.get_mut(m.side) {
                            *n = n.saturating_add(m.value);
                        }
                    }
                    by_side
                }
            };
            let net = match (&side.tree.body, side.cap()) {
                (Body::Opposed { .. }, _) => by_side[0].saturating_sub(by_side[1]),
                (_, Some(cap)) => by_side[0].clamp(-cap, cap),
                _ => by_side[0],
            };
            nets.push(signed(Some(net)));
        }
        let whose = match self.sides.first().map(|s| &s.tree.body) {
            Some(Body::Opposed { sides, .. }) => format!("{} net", sides.join(" − ")),
            _ => "net".to_owned(),
        };
        let words = format!("{whose} {}", dedup_arrow(&nets));
        if class.name == "as given" {
            class.name = words;
        } else {
            class.name = format!("{}, {words}", class.name);
        }
    }

    /// The column of a `columns by` scale whose value is an odds ratio of
    /// two params, or one param, that nothing else reads: a class per
    /// column and one off each end the params can reach.
    fn scale_axis(
        &self,
        done: &mut BTreeSet<String>,
        not_split: &mut Vec<String>,
    ) -> Option<Vec<Setting>> {
        let first = self.sides.first()?;
        let Body::Table {
            scale: Some(scale), ..
        } = &first.tree.body
        else {
            return None;
        };
        let slot_name = |e: &crate::check::tree::Expr| match e {
            crate::check::tree::Expr::Slot(s, _) => {
                first.tree.slots.get(*s).map(|s| s.name.to_string())
            }
            _ => None,
        };
        let (a, b) = match &scale.value {
            ScaleValue::Ratio(a, b, _) => (slot_name(a)?, Some(slot_name(b)?)),
            ScaleValue::Expr(e) => (slot_name(e)?, None),
        };
        let names: Vec<&String> = std::iter::once(&a).chain(b.as_ref()).collect();
        // Each read once per chart (by the scale), and every chart's scale alike.
        let same_scale = self.sides.iter().all(|s| match &s.tree.body {
            Body::Table { scale: Some(o), .. } => {
                o.heads == scale.heads
                    && o.beyond.as_ref().map(|b| b.1) == scale.beyond.as_ref().map(|b| b.1)
                    && o.below.is_some() == scale.below.is_some()
            }
            _ => false,
        });
        if !same_scale
            || names.iter().any(|n| {
                self.is_modifier(n) || self.fixed.contains(*n) || self.reads(n) != self.sides.len()
            })
        {
            return None;
        }
        let bounds = |n: &str| match &self.input(n)?.kind {
            InputKind::Param {
                bounds: Some((lo, hi)),
                ..
            } => Some((lo.exact(), hi.exact())),
            _ => None,
        };
        let (alo, ahi) = bounds(&a)?;
        let divisor = match &b {
            Some(b) => Some(bounds(b)?),
            None => None,
        };
        let mut settings = Vec::new();
        for (i, (words, pick)) in column_picks(scale, (alo, ahi), divisor)
            .into_iter()
            .enumerate()
        {
            let Some(pick) = pick else { continue };
            let mut args: Args = vec![(a.as_str().into(), Some(Show(pick.0).to_compact_string()))];
            if let (Some(b), Some(v)) = (&b, pick.1) {
                args.push((b.as_str().into(), Some(Show(v).to_compact_string())));
            }
            if args
                .iter()
                .any(|(_, v)| v.as_deref().and_then(crate::number::parse).is_none())
            {
                not_split.push(format!("{a} (column {i} has no decimal situation)"));
                continue;
            }
            settings.push(Setting {
                words: Some(words),
                args,
            });
        }
        done.extend(names.into_iter().cloned());
        Some(settings)
    }

    /// `name`'s least values that reach each column of the chart's scale,
    /// where it is the scale's value or one strength of its odds ratio with
    /// the other given in `given`: each labelled `6 (at 3-1)`.
    fn ratio_steps(&self, given: &Choices, name: &str) -> Option<Vec<(String, String)>> {
        let side = self.sides.first()?;
        let Body::Table {
            scale: Some(scale), ..
        } = &side.tree.body
        else {
            return None;
        };
        let slot_name = |e: &crate::check::tree::Expr| match e {
            crate::check::tree::Expr::Slot(s, _) => {
                side.tree.slots.get(*s).map(|s| s.name.to_string())
            }
            _ => None,
        };
        let value_of = |n: &str| {
            let v = given
                .args()
                .iter()
                .find(|a| a.name == n)?
                .value
                .as_deref()?;
            crate::number::parse(v)
        };
        let bounds = self.bounds(name)?;
        let picks = match &scale.value {
            ScaleValue::Expr(e) if slot_name(e).as_deref() == Some(name) => {
                column_picks(scale, bounds, None)
                    .into_iter()
                    .map(|(w, p)| (w, p.map(|p| p.0)))
                    .collect::<Vec<_>>()
            }
            ScaleValue::Ratio(a, b, _) => {
                let (a, b) = (slot_name(a)?, slot_name(b)?);
                if a == name {
                    let d = value_of(&b)?;
                    column_picks(scale, bounds, Some((d, d)))
                        .into_iter()
                        .map(|(w, p)| (w, p.map(|p| p.0)))
                        .collect()
                } else if b == name {
                    let n = value_of(&a)?;
                    column_picks(scale, (n, n), Some(bounds))
                        .into_iter()
                        .map(|(w, p)| (w, p.and_then(|p| p.1)))
                        .collect()
                } else {
                    return None;
                }
            }
            ScaleValue::Expr(_) => return None,
        };
        Some(
            picks
                .into_iter()
                .filter_map(|(words, v)| {
                    let v = Show(v?).to_string();
                    crate::number::parse(&v)?;
                    Some((format!("{v} ({words})"), v))
                })
                .collect(),
        )
    }

    /// Params read as `±p + whole` against whole numbers: alone, every
    /// whole value in the bounds and one between each two; read only
    /// together in one sum, a class per value of the sum. Returns each
    /// axis with the params it covers.
    fn param_axes(
        &self,
        names: &[String],
        done: &BTreeSet<String>,
        not_split: &mut Vec<String>,
    ) -> Vec<(Vec<String>, Vec<Setting>)> {
        let plain = |n: &str| {
            !done.contains(n)
                && !self.is_modifier(n)
                && !self.only_counts(n)
                && matches!(
                    self.input(n).map(|i| &i.kind),
                    Some(InputKind::Param {
                        bounds: Some(_),
                        ..
                    })
                )
        };
        let roots: Vec<&super::uses::Root> = self
            .sides
            .iter()
            .flat_map(|s| s.uses.roots.iter())
            .collect();
        let mut out = Vec::new();
        let mut taken: BTreeSet<String> = BTreeSet::new();
        for name in names.iter().filter(|n| plain(n)) {
            if taken.contains(name) {
                continue;
            }
            let mine: Vec<&&super::uses::Root> =
                roots.iter().filter(|r| r.names.contains(name)).collect();
            // Each root is `±p + whole` in the params it reads, the rest of it whole.
            let unit = |r: &super::uses::Root| {
                r.context != Context::Other
                    && r.affine.as_ref().is_some_and(|coef| {
                        r.names.iter().all(|n| {
                            let c = coef.get(n).copied().unwrap_or(0);
                            if plain(n) {
                                c.abs() == 1
                            } else {
                                self.is_modifier(n) || self.only_counts(n) || self.given_half(n)
                            }
                        })
                    })
            };
            if mine.is_empty() || !mine.iter().all(|r| unit(r)) {
                continue;
            }
            let together: Vec<String> = mine
                .iter()
                .flat_map(|r| r.names.iter())
                .filter(|n| plain(n))
                .cloned()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            // A root that must be whole makes every other value an error,
            // as a param declared `whole` refuses them.
            let whole = mine.iter().any(|r| r.context == Context::MustBeWhole)
                || together.iter().all(|n| self.declared_whole(n));
            if together.len() == 1 {
                let Some((lo, hi)) = self.bounds(name) else {
                    continue;
                };
                let axis: Vec<Setting> = steps(lo, hi, whole)
                    .into_iter()
                    .map(|v| value_setting(name, v))
                    .collect();
                if axis.is_empty() {
                    // Too wide to step through: tried at chosen values
                    // with the other inputs, and said to be.
                    continue;
                }
                taken.insert(name.clone());
                out.push((vec![name.clone()], axis));
                continue;
            }
            // Several params: split exactly only if each chart compared
            // reads them in just one sum, each once, the same sum in each.
            let Some(root) = mine.first() else { continue };
            let alone = mine.len() == self.sides.len()
                && mine.iter().all(|r| r.affine == root.affine)
                && together.iter().all(|n| {
                    roots.iter().filter(|r| r.names.contains(n)).count() == self.sides.len()
                        && self.reads(n) == self.sides.len()
                });
            let coef = root.affine.clone().unwrap_or_default();
            let terms: Option<Vec<(String, i64, Num, Num)>> = together
                .iter()
                .map(|n| {
                    let (lo, hi) = self.bounds(n)?;
                    Some((n.clone(), coef.get(n).copied()?, lo, hi))
                })
                .collect();
            let (true, Some(terms)) = (alone, terms) else {
                continue;
            };
            if let Some(axis) = sum_axis(&terms, whole) {
                taken.extend(together.iter().cloned());
                out.push((together, axis));
            } else {
                not_split.push(format!(
                    "{} (a sum too wide to split)",
                    together.join(" + ")
                ));
            }
        }
        out
    }

    /// True when `name` is a param declared `whole` (it counts things).
    fn declared_whole(&self, name: &str) -> bool {
        self.sides.iter().flat_map(Side::trees).any(|t| {
            t.slots
                .iter()
                .any(|s| s.name == name && matches!(s.kind, SlotKind::Param { whole: true, .. }))
        })
    }

    /// True when `name` is held at a value given, a whole or a half: a sum
    /// with it still changes only at whole and in-between values.
    fn given_half(&self, name: &str) -> bool {
        self.given
            .args()
            .iter()
            .find(|a| a.name == name)
            .and_then(|a| crate::number::parse(a.value.as_deref()?))
            .is_some_and(|v| (v * crate::number::whole(2)).is_integer())
    }

    fn bounds(&self, name: &str) -> Option<(Num, Num)> {
        match &self.input(name)?.kind {
            InputKind::Param {
                bounds: Some((lo, hi)),
                ..
            } => Some((lo.exact(), hi.exact())),
            _ => None,
        }
    }
}

/// True for a condition over flags and options only (no numbers), which
/// [`holds`] can decide from the choices alone.
fn plain(c: &Cond) -> bool {
    match c {
        Cond::Flag(_) | Cond::OptionIn(..) => true,
        Cond::Cmp(..) => false,
        Cond::Not(c) => plain(c),
        Cond::And(a, b) | Cond::Or(a, b) => plain(a) && plain(b),
    }
}

/// The flags and choices a condition reads where [`holds`] can tell (a
/// comparison it cannot: it never holds there, whatever is given).
fn condition_inputs(tree: &ChartTree, c: &Cond, out: &mut BTreeSet<String>) {
    match c {
        Cond::Flag(slot) | Cond::OptionIn(slot, _) => {
            if let Some(s) = tree.slots.get(*slot) {
                out.insert(s.name.to_string());
            }
        }
        Cond::Cmp(..) => {}
        Cond::Not(c) => condition_inputs(tree, c, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            condition_inputs(tree, a, out);
            condition_inputs(tree, b, out);
        }
    }
}

/// Whether a plain condition holds in the situation `choices` (an option
/// not given is the choice's default); `None` when it cannot tell.
fn holds(program: &Program, tree: &ChartTree, c: &Cond, choices: &Choices) -> Option<bool> {
    let name = |slot: usize| tree.slots.get(slot).map(|s| s.name.as_str());
    Some(match c {
        Cond::Flag(slot) => {
            let n = name(*slot)?;
            choices.args().iter().any(|a| a.name == n)
        }
        Cond::OptionIn(slot, options) => {
            let n = name(*slot)?;
            let SlotKind::Choice(ch) = tree.slots.get(*slot)?.kind else {
                return None;
            };
            let choice = program.choices.get(ch)?;
            let picked = match choices.args().iter().find(|a| a.name == n) {
                Some(a) => {
                    let v = a.value.as_deref()?;
                    choice.options.iter().position(|(o, _)| o == v)?
                }
                None => choice.default?,
            };
            options.contains(&picked)
        }
        Cond::Cmp(..) => return None,
        Cond::Not(c) => !holds(program, tree, c, choices)?,
        Cond::And(a, b) => holds(program, tree, a, choices)? && holds(program, tree, b, choices)?,
        Cond::Or(a, b) => holds(program, tree, a, choices)? || holds(program, tree, b, choices)?,
    })
}

/// How plainly a situation reads, lowest first: the fewest inputs named,
/// then values nearest 0 (`df_weapon=0` before `df_weapon=5`).
fn plainness(named: usize, values: impl Iterator<Item = Num>) -> (usize, Num) {
    (
        named,
        values.map(distance).fold(Num::from_integer(0), farther),
    )
}

/// How far `v` is from 0, held at `i64::MAX` where that does not fit
/// (−2⁶³).
fn distance(v: Num) -> Num {
    let zero = Num::from_integer(0);
    if v >= zero {
        v
    } else {
        num_traits::CheckedSub::checked_sub(&zero, &v).unwrap_or(Num::from_integer(i64::MAX))
    }
}

/// `name=value`: a value as a class names it and as an argument.
fn value_setting(name: &str, v: Num) -> Setting {
    Setting::arg(name, Some(Show(v).to_compact_string()))
}

fn signed(v: Option<i64>) -> String {
    match v.unwrap_or(0) {
        0 => "0".to_owned(),
        v => format!("{v:+}"),
    }
}

/// `a`, or `a → b` where the charts compared differ (base, then variant).
fn dedup_arrow(words: &[String]) -> String {
    match words {
        [first, rest @ ..] if rest.iter().any(|w| w != first) => words.join(" → "),
        [first, ..] => first.clone(),
        [] => String::new(),
    }
}

fn shift_words(v: i64) -> String {
    if v == 0 {
        "none".to_owned()
    } else {
        shift_text(v)
    }
}

/// Most values tried of a param that cannot be split: whole values from
/// `lo` to `hi`, at most [`MAX_TRIED`] of them evenly spread, and the
/// bounds themselves.
fn spread(lo: Num, hi: Num) -> Vec<Num> {
    let (l, h) = (crate::number::ceil(lo), crate::number::floor(hi));
    let mut out: BTreeSet<Num> = BTreeSet::from([lo, hi]);
    let width = h.saturating_sub(l);
    let step = (width / MAX_TRIED).max(1);
    let mut v = l;
    while v <= h {
        out.insert(crate::number::whole(v));
        v = v.saturating_add(step);
        if v == i64::MAX {
            break;
        }
    }
    out.into_iter().collect()
}

/// Every whole value from `lo` to `hi`, the bounds, and one value between
/// each two of those: the values a chart that reads `±p + whole` against
/// whole numbers can tell apart. Only the whole values where any other
/// value is an error (`whole`). Empty when too many.
fn steps(lo: Num, hi: Num, whole: bool) -> Vec<Num> {
    let (l, h) = (crate::number::ceil(lo), crate::number::floor(hi));
    if h.saturating_sub(l) > 4 * MAX_TRIED {
        return Vec::new();
    }
    let mut points: BTreeSet<Num> = (l..=h).map(crate::number::whole).collect();
    if whole {
        return points.into_iter().collect();
    }
    points.insert(lo);
    points.insert(hi);
    let points: Vec<Num> = points.into_iter().collect();
    let mut out = Vec::new();
    for (i, p) in points.iter().enumerate() {
        out.push(*p);
        if let Some(next) = points.get(i + 1) {
            out.push((*p + *next) / crate::number::whole(2));
        }
    }
    out
}

/// A class per value of `Σ cᵢ·pᵢ` (each `cᵢ` ±1) over the params' bounds,
/// each reached by raising the params in order from their lowest terms.
fn sum_axis(terms: &[(String, i64, Num, Num)], whole: bool) -> Option<Vec<Setting>> {
    // Each term's least and greatest contribution.
    let ranges: Vec<(Num, Num)> = terms
        .iter()
        .map(
            |(_, c, lo, hi)| {
                if *c > 0 {
                    (*lo, *hi)
                } else {
                    (-*hi, -*lo)
                }
            },
        )
        .collect();
    let least = ranges.iter().map(|r| r.0).sum::<Num>();
    let most = ranges.iter().map(|r| r.1).sum::<Num>();
    let sums = steps(least, most, whole);
    if sums.is_empty() {
        return None;
    }
    let words: Vec<String> = terms
        .iter()
        .enumerate()
        .map(|(i, (n, c, _, _))| match (i, *c > 0) {
            (0, true) => n.clone(),
            (0, false) => format!("-{n}"),
            (_, true) => format!(" + {n}"),
            (_, false) => format!(" - {n}"),
        })
        .collect();
    let label = words.concat();
    Some(
        sums.into_iter()
            .map(|s| {
                let mut left = s - least;
                let args = terms
                    .iter()
                    .zip(&ranges)
                    .map(|((n, c, _, _), (lo, hi))| {
                        let up = left.min(*hi - *lo);
                        left -= up;
                        let contribution = *lo + up;
                        let v = if *c > 0 { contribution } else { -contribution };
                        (n.as_str().into(), Some(Show(v).to_compact_string()))
                    })
                    .collect();
                Setting {
                    words: Some(format!("{label} = {}", Show(s))),
                    args,
                }
            })
            .collect(),
    )
}

/// Each interval of a scale's value (below the first column, each column,
/// from `beyond` up) in the scale's words (`below 1-1`, `at 2-1`, `at 7-1
/// or more`), with the smallest values within the bounds that reach it:
/// the value (or an odds ratio's two strengths), or `None` where none do.
fn column_picks(
    scale: &crate::check::tree::Scale,
    value: (Num, Num),
    divisor: Option<(Num, Num)>,
) -> Vec<(String, Option<Pick>)> {
    let mut cuts: Vec<(Num, String)> = scale
        .heads
        .iter()
        .map(|(k, t)| (*t, format!("at {k}")))
        .collect();
    if let Some((key, from, _)) = &scale.beyond {
        cuts.push((*from, format!("at {key} or more")));
    }
    let below = format!("below {}", scale.heads.first().map_or("", |h| h.0.as_str()));
    let mut out = Vec::new();
    let mut lo: Option<Num> = None;
    for (words, hi) in std::iter::once(below)
        .chain(cuts.iter().map(|c| c.1.clone()))
        .zip(cuts.iter().map(|c| Some(c.0)).chain(std::iter::once(None)))
    {
        let interval = (lo, hi);
        lo = hi;
        let pick = match divisor {
            Some(d) => ratio_pick(interval, value, d),
            None => value_pick(interval, value),
        };
        out.push((words, pick));
    }
    out
}

/// A value of one param in `[lo, hi)` (either end open when `None`) within
/// its bounds: the least whole one, else the least such decimal.
fn value_pick(interval: (Option<Num>, Option<Num>), (alo, ahi): (Num, Num)) -> Option<Pick> {
    let start = interval.0.map_or(alo, |l| l.max(alo));
    let inside = |v: Num| v >= alo && v <= ahi && interval.1.map_or(true, |h| v < h);
    let whole = crate::number::whole(crate::number::ceil(start));
    if inside(whole) {
        return Some((whole, None));
    }
    inside(start).then_some((start, None))
}

/// Two params `a`, `b` with `a / b` in `[lo, hi)`, each within its
/// bounds: the smallest whole pair a player would meet (`2` to `1` for
/// `2-1`), else an exact pair at the interval's low end.
fn ratio_pick(
    (lo, hi): (Option<Num>, Option<Num>),
    (alo, ahi): (Num, Num),
    (blo, bhi): (Num, Num),
) -> Option<Pick> {
    let zero = crate::number::whole(0);
    let one = crate::number::whole(1);
    let inside = |a: Num, b: Num| {
        b > zero
            && a >= alo
            && a <= ahi
            && b >= blo
            && b <= bhi
            && lo.map_or(true, |l| a >= l * b)
            && hi.map_or(true, |h| a < h * b)
    };
    let first_b = crate::number::ceil(blo).max(1);
    for b in (first_b..=crate::number::floor(bhi)).take(64) {
        let b = crate::number::whole(b);
        let least = lo.map_or(alo.max(one), |l| (l * b).max(alo));
        let a = crate::number::whole(crate::number::ceil(least));
        if inside(a, b) {
            return Some((a, Some(b)));
        }
    }
    // Exact: the lowest ratio the interval and the bounds share.
    if blo <= zero && bhi <= zero {
        return None;
    }
    let low_ratio = alo / bhi;
    let r = lo.map_or(low_ratio, |l| l.max(low_ratio));
    let b = if r > zero && r * bhi > ahi {
        ahi / r
    } else {
        bhi
    };
    let a = r * b;
    inside(a, b).then_some((a, Some(b)))
}

/// The largest net modifier that still matters: `cap modifiers at`, or
/// for a table without a score, the net past which every total falls
/// off the same end of its rows.
fn reach(tree: &ChartTree) -> Option<i64> {
    let Body::Table {
        cap,
        dice,
        score,
        lookups,
        ..
    } = &tree.body
    else {
        return None;
    };
    if cap.is_some() {
        return *cap;
    }
    if score.is_some() {
        return None;
    }
    let (mut least, mut most) = (dice.constant, dice.constant);
    for g in &dice.groups {
        if g.count_slot.is_some() {
            return None;
        }
        let (lo, hi) = (i64::from(g.count), i64::from(g.count) * i64::from(g.sides));
        if g.negative {
            least = least.checked_sub(hi)?;
            most = most.checked_sub(lo)?;
        } else {
            least = least.checked_add(lo)?;
            most = most.checked_add(hi)?;
        }
    }
    let mut reach = 0i64;
    for l in lookups {
        let top = l.base.checked_add(i64::try_from(l.dense.len()).ok()?)?;
        reach = reach
            .max(top.checked_sub(least)?)
            .max(most.checked_sub(l.base)?);
    }
    reach.checked_add(1)
}

/// `cap modifiers at N`.
fn tree_cap(tree: &ChartTree) -> Option<i64> {
    match &tree.body {
        Body::Table { cap, .. } => *cap,
        _ => None,
    }
}
