//! An opposed roll whose sides each roll a chart (`each rolls crt`): the
//! rolled chart's inputs become each side's (`gov.firepower`), every
//! result it can give must read as a whole number, and the rows must read
//! every difference of two such results, first side minus second.

use super::ChartCx;
use crate::check::compiler::rows::Reach;
use crate::check::error::CompileErrorKind;
use crate::check::tree::{
    Body, ChartTree, CondOutcome, NaturalOutcome, OffRule, Outcome, SideRolls, Slot,
};
use crate::syntax::ast::{self, Clause, CompactString};
use crate::syntax::span::Span;

/// Why a rolled chart's result is not a number, and what to write instead.
struct NotNumber {
    problem: String,
    help: &'static str,
}

const WRITE_NUMBERS: &str = "a side's result is compared as a number: write the rolled chart's \
     outcomes as whole numbers (`0`, `1`, `2`, `-1`), or roll it as a chart of its own";

impl<'a> ChartCx<'a, '_> {
    /// The body of an `opposed` chart with `each rolls CHART`: the chart
    /// each side rolls, each side's copy of its inputs, and rows over the
    /// difference of the two results.
    pub(super) fn sides_body(
        &mut self,
        c: &'a ast::Chart,
        (name, span): (&'a ast::Ident, Span),
        fields: &[CompactString],
    ) -> Body {
        self.refuse_own_roll(c, &name.name);
        let rolled = self.sc.games[self.game]
            .charts
            .get(name.name.as_str())
            .copied()
            .filter(|&id| id != self.id);
        let reach = match rolled.map(|id| (id, &self.program.charts[id])) {
            None => {
                self.unknown("chart", name);
                None
            }
            Some((id, tree)) => match number_reach(tree) {
                Ok(reach) => Some((id, reach)),
                Err(NotNumber { problem, help }) => {
                    self.error(
                        CompileErrorKind::SideResult {
                            chart: name.name.to_string(),
                            problem,
                            help: help.into(),
                        },
                        span,
                    );
                    None
                }
            },
        };
        let Some((chart, (lo, hi))) = reach else {
            // Rows are still checked for their own errors, over any
            // difference (none is reported as a gap).
            self.dice_failed = true;
            let (lookups, rows) = self.rows(c, None, Reach { lo: None, hi: None }, "", fields);
            return opposed(self, lookups, rows, None);
        };
        let pass = [
            self.side_slots(chart, 0, span),
            self.side_slots(chart, 1, span),
        ];
        let reach = Reach {
            lo: lo.checked_sub(hi),
            hi: hi.checked_sub(lo),
        };
        let why = format!(
            "each side's `{}` gives {lo} to {hi}, so the difference runs from {reach}",
            name.name
        );
        let (lookups, rows) = self.rows(c, None, reach, &why, fields);
        let rolls = SideRolls { chart, pass, span };
        opposed(self, lookups, rows, Some(Box::new(rolls)))
    }

    /// Refuses what would roll or modify the opposed chart itself: its
    /// sides roll `rolled`, which has its own dice and modifiers.
    fn refuse_own_roll(&mut self, c: &'a ast::Chart, rolled: &str) {
        for clause in &c.clauses {
            let (what, span, reason) = match clause {
                Clause::Roll(d) => (
                    "roll",
                    d.span,
                    format!("each side rolls `{rolled}`, with that chart's dice"),
                ),
                Clause::Modifiers(_, s) => (
                    "modifiers",
                    *s,
                    format!(
                        "each side rolls `{rolled}`: give its modifiers per side, as \
                         `{}.NAME`",
                        self.sides.first().map_or("side", CompactString::as_str)
                    ),
                ),
                _ => continue,
            };
            self.error(
                CompileErrorKind::MisplacedClause {
                    clause: what,
                    kind: "opposed",
                    reason,
                },
                span,
            );
        }
    }

    /// Side `side`'s copy of every input of `chart` (`gov.firepower`), as
    /// (this chart's slot, the rolled chart's slot); an input the rolled
    /// chart needs, this chart needs for that side.
    fn side_slots(&mut self, chart: usize, side: usize, span: Span) -> Vec<(Slot, Slot)> {
        let Some(prefix) = self.sides.get(side).cloned() else {
            return Vec::new();
        };
        let tree = &self.program.charts[chart];
        let inputs: Vec<_> = tree
            .slots
            .iter()
            .enumerate()
            .map(|(i, s)| (i, s.clone(), tree.required.contains(&i)))
            .collect();
        let mut pass = Vec::with_capacity(inputs.len());
        for (from, slot, required) in inputs {
            let name = compact_str::format_compact!("{prefix}.{}", slot.name);
            let here = self.add_slot("input", name, slot.label, slot.kind, span);
            if required {
                self.required.push(here);
            }
            pass.push((here, from));
        }
        pass
    }
}

/// The body, once its parts are known.
fn opposed(
    cx: &ChartCx,
    lookups: Vec<crate::check::tree::Lookup>,
    rows: Vec<crate::check::tree::RowTree>,
    rolls: Option<Box<SideRolls>>,
) -> Body {
    Body::Opposed {
        dice: crate::check::tree::Dice::default(),
        sides: cx.sides.clone(),
        labels: cx.side_labels.clone(),
        lookup: lookups.into_iter().next().unwrap_or_default(),
        rows,
        rolls,
    }
}

/// The lowest and highest number `tree` can give, or why one of its
/// results is not a number: only a table or a check is rolled this way,
/// and each of its outcomes must be one whole number, with no follow-up.
fn number_reach(tree: &ChartTree) -> Result<(i64, i64), NotNumber> {
    let mut outcomes: Vec<&Outcome> = Vec::new();
    let naturals = match &tree.body {
        Body::Table {
            rows,
            naturals,
            scale,
            ..
        } => {
            outcomes.extend(rows.iter().map(|r| &r.outcome));
            if let Some(s) = scale {
                let off = s.below.iter().chain(s.beyond.iter().map(|b| &b.2));
                outcomes.extend(off.filter_map(|r| match r {
                    OffRule::Outcome(o) => Some(o),
                    OffRule::Read { .. } => None,
                }));
            }
            naturals
        }
        Body::Check {
            success,
            failure,
            naturals,
            ..
        } => {
            outcomes.extend([success, failure]);
            naturals
        }
        other => {
            return Err(NotNumber {
                problem: format!(
                    "which is {} and gives no result to compare",
                    article_kind(other)
                ),
                help: "roll a table or a check whose outcomes are numbers (the hits it \
                       inflicts, say)",
            })
        }
    };
    for n in naturals {
        if let NaturalOutcome::Other(o) = &n.outcome {
            if n.also {
                return Err(NotNumber {
                    problem: format!("whose natural {} adds an outcome (`also`)", n.ranges),
                    help: "a side's result is one number: make the rule replace the \
                           outcome (drop `also`), or roll the chart on its own",
                });
            }
            outcomes.push(o);
        }
    }
    let mut reach: Option<(i64, i64)> = None;
    for o in outcomes {
        let v = outcome_numbers(o)?;
        for n in v {
            reach = Some(reach.map_or((n, n), |(lo, hi)| (lo.min(n), hi.max(n))));
        }
    }
    Ok(reach.unwrap_or((0, 0)))
}

/// "a pool", "a ladder": what a chart that cannot be rolled this way is.
fn article_kind(body: &Body) -> &'static str {
    match body.kind_name() {
        "opposed" => "an opposed roll",
        "pool" => "a pool",
        "ladder" => "a ladder",
        "grid" => "a grid",
        "modifiers" => "a modifier set",
        _ => "reference notes",
    }
}

/// Every number an outcome can read as, whatever its conditions pick.
fn outcome_numbers(o: &Outcome) -> Result<Vec<i64>, NotNumber> {
    let [field] = o.fields.as_slice() else {
        return Err(NotNumber {
            problem: format!("whose outcomes have {} fields", o.fields.len()),
            help: "a side's result is one number: roll a chart without `fields`",
        });
    };
    let [one] = field.as_slice() else {
        return Err(NotNumber {
            problem: "one of whose outcomes is a choice left to the player (`or`)".into(),
            help: WRITE_NUMBERS,
        });
    };
    let mut out = Vec::new();
    let mut at = one;
    loop {
        let simple = match at {
            CondOutcome::Simple(s) | CondOutcome::If(s, _, _) => s,
        };
        if !simple.follow_ups.is_empty() {
            return Err(NotNumber {
                problem: format!("whose outcome `{}` rolls a follow-up", simple.text),
                help: "a side's result is the rolled chart's own outcome: roll the \
                       follow-up from the opposed chart's rows instead",
            });
        }
        match SideRolls::number(&simple.text) {
            Some(n) => out.push(n),
            None => {
                return Err(NotNumber {
                    problem: format!("which can give `{}`, not a number", simple.text),
                    help: WRITE_NUMBERS,
                })
            }
        }
        match at {
            CondOutcome::If(_, _, rest) => at = rest,
            CondOutcome::Simple(_) => return Ok(out),
        }
    }
}
