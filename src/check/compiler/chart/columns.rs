//! Columns chosen by a computed value: `columns by EXPR: KEYS` (thresholds,
//! odds ratios, differentials), what a value off the scale gives, column
//! shifts, the cap on the net modifier, the clamp of the modified roll, and
//! results grids typed as printed (`results { ROLL: CELL CELL ... }`).
//!
//! Everything here compiles to a [`Scale`] beside the ordinary per-column
//! lookups, so binding picks one column's lookup and the engines read the
//! same plan as for any column table.

use super::super::rows::{self, Reach};
use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::check::tree::{Body, Lookup, OffRule, PrintedCell, Scale, ScaleValue, SlotKind, NO_ROW};
use crate::number::Num;
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{self, Clause};
use crate::syntax::span::Span;

/// A compiled scale and where it was written.
pub(super) struct ScaleOut {
    pub scale: Scale,
    pub span: Span,
}

/// `lookup` read with every total clamped into `lo..=hi`: below `lo` reads
/// as `lo`, above `hi` as `hi` (the below/above entries of the index).
pub(super) fn clamped(lookup: &Lookup, lo: i64, hi: i64) -> Lookup {
    let row = |v: i64| lookup.row(v).map_or(NO_ROW, |r| r as u16);
    let dense: Vec<u16> = (lo..=hi).map(row).collect();
    Lookup {
        base: lo,
        below: dense.first().copied().unwrap_or(NO_ROW),
        above: dense.last().copied().unwrap_or(NO_ROW),
        dense: dense.into(),
        order: lookup.order.clone(),
    }
}

/// Where column `col` of a results grid prints each of `rows` rows: by the
/// first line whose cell in the column reads it, top to bottom as typed;
/// rows the column never prints after, in row order. Empty when that is
/// the rows' own order.
pub(super) fn printed_order(
    printed: &[(crate::check::tree::Ranges, Vec<PrintedCell>)],
    col: usize,
    rows: usize,
) -> std::sync::Arc<[u16]> {
    let mut ranked: Vec<usize> = Vec::with_capacity(rows);
    let mut seen = vec![false; rows];
    let read = printed
        .iter()
        .filter_map(|(_, cells)| cells.get(col)?.row)
        .chain(0..rows);
    for row in read {
        if let Some(s) = seen.get_mut(row).filter(|s| !**s) {
            *s = true;
            ranked.push(row);
        }
    }
    if ranked.iter().enumerate().all(|(place, &row)| place == row) {
        return std::sync::Arc::from([]);
    }
    let mut order = vec![0u16; rows];
    for (place, &row) in ranked.iter().enumerate() {
        // Rows are fewer than `u16::MAX` (`NO_ROW`): the lookup indexes them so.
        order[row] = u16::try_from(place).unwrap_or(u16::MAX);
    }
    order.into()
}

/// Range parts sorted, with touching parts joined (`1`, `2`, `3` → `1-3`),
/// so a column reads as the sheet would print it.
fn merged(mut parts: Vec<ast::RangePart>) -> Vec<ast::RangePart> {
    parts.sort_by_key(|p| (p.lo.unwrap_or(i64::MIN), p.hi.unwrap_or(i64::MAX)));
    let mut out: Vec<ast::RangePart> = Vec::new();
    for p in parts {
        match out.last_mut() {
            Some(last)
                if last
                    .hi
                    .map_or(true, |h| p.lo.map_or(true, |l| h.saturating_add(1) >= l)) =>
            {
                last.hi = match (last.hi, p.hi) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                };
            }
            _ => out.push(p),
        }
    }
    out
}

/// A row of a results grid as it is gathered: the cell text that groups
/// cells into it (`None` for a `=>` line, a row of its own), its outcome,
/// where it was first written, and its rolls in each column.
struct Gathered<'l> {
    key: Option<&'l str>,
    outcome: ast::Outcome,
    first: Span,
    rolls: Vec<Vec<ast::RangePart>>,
}

/// A scale's `below columns` rule and its `beyond KEY` rule with the key's
/// text and threshold.
type OffTable = (Option<OffRule>, Option<(CompactString, Num, OffRule)>);

impl<'a> ChartCx<'a, '_> {
    /// Compiles `columns by ...` and the clauses that go with it.
    pub(super) fn scale(&mut self, c: &'a ast::Chart) -> Option<ScaleOut> {
        let Some(sc) = self.clauses.scale else {
            for cl in &c.clauses {
                if let Clause::OffTable(_) | Clause::ShiftsPastEdges(_) = cl {
                    self.error(
                        CompileErrorKind::MisplacedClause {
                            clause: "below/beyond columns",
                            kind: "table without `columns by`",
                            reason: "only a computed column can fall off the scale".into(),
                        },
                        super::clause_span(cl),
                    );
                }
            }
            return None;
        };
        let span = match &sc.value {
            ast::ScaleValue::Expr(e) => e.span,
            ast::ScaleValue::Ratio(a, b) => a.span.to(b.span),
        };
        let mut dice = None;
        let value = match &sc.value {
            ast::ScaleValue::Expr(e) => {
                let (base, rolled) = super::column_dice::split(e);
                if let Some(rolled) = rolled {
                    dice = Some(self.dice(&rolled));
                }
                ScaleValue::Expr(self.expr(&base))
            }
            ast::ScaleValue::Ratio(a, b) => {
                let ea = self.expr(a);
                let eb = self.expr(b);
                self.check_divisor(&eb, b);
                ScaleValue::Ratio(ea, eb, b.span)
            }
        };
        let heads = self.scale_heads(sc);
        let (below, beyond) = self.off_table(c, sc);
        let past_edges = c
            .clauses
            .iter()
            .any(|cl| matches!(cl, Clause::ShiftsPastEdges(_)));
        Some(ScaleOut {
            scale: Scale {
                value,
                dice,
                span,
                heads,
                below,
                beyond,
                past_edges,
            },
            span: sc.span,
        })
    }

    /// A scale's column headings (as printed, else the keys) and
    /// thresholds, left to right; a threshold not above the one before is
    /// reported.
    fn scale_heads(&mut self, sc: &ast::ColumnScale) -> Vec<(CompactString, Num)> {
        let mut heads = Vec::new();
        for (i, h) in sc.heads.iter().enumerate() {
            if let Some(prev) = i.checked_sub(1).and_then(|p| sc.heads.get(p)) {
                if h.value <= prev.value {
                    self.error(
                        CompileErrorKind::ColumnOrder {
                            key: h.text.to_string(),
                            previous: prev.text.to_string(),
                        },
                        h.span,
                    );
                }
            }
            // The heading as printed stands for the key wherever a column
            // is named to the player; `read KEY` still names the key.
            let shown = h.label.as_ref().map_or(&h.text, |l| &l.text);
            heads.push((shown.clone(), h.value));
        }
        heads
    }

    /// The `below columns` and `beyond KEY` rules: an outcome of their own,
    /// or a column read with a shift. A `read` of no column, or a `beyond`
    /// not past the last threshold, is reported.
    fn off_table(&mut self, c: &'a ast::Chart, sc: &ast::ColumnScale) -> OffTable {
        let (mut below, mut beyond) = (None, None);
        for cl in &c.clauses {
            let Clause::OffTable(o) = cl else { continue };
            let rule = match &o.rule {
                ast::OffRule::Outcome(out) => OffRule::Outcome(self.outcome(out)),
                ast::OffRule::Read { head, by } => {
                    let Some(column) = sc.heads.iter().position(|h| h.text == head.text) else {
                        self.error(
                            CompileErrorKind::Unknown {
                                what: "column",
                                name: head.text.to_string(),
                                suggestion: crate::check::suggest::closest(
                                    &head.text,
                                    sc.heads.iter().map(|h| h.text.as_str()),
                                ),
                            },
                            head.span,
                        );
                        continue;
                    };
                    OffRule::Read {
                        column,
                        by: by.as_ref().map_or(0, |b| b.node),
                    }
                }
            };
            match &o.beyond {
                Some(from) => {
                    if let Some(last) = sc.heads.last() {
                        if from.value <= last.value {
                            self.error(
                                CompileErrorKind::ColumnOrder {
                                    key: from.text.to_string(),
                                    previous: last.text.to_string(),
                                },
                                from.span,
                            );
                        }
                    }
                    beyond = Some((from.text.clone(), from.value, rule));
                }
                None => below = Some(rule),
            }
        }
        (below, beyond)
    }

    /// A ratio's divisor must be bounded away from zero.
    fn check_divisor(&mut self, e: &crate::check::tree::Expr, written: &ast::Expr) {
        let unknown = Reach { lo: None, hi: None };
        let r = rows::expr_reach(
            e,
            unknown,
            unknown,
            &self.slots,
            &self.program.grids,
            &self.program.ladder_reads,
        );
        // A param's own bounds are exact (`in 0.5..20` never holds 0); an
        // expression's reach is rounded out to whole numbers.
        let exact = match e {
            crate::check::tree::Expr::Slot(s, _) => match self.slots[*s].kind {
                SlotKind::Param {
                    bounds: Some((lo, hi)),
                    ..
                } => Some((lo, hi)),
                _ => None,
            },
            _ => None,
        };
        let zero = match exact {
            Some((lo, hi)) => lo <= crate::number::whole(0) && hi >= crate::number::whole(0),
            None => r.lo.map_or(true, |l| l <= 0) && r.hi.map_or(true, |h| h >= 0),
        };
        if !zero {
            return;
        }
        let divisor = match &written.kind {
            ast::ExprKind::Name(i) => i.name.clone(),
            _ => "the divisor".into(),
        };
        let reach = match (r.lo, r.hi) {
            (Some(_), Some(_)) => format!("0 (it runs from {r})"),
            _ => "0 (it has no bounds)".into(),
        };
        self.error(
            CompileErrorKind::RatioZero {
                divisor: divisor.to_string(),
                reach,
            },
            written.span,
        );
    }

    /// `clamp total to LO..HI`.
    pub(super) fn clamp(&mut self) -> Option<(i64, i64)> {
        let (lo, hi, span) = self.clauses.clamp?;
        if lo > hi || hi.saturating_sub(lo) >= self.limits.max_table_span {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!("cannot clamp the total to {lo}..{hi}"),
                    help: "write the lowest row first, such as `clamp total to 0..6`".into(),
                },
                span,
            );
            return None;
        }
        Some((lo, hi))
    }

    /// The rows of a results grid typed as printed: one row per distinct
    /// cell (in order of first appearance) and one per `=>` line, reading
    /// in each column the rolls whose cell shows it; `-` cells read the
    /// chart's `- =>` outcome when it has one. Coverage and overlaps are
    /// then checked per column like any column table. The lines as printed
    /// are kept in `self.printed`.
    #[allow(clippy::too_many_lines)] // one pass over the results lines: each line's cells gathered into rows, its checks in order
    pub(super) fn results_rows(
        &mut self,
        lines: &[ast::ResultLine],
        span: Span,
        columns: Option<&[CompactString]>,
    ) -> Vec<ast::Row> {
        let Some(labels) = columns else {
            self.error(
                CompileErrorKind::MisplacedClause {
                    clause: "results",
                    kind: "table without columns",
                    reason: "a results grid has one cell per column: give the chart \
                             `columns CHOICE` or `columns by VALUE: KEYS`"
                        .into(),
                },
                span,
            );
            return Vec::new();
        };
        let dash = self.dash_outcome(lines);
        let n = labels.len();
        let mut found: Vec<Gathered<'_>> = Vec::new();
        let mut quiet = Vec::new();
        for line in lines {
            let rolls = rows::ranges(&line.rolls, &mut quiet);
            let cells = match &line.cells {
                ast::LineCells::Every(outcome) => {
                    found.push(Gathered {
                        key: None,
                        outcome: outcome.clone(),
                        first: line.span,
                        rolls: vec![line.rolls.parts.clone(); n],
                    });
                    let cell = PrintedCell {
                        text: printed_text(outcome),
                        row: Some(found.len() - 1),
                        spans: true,
                    };
                    self.printed.push((rolls, vec![cell; n]));
                    continue;
                }
                ast::LineCells::Each(cells) => cells,
            };
            if cells.len() != n {
                self.error(
                    CompileErrorKind::CellCount {
                        expected: n,
                        found: cells.len(),
                        what: "results (one per column)",
                    },
                    line.span,
                );
                self.dice_failed = true;
                continue;
            }
            let mut printed = Vec::with_capacity(n);
            for (col, cell) in cells.iter().enumerate() {
                let outcome = match (&cell.outcome, dash) {
                    (Some(o), _) => one_field(o.clone(), cell.span),
                    (None, Some(d)) => d.clone(),
                    (None, None) => {
                        printed.push(PrintedCell {
                            text: "-".into(),
                            row: None,
                            spans: false,
                        });
                        continue;
                    }
                };
                let k = match found.iter().position(|f| f.key == Some(cell.text.as_str())) {
                    Some(k) => k,
                    None => {
                        found.push(Gathered {
                            key: Some(&cell.text),
                            outcome,
                            first: cell.span,
                            rolls: vec![Vec::new(); n],
                        });
                        found.len() - 1
                    }
                };
                if let Some(parts) = found.get_mut(k).and_then(|f| f.rolls.get_mut(col)) {
                    parts.extend(line.rolls.parts.iter().copied());
                }
                let text = match &cell.outcome {
                    Some(o) => otherwise_text(o).into(),
                    None => "-".into(),
                };
                printed.push(PrintedCell {
                    text,
                    row: Some(k),
                    spans: false,
                });
            }
            self.printed.push((rolls, printed));
        }
        found
            .into_iter()
            .map(|g| ast::Row {
                key: ast::RowKey::Columns(
                    g.rolls
                        .into_iter()
                        .map(|parts| ast::RangeSet {
                            parts: merged(parts),
                            span: g.first,
                        })
                        .collect(),
                ),
                outcome: g.outcome,
                span: g.first,
            })
            .collect()
    }

    /// The chart's `- =>` outcome; a second one, or one for a grid without
    /// a `-` cell, is reported.
    fn dash_outcome(&mut self, lines: &[ast::ResultLine]) -> Option<&'a ast::Outcome> {
        let (outcome, span) = self.clauses.dash?;
        let any_dash = lines.iter().any(|l| {
            matches!(&l.cells, ast::LineCells::Each(cells) if cells.iter().any(|c| c.outcome.is_none()))
        });
        if !any_dash {
            self.error(
                CompileErrorKind::Invalid {
                    message: "no cell of the results grid is `-`".into(),
                    help: "`- => OUTCOME` says what a `-` cell gives: write `-` in the cells \
                           the sheet leaves blank, or remove the clause"
                        .into(),
                },
                span,
            );
        }
        Some(outcome)
    }

    /// Column shifts need a computed column to move.
    pub(super) fn check_shifts(&mut self, body: &Body) {
        let scaled = matches!(body, Body::Table { scale: Some(_), .. });
        if scaled {
            return;
        }
        for (name, span) in std::mem::take(&mut self.shifts) {
            self.error(
                CompileErrorKind::ShiftWithoutColumns {
                    name: name.to_string(),
                },
                span,
            );
        }
    }

    /// `columns NAME` where `NAME` is no choice: say what it is.
    pub(super) fn not_a_choice(&mut self, ident: &ast::Ident) {
        let syms = &self.sc.games[self.game];
        let is = if let Some(kind) = syms.kinds.get(ident.name.as_str()) {
            Some((*kind).to_string())
        } else if syms.params.contains_key(ident.name.as_str())
            || self.local_params.contains_key(ident.name.as_str())
        {
            Some("a param".into())
        } else if syms.flags.contains_key(ident.name.as_str())
            || self.local_flags.contains_key(ident.name.as_str())
        {
            Some("a flag".into())
        } else {
            self.by_name
                .get(&ident.name)
                .map(|&(s, _)| match self.slots[s].kind {
                    SlotKind::Flag => "a flag or fixed modifier".to_string(),
                    SlotKind::Param { .. } => "a param".to_string(),
                    SlotKind::Choice(_) => "a choice".to_string(),
                })
        };
        match is {
            Some(is) => {
                let allowed = if is == "a ladder" {
                    format!(
                        "`columns` takes a choice; for the column the ladder's step picks \
                         write `columns by {}: KEYS`",
                        ident.name
                    )
                } else {
                    "`columns` takes a choice; for a column picked by a value \
                     write `columns by VALUE: KEYS`"
                        .into()
                };
                self.error(
                    CompileErrorKind::NotThisKind {
                        name: ident.name.to_string(),
                        is,
                        allowed,
                    },
                    ident.span,
                );
            }
            None => self.unknown("choice", ident),
        }
    }
}

/// A cell's outcome as a one-field outcome, as a row holds it.
fn one_field(choice: ast::CondOutcome, span: Span) -> ast::Outcome {
    ast::Outcome {
        fields: vec![ast::Field {
            choices: vec![choice],
            span,
        }],
        span,
    }
}

/// What a results cell prints: the outcome's text when no condition holds
/// (its notes say the rest), fields joined by ` | `.
fn printed_text(outcome: &ast::Outcome) -> CompactString {
    outcome
        .fields
        .iter()
        .map(|f| {
            f.choices
                .iter()
                .map(otherwise_text)
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
        .into()
}

/// The text of what `o` gives when none of its conditions holds.
fn otherwise_text(o: &ast::CondOutcome) -> &str {
    match o {
        ast::CondOutcome::Simple(s) => match &s.kind {
            ast::SimpleKind::Text(t) => t,
            ast::SimpleKind::Success => "success",
            ast::SimpleKind::Failure => "failure",
        },
        ast::CondOutcome::If { otherwise, .. } => otherwise_text(otherwise),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_parts_are_joined() {
        let part = |lo, hi| ast::RangePart {
            lo: Some(lo),
            hi: Some(hi),
            span: Span::default(),
        };
        let m = merged(vec![part(3, 3), part(1, 1), part(2, 2), part(5, 6)]);
        let spans: Vec<_> = m.iter().map(|p| (p.lo, p.hi)).collect();
        assert_eq!(spans, [(Some(1), Some(3)), (Some(5), Some(6))]);
    }

    #[test]
    fn clamped_lookup_reads_the_end_rows() {
        let l = Lookup {
            base: 0,
            dense: [0, 1, 1, 2, 2, 3, 4].into(),
            below: NO_ROW,
            above: NO_ROW,
            order: [].into(),
        };
        let c = clamped(&l, 0, 6);
        assert_eq!(c.row(-3), Some(0));
        assert_eq!(c.row(9), Some(4));
        assert_eq!(c.row(3), Some(2));
    }
}
