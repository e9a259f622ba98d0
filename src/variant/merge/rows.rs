//! Changes to a chart's rows: a row found by the totals it reads, a cell
//! of a results grid, a new row put where the sheet runs.

use super::text::{key_text, ranges, set_text};
use super::{invalid, kind_name, not_in, wrong_kind, Merger, Res};
use crate::syntax::ast::{
    Clause, CompactString, Ident, Item, LineCells, RangeSet, ResultCell, Row, RowKey,
};
use crate::syntax::span::{Span, Spanned};

impl Merger<'_> {
    /// The rows of the chart named `chart`, and the clause's index.
    fn rows(&mut self, chart: &Ident) -> Res<(usize, usize)> {
        let i = self.find(chart, "chart")?;
        let Some(Item::Chart(c)) = self.items.get(i) else {
            let is = self.items.get(i).map_or("a declaration", kind_name);
            return Err(wrong_kind(chart, is, "a chart with rows"));
        };
        // A results grid is typed as printed, one line per roll and one
        // cell per column: rows of ranges do not name its lines.
        if c.clauses.iter().any(|cl| matches!(cl, Clause::Results(..))) {
            return Err(invalid(
                format!(
                    "`{}` is written as a results grid (one line per roll), which row \
                     changes cannot edit",
                    chart.name
                ),
                format!(
                    "write the whole table again under its name, with its `results` as \
                     the variant wants them (`table {} \"...\" {{ ... }}`): it replaces \
                     the base's; `chartwright source GAME` prints the base to copy from",
                    chart.name
                ),
                chart.span,
            ));
        }
        let clause = c
            .clauses
            .iter()
            .position(|cl| matches!(cl, Clause::Rows(..)))
            .ok_or_else(|| wrong_kind(chart, "a chart without rows", "a chart with rows"))?;
        Ok((i, clause))
    }

    /// Records a change to the row of `chart` read by `key`; its name.
    fn touch_row(&mut self, chart: &Ident, key: &RowKey, span: Span) -> Res<String> {
        let name = key_text(key);
        self.touch(
            vec![chart.name.clone(), format!("row {}", canonical(key)).into()],
            format!("the row `{name}` of `{}`", chart.name),
            span,
        )?;
        Ok(name)
    }

    fn rows_mut(&mut self, i: usize, clause: usize) -> Option<(&mut Vec<Row>, &mut Span)> {
        match self.items.get_mut(i) {
            Some(Item::Chart(c)) => match c.clauses.get_mut(clause) {
                Some(Clause::Rows(rows, span)) => Some((rows, span)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The index of the row read by `select`'s totals.
    fn find_row(&mut self, i: usize, clause: usize, chart: &Ident, select: &RowKey) -> Res<usize> {
        let Some((rows, _)) = self.rows_mut(i, clause) else {
            return Err(wrong_kind(
                chart,
                "a chart without rows",
                "a chart with rows",
            ));
        };
        let want = key_ranges(select);
        rows.iter()
            .position(|r| key_ranges(&r.key) == want)
            .ok_or_else(|| {
                let known = rows.iter().map(|r| key_text(&r.key)).collect::<Vec<_>>();
                not_in(
                    chart,
                    ("row reading", key_text(select)),
                    format!("rows reading {}", known.join("; ")),
                    key_span(select).unwrap_or(chart.span),
                )
            })
    }

    pub(super) fn change_row(
        &mut self,
        chart: &Ident,
        select: &RowKey,
        becomes: Option<&RowKey>,
        outcome: Option<&crate::syntax::ast::Outcome>,
        span: Span,
    ) -> Res<()> {
        let (i, clause) = self.rows(chart)?;
        let r = self.find_row(i, clause, chart, select)?;
        let name = self.touch_row(chart, select, span)?;
        let mut said = Vec::new();
        if let Some((rows, clause_span)) = self.rows_mut(i, clause) {
            if let Some(row) = rows.get_mut(r) {
                if let Some(k) = becomes {
                    said.push(format!("row {name} → {}", key_text(k)));
                    row.key = k.clone();
                }
                if let Some(o) = outcome {
                    said.push(format!("row {name}: new outcome"));
                    row.outcome = o.clone();
                }
                row.span = span;
            }
            *clause_span = span;
        }
        self.mark(&chart.name, said.join(", "));
        Ok(())
    }

    /// `change CHART row ROLLS at COLUMN => CELL`: one cell of a results
    /// grid, found by its line's rolls as written and its column's key,
    /// heading or option (name or label).
    #[allow(clippy::too_many_lines)] // the grid, its line and its column found, each with its error, then the change
    pub(super) fn change_result_cell(
        &mut self,
        chart: &Ident,
        rolls: &RangeSet,
        column: &Spanned<CompactString>,
        cell: &ResultCell,
        span: Span,
    ) -> Res<()> {
        let i = self.find(chart, "chart")?;
        let Some(Item::Chart(c)) = self.items.get(i) else {
            let is = self.items.get(i).map_or("a declaration", kind_name);
            return Err(wrong_kind(chart, is, "a chart with a results grid"));
        };
        let Some(lines) = c.clauses.iter().find_map(|cl| match cl {
            Clause::Results(lines, _) => Some(lines),
            _ => None,
        }) else {
            return Err(invalid(
                format!("`{}` has no results grid", chart.name),
                format!(
                    "change a row of its rows with `change {} row RANGES => OUTCOME`",
                    chart.name
                ),
                chart.span,
            ));
        };
        let columns = self.result_columns(c);
        let col = columns
            .iter()
            .position(|names| names.contains(&column.node))
            .ok_or_else(|| {
                let known = columns.iter().filter_map(|n| n.first());
                let known = known.map(|n| format!("`{n}`")).collect::<Vec<_>>();
                not_in(
                    chart,
                    ("column", column.node.to_string()),
                    format!("columns {}", known.join(", ")),
                    column.span,
                )
            })?;
        let want = ranges(rolls);
        let line = lines
            .iter()
            .position(|l| ranges(&l.rolls) == want)
            .ok_or_else(|| {
                let known = lines.iter().map(|l| set_text(&l.rolls)).collect::<Vec<_>>();
                not_in(
                    chart,
                    ("results line reading", set_text(rolls)),
                    format!("lines reading {}", known.join("; ")),
                    rolls.span,
                )
            })?;
        if matches!(lines.get(line).map(|l| &l.cells), Some(LineCells::Every(_))) {
            return Err(invalid(
                format!(
                    "the line `{}` of `{}` is one outcome for every column",
                    set_text(rolls),
                    chart.name
                ),
                format!(
                    "write the table again under its name (`table {} \"...\" {{ ... }}`), \
                     with the line's cells as the variant wants them",
                    chart.name
                ),
                span,
            ));
        }
        let text = format!("{} at {}", set_text(rolls), column.node);
        self.touch(
            vec![chart.name.clone(), format!("cell {text}").into()],
            format!("the cell `{text}` of `{}`", chart.name),
            span,
        )?;
        if let Some(Item::Chart(c)) = self.items.get_mut(i) {
            for cl in &mut c.clauses {
                if let Clause::Results(lines, clause_span) = cl {
                    if let Some(LineCells::Each(cells)) = lines.get_mut(line).map(|l| &mut l.cells)
                    {
                        if let Some(target) = cells.get_mut(col) {
                            *target = cell.clone();
                        }
                    }
                    *clause_span = span;
                }
            }
        }
        self.mark(&chart.name, format!("cell {text} changed"));
        Ok(())
    }

    /// The names each column of a results grid answers to: a computed
    /// column's key and heading, or a choice's option name and label.
    fn result_columns(&self, c: &crate::syntax::ast::Chart) -> Vec<Vec<CompactString>> {
        for cl in &c.clauses {
            match cl {
                Clause::ColumnScale(sc) => {
                    return sc
                        .heads
                        .iter()
                        .map(|h| {
                            let mut names = vec![h.text.clone()];
                            names.extend(h.label.as_ref().map(|l| l.text.clone()));
                            names
                        })
                        .collect();
                }
                Clause::Columns(choice) => {
                    let local = c.clauses.iter().find_map(|cl| match cl {
                        Clause::Choice(d) if d.name.name == choice.name => Some(d),
                        _ => None,
                    });
                    let global = || {
                        self.items.iter().find_map(|it| match it {
                            Item::Choice(d) if d.name.name == choice.name => Some(d),
                            _ => None,
                        })
                    };
                    return local.or_else(global).map_or_else(Vec::new, |d| {
                        d.options
                            .iter()
                            .map(|o| vec![o.name.name.clone(), o.label.text.clone()])
                            .collect()
                    });
                }
                _ => {}
            }
        }
        Vec::new()
    }

    pub(super) fn add_row(&mut self, chart: &Ident, row: &Row, span: Span) -> Res<()> {
        let (i, clause) = self.rows(chart)?;
        let name = self.touch_row(chart, &row.key, span)?;
        if let Some((rows, clause_span)) = self.rows_mut(i, clause) {
            rows.insert(sheet_position(rows, &row.key), row.clone());
            *clause_span = span;
        }
        self.mark(&chart.name, format!("row {name} added"));
        Ok(())
    }

    pub(super) fn remove_row(&mut self, chart: &Ident, select: &RowKey, span: Span) -> Res<()> {
        let (i, clause) = self.rows(chart)?;
        let r = self.find_row(i, clause, chart, select)?;
        let name = self.touch_row(chart, select, span)?;
        if let Some((rows, clause_span)) = self.rows_mut(i, clause) {
            rows.remove(r);
            *clause_span = span;
        }
        self.mark(&chart.name, format!("row {name} removed"));
        Ok(())
    }

    // -- Grids ----------------------------------------------------------------
}

fn key_ranges(key: &RowKey) -> Vec<Vec<(i64, i64)>> {
    match key {
        RowKey::Single(s) => vec![ranges(s)],
        RowKey::Columns(c) => c.iter().map(ranges).collect(),
    }
}

/// Where a new row with `key` goes among `rows`: by the lowest total it
/// covers, in the direction the table runs (most tables run up, some
/// down); after the rows it ties with.
fn sheet_position(rows: &[Row], key: &RowKey) -> usize {
    let low = |k: &RowKey| key_ranges(k).first().and_then(|c| c.first()).map(|r| r.0);
    let Some(new) = low(key) else {
        return rows.len();
    };
    let lows: Vec<Option<i64>> = rows.iter().map(|r| low(&r.key)).collect();
    let down = matches!((lows.first(), lows.last()), (Some(Some(a)), Some(Some(b))) if a > b);
    lows.iter()
        .position(|l| l.is_some_and(|l| if down { l < new } else { l > new }))
        .unwrap_or(rows.len())
}

/// A canonical text of the totals a key covers (for conflict keys).
fn canonical(key: &RowKey) -> String {
    format!("{:?}", key_ranges(key))
}

fn key_span(key: &RowKey) -> Option<Span> {
    match key {
        RowKey::Single(s) => Some(s.span),
        RowKey::Columns(c) => c.first().zip(c.last()).map(|(a, b)| a.span.to(b.span)),
    }
}
