//! The conditions the pure modifiers apply under: which inputs they read,
//! and whether one holds in a situation, decided from the choices alone.

use super::analysis::{Analysis, Side};
use crate::check::tree::{ChartTree, Cond, Program, SlotKind};
use crate::compare::fed::modifier_in;
use crate::engine::choices::Choices;
use std::collections::BTreeSet;

impl Analysis<'_> {
    /// The inputs the pure modifiers' conditions read: only their settings
    /// change which of them apply.
    pub(super) fn condition_names(&self, units: &[Vec<String>]) -> BTreeSet<String> {
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
    pub(super) fn applying(&self, units: &[Vec<String>], choices: &Choices) -> Vec<bool> {
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
}

/// True for a condition over flags and options only (no numbers), which
/// [`holds`] can decide from the choices alone.
pub(super) fn plain(c: &Cond) -> bool {
    match c {
        Cond::Flag(_) | Cond::OptionIn(..) => true,
        // The dice are no input: they hold or not roll by roll.
        Cond::Cmp(..) | Cond::Doubles => false,
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
        Cond::Cmp(..) | Cond::Doubles => {}
        Cond::Not(c) => condition_inputs(tree, c, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            condition_inputs(tree, a, out);
            condition_inputs(tree, b, out);
        }
    }
}

/// Whether a plain condition holds in the situation `choices` (an option
/// not given is the choice's default); `None` when it cannot tell.
pub(super) fn holds(
    program: &Program,
    tree: &ChartTree,
    c: &Cond,
    choices: &Choices,
) -> Option<bool> {
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
        Cond::Cmp(..) | Cond::Doubles => return None,
        Cond::Not(c) => !holds(program, tree, c, choices)?,
        Cond::And(a, b) => holds(program, tree, a, choices)? && holds(program, tree, b, choices)?,
        Cond::Or(a, b) => holds(program, tree, a, choices)? || holds(program, tree, b, choices)?,
    })
}
