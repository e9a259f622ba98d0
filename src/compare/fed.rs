//! Modifiers whose value comes from a grid (`discipline ±r from
//! discipline_rating`, `woods rL from woods_shift`) when nothing else reads
//! the grid's keys: how the situation classes split them.
//!
//! A class is a set of situations that none of the charts compared can tell
//! apart, so what splits a grid's keys is the *tuple* of readings: the cell
//! each chart (a base and its variant, and the charts they reach) reads for
//! each of the modifiers the keys feed. Where every chart reads the same
//! number at every setting of the keys, giving each value directly reaches
//! every cell ([`How::Direct`]); where two charts read different numbers
//! (a variant changed a cell), each distinct tuple of readings is a class of
//! its own, reached by the first setting of the keys that gives it
//! ([`How::Net`]); where a cell is `-` or text (the roll then cannot be
//! made), the keys are set option by option ([`How::Keys`]).

use super::net_search::Args;
use crate::check::tree::{Cell, ChartTree, KeyRead, ModValue, Modifier, Program, SlotKind};
use compact_str::CompactString;
use std::collections::{BTreeMap, BTreeSet};

/// Most settings of one group's keys read cell by cell; past it the keys
/// are set option by option.
const MAX_KEY_SETTINGS: usize = 4096;

/// How a group of grid-fed modifiers is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// Every chart reads the same number at every setting of the keys: each
    /// value given directly stands for the cells that hold it.
    Direct,
    /// The charts read different numbers somewhere: each distinct tuple of
    /// readings is an option of its own in the nets' search, named by its
    /// keys.
    Net,
    /// The keys are set option by option, the modifiers tried as given and
    /// not given (a `-` or text cell, a key read elsewhere or held as given,
    /// or modifiers that do more than move the net).
    Keys,
}

/// Grid-fed modifiers that share keys, and how they are split.
#[derive(Clone, Debug)]
pub(super) struct Keyed {
    /// The modifiers, by name.
    pub members: Vec<String>,
    /// The grids' keys, by name.
    pub keys: Vec<String>,
    /// Modifiers among `members` that are column shifts (named bare, they
    /// read the grid).
    pub shifts: BTreeSet<String>,
    pub how: How,
    /// Each distinct tuple of readings (member by member, one value per
    /// chart tree, `None` where a tree has no such modifier) with the first
    /// setting of the keys that gives it. Only kept for [`How::Net`].
    pub readings: Vec<(Args, Vec<Option<i64>>)>,
}

/// One chart tree of the comparison (a chart compared, or a chart it
/// reaches), in the order the classes lay their trees out.
pub(super) type TreeOf<'r> = (&'r Program, &'r ChartTree);

/// The groups of grid-fed modifiers in `trees`. `fed` maps each such
/// modifier to its keys; `free(key)` says a key is read nowhere else and
/// not held as given; `options(key)` lists a key's options; `net_only(m)`
/// says modifier `m` only moves the net (or the column) in every tree.
pub(super) fn keyed(
    trees: &[TreeOf<'_>],
    fed: &BTreeMap<String, Vec<String>>,
    free: impl Fn(&str) -> bool,
    options: impl Fn(&str) -> Option<Vec<CompactString>>,
    net_only: impl Fn(&str) -> bool,
) -> Vec<Keyed> {
    // Modifiers that share a key are one group.
    let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for (member, keys) in fed {
        let mut joined = (vec![member.clone()], keys.clone());
        groups.retain(|(m, k)| {
            if k.iter().any(|x| joined.1.contains(x)) {
                joined.0.extend(m.iter().cloned());
                joined.1.extend(k.iter().cloned());
                false
            } else {
                true
            }
        });
        groups.push(joined);
    }
    groups
        .into_iter()
        .map(|(mut members, keys)| {
            members.sort();
            members.dedup();
            let mut keys = keys;
            let mut seen = BTreeSet::new();
            keys.retain(|k| seen.insert(k.clone()));
            let shifts = members
                .iter()
                .filter(|m| {
                    trees
                        .iter()
                        .any(|(_, t)| modifier_in(t, m).is_some_and(|m| m.shifts))
                })
                .cloned()
                .collect();
            let mut group = Keyed {
                members,
                keys,
                shifts,
                how: How::Keys,
                readings: Vec::new(),
            };
            if group.keys.iter().all(|k| free(k)) {
                if let Some((readings, same)) = read_all(trees, &group, &options) {
                    if same {
                        group.how = How::Direct;
                    } else if group.members.iter().all(|m| net_only(m)) {
                        group.how = How::Net;
                        group.readings = readings;
                    }
                }
            }
            group
        })
        .collect()
}

/// Every distinct tuple of readings of `group` over every setting of its
/// keys, and whether every tree reads the same number as every other at
/// each setting. `None` where a cell is not a number, a tree's modifier is
/// not fed by a grid, or the keys have too many settings.
#[allow(clippy::type_complexity)]
fn read_all(
    trees: &[TreeOf<'_>],
    group: &Keyed,
    options: &impl Fn(&str) -> Option<Vec<CompactString>>,
) -> Option<(Vec<(Args, Vec<Option<i64>>)>, bool)> {
    let lists: Vec<Vec<CompactString>> = group
        .keys
        .iter()
        .map(|k| options(k))
        .collect::<Option<_>>()?;
    let settings = lists
        .iter()
        .try_fold(1usize, |n, l| n.checked_mul(l.len()))?;
    if settings == 0 || settings > MAX_KEY_SETTINGS {
        return None;
    }
    let mut out: Vec<(Args, Vec<Option<i64>>)> = Vec::new();
    let mut seen: BTreeSet<Vec<Option<i64>>> = BTreeSet::new();
    let mut same = true;
    for mut n in 0..settings {
        // The last key fastest, as a grid's rows are written.
        let mut picked = vec![CompactString::default(); lists.len()];
        for (i, l) in lists.iter().enumerate().rev() {
            picked[i].clone_from(&l[n % l.len()]);
            n /= l.len();
        }
        let at = |key: &str| {
            let i = group.keys.iter().position(|k| k == key)?;
            picked.get(i)
        };
        let mut reading = Vec::with_capacity(group.members.len() * trees.len());
        for m in &group.members {
            let mut first: Option<i64> = None;
            for (program, tree) in trees {
                let value = read(program, tree, m, &at)?;
                if let Some(v) = value {
                    same &= first.map_or(true, |f| f == v);
                    first.get_or_insert(v);
                }
                reading.push(value);
            }
        }
        if seen.insert(reading.clone()) {
            let args = group
                .keys
                .iter()
                .zip(&picked)
                .map(|(k, o)| (CompactString::from(k.as_str()), Some(o.clone())))
                .collect();
            out.push((args, reading));
        }
    }
    Some((out, same))
}

/// What modifier `name` of `tree` reads at the keys `at` gives: its grid's
/// number times its factor, or `Some(None)` where the tree has no such
/// modifier. `None` where it is not fed by a grid, or the cell is not a
/// number.
#[allow(clippy::option_option)] // a tree without the modifier reads nothing; an unreadable cell stops the split
fn read<'a>(
    program: &Program,
    tree: &ChartTree,
    name: &str,
    at: &impl Fn(&str) -> Option<&'a CompactString>,
) -> Option<Option<i64>> {
    let Some(m) = modifier_in(tree, name) else {
        return Some(None);
    };
    let ModValue::Param {
        factor,
        from: Some(g),
    } = &m.value
    else {
        return None;
    };
    let grid = program.grids.get(g.grid)?;
    let mut index = 0usize;
    for (k, key) in g.keys.iter().copied().enumerate() {
        let choice = program.choices.get(*grid.keys.get(k)?)?;
        // A key fixed by `at` reads its option in every situation.
        let i = match key {
            KeyRead::Fixed(option) => option,
            KeyRead::Slot(slot) => {
                let s = tree.slots.get(slot)?;
                if !matches!(s.kind, SlotKind::Choice(_)) {
                    return None;
                }
                let option = at(&s.name)?;
                choice.options.iter().position(|(o, _)| o == option)?
            }
        };
        index = index.checked_mul(choice.options.len())?.checked_add(i)?;
    }
    match grid.cells.get(index)? {
        Cell::Number(n) => {
            let n = crate::number::to_whole(*n)?;
            Some(Some(factor.checked_mul(n)?))
        }
        _ => None,
    }
}

/// The modifier named `name` in `tree`, if it declares one.
pub(crate) fn modifier_in<'t>(tree: &'t ChartTree, name: &str) -> Option<&'t Modifier> {
    tree.modifiers
        .iter()
        .find(|m| tree.slots.get(m.slot).is_some_and(|s| s.name == name))
}
