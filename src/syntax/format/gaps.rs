//! What lies between two tokens: white space and comments, which the
//! grammar skips and the tree does not hold. The formatter reads them back
//! from the source, so that every comment is kept where it stands and a
//! blank line between entries stays one.

/// A `#` comment between two tokens.
#[derive(Debug)]
pub(super) struct Comment<'t> {
    /// The comment from its `#`, trailing blanks dropped.
    pub(super) text: &'t str,
    /// Where its `#` is in the source.
    pub(super) start: usize,
    /// True when a line break comes before it in the gap (or it opens the
    /// file): it stands on a line of its own; false for a comment at the
    /// end of a token's line.
    pub(super) own_line: bool,
    /// True when a blank line comes before it.
    pub(super) blank_before: bool,
}

/// The comments of one gap, in order, and whether a blank line ends it.
#[derive(Debug, Default)]
pub(super) struct Gap<'t> {
    pub(super) comments: Vec<Comment<'t>>,
    /// True when a blank line separates the last comment (or the token
    /// before the gap) from the next token.
    pub(super) blank_after: bool,
}

/// The gaps around `tokens` (each a token's start and end, in order) in the
/// text from `from` on: the one before the first token, one between each two, and the one after
/// the last, `tokens.len() + 1` in all. `None` when a gap holds anything
/// but white space and comments: a token the tree does not show, which
/// the layout would drop.
pub(super) fn gaps<'t>(
    text: &'t str,
    mut from: usize,
    tokens: &[(usize, usize)],
) -> Option<Vec<Gap<'t>>> {
    let mut out = Vec::with_capacity(tokens.len() + 1);
    for (index, &(start, end)) in tokens.iter().enumerate() {
        out.push(gap(text.get(from..start)?, from, index == 0)?);
        from = end;
    }
    out.push(gap(text.get(from..)?, from, tokens.is_empty())?);
    Some(out)
}

/// One gap's comments (`base`: where the gap starts in the source);
/// `at_start` for the text before the first token.
fn gap(between: &str, base: usize, at_start: bool) -> Option<Gap<'_>> {
    let bytes = between.as_bytes();
    let mut gap = Gap::default();
    // Line breaks since the last token or comment.
    let mut breaks = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' => i += 1,
            // CRLF counts once, at its LF; a bare CR ends a line too.
            b'\r' => {
                if bytes.get(i + 1) != Some(&b'\n') {
                    breaks += 1;
                }
                i += 1;
            }
            b'\n' => {
                breaks += 1;
                i += 1;
            }
            b'#' => {
                let end = bytes
                    .get(i..)
                    .and_then(|rest| rest.iter().position(|&c| matches!(c, b'\n' | b'\r')))
                    .map_or(bytes.len(), |n| i + n);
                let text = between.get(i..end)?.trim_end();
                gap.comments.push(Comment {
                    text,
                    start: base + i,
                    own_line: breaks > 0 || (at_start && gap.comments.is_empty()),
                    blank_before: breaks > 1,
                });
                breaks = 0;
                i = end;
            }
            _ => return None,
        }
    }
    gap.blank_after = breaks > 1;
    Some(gap)
}
