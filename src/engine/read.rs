//! Reading a bound plan for given natural dice: the one function from dice
//! to outcome that both the sampler and the exact-odds engine call.

use crate::check::tree::{ChartTree, Lookup, Program, Ranges};
use crate::engine::bind::{Bound, NatPick, Plan, BRANCH_SHIFT};
use crate::engine::env::Resolved;
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::prebound::outcome_fields;
use crate::engine::trace::OutcomeText;

/// Which outcome a reading gave, as indices, so the odds engine can group
/// readings without comparing text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Key {
    pub primary: u32,
    /// Bit `i` set: the outcome of natural rule `i` (an `also`) is added.
    pub extras: u32,
}

impl Key {
    /// This key of branch `branch` of a chart that reads its dice one by
    /// one: the branch in the primary code's high bits.
    pub(crate) fn in_branch(self, branch: usize) -> Self {
        Self {
            primary: self.primary | ((branch as u32) << BRANCH_SHIFT),
            extras: self.extras,
        }
    }
}

const SUCCESS: u32 = 1 << 20;
const FAILURE: u32 = SUCCESS + 1;
const EXTRA: u32 = 1 << 21;
use crate::check::tree::MAX_EXTRAS;

/// What the natural dice gave.
pub(crate) struct Reading {
    pub key: Key,
    pub total: i64,
    pub score: Option<i64>,
    pub row: Option<usize>,
    pub success: Option<bool>,
    /// A `best` cap moved the reading down to its row.
    pub capped: bool,
}

impl Bound {
    /// The outcome `key` stands for.
    pub fn outcome(&self, key: Key) -> (&Resolved, Vec<&Resolved>) {
        if let Plan::Faces(plan) = &self.plan {
            // The branch is in the code's high bits ([`Key::in_branch`]).
            let branch = (key.primary >> BRANCH_SHIFT) as usize;
            let code = key.primary & ((1 << BRANCH_SHIFT) - 1);
            return match plan.branches.get(branch) {
                Some((_, b)) => b.outcome(Key {
                    primary: code,
                    extras: key.extras,
                }),
                None => (&EMPTY, Vec::new()),
            };
        }
        if let Plan::Columns(plan) = &self.plan {
            let branch = (key.primary >> BRANCH_SHIFT) as usize;
            let code = key.primary & ((1 << BRANCH_SHIFT) - 1);
            return match plan.branches.get(branch) {
                Some(b) => b.outcome(Key {
                    primary: code,
                    extras: key.extras,
                }),
                None => (&EMPTY, Vec::new()),
            };
        }
        let (rows, extras, success, failure): (&[Resolved], &[Resolved], _, _) = match &self.plan {
            Plan::Table { rows, extras, .. } => (rows, extras, None, None),
            Plan::Check {
                extras,
                success,
                failure,
                ..
            } => (&[], extras, Some(success), Some(failure)),
            Plan::Opposed { rows, .. } | Plan::Sides { rows, .. } => (rows, &[], None, None),
            Plan::Certain(..) | Plan::Pool { .. } | Plan::Faces(_) | Plan::Columns(_) => {
                (&[], &[], None, None)
            }
        };
        let pick = |code: u32| -> &Resolved {
            match code {
                SUCCESS => success.unwrap_or(&EMPTY),
                FAILURE => failure.unwrap_or(&EMPTY),
                c if c >= EXTRA => extras.get((c - EXTRA) as usize).unwrap_or(&EMPTY),
                c => rows.get(c as usize).unwrap_or(&EMPTY),
            }
        };
        let primary = match &self.plan {
            Plan::Certain(r, _) => r,
            _ => pick(key.primary),
        };
        if key.extras == 0 {
            return (primary, Vec::new());
        }
        let added = (0..MAX_EXTRAS)
            .filter(|i| key.extras & (1 << i) != 0)
            .map(|i| pick(EXTRA + i));
        (primary, added.collect())
    }

    /// Reads a table or check for one natural roll (`natural`) — or an
    /// opposed roll for the two sides' naturals.
    #[allow(clippy::too_many_lines)] // one match arm per plan kind
    pub fn read(&self, program: &Program, natural: i64, other: i64) -> Result<Reading, RollError> {
        match &self.plan {
            Plan::Table {
                offset,
                score,
                lookup,
                naturals,
                best,
                ..
            } => {
                let total = natural + offset;
                // `clamp total` clamps the total a score reads; without a
                // score, the lookup reads clamped totals already.
                let clamped = self.clamp.map_or(total, |(lo, hi)| total.clamp(lo, hi));
                let score = match score {
                    Some(e) => Some(
                        crate::engine::env::Env {
                            program,
                            chart: self.chart,
                            values: &self.reading,
                            net: 0,
                            ladders: &self.ladders,
                            faces: &self.faces,
                            column_roll: None,
                        }
                        .expr(e, Some((clamped, natural)))
                        .and_then(|v| crate::engine::env::whole_of(v, "the score"))?,
                    ),
                    None => None,
                };
                let value = score.unwrap_or(total);
                let (row, capped) = table_row(lookup, *best, value)?;
                let (primary, extras) = apply_naturals(naturals, natural, row as u32);
                Ok(Reading {
                    key: Key { primary, extras },
                    total,
                    score,
                    row: Some(row),
                    success: None,
                    capped,
                })
            }
            Plan::Check {
                offset,
                target,
                naturals,
                ..
            } => {
                let total = natural + offset;
                let (primary, extras) = check_key(target, naturals, natural, total);
                Ok(Reading {
                    success: Some(primary == SUCCESS),
                    key: Key { primary, extras },
                    total,
                    score: None,
                    row: None,
                    capped: false,
                })
            }
            Plan::Opposed {
                offsets, lookup, ..
            } => {
                let diff = (natural + offsets[0]) - (other + offsets[1]);
                let row = lookup.row(diff).ok_or_else(|| no_row(diff))?;
                Ok(Reading {
                    key: Key {
                        primary: row as u32,
                        extras: 0,
                    },
                    total: natural + offsets[0],
                    score: Some(diff),
                    row: Some(row),
                    success: None,
                    capped: false,
                })
            }
            Plan::Sides { offset, lookup, .. } => {
                // The two results: the first side's with any extra
                // modifier, the second's; the rows read their difference.
                let first = crate::engine::totals::sum(&[natural, *offset])?;
                let diff = crate::engine::totals::sum(&[first, other.saturating_neg()])?;
                let row = lookup.row(diff).ok_or_else(|| no_row(diff))?;
                Ok(Reading {
                    key: Key {
                        primary: row as u32,
                        extras: 0,
                    },
                    total: first,
                    score: Some(diff),
                    row: Some(row),
                    success: None,
                    capped: false,
                })
            }
            // A plan of branches is read branch by branch, by its faces.
            Plan::Certain(..) | Plan::Pool { .. } | Plan::Faces(_) | Plan::Columns(_) => {
                Ok(Reading {
                    key: Key {
                        primary: 0,
                        extras: 0,
                    },
                    total: 0,
                    score: None,
                    row: None,
                    success: None,
                    capped: false,
                })
            }
        }
    }

    /// The key [`Bound::read`] gives for `natural` (for an opposed roll,
    /// the difference of the naturals), and nothing else: what the exact
    /// odds read for every value the dice can show. Inlined into their
    /// loops, the rest of [`Bound::read`] out of line.
    #[inline]
    pub fn key(&self, program: &Program, natural: i64) -> Result<Key, RollError> {
        match &self.plan {
            Plan::Table {
                offset,
                score: None,
                lookup,
                naturals,
                best,
                ..
            } => {
                let (row, _) = table_row(lookup, *best, natural + offset)?;
                let (primary, extras) = apply_naturals(naturals, natural, row as u32);
                Ok(Key { primary, extras })
            }
            Plan::Check {
                offset,
                target,
                naturals,
                ..
            } => {
                let (primary, extras) = check_key(target, naturals, natural, natural + offset);
                Ok(Key { primary, extras })
            }
            Plan::Opposed {
                offsets, lookup, ..
            } => {
                let diff = (natural + offsets[0]) - offsets[1];
                let row = lookup.row(diff).ok_or_else(|| no_row(diff))?;
                Ok(Key {
                    primary: row as u32,
                    extras: 0,
                })
            }
            _ => self.read_key(program, natural),
        }
    }

    /// The key of [`Bound::read`], for the plans [`Bound::key`] does not
    /// read itself (a score, a plan without dice).
    #[inline(never)]
    fn read_key(&self, program: &Program, natural: i64) -> Result<Key, RollError> {
        self.read(program, natural, 0).map(|r| r.key)
    }

    /// Where the outcome `key` stands for is listed: as the column read
    /// prints it (a results grid's column), else in key order.
    pub fn sheet_place(&self, key: Key) -> (u32, Key) {
        match &self.plan {
            Plan::Table { lookup, .. } => (lookup.place(key.primary), key),
            _ => (key.primary, key),
        }
    }

    /// The ranges of a row as written.
    pub fn row_text(&self, row: usize) -> Option<String> {
        match &self.plan {
            Plan::Table { written, .. }
            | Plan::Opposed { written, .. }
            | Plan::Sides { written, .. } => written.get(row).map(Ranges::to_string),
            _ => None,
        }
    }
}

static EMPTY: Resolved = Resolved {
    fields: Vec::new(),
    follow_ups: Vec::new(),
};

/// The row a table reads for `value`, and whether a `best` cap moved it.
fn table_row(
    lookup: &Lookup,
    best: Option<(usize, i64)>,
    value: i64,
) -> Result<(usize, bool), RollError> {
    let row = lookup.row(value).ok_or_else(|| no_row(value))?;
    Ok(match best {
        Some((b, top)) if value > top => (b, true),
        _ => (row, false),
    })
}

/// A check's key for `natural` and the `total` it makes.
fn check_key(
    target: &Ranges,
    naturals: &[crate::engine::bind::BoundNatural],
    natural: i64,
    total: i64,
) -> (u32, u32) {
    let base = if target.contains(total) {
        SUCCESS
    } else {
        FAILURE
    };
    apply_naturals(naturals, natural, base)
}

/// No row reads `total`.
fn no_row(total: i64) -> RollError {
    RollError::new(RollErrorKind::NoRow { total }, None)
}

/// Natural-roll rules: the first that replaces wins, every `also` adds.
fn apply_naturals(
    naturals: &[crate::engine::bind::BoundNatural],
    natural: i64,
    base: u32,
) -> (u32, u32) {
    let mut primary = None;
    let mut extras = 0u32;
    for n in naturals {
        if !n.ranges.contains(natural) {
            continue;
        }
        let code = match n.outcome {
            NatPick::Success => SUCCESS,
            NatPick::Failure => FAILURE,
            NatPick::Other(i) => EXTRA + i as u32,
        };
        if let (true, NatPick::Other(i)) = (n.also, &n.outcome) {
            // Bounded at compile time (MAX_EXTRAS natural rules a chart).
            extras |= 1u32.checked_shl(*i as u32).unwrap_or(0);
        } else if primary.is_none() {
            primary = Some(code);
        }
    }
    (primary.unwrap_or(base), extras)
}

/// Renders a resolved outcome with the chart's field labels.
pub(crate) fn outcome_text(
    chart: &ChartTree,
    primary: &Resolved,
    extras: &[&Resolved],
) -> OutcomeText {
    OutcomeText {
        fields: outcome_fields(chart, primary),
        // Each `also` rule adds one note, printed as the rows print theirs:
        // a choice reads `Hold OR No effect`, and a structured outcome
        // names its fields (`Loss A1; Retreat -`).
        also: extras
            .iter()
            .filter(|r| r.fields.iter().any(|alts| !alts.is_empty()))
            .map(|r| {
                OutcomeText {
                    fields: outcome_fields(chart, r),
                    also: Vec::new(),
                }
                .to_string()
            })
            .collect(),
    }
}

/// What the primary code of a [`Key`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Code {
    Row(usize),
    Success,
    Failure,
    Extra(usize),
}

impl Code {
    pub(crate) fn of(code: u32) -> Self {
        match code {
            SUCCESS => Self::Success,
            FAILURE => Self::Failure,
            c if c >= EXTRA => Self::Extra((c - EXTRA) as usize),
            c => Self::Row(c as usize),
        }
    }
}
