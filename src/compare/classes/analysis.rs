//! The charts compared and what reads each of their inputs: the facts
//! every axis is built from.

use crate::check::tree::{Body, ChartTree, ModValue, Modifier, Program, SlotKind};
use crate::compare::fed::{modifier_in, How, Keyed};
use crate::compare::uses::Uses;
use crate::engine::choices::Choices;
use crate::number::Num;
use crate::ruleset::{ChartRef, InputInfo, InputKind};
use compact_str::CompactString;
use std::collections::{BTreeMap, BTreeSet};

/// One compiled chart and what reads its inputs.
#[derive(Clone)]
pub(super) struct Side<'r> {
    pub(super) program: &'r Program,
    pub(super) tree: &'r ChartTree,
    pub(super) uses: Uses,
    /// The charts it follows up or reads (a ladder): a modifier there moves
    /// that chart's net, which is part of the class too.
    pub(super) reached: Vec<&'r ChartTree>,
}

impl<'r> Side<'r> {
    /// The chart, then the charts it reaches.
    pub(super) fn trees(&self) -> impl Iterator<Item = &'r ChartTree> + '_ {
        std::iter::once(self.tree).chain(self.reached.iter().copied())
    }

    /// How many numbers its part of a class's key holds: each side's net
    /// and the column shift, then each reached chart's net.
    pub(super) fn width(&self) -> usize {
        self.sides() + 1 + self.reached.len()
    }

    /// The modifier named `name` in this chart, if it declares one.
    pub(super) fn modifier(&self, name: &str) -> Option<&'r Modifier> {
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

    pub(super) fn sides(&self) -> usize {
        match &self.tree.body {
            Body::Opposed { sides, .. } => sides.len().max(1),
            _ => 1,
        }
    }
}

#[derive(Clone)]
pub(super) struct Analysis<'r> {
    pub(super) sides: Vec<Side<'r>>,
    /// Every input of the charts, the first chart's first.
    pub(super) inputs: Vec<InputInfo>,
    /// Inputs held as given (and the other members of their groups).
    pub(super) fixed: BTreeSet<String>,
    /// The choices they are held at.
    pub(super) given: Choices,
    /// The grid-fed modifiers, grouped by the keys they share, and how
    /// each group is split.
    pub(super) keyed: Vec<Keyed>,
}

impl<'r> Analysis<'r> {
    /// The analysis of `charts` and every chart they reach, or (without
    /// `follow_ups`) of their own outcomes: the ladders they read, but not
    /// their follow-ups, nor the inputs only those read.
    pub(super) fn new(charts: &[&ChartRef<'r>], fixed: &Choices, follow_ups: bool) -> Self {
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
    /// with how it is split (see [`crate::compare::fed`]).
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
        let trees: Vec<crate::compare::fed::TreeOf<'r>> = self
            .sides
            .iter()
            .flat_map(|s| s.trees().map(move |t| (s.program, t)))
            .collect();
        crate::compare::fed::keyed(
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

    /// The group of grid-fed modifiers `name` belongs to, if any.
    pub(super) fn keyed_of(&self, name: &str) -> Option<&Keyed> {
        self.keyed
            .iter()
            .find(|k| k.members.iter().any(|m| m == name))
    }

    pub(super) fn input(&self, name: &str) -> Option<&InputInfo> {
        self.inputs.iter().find(|i| i.name == name)
    }

    /// The `one of` groups, by member names, each once: the charts' own
    /// and those of the ladders they read (binding holds both).
    pub(super) fn groups(&self) -> Vec<Vec<String>> {
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
    pub(super) fn feeds_only(&self, name: &str) -> bool {
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
    pub(super) fn fed_directly(&self, name: &str) -> bool {
        self.keyed_of(name)
            .is_some_and(|k| matches!(k.how, How::Direct | How::Net))
    }

    /// The numbers the grid feeding `name` holds.
    pub(super) fn fed_values(&self, name: &str) -> Vec<Num> {
        let mut out = BTreeSet::new();
        for s in &self.sides {
            if let Some(ModValue::Param { from: Some(g), .. }) = s.modifier(name).map(|m| &m.value)
            {
                for cell in g.readable_cells(s.program) {
                    if let crate::check::tree::Cell::Number(n) = cell {
                        out.insert(*n);
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// True when some chart cannot roll without `name`.
    pub(super) fn required(&self, name: &str) -> bool {
        let no_default = matches!(
            self.input(name).map(|i| &i.kind),
            Some(InputKind::Param { default: None, .. })
        );
        // A value of its own, in the chart or in a chart it reaches (a
        // ladder's `m +-r in 0..2` is needed wherever the ladder is read).
        let own_value = self.sides.iter().any(|s| {
            s.trees().any(|t| {
                modifier_in(t, name)
                    .is_some_and(|m| matches!(m.value, ModValue::Param { from: None, .. }))
            })
        });
        (no_default && own_value)
            || self.sides.iter().any(|s| {
                s.tree
                    .required
                    .iter()
                    .any(|&r| s.tree.slots.get(r).is_some_and(|slot| slot.name == name))
            })
    }

    pub(super) fn reads(&self, name: &str) -> usize {
        self.sides.iter().map(|s| s.uses.read_count(name)).sum()
    }

    pub(super) fn is_modifier(&self, name: &str) -> bool {
        self.sides.iter().any(|s| s.is_modifier(name))
    }
}
