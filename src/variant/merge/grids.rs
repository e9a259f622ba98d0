//! Changes to grids: rows and cells changed, added and removed, and the
//! columns an added or removed option opens or closes (each new cell owed
//! until the variant gives it).

use super::members::option_index;
use super::text::row_labels;
use super::{boxed, invalid, kind_name, unknown, wrong_kind, Mark, Merger, Res};
use crate::syntax::ast::{CompactString, GridRow, Ident, Item};
use crate::syntax::span::Span;
use crate::variant::error::{VariantError, VariantErrorKind};

/// A cell a new column needs: its grid, row, column and the `add` at fault.
pub(super) struct OwedCell {
    grid: String,
    row: Vec<String>,
    option: String,
    add: Span,
}

impl Merger<'_> {
    /// A new option of a choice keying a grid's columns is a new column: each
    /// row gets a cell there (`-` until the variant gives it), owed by the
    /// `add` at `span`. The variant must give every one (see
    /// [`Self::report_owed_cells`]): no value is a safe guess.
    pub(super) fn widen_grids(&mut self, choice: &str, option: &str, index: usize, span: Span) {
        for item in &mut self.items {
            let Item::Grid(grid) = item else { continue };
            if grid.keys.len() < 2 || !grid.keys.last().is_some_and(|k| k.name == choice) {
                continue;
            }
            for row in &mut grid.rows {
                let at = index.min(row.cells.len());
                row.cells.insert(
                    at,
                    crate::syntax::ast::Cell {
                        kind: crate::syntax::ast::CellKind::Impossible,
                        span,
                    },
                );
                self.owed.push(OwedCell {
                    grid: grid.name.name.to_string(),
                    row: row.labels.iter().map(|l| l.name.to_string()).collect(),
                    option: option.to_owned(),
                    add: span,
                });
            }
        }
    }

    /// The variant gave the cells of `grid`'s row `row` (all of them, or
    /// only the one in column `option`).
    fn pay(&mut self, grid: &str, row: &[Ident], option: Option<&str>) {
        self.owed.retain(|o| {
            !(o.grid == grid
                && o.row
                    .iter()
                    .map(String::as_str)
                    .eq(row.iter().map(|l| l.name.as_str()))
                && option.map_or(true, |opt| opt == o.option))
        });
    }

    /// One error per `add` of a column whose cells the variant left out, at
    /// the `add`, naming the rows.
    pub(super) fn report_owed_cells(&mut self) {
        let owed = std::mem::take(&mut self.owed);
        let mut seen: Vec<(Span, &str)> = Vec::new();
        for o in &owed {
            if seen.contains(&(o.add, o.grid.as_str())) {
                continue;
            }
            seen.push((o.add, o.grid.as_str()));
            let rows: Vec<String> = owed
                .iter()
                .filter(|p| p.add == o.add && p.grid == o.grid)
                .map(|p| p.row.join(", "))
                .collect();
            self.errors.push(VariantError::new(
                VariantErrorKind::NewColumnCells {
                    grid: o.grid.clone(),
                    option: o.option.clone(),
                    rows,
                },
                o.add,
            ));
        }
    }

    /// Grid rows keyed by a removed option go; so do its column's cells.
    pub(super) fn drop_option_from_grids(&mut self, choice: &str, option: &str, index: usize) {
        for item in &mut self.items {
            let Item::Grid(grid) = item else { continue };
            let Some(k) = grid.keys.iter().position(|key| key.name == choice) else {
                continue;
            };
            if k + 1 == grid.keys.len() && grid.keys.len() > 1 {
                for row in &mut grid.rows {
                    if index < row.cells.len() {
                        row.cells.remove(index);
                    }
                }
            } else {
                grid.rows
                    .retain(|row| row.labels.get(k).map_or(true, |l| l.name != option));
            }
            let name = grid.name.name.clone();
            self.marks.push(Mark {
                item: name.to_string(),
                text: format!("{choice}={option} removed"),
            });
        }
    }

    fn grid(&self, name: &Ident) -> Res<usize> {
        let i = self.find(name, "grid")?;
        match self.items.get(i) {
            Some(Item::Grid(_)) => Ok(i),
            other => Err(wrong_kind(
                name,
                other.map_or("a declaration", kind_name),
                "a grid",
            )),
        }
    }

    /// The row of grid `i` whose options are `labels`.
    fn grid_row_index(&self, i: usize, grid: &Ident, labels: &[Ident]) -> Res<usize> {
        let Some(Item::Grid(g)) = self.items.get(i) else {
            return Err(wrong_kind(grid, "a declaration", "a grid"));
        };
        let want: Vec<&str> = labels.iter().map(|l| l.name.as_str()).collect();
        g.rows
            .iter()
            .position(|r| {
                r.labels
                    .iter()
                    .map(|l| l.name.as_str())
                    .eq(want.iter().copied())
            })
            .ok_or_else(|| {
                let names: Vec<String> = g.rows.iter().map(|r| row_labels(&r.labels)).collect();
                let written = want.join(", ");
                boxed(
                    VariantErrorKind::UnknownTarget {
                        what: "row",
                        name: written.clone(),
                        owner: Some(grid.name.to_string()),
                        suggestion: crate::check::suggest::closest(
                            &written,
                            names.iter().map(String::as_str),
                        ),
                        known: Some(format!("rows {}", names.join("; "))),
                    },
                    labels
                        .first()
                        .zip(labels.last())
                        .map_or(grid.span, |(a, b)| a.span.to(b.span)),
                )
            })
    }

    pub(super) fn change_cells(&mut self, grid: &Ident, row: &GridRow, span: Span) -> Res<()> {
        let i = self.grid(grid)?;
        let keys = match self.items.get(i) {
            Some(Item::Grid(g)) => g.keys.iter().map(|k| k.name.clone()).collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        let row_len = if keys.len() > 1 { keys.len() - 1 } else { 1 };
        let text = row_labels(&row.labels);
        let key = grid_key(grid, &row.labels);
        if row.labels.len() == row_len {
            let r = self.grid_row_index(i, grid, &row.labels)?;
            self.touch(key, format!("the row `{text}` of `{}`", grid.name), span)?;
            if let Some(Item::Grid(g)) = self.items.get_mut(i) {
                if let Some(target) = g.rows.get_mut(r) {
                    target.cells.clone_from(&row.cells);
                    target.span = span;
                }
            }
            self.pay(&grid.name, &row.labels, None);
            self.mark(&grid.name, format!("row {text} changed"));
            return Ok(());
        }
        let (Some((column, labels)), true) = (
            row.labels.split_last(),
            keys.len() > 1 && row.labels.len() == keys.len(),
        ) else {
            return Err(invalid(
                format!(
                    "`{}` is keyed by {}: name {row_len} option(s) for a row, or {} for one cell",
                    grid.name,
                    keys.join(", "),
                    keys.len()
                ),
                format!("write `change {} at OPTION, ...: CELLS`", grid.name),
                span,
            ));
        };
        let [cell] = row.cells.as_slice() else {
            return Err(invalid(
                format!("one cell of `{}` takes one value", grid.name),
                format!("write `change {} at {text}: VALUE`", grid.name),
                span,
            ));
        };
        let column_choice = keys.last().cloned().unwrap_or_default();
        let options = self.items.iter().find_map(|it| match it {
            Item::Choice(c) if c.name.name == column_choice => Some(c.options.clone()),
            _ => None,
        });
        let Some(options) = options else {
            return Err(unknown("choice", column, None, None, None));
        };
        let c = option_index(&options, column, &column_choice)?;
        let r = self.grid_row_index(i, grid, labels)?;
        self.touch(key, format!("the cell `{text}` of `{}`", grid.name), span)?;
        if let Some(Item::Grid(g)) = self.items.get_mut(i) {
            if let Some(target) = g.rows.get_mut(r).and_then(|r| r.cells.get_mut(c)) {
                *target = cell.clone();
            }
        }
        self.pay(&grid.name, labels, Some(&column.name));
        self.mark(&grid.name, format!("cell {text} changed"));
        Ok(())
    }

    pub(super) fn add_grid_row(&mut self, grid: &Ident, row: &GridRow, span: Span) -> Res<()> {
        let i = self.grid(grid)?;
        let text = row_labels(&row.labels);
        if self.grid_row_index(i, grid, &row.labels).is_ok() {
            return Err(boxed(
                VariantErrorKind::AlreadyExists {
                    what: "grid row",
                    name: text,
                },
                span,
            ));
        }
        let key = grid_key(grid, &row.labels);
        self.touch(key, format!("the row `{text}` of `{}`", grid.name), span)?;
        if let Some(Item::Grid(g)) = self.items.get_mut(i) {
            g.rows.push(row.clone());
        }
        self.mark(&grid.name, format!("row {text} added"));
        Ok(())
    }

    pub(super) fn remove_grid_row(
        &mut self,
        grid: &Ident,
        labels: &[Ident],
        span: Span,
    ) -> Res<()> {
        let i = self.grid(grid)?;
        let r = self.grid_row_index(i, grid, labels)?;
        let text = row_labels(labels);
        let key = grid_key(grid, labels);
        self.touch(key, format!("the row `{text}` of `{}`", grid.name), span)?;
        if let Some(Item::Grid(g)) = self.items.get_mut(i) {
            g.rows.remove(r);
        }
        self.pay(&grid.name, labels, None);
        self.mark(&grid.name, format!("row {text} removed"));
        Ok(())
    }
}

/// The conflict key of a grid's row (or, with a column, a cell).
fn grid_key(grid: &Ident, labels: &[Ident]) -> Vec<CompactString> {
    std::iter::once(grid)
        .chain(labels)
        .map(|i| i.name.clone())
        .collect()
}
