//! A source's outline: every name it declares, with its kind and where it
//! is written, read from the AST without checking or compiling. Editors
//! and other tools use it for symbols, go to definition and hover; it is
//! public because the AST is not.

use crate::syntax::ast::{
    BaseRef, ChangeKind, Chart, ChartKind, ChoiceDecl, Clause, Document, Item, Label, ModEntry,
};
use crate::syntax::error::ParseError;
use crate::syntax::span::{SourceId, Span};

/// What a [`Declaration`] declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DeclarationKind {
    /// `table NAME`.
    Table,
    /// `check NAME`.
    Check,
    /// `opposed NAME`.
    Opposed,
    /// `pool NAME`.
    Pool,
    /// `ladder NAME`.
    Ladder,
    /// `grid NAME`.
    Grid,
    /// `notes NAME`.
    Notes,
    /// `choice NAME`, top level or in a chart.
    Choice,
    /// An option of a choice.
    Option,
    /// `flag NAME`.
    Flag,
    /// `param NAME`.
    Param,
    /// `modifiers NAME`: a named set that charts `use`.
    ModifierSet,
    /// A named modifier, in a chart or a set.
    Modifier,
}

impl DeclarationKind {
    /// The keyword that declares it (`table`, `grid`, …); `option` and
    /// `modifier` for members, which no keyword introduces.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            DeclarationKind::Table => "table",
            DeclarationKind::Check => "check",
            DeclarationKind::Opposed => "opposed",
            DeclarationKind::Pool => "pool",
            DeclarationKind::Ladder => "ladder",
            DeclarationKind::Grid => "grid",
            DeclarationKind::Notes => "notes",
            DeclarationKind::Choice => "choice",
            DeclarationKind::Option => "option",
            DeclarationKind::Flag => "flag",
            DeclarationKind::Param => "param",
            DeclarationKind::ModifierSet => "modifiers",
            DeclarationKind::Modifier => "modifier",
        }
    }

    /// True for the kinds a player rolls or reads by name (charts, grids,
    /// modifier sets, notes): what [`crate::Ruleset::chart`] finds.
    #[must_use]
    pub fn is_chart(self) -> bool {
        matches!(
            self,
            DeclarationKind::Table
                | DeclarationKind::Check
                | DeclarationKind::Opposed
                | DeclarationKind::Pool
                | DeclarationKind::Ladder
                | DeclarationKind::Grid
                | DeclarationKind::ModifierSet
                | DeclarationKind::Notes
        )
    }
}

/// One declared name.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Declaration {
    /// The name as written.
    pub name: String,
    /// What it declares.
    pub kind: DeclarationKind,
    /// The declaration it belongs to: the chart of a local choice or
    /// modifier, the set of a modifier, the choice of an option.
    pub owner: Option<String>,
    /// The sheet's words for it (its label).
    pub label: String,
    /// A modifier's value as written (`+2`, `-r`, `1R`).
    pub value: Option<String>,
    /// Where the name is written.
    pub name_span: Span,
    /// The whole declaration.
    pub span: Span,
}

/// How a variant names its base (the grammar's two ways).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseName {
    /// A bundled game: `of first_echelon`.
    Bundled(String),
    /// A file, relative to the variant's folder: `of "base.rules"`.
    Path(String),
}

/// A source's declarations in file order, and a variant's base.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outline {
    /// Every declared name, members after their owner.
    pub declarations: Vec<Declaration>,
    /// The base, for a variant file.
    pub base: Option<BaseName>,
}

/// Parses `text` (a game or a variant) and lists what it declares. Nothing
/// is checked: an outline exists for every text that parses, even one the
/// checker rejects. Spans are in `source`.
///
/// ```
/// use chartwright::{outline, DeclarationKind, SourceId};
/// let text = "game \"Demo\" version \"1\"\ntable hit \"Hit\" { roll d6 modifiers { cover -1 \"In cover\" } rows { 1-2 => \"Miss\" 3-6 => \"Hit\" } }";
/// let o = outline(SourceId::new(0), text).unwrap();
/// assert_eq!(o.declarations[0].name, "hit");
/// assert_eq!(o.declarations[0].kind, DeclarationKind::Table);
/// let cover = &o.declarations[1];
/// assert_eq!((cover.kind, cover.owner.as_deref(), cover.value.as_deref()), (DeclarationKind::Modifier, Some("hit"), Some("-1")));
/// assert_eq!(&text[cover.name_span.start as usize..cover.name_span.end as usize], "cover");
/// ```
pub fn outline(source: SourceId, text: &str) -> Result<Outline, ParseError> {
    let mut out = Collector {
        text,
        found: Vec::new(),
    };
    let base = match crate::syntax::parser::parse_document(source, text)? {
        Document::Game(file) => {
            for item in &file.items {
                out.item(item);
            }
            None
        }
        Document::Variant(variant) => {
            for change in &variant.changes {
                out.change(&change.kind);
            }
            Some(match variant.header.base {
                BaseRef::Bundled(name) => BaseName::Bundled(name.name.to_string()),
                BaseRef::Path(path) => BaseName::Path(path.text.to_string()),
            })
        }
    };
    Ok(Outline {
        declarations: out.found,
        base,
    })
}

/// Walks the AST, collecting declarations.
struct Collector<'t> {
    text: &'t str,
    found: Vec<Declaration>,
}

impl Collector<'_> {
    fn push(
        &mut self,
        name: &crate::syntax::ast::Ident,
        kind: DeclarationKind,
        owner: Option<&str>,
        label: &Label,
        span: Span,
    ) {
        self.found.push(Declaration {
            name: name.name.to_string(),
            kind,
            owner: owner.map(str::to_string),
            label: label.text.to_string(),
            value: None,
            name_span: name.span,
            span,
        });
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Choice(c) => self.choice(c, None),
            Item::Flag(f) => self.push(&f.name, DeclarationKind::Flag, None, &f.label, f.span),
            Item::Param(p) => self.push(&p.name, DeclarationKind::Param, None, &p.label, p.span),
            Item::Grid(g) => self.push(&g.name, DeclarationKind::Grid, None, &g.label, g.span),
            Item::Notes(n) => self.push(&n.name, DeclarationKind::Notes, None, &n.label, n.span),
            Item::Modifiers(set) => {
                let kind = DeclarationKind::ModifierSet;
                self.push(&set.name, kind, None, &set.label, set.span);
                self.entries(&set.entries, &set.name.name);
            }
            Item::Chart(chart) => self.chart(chart),
            Item::Expect(_) => {}
        }
    }

    fn choice(&mut self, c: &ChoiceDecl, owner: Option<&str>) {
        self.push(&c.name, DeclarationKind::Choice, owner, &c.label, c.span);
        for option in &c.options {
            let span = option.name.span.to(option.label.span);
            let kind = DeclarationKind::Option;
            self.push(&option.name, kind, Some(&c.name.name), &option.label, span);
        }
    }

    fn chart(&mut self, chart: &Chart) {
        let kind = match chart.kind {
            ChartKind::Table => DeclarationKind::Table,
            ChartKind::Check => DeclarationKind::Check,
            ChartKind::Opposed => DeclarationKind::Opposed,
            ChartKind::Pool => DeclarationKind::Pool,
            ChartKind::Ladder => DeclarationKind::Ladder,
        };
        self.push(&chart.name, kind, None, &chart.label, chart.span);
        let owner = chart.name.name.as_str();
        for clause in &chart.clauses {
            match clause {
                Clause::Choice(c) => self.choice(c, Some(owner)),
                Clause::Flag(f) => {
                    self.push(
                        &f.name,
                        DeclarationKind::Flag,
                        Some(owner),
                        &f.label,
                        f.span,
                    );
                }
                Clause::Param(p) => {
                    let kind = DeclarationKind::Param;
                    self.push(&p.name, kind, Some(owner), &p.label, p.span);
                }
                Clause::Modifiers(entries, _) => self.entries(entries, owner),
                _ => {}
            }
        }
    }

    fn entries(&mut self, entries: &[ModEntry], owner: &str) {
        for entry in entries {
            match entry {
                ModEntry::Modifier(m) => {
                    let kind = DeclarationKind::Modifier;
                    self.push(&m.name, kind, Some(owner), &m.label, m.span);
                    self.set_value(m.name.span, m.label.span);
                }
                ModEntry::OneOf(g) | ModEntry::Section(g) => self.entries(&g.entries, owner),
                ModEntry::ForSide(side) => self.entries(&side.entries, owner),
                ModEntry::Use(_) => {}
            }
        }
    }

    /// The value of the modifier just pushed: the text between its name
    /// and its label, as written.
    fn set_value(&mut self, name: Span, label: Span) {
        let value = self
            .text
            .get(name.end as usize..label.start as usize)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string);
        if let Some(last) = self.found.last_mut() {
            last.value = value;
        }
    }

    fn change(&mut self, change: &ChangeKind) {
        match change {
            ChangeKind::Item(item) => self.item(item),
            ChangeKind::AddMember {
                path, value, label, ..
            } => {
                let owner = path.owner.name.as_str();
                let span = path.span.to(label.span);
                let kind = if value.is_some() {
                    DeclarationKind::Modifier
                } else {
                    DeclarationKind::Option
                };
                self.push(&path.member, kind, Some(owner), label, span);
                if value.is_some() {
                    self.set_value(path.span, label.span);
                }
            }
            _ => {}
        }
    }
}
