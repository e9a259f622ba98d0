//! What an author most likely meant where the text does not parse, found
//! on the line of the failure: outcome text written without quotes
//! (`=> No effect`), and a column headed as the sheet prints it where a key
//! goes (`columns by fire: <1 1 2`). Each gives an error that says what to
//! write instead; [`super::syntax::convert`] asks here first.

use crate::syntax::error::ParseErrorKind;

/// The error for a failure at byte `pos` of `text`, and the byte range it
/// points at, when the line shows what was meant.
pub(super) fn explain(text: &str, pos: usize) -> Option<(ParseErrorKind, usize, usize)> {
    let line_start = text.get(..pos)?.rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_end = text
        .get(pos..)?
        .find(['\n', '\r'])
        .map_or(text.len(), |i| pos + i);
    let line = text.get(line_start..line_end)?;
    let at = pos - line_start;
    column_heading(line, at)
        .or_else(|| unquoted_outcome(line, at))
        .map(|(kind, s, e)| (kind, line_start + s, line_start + e))
}

/// `columns by VALUE: ... <1 ...`: a heading where a key goes.
fn column_heading(line: &str, at: usize) -> Option<(ParseErrorKind, usize, usize)> {
    let before = line.get(..at)?;
    if !before.trim_start().starts_with("columns") || !before.contains(':') {
        return None;
    }
    let rest = line.get(at..)?;
    let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let heading = rest.get(..len)?;
    // A key starts with a digit, a sign or a point; anything else is a
    // heading as printed.
    if heading.is_empty()
        || heading.starts_with(|c: char| c.is_ascii_digit() || "+-.\"#".contains(c))
    {
        return None;
    }
    let example = if heading.starts_with(['<', '≤']) {
        format!("0 \"{heading}\"")
    } else {
        format!("KEY \"{heading}\"")
    };
    Some((
        ParseErrorKind::ColumnHeading {
            heading: heading.to_owned(),
            example,
        },
        at,
        at + len,
    ))
}

/// `... => No effect`: words after `=>` without quotes. The failure is at
/// or after the first word (a bare word is a results cell, so `No` may
/// parse and `effect` fail); the words run to the end of the line, a
/// comment, or what may follow an outcome (`then`, `if`, `|`, ...).
fn unquoted_outcome(line: &str, at: usize) -> Option<(ParseErrorKind, usize, usize)> {
    if line.trim_start().starts_with("expect") {
        return None;
    }
    let arrow = line.get(..at)?.rfind("=>")? + 2;
    let after = line.get(arrow..)?;
    let start = arrow + (after.len() - after.trim_start().len());
    let mut end = start;
    for word in line.get(start..)?.split_inclusive(' ') {
        let w = word.trim();
        if w.is_empty() {
            end += word.len();
            continue;
        }
        if w.starts_with(['#', '|']) || ["then", "if", "unless", "else", "or"].contains(&w) {
            break;
        }
        if w.contains(['"', '(', ')', '[', ']', '{', '}']) {
            return None;
        }
        end += word.len();
    }
    let written = line.get(start..end)?.trim_end();
    let end = start + written.len();
    let first_is_word = written.starts_with(|c: char| c.is_ascii_alphabetic());
    if !first_is_word || at < start || at >= end {
        return None;
    }
    Some((
        ParseErrorKind::UnquotedOutcome {
            text: written.to_owned(),
        },
        start,
        end,
    ))
}
