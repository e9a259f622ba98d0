//! Hover: on a chart's name, its kind, dice and exact odds in the sheet
//! picture's situation ([`ChartRef::example_choices`]), through the
//! library's [`example_odds`] as the playground's hover computes them; on
//! a grid (or a modifier set, or notes), the table as `show` prints it;
//! on a modifier, its value and label; on any other declared name, its
//! kind and label. On an `expect` line, whether it
//! holds and the probability the chart gives (the library's
//! [`chartwright::editor::ExpectLine`]); on a
//! variant's change, the base's declaration and the diff of the chart
//! (`changes`); either above what the name under the cursor says. Read
//! from the last text that loaded while the text now does not.

use super::analysis::{Analysis, Good};
use super::changes;
use super::navigate::declaration_of;
use super::text::{word_at, LineIndex, Word};
use crate::commands::show;
use chartwright::editor::{change_target, example_odds, expect_line_on};
use chartwright::{ChartRef, Declaration, DeclarationKind, Odds};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use std::fmt::Write;

/// The hover at `position`: on a declared name, on an `expect` line or on
/// a variant's change.
pub fn hover(analysis: &Analysis, position: Position) -> Option<Hover> {
    let text = &analysis.text;
    let index = LineIndex::new(text);
    let offset = index.offset(position);
    let good = analysis.good.as_ref()?;
    let line_start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let line_end = offset
        + text
            .get(offset..)?
            .find('\n')
            .unwrap_or(text.len() - offset);
    let line = text.get(line_start..line_end)?;
    let word = word_at(text, offset);
    let about_word = word.as_ref().and_then(|w| word_text(analysis, good, w));
    let about_line = line_text(analysis, good, line);
    let value = match (about_line, about_word) {
        (Some(l), Some(w)) => format!("{l}\n\n---\n\n{w}"),
        (Some(only), None) | (None, Some(only)) => only,
        (None, None) => return None,
    };
    let range = match &word {
        Some(w) => index.range(w.start, w.end),
        None => index.range(line_start, line_end),
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    })
}

/// What a declared name is.
fn word_text(analysis: &Analysis, good: &Good, word: &Word<'_>) -> Option<String> {
    let own = analysis.outline.as_ref().unwrap_or(&good.outline);
    let base = analysis.base_outline();
    let d = declaration_of(own, word).or_else(|| declaration_of(base.as_ref()?, word))?;
    match d.kind {
        kind if kind.is_chart() => Some(chart_text(&good.ruleset.chart(&d.name).ok()?)),
        _ => Some(member_text(d)),
    }
}

/// What an `expect` line or a variant's change says.
fn line_text(analysis: &Analysis, good: &Good, line: &str) -> Option<String> {
    let line = line.trim();
    if line.split_whitespace().next() == Some("expect") {
        let c = expect_line_on(good.expectations(), line)?;
        return Some(c.hover_text(&good.ruleset));
    }
    let is_variant = analysis.outline_now()?.0.base.is_some();
    let target = change_target(line).filter(|_| is_variant)?;
    changes::hover_text(analysis, good, &target)
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
    let (choices, exact) = example_odds(chart);
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
