//! Hover: on a chart's name, its kind, dice and exact odds in the sheet
//! picture's situation ([`ChartRef::example_choices`]), computed as `odds`
//! computes them; on a grid (or a modifier set, or notes), the table as
//! `show` prints it; on a modifier, its value and label; on any other
//! declared name, its kind and label. Read from the last text that loaded
//! while the text now does not.

use super::analysis::Analysis;
use super::navigate::declaration_of;
use super::text::{word_at, LineIndex};
use crate::commands::{odds, show};
use chartwright::{ChartRef, Declaration, DeclarationKind, Odds};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use std::fmt::Write;

/// The hover at `position`, if it is on a declared name.
pub fn hover(analysis: &Analysis, position: Position) -> Option<Hover> {
    let text = &analysis.text;
    let index = LineIndex::new(text);
    let word = word_at(text, index.offset(position))?;
    let good = analysis.good.as_ref()?;
    let own = analysis.outline.as_ref().unwrap_or(&good.outline);
    let base = analysis.base_outline();
    let d = declaration_of(own, &word).or_else(|| declaration_of(base.as_ref()?, &word))?;
    let value = match d.kind {
        kind if kind.is_chart() => chart_text(&good.ruleset.chart(&d.name).ok()?),
        _ => member_text(d),
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(index.range(word.start, word.end)),
    })
}

/// A chart's kind, title and dice, then its odds table (or, for a chart
/// that is not rolled, its table as `show` prints it).
fn chart_text(chart: &ChartRef<'_>) -> String {
    let mut out = format!(
        "**{} `{}`**: {}",
        chart.kind().as_str(),
        chart.name(),
        chart.title()
    );
    let Some(dice) = chart.dice() else {
        let _ = write!(out, "\n\n```text\n{}```", show::run(chart));
        return out;
    };
    let _ = write!(out, " (rolls {dice})\n\n");
    let choices = chart.example_choices();
    let exact = chart
        .bind(&choices)
        .and_then(|bound| odds::exact(chart, &bound));
    match exact {
        Ok(o) => {
            if !choices.text().is_empty() {
                let _ = write!(out, "Odds with `{}`:\n\n", choices.text());
            }
            out.push_str(&odds_table(&o));
        }
        Err(e) => {
            let _ = write!(out, "No odds without more inputs: {e}");
        }
    }
    out
}

/// An odds table in markdown: outcome, exact fraction, percentage.
fn odds_table(o: &Odds) -> String {
    let mut out = String::from("| outcome | odds | % |\n|---|---:|---:|\n");
    for x in &o.outcomes {
        let outcome = x.outcome.replace('|', "\\|");
        let p = &x.probability;
        let _ = writeln!(
            out,
            "| {outcome} | {}/{} | {:.2}% |",
            p.numer(),
            p.denom(),
            x.percent()
        );
    }
    out
}

/// A member or an input: its kind, owner, value and label.
fn member_text(d: &Declaration) -> String {
    let mut out = format!("**{} `{}`**", d.kind.as_str(), d.name);
    if let Some(owner) = &d.owner {
        let _ = write!(out, " of `{owner}`");
    }
    if let (DeclarationKind::Modifier, Some(value)) = (d.kind, &d.value) {
        let _ = write!(out, ": `{value}`");
    }
    let _ = write!(out, "\n\n{}", d.label);
    out
}
