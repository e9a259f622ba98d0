//! Output shared by the command line and the REPL: roll traces, odds
//! tables, and diagnostics rendered with their sources. Uses only the
//! library's public API.

use anstyle::{AnsiColor, Style};
use chartwright::trace::TraceLine;
use chartwright::{Clipped, LoadErrors, Odds, Roll, RollError, Ruleset};
use miette::{GraphicalReportHandler, GraphicalTheme};
use std::fmt::Write;

const DIM: Style = Style::new().dimmed();
const BOLD: Style = Style::new().bold();
const GOOD: Style = AnsiColor::Green.on_default().bold();
const PLUS: Style = AnsiColor::Cyan.on_default();
const MINUS: Style = AnsiColor::Yellow.on_default();

/// Wraps text in a style; anstream strips it where colour is off.
fn paint(style: Style, text: impl std::fmt::Display) -> String {
    format!("{style}{text}{style:#}")
}

/// The width to wrap to: `COLUMNS` when set, else the terminal's width when
/// `stream` is one, else 80.
fn width_of(stream: impl std::os::fd::AsFd) -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w >= 20)
        .or_else(|| terminal_size::terminal_size_of(stream).map(|(w, _)| usize::from(w.0)))
        .unwrap_or(80)
        .max(20)
}

/// The width of standard output, for results.
pub fn width() -> usize {
    width_of(std::io::stdout())
}

/// How many terminal columns `text` takes: a wide (CJK) character takes two.
pub fn cols(text: &str) -> usize {
    textwrap::core::display_width(text)
}

/// `text` followed by spaces to `width` columns.
pub fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(cols(text))))
}

/// Spaces to `width` columns, then `text`.
pub fn pad_left(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(cols(text))))
}

/// Text cut into lines of at most `width` columns at word boundaries (a
/// word longer than a line keeps a line of its own, whole): the first line
/// starts with `first`, the others with `rest`.
pub fn wrap(text: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let options = textwrap::Options::new(width)
        .initial_indent(first)
        .subsequent_indent(rest)
        .break_words(false);
    textwrap::wrap(text, options)
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// Every line longer than `width` wrapped at word boundaries (`show`'s
/// tables, notes and modifier lists). A line laid out in columns (two or
/// more spaces between them) continues under the column it breaks in, as
/// a table's cell would; any other line two columns past its own
/// indentation.
pub fn wrap_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if textwrap::core::display_width(line) <= width {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // A rule under a table heading is decoration: it ends at the edge.
        if line.chars().all(|c| c == '-' || c == ' ') {
            out.extend(line.chars().take(width));
            out.push('\n');
            continue;
        }
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let rest = " ".repeat(hang(line, width).unwrap_or(indent.len() + 2));
        for l in wrap(body, width, indent, &rest) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

/// Where a wrapped line continues: under the start of the column (text
/// after a run of two or more spaces) that the first break falls in, if at
/// least 24 columns are left after it.
fn hang(line: &str, width: usize) -> Option<usize> {
    let body = line.trim_start();
    let indent = line.len() - body.len();
    let first = wrap(body, width, line.get(..indent)?, "");
    let cut = textwrap::core::display_width(first.first()?);
    let mut column = None;
    let mut rest = body;
    while let Some(gap) = rest.find("  ") {
        let after = rest.get(gap..)?.trim_start();
        let at = line.len() - after.len();
        let at = textwrap::core::display_width(line.get(..at)?);
        if at > cut || after.is_empty() {
            break;
        }
        column = Some(at);
        rest = after;
    }
    column.filter(|&c| width.saturating_sub(c) >= 24)
}

/// `show` (command line and REPL): the chart as on the sheet, with a
/// variant's changes marked, wrapped to the width of standard output.
pub fn show(chart: &chartwright::ChartRef<'_>) -> String {
    wrap_lines(&crate::diff::show(chart), width())
}

/// A roll trace (the library's [`Roll::trace`]), painted and wrapped to the
/// width of standard output.
pub fn roll(r: &Roll) -> String {
    let width = width();
    let mut out = String::new();
    for (depth, line) in r.trace() {
        let pad = " ".repeat(line.indent(depth));
        match &line {
            TraceLine::Title { title, chart } => {
                let _ = writeln!(
                    out,
                    "{pad}{} {}",
                    paint(BOLD, title),
                    paint(DIM, format!("({chart})"))
                );
            }
            TraceLine::Modifier { value, text, name } => {
                let signed = format!("{value:+}");
                let painted = paint(if *value < 0 { MINUS } else { PLUS }, &signed);
                // The value is 4 columns (plus colour codes); the label wraps under itself.
                let lead = format!("{pad}{signed:>4}     ");
                let hang = " ".repeat(lead.chars().count());
                let name = format!("[{name}]");
                for (i, wrapped) in wrap(&format!("{text} {name}"), width, &lead, &hang)
                    .into_iter()
                    .enumerate()
                {
                    let wrapped = if i == 0 {
                        wrapped.replacen(lead.as_str(), &format!("{pad}{painted:>4}     "), 1)
                    } else {
                        wrapped
                    };
                    let wrapped = match wrapped.rfind(&name) {
                        Some(at) => format!("{}{}", &wrapped[..at], paint(DIM, &wrapped[at..])),
                        None => wrapped,
                    };
                    let _ = writeln!(out, "{wrapped}");
                }
            }
            TraceLine::Natural(text) => {
                let _ = writeln!(out, "{pad}{}", paint(BOLD, text));
            }
            TraceLine::Detail(text) => {
                let _ = writeln!(out, "{pad}{}", paint(DIM, text));
            }
            TraceLine::Outcome(text) => {
                let lead = format!("{pad}=> ");
                let hang = " ".repeat(lead.chars().count());
                for (i, wrapped) in wrap(text, width, &lead, &hang).into_iter().enumerate() {
                    // Only the outcome is painted; the wrapper may have trimmed
                    // the lead, so never split at a byte count.
                    let prefix = if i == 0 { &lead } else { &hang };
                    let (indent, text) = match wrapped.strip_prefix(prefix.as_str()) {
                        Some(text) => (prefix.as_str(), text),
                        None => ("", wrapped.as_str()),
                    };
                    let _ = writeln!(out, "{indent}{}", paint(GOOD, text));
                }
            }
            // A step, or a kind of line this CLI predates: as the library writes it.
            _ => {
                let _ = writeln!(out, "{pad}{line}");
            }
        }
    }
    out
}

/// An odds table: outcome, fraction, percentage, bar; observed frequencies
/// beside them when given.
pub fn odds(o: &Odds, observed: Option<(&[(String, u64)], u64)>) -> String {
    let mut out = String::new();
    let fracs: Vec<String> = o
        .outcomes
        .iter()
        .map(|x| format!("{}/{}", x.probability.numer(), x.probability.denom()))
        .collect();
    let fw = fracs.iter().map(String::len).max().unwrap_or(0);
    // Beside the name: fraction, percentage, the bar, the observed column.
    let numbers = 2 + fw + 2 + 7 + 2 + if observed.is_some() { 18 } else { 0 };
    let longest = o
        .outcomes
        .iter()
        .map(|x| cols(&x.outcome))
        .max()
        .unwrap_or(0);
    let room = width().saturating_sub(2 + numbers);
    // The bar gives up to half its width before a name wraps; a name that
    // still does not fit wraps at word boundaries onto lines of its own.
    let bar_width = room.saturating_sub(longest).clamp(BAR_WIDTH / 2, BAR_WIDTH);
    let width = longest.min(room.saturating_sub(bar_width).max(16));
    let _ = writeln!(out, "{}", paint(BOLD, &o.chart));
    for (x, frac) in o.outcomes.iter().zip(&fracs) {
        let pct = x.percent();
        let bar = bar_of(pct, bar_width);
        let lines = wrap(&x.outcome, width, "", "");
        let seen = observed.map_or(String::new(), |(counts, n)| {
            let c = counts
                .iter()
                .find(|(k, _)| *k == x.outcome)
                .map_or(0, |(_, c)| *c);
            format!("  observed {:6.2}%", c as f64 * 100.0 / n.max(1) as f64)
        });
        // Pad the bar to full width so the observed column lines up.
        let fill = if observed.is_some() {
            " ".repeat(bar_width.saturating_sub(bar.chars().count()))
        } else {
            String::new()
        };
        let name = pad(lines.first().map_or("", String::as_str), width);
        let _ = writeln!(
            out,
            "  {name}  {frac:>fw$}  {pct:6.2}%  {}{fill}{seen}",
            paint(GOOD, bar)
        );
        for more in lines.iter().skip(1) {
            let _ = writeln!(out, "    {more}");
        }
    }
    out
}

/// Width of a 100% bar, in characters, when there is room.
const BAR_WIDTH: usize = 20;

/// A bar of `pct` percent, [`BAR_WIDTH`] characters at 100%.
pub fn bar(pct: f64) -> String {
    bar_of(pct, BAR_WIDTH)
}

/// A bar of `pct` percent, `full` characters at 100%.
fn bar_of(pct: f64, full: usize) -> String {
    const BLOCKS: [char; 8] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];
    let eighths = (pct / 100.0 * full as f64 * 8.0).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    if eighths % 8 > 0 {
        s.push(BLOCKS[eighths % 8 - 1]);
    }
    s
}

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

/// A roll error with no arguments to point into (`chart` lookups).
pub fn plain_error(e: &RollError) -> String {
    render(&Clipped::without_source(e))
}

/// The charts of a ruleset with what each takes.
#[must_use]
pub fn list(ruleset: &Ruleset) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for game in ruleset.games() {
        let (name, title, version) = (game.name, game.title, game.version);
        let _ = writeln!(out, "{title} (version {version}) [{name}]");
        for c in ruleset.charts().filter(|c| c.game() == name) {
            out.push_str(&list_chart(&c));
        }
    }
    out
}

/// One chart and what it takes, as `list` prints it.
#[must_use]
pub fn list_chart(c: &chartwright::ChartRef<'_>) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let dice = c.dice().map_or(String::new(), |d| format!(" {d}"));
    let _ = writeln!(
        out,
        "  {:<28} {:<10}{dice}  {}",
        c.name(),
        c.kind(),
        c.title()
    );
    for i in c.inputs() {
        let what = match &i.kind {
            chartwright::InputKind::Flag(Some(v)) => format!("{v:+}"),
            chartwright::InputKind::Flag(None) => "flag".into(),
            chartwright::InputKind::Param { bounds, default } => {
                let b = bounds.map_or(String::new(), |(l, h)| format!(" {l}..{h}"));
                let d = default.map_or(String::new(), |d| format!(" default {d}"));
                format!("=N{b}{d}")
            }
            chartwright::InputKind::Choice { options } => format!(
                "={}",
                options
                    .iter()
                    .map(|o| o.0.as_str())
                    .collect::<Vec<_>>()
                    .join("|")
            ),
            _ => String::new(),
        };
        let _ = writeln!(out, "      {:<26} {what:<12} {}", i.name, i.label);
    }
    out
}

/// Odds against each extra net modifier of a sweep, one column each.
pub fn sweep_table(columns: &[(i64, chartwright::Odds)]) -> String {
    let columns: Vec<(String, chartwright::Odds)> = columns
        .iter()
        .map(|(x, o)| (format!("{x:+}"), o.clone()))
        .collect();
    crate::diff::odds_table("net modifier", &columns)
}
