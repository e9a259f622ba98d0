//! A document's text as the protocol addresses it: positions in lines and
//! UTF-16 code units (what LSP requires), converted to and from the byte
//! offsets the library's spans hold; incremental edits applied; the word
//! under the cursor; every use of a name, found by reading the text as the
//! grammar's tokens (names, strings, comments).

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// Where each line starts, to turn byte offsets into positions and back.
pub struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    /// The index of `text`.
    pub fn new(text: &'t str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self { text, starts }
    }

    /// The byte offset of a position, clamped into the text: a line past
    /// the end is the end, a character past its line is the line's end,
    /// and a position inside a character is that character's start.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let line = self.text.get(start..).unwrap_or("");
        let mut units = 0u32;
        for (i, c) in line.char_indices() {
            if c == '\n' || units >= position.character {
                return start + i;
            }
            let next = units + c.len_utf16() as u32;
            if next > position.character {
                return start + i;
            }
            units = next;
        }
        self.text.len()
    }

    /// The position of a byte offset (clamped into the text, and back to
    /// the start of the character it falls in).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let character: usize = self
            .text
            .get(start..offset)
            .unwrap_or("")
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(to_u32(line), to_u32(character))
    }

    /// The range of a byte range.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end))
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Applies one change of `textDocument/didChange`: a range replaced, or
/// the whole text when no range is given.
pub fn apply_change(text: &mut String, change: TextDocumentContentChangeEvent) {
    match change.range {
        None => *text = change.text,
        Some(range) => {
            let index = LineIndex::new(text);
            let start = index.offset(range.start);
            let end = index.offset(range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}

/// A character a name may hold (the grammar's `ident_char`).
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

// The name under the cursor, as every editor front end reads it.
pub use chartwright::editor::{word_at, Word};

/// The byte ranges of every name token equal to `name`, outside comments
/// (`#` to the end of the line) and strings (`"…"` with `\` escapes, and
/// `"""…"""`).
pub fn uses_of(text: &str, name: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with('#') {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(inner) = rest.strip_prefix("\"\"\"") {
            i += 3 + inner.find("\"\"\"").map_or(inner.len(), |e| e + 3);
        } else if let Some(inner) = rest.strip_prefix('"') {
            i += 1 + string_length(inner);
        } else if rest.starts_with(is_name_char) {
            let len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
            if &rest[..len] == name {
                found.push((i, i + len));
            }
            i += len;
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    found
}

/// Bytes up to and including a plain string's closing quote (or to the
/// end of its line, where an unterminated string stops).
fn string_length(rest: &str) -> usize {
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match c {
            '\n' => return i,
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return i + 1,
            _ => escaped = false,
        }
    }
    rest.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        // `é` is one UTF-16 unit and two bytes; `𝔡` is two units and four bytes.
        let text = "aé𝔡b\nxy";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(Position::new(0, 1)), 1);
        assert_eq!(index.offset(Position::new(0, 2)), 3);
        assert_eq!(index.offset(Position::new(0, 4)), 7);
        // Inside the surrogate pair: the character's start.
        assert_eq!(index.offset(Position::new(0, 3)), 3);
        // Past the line's end, past the last line.
        assert_eq!(index.offset(Position::new(0, 40)), 8);
        assert_eq!(index.offset(Position::new(7, 0)), text.len());
        assert_eq!(index.position(7), Position::new(0, 4));
        assert_eq!(index.position(10), Position::new(1, 1));
        // Inside `é`: its start.
        assert_eq!(index.position(2), Position::new(0, 1));
    }

    #[test]
    fn a_change_replaces_its_range() {
        let mut text = "roll d6\nrows {}\n".to_string();
        let change = |range, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_string(),
        };
        let r = Range::new(Position::new(0, 5), Position::new(0, 7));
        apply_change(&mut text, change(Some(r), "2d6"));
        assert_eq!(text, "roll 2d6\nrows {}\n");
        apply_change(&mut text, change(None, "new"));
        assert_eq!(text, "new");
    }

    #[test]
    fn uses_skip_comments_and_strings() {
        let text = "hit \"hit\" # hit\nhits.hit \"\"\"hit\"\"\" hit";
        let uses = uses_of(text, "hit");
        assert_eq!(uses, [(0, 3), (21, 24), (35, 38)]);
    }

    #[test]
    fn the_word_under_the_cursor_knows_its_owner() {
        let text = "change bog_down.tracked +1";
        let w = word_at(text, 18).unwrap();
        assert_eq!(
            (w.name, w.owner, w.start, w.end),
            ("tracked", Some("bog_down"), 16, 23)
        );
        assert_eq!(word_at(text, 6).unwrap().name, "change");
        assert!(word_at("a  b", 2).is_none());
        // After a wide character: the name still starts after it.
        assert_eq!(word_at("é.hit", 4).unwrap().name, "hit");
    }
}
