//! Diagnostics rendered with their sources by miette's graphical handler:
//! load errors, roll errors, failed expectations, and errors with no
//! source (a chart or game looked up by name).

use super::text::width_of;
use chartwright::{Clipped, LoadErrors, RollError, Ruleset};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use std::fmt::Write;

fn handler() -> GraphicalReportHandler {
    // The same choice anstream makes for the results: a terminal, or
    // CLICOLOR_FORCE; never with NO_COLOR.
    let colour = anstream::AutoStream::choice(&std::io::stderr()) != anstream::ColorChoice::Never;
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme)
        .with_width(width_of(std::io::stderr()))
        .with_break_words(false)
}

/// Renders a diagnostic. Everything goes through [`Clipped`] first, so
/// that no line length or column can make miette panic.
pub fn render(diagnostic: &Clipped) -> String {
    let mut out = String::new();
    let _ = handler().render_report(&mut out, diagnostic);
    out
}

/// Most load errors printed; the rest are counted.
const MAX_SHOWN: usize = 50;

/// Every load error (the first [`MAX_SHOWN`]), rendered with its source.
pub fn load_errors(e: &LoadErrors) -> String {
    let mut out = String::new();
    for err in e.errors.iter().take(MAX_SHOWN) {
        out.push_str(&render(&e.clipped(err)));
    }
    if e.errors.len() > MAX_SHOWN {
        let _ = writeln!(
            out,
            "… and {} more errors (the first {MAX_SHOWN} are shown)",
            e.errors.len() - MAX_SHOWN
        );
    }
    out
}

/// A roll error, rendered against the arguments or the rules it points into.
pub fn roll_error(e: &RollError, rules: &Ruleset, choices_text: &str, input_name: &str) -> String {
    render(&e.with_source(rules, input_name, choices_text))
}

/// Every failed expectation, rendered on its `expect` line, then a summary.
pub fn expect_report(report: &chartwright::ExpectReport, rules: &Ruleset) -> String {
    let mut out = String::new();
    for f in report.failures.iter().take(MAX_SHOWN) {
        let clipped = match rules.sources().get(f.span.source) {
            Some(source) => Clipped::new(f, &source.name, &source.text),
            None => Clipped::without_source(f),
        };
        out.push_str(&render(&clipped));
    }
    if report.failures.len() > MAX_SHOWN {
        let _ = writeln!(
            out,
            "… and {} more failures (the first {MAX_SHOWN} are shown)",
            report.failures.len() - MAX_SHOWN
        );
    }
    let failed = report.failures.len();
    let _ = writeln!(
        out,
        "{}: {} expectation(s), {} held, {failed} failed",
        if failed == 0 { "ok" } else { "FAILED" },
        report.checked,
        report.checked - failed,
    );
    out
}

/// A diagnostic with no text to point into: a chart or a game looked up
/// by name ([`RollError`]s of `chart`, [`chartwright::compare::PairError`]s).
pub fn plain_error(e: &dyn Diagnostic) -> String {
    render(&Clipped::without_source(e))
}
