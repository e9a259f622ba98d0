//! The parse stage: `.rules` text → [`File`], the owned AST.
//!
//! pest does the recognising, driven by `grammar/chartwright.pest`; this
//! module is the only one that sees its pairs. It builds owned AST nodes,
//! each spanned with byte offsets into the given [`SourceId`], and turns
//! pest's errors into a [`ParseError`] that says what was expected in words
//! (see [`syntax`]). Nothing the input can reach panics: a missing pair is
//! an internal error, an oversized number or nesting is a diagnostic.

mod build;
mod syntax;
#[cfg(test)]
mod tests;

use pest::Parser as _;

use crate::ast::{Document, File};
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
/// ```
/// use chartwright::parser::parse;
/// use chartwright::span::SourceId;
///
/// let file = parse(SourceId(0), r#"game "Demo" version "1.0"
/// flag landed "helicopter has landed"
/// "#).unwrap();
/// assert_eq!(file.header.title.text, "Demo");
/// assert_eq!(file.items.len(), 1);
/// ```
pub fn parse(source: SourceId, text: &str) -> Result<File, ParseError> {
    let unterminated = prescan(source, text)?;
    let mut pairs = match ChartwrightParser::parse(Rule::file, text) {
        Ok(pairs) => pairs,
        Err(error) => return Err(syntax::convert(source, text, &error, unterminated)),
    };
    let Some(file) = pairs.next() else {
        return Err(ParseError::new(
            ParseErrorKind::Internal {
                message: "the grammar produced no file".to_owned(),
            },
            Span::new(source, 0, 0),
        ));
    };
    build::Builder::new(source).file(&file)
}

/// Parses one source that may be a game or a variant of one: a source whose
/// first word is `variant` is a [`crate::ast::VariantFile`].
///
/// ```
/// use chartwright::ast::Document;
/// use chartwright::parser::parse_document;
/// use chartwright::span::SourceId;
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
    // Recognised from `variant_file`; the rest is as for a game.
    let unterminated = prescan(source, text)?;
    let file = ChartwrightParser::parse(Rule::variant_file, text)
        .map_err(|error| syntax::convert(source, text, &error, unterminated))?
        .next()
        .ok_or_else(|| {
            let message = "the grammar produced no variant file".to_owned();
            ParseError::new(
                ParseErrorKind::Internal { message },
                Span::new(source, 0, 0),
            )
        })?;
    build::Builder::new(source)
        .variant_file(&file)
        .map(Document::Variant)
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

/// A cheap lexical pass before pest: rejects an empty file and nesting
/// deeper than [`MAX_DEPTH`] (pest recurses per bracket), and finds the first
/// unterminated string, reported if pest fails at or after it.
fn prescan(source: SourceId, text: &str) -> Result<Option<ParseError>, ParseError> {
    let bytes = text.as_bytes();
    let mut unterminated = None;
    let mut depth = 0usize;
    let mut content = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'#' => {
                i = line_end(bytes, i);
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
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
                    match bytes.get(j) {
                        Some(b'"') => break,
                        Some(b'\\') if !matches!(bytes.get(j + 1), Some(b'\n' | b'\r') | None) => {
                            j += 2;
                        }
                        Some(b'\n' | b'\r') | None => {
                            let kind = ParseErrorKind::UnterminatedString { triple: false };
                            let error = ParseError::new(kind, Span::new(source, i, j));
                            unterminated.get_or_insert(error);
                            break;
                        }
                        Some(_) => j += 1,
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

/// The index of the `\n` ending the line containing `from`, or the end.
fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(bytes.len(), |n| from + n)
}

/// The first index at or after `from` where `needle` occurs.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|n| from + n)
}
