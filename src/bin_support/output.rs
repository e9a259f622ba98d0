//! Output shared by the command line and the REPL: roll traces, odds
//! tables, and diagnostics rendered with their sources. Uses only the
//! library's public API.

use anstyle::{AnsiColor, Style};
use chartwright::{Choices, LoadErrors, Odds, Roll, RollError, Ruleset, INPUT_SOURCE};
use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, Report};
use std::fmt::Write;
use std::sync::Arc;

const DIM: Style = Style::new().dimmed();
const BOLD: Style = Style::new().bold();
const GOOD: Style = AnsiColor::Green.on_default().bold();
const PLUS: Style = AnsiColor::Cyan.on_default();
const MINUS: Style = AnsiColor::Yellow.on_default();

/// Wraps text in a style; anstream strips it where colour is off.
fn paint(style: Style, text: impl std::fmt::Display) -> String {
    format!("{style}{text}{style:#}")
}

/// A roll trace, indented by `depth` for follow-ups.
pub fn roll(r: &Roll, depth: usize) -> String {
    let pad = "  ".repeat(depth);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{pad}{} {}",
        paint(BOLD, &r.title),
        paint(DIM, format!("({})", r.chart))
    );
    if !r.dice.is_empty() {
        let dice: Vec<String> = r
            .dice
            .iter()
            .map(|d| {
                let faces: Vec<String> = d.faces.iter().map(ToString::to_string).collect();
                let who = d
                    .label
                    .as_deref()
                    .map_or(String::new(), |l| format!("{l} "));
                let sign = if d.negative { "-" } else { "" };
                format!(
                    "{who}{sign}{}d{}: {}",
                    d.faces.len(),
                    d.sides,
                    faces.join(" ")
                )
            })
            .collect();
        let natural = r
            .natural
            .map_or(String::new(), |n| format!("  (natural {n})"));
        let _ = writeln!(out, "{pad}  dice     {}{natural}", dice.join(", "));
    }
    for m in &r.modifiers {
        let value = format!("{:+}", m.value);
        let value = if m.value < 0 {
            paint(MINUS, value)
        } else {
            paint(PLUS, value)
        };
        let note = m
            .note
            .as_deref()
            .map_or(String::new(), |n| format!(" ({n})"));
        let _ = writeln!(
            out,
            "{pad}  {value:>4}     {}{} {}",
            m.label,
            note,
            paint(DIM, format!("[{}]", m.name))
        );
    }
    if let Some(t) = r.total {
        if !r.dice.is_empty() {
            let _ = writeln!(out, "{pad}  total    {t}");
        }
    }
    if let (Some(s), false) = (r.score, r.dice.iter().any(|d| d.label.is_some())) {
        let _ = writeln!(out, "{pad}  score    {s}");
    }
    if let Some(d) = &r.detail {
        let _ = writeln!(out, "{pad}  {}", paint(DIM, d));
    }
    if let Some(row) = &r.row {
        let _ = writeln!(out, "{pad}  row      {row}");
    }
    let _ = writeln!(out, "{pad}  => {}", paint(GOOD, &r.outcome));
    for f in &r.follow_ups {
        out.push_str(&roll(f, depth + 1));
    }
    out
}

/// An odds table: outcome, fraction, percentage, bar; observed frequencies
/// beside them when given.
pub fn odds(o: &Odds, observed: Option<(&[(String, u64)], u64)>) -> String {
    let mut out = String::new();
    let width = o
        .outcomes
        .iter()
        .map(|x| x.outcome.chars().count())
        .max()
        .unwrap_or(0)
        .min(70);
    let fracs: Vec<String> = o
        .outcomes
        .iter()
        .map(|x| format!("{}/{}", x.probability.numer(), x.probability.denom()))
        .collect();
    let fw = fracs.iter().map(String::len).max().unwrap_or(0);
    let _ = writeln!(out, "{}", paint(BOLD, &o.chart));
    for (x, frac) in o.outcomes.iter().zip(&fracs) {
        let pct = x.percent();
        let bar = bar(pct);
        let mut name: String = x.outcome.chars().take(70).collect();
        if x.outcome.chars().count() > 70 {
            name.pop();
            name.push('…');
        }
        let seen = observed.map_or(String::new(), |(counts, n)| {
            let c = counts
                .iter()
                .find(|(k, _)| *k == x.outcome)
                .map_or(0, |(_, c)| *c);
            format!("  observed {:6.2}%", c as f64 * 100.0 / n.max(1) as f64)
        });
        // Pad the bar to full width so the observed column lines up.
        let pad = if observed.is_some() {
            " ".repeat(BAR_WIDTH.saturating_sub(bar.chars().count()))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  {name:<width$}  {frac:>fw$}  {pct:6.2}%  {}{pad}{seen}",
            paint(GOOD, bar)
        );
    }
    out
}

/// Width of a 100% bar, in characters.
const BAR_WIDTH: usize = 20;

/// A bar of `pct` percent, [`BAR_WIDTH`] characters at 100%.
pub fn bar(pct: f64) -> String {
    const BLOCKS: [char; 8] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];
    let eighths = (pct / 100.0 * BAR_WIDTH as f64 * 8.0).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    if eighths % 8 > 0 {
        s.push(BLOCKS[eighths % 8 - 1]);
    }
    s
}

fn handler() -> GraphicalReportHandler {
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none();
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme).with_width(100)
}

fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = handler().render_report(&mut out, report.as_ref());
    out
}

/// Every load error, rendered with its source.
pub fn load_errors(e: &LoadErrors) -> String {
    let mut out = String::new();
    for err in &e.errors {
        let report = Report::new(err.clone());
        let report = match err.span() {
            Some(span) => report.with_source_code(e.sources.named_source(span.source)),
            None => report,
        };
        out.push_str(&render(&report));
    }
    out
}

/// A roll error, rendered against the arguments or the rules it points into.
pub fn roll_error(e: &RollError, rules: &Ruleset, choices_text: &str, input_name: &str) -> String {
    let report = Report::new(e.clone());
    let report = match e.span {
        Some(span) if span.source == INPUT_SOURCE => {
            report.with_source_code(NamedSource::new(input_name, Arc::<str>::from(choices_text)))
        }
        Some(span) => report.with_source_code(rules.sources().named_source(span.source)),
        None => report,
    };
    render(&report)
}

/// A roll error with no arguments to point into (`chart` lookups).
pub fn plain_error(e: &RollError) -> String {
    render(&Report::new(e.clone()))
}

/// Parses roll-time words, keeping the joined text for diagnostics.
pub fn choices(words: &[String]) -> (String, Result<Choices, RollError>) {
    let text = words.join(" ");
    let parsed = Choices::parse(&text);
    (text, parsed)
}
