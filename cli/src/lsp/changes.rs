//! The hover on a variant's change (`change bog_down.tracked +2`, `add`,
//! `remove`): the base's declaration of what it changes, as the base
//! writes it, and what the variant does to that chart's odds, as
//! `chartwright diff` says it, in the situation the sheet's picture uses.

use super::analysis::{Analysis, Good};
use super::text::Word;
use crate::commands::diff;
use chartwright::compare::Pairing;
use chartwright::editor::{change_situation, changed_declaration};
use chartwright::{BaseName, Budget, Ruleset, RulesetBuilder};
use std::fmt::Write;

/// The hover text for a change of `target` in a variant.
pub fn hover_text(analysis: &Analysis, good: &Good, target: &Word<'_>) -> Option<String> {
    let base_text = base_text(analysis)?;
    let base = chartwright::outline(chartwright::SourceId::new(0), &base_text).ok()?;
    let (declared, written) = changed_declaration(&base, &base_text, target)?;
    let mut out = format!(
        "**In the base**, {} `{}`:\n\n```chartwright\n{written}\n```",
        declared.kind.as_str(),
        declared.name,
    );
    let chart = target.owner.unwrap_or(target.name);
    let base_rules = good.base.get_or_init(|| load_base(analysis, &base_text));
    if let Some(base_rules) = base_rules {
        match chart_diff(base_rules, &good.ruleset, chart, target) {
            Ok(text) => {
                let _ = write!(out, "\n\n**The variant's odds:**\n\n```text\n{text}```");
            }
            Err(why) => {
                let _ = write!(out, "\n\nNo odds to compare: {why}");
            }
        }
    }
    Some(out)
}

/// The base's text: a bundled game's, or the file beside the variant.
fn base_text(analysis: &Analysis) -> Option<String> {
    match analysis.outline_now()?.0.base.as_ref()? {
        BaseName::Bundled(name) => Some(chartwright::bundled::source(name)?.to_string()),
        BaseName::Path(_) => Some(analysis.base_file()?.1),
    }
}

/// The base loaded on its own, as `chartwright diff` loads it.
fn load_base(analysis: &Analysis, text: &str) -> Option<Ruleset> {
    let mut builder = RulesetBuilder::new();
    match analysis.outline_now()?.0.base.as_ref()? {
        BaseName::Bundled(name) => builder.add_str(name, text),
        BaseName::Path(_) => builder.add_text_at(analysis.base_file()?.0, text),
    };
    builder.build().ok()
}

/// `chartwright diff BASE VARIANT CHART` in the chart's sheet situation, the
/// changed modifier given ([`change_situation`]),
/// as plain text.
fn chart_diff(
    base: &Ruleset,
    variant: &Ruleset,
    chart: &str,
    target: &Word<'_>,
) -> Result<String, String> {
    let pair = Pairing::only_games(base, variant).map_err(|e| e.to_string())?;
    let (_, v) = pair.chart(chart).map_err(|e| e.to_string())?;
    let choices = change_situation(&v, target);
    let request = diff::Request {
        chart: Some(chart),
        choices: choices.text(),
        across: false,
        sweep: None,
        json: false,
        page: false,
    };
    let mut budget = Budget::new(variant.limits());
    let plain = |text: &str| anstream::adapter::strip_str(text).to_string();
    let report = diff::run(&pair, &request, &mut budget).map_err(|e| plain(&e))?;
    Ok(plain(&report.text))
}
