//! Pairs → AST for variant files: the header naming the base game and the
//! change statements (see `grammar/chartwright.pest`, "Variants").

use super::tree::Node;
use super::{Builder, Kids, Res};
use crate::syntax::ast::{BaseRef, Change, ChangeKind, Ident, MemberPath, RowKey, VariantHeader};
use crate::syntax::parser::grammar::Rule;
use crate::syntax::span::Spanned;

impl Builder {
    /// `variant_entry`: a change, or a declaration.
    pub(in crate::syntax::parser) fn variant_entry(&self, pair: &Node<'_>) -> Res<Change> {
        let p = &self.first(pair)?;
        let span = self.span(p);
        let kind = match p.as_rule() {
            Rule::item => ChangeKind::Item(self.item(p)?),
            Rule::change_stmt => self.change_stmt(&self.first(p)?)?,
            _ => return Err(self.unexpected(p)),
        };
        Ok(Change { kind, span })
    }

    /// `variant_header`.
    pub(in crate::syntax::parser) fn variant_header(&self, pair: &Node<'_>) -> Res<VariantHeader> {
        let kids = self.kids(pair);
        let strings: Vec<Node<'_>> = kids.all(Rule::string).collect();
        // `variant "T" of NAME version "V"` has two strings; `of "path"`, three.
        let (title, base, version) = match (strings.as_slice(), kids.opt(Rule::ident)) {
            ([title, version], Some(name)) => (title, BaseRef::Bundled(self.ident(&name)), version),
            ([title, path, version], None) => (title, BaseRef::Path(self.label(path)?), version),
            _ => return Err(self.unexpected(pair)),
        };
        Ok(VariantHeader {
            title: self.label(title)?,
            base,
            version: self.label(version)?,
            span: self.span(pair),
        })
    }

    fn change_stmt(&self, pair: &Node<'_>) -> Res<ChangeKind> {
        let kids = self.kids(pair);
        Ok(match pair.as_rule() {
            Rule::change_row => ChangeKind::ChangeRow {
                chart: self.ident(&kids.one(Rule::ident)?),
                select: self.row_select(&kids.nth(Rule::row_select, 0)?)?,
                becomes: kids
                    .all(Rule::row_select)
                    .nth(1)
                    .map(|p| self.row_select(&p))
                    .transpose()?,
                outcome: kids
                    .opt(Rule::outcome)
                    .map(|p| self.outcome(&p))
                    .transpose()?,
            },
            Rule::change_cell => {
                let column = self.first(&kids.one(Rule::column_ref)?)?;
                let name = match column.as_rule() {
                    Rule::string => self.label(&column)?.text,
                    _ => column.as_str().into(),
                };
                ChangeKind::ChangeCell {
                    chart: self.ident(&kids.one(Rule::ident)?),
                    rolls: self.range_set(&kids.one(Rule::range_set)?)?,
                    column: Spanned::new(name, self.span(&column)),
                    cell: self.result_cell(&kids.one(Rule::result_cell)?)?,
                }
            }
            Rule::change_cells => ChangeKind::ChangeCells {
                grid: self.ident(&kids.one(Rule::ident)?),
                row: self.grid_row(&kids.one(Rule::grid_row)?)?,
            },
            Rule::change_member => ChangeKind::ChangeMember {
                path: self.member_path(&kids.one(Rule::member_path)?)?,
                value: kids
                    .opt(Rule::mod_value)
                    .map(|p| self.mod_value(&p))
                    .transpose()?,
                label: kids.opt(Rule::string).map(|p| self.label(&p)).transpose()?,
                applicability: self.applicability(&kids)?,
            },
            Rule::add_row => ChangeKind::AddRow {
                chart: self.ident(&kids.one(Rule::ident)?),
                row: self.row(&kids.one(Rule::row)?)?,
            },
            Rule::add_grid_row => ChangeKind::AddGridRow {
                grid: self.ident(&kids.one(Rule::ident)?),
                row: self.grid_row(&kids.one(Rule::grid_row)?)?,
            },
            Rule::add_member => ChangeKind::AddMember {
                path: self.member_path(&kids.one(Rule::member_path)?)?,
                value: kids
                    .opt(Rule::mod_value)
                    .map(|p| self.mod_value(&p))
                    .transpose()?,
                label: self.label(&kids.one(Rule::string)?)?,
                applicability: self.applicability(&kids)?,
                always: kids.has(Rule::kw_always),
                after: kids.opt(Rule::ident).map(|p| self.ident(&p)),
            },
            Rule::remove_row => ChangeKind::RemoveRow {
                chart: self.ident(&kids.one(Rule::ident)?),
                select: self.row_select(&kids.one(Rule::row_select)?)?,
            },
            Rule::remove_grid_row => {
                let mut names = kids.all(Rule::ident).map(|p| self.ident(&p));
                let grid = names.next().ok_or_else(|| self.unexpected(pair))?;
                ChangeKind::RemoveGridRow {
                    grid,
                    labels: names.collect(),
                }
            }
            Rule::remove_member => {
                ChangeKind::RemoveMember(self.member_path(&kids.one(Rule::member_path)?)?)
            }
            Rule::remove_item => ChangeKind::RemoveItem(self.ident(&kids.one(Rule::ident)?)),
            _ => return Err(self.unexpected(pair)),
        })
    }

    fn row_select(&self, pair: &Node<'_>) -> Res<RowKey> {
        let kids: Kids<'_> = self.kids(pair);
        if let Some(columns) = kids.opt(Rule::column_key) {
            Ok(RowKey::Columns(
                self.kids(&columns)
                    .all(Rule::column_cell)
                    .map(|p| self.column_cell(&p))
                    .collect::<Res<_>>()?,
            ))
        } else {
            Ok(RowKey::Single(self.range_set(&kids.one(Rule::range_set)?)?))
        }
    }

    fn member_path(&self, pair: &Node<'_>) -> Res<MemberPath> {
        let kids = self.kids(pair);
        let mut names: Vec<Ident> = kids.all(Rule::ident).map(|p| self.ident(&p)).collect();
        let member = names.pop().ok_or_else(|| {
            super::internal(self.span(pair), "a member path without a member".into())
        })?;
        let owner = names.pop().ok_or_else(|| {
            super::internal(self.span(pair), "a member path without an owner".into())
        })?;
        Ok(MemberPath {
            within: names.pop(),
            owner,
            member,
            span: self.span(pair),
        })
    }
}
