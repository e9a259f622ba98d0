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
mod fast_path;
mod syntax;
#[cfg(test)]
pub(crate) mod tests;

use pest::Parser as _;

use crate::ast::{Document, File, Item, VariantFile};
use crate::parse_error::{ParseError, ParseErrorKind};
use crate::span::{SourceId, Span};

/// The pest parser, kept private so that `Pair<Rule>` stays in this module.
mod grammar {
    /// Recognises `.rules` text; see `grammar/chartwright.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/chartwright.pest"]
    pub(super) struct ChartwrightParser;
}

use grammar::{ChartwrightParser, Rule};

/// Deepest nesting of brackets, conditions and outcome chains accepted.
pub const MAX_DEPTH: usize = 64;

/// Deepest expression or condition tree accepted (operator chains count
/// one level per operator).
const MAX_TREE_DEPTH: usize = 256;

/// Parses one `.rules` source into its AST.
///
/// `source` identifies the text in the caller's
/// [`SourceMap`](crate::span::SourceMap); every span in the result and in an
/// error refers to it. Parsing stops at the first error.
///
/// Its stack is bounded: nesting deeper than [`MAX_DEPTH`] is an error,
/// and the deepest accepted needs at most about 0.3 MiB of stack in a
/// release build (1 MiB in a debug build), less than a spawned thread's
/// default.
///
/// A long file (64 KiB or more for each piece) is read in pieces on up to
/// one scoped thread for each available core (8 MiB of stack each), all
/// joined before it returns; the result is the one reading it in one go
/// gives.
///
/// ```
/// use chartwright::parser::parse;
/// use chartwright::SourceId;
///
/// let file = parse(SourceId(0), r#"game "Demo" version "1.0"
/// flag landed "helicopter has landed"
/// "#).unwrap();
/// assert_eq!(file.header.title.text, "Demo");
/// assert_eq!(file.items.len(), 1);
/// ```
pub fn parse(source: SourceId, text: &str) -> Result<File, ParseError> {
    parse_split(source, text, |from| split_points(text, from, cores()))
}

/// The cores this process may run on (1 if unknown): how many threads
/// reading or freeing side by side can use.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// [`parse`], reading the file in pieces from the points `splits` gives
/// (called with the end of the header), side by side.
fn parse_split(
    source: SourceId,
    text: &str,
    splits: impl FnOnce(usize) -> Vec<usize>,
) -> Result<File, ParseError> {
    let unterminated = prescan(source, text)?;
    let mut entries = Entries::new(source, text, unterminated, Rule::file, Rule::items_tail);
    let header = entries.next(Rule::header, build::Builder::header)?;
    let splits = splits(entries.pos);
    let items = if splits.is_empty() {
        entries.declarations(Vec::new())?
    } else {
        in_pieces(source, entries, &splits)?
    };
    Ok(File { header, items })
}

/// The declarations of a long file, read in pieces side by side: the
/// calling thread reads from the header to the first split point, and one
/// thread each reads from a split point to the next (or the end).
///
/// A split point is a guess that a declaration starts there; the result is
/// still exactly what reading the file in one go gives. A piece's
/// declarations are kept only if the piece before it stopped exactly at its
/// start (so a declaration does start there, and reading from there is what
/// reading in one go does next) and it parsed without error. Otherwise the
/// file is read on from where the last kept piece stopped, on the calling
/// thread, with the context an error message needs (the declaration before):
/// a wrong guess or an error costs the work of the pieces after it, never a
/// different answer.
fn in_pieces(
    source: SourceId,
    mut first: Entries<'_>,
    splits: &[usize],
) -> Result<Vec<Item>, ParseError> {
    let text = first.text;
    let ends: Vec<usize> = splits.iter().skip(1).copied().chain([text.len()]).collect();
    std::thread::scope(|scope| {
        let pieces: Vec<_> = splits
            .iter()
            .zip(&ends)
            .map(|(&start, &end)| {
                let read = move || {
                    let mut piece = Entries::new(source, text, None, Rule::file, Rule::items_tail);
                    piece.resume_at(start, None);
                    piece.guessing = true;
                    piece
                        .declarations_up_to(end, Vec::new())
                        .ok()
                        .map(|items| (items, piece.pos, piece.prev))
                };
                std::thread::Builder::new()
                    .stack_size(PARSE_STACK)
                    .spawn_scoped(scope, read)
                    .ok()
            })
            .collect();
        let mut items = first.declarations_up_to(splits[0], Vec::new())?;
        let (mut pos, mut prev) = (first.pos, first.prev);
        let mut bound = splits[0];
        for (piece, &end) in pieces.into_iter().zip(&ends) {
            // A panic in a piece is a bug: it goes on as it would have on
            // this thread.
            let read = piece.and_then(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            });
            match read {
                Some((more, at, last)) if pos == bound => {
                    items.extend(more);
                    pos = at;
                    prev = last.or(prev);
                    bound = end;
                }
                _ => break,
            }
        }
        if pos == text.len() {
            return Ok(items);
        }
        first.resume_at(pos, prev);
        first.declarations(items)
    })
}

/// Parses one source that may be a game or a variant of one: a source whose
/// first word is `variant` is a [`crate::ast::VariantFile`].
///
/// ```
/// use chartwright::ast::Document;
/// use chartwright::parser::parse_document;
/// use chartwright::SourceId;
///
/// let doc = parse_document(SourceId(0), r#"variant "Mud" of first_echelon version "1"
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
/// proportional to the largest entries plus the AST (issue 12), and pest's
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
    /// Reading from a guessed start (a piece of a long file, see
    /// [`in_pieces`]): a failure is not reported, so it is not parsed again
    /// to say what a whole-file parse would.
    guessing: bool,
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
            pos: skip_blank(text, 0),
            prev: None,
            unterminated,
            builder: build::Builder::new(source),
            file_rule,
            tail_rule,
            count: 0,
            slots: Vec::new(),
            batch: None,
            guessing: false,
        }
    }

    /// True while anything but white space and comments is left.
    fn more(&self) -> bool {
        self.pos < self.text.len()
    }

    /// Every declaration from the current position to the end, after
    /// `items`.
    fn declarations(&mut self, items: Vec<Item>) -> Result<Vec<Item>, ParseError> {
        self.declarations_up_to(self.text.len(), items)
    }

    /// The declarations from the current position until one ends at or
    /// after `bound`, after `items`. The position is then `bound` exactly
    /// when a declaration starts there (or the file ends there).
    fn declarations_up_to(
        &mut self,
        bound: usize,
        mut items: Vec<Item>,
    ) -> Result<Vec<Item>, ParseError> {
        while self.more() && self.pos < bound {
            items.push(self.next(Rule::item_batch, build::Builder::item)?);
        }
        Ok(items)
    }

    /// Goes on reading at `pos` (a declaration's start), after the
    /// declaration that starts at `prev`, if any: as if every declaration
    /// before had just been read. The current batch is dropped.
    fn resume_at(&mut self, pos: usize, prev: Option<usize>) {
        self.batch = None;
        self.pos = pos;
        self.prev = prev;
        // Past the header: a failure is reported from the entry before.
        self.count = self.count.max(1);
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
        if self.guessing {
            return self.internal(self.pos, "a piece read from a guessed start failed");
        }
        let (rule, base) = match self.prev {
            Some(prev) => (self.tail_rule, prev),
            None => (self.file_rule, 0),
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
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        match rest.strip_prefix('#') {
            Some(comment) => rest = comment.split_once('\n').map_or("", |(_, r)| r),
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
/// the pass costs less than half of what a byte-by-byte loop did. A long
/// file is scanned in two halves side by side (see [`prescan_split`]).
fn prescan(source: SourceId, text: &str) -> Result<Option<ParseError>, ParseError> {
    // `split_points` gives none below two pieces' worth of text: a short
    // file does not ask for the core count.
    let split = if text.len() >= 2 * PIECE_BYTES && cores() >= 2 {
        split_points(text, 0, 2).first().copied()
    } else {
        None
    };
    prescan_split(source, text, split)
}

/// [`prescan`], the second half (from `split`, if any) scanned on another
/// thread.
///
/// The second half is scanned as if `split` were outside any bracket,
/// string or comment, which is a guess (a line that starts with a
/// declaration's word may be in a text block). It is kept only if the scan
/// of the first half ends exactly at `split` outside any bracket;
/// otherwise the first half's scan goes on past `split` on this thread. So
/// the result is always the one scanning in one go gives.
fn prescan_split(
    source: SourceId,
    text: &str,
    split: Option<usize>,
) -> Result<Option<ParseError>, ParseError> {
    let start = ScanState {
        depth: 0,
        content: false,
    };
    let scanned = match split {
        None => scan(source, text, 0, text.len(), start)?,
        Some(split) => std::thread::scope(|scope| {
            let guess = ScanState {
                depth: 0,
                content: true,
            };
            let second = std::thread::Builder::new()
                .spawn_scoped(scope, move || scan(source, text, split, text.len(), guess));
            let first = scan(source, text, 0, split, start)?;
            if first.stopped {
                return Ok(first);
            }
            let guessed_right = first.at == split && first.state == guess;
            let second = second.ok().and_then(|handle| handle.join().ok());
            let rest = match second {
                Some(second) if guessed_right => second?,
                _ => scan(source, text, first.at, text.len(), first.state)?,
            };
            Ok(Scanned {
                unterminated: first.unterminated.or(rest.unterminated),
                ..rest
            })
        })?,
    };
    if !scanned.state.content {
        let kind = ParseErrorKind::EmptyFile {};
        return Err(ParseError::new(kind, Span::new(source, 0, 0)));
    }
    Ok(scanned.unterminated)
}

/// Where [`scan`] is: how many brackets are open, and whether anything but
/// white space and comments came before.
#[derive(Clone, Copy, PartialEq, Eq)]
struct ScanState {
    depth: usize,
    content: bool,
}

/// What [`scan`] found.
struct Scanned {
    state: ScanState,
    /// Where it stopped: the limit, or past it when a string or a comment
    /// that starts before the limit ends after it.
    at: usize,
    /// The first unterminated string.
    unterminated: Option<ParseError>,
    /// An unterminated text block: the rest of the file is inside it, and
    /// was not scanned.
    stopped: bool,
}

/// Scans from `from` in `state` until the limit, reading strings and
/// comments that start before it to their end; nesting deeper than
/// [`MAX_DEPTH`] is an error.
fn scan(
    source: SourceId,
    text: &str,
    from: usize,
    limit: usize,
    state: ScanState,
) -> Result<Scanned, ParseError> {
    let bytes = text.as_bytes();
    let mut unterminated = None;
    let mut stopped = false;
    let ScanState {
        mut depth,
        mut content,
    } = state;
    let mut i = from;
    while i < limit {
        // The next byte that matters: anything but white space until the
        // first content, then brackets, quotes and comments only.
        let skip = bytes.get(i..limit).and_then(|rest| {
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
                    // The rest of the file is inside the block.
                    stopped = true;
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
    Ok(Scanned {
        state: ScanState { depth, content },
        at: i.max(limit.min(text.len())),
        unterminated,
        stopped,
    })
}

/// Below this many bytes for each, a piece of a file is not worth a thread.
#[cfg(not(fuzzing))]
const PIECE_BYTES: usize = 64 * 1024;
/// Fuzzing builds (`cargo fuzz` sets `--cfg fuzzing`) read inputs of a few
/// hundred bytes in pieces, so the fuzzers reach the pieces and their
/// checks: their inputs are far below 64 KiB.
#[cfg(fuzzing)]
const PIECE_BYTES: usize = 256;

/// A parsing thread's stack: a main thread's on Linux. The deepest nesting
/// the parser accepts needs at most about 0.3 MiB in a release build and
/// 1 MiB in a debug one (see the parser's tests), half a spawned thread's
/// default of 2 MiB: the margin is for hosts built with other settings.
pub(crate) const PARSE_STACK: usize = 8 << 20;

/// Where the pieces of a long file after the first start, in order: one
/// piece for each of `cores`, each at least [`PIECE_BYTES`]. Each
/// point is a guess, checked by [`in_pieces`]: the first line after the
/// piece's share of the file (from `from`, after the header) that starts
/// with a declaration's word, at the start of the line.
fn split_points(text: &str, from: usize, cores: usize) -> Vec<usize> {
    let rest = text.len().saturating_sub(from);
    let pieces = cores.min(rest / PIECE_BYTES);
    let bytes = text.as_bytes();
    let mut points: Vec<usize> = Vec::new();
    for k in 1..pieces {
        let share = (from + rest * k / pieces).max(points.last().map_or(0, |&p| p + 1));
        // The start of each line after the share's, until one starts with
        // a declaration's word.
        let mut line = line_end(bytes, share) + 1;
        while line < bytes.len() {
            let tail = bytes.get(line..).unwrap_or_default();
            let starts = syntax::ITEM_KEYWORDS.iter().any(|word| {
                tail.starts_with(word.as_bytes())
                    && matches!(tail.get(word.len()), Some(b' ' | b'\t'))
            });
            if starts {
                points.push(line);
                break;
            }
            line = line_end(bytes, line) + 1;
        }
    }
    points
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
fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| memchr::memchr(b'\n', rest))
        .map_or(bytes.len(), |n| from + n)
}

/// The first index at or after `from` where `needle` occurs.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(bytes.get(from..)?, needle).map(|n| from + n)
}
