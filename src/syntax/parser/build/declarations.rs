//! The declarations built: choices, flags, params, grids and their cells
//! and ranges, modifier sets and their entries, notes.

use super::tree::Node;
use super::{block_text, internal, Builder, Kids, Res};
use crate::number::Num;
use crate::syntax::ast::{
    Applicability, Bounds, Cell, CellKind, ChoiceDecl, DiceExpr, FlagDecl, ForSide, Grid, GridRow,
    Group, Label, ModEntry, ModValue, ModifierDecl, ModifierSet, Notes, OptionDecl, ParamDecl,
    ParamSign, RangePart, RangeSet, UseDecl,
};
use crate::syntax::parser::grammar::Rule;
use crate::syntax::span::Spanned;

impl Builder {
    pub(super) fn choice_decl(&self, pair: &Node<'_>) -> Res<ChoiceDecl> {
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

    pub(super) fn options(&self, kids: &Kids<'_>) -> Res<Vec<OptionDecl>> {
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

    pub(super) fn flag_decl(&self, pair: &Node<'_>) -> Res<FlagDecl> {
        let kids = self.kids(pair);
        Ok(FlagDecl {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            span: self.span(pair),
        })
    }

    pub(super) fn param_decl(&self, pair: &Node<'_>) -> Res<ParamDecl> {
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

    pub(super) fn grid(&self, pair: &Node<'_>) -> Res<Grid> {
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

    pub(super) fn grid_row(&self, pair: &Node<'_>) -> Res<GridRow> {
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

    pub(super) fn range_set(&self, pair: &Node<'_>) -> Res<RangeSet> {
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

    pub(super) fn modifier_set(&self, pair: &Node<'_>) -> Res<ModifierSet> {
        let kids = self.kids(pair);
        Ok(ModifierSet {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            entries: self.mod_entries(&kids)?,
            notes: self.block_notes(&kids)?,
            span: self.span(pair),
        })
    }

    pub(super) fn mod_entries(&self, kids: &Kids<'_>) -> Res<Vec<ModEntry>> {
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

    pub(super) fn applicability(&self, kids: &Kids<'_>) -> Res<Option<Applicability>> {
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

    pub(super) fn mod_value(&self, pair: &Node<'_>) -> Res<ModValue> {
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
                let from = kids.opt(Rule::from_grid).map(|p| self.kids(&p));
                let mut names = from
                    .iter()
                    .flat_map(|k| k.all(Rule::ident))
                    .map(|i| self.ident(&i));
                ModValue::Param {
                    sign,
                    bounds: kids
                        .opt(Rule::bounds)
                        .map(|p| self.bounds(&p))
                        .transpose()?,
                    default: self.default_value(&kids)?,
                    // The grid's name first, then the options of `at`.
                    from: names.next(),
                    at: names.collect(),
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

    pub(super) fn notes_item(&self, pair: &Node<'_>) -> Res<Notes> {
        let kids = self.kids(pair);
        Ok(Notes {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            text: self.notes_text(&kids.one(Rule::notes_text)?)?,
            span: self.span(pair),
        })
    }

    /// `"""text"""` or `"text"`.
    pub(super) fn notes_text(&self, pair: &Node<'_>) -> Res<Label> {
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
}
