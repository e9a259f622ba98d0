//! Source locations: every AST node and every diagnostic carries a [`Span`],
//! a small `Copy` byte range into one source held by the [`SourceMap`].

use std::sync::Arc;

/// Identifies one source text (a file, a REPL line, a command-line argument)
/// in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub struct SourceId(pub u32);

impl SourceId {
    /// The source numbered `index` (a [`SourceMap`] numbers its sources
    /// from 0, in the order added; a parser used on its own takes any).
    #[must_use]
    pub const fn new(index: u32) -> Self {
        Self(index)
    }
}

/// A byte range in one source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Span {
    /// The source the range is in.
    pub source: SourceId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span over `start..end` of `source`.
    #[must_use]
    pub fn new(source: SourceId, start: usize, end: usize) -> Self {
        Self {
            source,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both (which must be in the same source).
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        Span {
            source: self.source,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Length in bytes.
    #[must_use]
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// True for an empty range.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        miette::SourceSpan::new((span.start as usize).into(), span.len())
    }
}

/// One source text and the name it is shown under.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Source {
    /// A path, or a name such as `<repl>` or `first_echelon (bundled)`.
    pub name: String,
    /// The whole text.
    pub text: Arc<str>,
}

/// Every source a ruleset or a REPL has seen, so a span can be rendered.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    sources: Vec<Source>,
}

impl SourceMap {
    /// An empty map.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a source and returns its id. A byte order mark that starts it
    /// is left out: it is no text of the rules, and a column counted past
    /// it would be off by its three bytes.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceId {
        let text: Arc<str> = text.into();
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) => Arc::from(rest),
            None => text,
        };
        self.sources.push(Source {
            name: name.into(),
            text,
        });
        SourceId((self.sources.len() - 1) as u32)
    }

    /// The source with this id.
    #[must_use]
    pub fn get(&self, id: SourceId) -> Option<&Source> {
        self.sources.get(id.0 as usize)
    }

    /// The id of a source holding exactly `text`, if one does.
    #[must_use]
    pub fn find_text(&self, text: &str) -> Option<SourceId> {
        let i = self.sources.iter().position(|s| *s.text == *text)?;
        u32::try_from(i).ok().map(SourceId)
    }

    /// The text a span covers, or `""` if the span is not in this map.
    #[must_use]
    pub fn text(&self, span: Span) -> &str {
        self.get(span.source)
            .and_then(|s| s.text.get(span.start as usize..span.end as usize))
            .unwrap_or("")
    }

    /// A `miette` source for the span's file, for rendering a diagnostic.
    #[must_use]
    pub fn named_source(&self, id: SourceId) -> miette::NamedSource<Arc<str>> {
        match self.get(id) {
            Some(s) => miette::NamedSource::new(s.name.clone(), s.text.clone()),
            None => miette::NamedSource::new("<unknown>", Arc::from("")),
        }
    }
}

/// A value with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs a value with its span.
    pub fn new(node: T, span: Span) -> Self {
        Self { node, span }
    }
}
