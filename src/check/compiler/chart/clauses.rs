//! A chart's clauses: what each is called in diagnostics, where it is,
//! which kinds take it, the checks on them as a whole, and [`Clauses`],
//! the index the chart is compiled from.

use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::syntax::ast::{self, Clause};
use crate::syntax::span::Span;
use foldhash::HashMap;

/// The clauses a chart's kind takes once, each the first one written
/// (`check_clauses` reports a repeat and a clause the kind does not
/// take, which is then not read), by what they are: built once per chart,
/// so that reading a clause is a field, never a name to match. Clauses a
/// chart may repeat (declarations, modifiers, notes, natural rules, `per`
/// stages, caps, off-table rules) are read in order from the chart.
#[derive(Clone, Copy, Default)]
pub(super) struct Clauses<'a> {
    /// `roll DICE`.
    pub(super) roll: Option<&'a ast::DiceExpr>,
    /// `fields NAME "Label", ...`.
    pub(super) fields: Option<&'a [ast::OptionDecl]>,
    /// `columns CHOICE`.
    pub(super) columns: Option<&'a ast::Ident>,
    /// `columns by EXPR: KEYS`.
    pub(super) scale: Option<&'a ast::ColumnScale>,
    /// `cap modifiers at N`.
    pub(super) cap: Option<i64>,
    /// `clamp total to LO..HI`, and where.
    pub(super) clamp: Option<(i64, i64, Span)>,
    /// `score EXPR`.
    pub(super) score: Option<&'a ast::Expr>,
    /// `best "Row" if COND`: the row's outcome, the condition, where.
    pub(super) best: Option<(&'a ast::Label, &'a ast::Cond, Span)>,
    /// `rows { ... }`, and where.
    pub(super) rows: Option<(&'a [ast::Row], Span)>,
    /// `results { ... }`, and where.
    pub(super) results: Option<(&'a [ast::ResultLine], Span)>,
    /// `- => OUTCOME`, and where.
    pub(super) dash: Option<(&'a ast::Outcome, Span)>,
    /// `succeed on TARGET`.
    pub(super) succeed: Option<&'a ast::Target>,
    /// `success OUTCOME`.
    pub(super) success: Option<&'a ast::Outcome>,
    /// `failure OUTCOME`.
    pub(super) failure: Option<&'a ast::Outcome>,
    /// `sides NAME "Label", NAME "Label"`, and where.
    pub(super) sides: Option<(&'a [ast::OptionDecl], Span)>,
    /// `each rolls CHART`, and where.
    pub(super) rolls: Option<(&'a ast::Ident, Span)>,
    /// `count NAME "label" on TARGET`.
    pub(super) count: Option<&'a ast::CountStage>,
    /// `report NAME, ...`.
    pub(super) report: Option<&'a [ast::Ident]>,
    /// `steps ...`, and where.
    pub(super) steps: Option<(&'a [ast::Step], Span)>,
    /// `start EXPR`.
    pub(super) start: Option<&'a ast::Expr>,
}

impl<'a> Clauses<'a> {
    /// The index of chart `c`'s clauses.
    pub(super) fn of(c: &'a ast::Chart) -> Self {
        let mut ix = Self::default();
        for clause in c.clauses.iter().filter(|cl| allowed(c.kind, cl)) {
            match clause {
                Clause::Roll(d) => first(&mut ix.roll, d),
                Clause::Fields(f, _) => first(&mut ix.fields, f),
                Clause::Columns(i) => first(&mut ix.columns, i),
                Clause::ColumnScale(s) => first(&mut ix.scale, s),
                Clause::Cap(n, _) => first(&mut ix.cap, n.node),
                Clause::Clamp { lo, hi, span } => first(&mut ix.clamp, (*lo, *hi, *span)),
                Clause::Score(e) => first(&mut ix.score, e),
                Clause::Best { row, cond, span } => first(&mut ix.best, (row, cond, *span)),
                Clause::Rows(r, s) => first(&mut ix.rows, (r, *s)),
                Clause::Results(r, s) => first(&mut ix.results, (r, *s)),
                Clause::Dash(o, s) => first(&mut ix.dash, (o, *s)),
                Clause::Succeed(t) => first(&mut ix.succeed, t),
                Clause::Success(o) => first(&mut ix.success, o),
                Clause::Failure(o) => first(&mut ix.failure, o),
                Clause::Sides(d, s) => first(&mut ix.sides, (d, *s)),
                Clause::EachRolls(chart, s) => first(&mut ix.rolls, (chart, *s)),
                Clause::Count(stage) => first(&mut ix.count, stage),
                Clause::Report(names, _) => first(&mut ix.report, names),
                Clause::Steps(steps, s) => first(&mut ix.steps, (steps, *s)),
                Clause::Start(e) => first(&mut ix.start, e),
                Clause::Choice(_)
                | Clause::Flag(_)
                | Clause::Param(_)
                | Clause::Modifiers(..)
                | Clause::Notes(_)
                | Clause::Natural(_)
                | Clause::Per { .. }
                | Clause::AtMost { .. }
                | Clause::OffTable(_)
                | Clause::ShiftsPastEdges(_) => {}
            }
        }
        ix
    }
}

/// Keeps the first clause of a kind.
fn first<T>(slot: &mut Option<T>, clause: T) {
    if slot.is_none() {
        *slot = Some(clause);
    }
}

/// A clause's keyword, for diagnostics.
fn clause_name(c: &Clause) -> &'static str {
    match c {
        Clause::Roll(_) => "roll",
        Clause::Choice(_) => "choice",
        Clause::Flag(_) => "flag",
        Clause::Param(_) => "param",
        Clause::Modifiers(..) => "modifiers",
        Clause::Columns(_) => "columns",
        Clause::ColumnScale(_) => "columns by",
        Clause::OffTable(o) if o.beyond.is_some() => "beyond",
        Clause::OffTable(_) => "below columns",
        Clause::ShiftsPastEdges(_) => "shifts past edges",
        Clause::Cap(..) => "cap modifiers",
        Clause::Clamp { .. } => "clamp total",
        Clause::Results(..) => "results",
        Clause::Dash(..) => "- =>",
        Clause::Fields(..) => "fields",
        Clause::Score(_) => "score",
        Clause::Rows(..) => "rows",
        Clause::Natural(_) => "natural",
        Clause::Best { .. } => "best",
        Clause::Succeed(_) => "succeed on",
        Clause::Success(_) => "success",
        Clause::Failure(_) => "failure",
        Clause::Sides(..) => "sides",
        Clause::EachRolls(..) => "each rolls",
        Clause::Count(_) => "count",
        Clause::Per { .. } => "per",
        Clause::Report(..) => "report",
        Clause::Steps(..) => "steps",
        Clause::Start(_) => "start",
        Clause::AtMost { .. } => "at most",
        Clause::Notes(_) => "notes",
    }
}

pub(super) fn clause_span(c: &Clause) -> Span {
    match c {
        Clause::Roll(d) => d.span,
        Clause::Choice(d) => d.span,
        Clause::Flag(d) => d.span,
        Clause::Param(d) => d.span,
        Clause::Modifiers(_, s)
        | Clause::Fields(_, s)
        | Clause::Rows(_, s)
        | Clause::Sides(_, s)
        | Clause::EachRolls(_, s)
        | Clause::Steps(_, s)
        | Clause::Report(_, s)
        | Clause::ShiftsPastEdges(s)
        | Clause::Cap(_, s)
        | Clause::Results(_, s)
        | Clause::Dash(_, s)
        | Clause::Best { span: s, .. }
        | Clause::Per { span: s, .. }
        | Clause::AtMost { span: s, .. } => *s,
        Clause::Columns(i) => i.span,
        Clause::ColumnScale(s) => s.span,
        Clause::OffTable(o) => o.span,
        Clause::Clamp { span, .. } => *span,
        Clause::Score(e) | Clause::Start(e) => e.span,
        Clause::Natural(n) => n.span,
        Clause::Succeed(t) => t.span,
        Clause::Success(o) | Clause::Failure(o) => o.span,
        Clause::Count(c) => c.span,
        Clause::Notes(l) => l.span,
    }
}

pub(super) fn kind_keyword(k: ast::ChartKind) -> &'static str {
    match k {
        ast::ChartKind::Table => "table",
        ast::ChartKind::Check => "check",
        ast::ChartKind::Opposed => "opposed",
        ast::ChartKind::Pool => "pool",
        ast::ChartKind::Ladder => "ladder",
    }
}

/// The clauses each kind takes besides declarations, modifiers and notes.
fn allowed(kind: ast::ChartKind, clause: &Clause) -> bool {
    use ast::ChartKind as K;
    match clause {
        Clause::Choice(_)
        | Clause::Flag(_)
        | Clause::Param(_)
        | Clause::Modifiers(..)
        | Clause::Notes(_) => true,
        Clause::Roll(_) => kind != K::Ladder,
        Clause::Columns(_)
        | Clause::Score(_)
        | Clause::Best { .. }
        | Clause::ColumnScale(_)
        | Clause::OffTable(_)
        | Clause::ShiftsPastEdges(_)
        | Clause::Cap(..)
        | Clause::Clamp { .. }
        | Clause::Results(..)
        | Clause::Dash(..) => kind == K::Table,
        Clause::Fields(..) | Clause::Rows(..) => matches!(kind, K::Table | K::Opposed),
        Clause::Natural(_) => matches!(kind, K::Table | K::Check),
        Clause::Succeed(_) | Clause::Success(_) | Clause::Failure(_) => kind == K::Check,
        Clause::Sides(..) | Clause::EachRolls(..) => kind == K::Opposed,
        Clause::Count(_) | Clause::Per { .. } | Clause::Report(..) => kind == K::Pool,
        Clause::Steps(..) | Clause::Start(_) | Clause::AtMost { .. } => kind == K::Ladder,
    }
}

/// The clauses a table reads its columns with (rows written per column
/// are checked where the rows are read).
fn goes_with_columns(clause: &Clause) -> bool {
    matches!(
        clause,
        Clause::Columns(_)
            | Clause::ColumnScale(_)
            | Clause::OffTable(_)
            | Clause::ShiftsPastEdges(_)
            | Clause::Results(..)
            | Clause::Dash(..)
    )
}

/// Clauses that may appear more than once.
fn repeatable(clause: &Clause) -> bool {
    matches!(
        clause,
        Clause::Choice(_)
            | Clause::Flag(_)
            | Clause::Param(_)
            | Clause::Modifiers(..)
            | Clause::Notes(_)
            | Clause::Natural(_)
            | Clause::Per { .. }
            | Clause::AtMost { .. }
    )
}

impl ChartCx<'_, '_> {
    /// Reports a clause the chart's kind does not take, and a clause given
    /// twice that may be given once: both before any clause is read, so the
    /// reading below can take the first of each.
    /// Returns true for an opposed roll written with columns, reported
    /// once here: its column clauses and rows are not read further, since
    /// every error they would give follows from the one.
    pub(super) fn check_clauses(&mut self, c: &ast::Chart) -> bool {
        let kind = kind_keyword(c.kind);
        let columned = self.opposed_columns(c);
        // Which clause each keyword came from, to catch repeats.
        let mut seen: HashMap<&'static str, Span> = HashMap::default();
        for clause in &c.clauses {
            let name = clause_name(clause);
            let span = clause_span(clause);
            if columned && goes_with_columns(clause) {
                continue;
            }
            if !allowed(c.kind, clause) {
                use ast::ChartKind as K;
                let takers: Vec<&str> = [K::Table, K::Check, K::Opposed, K::Pool, K::Ladder]
                    .into_iter()
                    .filter(|k| allowed(*k, clause))
                    .map(kind_keyword)
                    .collect();
                self.error(
                    CompileErrorKind::MisplacedClause {
                        clause: name,
                        kind,
                        reason: format!("only a {} takes it", takers.join(" or a ")),
                    },
                    span,
                );
            } else if !repeatable(clause) {
                if let Some(first) = seen.insert(name, span) {
                    self.error(
                        CompileErrorKind::Duplicate {
                            what: "clause",
                            name: name.into(),
                            first,
                        },
                        span,
                    );
                }
            }
        }
        columned
    }

    /// An opposed roll with `columns` or `columns by`: one error, at the
    /// first such clause, saying what an opposed roll reads instead.
    fn opposed_columns(&mut self, c: &ast::Chart) -> bool {
        if c.kind != ast::ChartKind::Opposed {
            return false;
        }
        let Some(columns) = c
            .clauses
            .iter()
            .find(|cl| matches!(cl, Clause::Columns(_) | Clause::ColumnScale(_)))
        else {
            return false;
        };
        self.error(
            CompileErrorKind::Invalid {
                message: "an opposed roll does not take columns".into(),
                help: "an opposed roll reads the difference of its two sides' totals in \
                       plain `rows` (`1 or more => \"Attacker wins\"`): remove the columns \
                       and what goes with them (`below columns`, `beyond`, `results`, cells \
                       per column); to read a column picked by a value, write a `table` \
                       with `columns by` instead"
                    .into(),
            },
            clause_span(columns),
        );
        true
    }

    /// `rows` and `results` are two ways to write one table's results: a
    /// chart with both is reported once, at its name.
    pub(super) fn check_rows_or_results(&mut self, c: &ast::Chart) {
        if c.clauses.iter().any(|cl| matches!(cl, Clause::Results(..)))
            && c.clauses.iter().any(|cl| matches!(cl, Clause::Rows(..)))
        {
            self.error(
                CompileErrorKind::Invalid {
                    message: "a table takes `rows` or `results`, not both".into(),
                    help: "write the results one way: rows of ranges per outcome, \
                           or the grid as printed, one line per roll"
                        .into(),
                },
                c.name.span,
            );
        }
    }

    /// Reports that chart `c` lacks a clause its kind needs, at its name.
    pub(super) fn missing_clause(&mut self, c: &ast::Chart, clause: &'static str) {
        let kind = kind_keyword(c.kind);
        self.error(
            CompileErrorKind::MissingClause { clause, kind },
            c.name.span,
        );
    }
}
