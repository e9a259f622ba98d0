//! [`Clipped`]: a diagnostic made safe to render, whatever its source.
//!
//! miette's graphical handler pads the underline of a label with a format
//! width equal to the label's column, and Rust's formatter panics on widths
//! of 65,536 or more ("Formatting argument out of range"); it also scans the
//! whole source for every label. A label near the end of a 10^6-column line,
//! or deep in a long file, must still render. [`Clipped`] copies a
//! diagnostic (message, code, help, labels, related diagnostics, causes)
//! together with an excerpt of its source: only the lines the labels touch,
//! each cut to a window of at most [`WINDOW`] bytes around the labels and
//! marked with `…` where it was cut. Line and column numbers stay those of
//! the full source. Render a [`Clipped`] instead of the diagnostic itself:
//!
//! ```
//! use chartwright::{Clipped, Ruleset};
//! use miette::{GraphicalReportHandler, GraphicalTheme};
//! // A syntax error (the stray `}`) past column 1,000,000.
//! let long = format!("game \"g\" version \"1\"\nflag f \"{}\" }}", "x".repeat(1_000_000));
//! let errors = Ruleset::from_str("g", &long).unwrap_err();
//! let mut out = String::new();
//! for e in &errors.errors {
//!     let clipped = errors.clipped(e);
//!     GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
//!         .render_report(&mut out, &clipped)
//!         .unwrap();
//! }
//! assert!(out.contains("…") && out.len() < 4_000);
//! ```

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, Severity, SourceCode, SourceSpan,
    SpanContents,
};
use std::fmt;

/// Widest piece of one source line kept in an excerpt, in bytes.
pub const WINDOW: usize = 512;

/// Bytes of a long line kept before the first label on it.
const LEAD: usize = 160;

/// A label spanning more lines than this is cut to its first line.
const MAX_LABEL_LINES: usize = 40;

/// Lines of context kept before and after each label.
const CONTEXT: usize = 1;

/// A diagnostic copied with an excerpt of its source that any handler can
/// render without panicking, however long the source's lines.
#[derive(Debug, Clone)]
pub struct Clipped {
    message: String,
    code: Option<String>,
    help: Option<String>,
    url: Option<String>,
    severity: Option<Severity>,
    labels: Vec<LabeledSpan>,
    excerpt: Option<Excerpt>,
    related: Vec<Clipped>,
    cause: Option<Box<Cause>>,
}

impl Clipped {
    /// Copies `diagnostic`, with an excerpt of `text` (shown as `name`) for
    /// its labels.
    #[must_use]
    pub fn new(diagnostic: &dyn Diagnostic, name: &str, text: &str) -> Self {
        Self::copy(diagnostic, Some((name, text)))
    }

    /// Copies `diagnostic`, which has no source to show: its labels are
    /// dropped.
    #[must_use]
    pub fn without_source(diagnostic: &dyn Diagnostic) -> Self {
        Self::copy(diagnostic, None)
    }

    fn copy(d: &dyn Diagnostic, source: Option<(&str, &str)>) -> Self {
        let spans: Vec<LabeledSpan> = d.labels().map(Iterator::collect).unwrap_or_default();
        let (excerpt, labels) = match source {
            Some((name, text)) if !spans.is_empty() => {
                let (excerpt, labels) = Excerpt::build(name, text, &spans);
                (Some(excerpt), labels)
            }
            _ => (None, Vec::new()),
        };
        Self {
            message: d.to_string(),
            code: d.code().map(|c| c.to_string()),
            help: d.help().map(|h| h.to_string()),
            url: d.url().map(|u| u.to_string()),
            severity: d.severity(),
            labels,
            excerpt,
            related: d
                .related()
                .map(|r| r.map(|x| Self::copy(x, source)).collect())
                .unwrap_or_default(),
            cause: Cause::chain(std::error::Error::source(d)),
        }
    }
}

impl fmt::Display for Clipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Clipped {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause
            .as_deref()
            .map(|c| c as &(dyn std::error::Error + 'static))
    }
}

impl Diagnostic for Clipped {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code
            .as_ref()
            .map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<Severity> {
        self.severity
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.url
            .as_ref()
            .map(|u| Box::new(u) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.excerpt.as_ref().map(|e| e as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
        }
    }
}

/// One error of a diagnostic's cause chain, as text.
#[derive(Debug, Clone)]
struct Cause {
    message: String,
    next: Option<Box<Cause>>,
}

impl Cause {
    fn chain(first: Option<&(dyn std::error::Error + 'static)>) -> Option<Box<Cause>> {
        let mut messages = Vec::new();
        let mut at = first;
        // A cause chain is short; the bound keeps a cyclic one finite.
        while let (Some(e), true) = (at, messages.len() < 16) {
            messages.push(e.to_string());
            at = e.source();
        }
        messages.into_iter().rev().fold(None, |next, message| {
            Some(Box::new(Cause { message, next }))
        })
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.next
            .as_deref()
            .map(|c| c as &(dyn std::error::Error + 'static))
    }
}

/// The lines of a source that labels touch, each cut to a window.
#[derive(Debug, Clone)]
struct Excerpt {
    name: String,
    text: String,
    lines: Vec<ExcerptLine>,
}

/// One line of an [`Excerpt`].
#[derive(Debug, Clone, Copy)]
struct ExcerptLine {
    /// Where it starts in the excerpt's text.
    at: usize,
    /// Its length in the excerpt, without the newline.
    len: usize,
    /// Its line number in the full source, from 0.
    line: usize,
    /// The column (in characters, from 0) in the full source of the first
    /// byte kept.
    column: usize,
    /// Bytes of the `…` put before the kept bytes (0 if none).
    mark: usize,
}

/// A line of the full source: its number and byte range (without the
/// line break), and the window kept of it.
struct SourceLine {
    number: usize,
    start: usize,
    end: usize,
    keep: (usize, usize),
}

impl Excerpt {
    /// The excerpt of `text` for `spans`, and the spans moved into it.
    fn build(name: &str, text: &str, spans: &[LabeledSpan]) -> (Self, Vec<LabeledSpan>) {
        let len = text.len();
        // Each label as a byte range of the full text, cut to its first line
        // when it spans too many.
        let mut ranges: Vec<(usize, usize)> = spans
            .iter()
            .map(|s| {
                let start = s.offset().min(len);
                let end = s.offset().saturating_add(s.len()).clamp(start, len);
                (start, end)
            })
            .collect();
        for r in &mut ranges {
            let (first, last) = (line_of(text, r.0), line_of(text, r.1));
            if last - first > MAX_LABEL_LINES {
                r.1 = line_end(text, r.0);
            }
        }
        // The lines to show, in order.
        let mut wanted: Vec<usize> = Vec::new();
        for &(s, e) in &ranges {
            let (first, last) = (line_of(text, s), line_of(text, e));
            wanted.extend(first.saturating_sub(CONTEXT)..=last + CONTEXT);
        }
        wanted.sort_unstable();
        wanted.dedup();
        let at_end = ranges.iter().any(|&(s, e)| s == len || e == len);
        let mut lines = collect_lines(text, &wanted, at_end);
        // The window of each line: around the labels' ends on it.
        for l in &mut lines {
            let mut points = ranges
                .iter()
                .flat_map(|&(s, e)| [s, e])
                .filter(|&p| p >= l.start && p <= l.end);
            l.keep = match points.next() {
                _ if l.end - l.start <= WINDOW => (l.start, l.end),
                None => (l.start, floor(text, l.start + WINDOW)),
                Some(first) => {
                    let lo = floor(text, first.saturating_sub(LEAD).max(l.start));
                    let hi = ceil(text, (lo + WINDOW).min(l.end));
                    (lo, hi)
                }
            };
        }
        let mut out = String::new();
        let mut kept = Vec::with_capacity(lines.len());
        for l in &lines {
            let at = out.len();
            let mark = if l.keep.0 > l.start { "…" } else { "" };
            out.push_str(mark);
            out.push_str(text.get(l.keep.0..l.keep.1).unwrap_or(""));
            if l.keep.1 < l.end {
                out.push('…');
            }
            kept.push(ExcerptLine {
                at,
                len: out.len() - at,
                line: l.number,
                column: text.get(l.start..l.keep.0).map_or(0, |t| t.chars().count()),
                mark: mark.len(),
            });
            out.push('\n');
        }
        let excerpt = Excerpt {
            name: name.to_string(),
            text: out,
            lines: kept,
        };
        let moved = spans
            .iter()
            .zip(&ranges)
            .map(|(s, &(start, end))| {
                let a = excerpt.offset(&lines, start);
                let b = excerpt.offset(&lines, end).max(a);
                let label = s.label().map(ToString::to_string);
                if s.primary() {
                    LabeledSpan::new_primary_with_span(label, (a, b - a))
                } else {
                    LabeledSpan::new_with_span(label, (a, b - a))
                }
            })
            .collect();
        (excerpt, moved)
    }

    /// Where byte `p` of the full text is in the excerpt: clamped into the
    /// window of its line (every label end is on a line kept).
    fn offset(&self, lines: &[SourceLine], at: usize) -> usize {
        let index = lines
            .partition_point(|line| line.start <= at)
            .saturating_sub(1);
        match (lines.get(index), self.lines.get(index)) {
            (Some(line), Some(kept)) => {
                let (lo, hi) = line.keep;
                let tail = if at > hi && hi < line.end {
                    '…'.len_utf8()
                } else {
                    0
                };
                kept.at + kept.mark + (at.clamp(lo, hi) - lo) + tail
            }
            _ => 0,
        }
    }

    /// The index of the excerpt line holding byte `p` of the excerpt.
    fn line_at(&self, p: usize) -> usize {
        self.lines.partition_point(|l| l.at <= p).saturating_sub(1)
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if span.offset() > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let end = span.offset() + span.len().saturating_sub(1);
        let (mut a, mut b) = (self.line_at(span.offset()), self.line_at(end));
        // Context lines, as long as they follow on in the full source.
        for _ in 0..before {
            match (
                a.checked_sub(1).and_then(|i| self.lines.get(i)),
                self.lines.get(a),
            ) {
                (Some(p), Some(l)) if p.line + 1 == l.line => a -= 1,
                _ => break,
            }
        }
        for _ in 0..after {
            match (self.lines.get(b), self.lines.get(b + 1)) {
                (Some(l), Some(n)) if l.line + 1 == n.line => b += 1,
                _ => break,
            }
        }
        let (Some(first), Some(last)) = (self.lines.get(a), self.lines.get(b)) else {
            return Err(MietteError::OutOfBounds);
        };
        let stop = (last.at + last.len + 1).min(self.text.len());
        let data = self.text.as_bytes().get(first.at..stop).unwrap_or(&[]);
        let column = if before == 0 {
            let here = &self.lines[self.line_at(span.offset())];
            let kept = here.at + here.mark;
            here.column
                + self
                    .text
                    .get(kept..span.offset().max(kept))
                    .map_or(0, |t| t.chars().count())
        } else {
            0
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            data,
            (first.at, data.len()).into(),
            first.line,
            column,
            b - a + 1,
        )))
    }
}

/// Whether byte `i` of `b` ends a line: a `\n`, or a `\r` not followed by
/// one (`\r\n` is one break, ended by its `\n`). A file saved with bare
/// carriage returns is read as lines, as the parser and miette read it.
fn is_break(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        Some(b'\n') => true,
        Some(b'\r') => b.get(i + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// The line number (from 0) of byte `p`. (A plain count: it runs a few
/// times a diagnostic.)
fn line_of(text: &str, p: usize) -> usize {
    let b = text.as_bytes();
    (0..p.min(b.len())).filter(|&i| is_break(b, i)).count()
}

/// Where the line holding byte `p` ends (before its line break).
fn line_end(text: &str, p: usize) -> usize {
    let rest = text.as_bytes().get(p..).unwrap_or(&[]);
    p + rest
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .unwrap_or(rest.len())
}

/// Line and column (from 1; the column in characters, as editors count
/// it) of byte `at` of `text`, rounded down to a character boundary: the
/// position a diagnostic's header and its JSON give.
pub(crate) fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = floor(text, at);
    let b = text.as_bytes();
    let start = (0..at).rev().find(|&i| is_break(b, i)).map_or(0, |i| i + 1);
    (line_of(text, at) + 1, text[start..at].chars().count() + 1)
}

/// The lines numbered in `wanted` (sorted), in one pass over the text;
/// `at_end` when a label ends at the very end of the text.
fn collect_lines(text: &str, wanted: &[usize], at_end: bool) -> Vec<SourceLine> {
    let mut out = Vec::with_capacity(wanted.len());
    let mut want = wanted.iter().copied().peekable();
    let b = text.as_bytes();
    let (mut start, mut number) = (0, 0);
    while start < b.len() {
        let Some(&w) = want.peek() else { break };
        let end = line_end(text, start);
        if w == number {
            want.next();
            out.push(SourceLine {
                number,
                start,
                end,
                keep: (start, end),
            });
        }
        // Past the break: `\r\n` is two bytes, `\n` or a bare `\r` one.
        start = end
            + if b.get(end..end + 2) == Some(b"\r\n") {
                2
            } else {
                1
            };
        number += 1;
    }
    // A label at the very end of an empty text, or of one ending in a line
    // break, is on an empty last line that the loop does not reach.
    if at_end && (text.is_empty() || text.ends_with('\n') || text.ends_with('\r')) {
        out.push(SourceLine {
            number: line_of(text, text.len()),
            start: text.len(),
            end: text.len(),
            keep: (text.len(), text.len()),
        });
    }
    out
}

/// The nearest char boundary at or before `p`.
fn floor(text: &str, mut p: usize) -> usize {
    p = p.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// The nearest char boundary at or after `p`.
fn ceil(text: &str, mut p: usize) -> usize {
    p = p.min(text.len());
    while !text.is_char_boundary(p) {
        p += 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::{GraphicalReportHandler, GraphicalTheme};

    #[derive(Debug, thiserror::Error, Diagnostic)]
    #[error("bad")]
    #[diagnostic(code(test::bad), help("fix it"))]
    struct Bad {
        #[label("here")]
        at: SourceSpan,
    }

    fn render(d: &dyn Diagnostic) -> String {
        let mut out = String::new();
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(80)
            .render_report(&mut out, d)
            .expect("renders");
        out
    }

    #[test]
    fn lines_end_at_every_kind_of_break_and_columns_count_characters() {
        let text = "a\r\nb\rc\nd 突x";
        // `\r\n` is one break, a bare `\r` one, `\n` one.
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, 5), (3, 1));
        assert_eq!(line_column(text, 7), (4, 1));
        // `x` follows a three-byte character: the column counts it once.
        assert_eq!(line_column(text, text.len() - 1), (4, 4));
        // Inside a character: rounded down to its start.
        assert_eq!(line_column(text, text.len() - 2), (4, 3));
    }

    #[test]
    fn a_far_column_on_a_million_column_line_renders() {
        let text = format!("a\n{}X{}\nb\n", "y".repeat(1_000_000), "z".repeat(10));
        let at = 2 + 1_000_000;
        let out = render(&Clipped::new(&Bad { at: (at, 1).into() }, "f", &text));
        assert!(out.contains("[f:2:1000001]"), "{out}");
        assert!(out.contains("…yyyy"), "{out}");
        assert!(out.len() < 4_000, "{}", out.len());
    }

    #[test]
    fn short_lines_render_as_miette_renders_them() {
        let text = "one\ntwo three\nfour\n";
        let bad = Bad { at: (8, 5).into() };
        let direct = render(
            miette::Report::new(Bad { at: (8, 5).into() })
                .with_source_code(miette::NamedSource::new("f", text.to_string()))
                .as_ref(),
        );
        assert_eq!(render(&Clipped::new(&bad, "f", text)), direct);
    }

    #[test]
    fn labels_past_the_end_and_long_spans_are_clamped() {
        let text = format!("{}\n", "(".repeat(100_000));
        for (at, len) in [(0, 100_001), (99_999, 10), (200_000, 5), (100_001, 0)] {
            let out = render(&Clipped::new(
                &Bad {
                    at: (at, len).into(),
                },
                "f",
                &text,
            ));
            assert!(out.len() < 4_000, "{at} {len}: {}", out.len());
        }
    }

    #[test]
    fn a_label_over_many_lines_is_cut_to_its_first() {
        let text = "if\n".repeat(100_000);
        let out = render(&Clipped::new(
            &Bad {
                at: (3, text.len() - 3).into(),
            },
            "f",
            &text,
        ));
        assert!(out.lines().count() < 20, "{out}");
    }
}
