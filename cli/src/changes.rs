//! What a variant does to each chart of its base: the comparison `diff`
//! makes without a chart, as data (`render` words it as text, JSON and a
//! page). Every chart that rolls is compared across its situation classes
//! (bounded, as `diff --across`), within one budget.

pub use chartwright::compare::Coverage;
use chartwright::compare::{across_in, situation_classes, CellChange, ClassDiff, Pairing};
use chartwright::{Budget, ChartKind, ChartRef, Choices, RollError, RollErrorKind};

/// What a variant does to one of its base's charts.
pub enum Change<'r> {
    /// Its odds differ: the class of its largest change (as `--across`
    /// ranks them) and how much of its situations were compared.
    Changed {
        /// The variant's chart.
        chart: ChartRef<'r>,
        /// The class of the largest change, with its diff.
        top: ClassDiff,
        /// How much was compared.
        coverage: Coverage,
    },
    /// No change in any class compared, but not every situation was
    /// covered.
    Unchanged(ChartRef<'r>, Coverage),
    /// Only the variant has it.
    New(ChartRef<'r>),
    /// Only the base has it.
    Removed(ChartRef<'r>),
    /// Its odds could not be compared, and (past the budget) the input
    /// whose value, given, would cut the work most.
    Failed(ChartRef<'r>, RollError, Option<String>),
    /// A grid the variant changed (it rolls nothing of its own; every
    /// chart that reads it is compared): its changed cells.
    Reference(ChartRef<'r>, Vec<CellChange>),
}

impl Change<'_> {
    /// True for a chart whose odds were compared and differ.
    pub fn differs(&self) -> bool {
        matches!(self, Change::Changed { .. })
    }
}

/// Every chart's [`Change`], with how many charts were compared.
pub struct Changes<'r> {
    /// The charts that differ, largest change first (ties in the variant's
    /// order), then the charts new in the variant, those whose classes
    /// were not all compared, the grids changed, and the charts removed.
    pub charts: Vec<Change<'r>>,
    /// How many charts both sides have were compared.
    pub compared: usize,
    /// The bound on classes compared exactly per chart.
    pub limit: usize,
}

/// Every chart of `pair` that differs, with its largest change over its
/// situation classes (bounded, as `--across`), within `budget`.
pub fn changes<'r>(pair: &Pairing<'r>, choices: &Choices, budget: &mut Budget) -> Changes<'r> {
    let (base, variant) = (pair.base(), pair.variant());
    // Every chart's situations within the one budget: the whole diff ends
    // within the limits, a chart past them `not compared: ... over budget`.
    let limit = variant.rules().limits().max_situations;
    let mut out = Vec::new();
    let mut compared = 0;
    for v in variant.charts().filter(compared_whole) {
        let Some(b) = base.chart(v.name()) else {
            out.push(Change::New(v));
            continue;
        };
        compared += 1;
        let fixed = choices_for(&b, &v, choices);
        match across_in(&b, &v, &fixed, limit, budget) {
            Ok(a) => {
                let coverage = Coverage::of(&a, limit);
                match a.changed().next().cloned() {
                    Some(top) => out.push(Change::Changed {
                        chart: v,
                        top,
                        coverage,
                    }),
                    None if !coverage.exhaustive() => out.push(Change::Unchanged(v, coverage)),
                    None => {}
                }
            }
            Err(e) => {
                let hint = matches!(e.kind, RollErrorKind::OverBudget { .. })
                    .then(|| situation_classes(&[&b, &v], &fixed, limit).widest_input())
                    .flatten();
                out.push(Change::Failed(v, e, hint));
            }
        }
    }
    // Grids roll nothing of their own: a change to one is listed with its
    // cells (the charts that read it were compared above).
    for v in variant.charts().filter(|c| c.kind() == ChartKind::Grid) {
        let Some(b) = base.chart(v.name()) else {
            continue;
        };
        if let Some(cells) = chartwright::compare::grid_changes(&b, &v) {
            if !cells.is_empty() {
                out.push(Change::Reference(v, cells));
            }
        }
    }
    for b in base.charts().filter(compared_whole) {
        if variant.chart(b.name()).is_none() {
            out.push(Change::Removed(b));
        }
    }
    // Where the house rule matters most: the charts that change, largest
    // change first (ties in the sheet's order), then the rest as they came.
    // (Equal fractions give equal floats, so ties stay ties.)
    let size = |c: &Change<'_>| match c {
        Change::Changed { top, .. } => top.diff.largest().map_or(0.0, |o| o.delta_percent().abs()),
        _ => -1.0,
    };
    out.sort_by(|a, b| size(b).total_cmp(&size(a)));
    Changes {
        charts: out,
        compared,
        limit,
    }
}

/// The charts a whole-game diff compares: those that roll, and ladders (a
/// ladder rolls nothing, but a player reads its step as a chart's).
fn compared_whole(c: &ChartRef<'_>) -> bool {
    c.dice().is_some() || c.kind() == ChartKind::Ladder
}

/// The typed choices either chart takes.
fn choices_for(b: &ChartRef<'_>, v: &ChartRef<'_>, choices: &Choices) -> Choices {
    let mut out = Choices::none();
    for a in choices.args() {
        let takes = |c: &ChartRef<'_>| c.inputs().iter().any(|i| i.name == a.name);
        if takes(b) || takes(v) {
            out = out.with(&a.name, a.value.as_deref());
        }
    }
    out
}
