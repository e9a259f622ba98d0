//! Lines and comments → text: aligned cells padded to their column's
//! width, each comment put back where it stood (at the end of its token's
//! line, or on a line of its own before the next one), blank lines between
//! entries kept, one at most.

use super::gaps::{Comment, Gap};
use super::heading::{self, Heading};
use super::layout::{Align, Line};

/// Two spaces a level.
const INDENT: &str = "  ";

/// The text of `lines`, with the comments of `gaps` (one gap before each
/// token and one after the last); `source` is the text they were read
/// from.
pub(super) fn print(source: &str, lines: &[Line], gaps: &[Gap<'_>]) -> String {
    let (texts, headings) = aligned(source, lines, gaps);
    let trailing: Vec<Option<&Comment<'_>>> = lines
        .iter()
        .map(|line| trailing_of(gaps.get(line.last + 1)))
        .collect();
    let columns = comment_columns(lines, &texts, &trailing);
    let mut out = Output::default();
    for (index, line) in lines.iter().enumerate() {
        let heading = headings.get(index).and_then(Option::as_ref);
        out.before(line, gaps, index == 0, heading);
        out.text_line(line.indent, texts.get(index).map_or("", String::as_str));
        if let Some(comment) = trailing.get(index).copied().flatten() {
            let width = texts.get(index).map_or(0, |t| last_line_width(t)) + line.indent * 2;
            let column = columns.get(index).copied().unwrap_or(width + 2);
            out.text.pop();
            out.text
                .push_str(&" ".repeat(column.saturating_sub(width).max(2)));
            out.text.push_str(comment.text);
            out.text.push('\n');
        }
        out.opened = line.opens;
    }
    // Comments after the last token, at the file's end.
    if let Some(last) = lines.last() {
        if let Some(gap) = gaps.get(last.last + 1) {
            let skip = usize::from(trailing_of(Some(gap)).is_some());
            for comment in gap.comments.iter().skip(skip) {
                if comment.blank_before {
                    out.blank();
                }
                out.text_line(0, comment.text);
            }
        }
    }
    out.text
}

/// The comment at the end of a line: the first of the gap after its last
/// token, unless a line break comes before it.
fn trailing_of<'g, 't>(gap: Option<&'g Gap<'t>>) -> Option<&'g Comment<'t>> {
    gap?.comments.first().filter(|c| !c.own_line)
}

/// What has been written so far.
#[derive(Default)]
struct Output {
    text: String,
    /// The last line written opens a block (a blank line after it is
    /// dropped).
    opened: bool,
    /// The last line written is blank.
    blank: bool,
}

impl Output {
    fn text_line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.text.push_str(INDENT);
        }
        self.text.push_str(text);
        self.text.push('\n');
        self.opened = false;
        self.blank = false;
    }

    /// One blank line, unless at the start of the file or of a block, or
    /// after another.
    fn blank(&mut self) {
        if !self.text.is_empty() && !self.opened && !self.blank {
            self.text.push('\n');
            self.blank = true;
        }
    }

    /// What comes before `line`: the comments on lines of their own after
    /// the previous line (a closing brace's, one level deeper), any blank
    /// line, then the comments that stood between the line's own tokens.
    /// `heading`: which of those comments heads the line's grid, and its
    /// text realigned.
    fn before(
        &mut self,
        line: &Line,
        gaps: &[Gap<'_>],
        first: bool,
        heading: Option<&(usize, String)>,
    ) {
        let indent = line.indent + usize::from(line.closes);
        if let Some(gap) = gaps.get(line.first) {
            // The first comment ended the previous line, unless at the start.
            let skip = usize::from(!first && trailing_of(Some(gap)).is_some());
            for (index, comment) in gap.comments.iter().enumerate().skip(skip) {
                if comment.blank_before {
                    self.blank();
                }
                match heading {
                    Some((at, text)) if *at == index => self.text_line(indent, text),
                    _ => self.text_line(indent, comment.text),
                }
            }
            if gap.blank_after && !line.closes {
                self.blank();
            }
        }
        for gap in gaps.get(line.first + 1..=line.last).unwrap_or(&[]) {
            for comment in &gap.comments {
                self.text_line(line.indent, comment.text);
            }
        }
    }
}

/// Each line's text: its cells joined by a space, each cell of an aligned
/// line padded to the widest in its column among the run of lines of the
/// same kind at the same depth (the last cell of a line is not padded);
/// and, at the first line of a grid whose columns a comment heads, that
/// comment's index in its gap and its text realigned ([`heading`]).
fn aligned(
    source: &str,
    lines: &[Line],
    gaps: &[Gap<'_>],
) -> (Vec<String>, Vec<Option<(usize, String)>>) {
    let mut texts = Vec::with_capacity(lines.len());
    let mut headings = Vec::with_capacity(lines.len());
    let mut start = 0;
    while start < lines.len() {
        let end = run_end(lines, start);
        let run = lines.get(start..end).unwrap_or(&[]);
        let mut widths: Vec<usize> = Vec::new();
        for line in run.iter().filter(|l| l.align.is_some()) {
            for (column, cell) in line.cells.iter().enumerate().rev().skip(1) {
                if widths.len() <= column {
                    widths.resize(column + 1, 0);
                }
                if let Some(width) = widths.get_mut(column) {
                    *width = (*width).max(cell.chars().count());
                }
            }
        }
        let gutter = run.first().map_or(1, |l| gutter(l.align));
        let heading = grid_heading(source, run, gaps);
        if let Some(heading) = &heading {
            heading.widen(&mut widths);
        }
        for (offset, line) in run.iter().enumerate() {
            texts.push(joined(&line.cells, &widths, gutter));
            headings.push(match &heading {
                Some(h) if offset == 0 => Some((h.comment, h.render(&widths, gutter))),
                _ => None,
            });
        }
        start = end;
    }
    (texts, headings)
}

/// The comment heading a run of grid rows or results lines, if any.
fn grid_heading(source: &str, run: &[Line], gaps: &[Gap<'_>]) -> Option<Heading> {
    let first = run.first()?;
    if !matches!(first.align, Some(Align::GridRow | Align::ResultLine)) {
        return None;
    }
    heading::find(source, gaps.get(first.first)?, run)
}

/// The end of the run of lines aligned with the line at `start`: the lines
/// after it of the same kind and depth (a line that aligns with nothing
/// is a run of its own).
fn run_end(lines: &[Line], start: usize) -> usize {
    let Some(first) = lines.get(start) else {
        return start;
    };
    let mut end = start + 1;
    if first.align.is_none() {
        return end;
    }
    while lines
        .get(end)
        .is_some_and(|l| l.align == first.align && l.indent == first.indent)
    {
        end += 1;
    }
    end
}

/// The spaces between two cells: two in a grid or a results grid, as
/// `show` prints their columns; one elsewhere.
fn gutter(align: Option<Align>) -> usize {
    match align {
        Some(Align::GridRow | Align::ResultLine) => 2,
        _ => 1,
    }
}

/// Cells padded to their columns' `widths`, `gutter` spaces apart.
fn joined(cells: &[String], widths: &[usize], gutter: usize) -> String {
    let mut text = String::new();
    let last = cells.len().saturating_sub(1);
    for (column, cell) in cells.iter().enumerate() {
        text.push_str(cell);
        if column < last {
            let width = widths.get(column).copied().unwrap_or(0);
            let pad = width.saturating_sub(cell.chars().count());
            text.push_str(&" ".repeat(pad + gutter));
        }
    }
    text
}

/// The width of a text's last line (a triple-quoted text spans several).
fn last_line_width(text: &str) -> usize {
    text.rsplit('\n').next().unwrap_or("").chars().count()
}

/// The column each trailing comment starts at: in a run of aligned lines,
/// two spaces past the widest line of the run that has one, so that their
/// comments line up; otherwise two spaces past the line.
fn comment_columns(
    lines: &[Line],
    texts: &[String],
    trailing: &[Option<&Comment<'_>>],
) -> Vec<usize> {
    let width = |index: usize| {
        let indent = lines.get(index).map_or(0, |l| l.indent * 2);
        texts.get(index).map_or(0, |t| last_line_width(t)) + indent
    };
    let mut columns = vec![0; lines.len()];
    let mut start = 0;
    while start < lines.len() {
        let end = run_end(lines, start);
        let widest = (start..end)
            .filter(|&i| trailing.get(i).copied().flatten().is_some())
            .map(width)
            .max()
            .unwrap_or(0);
        for (index, column) in columns.iter_mut().enumerate().take(end).skip(start) {
            *column = widest.max(width(index)) + 2;
        }
        start = end;
    }
    columns
}
