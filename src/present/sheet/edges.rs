//! The rules around a table, printed under it as `show` gives them, in the
//! sheet's words: how a computed column is found (the odds and how they
//! round, or the value), what a value below the first column or from the
//! `beyond` column up gives, how far a column shift may go, the net
//! modifier's cap and the modified roll's clamp. A player at the table
//! reads these off the published sheet's margins.

use super::words;
use crate::check::tree::{Body, ChartTree, OffRule, Outcome, Program, Scale, ScaleValue};
use maud::{html, Markup};
use std::fmt::Write as _;

/// The rules around `c`'s table, one a line; nothing for a chart without.
/// `outcome` writes an outcome as the chart's cells do.
pub(super) fn around(
    program: &Program,
    c: &ChartTree,
    outcome: &dyn Fn(&Outcome) -> String,
) -> Markup {
    let Body::Table {
        scale, cap, clamp, ..
    } = &c.body
    else {
        return html! {};
    };
    let mut lines: Vec<String> = Vec::new();
    if let Some(s) = scale {
        scale_lines(program, c, s, outcome, &mut lines);
    }
    if let Some(cap) = cap {
        lines.push(format!("The net modifier is capped at ±{cap}."));
    }
    if let Some((lo, hi)) = clamp {
        lines.push(format!(
            "A modified roll below {lo} reads as {lo}; above {hi}, as {hi}."
        ));
    }
    html! {
        @if !lines.is_empty() {
            ul.edges { @for l in &lines { li { (l) } } }
        }
    }
}

/// How the column is found, and what happens off either edge.
fn scale_lines(
    program: &Program,
    c: &ChartTree,
    s: &Scale,
    outcome: &dyn Fn(&Outcome) -> String,
    lines: &mut Vec<String>,
) {
    lines.push(match &s.value {
        ScaleValue::Ratio(a, b, _) => format!(
            "Column: the odds of {} to {}, rounded in the defender's favour.",
            words::expr(program, c, a),
            words::expr(program, c, b)
        ),
        ScaleValue::Expr(e) => format!(
            "Column: the highest heading not above {}{}.",
            words::expr(program, c, e),
            s.dice.as_ref().map_or(String::new(), |d| column_dice(c, d))
        ),
    });
    let rule = |r: &OffRule| crate::present::render::off_rule_text(s, r, outcome, &str::to_owned);
    if let Some(r) = &s.below {
        let first = s.heads.first().map_or("", |h| h.0.as_str());
        lines.push(format!("Below {first}: {}", rule(r)));
    }
    if let Some((key, _, r)) = &s.beyond {
        lines.push(format!("At {key} or above: {}", rule(r)));
    }
    // Said only where something shifts the column, as `show` says it.
    if c.modifiers.iter().any(|m| m.shifts) {
        lines.push(shift_edges(s));
    }
}

/// How far column shifts go, as `show` says it.
fn shift_edges(s: &Scale) -> String {
    format!("{}.", crate::present::render::shift_edges_text(s))
}

/// The dice a column value adds, in words (` + a d6 for each Air point`).
fn column_dice(c: &ChartTree, dice: &crate::check::tree::Dice) -> String {
    let mut text = String::new();
    for g in &dice.groups {
        text.push_str(if g.negative { " - " } else { " + " });
        match g.count_slot.and_then(|slot| c.slots.get(slot)) {
            Some(slot) => {
                let one = g.notation.written(Some(1), g.sides);
                let die = one.strip_prefix('1').unwrap_or(&one);
                let label = if slot.label.is_empty() {
                    slot.name.replace('_', " ")
                } else {
                    slot.label.to_string()
                };
                let _ = write!(text, "a {die} for each of {label}");
            }
            None => text.push_str(&g.notation.written(Some(g.count), g.sides)),
        }
    }
    text
}
