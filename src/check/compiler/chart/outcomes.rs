//! Outcomes: text with conditions and follow-ups, natural-roll rules.

use super::super::rows::{self};
use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::check::tree::{CondOutcome, FollowUp, Natural, NaturalOutcome, Outcome, Simple};
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{self, Clause};

impl<'a> ChartCx<'a, '_> {
    pub(super) fn outcome(&mut self, o: &ast::Outcome) -> Outcome {
        Outcome {
            fields: o
                .fields
                .iter()
                .map(|f| f.choices.iter().map(|c| self.cond_outcome(c)).collect())
                .collect(),
        }
    }

    pub(super) fn cond_outcome(&mut self, c: &ast::CondOutcome) -> CondOutcome {
        match c {
            ast::CondOutcome::Simple(s) => CondOutcome::Simple(self.simple(s)),
            ast::CondOutcome::If {
                then_,
                cond,
                otherwise,
                ..
            } => {
                let t = self.simple(then_);
                let c = self.cond(cond);
                CondOutcome::If(t, c, Box::new(self.cond_outcome(otherwise)))
            }
        }
    }

    pub(super) fn simple(&mut self, s: &ast::SimpleOutcome) -> Simple {
        let text = match &s.kind {
            ast::SimpleKind::Text(t) => t.clone(),
            ast::SimpleKind::Success | ast::SimpleKind::Failure => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "`success` and `failure` stand alone".into(),
                        help: "use them alone after `=>` in a check's natural rule".into(),
                    },
                    s.span,
                );
                CompactString::default()
            }
        };
        let mut follow_ups = Vec::new();
        for f in &s.follow_ups {
            if f.again {
                let index = self.program.follow_ups.len();
                follow_ups.push(index);
                self.program.follow_ups.push(FollowUp {
                    caller: self.id,
                    chart: self.id,
                    args: Vec::new(),
                    pass: Vec::new(),
                    span: f.span,
                    again: true,
                    with: args_text(&f.args),
                });
                if !f.args.is_empty() {
                    // Resolved as a follow-up's arguments: every other input
                    // passes to the repeat unchanged.
                    self.later.follow_asts.push((index, f.args.clone()));
                }
                continue;
            }
            let Some(chart) = self.sc.chart(self.game, &f.chart.name) else {
                self.unknown("chart", &f.chart);
                continue;
            };
            let index = self.program.follow_ups.len();
            self.program.follow_ups.push(FollowUp {
                caller: self.id,
                chart,
                args: Vec::new(),
                pass: Vec::new(),
                span: f.span,
                again: false,
                with: CompactString::default(),
            });
            self.later.follow_asts.push((index, f.args.clone()));
            follow_ups.push(index);
        }
        Simple { text, follow_ups }
    }

    pub(super) fn natural(&mut self, n: &ast::NaturalClause, check: bool) -> Natural {
        let ranges = rows::ranges(&n.ranges, self.errors);
        let cond = n.cond.as_ref().map(|c| self.cond(c));
        let outcome = match n.outcome.fields.as_slice() {
            [f] if check => match f.choices.as_slice() {
                [ast::CondOutcome::Simple(s)] if s.follow_ups.is_empty() => match s.kind {
                    ast::SimpleKind::Success => Some(NaturalOutcome::Success),
                    ast::SimpleKind::Failure => Some(NaturalOutcome::Failure),
                    ast::SimpleKind::Text(_) => None,
                },
                _ => None,
            },
            _ => None,
        };
        let outcome = outcome.unwrap_or_else(|| NaturalOutcome::Other(self.outcome(&n.outcome)));
        Natural {
            ranges,
            cond,
            also: n.also,
            outcome,
        }
    }

    pub(super) fn naturals(&mut self, c: &'a ast::Chart, check: bool) -> Vec<Natural> {
        let naturals: Vec<Natural> = c
            .clauses
            .iter()
            .filter_map(|cl| match cl {
                Clause::Natural(n) => Some(self.natural(n, check)),
                _ => None,
            })
            .collect();
        if naturals.len() > crate::check::tree::MAX_EXTRAS as usize {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!(
                        "{} natural-roll rules; a chart takes at most {}",
                        naturals.len(),
                        crate::check::tree::MAX_EXTRAS
                    ),
                    help: "merge rules that share an outcome: `natural 1,2 => ...`".into(),
                },
                c.name.span,
            );
        }
        naturals
    }
}

/// Follow-up arguments as written: `disrupted, fire=2`.
fn args_text(args: &[ast::FollowArg]) -> CompactString {
    let written: Vec<String> = args
        .iter()
        .map(|a| match &a.value {
            None => a.name.name.to_string(),
            Some(ast::ArgValue::Int(n)) => format!("{}={n}", a.name.name),
            Some(ast::ArgValue::Number(n)) => {
                format!("{}={}", a.name.name, crate::number::Number::new(*n))
            }
            Some(ast::ArgValue::Name(o)) => format!("{}={}", a.name.name, o.name),
        })
        .collect();
    written.join(", ").into()
}
