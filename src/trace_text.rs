//! The texts a trace shows that do not change from roll to roll — the
//! chart's qualified name and title, the modifiers applied, each row's
//! ranges as written and each outcome's fields — built once per bound chart
//! and shared (`Arc`) with every [`crate::Roll`] it gives, so that a full
//! trace of a plain table copies pointers, not strings
//! (`tests/allocations.rs`: at most 3 allocations a roll).
//!
//! A chart bound on the fly (a follow-up, [`crate::ChartRef::roll`]) has no
//! such texts: the sampler builds the few it shows for that one roll.

use crate::bind::{Bound, Plan};
use crate::read::{outcome_fields, Code};
use crate::roll::{AppliedModifier, OutcomeField, OutcomeText, Shared};
use crate::tree::{Program, Ranges};

/// What a bound chart's traces share.
#[derive(Clone, Debug)]
pub(crate) struct TraceText {
    pub chart: Shared<str>,
    pub title: Shared<str>,
    pub modifiers: Shared<[AppliedModifier]>,
    /// Each row's ranges as written (tables and opposed rolls).
    written: Vec<Shared<str>>,
    /// Each row's outcome fields (tables and opposed rolls); for a roll
    /// with no dice, its one outcome.
    rows: Vec<Shared<[OutcomeField]>>,
    /// A check's outcomes.
    success: Option<Shared<[OutcomeField]>>,
    failure: Option<Shared<[OutcomeField]>>,
    /// How each of those outcomes reads (`Bogged down or Displace`), in the
    /// order rows, success, failure: what exact odds list.
    said: Vec<Shared<str>>,
}

impl TraceText {
    pub(crate) fn new(program: &Program, bound: &Bound) -> Self {
        let chart = &program.charts[bound.chart];
        let fields = |r| outcome_fields(chart, r);
        let (written, rows, success, failure) = match &bound.plan {
            Plan::Table { rows, written, .. } | Plan::Opposed { rows, written, .. } => (
                written.iter().map(shared_ranges).collect(),
                rows.iter().map(fields).collect(),
                None,
                None,
            ),
            Plan::Check {
                success, failure, ..
            } => (
                Vec::new(),
                Vec::new(),
                Some(fields(success)),
                Some(fields(failure)),
            ),
            Plan::Certain(r, _) => (Vec::new(), vec![fields(r)], None, None),
            Plan::Pool { .. } => (Vec::new(), Vec::new(), None, None),
        };
        let said = rows
            .iter()
            .chain(&success)
            .chain(&failure)
            .map(|fields| said(fields.clone()))
            .collect();
        Self {
            chart: qualified_name(program, bound).into(),
            title: chart.title.as_str().into(),
            modifiers: bound.applied.as_slice().into(),
            written,
            rows,
            success,
            failure,
            said,
        }
    }

    /// The ranges of row `row` as written.
    pub(crate) fn written(&self, row: usize) -> Option<Shared<str>> {
        self.written.get(row).cloned()
    }

    /// The fields of the outcome a primary code stands for (not those of
    /// natural-roll rules, which are read roll by roll).
    pub(crate) fn fields(&self, code: u32) -> Option<Shared<[OutcomeField]>> {
        match Code::of(code) {
            Code::Row(i) => self.rows.get(i).cloned(),
            Code::Success => self.success.clone(),
            Code::Failure => self.failure.clone(),
            Code::Extra(_) => None,
        }
    }

    /// The fields and the text of the outcome a primary code stands for,
    /// as exact odds list it.
    pub(crate) fn outcome(&self, code: u32) -> Option<(Shared<[OutcomeField]>, Shared<str>)> {
        let at = match Code::of(code) {
            Code::Row(i) => i,
            Code::Success => self.rows.len(),
            Code::Failure => self.rows.len() + usize::from(self.success.is_some()),
            Code::Extra(_) => return None,
        };
        Some((self.fields(code)?, self.said.get(at)?.clone()))
    }
}

/// How an outcome with these fields and no `also` reads.
fn said(fields: Shared<[OutcomeField]>) -> Shared<str> {
    OutcomeText {
        fields,
        also: Vec::new(),
    }
    .to_string()
    .into()
}

/// `game.chart`.
pub(crate) fn qualified_name(program: &Program, bound: &Bound) -> String {
    let chart = &program.charts[bound.chart];
    format!("{}.{}", program.games[chart.game].name, chart.name)
}

fn shared_ranges(r: &Ranges) -> Shared<str> {
    r.to_string().into()
}
