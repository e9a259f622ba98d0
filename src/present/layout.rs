//! Plain-text tables for `show`: cells in aligned columns, measured in
//! display columns (a wide CJK character takes two). A table wider than
//! the width asked for is split into column groups, each repeating the
//! leading columns (a results grid's roll, a lookup grid's row labels), as
//! a sheet too wide for its page is printed in parts; a line that is one
//! outcome for every column (`12 => "DE"`) spans the columns after the
//! leading ones instead of widening each.

use std::fmt::Write;
use unicode_width::UnicodeWidthStr as _;

/// The indent before every line of a table.
const INDENT: usize = 2;
/// The space between two columns.
const GAP: usize = 2;

/// A table to lay out: the heading row first; `lead` leading columns are
/// repeated in every group; `spans[i]` marks row `i` (0 the heading) as one
/// outcome in every cell after the leading ones, which spans them where it
/// is wider than one of them.
pub(crate) struct Table<'a> {
    pub rows: &'a [Vec<String>],
    pub lead: usize,
    pub spans: &'a [bool],
}

/// Lays out rows of cells in aligned columns, in one piece.
pub(crate) fn table(rows: &[Vec<String>]) -> String {
    fit(
        &Table {
            rows,
            lead: 0,
            spans: &[],
        },
        usize::MAX,
    )
}

/// Lays out `t` within `width` display columns where it can: in one piece,
/// or in groups of columns that each fit with the leading ones (a single
/// column wider than the width stands alone in its group).
pub(crate) fn fit(t: &Table<'_>, width: usize) -> String {
    let n = t.rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; n];
    for (r, row) in t.rows.iter().enumerate() {
        let spans = t.spans.get(r).copied().unwrap_or(false);
        for (i, c) in row.iter().enumerate() {
            // A spanning cell takes the room of the columns it spans.
            if !(spans && i >= t.lead) {
                widths[i] = widths[i].max(c.width());
            }
        }
    }
    // A line's one outcome that fits every column is printed in each, as
    // the sheet prints `DE` across; only one that would widen them spans.
    let spans: Vec<bool> = t
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            t.spans.get(r).copied().unwrap_or(false)
                && row
                    .get(t.lead)
                    .is_some_and(|c| widths.iter().skip(t.lead).any(|&w| c.width() > w))
        })
        .collect();
    let t = &Table {
        rows: t.rows,
        lead: t.lead,
        spans: &spans,
    };
    let lead = t.lead.min(n);
    let used = |cols: &[usize]| -> usize {
        let w: usize = cols.iter().map(|&i| widths[i]).sum();
        INDENT + w + GAP * cols.len().saturating_sub(1)
    };
    let leading: Vec<usize> = (0..lead).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut current = leading.clone();
    for i in lead..n {
        current.push(i);
        if used(&current) > width && current.len() > lead + 1 {
            current.pop();
            groups.push(std::mem::replace(&mut current, leading.clone()));
            current.push(i);
        }
    }
    if current.len() > lead || groups.is_empty() {
        groups.push(current);
    }
    let mut out = String::new();
    for (g, cols) in groups.iter().enumerate() {
        if g > 0 {
            out.push('\n');
        }
        group(t, cols, &widths, &mut out);
    }
    out
}

/// One group of columns, heading, rule and rows.
fn group(t: &Table<'_>, cols: &[usize], widths: &[usize], out: &mut String) {
    for (k, row) in t.rows.iter().enumerate() {
        let spans = t.spans.get(k).copied().unwrap_or(false);
        let mut cells: Vec<String> = Vec::new();
        for &i in cols {
            let cell = row.get(i).map_or("", String::as_str);
            if spans && i >= t.lead {
                // The line's one outcome, once, over the group's columns.
                cells.push(row.get(t.lead).cloned().unwrap_or_default());
                break;
            }
            cells.push(format!(
                "{cell}{}",
                " ".repeat(widths[i].saturating_sub(cell.width()))
            ));
        }
        let _ = writeln!(out, "  {}", cells.join("  ").trim_end());
        if k == 0 && t.rows.len() > 1 {
            let rule: Vec<String> = cols.iter().map(|&i| "-".repeat(widths[i])).collect();
            let _ = writeln!(out, "  {}", rule.join("  "));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{fit, Table};

    fn rows(lines: &[&[&str]]) -> Vec<Vec<String>> {
        lines
            .iter()
            .map(|l| l.iter().map(|c| (*c).to_owned()).collect())
            .collect()
    }

    #[test]
    fn a_wide_table_splits_into_groups_that_repeat_the_lead() {
        let r = rows(&[
            &["Roll", "1-1", "2-1", "3-1"],
            &["1", "NE", "D", "X"],
            &["2", "D", "X", "X"],
        ]);
        let t = Table {
            rows: &r,
            lead: 1,
            spans: &[],
        };
        // "  Roll  1-1  2-1  3-1" is 21 columns; at 16, two columns a group.
        assert_eq!(
            fit(&t, 16),
            "  Roll  1-1  2-1\n  ----  ---  ---\n  1     NE   D\n  2     D    X\n\
             \n  Roll  3-1\n  ----  ---\n  1     X\n  2     X\n"
        );
        assert_eq!(fit(&t, 21).lines().count(), 4, "it fits in one piece");
    }

    #[test]
    fn a_spanning_line_does_not_widen_the_columns() {
        let r = rows(&[
            &["Roll", "A", "B"],
            &["1", "x", "y"],
            &["2", "Every column reads this", "Every column reads this"],
        ]);
        let t = Table {
            rows: &r,
            lead: 1,
            spans: &[false, false, true],
        };
        assert_eq!(
            fit(&t, usize::MAX),
            "  Roll  A  B\n  ----  -  -\n  1     x  y\n  2     Every column reads this\n"
        );
        // One that fits every column is printed in each.
        let r = rows(&[&["Roll", "AB", "CD"], &["1", "x", "y"], &["2", "z", "z"]]);
        let t = Table {
            rows: &r,
            lead: 1,
            spans: &[false, false, true],
        };
        assert!(fit(&t, usize::MAX).ends_with("  2     z   z\n"));
    }
}
