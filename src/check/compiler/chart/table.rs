//! Tables: the reach of the total (dice, modifiers, cap, clamp), the
//! columns (a choice or a computed scale), the rows and their lookups.

use super::super::rows::{self, Reach};
use super::columns::{clamped, ScaleOut};
use super::kind_keyword;
use super::{ChartCx, ExprContext};
use crate::check::error::CompileErrorKind;
use crate::check::tree::{Body, Cond, CondOutcome, Dice, Expr, Ranges, RowTree, SlotKind};
use crate::syntax::ast;
use crate::syntax::ast::CompactString;
use crate::syntax::span::Span;
use std::fmt::Write as _;

impl<'a> ChartCx<'a, '_> {
    /// Why totals reach where they do, in words, for the coverage check.
    pub(super) fn reach_reason(&self, dice: Reach, mods: Reach, total: Reach) -> String {
        let unbounded: Vec<String> = self
            .modifiers
            .iter()
            .zip(&self.reaches)
            .filter(|(_, r)| r.0.is_none() || r.1.is_none())
            .map(|(m, _)| format!("`{}`", self.slots[m.slot].name))
            .collect();
        if !unbounded.is_empty() {
            return format!(
                "the dice give {dice}, and {} can take any value, so totals are unbounded",
                unbounded.join(", ")
            );
        }
        if mods
            == (Reach {
                lo: Some(0),
                hi: Some(0),
            })
        {
            return format!("the dice give {total}");
        }
        format!("the dice give {dice} and the modifiers {mods}, so totals run from {total}")
    }

    /// The sum of `parts`, the reach of a total; past `i64` it is reported
    /// at the roll and unbounded (and the rows are not checked against it).
    pub(super) fn total_reach(&mut self, c: &ast::Chart, parts: &[(Reach, bool)]) -> Reach {
        match Reach::sum(parts) {
            Ok(total) => total,
            Err(total) => {
                let span = self.clauses.roll.map_or(c.name.span, |d| d.span);
                self.error(
                    CompileErrorKind::TotalTooLarge {
                        total: total.to_string(),
                    },
                    span,
                );
                self.dice_failed = true;
                Reach { lo: None, hi: None }
            }
        }
    }

    /// A table's body: its columns (a choice or a computed scale), the
    /// reach of its total or score, its rows read against that reach, and
    /// its natural-roll rules and `best` row, in the order they are written.
    pub(super) fn table(
        &mut self,
        c: &'a ast::Chart,
        dice: Dice,
        fields: &[CompactString],
    ) -> Body {
        let columns = self.table_columns();
        let scale = self.scale(c);
        if let (Some(s), Some(_)) = (&scale, columns) {
            self.error(
                CompileErrorKind::Invalid {
                    message: "a table takes `columns CHOICE` or `columns by VALUE: KEYS`, not both"
                        .into(),
                    help: "keep the one that picks the column as the sheet does".into(),
                },
                s.span,
            );
        }
        let labels = self.column_labels(scale.as_ref(), columns);
        let cap = self.clauses.cap;
        let clamp = self.clamp();
        let natural = rows::dice_reach(&dice, &self.slots);
        let natural = Reach {
            lo: natural.0,
            hi: natural.1,
        };
        let m = self.table_modifier_reach(cap, scale.as_ref());
        let mut total = self.total_reach(
            c,
            &[
                (natural, false),
                (m, false),
                (Reach::exactly(dice.constant), false),
            ],
        );
        if let Some((lo, hi)) = clamp {
            total = Reach {
                lo: Some(total.lo.map_or(lo, |l| l.clamp(lo, hi))),
                hi: Some(total.hi.map_or(hi, |h| h.clamp(lo, hi))),
            };
        }
        let (score, reach, why) = self.table_score(natural, m, total, clamp);
        if score.is_none() && clamp.is_none() {
            self.gaps = rows::dice_gaps(&dice, m);
        }
        // A `columns` clause in error: its rows would only echo it.
        let columns_failed = columns.is_none() && self.clauses.columns.is_some();
        let (mut lookups, rows) = if columns_failed {
            (Vec::new(), Vec::new())
        } else {
            self.rows(c, labels.as_deref(), reach, &why, fields)
        };
        // `clamp total` clamps the total: a score is computed from the
        // clamped total (the engine clamps it first) and read as it is.
        if let (Some((lo, hi)), None) = (clamp, &score) {
            for l in &mut lookups {
                *l = clamped(l, lo, hi);
            }
        }
        let naturals = self.naturals(c, false);
        let best = self.best_row(&rows);
        Body::Table {
            dice,
            score,
            printed: std::mem::take(&mut self.printed),
            columns: columns.map(|(s, _)| s),
            scale: scale.map(|s| Box::new(s.scale)),
            cap,
            clamp,
            lookups,
            rows,
            naturals,
            best,
        }
    }

    /// The slot `columns CHOICE` names and its number of options; `None`
    /// (reported) when it names no choice.
    fn table_columns(&mut self) -> Option<(usize, usize)> {
        let ident = self.clauses.columns?;
        match self.lookup_slot(&ident.name, ident.span) {
            Some(s) => match self.slots[s].kind {
                SlotKind::Choice(choice) => {
                    self.required.push(s);
                    Some((s, self.choice(choice).options.len()))
                }
                _ => {
                    self.error(
                        CompileErrorKind::WrongKind {
                            expected: "a choice to pick the column",
                            found: format!("`{}`", ident.name),
                        },
                        ident.span,
                    );
                    None
                }
            },
            None => {
                self.not_a_choice(ident);
                None
            }
        }
    }

    /// The columns' headings, for the rows' cells: the scale's keys, or
    /// the labels of the choice's options.
    fn column_labels(
        &self,
        scale: Option<&ScaleOut>,
        columns: Option<(usize, usize)>,
    ) -> Option<Vec<CompactString>> {
        match (scale, columns) {
            (Some(s), _) => Some(s.scale.heads.iter().map(|h| h.0.clone()).collect()),
            (None, Some((slot, _))) => match self.slots[slot].kind {
                SlotKind::Choice(choice) => Some(
                    self.choice(choice)
                        .options
                        .iter()
                        .map(|o| o.1.clone())
                        .collect(),
                ),
                _ => None,
            },
            (None, None) => None,
        }
    }

    /// How far the modifiers move a table's total: their reach, within the
    /// `cap`, and further by a `read KEY with ±N` off the scale.
    fn table_modifier_reach(&self, cap: Option<i64>, scale: Option<&ScaleOut>) -> Reach {
        let mut m = self.modifier_reach(0);
        if let Some(cap) = cap {
            m.lo = Some(m.lo.map_or(-cap, |l| l.max(-cap)));
            m.hi = Some(m.hi.map_or(cap, |h| h.min(cap)));
        }
        // A `read KEY with ±N` off the scale moves the roll further.
        if let Some(s) = scale {
            let beyond = s.scale.beyond.as_ref().map(|b| &b.2);
            for rule in [s.scale.below.as_ref(), beyond].into_iter().flatten() {
                if let crate::check::tree::OffRule::Read { by, .. } = rule {
                    m.lo = m.lo.map(|l| l.saturating_add((*by).min(0)));
                    m.hi = m.hi.map(|h| h.saturating_add((*by).max(0)));
                }
            }
        }
        m
    }

    /// What the rows read: the `score` expression (with its reach) when the
    /// table has one, else the total; and why it reaches where it does.
    fn table_score(
        &mut self,
        natural: Reach,
        mods: Reach,
        total: Reach,
        clamp: Option<(i64, i64)>,
    ) -> (Option<Expr>, Reach, String) {
        match self.clauses.score {
            Some(e) => {
                self.context = ExprContext::Score;
                let s = self.expr(e);
                self.context = ExprContext::Plain;
                let reach = rows::expr_reach(
                    &s,
                    total,
                    natural,
                    &self.slots,
                    &self.program.grids,
                    &self.program.ladder_reads,
                );
                let why = format!("the score runs from {reach}");
                (Some(s), reach, why)
            }
            None => {
                let mut why = self.reach_reason(natural, mods, total);
                if let Some((lo, hi)) = clamp {
                    let _ = write!(why, " (clamped to {lo}..{hi})");
                }
                (None, total, why)
            }
        }
    }

    /// `best "Row" if COND`: the row named, its highest total and the
    /// condition; `None` (reported) when no row has that outcome or it is
    /// already the top row.
    fn best_row(&mut self, rows: &[RowTree]) -> Option<(usize, i64, Cond)> {
        let (label, cond, span) = self.clauses.best?;
        let index = rows.iter().position(|r| {
            matches!(r.outcome.fields.first().and_then(|f| f.first()),
                Some(CondOutcome::Simple(s)) if s.text == label.text)
        });
        let Some(index) = index else {
            self.error(
                CompileErrorKind::Unknown {
                    what: "row",
                    name: label.text.to_string(),
                    suggestion: None,
                },
                label.span,
            );
            return None;
        };
        let top = rows[index]
            .written
            .first()
            .and_then(|r| r.0.iter().map(|p| p.1).max());
        match top {
            Some(top) if top != i64::MAX => {
                let cond = self.cond(cond);
                Some((index, top, cond))
            }
            _ => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "the best row is already the highest".into(),
                        help: "name a row below the top one".into(),
                    },
                    span,
                );
                None
            }
        }
    }

    /// Compiles the `rows` clause (or `results`, read as rows): one lookup
    /// per column (one without columns), with overlaps and coverage checked
    /// against `reach`.
    pub(super) fn rows(
        &mut self,
        c: &'a ast::Chart,
        columns: Option<&[CompactString]>,
        reach: Reach,
        why: &str,
        fields: &[CompactString],
    ) -> (Vec<crate::check::tree::Lookup>, Vec<RowTree>) {
        let from_results;
        let found = match self.clauses.results {
            Some((lines, span)) => {
                from_results = self.results_rows(lines, span, columns);
                Some((from_results.as_slice(), span))
            }
            None => self.clauses.rows,
        };
        let Some((rows_ast, rows_span)) = found else {
            self.error(
                CompileErrorKind::MissingClause {
                    clause: "rows",
                    kind: kind_keyword(c.kind),
                },
                c.name.span,
            );
            return (Vec::new(), Vec::new());
        };
        if rows_ast.is_empty() {
            self.error(CompileErrorKind::Empty { what: "table" }, rows_span);
            return (Vec::new(), Vec::new());
        }
        let ncols = columns.map_or(1, <[CompactString]>::len);
        let mut written: Vec<Vec<Ranges>> = Vec::new();
        let mut out = Vec::new();
        for row in rows_ast {
            let sets = self.row_cells(row, columns.is_some(), ncols);
            let outcome = self.outcome(&row.outcome);
            let want = fields.len().max(1);
            if outcome.fields.len() != want {
                self.error(
                    CompileErrorKind::CellCount {
                        expected: want,
                        found: outcome.fields.len(),
                        what: "outcome fields (separated by `|`)",
                    },
                    row.outcome.span,
                );
            }
            written.push(sets.clone());
            out.push(RowTree {
                written: sets,
                outcome,
            });
        }
        let mut lookups = Vec::new();
        let mut gaps: Vec<Ranges> = Vec::new();
        for col in 0..ncols {
            let column: Vec<(Ranges, Span)> = written
                .iter()
                .zip(rows_ast)
                .map(|(sets, row)| (sets[col].clone(), row.span))
                .collect();
            let label = columns.map(|labels| labels.get(col).cloned().unwrap_or_default());
            let (lookup, gap) = rows::lookup(
                &column,
                (!self.dice_failed).then_some((reach, self.gaps.as_slice())),
                rows_span,
                label.as_deref(),
                self.limits,
                self.errors,
            );
            lookups.push(lookup);
            gaps.push(gap);
        }
        if !self.printed.is_empty() {
            for (col, lookup) in lookups.iter_mut().enumerate() {
                lookup.order = super::columns::printed_order(&self.printed, col, out.len());
            }
        }
        let lines = self.clauses.results.map(|(lines, _)| lines);
        self.report_gaps(&gaps, columns, lines, rows_span, why);
        (lookups, out)
    }

    /// Words the reachable totals no row reads, column by column. A
    /// results grid's columns with the same gap make one diagnostic (one
    /// missing line is one error, whatever the columns), and a gap that a
    /// `-` cell leaves is said to be that cell's, at the cell.
    fn report_gaps(
        &mut self,
        gaps: &[Ranges],
        columns: Option<&[CompactString]>,
        lines: Option<&[ast::ResultLine]>,
        rows_span: Span,
        why: &str,
    ) {
        let label = |col: usize| columns.and_then(|c| c.get(col)).map_or("", |c| c.as_str());
        let mut done = vec![false; gaps.len()];
        for col in 0..gaps.len() {
            if done[col] || gaps[col].0.is_empty() {
                continue;
            }
            // With a results grid, every column with the same gap at once.
            let same: Vec<usize> = match lines {
                Some(_) => (col..gaps.len())
                    .filter(|&c| gaps[c] == gaps[col])
                    .collect(),
                None => vec![col],
            };
            for &c in &same {
                done[c] = true;
            }
            let named: Vec<String> = same.iter().map(|&c| format!("`{}`", label(c))).collect();
            let place = match (columns, named.len()) {
                (None, _) => String::new(),
                (Some(_), 1) => format!(" in column {}", named.join("")),
                (Some(_), _) => format!(" in columns {}", named.join(", ")),
            };
            // A `-` cell of the first column whose line holds the gap.
            let dash = lines.and_then(|lines| {
                lines.iter().find_map(|l| {
                    let ast::LineCells::Each(cells) = &l.cells else {
                        return None;
                    };
                    let cell = cells.get(col)?;
                    let rolls = rows::ranges(&l.rolls, &mut []);
                    let holds = gaps[col]
                        .0
                        .iter()
                        .any(|&(lo, hi)| rolls.0.iter().any(|&(a, b)| a <= hi && lo <= b));
                    (cell.outcome.is_none() && holds).then(|| (rolls.to_string(), cell.span))
                })
            });
            let values = format!("{}{place}", gaps[col]);
            match dash {
                Some((line, span)) => self.error(
                    CompileErrorKind::DashCell {
                        values,
                        line,
                        reach: why.to_string(),
                    },
                    span,
                ),
                None => self.error(
                    CompileErrorKind::UncoveredTotals {
                        values,
                        reach: why.to_string(),
                    },
                    rows_span,
                ),
            }
        }
    }

    /// A row's totals, one set per column (`ncols` of them); one range in a
    /// table with columns reads in every column. A row written with cells
    /// where the table has no columns is reported and reads nothing.
    fn row_cells(&mut self, row: &ast::Row, has_columns: bool, ncols: usize) -> Vec<Ranges> {
        match (&row.key, has_columns) {
            (ast::RowKey::Single(r), false) => vec![rows::ranges(r, self.errors)],
            (ast::RowKey::Columns(cells), true) => {
                if cells.len() != ncols {
                    self.error(
                        CompileErrorKind::CellCount {
                            expected: ncols,
                            found: cells.len(),
                            what: "column cells",
                        },
                        row.span,
                    );
                }
                let mut v: Vec<Ranges> =
                    cells.iter().map(|r| rows::ranges(r, self.errors)).collect();
                v.resize(ncols, Ranges::default());
                v
            }
            // `7 or more => "D3+T"`: the same rolls in every column.
            (ast::RowKey::Single(r), true) => vec![rows::ranges(r, self.errors); ncols],
            (ast::RowKey::Columns(cells), false) => {
                self.error(
                    CompileErrorKind::MisplacedClause {
                        clause: "[ ... | ... ]",
                        kind: "table without `columns`",
                        reason: "cells per column need `columns CHOICE`".into(),
                    },
                    cells.first().map_or(row.span, |r| r.span),
                );
                vec![Ranges::default()]
            }
        }
    }
}
