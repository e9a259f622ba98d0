//! A comment that heads a grid's columns, as a sheet heads them:
//! `#  good_order  suppressed` over `elite:  +1  0`. Its words stood over
//! the columns in the source, so they are moved with the columns: each one
//! starts where its column does, and a column is at least as wide as its
//! heading.

use super::gaps::Gap;
use super::layout::Line;

/// How far (in characters) a heading's word may stand from its column in
/// the source and still head it.
const SLACK: usize = 2;

/// The words of a heading comment.
#[derive(Debug)]
pub(super) struct Heading {
    /// Which comment of the gap before the grid's first line it is.
    pub(super) comment: usize,
    /// `#` and the words before the columns' (`# Combat Odds:`).
    pub(super) prefix: String,
    /// One word per column after the first (the rolls' or the keys').
    pub(super) words: Vec<String>,
}

impl Heading {
    /// The columns' widths (`widths[i]`, the cells of column `i` but a
    /// line's last) made room for the heading: the first at least as wide
    /// as the prefix, the others as their words.
    pub(super) fn widen(&self, widths: &mut Vec<usize>) {
        let needed = self.words.len();
        if widths.len() < needed {
            widths.resize(needed, 0);
        }
        let words = self.words.iter().take(needed.saturating_sub(1));
        let first = std::iter::once(self.prefix.chars().count());
        for (width, word) in widths
            .iter_mut()
            .zip(first.chain(words.map(|w| w.chars().count())))
        {
            *width = (*width).max(word);
        }
    }

    /// The comment's text with each word where its column starts (columns
    /// `gutter` spaces apart).
    pub(super) fn render(&self, widths: &[usize], gutter: usize) -> String {
        let mut text = self.prefix.clone();
        let mut column = 0;
        for (index, word) in self.words.iter().enumerate() {
            column += widths.get(index).copied().unwrap_or(0) + gutter;
            let at = text.chars().count();
            text.push_str(&" ".repeat(column.saturating_sub(at).max(1)));
            text.push_str(word);
        }
        text
    }
}

/// The heading of the grid `run` (lines of a grid or a results grid), if
/// one of the comments on lines of their own just before it has, as its
/// last words, one per column after the first, each within [`SLACK`] of
/// where that column's cells started in the source on one of the widest
/// lines (any of them: a row edited out of line leaves the others).
pub(super) fn find(text: &str, gap: &Gap<'_>, run: &[Line]) -> Option<Heading> {
    let most = run.iter().map(|line| line.cells.len()).max()?;
    let layouts: Vec<Vec<usize>> = run
        .iter()
        .filter(|line| line.cells.len() == most)
        .map(|line| {
            let starts = line.cell_starts.iter().skip(1);
            starts.map(|&at| column_of(text, at)).collect()
        })
        .collect();
    let count = most.checked_sub(1).filter(|&n| n > 0)?;
    for (index, comment) in gap.comments.iter().enumerate() {
        if !comment.own_line {
            continue;
        }
        let words = words_of(comment.text, column_of(text, comment.start));
        let Some(split) = words.len().checked_sub(count) else {
            continue;
        };
        let (before, heads) = words.split_at(split);
        let over = layouts.iter().any(|columns| {
            heads
                .iter()
                .zip(columns)
                .all(|((at, _), column)| at.abs_diff(*column) <= SLACK)
        });
        if over {
            let mut prefix = String::from("#");
            for (_, word) in before {
                prefix.push(' ');
                prefix.push_str(word);
            }
            return Some(Heading {
                comment: index,
                prefix,
                words: heads.iter().map(|(_, w)| (*w).to_owned()).collect(),
            });
        }
    }
    None
}

/// The words of a comment after its `#`, each with the column it starts
/// at (`column`: the `#`'s).
fn words_of(comment: &str, column: usize) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    let body = comment.get(1..).unwrap_or("");
    for (offset, (byte, ch)) in body.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((column + 1 + offset, byte)),
            (true, Some((at, from))) => {
                words.push((at, body.get(from..byte).unwrap_or("")));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((at, from)) = start {
        words.push((at, body.get(from..).unwrap_or("")));
    }
    words
}

/// The column (in characters from the start of its line) of the byte at
/// `at`.
fn column_of(text: &str, at: usize) -> usize {
    let before = text.get(..at).unwrap_or("");
    let line = before
        .rfind(['\n', '\r'])
        .map_or(before, |n| before.get(n + 1..).unwrap_or(""));
    line.chars().count()
}
