//! Nodes → AST: one method per grammar rule that yields a node. Children are
//! picked by rule, never by position alone, and a missing child is an
//! internal error rather than a panic. The methods walk a [`Tree`], the
//! nodes of a batch of entries in one array.

mod pratt;
pub(super) mod tree;
mod variant;

use pratt::{Affix, Pratt};
pub(super) use tree::{slots_of, Node, Slot, Tree};

use super::grammar::Rule;
use super::{MAX_DEPTH, MAX_TREE_DEPTH};
use crate::number::Num;
use crate::syntax::ast::Cond;
use crate::syntax::ast::{
    Applicability, ArgValue, BinOp, Bounds, Cell, CellKind, Chart, ChartKind, ChoiceDecl, Clause,
    CmpOp, ColumnHead, ColumnScale, CondKind, CondOutcome, CountStage, DiceExpr, DiceTerm, Expect,
    ExpectArg, ExpectWant, Expr, ExprKind, FacePoint, Field, FlagDecl, FollowArg, FollowUp,
    ForSide, Grid, GridRow, Group, Header, Ident, Item, Label, LineCells, ModEntry, ModValue,
    ModifierDecl, ModifierSet, NaturalClause, Notes, OffRule, OffTable, OptionDecl, Outcome,
    ParamDecl, ParamSign, RangePart, RangeSet, ResultCell, ResultLine, Row, RowKey, ScaleValue,
    SimpleKind, SimpleOutcome, Step, Suffix, Target, TargetKind, UseDecl,
};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::span::{SourceId, Span, Spanned};

type Res<T> = Result<T, ParseError>;

/// `lhs bin rhs`, with its depth.
fn binary(bin: BinOp, (lhs, l): (Expr, usize), (rhs, r): (Expr, usize)) -> (Expr, usize) {
    let span = lhs.span.to(rhs.span);
    (
        Expr {
            kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
            span,
        },
        l.max(r) + 1,
    )
}

/// `terms` joined by `bin` (an associative operator) pairwise, level by
/// level: a tree of depth log2 of their number; `None` for no terms.
fn balanced(bin: BinOp, mut terms: Vec<(Expr, usize)>) -> Option<(Expr, usize)> {
    while terms.len() > 1 {
        let mut next = Vec::with_capacity(terms.len().div_ceil(2));
        let mut it = terms.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => binary(bin, a, b),
                None => a,
            });
        }
        terms = next;
    }
    terms.pop()
}

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

    fn choice_decl(&self, pair: &Node<'_>) -> Res<ChoiceDecl> {
        let kids = self.kids(pair);
        Ok(ChoiceDecl {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            options: self.options(&kids)?,
            default: kids
                .opt(Rule::choice_default)
                .map(|p| self.kids(&p).one(Rule::ident).map(|i| self.ident(&i)))
                .transpose()?,
            span: self.span(pair),
        })
    }

    fn options(&self, kids: &Kids<'_>) -> Res<Vec<OptionDecl>> {
        kids.all(Rule::option_decl)
            .map(|p| self.option_decl(&p))
            .collect()
    }

    fn option_decl(&self, pair: &Node<'_>) -> Res<OptionDecl> {
        let kids = self.kids(pair);
        Ok(OptionDecl {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
        })
    }

    fn flag_decl(&self, pair: &Node<'_>) -> Res<FlagDecl> {
        let kids = self.kids(pair);
        Ok(FlagDecl {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            span: self.span(pair),
        })
    }

    fn param_decl(&self, pair: &Node<'_>) -> Res<ParamDecl> {
        let kids = self.kids(pair);
        Ok(ParamDecl {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            bounds: kids
                .opt(Rule::bounds)
                .map(|p| self.bounds(&p))
                .transpose()?,
            default: self.default_value(&kids)?,
            whole: kids.has(Rule::kw_whole),
            span: self.span(pair),
        })
    }

    fn bounds(&self, pair: &Node<'_>) -> Res<Bounds> {
        let kids = self.kids(pair);
        Ok(Bounds {
            lo: self.value(&kids.nth(Rule::number, 0)?)?.node,
            hi: self.value(&kids.nth(Rule::number, 1)?)?.node,
            span: self.span(pair),
        })
    }

    fn default_value(&self, kids: &Kids<'_>) -> Res<Option<Spanned<Num>>> {
        kids.opt(Rule::default_value)
            .map(|p| self.value(&self.kids(&p).one(Rule::number)?))
            .transpose()
    }

    // -- Grids -------------------------------------------------------------

    fn grid(&self, pair: &Node<'_>) -> Res<Grid> {
        let kids = self.kids(pair);
        let mut idents = kids.all(Rule::ident).map(|p| self.ident(&p));
        let name = idents
            .next()
            .ok_or_else(|| internal(kids.at, "grid without a name".to_owned()))?;
        Ok(Grid {
            name,
            label: self.label(&kids.one(Rule::string)?)?,
            keys: idents.collect(),
            rows: kids
                .all(Rule::grid_row)
                .map(|p| self.grid_row(&p))
                .collect::<Res<_>>()?,
            notes: self.block_notes(&kids)?,
            span: self.span(pair),
        })
    }

    fn block_notes(&self, kids: &Kids<'_>) -> Res<Vec<Label>> {
        kids.all(Rule::block_notes)
            .map(|p| self.notes_text(&self.kids(&p).one(Rule::notes_text)?))
            .collect()
    }

    fn grid_row(&self, pair: &Node<'_>) -> Res<GridRow> {
        let kids = self.kids(pair);
        Ok(GridRow {
            labels: kids.all(Rule::ident).map(|p| self.ident(&p)).collect(),
            cells: kids
                .all(Rule::cell)
                .map(|p| self.cell(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    fn cell(&self, pair: &Node<'_>) -> Res<Cell> {
        let span = self.span(pair);
        let inner = self.first(pair)?;
        let kind = match inner.as_rule() {
            Rule::impossible => CellKind::Impossible,
            Rule::string => CellKind::Text(self.label(&inner)?.text),
            Rule::dice => CellKind::Dice(DiceExpr {
                terms: vec![(false, self.dice(&inner)?)],
                span,
            }),
            Rule::decimal => CellKind::Number(self.decimal(&inner)?),
            Rule::range_set => {
                let set = self.range_set(&inner)?;
                match self.plain_number(&inner)? {
                    Some(n) => CellKind::Number(Num::from_integer(n)),
                    None => CellKind::Target(set),
                }
            }
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(Cell { kind, span })
    }

    /// The value of a range set written as one plain integer (`+1`, `0`).
    fn plain_number(&self, set: &Node<'_>) -> Res<Option<i64>> {
        let parts = self.kids(set);
        let mut parts = parts.all(Rule::range_part);
        let (Some(part), None) = (parts.next(), parts.next()) else {
            return Ok(None);
        };
        let mut inner = part.into_inner();
        match (inner.next(), inner.next()) {
            (Some(only), None) if only.as_rule() == Rule::int => Ok(Some(self.int(&only)?.node)),
            _ => Ok(None),
        }
    }

    // -- Ranges ------------------------------------------------------------

    fn range_set(&self, pair: &Node<'_>) -> Res<RangeSet> {
        Ok(RangeSet {
            parts: self
                .kids(pair)
                .all(Rule::range_part)
                .map(|p| self.range_part(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    fn range_part(&self, pair: &Node<'_>) -> Res<RangePart> {
        let span = self.span(pair);
        let kids = self.kids(pair);
        let (lo, hi) = if let Some(p) = kids.opt(Rule::range_span) {
            let k = self.kids(&p);
            (
                Some(self.nat(&k.nth(Rule::nat, 0)?)?),
                Some(self.nat(&k.nth(Rule::nat, 1)?)?),
            )
        } else if let Some(p) = kids.opt(Rule::range_plus) {
            (Some(self.int(&self.kids(&p).one(Rule::int)?)?.node), None)
        } else {
            let first = self.int(&kids.nth(Rule::int, 0)?)?.node;
            if kids.has(Rule::kw_more) {
                (Some(first), None)
            } else if kids.has(Rule::kw_less) {
                (None, Some(first))
            } else if let Some(second) = kids.all(Rule::int).nth(1) {
                (Some(first), Some(self.int(&second)?.node))
            } else {
                (Some(first), Some(first))
            }
        };
        Ok(RangePart { lo, hi, span })
    }

    // -- Modifiers ---------------------------------------------------------

    fn modifier_set(&self, pair: &Node<'_>) -> Res<ModifierSet> {
        let kids = self.kids(pair);
        Ok(ModifierSet {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            entries: self.mod_entries(&kids)?,
            notes: self.block_notes(&kids)?,
            span: self.span(pair),
        })
    }

    fn mod_entries(&self, kids: &Kids<'_>) -> Res<Vec<ModEntry>> {
        kids.all(Rule::mod_entry)
            .map(|p| self.mod_entry(&p))
            .collect()
    }

    fn mod_entry(&self, pair: &Node<'_>) -> Res<ModEntry> {
        let inner = self.first(pair)?;
        let span = self.span(&inner);
        let kids = self.kids(&inner);
        Ok(match inner.as_rule() {
            Rule::one_of | Rule::section => {
                let group = Group {
                    heading: kids.opt(Rule::string).map(|p| self.label(&p)).transpose()?,
                    subtract: kids.has(Rule::kw_subtract),
                    applicability: self.applicability(&kids)?,
                    entries: self.mod_entries(&kids)?,
                    span,
                };
                if inner.as_rule() == Rule::one_of {
                    ModEntry::OneOf(group)
                } else {
                    ModEntry::Section(group)
                }
            }
            Rule::use_decl => ModEntry::Use(UseDecl {
                set: self.ident(&kids.one(Rule::ident)?),
                cond: self.opt_cond(&kids)?,
                span,
            }),
            Rule::for_side => ModEntry::ForSide(ForSide {
                side: kids.opt(Rule::ident).map(|p| self.ident(&p)),
                entries: self.mod_entries(&kids)?,
                span,
            }),
            Rule::modifier => ModEntry::Modifier(ModifierDecl {
                name: self.ident(&kids.one(Rule::ident)?),
                value: self.mod_value(&kids.one(Rule::mod_value)?)?,
                label: self.label(&kids.one(Rule::string)?)?,
                applicability: self.applicability(&kids)?,
                always: kids.has(Rule::kw_always),
                span,
            }),
            _ => return Err(self.unexpected(&inner)),
        })
    }

    fn applicability(&self, kids: &Kids<'_>) -> Res<Option<Applicability>> {
        let Some(pair) = kids.opt(Rule::applicability) else {
            return Ok(None);
        };
        let inner = self.kids(&pair);
        Ok(Some(Applicability {
            unless: inner.has(Rule::kw_unless),
            cond: self.cond(&inner.one(Rule::cond)?)?,
            span: self.span(&pair),
        }))
    }

    fn mod_value(&self, pair: &Node<'_>) -> Res<ModValue> {
        let span = self.span(pair);
        let inner = self.first(pair)?;
        let kids = self.kids(&inner);
        Ok(match inner.as_rule() {
            Rule::param_value => {
                let sign = kids.one(Rule::param_sign)?;
                let sign = match sign.as_str() {
                    "+r" => ParamSign::Plus,
                    "-r" => ParamSign::Minus,
                    "rL" => ParamSign::Left,
                    "rR" => ParamSign::Right,
                    _ => ParamSign::Either,
                };
                ModValue::Param {
                    sign,
                    bounds: kids
                        .opt(Rule::bounds)
                        .map(|p| self.bounds(&p))
                        .transpose()?,
                    default: self.default_value(&kids)?,
                    from: kids
                        .opt(Rule::from_grid)
                        .map(|p| self.kids(&p).one(Rule::ident).map(|i| self.ident(&i)))
                        .transpose()?,
                    span,
                }
            }
            Rule::counted_value => {
                // `+1 each (max +4)`, or as shifts: `1L each (max 2L)`.
                let amounts: Vec<Node<'_>> = kids
                    .parent
                    .into_inner()
                    .filter(|p| matches!(p.as_rule(), Rule::int | Rule::shift_value))
                    .collect();
                let amount = |p: &Node<'_>| match p.as_rule() {
                    Rule::shift_value => self.shift(p),
                    _ => self.int(p),
                };
                let first = amounts.first().ok_or_else(|| self.unexpected(&inner))?;
                ModValue::Counted {
                    per: amount(first)?,
                    max: amounts.get(1).map(amount).transpose()?,
                    shifts: first.as_rule() == Rule::shift_value,
                    span,
                }
            }
            Rule::fixed_value => ModValue::Fixed(self.value(&kids.one(Rule::number)?)?),
            Rule::shift_value => ModValue::Shift(self.shift(&inner)?),
            _ => return Err(self.unexpected(&inner)),
        })
    }

    // -- Charts ------------------------------------------------------------

    fn chart(&self, pair: &Node<'_>) -> Res<Chart> {
        let kids = self.kids(pair);
        let keyword = kids.first()?;
        let kind = match keyword.as_rule() {
            Rule::kw_table => ChartKind::Table,
            Rule::kw_check => ChartKind::Check,
            Rule::kw_opposed => ChartKind::Opposed,
            Rule::kw_pool => ChartKind::Pool,
            Rule::kw_ladder => ChartKind::Ladder,
            _ => return Err(self.unexpected(&keyword)),
        };
        Ok(Chart {
            kind,
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            clauses: kids
                .all(Rule::clause)
                .map(|p| self.clause(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    #[allow(clippy::too_many_lines)] // one match arm per clause kind
    fn clause(&self, pair: &Node<'_>) -> Res<Clause> {
        let inner = self.first(pair)?;
        let span = self.span(&inner);
        let kids = self.kids(&inner);
        Ok(match inner.as_rule() {
            Rule::roll_clause => Clause::Roll(self.dice_expr(&kids.one(Rule::dice_expr)?)?),
            Rule::choice_decl => Clause::Choice(self.choice_decl(&inner)?),
            Rule::flag_decl => Clause::Flag(self.flag_decl(&inner)?),
            Rule::param_decl => Clause::Param(self.param_decl(&inner)?),
            Rule::modifiers_clause => Clause::Modifiers(self.mod_entries(&kids)?, span),
            Rule::columns_clause => Clause::Columns(self.ident(&kids.one(Rule::ident)?)),
            Rule::column_scale => Clause::ColumnScale(ColumnScale {
                value: match kids.opt(Rule::scale_ratio) {
                    Some(r) => {
                        let r = self.kids(&r);
                        ScaleValue::Ratio(
                            self.expr(&r.nth(Rule::expr, 0)?)?,
                            self.expr(&r.nth(Rule::expr, 1)?)?,
                        )
                    }
                    None => ScaleValue::Expr(self.expr(&kids.one(Rule::expr)?)?),
                },
                heads: kids
                    .all(Rule::scale_head)
                    .map(|p| {
                        let k = self.kids(&p);
                        let mut head = self.column_head(&k.one(Rule::column_head)?)?;
                        head.label = k.opt(Rule::string).map(|l| self.label(&l)).transpose()?;
                        Ok(head)
                    })
                    .collect::<Res<_>>()?,
                span,
            }),
            Rule::off_table_clause => Clause::OffTable(OffTable {
                beyond: kids
                    .opt(Rule::column_head)
                    .map(|p| self.column_head(&p))
                    .transpose()?,
                rule: match kids.opt(Rule::read_column) {
                    Some(r) => {
                        let r = self.kids(&r);
                        OffRule::Read {
                            head: self.column_head(&r.one(Rule::column_head)?)?,
                            by: r.opt(Rule::int).map(|p| self.int(&p)).transpose()?,
                        }
                    }
                    None => OffRule::Outcome(self.outcome(&kids.one(Rule::outcome)?)?),
                },
                span,
            }),
            Rule::shifts_clause => Clause::ShiftsPastEdges(span),
            Rule::cap_clause => {
                let n = kids.one(Rule::nat)?;
                Clause::Cap(Spanned::new(self.nat(&n)?, self.span(&n)), span)
            }
            Rule::clamp_clause => Clause::Clamp {
                lo: self.int(&kids.nth(Rule::int, 0)?)?.node,
                hi: self.int(&kids.nth(Rule::int, 1)?)?.node,
                span,
            },
            Rule::results_clause => Clause::Results(
                kids.all(Rule::result_line)
                    .map(|p| self.result_line(&p))
                    .collect::<Res<_>>()?,
                span,
            ),
            Rule::dash_clause => Clause::Dash(self.outcome(&kids.one(Rule::outcome)?)?, span),
            Rule::fields_clause => Clause::Fields(self.options(&kids)?, span),
            Rule::score_clause => Clause::Score(self.expr(&kids.one(Rule::expr)?)?),
            Rule::rows_clause => Clause::Rows(
                kids.all(Rule::row)
                    .map(|p| self.row(&p))
                    .collect::<Res<_>>()?,
                span,
            ),
            Rule::natural_clause => Clause::Natural(NaturalClause {
                ranges: self.range_set(&kids.one(Rule::range_set)?)?,
                cond: self.opt_cond(&kids)?,
                also: kids.has(Rule::kw_also),
                outcome: self.outcome(&kids.one(Rule::outcome)?)?,
                span,
            }),
            Rule::best_clause => Clause::Best {
                row: self.label(&kids.one(Rule::string)?)?,
                cond: self.cond(&kids.one(Rule::cond)?)?,
                span,
            },
            Rule::succeed_clause => Clause::Succeed(self.target(&kids.one(Rule::target)?)?),
            Rule::success_clause => Clause::Success(self.outcome(&kids.one(Rule::outcome)?)?),
            Rule::failure_clause => Clause::Failure(self.outcome(&kids.one(Rule::outcome)?)?),
            Rule::sides_clause => Clause::Sides(self.options(&kids)?, span),
            Rule::count_clause => Clause::Count(self.count_stage(&inner)?),
            Rule::per_clause => Clause::Per {
                of: self.ident(&kids.one(Rule::ident)?),
                roll: self.dice_expr(&kids.one(Rule::dice_expr)?)?,
                stage: self.count_stage(&kids.one(Rule::count_clause)?)?,
                once: kids.has(Rule::kw_once),
                span,
            },
            Rule::report_clause => Clause::Report(
                kids.all(Rule::ident).map(|p| self.ident(&p)).collect(),
                span,
            ),
            Rule::steps_clause => Clause::Steps(
                kids.all(Rule::step)
                    .map(|p| {
                        let k = self.kids(&p);
                        Ok(Step {
                            value: self.value(&k.one(Rule::number)?)?,
                            label: k.opt(Rule::string).map(|l| self.label(&l)).transpose()?,
                        })
                    })
                    .collect::<Res<_>>()?,
                span,
            ),
            Rule::start_clause => Clause::Start(self.expr(&kids.one(Rule::expr)?)?),
            Rule::at_most_clause => Clause::AtMost {
                value: self.expr(&kids.one(Rule::expr)?)?,
                cond: self.opt_cond(&kids)?,
                span,
            },
            Rule::chart_notes => Clause::Notes(self.notes_text(&kids.one(Rule::notes_text)?)?),
            _ => return Err(self.unexpected(&inner)),
        })
    }

    /// A column key: `1-2` (odds, read as 1/2), `-3`, `0.25`, `50+`.
    fn column_head(&self, pair: &Node<'_>) -> Res<ColumnHead> {
        let text = pair.as_str();
        let span = self.span(pair);
        let bare = text.strip_suffix('+').unwrap_or(text);
        let (value, ratio) = match bare.split_once('-').filter(|(a, _)| !a.is_empty()) {
            Some((a, d)) => {
                let (a, d) = (crate::number::parse(a), crate::number::parse(d));
                let (Some(a), Some(d)) = (a, d) else {
                    return Err(self.too_large(pair));
                };
                let Some(odds) = crate::number::div(a, d) else {
                    return Err(ParseError::new(
                        ParseErrorKind::ZeroOdds { text: text.into() },
                        span,
                    ));
                };
                (odds, true)
            }
            None => (
                crate::number::parse(bare).ok_or_else(|| self.too_large(pair))?,
                false,
            ),
        };
        Ok(ColumnHead {
            text: text.into(),
            value,
            ratio,
            label: None,
            span,
        })
    }

    fn result_line(&self, pair: &Node<'_>) -> Res<ResultLine> {
        let kids = self.kids(pair);
        let cells = match kids.opt(Rule::outcome) {
            Some(o) => LineCells::Every(self.outcome(&o)?),
            None => LineCells::Each(
                kids.all(Rule::result_cell)
                    .map(|c| self.result_cell(&c))
                    .collect::<Res<_>>()?,
            ),
        };
        Ok(ResultLine {
            rolls: self.range_set(&kids.one(Rule::range_set)?)?,
            cells,
            span: self.span(pair),
        })
    }

    /// A results cell: `-`, a text, or a chain of texts and conditions
    /// nested from the right as an outcome's `if ... else` chain is.
    pub(super) fn result_cell(&self, pair: &Node<'_>) -> Res<ResultCell> {
        let span = self.span(pair);
        let inner = self.first(pair)?;
        let text: crate::syntax::ast::CompactString = inner
            .as_str()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .into();
        let outcome = match inner.as_rule() {
            Rule::impossible => None,
            Rule::printed_cell => Some(CondOutcome::Simple(self.printed_cell(&inner)?)),
            Rule::cell_if => {
                let kids = self.kids(&inner);
                if let Some(too_deep) = kids.all(Rule::printed_cell).nth(MAX_DEPTH) {
                    let start = self.span(&too_deep).start as usize;
                    return Err(ParseError::new(
                        ParseErrorKind::TooDeep { limit: MAX_DEPTH },
                        Span::new(self.source, start, span.end as usize),
                    ));
                }
                let mut links = Vec::new();
                let mut conds = kids.all(Rule::cond);
                for cell in kids.all(Rule::printed_cell) {
                    let start = self.span(&cell).start;
                    let cond = conds.next().map(|c| self.cond(&c)).transpose()?;
                    links.push((start, self.printed_cell(&cell)?, cond));
                }
                let Some((_, last, None)) = links.pop() else {
                    return Err(self.unexpected(&inner));
                };
                let mut chain = CondOutcome::Simple(last);
                while let Some((start, then_, cond)) = links.pop() {
                    let Some(cond) = cond else {
                        return Err(self.unexpected(&inner));
                    };
                    chain = CondOutcome::If {
                        then_,
                        cond,
                        otherwise: Box::new(chain),
                        span: Span::new(self.source, start as usize, span.end as usize),
                    };
                }
                Some(chain)
            }
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(ResultCell {
            outcome,
            text,
            span,
        })
    }

    /// A cell's text as an outcome: quoted, a word, or a digit cell.
    fn printed_cell(&self, pair: &Node<'_>) -> Res<SimpleOutcome> {
        let inner = self.first(pair)?;
        let text = match inner.as_rule() {
            Rule::string => self.label(&inner)?.text,
            Rule::ident | Rule::digit_cell => inner.as_str().into(),
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(SimpleOutcome {
            kind: SimpleKind::Text(text),
            follow_ups: Vec::new(),
            span: self.span(pair),
        })
    }

    fn count_stage(&self, pair: &Node<'_>) -> Res<CountStage> {
        let kids = self.kids(pair);
        Ok(CountStage {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            target: self.target(&kids.one(Rule::target)?)?,
            span: self.span(pair),
        })
    }

    fn row(&self, pair: &Node<'_>) -> Res<Row> {
        let kids = self.kids(pair);
        let key = if let Some(columns) = kids.opt(Rule::column_key) {
            RowKey::Columns(
                self.kids(&columns)
                    .all(Rule::column_cell)
                    .map(|p| self.column_cell(&p))
                    .collect::<Res<_>>()?,
            )
        } else {
            RowKey::Single(self.range_set(&kids.one(Rule::range_set)?)?)
        };
        Ok(Row {
            key,
            outcome: self.outcome(&kids.one(Rule::outcome)?)?,
            span: self.span(pair),
        })
    }

    fn column_cell(&self, pair: &Node<'_>) -> Res<RangeSet> {
        let kids = self.kids(pair);
        match kids.opt(Rule::range_set) {
            Some(set) => self.range_set(&set),
            None => Ok(RangeSet {
                parts: Vec::new(),
                span: self.span(pair),
            }),
        }
    }

    fn notes_item(&self, pair: &Node<'_>) -> Res<Notes> {
        let kids = self.kids(pair);
        Ok(Notes {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            text: self.notes_text(&kids.one(Rule::notes_text)?)?,
            span: self.span(pair),
        })
    }

    /// `"""text"""` or `"text"`.
    fn notes_text(&self, pair: &Node<'_>) -> Res<Label> {
        let inner = self.first(pair)?;
        match inner.as_rule() {
            Rule::string => self.label(&inner),
            Rule::triple_string => {
                let body = self.kids(&inner).one(Rule::triple_inner)?;
                Ok(Label {
                    text: block_text(body.as_str()).into(),
                    span: self.span(&inner),
                })
            }
            _ => Err(self.unexpected(&inner)),
        }
    }

    // -- Outcomes ----------------------------------------------------------

    fn outcome(&self, pair: &Node<'_>) -> Res<Outcome> {
        Ok(Outcome {
            fields: self
                .kids(pair)
                .all(Rule::field)
                .map(|p| self.field(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    fn field(&self, pair: &Node<'_>) -> Res<Field> {
        Ok(Field {
            choices: self
                .kids(pair)
                .all(Rule::cond_outcome)
                .map(|p| self.cond_outcome(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    /// `A if c else B if d else C`: the grammar lists the chain flat
    /// (outcomes and conditions alternating); it nests to the right. Each
    /// nested `if` spans from its first outcome to the end of the chain.
    fn cond_outcome(&self, pair: &Node<'_>) -> Res<CondOutcome> {
        let kids = self.kids(pair);
        let end = self.span(pair).end;
        if let Some(too_deep) = kids.all(Rule::simple_outcome).nth(MAX_DEPTH) {
            let start = self.span(&too_deep).start;
            let span = Span::new(self.source, start as usize, end as usize);
            return Err(ParseError::new(
                ParseErrorKind::TooDeep { limit: MAX_DEPTH },
                span,
            ));
        }
        if !kids.has(Rule::cond) {
            return Ok(CondOutcome::Simple(
                self.simple_outcome(&kids.one(Rule::simple_outcome)?)?,
            ));
        }
        // Built in source order, so the first error in the text is the one
        // reported; then nested from the right.
        let mut links = Vec::new();
        let mut conds = kids.all(Rule::cond);
        for outcome in kids.all(Rule::simple_outcome) {
            let start = self.span(&outcome).start;
            let built = self.simple_outcome(&outcome)?;
            let cond = conds.next().map(|c| self.cond(&c)).transpose()?;
            links.push((start, built, cond));
        }
        let Some((_, last, None)) = links.pop() else {
            return Err(self.unexpected(pair));
        };
        let mut chain = CondOutcome::Simple(last);
        while let Some((start, then_, cond)) = links.pop() {
            let Some(cond) = cond else {
                return Err(self.unexpected(pair));
            };
            chain = CondOutcome::If {
                then_,
                cond,
                otherwise: Box::new(chain),
                span: Span::new(self.source, start as usize, end as usize),
            };
        }
        Ok(chain)
    }

    fn simple_outcome(&self, pair: &Node<'_>) -> Res<SimpleOutcome> {
        let kids = self.kids(pair);
        let kind = if let Some(text) = kids.opt(Rule::string) {
            SimpleKind::Text(self.label(&text)?.text)
        } else if kids.has(Rule::kw_success) {
            SimpleKind::Success
        } else if kids.has(Rule::kw_failure) {
            SimpleKind::Failure
        } else {
            return Err(internal(kids.at, "outcome without text".to_owned()));
        };
        Ok(SimpleOutcome {
            kind,
            follow_ups: kids
                .all(Rule::follow_up)
                .map(|p| self.follow_up(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    fn follow_up(&self, pair: &Node<'_>) -> Res<FollowUp> {
        let kids = self.kids(pair);
        let args = match kids.opt(Rule::follow_args) {
            Some(args) => self
                .kids(&args)
                .all(Rule::follow_arg)
                .map(|p| self.follow_arg(&p))
                .collect::<Res<_>>()?,
            None => Vec::new(),
        };
        if let Some(again) = kids.opt(Rule::kw_again) {
            return Ok(FollowUp {
                chart: self.ident(&again),
                again: true,
                args,
                span: self.span(pair),
            });
        }
        Ok(FollowUp {
            chart: self.ident(&kids.one(Rule::qualified_ident)?),
            again: false,
            args,
            span: self.span(pair),
        })
    }

    fn expect_item(&self, pair: &Node<'_>) -> Res<Expect> {
        let kids = self.kids(pair);
        let args = kids
            .all(Rule::expect_arg)
            .map(|p| {
                let k = self.kids(&p);
                let value = k
                    .opt(Rule::number)
                    .or_else(|| k.opt(Rule::ident))
                    .map(|v| v.as_str().into());
                Ok(ExpectArg {
                    name: self.ident(&k.one(Rule::qualified_ident)?),
                    value,
                    span: self.span(&p),
                })
            })
            .collect::<Res<Vec<_>>>()?;
        let naturals = match kids.opt(Rule::expect_natural) {
            Some(n) => self
                .kids(&n)
                .all(Rule::nat)
                .map(|p| Ok(Spanned::new(self.nat(&p)?, self.span(&p))))
                .collect::<Res<Vec<_>>>()?,
            None => Vec::new(),
        };
        let want = if let Some(e) = kids.opt(Rule::expect_error) {
            ExpectWant::Error(self.ident(&self.kids(&e).one(Rule::ident)?))
        } else {
            let outcome = self.kids(&kids.one(Rule::expect_outcome)?);
            let odds = match outcome.opt(Rule::fraction) {
                Some(fraction) => {
                    let span = self.span(&fraction);
                    let parts = self.kids(&fraction);
                    let numer = self.nat(&parts.nth(Rule::nat, 0)?)?;
                    let denom = match parts.all(Rule::nat).nth(1) {
                        Some(p) => self.nat(&p)?,
                        None => 1,
                    };
                    Some(Spanned::new((numer, denom), span))
                }
                None => None,
            };
            ExpectWant::Outcome {
                text: self.label(&outcome.one(Rule::string)?)?,
                odds,
            }
        };
        Ok(Expect {
            chart: self.ident(&kids.one(Rule::qualified_ident)?),
            args,
            naturals,
            want,
            span: self.span(pair),
        })
    }

    fn follow_arg(&self, pair: &Node<'_>) -> Res<FollowArg> {
        let kids = self.kids(pair);
        let value = if let Some(int) = kids.opt(Rule::int) {
            Some(ArgValue::Int(self.int(&int)?.node))
        } else if let Some(d) = kids.opt(Rule::decimal) {
            Some(ArgValue::Number(self.decimal(&d)?))
        } else {
            kids.all(Rule::ident)
                .nth(1)
                .map(|p| ArgValue::Name(self.ident(&p)))
        };
        Ok(FollowArg {
            name: self.ident(&kids.one(Rule::ident)?),
            value,
            span: self.span(pair),
        })
    }

    // -- Targets -----------------------------------------------------------

    fn target(&self, pair: &Node<'_>) -> Res<Target> {
        let inner = self.first(pair)?;
        let kids = self.kids(&inner);
        let kind = match inner.as_rule() {
            Rule::target_at_least => TargetKind::AtLeast(self.expr(&kids.one(Rule::expr)?)?),
            Rule::target_at_most => TargetKind::AtMost(self.expr(&kids.one(Rule::expr)?)?),
            Rule::target_more_than => TargetKind::MoreThan(self.expr(&kids.one(Rule::expr)?)?),
            Rule::target_less_than => TargetKind::LessThan(self.expr(&kids.one(Rule::expr)?)?),
            Rule::range_set => TargetKind::Range(self.range_set(&inner)?),
            Rule::target_grid => {
                let shift = match kids.opt(Rule::expr) {
                    None => None,
                    Some(e) => {
                        let expr = self.expr(&e)?;
                        match kids.opt(Rule::op_sub) {
                            Some(op) => Some(Expr {
                                span: self.span(&op).to(expr.span),
                                kind: ExprKind::Neg(Box::new(expr)),
                            }),
                            None => Some(expr),
                        }
                    }
                };
                TargetKind::Grid {
                    grid: self.ident(&kids.one(Rule::ident)?),
                    shift,
                }
            }
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(Target {
            kind,
            span: self.span(pair),
        })
    }

    // -- Dice --------------------------------------------------------------

    fn dice_expr(&self, pair: &Node<'_>) -> Res<DiceExpr> {
        let mut terms = Vec::new();
        let mut minus = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::op_add => minus = false,
                Rule::op_sub => minus = true,
                Rule::dice_term => terms.push((minus, self.dice_term(&p)?)),
                _ => return Err(self.unexpected(&p)),
            }
        }
        Ok(DiceExpr {
            terms,
            span: self.span(pair),
        })
    }

    fn dice_term(&self, pair: &Node<'_>) -> Res<DiceTerm> {
        let inner = self.first(pair)?;
        match inner.as_rule() {
            Rule::dice => self.dice(&inner),
            Rule::dice_best => {
                let kids = self.kids(&inner);
                Ok(DiceTerm::Best {
                    highest: kids.opt(Rule::kw_max).is_some(),
                    rolls: kids
                        .all(Rule::dice_expr)
                        .map(|p| self.dice_expr(&p))
                        .collect::<Res<_>>()?,
                    span: self.span(&inner),
                })
            }
            Rule::paren_dice => {
                let kids = self.kids(&inner);
                let count = self.expr(&kids.one(Rule::expr)?)?;
                let tail = self.kids(&kids.one(Rule::paren_dice_tail)?);
                Ok(DiceTerm::Dice {
                    count: Some(Box::new(count)),
                    sides: self.sides(&tail.one(Rule::dice_sides)?)?,
                    notation: self.notation(&tail)?,
                    span: self.span(&inner),
                })
            }
            Rule::nat => Ok(DiceTerm::Number(Spanned::new(
                self.nat(&inner)?,
                self.span(&inner),
            ))),
            Rule::ident => Ok(DiceTerm::Name(self.ident(&inner))),
            _ => Err(self.unexpected(&inner)),
        }
    }

    /// `NdS[suffix]` as one token.
    fn dice(&self, pair: &Node<'_>) -> Res<DiceTerm> {
        let span = self.span(pair);
        let kids = self.kids(pair);
        let count = match kids.opt(Rule::dice_count) {
            Some(p) if p.as_str().contains('.') => Some(Box::new(Expr {
                kind: ExprKind::Number(self.decimal(&p)?),
                span: self.span(&p),
            })),
            Some(p) => Some(Box::new(Expr {
                kind: ExprKind::Int(self.number(&p)?),
                span: self.span(&p),
            })),
            None => None,
        };
        let sides = self.sides(&kids.one(Rule::dice_sides)?)?;
        Ok(DiceTerm::Dice {
            count,
            sides,
            notation: self.notation(&kids)?,
            span,
        })
    }

    fn sides(&self, pair: &Node<'_>) -> Res<u64> {
        pair.as_str().parse().map_err(|_| self.too_large(pair))
    }

    /// The notation after `NdS`, in the order written.
    fn notation(&self, kids: &Kids<'_>) -> Res<Vec<Spanned<Suffix>>> {
        kids.all(Rule::dice_suffix)
            .map(|p| Ok(Spanned::new(self.suffix(&p)?, self.span(&p))))
            .collect()
    }

    fn suffix(&self, pair: &Node<'_>) -> Res<Suffix> {
        let inner = self.first(pair)?;
        match inner.as_rule() {
            Rule::dice_keep => {
                let text = inner.as_str();
                let (highest, drop, digits) = match text.get(..2) {
                    Some("kh") => (true, false, &text[2..]),
                    Some("kl") => (false, false, &text[2..]),
                    Some("dh") => (true, true, &text[2..]),
                    Some("dl") => (false, true, &text[2..]),
                    _ => (true, false, text.get(1..).unwrap_or_default()),
                };
                let n = digits.parse().map_err(|_| self.too_large(&inner))?;
                Ok(Suffix::Keep { highest, drop, n })
            }
            Rule::dice_reroll => {
                let kids = self.kids(&inner);
                Ok(Suffix::Reroll {
                    once: kids.opt(Rule::reroll_once).is_some(),
                    on: self.face_point(&kids.one(Rule::face_point)?)?,
                })
            }
            Rule::dice_explode => {
                let kids = self.kids(&inner);
                let depth = match kids.opt(Rule::explode_depth) {
                    Some(p) => Some(p.as_str().parse().map_err(|_| self.too_large(&p))?),
                    None => None,
                };
                Ok(Suffix::Explode {
                    compound: kids.opt(Rule::explode_compound).is_some(),
                    depth,
                    on: kids
                        .opt(Rule::face_point)
                        .map(|p| self.face_point(&p))
                        .transpose()?,
                })
            }
            _ => Err(self.unexpected(&inner)),
        }
    }

    /// `1`, `=6`, `<3`, `>=5`.
    fn face_point(&self, pair: &Node<'_>) -> Res<FacePoint> {
        let text = pair.as_str();
        let digits = text.trim_start_matches(['<', '>', '=']);
        let op = match &text[..text.len() - digits.len()] {
            "<" => CmpOp::Lt,
            "<=" => CmpOp::Le,
            ">" => CmpOp::Gt,
            ">=" => CmpOp::Ge,
            _ => CmpOp::Eq,
        };
        let value = digits.parse().map_err(|_| self.too_large(pair))?;
        Ok(FacePoint { op, value })
    }

    // -- Conditions --------------------------------------------------------

    fn opt_cond(&self, kids: &Kids<'_>) -> Res<Option<Cond>> {
        kids.opt(Rule::cond).map(|p| self.cond(&p)).transpose()
    }

    fn cond(&self, pair: &Node<'_>) -> Res<Cond> {
        self.check_prefixes(pair, Rule::kw_not)?;
        self.cond_tree(pair).map(|(cond, _)| cond)
    }

    /// A condition's operators: `not` binds tighter than `and`, `and`
    /// tighter than `or`.
    fn cond_op(rule: Rule) -> Option<Affix> {
        match rule {
            Rule::kw_or => Some(Affix::Infix(1)),
            Rule::kw_and => Some(Affix::Infix(2)),
            Rule::kw_not => Some(Affix::Prefix),
            _ => None,
        }
    }

    fn cond_tree(&self, pair: &Node<'_>) -> Res<(Cond, usize)> {
        Pratt {
            ops: Self::cond_op,
            primary: &|p| self.cond_atom(&p),
            prefix: &|op, (rhs, depth): (Cond, usize)| {
                self.deeper(&op, depth)?;
                Ok((
                    Cond {
                        span: self.span(&op).to(rhs.span),
                        kind: CondKind::Not(Box::new(rhs)),
                    },
                    depth + 1,
                ))
            },
            infix: &|(lhs, l), op, (rhs, r)| {
                let depth = l.max(r);
                self.deeper(&op, depth)?;
                let span = lhs.span.to(rhs.span);
                let kind = match op.as_rule() {
                    Rule::kw_and => CondKind::And(Box::new(lhs), Box::new(rhs)),
                    Rule::kw_or => CondKind::Or(Box::new(lhs), Box::new(rhs)),
                    _ => return Err(self.unexpected(&op)),
                };
                Ok((Cond { kind, span }, depth + 1))
            },
            long_run: None,
            at: self.span(pair),
        }
        .parse(pair.into_inner())
    }

    fn cond_atom(&self, atom: &Node<'_>) -> Res<(Cond, usize)> {
        let pair = &self.first(atom)?;
        let span = self.span(pair);
        let kids = self.kids(pair);
        let (kind, depth) = match pair.as_rule() {
            Rule::in_test => {
                let mut idents = kids.all(Rule::ident).map(|p| self.ident(&p));
                let choice = idents
                    .next()
                    .ok_or_else(|| internal(span, "`in` without a choice".to_owned()))?;
                (CondKind::In(choice, idents.collect()), 1)
            }
            Rule::comparison => {
                let op = kids.one(Rule::cmp_op)?;
                let op = match op.as_str() {
                    "=" => CmpOp::Eq,
                    "!=" => CmpOp::Ne,
                    "<" => CmpOp::Lt,
                    "<=" => CmpOp::Le,
                    ">" => CmpOp::Gt,
                    ">=" => CmpOp::Ge,
                    _ => return Err(self.unexpected(&op)),
                };
                let (lhs, l) = self.expr_with_depth(&kids.nth(Rule::expr, 0)?)?;
                let (rhs, r) = self.expr_with_depth(&kids.nth(Rule::expr, 1)?)?;
                (CondKind::Cmp(op, lhs, rhs), l.max(r) + 1)
            }
            Rule::paren_cond => {
                let inner = kids.one(Rule::cond)?;
                self.check_prefixes(&inner, Rule::kw_not)?;
                let (cond, depth) = self.cond_tree(&inner)?;
                return Ok((Cond { span, ..cond }, depth));
            }
            Rule::flag_ref => (CondKind::Flag(self.ident(&kids.one(Rule::ident)?)), 1),
            _ => return Err(self.unexpected(pair)),
        };
        Ok((Cond { kind, span }, depth))
    }

    // -- Expressions -------------------------------------------------------

    fn expr(&self, pair: &Node<'_>) -> Res<Expr> {
        self.expr_with_depth(pair).map(|(expr, _)| expr)
    }

    /// An expression's operators: `-x` binds tighter than `*` and `/`,
    /// which bind tighter than `+` and `-`.
    fn expr_op(rule: Rule) -> Option<Affix> {
        match rule {
            Rule::op_add | Rule::op_sub => Some(Affix::Infix(1)),
            Rule::op_mul | Rule::op_div => Some(Affix::Infix(2)),
            Rule::op_neg => Some(Affix::Prefix),
            _ => None,
        }
    }

    fn expr_with_depth(&self, pair: &Node<'_>) -> Res<(Expr, usize)> {
        self.check_prefixes(pair, Rule::op_neg)?;
        Pratt {
            ops: Self::expr_op,
            primary: &|p| self.expr_atom(&p),
            prefix: &|op, (rhs, depth): (Expr, usize)| {
                self.deeper(&op, depth)?;
                Ok((
                    Expr {
                        span: self.span(&op).to(rhs.span),
                        kind: ExprKind::Neg(Box::new(rhs)),
                    },
                    depth + 1,
                ))
            },
            infix: &|(lhs, l), op, (rhs, r)| {
                let depth = l.max(r);
                self.deeper(&op, depth)?;
                let bin = match op.as_rule() {
                    Rule::op_add => BinOp::Add,
                    Rule::op_sub => BinOp::Sub,
                    Rule::op_mul => BinOp::Mul,
                    Rule::op_div => BinOp::Div,
                    _ => return Err(self.unexpected(&op)),
                };
                Ok(binary(bin, (lhs, l), (rhs, r)))
            },
            long_run: Some(&|first, run| self.long_run(first, run)),
            at: self.span(pair),
        }
        .parse(pair.into_inner())
    }

    /// A long run of `+` and `-` (or of `*` and `/`) as the terms added
    /// minus the terms subtracted (or multiplied over divided), each side a
    /// balanced tree: the same exact value, at a depth of log2 of the terms.
    fn long_run(
        &self,
        first: (Expr, usize),
        run: Vec<(Node<'_>, (Expr, usize))>,
    ) -> Res<(Expr, usize)> {
        let Some(op) = run.first().map(|(op, _)| *op) else {
            return Ok(first);
        };
        let (join, inverse) = match op.as_rule() {
            Rule::op_add | Rule::op_sub => (BinOp::Add, BinOp::Sub),
            _ => (BinOp::Mul, BinOp::Div),
        };
        let (mut with, mut against) = (vec![first], Vec::new());
        for (op, term) in run {
            match op.as_rule() {
                Rule::op_add | Rule::op_mul => with.push(term),
                Rule::op_sub | Rule::op_div => against.push(term),
                _ => return Err(self.unexpected(&op)),
            }
        }
        let with = balanced(join, with);
        let built = match balanced(join, against) {
            Some(against) => with.map(|w| binary(inverse, w, against)),
            None => with,
        };
        let built = built.ok_or_else(|| internal(self.span(&op), "an empty run".to_owned()))?;
        self.deeper(&op, built.1.saturating_sub(1))?;
        Ok(built)
    }

    fn expr_atom(&self, atom: &Node<'_>) -> Res<(Expr, usize)> {
        let pair = &self.first(atom)?;
        let span = self.span(pair);
        let kind = match pair.as_rule() {
            Rule::nat => ExprKind::Int(self.nat(pair)?),
            Rule::udecimal => ExprKind::Number(self.decimal(pair)?),
            Rule::call => {
                let kids = self.kids(pair);
                let mut depth = 1;
                let mut args = Vec::new();
                for e in kids.all(Rule::expr) {
                    let (arg, d) = self.expr_with_depth(&e)?;
                    depth = depth.max(d + 1);
                    args.push(arg);
                }
                self.deeper(pair, depth)?;
                let name = self.ident(&kids.one(Rule::ident)?);
                return Ok((
                    Expr {
                        kind: ExprKind::Call(Box::new(name), args),
                        span,
                    },
                    depth,
                ));
            }
            Rule::kw_total => ExprKind::Total,
            Rule::kw_net => ExprKind::Modifiers,
            Rule::kw_natural => ExprKind::Natural,
            Rule::ident => ExprKind::Name(self.ident(pair)),
            Rule::paren_expr => {
                let kids = self.kids(pair);
                let (inner, depth) = self.expr_with_depth(&kids.nth(Rule::expr, 0)?)?;
                let Some(cond) = kids.opt(Rule::cond) else {
                    return Ok((Expr { span, ..inner }, depth));
                };
                let (otherwise, d2) = self.expr_with_depth(&kids.nth(Rule::expr, 1)?)?;
                let depth = depth.max(d2) + 1;
                self.deeper(pair, depth)?;
                let kind = ExprKind::If(
                    Box::new(inner),
                    Box::new(self.cond(&cond)?),
                    Box::new(otherwise),
                );
                return Ok((Expr { kind, span }, depth));
            }
            _ => return Err(self.unexpected(pair)),
        };
        Ok((Expr { kind, span }, 1))
    }

    /// Refuses a run of more than [`MAX_DEPTH`] prefix operators (`- - -x`,
    /// `not not not c`): the Pratt parser recurses once per operator.
    fn check_prefixes(&self, pair: &Node<'_>, prefix: Rule) -> Res<()> {
        let mut run = 0;
        for p in pair.into_inner() {
            if p.as_rule() == prefix {
                run += 1;
                if run > MAX_DEPTH {
                    return Err(self.too_deep(&p, MAX_DEPTH));
                }
            } else {
                run = 0;
            }
        }
        Ok(())
    }

    /// Refuses a tree deeper than [`MAX_TREE_DEPTH`] at operator `op`.
    fn deeper(&self, op: &Node<'_>, depth: usize) -> Res<()> {
        if depth >= MAX_TREE_DEPTH {
            Err(self.too_deep(op, MAX_TREE_DEPTH))
        } else {
            Ok(())
        }
    }

    // -- Tokens ------------------------------------------------------------

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
