//! The part of a binding that no choice changes ([`Prebound`]), made once
//! per chart when a ruleset loads, kept by the `Ruleset`, and shared
//! (`Arc`) with every binding, trace and answer: the chart's qualified
//! name and title, its rows' outcomes when none depends on the choices,
//! each column's ranges as written, and the texts of each outcome that
//! does not depend on them. Binding then copies pointers, not strings, so
//! a one-shot call (bind, then the odds) allocates little more than its
//! answer (`tests/allocations.rs`).

use crate::check::tree::{Body, ChartTree, CondOutcome, Outcome, Program, Ranges, RowTree};
use crate::engine::env::Resolved;
use crate::engine::trace::{OutcomeField, OutcomeText, Shared};

/// What every binding of one chart shares.
#[derive(Clone, Debug, Default)]
pub(crate) struct Prebound {
    /// `game.chart`.
    pub name: Shared<str>,
    pub title: Shared<str>,
    /// A table's or opposed roll's rows' outcomes, when no row's outcome
    /// depends on the choices (each is then what binding resolves).
    pub rows: Option<Shared<[Resolved]>>,
    /// Each column's rows' ranges as written (an opposed roll's one).
    pub written: Vec<Shared<[Ranges]>>,
    /// The texts of each row whose outcome does not depend on the choices.
    pub said: Vec<Option<Said>>,
    /// A check's outcomes' texts, where they do not depend on the choices.
    pub success: Option<Said>,
    pub failure: Option<Said>,
}

/// An outcome's fields, and how it reads with no `also` added (`Bogged
/// down OR Displace`: what exact odds list).
#[derive(Clone, Debug)]
pub(crate) struct Said {
    pub fields: Shared<[OutcomeField]>,
    pub text: Shared<str>,
}

impl Said {
    pub(crate) fn new(fields: Shared<[OutcomeField]>) -> Self {
        let text = match &*fields {
            // Most outcomes are one text: it is how they read.
            [OutcomeField {
                label: None,
                alternatives,
            }] if alternatives.len() == 1 => alternatives[0].as_str().into(),
            _ => OutcomeText {
                fields: fields.clone(),
                also: Vec::new(),
            }
            .to_string()
            .into(),
        };
        Self { fields, text }
    }

    /// The texts of `outcome` of `chart`, if no choice changes them.
    fn of(chart: &ChartTree, outcome: &Outcome) -> Option<Self> {
        resolved(outcome).map(|r| Self::new(outcome_fields(chart, &r)))
    }
}

/// The fields of a resolved outcome with the chart's field labels.
pub(crate) fn outcome_fields(chart: &ChartTree, primary: &Resolved) -> Shared<[OutcomeField]> {
    let labelled = primary.fields.len() > 1 && primary.fields.len() == chart.fields.len();
    primary
        .fields
        .iter()
        .enumerate()
        .map(|(i, alts)| OutcomeField {
            label: labelled.then(|| chart.fields[i].to_string()),
            alternatives: alts.clone(),
        })
        .collect()
}

/// `outcome` resolved, if it has no condition (what any binding gives).
fn resolved(outcome: &Outcome) -> Option<Resolved> {
    let mut fields = Vec::with_capacity(outcome.fields.len());
    let mut follow_ups = Vec::new();
    for field in &outcome.fields {
        let mut alts = Vec::with_capacity(field.len());
        for choice in field {
            let CondOutcome::Simple(simple) = choice else {
                return None;
            };
            if !simple.text.is_empty() {
                alts.push(simple.text.to_string());
            }
            follow_ups.extend(simple.follow_ups.iter().copied());
        }
        fields.push(alts);
    }
    Some(Resolved { fields, follow_ups })
}

impl Prebound {
    /// Every chart's, in the order of [`Program::charts`].
    pub(crate) fn all(program: &Program) -> Vec<Self> {
        program
            .charts
            .iter()
            .map(|chart| Self::new(program, chart))
            .collect()
    }

    fn new(program: &Program, chart: &ChartTree) -> Self {
        let game = program
            .games
            .get(chart.game)
            .map_or("", |g| g.name.as_str());
        let mut out = Self {
            name: format!("{game}.{}", chart.name).into(),
            title: chart.title.as_str().into(),
            ..Self::default()
        };
        let (rows, columns): (&[RowTree], usize) = match &chart.body {
            Body::Table { rows, lookups, .. } => (rows, lookups.len()),
            Body::Opposed { rows, .. } => (rows, 1),
            Body::Check {
                success, failure, ..
            } => {
                out.success = Said::of(chart, success);
                out.failure = Said::of(chart, failure);
                return out;
            }
            _ => return out,
        };
        let resolved: Vec<Option<Resolved>> = rows.iter().map(|r| resolved(&r.outcome)).collect();
        out.said = resolved
            .iter()
            .map(|r| r.as_ref().map(|r| Said::new(outcome_fields(chart, r))))
            .collect();
        out.rows = resolved
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .map(Into::into);
        out.written = (0..columns)
            .map(|column| {
                rows.iter()
                    .map(|r| r.written.get(column).cloned().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .into()
            })
            .collect();
        out
    }
}
