//! Where a form for the table puts each input of a chart ([`form`]): the
//! inputs that set the situation apart from the modifiers, each modifier
//! under the heading the sheet prints it under, a follow-up chart's inputs
//! under that chart's title, and when each applies in the sheet's words.

use crate::check::tree::{Body, ChartTree, Program};
use crate::compare::uses::Uses;
use crate::ruleset::chart_ref::defining_modifier;
use crate::ruleset::ChartRef;

/// Where one input of a chart goes on a form, as the sheet groups it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FormInput {
    /// What the player types.
    pub name: String,
    /// How many places of the chart (and the ladders it reads) read the
    /// input besides its own modifier's value: the column choice, a
    /// condition of a modifier or an outcome, an expression. An input read
    /// anywhere sets the situation; one read nowhere only adds its value.
    pub reads: usize,
    /// The input picks the chart's column (`columns NAME`).
    pub column: bool,
    /// The heading the sheet prints it under: the title of the modifier
    /// set that brings it, else its section's heading.
    pub group: Option<String>,
    /// The name of that modifier set, a chart of its own.
    pub set: Option<String>,
    /// The title of the follow-up chart it belongs to, when only a chart
    /// rolled after this one reads it.
    pub follow_up: Option<String>,
    /// When it applies, in the sheet's words (`if Type of attack: Direct
    /// fire`), if not always.
    pub applies: Option<String>,
    /// The opposed side it belongs to, by the side's label (`Attacker`).
    pub side: Option<String>,
}

/// Every input of `chart`, in [`ChartRef::inputs`]'s order, placed as a
/// form for the table places it.
///
/// ```
/// let rules = chartwright::Ruleset::from_file("first_echelon").unwrap();
/// let form = chartwright::sheet::form(&rules.chart("fire_combat").unwrap());
/// let attack = form.iter().find(|i| i.name == "attack").unwrap();
/// assert!(attack.reads > 0 && attack.group.is_none());
/// let df = form.iter().find(|i| i.name == "df_weapon").unwrap();
/// assert_eq!(df.reads, 0);
/// assert_eq!(df.applies.as_deref(), Some("if Type of attack: Direct fire"));
/// let state = form.iter().find(|i| i.name == "from_suppressed").unwrap();
/// assert_eq!(state.follow_up.as_deref(), Some("Bail Out Table"));
/// let close = chartwright::sheet::form(&rules.chart("close_combat").unwrap());
/// assert_eq!(close[0].side.as_deref(), Some("Attacker"));
/// ```
#[must_use]
pub fn form(chart: &ChartRef<'_>) -> Vec<FormInput> {
    let (program, id) = chart.compiled();
    let Some(own) = program.charts.get(id) else {
        return Vec::new();
    };
    let own_uses = Uses::own(program, id);
    let all_uses = Uses::of(program, id);
    let column = match &own.body {
        Body::Table {
            columns: Some(slot),
            ..
        } => own.slots.get(*slot).map(|s| s.name.as_str()),
        _ => None,
    };
    own.slots
        .iter()
        .enumerate()
        .map(|(slot, s)| {
            let name = s.name.as_str();
            let defined = defining_modifier(program, id, slot);
            let reads = own_uses.read_count(name);
            let (group, set) = defined
                .map(|(tree, m)| heading(program, tree, m))
                .unwrap_or_default();
            // Defined by another chart's modifier (not a ladder this chart
            // reads), or read only by the charts rolled after this one.
            let follow_up = match defined {
                Some((tree, _)) if !std::ptr::eq(tree, own) => {
                    (!matches!(tree.body, Body::Ladder { .. })).then(|| tree.title.to_string())
                }
                None if reads == 0 && all_uses.read_count(name) > 0 => {
                    follow_up_reading(program, id, name)
                }
                _ => None,
            };
            let applies = defined.and_then(|(tree, m)| {
                m.applies
                    .as_ref()
                    .map(|c| super::words::clause(program, tree, c))
            });
            FormInput {
                name: name.to_owned(),
                reads,
                column: column == Some(name),
                group,
                set,
                follow_up,
                applies,
                side: super::chart::side_of(own, name).map(str::to_owned),
            }
        })
        .collect()
}

/// The heading a modifier is printed under, and the modifier set that
/// brought it (by name) if one did.
fn heading(
    program: &Program,
    tree: &ChartTree,
    m: &crate::check::tree::Modifier,
) -> (Option<String>, Option<String>) {
    let Some(index) = tree.modifiers.iter().position(|x| std::ptr::eq(x, m)) else {
        return (None, None);
    };
    if let Some(u) = tree.used.iter().find(|u| u.members.contains(&index)) {
        let title = program
            .charts
            .iter()
            .find(|t| t.name == u.set && t.game == tree.game)
            .map_or_else(|| u.set.replace('_', " "), |t| t.title.to_string());
        return (Some(title), Some(u.set.to_string()));
    }
    let section = tree
        .sections
        .iter()
        .find(|(_, _, members)| members.contains(&index))
        .map(|(h, _, _)| h.to_string());
    (section, None)
}

/// The title of the first chart rolled after `id` (following follow-ups
/// breadth first, each chart once) that has an input named `name`.
fn follow_up_reading(program: &Program, id: usize, name: &str) -> Option<String> {
    let mut seen = vec![id];
    let mut at = 0;
    while let Some(&chart) = seen.get(at) {
        at += 1;
        for f in program.follow_ups.iter().filter(|f| f.caller == chart) {
            if seen.contains(&f.chart) {
                continue;
            }
            seen.push(f.chart);
            let tree = program.charts.get(f.chart)?;
            if tree.slots.iter().any(|s| s.name == name) {
                return Some(tree.title.to_string());
            }
        }
    }
    None
}
