//! The parse stage: `.rules` text → [`File`], the owned AST.
//!
//! `grammar/chartwright.pest` defines the language, and two readers are
//! made from it: the fast path (`fast_path`, written by `build.rs` from
//! the grammar), which reads input that parses, and pest's derived parser,
//! which reads again whatever the fast path rejects and says why. This
//! module is the only one that sees either. It builds owned AST nodes,
//! each spanned with byte offsets into the given [`SourceId`], and turns
//! pest's errors into a [`ParseError`] that says what was expected in words
//! (see [`syntax`]). Nothing the input can reach panics: a missing node is
//! an internal error, an oversized number or nesting is a diagnostic.

mod build;
pub(crate) mod concrete;
mod fast_path;
mod grammar;
pub mod keywords;
mod misread;
mod syntax;
#[cfg(test)]
pub(crate) mod tests;

use pest::Parser as _;

use crate::syntax::ast::{Document, File, VariantFile};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::span::{SourceId, Span};

use grammar::ChartwrightParser;
pub(crate) use grammar::Rule;

/// Deepest nesting of brackets, conditions and outcome chains accepted.
pub const MAX_DEPTH: usize = 64;

/// Deepest expression or condition tree accepted (operator chains count
/// one level per operator).
const MAX_TREE_DEPTH: usize = 256;

/// Parses one `.rules` source into its AST.
///
/// `source` identifies the text in the caller's
/// [`SourceMap`](crate::syntax::span::SourceMap); every span in the result and in an
/// error refers to it. Parsing stops at the first error.
///
/// It runs on the calling thread, and its stack is bounded: nesting deeper
/// than [`MAX_DEPTH`] is an error, and the deepest accepted needs at most
/// about 0.3 MiB of stack in a release build (1 MiB in a debug build),
/// less than a spawned thread's default of 2 MiB.
///
/// ```
/// use chartwright::parser::parse;
/// use chartwright::SourceId;
///
/// let file = parse(SourceId::new(0), r#"game "Demo" version "1.0"
/// flag landed "helicopter has landed"
/// "#).unwrap();
/// assert_eq!(file.header.title.text, "Demo");
/// assert_eq!(file.items.len(), 1);
/// ```
pub fn parse(source: SourceId, text: &str) -> Result<File, ParseError> {
    let unterminated = prescan(source, text)?;
    let mut entries = Entries::new(source, text, unterminated, Rule::file, Rule::items_tail);
    let header = entries.next(Rule::header, build::Builder::header)?;
    let mut items = Vec::new();
    while entries.more() {
        items.push(entries.next(Rule::item_batch, build::Builder::item)?);
    }
    Ok(File { header, items })
}

/// Parses one source that may be a game or a variant of one: a source whose
/// first word is `variant` is a [`crate::syntax::ast::VariantFile`].
///
/// ```
/// use chartwright::ast::Document;
/// use chartwright::parser::parse_document;
/// use chartwright::SourceId;
///
/// let doc = parse_document(SourceId::new(0), r#"variant "Mud" of first_echelon version "1"
/// change bog_down.tracked +1
/// "#).unwrap();
/// assert!(matches!(doc, Document::Variant(v) if v.changes.len() == 1));
/// ```
pub fn parse_document(source: SourceId, text: &str) -> Result<Document, ParseError> {
    if !starts_with_variant(text) {
        return parse(source, text).map(Document::Game);
    }
    // Recognised from `variant_header` and `variant_entry`; the rest is as
    // for a game.
    let unterminated = prescan(source, text)?;
    let mut entries = Entries::new(
        source,
        text,
        unterminated,
        Rule::variant_file,
        Rule::variant_tail,
    );
    let header = entries.next(Rule::variant_header, build::Builder::variant_header)?;
    let mut changes = Vec::new();
    while entries.more() {
        changes.push(entries.next(Rule::variant_batch, build::Builder::variant_entry)?);
    }
    Ok(Document::Variant(VariantFile { header, changes }))
}

/// A source read a few top-level entries at a time (the header, then batches
/// of up to 16 declarations or changes): pest's token queue, and the pairs
/// built from it, then hold one batch, never the whole file, so memory stays
/// proportional to the largest entries plus the AST (see `docs/limits.md`), and pest's
/// fixed cost per call is paid once a batch. Entries are built one at a
/// time. Spans are offset to the file.
///
/// The result is the one parsing the whole file with `file` (or
/// `variant_file`) gives: a failure is parsed again with those rules, from
/// the entry before the one that failed, so an error says what a
/// whole-file parse says (the entry before can leave attempts, such as an
/// optional `default`, at the position where the next one fails).
struct Entries<'t> {
    text: &'t str,
    /// Where the next entry starts (white space and comments skipped).
    pos: usize,
    /// Where the last declaration that parsed started (the header does not
    /// count: the whole-file rule is used up to the first declaration).
    prev: Option<usize>,
    unterminated: Option<ParseError>,
    builder: build::Builder,
    /// The whole-file rule, and the rule for "entries to the end" from a
    /// declaration onwards.
    file_rule: Rule,
    tail_rule: Rule,
    /// Entries parsed so far (the header is the first).
    count: usize,
    /// The nodes of the last batch parsed (reused for the next).
    slots: Vec<build::Slot>,
    /// The entries of the last batch not built yet.
    batch: Option<Batch>,
}

/// Where a batch's entries are in [`Entries::slots`].
struct Batch {
    /// Where the text parsed for the batch starts in the file.
    base: usize,
    /// The next entry's node, and the end of the batch's nodes.
    next: usize,
    end: usize,
}

impl<'t> Entries<'t> {
    fn new(
        source: SourceId,
        text: &'t str,
        unterminated: Option<ParseError>,
        file_rule: Rule,
        tail_rule: Rule,
    ) -> Self {
        Self {
            text,
            pos: skip_blank(text, bom(text)),
            prev: None,
            unterminated,
            builder: build::Builder::new(source),
            file_rule,
            tail_rule,
            count: 0,
            slots: Vec::new(),
            batch: None,
        }
    }

    /// True while anything but white space and comments is left.
    fn more(&self) -> bool {
        self.pos < self.text.len()
    }

    /// Builds the next entry: the next one of the current batch, or the
    /// first of a new one parsed at the current position with `rule` (a
    /// batch rule, such as `item_batch`, or one entry's, such as `header`).
    fn next<T>(
        &mut self,
        rule: Rule,
        build: impl FnOnce(&build::Builder, &build::Node<'_>) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        let (at, base) = match self.take_batched() {
            Some(batched) => batched,
            None => self.parse_batch(rule)?,
        };
        let rest = self.text.get(base..).unwrap_or("");
        let tree = build::Tree::new(rest, &self.slots);
        let Some(node) = tree.node(at) else {
            return Err(self.internal(base, "an entry without nodes"));
        };
        let start = base + node.start();
        let end = base + node.end();
        self.builder.base = base;
        let built = build(&self.builder, &node)?;
        if self.count > 0 {
            self.prev = Some(start);
        }
        self.count += 1;
        self.pos = skip_blank(self.text, end);
        Ok(built)
    }

    /// The node of the next entry of the current batch, if any is left,
    /// and where the batch's text starts.
    fn take_batched(&mut self) -> Option<(usize, usize)> {
        let batch = self.batch.as_mut()?;
        let at = batch.next;
        match self.slots.get(at).map(build::Slot::after) {
            Some(after) if at < batch.end => {
                batch.next = after;
                Some((at, batch.base))
            }
            _ => {
                self.batch = None;
                None
            }
        }
    }

    /// Parses with `rule` at the current position: a batch's first entry
    /// (the others are kept for the calls after), or the one entry `rule`
    /// reads. Returns the entry's node and where the parsed text starts.
    fn parse_batch(&mut self, rule: Rule) -> Result<(usize, usize), ParseError> {
        let start = self.pos;
        let rest = self.text.get(start..).unwrap_or("");
        let parsed = fast_path::parse(rule, rest, &mut self.slots);
        #[cfg(any(test, fuzzing))]
        agreement::check(rule, rest, parsed, &self.slots);
        if !parsed {
            // pest reads what the fast path rejects: its error is the one
            // reported, and should it accept the text (which the tests and
            // fuzzers check never happens), its nodes are used.
            match ChartwrightParser::parse(rule, rest).map(|mut pairs| pairs.next()) {
                Err(_) => return Err(self.failure()),
                Ok(Some(root)) => self.slots = build::slots_of(&root),
                Ok(None) => return Err(self.internal(start, "the grammar produced no entry")),
            }
        }
        if !matches!(rule, Rule::item_batch | Rule::variant_batch) {
            return Ok((0, start));
        }
        // The batch's node is the first; its entries are its children.
        let end = self.slots.first().map_or(0, build::Slot::after);
        self.batch = Some(Batch {
            base: start,
            next: 1,
            end,
        });
        self.take_batched()
            .ok_or_else(|| self.internal(start, "the grammar produced an empty batch"))
    }

    /// The error for an entry that does not parse: the whole-file rules,
    /// run from the entry before it, fail where a whole-file parse fails.
    fn failure(&mut self) -> ParseError {
        let (rule, base) = match self.prev {
            Some(prev) => (self.tail_rule, prev),
            None => (self.file_rule, bom(self.text)),
        };
        let rest = self.text.get(base..).unwrap_or("");
        match ChartwrightParser::parse(rule, rest) {
            Err(error) => syntax::convert(
                self.builder.source,
                self.text,
                base,
                &error,
                self.unterminated.take(),
            ),
            Ok(_) => self.internal(self.pos, "an entry failed alone but parsed in its file"),
        }
    }

    fn internal(&self, at: usize, message: &str) -> ParseError {
        ParseError::new(
            ParseErrorKind::Internal {
                message: message.to_owned(),
            },
            Span::new(self.builder.source, at, at),
        )
    }
}

/// The check that the fast path and pest read every text alike, run on
/// every batch parsed by the unit tests and by fuzzing builds.
#[cfg(any(test, fuzzing))]
mod agreement {
    use pest::Parser as _;

    use super::{build, ChartwrightParser, Rule};

    /// Panics unless pest accepts `text` with `rule` exactly when the fast
    /// path did (`parsed`), with the same nodes (`slots`).
    pub(super) fn check(rule: Rule, text: &str, parsed: bool, slots: &[build::Slot]) {
        let pest = ChartwrightParser::parse(rule, text)
            .ok()
            .and_then(|mut pairs| pairs.next())
            .map(|root| build::slots_of(&root));
        let fast = parsed.then_some(slots);
        assert!(
            pest.as_deref() == fast,
            "the fast path and pest disagree on {rule:?} over {text:?}:\n\
             fast path: {fast:?}\npest: {pest:?}"
        );
    }
}

/// The length of a UTF-8 byte order mark at the start of `text` (editors
/// on Windows write one): the parser starts after it, so it is neither an
/// error nor part of the first token.
fn bom(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// The first index at or after `from` that is not white space or part of a
/// comment: what the grammar's implicit `WHITESPACE` and `COMMENT` skip.
fn skip_blank(text: &str, from: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i = line_end(bytes, i),
            _ => break,
        }
    }
    i.min(text.len())
}

/// True when the first word after white space and comments is `variant`.
fn starts_with_variant(text: &str) -> bool {
    let mut rest = &text[bom(text)..];
    loop {
        rest = rest.trim_start();
        match rest.strip_prefix('#') {
            Some(comment) => rest = comment.split_once(['\n', '\r']).map_or("", |(_, r)| r),
            None => break,
        }
    }
    rest.strip_prefix("variant")
        .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// A cheap lexical pass before parsing: rejects an empty file and nesting
/// deeper than [`MAX_DEPTH`] (the parser recurses per bracket, and only
/// there: this bound is what keeps its stack bounded), and finds the first
/// unterminated string, reported if parsing fails at or after it.
///
/// It jumps from one byte that matters (a bracket, a quote, `#`) to the
/// next: comments, strings and text blocks are skipped with `memchr`, so
/// the pass costs less than half of what a byte-by-byte loop did.
#[allow(clippy::too_many_lines)] // a byte scanner: one arm per byte that matters
fn prescan(source: SourceId, text: &str) -> Result<Option<ParseError>, ParseError> {
    let bytes = text.as_bytes();
    let mut unterminated = None;
    let mut depth = 0usize;
    // Only white space and comments so far?
    let mut content = false;
    let mut i = 0;
    loop {
        // The next byte that matters: anything but white space until the
        // first content, then brackets, quotes and comments only.
        let skip = bytes.get(i..).and_then(|rest| {
            if content {
                rest.iter().position(|&b| SIGNIFICANT[usize::from(b)])
            } else {
                rest.iter()
                    .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            }
        });
        let Some(skip) = skip else { break };
        i += skip;
        let Some(&b) = bytes.get(i) else { break };
        match b {
            b'#' => {
                i = line_end(bytes, i);
                continue;
            }
            b'"' => {
                content = true;
                if bytes.get(i..i + 3) == Some(b"\"\"\"") {
                    if let Some(close) = find(bytes, i + 3, b"\"\"\"") {
                        i = close + 3;
                        continue;
                    }
                    let kind = ParseErrorKind::UnterminatedString { triple: true };
                    let error = ParseError::new(kind, Span::new(source, i, i + 3));
                    unterminated.get_or_insert(error);
                    break;
                }
                let mut j = i + 1;
                loop {
                    // The next quote, backslash or line end; a CR before it
                    // ends the string too.
                    let stop = bytes
                        .get(j..)
                        .and_then(|rest| memchr::memchr3(b'"', b'\\', b'\n', rest))
                        .map_or(bytes.len(), |n| j + n);
                    let cr = bytes
                        .get(j..stop)
                        .and_then(|run| memchr::memchr(b'\r', run))
                        .map(|n| j + n);
                    j = cr.unwrap_or(stop);
                    match bytes.get(j) {
                        Some(b'"') => break,
                        Some(b'\\') if !matches!(bytes.get(j + 1), Some(b'\n' | b'\r') | None) => {
                            j += 2;
                        }
                        Some(b'\\') => j += 1,
                        Some(_) | None => {
                            let kind = ParseErrorKind::UnterminatedString { triple: false };
                            let error = ParseError::new(kind, Span::new(source, i, j));
                            unterminated.get_or_insert(error);
                            break;
                        }
                    }
                }
                i = j + 1;
                continue;
            }
            b'(' | b'[' | b'{' => {
                content = true;
                depth += 1;
                if depth > MAX_DEPTH {
                    let kind = ParseErrorKind::TooDeep { limit: MAX_DEPTH };
                    return Err(ParseError::new(kind, Span::new(source, i, i + 1)));
                }
            }
            b')' | b']' | b'}' => {
                content = true;
                depth = depth.saturating_sub(1);
            }
            _ => content = true,
        }
        i += 1;
    }
    if !content {
        let kind = ParseErrorKind::EmptyFile {};
        return Err(ParseError::new(kind, Span::new(source, 0, 0)));
    }
    Ok(unterminated)
}

/// The bytes [`prescan`] stops at once the file has content.
const SIGNIFICANT: [bool; 256] = {
    let mut table = [false; 256];
    let stops = *b"#\"([{)]}";
    let mut k = 0;
    while k < stops.len() {
        table[stops[k] as usize] = true;
        k += 1;
    }
    table
};

/// The index of the `\n` ending the line containing `from`, or the end.
/// Where the line that `from` is on ends: a comment ends at a line feed or
/// a bare carriage return alike, as in the grammar.
fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| memchr::memchr2(b'\n', b'\r', rest))
        .map_or(bytes.len(), |n| from + n)
}

/// The first index at or after `from` where `needle` occurs.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(bytes.get(from..)?, needle).map(|n| from + n)
}
