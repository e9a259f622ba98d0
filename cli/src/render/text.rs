//! Text shared by every table and trace: display widths, padding,
//! wrapping to the terminal, colour, and bars drawn in block characters.

use anstyle::{AnsiColor, Style};

/// The styles of traces and tables: detail, titles, outcomes, and the
/// signs of modifiers.
pub const DIM: Style = Style::new().dimmed();
pub const BOLD: Style = Style::new().bold();
pub const GOOD: Style = AnsiColor::Green.on_default().bold();
pub const PLUS: Style = AnsiColor::Cyan.on_default();
pub const MINUS: Style = AnsiColor::Yellow.on_default();

/// Most characters of an outcome shown in a table; longer ones end in `…`.
pub const LABEL_WIDTH: usize = 40;

/// Wraps text in a style; anstream strips it where colour is off.
pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    format!("{style}{text}{style:#}")
}

/// The width to wrap to: `COLUMNS` when set, else the terminal's width when
/// `stream` is one, else 80.
pub fn width_of(stream: impl std::os::fd::AsFd) -> usize {
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

/// An outcome's text cut to `width` display columns, ending in `…` if cut.
pub fn cut(text: &str, width: usize) -> String {
    if cols(text) <= width {
        return text.to_owned();
    }
    let mut s = String::new();
    for c in text.chars() {
        s.push(c);
        if cols(&s) > width.saturating_sub(1) {
            s.pop();
            break;
        }
    }
    s.push('…');
    s
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

/// Width of a 100% bar, in characters, when there is room.
pub const BAR_WIDTH: usize = 20;

/// A bar of `pct` percent, [`BAR_WIDTH`] characters at 100%.
pub fn bar(pct: f64) -> String {
    bar_of(pct, BAR_WIDTH)
}

/// A bar of `pct` percent, `full` characters at 100%.
pub fn bar_of(pct: f64, full: usize) -> String {
    const BLOCKS: [char; 8] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];
    let eighths = (pct / 100.0 * full as f64 * 8.0).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    if eighths % 8 > 0 {
        s.push(BLOCKS[eighths % 8 - 1]);
    }
    s
}
