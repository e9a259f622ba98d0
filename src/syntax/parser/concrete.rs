//! The concrete syntax tree: every pair of a whole-file parse, owned, for
//! tools that lay the text out again (the formatter) rather than read its
//! meaning. Only this module turns pest's pairs into it, so `Pair<Rule>`
//! stays in the parser; the rules are the grammar's own ([`Rule`]).

use pest::iterators::Pair;
use pest::Parser as _;

use super::grammar::{is_exact, ChartwrightParser, Rule};
use super::{bom, parse_document, starts_with_variant};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::span::{SourceId, Span};

/// A node of the concrete tree: a rule, where its text is in the source,
/// and its children. An atomic rule (a token such as a string, a dice
/// term or a keyword) is a leaf: its text is one token, never split.
#[derive(Debug)]
pub(crate) struct Concrete {
    pub(crate) rule: Rule,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) children: Vec<Concrete>,
}

impl Concrete {
    /// True for a token: a node the layout copies as written.
    pub(crate) fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }
}

/// The concrete tree of a game or a variant. The text is parsed first as
/// [`parse_document`] parses it, so a text that does not parse is refused
/// with the same diagnostic, and the nesting is bounded before pest reads
/// the whole file at once. A byte order mark is not part of the tree: the
/// root starts after it.
pub(crate) fn concrete(source: SourceId, text: &str) -> Result<Concrete, ParseError> {
    parse_document(source, text)?;
    let start = bom(text);
    let rest = text.get(start..).unwrap_or("");
    let rule = if starts_with_variant(text) {
        Rule::variant_file
    } else {
        Rule::file
    };
    let internal = |message: &str| {
        let kind = ParseErrorKind::Internal {
            message: message.to_owned(),
        };
        ParseError::new(kind, Span::new(source, start, start))
    };
    let root = ChartwrightParser::parse(rule, rest)
        .map_err(|_| internal("the whole file failed to parse where its entries parsed"))?
        .next()
        .ok_or_else(|| internal("the grammar produced no file"))?;
    Ok(node(&root, start))
}

/// `pair` and its descendants, offset by `base` (where the parsed text
/// starts in the source). Recursion follows the tree's depth, which the
/// pre-scan of [`parse_document`] bounds.
fn node(pair: &Pair<'_, Rule>, base: usize) -> Concrete {
    let rule = pair.as_rule();
    let span = pair.as_span();
    let children = if is_exact(rule) {
        Vec::new()
    } else {
        pair.clone()
            .into_inner()
            .map(|child| node(&child, base))
            .collect()
    };
    Concrete {
        rule,
        start: base + span.start(),
        end: base + span.end(),
        children,
    }
}
