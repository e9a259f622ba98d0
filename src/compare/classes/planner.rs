//! The planner: the axes put together, the classes counted over them (or
//! sampled past the limit), and one class made from its number.

use super::analysis::Analysis;
use super::nets::Nets;
use super::settings::Setting;
use super::{Classes, SituationClass};
use crate::compare::class_index::ClassIndex;
use crate::compare::net_search::Reachable;
use crate::engine::choices::Choices;
use crate::ruleset::ChartRef;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

/// What each class is made from.
#[derive(Clone)]
pub(super) struct Made<'r> {
    analysis: Analysis<'r>,
    charts: Vec<ChartRef<'r>>,
    /// The situation every class starts from: the inputs held as given.
    fixed: Choices,
    /// The axes of the classes besides the pure modifiers' net.
    pub(super) axes: Vec<Vec<Setting>>,
    /// The nets the pure modifiers reach, per set of them that applies.
    nets: Vec<Reachable>,
    plan: Plan,
    /// The classes compared, by number: a seeded sample, ascending, or
    /// (`None`) every class in turn.
    picks: Option<Vec<u128>>,
    pub(super) len: usize,
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

impl Made<'_> {
    pub(super) fn get(&self, i: usize) -> Option<SituationClass> {
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

pub(super) fn classes_of<'r>(
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

/// The class of the axes' settings `digits` (one per axis).
pub(super) fn class(fixed: &Choices, axes: &[Vec<Setting>], digits: &[usize]) -> SituationClass {
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

impl Analysis<'_> {
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
}
