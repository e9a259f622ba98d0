//! Nodes → AST: one method per grammar rule that yields a node. Children are
//! picked by rule, never by position alone, and a missing child is an
//! internal error rather than a panic. The methods walk a [`Tree`], the
//! nodes of a batch of entries in one array.
//!
//! Here are the builder, its shared steps, the top-level items and the
//! tokens; [`declarations`], [`charts`], [`exprs`] and [`variant`] build
//! the rest, on the nodes of [`tree`], with [`pratt`] reading precedence.

mod charts;
mod declarations;
mod exprs;
mod pratt;
pub(super) mod tree;
mod variant;

pub(super) use tree::{slots_of, Node, Slot, Tree};

use super::grammar::Rule;
use crate::number::Num;
use crate::syntax::ast::{Header, Ident, Item, Label};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::span::{SourceId, Span, Spanned};

type Res<T> = Result<T, ParseError>;

/// The direct children of a node, looked up by rule.
struct Kids<'i> {
    /// The node whose children these are (each lookup walks them: most
    /// nodes have a handful).
    parent: Node<'i>,
    /// Where the parent starts, in the file: a missing child (a parser bug)
    /// is reported there. Computing the parent's whole span for every node
    /// only to report an internal error cost 10% of parsing.
    at: Span,
}

impl<'i> Kids<'i> {
    /// The first child of `rule`, or an internal error.
    fn one(&self, rule: Rule) -> Res<Node<'i>> {
        self.nth(rule, 0)
    }

    /// The `n`th child of `rule`, or an internal error.
    fn nth(&self, rule: Rule, n: usize) -> Res<Node<'i>> {
        self.all(rule)
            .nth(n)
            .ok_or_else(|| internal(self.at, format!("missing {rule:?} #{n}")))
    }

    /// The first child of `rule`, if any.
    fn opt(&self, rule: Rule) -> Option<Node<'i>> {
        self.all(rule).next()
    }

    /// Every child of `rule`, in order.
    fn all(&self, rule: Rule) -> impl Iterator<Item = Node<'i>> + '_ {
        self.parent
            .into_inner()
            .filter(move |p| p.as_rule() == rule)
    }

    /// True if a child of `rule` is present.
    fn has(&self, rule: Rule) -> bool {
        self.parent.into_inner().any(|p| p.as_rule() == rule)
    }

    /// The first child, whatever its rule (for rules that wrap a choice).
    fn first(&self) -> Res<Node<'i>> {
        self.parent
            .into_inner()
            .next()
            .ok_or_else(|| internal(self.at, "missing child".to_owned()))
    }
}

/// An internal (grammar/builder mismatch) error at `span`.
fn internal(span: Span, message: String) -> ParseError {
    ParseError::new(ParseErrorKind::Internal { message }, span)
}

/// Builds AST nodes for one source.
pub(super) struct Builder {
    pub(super) source: SourceId,
    /// Where in the source the text pest parsed starts: the parser reads a
    /// file a few top-level entries at a time, and pest's positions (and so
    /// a [`Tree`]'s) are relative to the text of that call.
    pub(super) base: usize,
}

impl Builder {
    /// A builder whose spans refer to `source`.
    pub(super) fn new(source: SourceId) -> Self {
        Self { source, base: 0 }
    }

    /// The span of a node, without the trailing white space pest includes
    /// when a rule ends in an optional part that matched nothing (see
    /// [`Tree`]).
    fn span(&self, pair: &Node<'_>) -> Span {
        Span::new(
            self.source,
            self.base + pair.start(),
            self.base + pair.trimmed_end(),
        )
    }

    fn kids<'i>(&self, pair: &Node<'i>) -> Kids<'i> {
        let start = self.base + pair.start();
        Kids {
            parent: *pair,
            at: Span::new(self.source, start, start),
        }
    }

    /// The first child of a pair (for rules that wrap a choice, and a
    /// string's body), without collecting the others.
    fn first<'i>(&self, pair: &Node<'i>) -> Res<Node<'i>> {
        pair.into_inner().next().ok_or_else(|| {
            let start = self.base + pair.start();
            internal(
                Span::new(self.source, start, start),
                "missing child".to_owned(),
            )
        })
    }

    fn unexpected(&self, pair: &Node<'_>) -> ParseError {
        internal(self.span(pair), format!("unexpected {:?}", pair.as_rule()))
    }

    fn too_deep(&self, pair: &Node<'_>, limit: usize) -> ParseError {
        ParseError::new(ParseErrorKind::TooDeep { limit }, self.span(pair))
    }

    // -- The file ----------------------------------------------------------

    /// `header`.
    pub(super) fn header(&self, pair: &Node<'_>) -> Res<Header> {
        let kids = self.kids(pair);
        Ok(Header {
            title: self.label(&kids.nth(Rule::string, 0)?)?,
            version: self.label(&kids.nth(Rule::string, 1)?)?,
            span: self.span(pair),
        })
    }

    /// `item`: a top-level declaration.
    pub(super) fn item(&self, pair: &Node<'_>) -> Res<Item> {
        let inner = self.first(pair)?;
        Ok(match inner.as_rule() {
            Rule::choice_decl => Item::Choice(self.choice_decl(&inner)?),
            Rule::flag_decl => Item::Flag(self.flag_decl(&inner)?),
            Rule::param_decl => Item::Param(self.param_decl(&inner)?),
            Rule::grid => Item::Grid(self.grid(&inner)?),
            Rule::modifier_set => Item::Modifiers(self.modifier_set(&inner)?),
            Rule::chart => Item::Chart(self.chart(&inner)?),
            Rule::notes_item => Item::Notes(self.notes_item(&inner)?),
            Rule::expect_item => Item::Expect(self.expect_item(&inner)?),
            _ => return Err(self.unexpected(&inner)),
        })
    }

    // -- Choices, flags, params -------------------------------------------

    fn ident(&self, pair: &Node<'_>) -> Ident {
        Ident {
            name: pair.as_str().into(),
            span: self.span(pair),
        }
    }

    /// The error for a number that does not fit: too large, or (a
    /// decimal) too precise.
    fn too_large(&self, pair: &Node<'_>) -> ParseError {
        let text = pair.as_str().to_owned();
        let kind = if crate::number::too_precise(&text) {
            ParseErrorKind::NumberTooPrecise { text }
        } else {
            ParseErrorKind::NumberTooLarge { text }
        };
        ParseError::new(kind, self.span(pair))
    }

    /// A decimal token as an `i64`.
    fn number(&self, pair: &Node<'_>) -> Res<i64> {
        pair.as_str().parse().map_err(|_| self.too_large(pair))
    }

    /// A decimal token (`0.5`, `-1.25`) as an exact number.
    fn decimal(&self, pair: &Node<'_>) -> Res<Num> {
        crate::number::parse(pair.as_str()).ok_or_else(|| self.too_large(pair))
    }

    /// A `number` (decimal or integer) as an exact value.
    fn value(&self, pair: &Node<'_>) -> Res<Spanned<Num>> {
        let inner = self.first(pair)?;
        let n = match inner.as_rule() {
            Rule::decimal => self.decimal(&inner)?,
            _ => Num::from_integer(self.number(&inner)?),
        };
        Ok(Spanned::new(n, self.span(pair)))
    }

    /// A signed integer token.
    fn int(&self, pair: &Node<'_>) -> Res<Spanned<i64>> {
        Ok(Spanned::new(self.number(pair)?, self.span(pair)))
    }

    /// A column shift as written, `1L` or `2R`: right is positive.
    fn shift(&self, pair: &Node<'_>) -> Res<Spanned<i64>> {
        let text = pair.as_str();
        let n = text
            .get(..text.len().saturating_sub(1))
            .unwrap_or("")
            .parse::<i64>()
            .map_err(|_| self.too_large(pair))?;
        let n = if text.ends_with('L') { -n } else { n };
        Ok(Spanned::new(n, self.span(pair)))
    }

    /// An unsigned integer token.
    fn nat(&self, pair: &Node<'_>) -> Res<i64> {
        self.number(pair)
    }

    /// A `"..."` string as a label, escapes resolved.
    fn label(&self, pair: &Node<'_>) -> Res<Label> {
        let span = self.span(pair);
        let inner = self.first(pair)?;
        if inner.as_rule() != Rule::string_inner {
            return Err(self.unexpected(&inner));
        }
        let base = inner.start();
        let raw = inner.as_str();
        if !raw.contains('\\') {
            // Most labels have no escape: copied whole.
            return Ok(Label {
                text: raw.into(),
                span,
            });
        }
        let mut text = String::with_capacity(raw.len());
        let mut chars = raw.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                text.push(c);
                continue;
            }
            match chars.next() {
                Some((_, '"')) => text.push('"'),
                Some((_, '\\')) => text.push('\\'),
                Some((_, 'n')) => text.push('\n'),
                other => {
                    let end = other.map_or(i + 1, |(j, e)| j + e.len_utf8());
                    let escape = raw.get(i..end).unwrap_or("\\").to_owned();
                    return Err(ParseError::new(
                        ParseErrorKind::InvalidEscape { escape },
                        Span::new(self.source, self.base + base + i, self.base + base + end),
                    ));
                }
            }
        }
        Ok(Label {
            text: text.into(),
            span,
        })
    }
}

/// The text of a `"""` block: one leading line break and a trailing line of
/// only white space are dropped, and CRLF becomes LF.
fn block_text(raw: &str) -> String {
    let text = raw.replace("\r\n", "\n");
    let text = text.strip_prefix('\n').unwrap_or(&text);
    match text.rfind('\n') {
        Some(n) if text[n + 1..].trim().is_empty() => text[..n].to_owned(),
        _ => text.to_owned(),
    }
}
