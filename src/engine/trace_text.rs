//! The texts a trace shows that do not change from roll to roll — the
//! chart's qualified name and title, the modifiers applied, each row's
//! ranges as written and each outcome's fields — built once per bound chart
//! and shared (`Arc`) with every [`crate::Roll`] it gives, so that a full
//! trace of a plain table copies pointers, not strings
//! (`tests/allocations.rs`: at most 3 allocations a roll).
//!
//! A chart bound on the fly (a follow-up, [`crate::ChartRef::roll`]) has no
//! such texts: the sampler builds the few it shows for that one roll.

use crate::check::tree::{Body, Program, Ranges};
use crate::engine::bind::{Bound, Plan};
use crate::engine::prebound::{outcome_fields, Prebound, Said};
use crate::engine::read::Code;
use crate::engine::trace::{AppliedModifier, OutcomeField, Shared};

/// What a bound chart's traces share.
#[derive(Clone, Debug)]
pub(crate) struct TraceText {
    pub chart: Shared<str>,
    pub title: Shared<str>,
    pub modifiers: Shared<[AppliedModifier]>,
    /// Each row's ranges as written (tables and opposed rolls).
    written: Vec<Shared<str>>,
    /// Each line of a results grid typed as printed: its rolls.
    lines: Vec<Shared<str>>,
    /// Each row's outcome (tables and opposed rolls); for a roll with no
    /// dice, its one outcome.
    rows: Vec<Said>,
    /// A check's outcomes.
    success: Option<Said>,
    failure: Option<Said>,
}

impl TraceText {
    /// The texts of `bound`, sharing the chart's own (`pre`) where no
    /// choice changes them.
    pub(crate) fn new(program: &Program, pre: Option<&Prebound>, bound: &Bound) -> Self {
        let chart = &program.charts[bound.chart];
        let said = |r| Said::new(outcome_fields(chart, r));
        // A row's texts are the chart's own where no choice changes them.
        let row = |(i, r)| {
            pre.and_then(|p| p.said.get(i).cloned().flatten())
                .unwrap_or_else(|| said(r))
        };
        let (written, rows, success, failure) = match &bound.plan {
            Plan::Table { rows, written, .. }
            | Plan::Opposed { rows, written, .. }
            | Plan::Sides { rows, written, .. } => (
                written.iter().map(shared_ranges).collect(),
                rows.iter().enumerate().map(row).collect(),
                None,
                None,
            ),
            Plan::Check {
                success, failure, ..
            } => (
                Vec::new(),
                Vec::new(),
                Some(
                    pre.and_then(|p| p.success.clone())
                        .unwrap_or_else(|| said(success)),
                ),
                Some(
                    pre.and_then(|p| p.failure.clone())
                        .unwrap_or_else(|| said(failure)),
                ),
            ),
            Plan::Certain(r, _) => (Vec::new(), vec![said(r)], None, None),
            // Each branch's texts are its own, made as it is rolled.
            Plan::Pool { .. } | Plan::Faces(_) | Plan::Columns(_) => {
                (Vec::new(), Vec::new(), None, None)
            }
        };
        let lines = match &chart.body {
            Body::Table { printed, .. } => printed.iter().map(|(r, _)| shared_ranges(r)).collect(),
            _ => Vec::new(),
        };
        Self {
            lines,
            chart: pre.map_or_else(|| qualified_name(program, bound).into(), |p| p.name.clone()),
            title: pre.map_or_else(|| chart.title.as_str().into(), |p| p.title.clone()),
            modifiers: bound.modifiers(program).into(),
            written,
            rows,
            success,
            failure,
        }
    }

    /// True for a chart typed as a results grid (it has printed lines).
    pub(crate) fn has_lines(&self) -> bool {
        !self.lines.is_empty()
    }

    /// The rolls of line `line` of a results grid typed as printed.
    pub(crate) fn line(&self, line: usize) -> Option<Shared<str>> {
        self.lines.get(line).cloned()
    }

    /// The ranges of row `row` as written.
    pub(crate) fn written(&self, row: usize) -> Option<Shared<str>> {
        self.written.get(row).cloned()
    }

    /// The outcome a primary code stands for (not those of natural-roll
    /// rules, which are read roll by roll).
    fn said(&self, code: u32) -> Option<&Said> {
        match Code::of(code) {
            Code::Row(i) => self.rows.get(i),
            Code::Success => self.success.as_ref(),
            Code::Failure => self.failure.as_ref(),
            Code::Extra(_) => None,
        }
    }

    /// The fields of the outcome a primary code stands for.
    pub(crate) fn fields(&self, code: u32) -> Option<Shared<[OutcomeField]>> {
        self.said(code).map(|s| s.fields.clone())
    }

    /// The fields and the text of the outcome a primary code stands for,
    /// as exact odds list it.
    pub(crate) fn outcome(&self, code: u32) -> Option<(Shared<[OutcomeField]>, Shared<str>)> {
        self.said(code).map(|s| (s.fields.clone(), s.text.clone()))
    }
}

/// `game.chart`.
pub(crate) fn qualified_name(program: &Program, bound: &Bound) -> String {
    let chart = &program.charts[bound.chart];
    format!("{}.{}", program.games[chart.game].name, chart.name)
}

fn shared_ranges(r: &Ranges) -> Shared<str> {
    r.to_string().into()
}
