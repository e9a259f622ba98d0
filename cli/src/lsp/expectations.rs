//! The `expect` lines of a text that loaded, checked as `chartwright test`
//! checks them (one budget for the file): the code lens over each chart
//! counts them, and the hover on an `expect` line says whether it holds
//! and what the chart gives.

use chartwright::{Choices, ExpectFailure, Expectation, Expected, Ruleset};
use std::cell::OnceCell;
use std::fmt::Write;

/// One `expect` line and whether it holds.
pub struct Checked {
    /// The chart it reads, as its file names it (unqualified when it is
    /// the file's own).
    pub chart: String,
    /// The line as written, trimmed: how a line of the text now is
    /// matched to it while the text now does not load. Empty for a line
    /// of a base.
    pub line: String,
    /// Whether the line is in this text (not in a base it loads).
    pub own: bool,
    /// The expectation.
    pub expectation: Expectation,
    /// Why it fails; `None` when it holds.
    pub failure: Option<ExpectFailure>,
}

/// Every `expect` line of a text that loaded as `ruleset`, checked once
/// and kept in `cache`.
pub fn checked<'c>(
    cache: &'c OnceCell<Vec<Checked>>,
    ruleset: &Ruleset,
    text: &str,
) -> &'c [Checked] {
    cache.get_or_init(|| {
        let report = chartwright::check_expectations(ruleset);
        let here = ruleset.sources().find_text(text);
        ruleset
            .expectations()
            .iter()
            .map(|e| {
                let own = e.chart.strip_prefix(e.game.as_str());
                let chart = own.and_then(|c| c.strip_prefix('.')).unwrap_or(&e.chart);
                let own = Some(e.span.source) == here;
                let span = e.span.start as usize..e.span.end as usize;
                let line = text.get(span).filter(|_| own).unwrap_or_default();
                Checked {
                    chart: chart.to_string(),
                    line: line.trim().to_string(),
                    own,
                    expectation: e.clone(),
                    failure: report.failures.iter().find(|f| f.span == e.span).cloned(),
                }
            })
            .collect()
    })
}

/// What a code lens over a chart says of its `expect` lines: "12
/// expectations hold", "1 of 12 fails".
pub fn summary(results: &[&Checked]) -> String {
    let failed = results.iter().filter(|c| c.failure.is_some()).count();
    match (results.len(), failed) {
        (1, 0) => "1 expectation holds".to_string(),
        (n, 0) => format!("{n} expectations hold"),
        (n, 1) => format!("1 of {n} fails"),
        (n, f) => format!("{f} of {n} fail"),
    }
}

/// The hover on an `expect` line: whether it holds, why not, and the
/// probability the chart gives the outcome it names.
pub fn hover_text(ruleset: &Ruleset, c: &Checked) -> String {
    let mut out = match &c.failure {
        None => "**This expectation holds.**".to_string(),
        Some(f) => {
            let mut text = format!("**This expectation fails:** {f}.");
            if let Some(help) = &f.help {
                let _ = write!(text, "\n\n{help}");
            }
            text
        }
    };
    if let Some(actual) = actual(ruleset, &c.expectation) {
        let _ = write!(out, "\n\n{actual}");
    }
    out
}

/// The probability the chart gives the expected outcome (or group) in
/// the expectation's situation, when it names one and is not about the
/// faces of one roll.
fn actual(ruleset: &Ruleset, e: &Expectation) -> Option<String> {
    if !e.naturals.is_empty() {
        return None;
    }
    let name = if e.chart.contains('.') {
        e.chart.to_string()
    } else {
        format!("{}.{}", e.game, e.chart)
    };
    let chart = ruleset.chart(&name).ok()?;
    let choices = Choices::parse(&e.args).ok()?;
    let odds = chart.odds(&choices).ok()?;
    let (what, p) = match &e.want {
        Expected::Outcome { text, .. } => (format!("`{text}`"), odds.probability(text)),
        Expected::Group { group, .. } => (group.to_string(), odds.group_probability(group)),
        // An expected error names no outcome.
        _ => return None,
    };
    Some(format!(
        "The chart gives {what} {p} ({:.2}%).",
        p.to_f64() * 100.0
    ))
}
