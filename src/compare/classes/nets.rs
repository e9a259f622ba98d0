//! The nets axis: the modifiers read nowhere but in their own value, as a
//! class per net modifier (and column shift) they reach in each chart, each
//! reached by the situation that reads plainest.

use super::analysis::{Analysis, Side};
use super::conditions::{holds, plain};
use super::SituationClass;
use crate::check::tree::{Body, ChartTree, ModValue, Modifier, SlotKind};
use crate::compare::fed::{modifier_in, How, Keyed};
use crate::compare::net_search::{farther, Args, Cap, NetOption, Options, Reachable, Searches};
use crate::engine::choices::Choices;
use crate::number::Num;
use crate::ruleset::ChartRef;
use crate::ruleset::InputKind;
use crate::syntax::ast::shift_text;
use compact_str::CompactString;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

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

impl Side<'_> {
    /// Each side's net modifier in the situation `choices`, before any
    /// cap: `None` unless every modifier is a plain value under a plain
    /// `if` (and the chart reads no ladder, whose modifiers it also takes).
    pub(super) fn net(&self, choices: &Choices) -> Option<[i64; 2]> {
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

    pub(super) fn cap(&self) -> Option<i64> {
        tree_cap(self.tree)
    }
}

/// Most options of the modifiers one grid's keys feed, taken together.
const MAX_JOINT: usize = 1 << 16;

/// The nets the pure modifiers reach, once per set of them that applies.
#[derive(Default)]
pub(super) struct Nets {
    pub(super) settings: Vec<Reachable>,
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
    pub(super) fn of(
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
    pub(super) fn count(&self, id: usize) -> u128 {
        self.settings.get(id).map_or(1, |v| v.len().max(1)) as u128
    }
}

impl Analysis<'_> {
    /// The words a class's net arguments add to its name: the keys of a
    /// grid the charts read differently, as typed (`weapon=gun`), and the
    /// shifts named bare to read it (`woods`).
    pub(super) fn keyed_words(&self, args: &[&(CompactString, Option<CompactString>)]) -> String {
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

    /// True when the modifier `name` only moves the net (or shifts the
    /// column) wherever it is declared, under plain conditions, outside
    /// any `one of` group, with nothing else reading it.
    pub(super) fn net_only(&self, name: &str) -> bool {
        self.reads(name) == 0
            && self
                .sides
                .iter()
                .flat_map(Side::trees)
                .filter_map(|t| modifier_in(t, name))
                .all(|m| !m.always && m.group.is_none() && m.applies.as_ref().map_or(true, plain))
            && !self.fixed.contains(name)
    }

    /// The inputs whose modifiers only move the net: lone inputs, and
    /// `one of` groups whose members all do.
    pub(super) fn net_units(&self, done: &BTreeSet<String>) -> Vec<Vec<String>> {
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
        // A required input has no "not given"; a param not given reads its
        // default (`m +r in 0..2 default 2` adds 2 unless given 0 or 1).
        let unset = self.unset_effect(unit, on, trees, width);
        let mut options: Vec<NetOption> = if unit.iter().any(|n| self.required(n)) {
            Vec::new()
        } else {
            vec![(unset.clone(), Vec::new(), (0, Num::from_integer(0)))]
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
        // A setting that adds what "not given" adds only names more for
        // the same sum: it never reads plainest.
        if options.first().is_some_and(|o| o.1.is_empty()) {
            let mut first = true;
            options.retain(|(v, _, _)| std::mem::take(&mut first) || *v != unset);
        }
        options
    }

    /// What `unit` adds where none of it is given: each param's default,
    /// where its modifier applies (`on`, `trees` a member); 0 elsewhere.
    fn unset_effect(&self, unit: &[String], on: &[bool], trees: usize, width: usize) -> Vec<i64> {
        let mut sum = vec![0i64; width];
        for (i, name) in unit.iter().enumerate() {
            let Some(InputKind::Param {
                default: Some(d), ..
            }) = self.input(name).map(|input| &input.kind)
            else {
                continue;
            };
            let on = on.get(i * trees..(i + 1) * trees).unwrap_or_default();
            if let Some(v) = self.effect(name, Some(d.exact()), on) {
                for (x, y) in sum.iter_mut().zip(v) {
                    *x = x.saturating_add(y);
                }
            }
        }
        sum
    }

    /// The options of the modifiers a grid's keys feed, where the charts
    /// read the grid differently (`keyed`, a [`How::Net`] group): every
    /// modifier not given or given a value, and for each distinct tuple of
    /// the charts' readings, its keys set, each modifier then read from
    /// the grid (a shift named bare, or not named), or given a value. Of
    /// the options that add the same, the plainest.
    #[allow(clippy::too_many_arguments, clippy::too_many_lines)] // the members, each tuple of the charts' readings, the plainest per effect: one walk
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
    pub(super) fn shift_words(&self, key: &[i64]) -> String {
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
    pub(super) fn name_net(
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

/// The largest net modifier that still matters: `cap modifiers at`, or
/// for a table without a score, the net past which every total falls
/// off the same end of its rows.
pub(super) fn reach(tree: &ChartTree) -> Option<i64> {
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
pub(super) fn tree_cap(tree: &ChartTree) -> Option<i64> {
    match &tree.body {
        Body::Table { cap, .. } => *cap,
        _ => None,
    }
}
