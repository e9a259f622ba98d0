//! Code actions: quick fixes for the diagnostics last published. A "did
//! you mean" suggestion replaces the misspelt name; a gap a coverage
//! diagnostic names (`no row reads 6`) gets a row for it, its outcome
//! left for the author to write.

use super::analysis::Analysis;
use super::text::LineIndex;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic, NumberOrString, Range, TextEdit,
    WorkspaceEdit,
};
use std::collections::HashMap;

/// The code of a gap no row reads.
const UNCOVERED: &str = "chartwright::compile::uncovered_totals";

/// The fixes of every diagnostic that touches `range`.
pub fn actions(analysis: &Analysis, range: Range) -> Vec<CodeActionOrCommand> {
    let index = LineIndex::new(&analysis.text);
    analysis
        .diagnostics
        .iter()
        .filter(|d| d.range.start <= range.end && range.start <= d.range.end)
        .filter_map(|d| {
            let (title, edit) =
                suggestion(analysis, &index, d).or_else(|| missing_row(analysis, &index, d))?;
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(WorkspaceEdit::new(HashMap::from([(
                    analysis.uri.clone(),
                    vec![edit],
                )]))),
                is_preferred: Some(true),
                ..CodeAction::default()
            }))
        })
        .collect()
}

/// The name a diagnostic's help suggests (`did you mean `tracked`?`).
fn suggested(message: &str) -> Option<&str> {
    let rest = message.split_once("did you mean `")?.1;
    let name = rest.split_once('`')?.0;
    let is_name = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    is_name.then_some(name)
}

/// A "did you mean" fix: the name in the diagnostic's range closest to
/// the suggestion (the range may hold more than the name, as a variant's
/// `bog_dwn.tracked` does) replaced by it.
fn suggestion(
    analysis: &Analysis,
    index: &LineIndex<'_>,
    d: &Diagnostic,
) -> Option<(String, TextEdit)> {
    let wanted = suggested(&d.message)?;
    let (start, end) = (index.offset(d.range.start), index.offset(d.range.end));
    let text = analysis.text.get(start..end)?;
    let (at, name) = closest(text, wanted)?;
    let from = start + at;
    let edit = TextEdit::new(index.range(from, from + name.len()), wanted.to_string());
    Some((format!("Replace `{name}` with `{wanted}`"), edit))
}

/// The name of `text` closest to `wanted` (and not it), with its byte
/// offset.
fn closest<'t>(text: &'t str, wanted: &str) -> Option<(usize, &'t str)> {
    names(text)
        .filter(|(_, n)| *n != wanted)
        .min_by_key(|(_, n)| strsim::levenshtein(n, wanted))
}

/// The names in a text, with their byte offsets (`bog_down.tracked` is
/// two).
fn names(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = text.get(at..)?;
        let skip = rest.find(|c: char| is_name(c))?;
        let start = at + skip;
        let len = text[start..]
            .find(|c: char| !is_name(c))
            .unwrap_or(text.len() - start);
        at = start + len;
        Some((start, &text[start..start + len]))
    })
    .filter(|(_, n)| n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// A row for the totals a coverage diagnostic names (`no row reads 6`):
/// in the chart's `rows` block, or, in a variant, an `add` line after the
/// change that left the gap. A gap of a grid's column is not a row.
fn missing_row(
    analysis: &Analysis,
    index: &LineIndex<'_>,
    d: &Diagnostic,
) -> Option<(String, TextEdit)> {
    if d.code != Some(NumberOrString::String(UNCOVERED.to_string())) {
        return None;
    }
    let first = d.message.lines().next()?;
    let values = first.strip_prefix("no row reads ")?;
    if values.contains(" in column") {
        return None;
    }
    let text = &analysis.text;
    let (start, end) = (index.offset(d.range.start), index.offset(d.range.end));
    let block = text.get(start..end)?;
    let title = format!("Add a row for {values}");
    if let Some(chart) = block.strip_prefix("change ") {
        let chart = chart.split_whitespace().next()?;
        let line_end = end + text.get(end..)?.find('\n').unwrap_or(text.len() - end);
        let at = index.range(line_end, line_end);
        let row = format!("\nadd {chart} row {values} => \"\"");
        return Some((title, TextEdit::new(at, row)));
    }
    let close = start + block.rfind('}')?;
    let line_start = text.get(..close)?.rfind('\n').map_or(0, |i| i + 1);
    let before_close = text.get(line_start..close)?;
    if !before_close.trim().is_empty() {
        // `rows { ... }` on one line: the row goes before the brace.
        let at = index.range(close, close);
        return Some((title, TextEdit::new(at, format!("{values} => \"\" "))));
    }
    // The indentation of the row above, else one step in from the brace.
    let above = text.get(..line_start.saturating_sub(1))?;
    let above = &above[above.rfind('\n').map_or(0, |i| i + 1)..];
    let indent =
        if line_start > start && !above.trim().is_empty() && !above.trim_end().ends_with('{') {
            above[..above.len() - above.trim_start().len()].to_string()
        } else {
            format!("{before_close}  ")
        };
    let at = index.range(line_start, line_start);
    Some((
        title,
        TextEdit::new(at, format!("{indent}{values} => \"\"\n")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suggestion_replaces_the_closest_name_of_the_range() {
        assert_eq!(closest("bog_dwn.tracked", "bog_down"), Some((0, "bog_dwn")));
        assert_eq!(closest("bog_down.trackd", "tracked"), Some((9, "trackd")));
        assert_eq!(
            closest("change bog_down.trackd +2", "tracked"),
            Some((16, "trackd"))
        );
        // Numbers are no names.
        assert_eq!(closest("12 or more", "more"), Some((3, "or")));
        assert_eq!(closest("", "tracked"), None);
    }

    #[test]
    fn a_suggestion_is_read_from_the_help() {
        let message = "unknown modifier `trackd`\nhelp: did you mean `tracked`?";
        assert_eq!(suggested(message), Some("tracked"));
        assert_eq!(suggested("help: did you mean `two words`?"), None);
        assert_eq!(suggested("no row reads 6"), None);
    }
}
