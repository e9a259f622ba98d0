//! Charts built: the chart and its clauses, column heads, rows and results
//! lines, outcomes and follow-ups, targets, and `expect` lines.

use super::tree::Node;
use super::{internal, Builder, Res};
use crate::syntax::ast::{
    ArgValue, Chart, ChartKind, Clause, ColumnHead, ColumnScale, CondOutcome, CountStage, Expect,
    ExpectArg, ExpectGroup, ExpectWant, Expr, ExprKind, Field, FollowArg, FollowUp, LineCells,
    NaturalClause, OffRule, OffTable, Outcome, RangeSet, ResultCell, ResultLine, Row, RowKey,
    ScaleValue, SimpleKind, SimpleOutcome, Step, Target, TargetKind,
};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::parser::grammar::Rule;
use crate::syntax::parser::MAX_DEPTH;
use crate::syntax::span::{Span, Spanned};

impl Builder {
    pub(super) fn chart(&self, pair: &Node<'_>) -> Res<Chart> {
        let kids = self.kids(pair);
        let keyword = kids.first()?;
        let kind = match keyword.as_rule() {
            Rule::kw_table => ChartKind::Table,
            Rule::kw_check => ChartKind::Check,
            Rule::kw_opposed => ChartKind::Opposed,
            Rule::kw_pool => ChartKind::Pool,
            Rule::kw_ladder => ChartKind::Ladder,
            _ => return Err(self.unexpected(&keyword)),
        };
        Ok(Chart {
            kind,
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            clauses: kids
                .all(Rule::clause)
                .map(|p| self.clause(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    #[allow(clippy::too_many_lines)] // one match arm per clause kind
    fn clause(&self, pair: &Node<'_>) -> Res<Clause> {
        let inner = self.first(pair)?;
        let span = self.span(&inner);
        let kids = self.kids(&inner);
        Ok(match inner.as_rule() {
            Rule::roll_clause => Clause::Roll(self.dice_expr(&kids.one(Rule::dice_expr)?)?),
            Rule::choice_decl => Clause::Choice(self.choice_decl(&inner)?),
            Rule::flag_decl => Clause::Flag(self.flag_decl(&inner)?),
            Rule::param_decl => Clause::Param(self.param_decl(&inner)?),
            Rule::modifiers_clause => Clause::Modifiers(self.mod_entries(&kids)?, span),
            Rule::columns_clause => Clause::Columns(self.ident(&kids.one(Rule::ident)?)),
            Rule::column_scale => Clause::ColumnScale(ColumnScale {
                value: match kids.opt(Rule::scale_ratio) {
                    Some(r) => {
                        let r = self.kids(&r);
                        ScaleValue::Ratio(
                            self.expr(&r.nth(Rule::expr, 0)?)?,
                            self.expr(&r.nth(Rule::expr, 1)?)?,
                        )
                    }
                    None => ScaleValue::Expr(self.expr(&kids.one(Rule::expr)?)?),
                },
                heads: kids
                    .all(Rule::scale_head)
                    .map(|p| {
                        let k = self.kids(&p);
                        let mut head = self.column_head(&k.one(Rule::column_head)?)?;
                        head.label = k.opt(Rule::string).map(|l| self.label(&l)).transpose()?;
                        Ok(head)
                    })
                    .collect::<Res<_>>()?,
                span,
            }),
            Rule::off_table_clause => Clause::OffTable(OffTable {
                beyond: kids
                    .opt(Rule::column_head)
                    .map(|p| self.column_head(&p))
                    .transpose()?,
                rule: match kids.opt(Rule::read_column) {
                    Some(r) => {
                        let r = self.kids(&r);
                        OffRule::Read {
                            head: self.column_head(&r.one(Rule::column_head)?)?,
                            by: r.opt(Rule::int).map(|p| self.int(&p)).transpose()?,
                        }
                    }
                    None => OffRule::Outcome(self.outcome(&kids.one(Rule::outcome)?)?),
                },
                span,
            }),
            Rule::shifts_clause => Clause::ShiftsPastEdges(span),
            Rule::cap_clause => {
                let n = kids.one(Rule::nat)?;
                Clause::Cap(Spanned::new(self.nat(&n)?, self.span(&n)), span)
            }
            Rule::clamp_clause => Clause::Clamp {
                lo: self.int(&kids.nth(Rule::int, 0)?)?.node,
                hi: self.int(&kids.nth(Rule::int, 1)?)?.node,
                span,
            },
            Rule::results_clause => Clause::Results(
                kids.all(Rule::result_line)
                    .map(|p| self.result_line(&p))
                    .collect::<Res<_>>()?,
                span,
            ),
            Rule::dash_clause => Clause::Dash(self.outcome(&kids.one(Rule::outcome)?)?, span),
            Rule::fields_clause => Clause::Fields(self.options(&kids)?, span),
            Rule::score_clause => Clause::Score(self.expr(&kids.one(Rule::expr)?)?),
            Rule::rows_clause => Clause::Rows(
                kids.all(Rule::row)
                    .map(|p| self.row(&p))
                    .collect::<Res<_>>()?,
                span,
            ),
            Rule::natural_clause => Clause::Natural(NaturalClause {
                ranges: self.range_set(&kids.one(Rule::range_set)?)?,
                cond: self.opt_cond(&kids)?,
                also: kids.has(Rule::kw_also),
                outcome: self.outcome(&kids.one(Rule::outcome)?)?,
                span,
            }),
            Rule::best_clause => Clause::Best {
                row: self.label(&kids.one(Rule::string)?)?,
                cond: self.cond(&kids.one(Rule::cond)?)?,
                span,
            },
            Rule::succeed_clause => Clause::Succeed(self.target(&kids.one(Rule::target)?)?),
            Rule::success_clause => Clause::Success(self.outcome(&kids.one(Rule::outcome)?)?),
            Rule::failure_clause => Clause::Failure(self.outcome(&kids.one(Rule::outcome)?)?),
            Rule::sides_clause => Clause::Sides(self.options(&kids)?, span),
            Rule::rolls_clause => Clause::EachRolls(self.ident(&kids.one(Rule::ident)?), span),
            Rule::count_clause => Clause::Count(self.count_stage(&inner)?),
            Rule::per_clause => Clause::Per {
                of: self.ident(&kids.one(Rule::ident)?),
                roll: self.dice_expr(&kids.one(Rule::dice_expr)?)?,
                stage: self.count_stage(&kids.one(Rule::count_clause)?)?,
                once: kids.has(Rule::kw_once),
                span,
            },
            Rule::report_clause => Clause::Report(
                kids.all(Rule::ident).map(|p| self.ident(&p)).collect(),
                span,
            ),
            Rule::steps_clause => Clause::Steps(
                kids.all(Rule::step)
                    .map(|p| {
                        let k = self.kids(&p);
                        Ok(Step {
                            value: self.value(&k.one(Rule::number)?)?,
                            label: k.opt(Rule::string).map(|l| self.label(&l)).transpose()?,
                        })
                    })
                    .collect::<Res<_>>()?,
                span,
            ),
            Rule::start_clause => Clause::Start(self.expr(&kids.one(Rule::expr)?)?),
            Rule::at_most_clause => Clause::AtMost {
                value: self.expr(&kids.one(Rule::expr)?)?,
                cond: self.opt_cond(&kids)?,
                span,
            },
            Rule::chart_notes => Clause::Notes(self.notes_text(&kids.one(Rule::notes_text)?)?),
            _ => return Err(self.unexpected(&inner)),
        })
    }

    /// A column key: `1-2` (odds, read as 1/2), `-3`, `0.25`, `50+`.
    fn column_head(&self, pair: &Node<'_>) -> Res<ColumnHead> {
        let text = pair.as_str();
        let span = self.span(pair);
        let bare = text.strip_suffix('+').unwrap_or(text);
        let (value, ratio) = match bare.split_once('-').filter(|(a, _)| !a.is_empty()) {
            Some((a, d)) => {
                let (a, d) = (crate::number::parse(a), crate::number::parse(d));
                let (Some(a), Some(d)) = (a, d) else {
                    return Err(self.too_large(pair));
                };
                let Some(odds) = crate::number::div(a, d) else {
                    return Err(ParseError::new(
                        ParseErrorKind::ZeroOdds { text: text.into() },
                        span,
                    ));
                };
                (odds, true)
            }
            None => (
                crate::number::parse(bare).ok_or_else(|| self.too_large(pair))?,
                false,
            ),
        };
        Ok(ColumnHead {
            text: text.into(),
            value,
            ratio,
            label: None,
            span,
        })
    }

    fn result_line(&self, pair: &Node<'_>) -> Res<ResultLine> {
        let kids = self.kids(pair);
        let cells = match kids.opt(Rule::outcome) {
            Some(o) => LineCells::Every(self.outcome(&o)?),
            None => LineCells::Each(
                kids.all(Rule::result_cell)
                    .map(|c| self.result_cell(&c))
                    .collect::<Res<_>>()?,
            ),
        };
        Ok(ResultLine {
            rolls: self.range_set(&kids.one(Rule::range_set)?)?,
            cells,
            span: self.span(pair),
        })
    }

    /// A results cell: `-`, a text, or a chain of texts and conditions
    /// nested from the right as an outcome's `if ... else` chain is.
    pub(super) fn result_cell(&self, pair: &Node<'_>) -> Res<ResultCell> {
        let span = self.span(pair);
        let inner = self.first(pair)?;
        let text: crate::syntax::ast::CompactString = inner
            .as_str()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .into();
        let outcome = match inner.as_rule() {
            Rule::impossible => None,
            Rule::printed_cell => Some(CondOutcome::Simple(self.printed_cell(&inner)?)),
            Rule::cell_if => {
                let kids = self.kids(&inner);
                if let Some(too_deep) = kids.all(Rule::printed_cell).nth(MAX_DEPTH) {
                    let start = self.span(&too_deep).start as usize;
                    return Err(ParseError::new(
                        ParseErrorKind::TooDeep { limit: MAX_DEPTH },
                        Span::new(self.source, start, span.end as usize),
                    ));
                }
                let mut links = Vec::new();
                let mut conds = kids.all(Rule::cond);
                for cell in kids.all(Rule::printed_cell) {
                    let start = self.span(&cell).start;
                    let cond = conds.next().map(|c| self.cond(&c)).transpose()?;
                    links.push((start, self.printed_cell(&cell)?, cond));
                }
                let Some((_, last, None)) = links.pop() else {
                    return Err(self.unexpected(&inner));
                };
                let mut chain = CondOutcome::Simple(last);
                while let Some((start, then_, cond)) = links.pop() {
                    let Some(cond) = cond else {
                        return Err(self.unexpected(&inner));
                    };
                    chain = CondOutcome::If {
                        then_,
                        cond,
                        otherwise: Box::new(chain),
                        span: Span::new(self.source, start as usize, span.end as usize),
                    };
                }
                Some(chain)
            }
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(ResultCell {
            outcome,
            text,
            span,
        })
    }

    /// A cell's text as an outcome: quoted, a word, or a digit cell.
    fn printed_cell(&self, pair: &Node<'_>) -> Res<SimpleOutcome> {
        let inner = self.first(pair)?;
        let text = match inner.as_rule() {
            Rule::string => self.label(&inner)?.text,
            Rule::ident | Rule::digit_cell => inner.as_str().into(),
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(SimpleOutcome {
            kind: SimpleKind::Text(text),
            follow_ups: Vec::new(),
            span: self.span(pair),
        })
    }

    fn count_stage(&self, pair: &Node<'_>) -> Res<CountStage> {
        let kids = self.kids(pair);
        Ok(CountStage {
            name: self.ident(&kids.one(Rule::ident)?),
            label: self.label(&kids.one(Rule::string)?)?,
            target: self.target(&kids.one(Rule::target)?)?,
            span: self.span(pair),
        })
    }

    pub(super) fn row(&self, pair: &Node<'_>) -> Res<Row> {
        let kids = self.kids(pair);
        let key = if let Some(columns) = kids.opt(Rule::column_key) {
            RowKey::Columns(
                self.kids(&columns)
                    .all(Rule::column_cell)
                    .map(|p| self.column_cell(&p))
                    .collect::<Res<_>>()?,
            )
        } else {
            RowKey::Single(self.range_set(&kids.one(Rule::range_set)?)?)
        };
        Ok(Row {
            key,
            outcome: self.outcome(&kids.one(Rule::outcome)?)?,
            span: self.span(pair),
        })
    }

    pub(super) fn column_cell(&self, pair: &Node<'_>) -> Res<RangeSet> {
        let kids = self.kids(pair);
        match kids.opt(Rule::range_set) {
            Some(set) => self.range_set(&set),
            None => Ok(RangeSet {
                parts: Vec::new(),
                span: self.span(pair),
            }),
        }
    }

    pub(super) fn outcome(&self, pair: &Node<'_>) -> Res<Outcome> {
        Ok(Outcome {
            fields: self
                .kids(pair)
                .all(Rule::field)
                .map(|p| self.field(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    fn field(&self, pair: &Node<'_>) -> Res<Field> {
        Ok(Field {
            choices: self
                .kids(pair)
                .all(Rule::cond_outcome)
                .map(|p| self.cond_outcome(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    /// `A if c else B if d else C`: the grammar lists the chain flat
    /// (outcomes and conditions alternating); it nests to the right. Each
    /// nested `if` spans from its first outcome to the end of the chain.
    fn cond_outcome(&self, pair: &Node<'_>) -> Res<CondOutcome> {
        let kids = self.kids(pair);
        let end = self.span(pair).end;
        if let Some(too_deep) = kids.all(Rule::simple_outcome).nth(MAX_DEPTH) {
            let start = self.span(&too_deep).start;
            let span = Span::new(self.source, start as usize, end as usize);
            return Err(ParseError::new(
                ParseErrorKind::TooDeep { limit: MAX_DEPTH },
                span,
            ));
        }
        if !kids.has(Rule::cond) {
            return Ok(CondOutcome::Simple(
                self.simple_outcome(&kids.one(Rule::simple_outcome)?)?,
            ));
        }
        // Built in source order, so the first error in the text is the one
        // reported; then nested from the right.
        let mut links = Vec::new();
        let mut conds = kids.all(Rule::cond);
        for outcome in kids.all(Rule::simple_outcome) {
            let start = self.span(&outcome).start;
            let built = self.simple_outcome(&outcome)?;
            let cond = conds.next().map(|c| self.cond(&c)).transpose()?;
            links.push((start, built, cond));
        }
        let Some((_, last, None)) = links.pop() else {
            return Err(self.unexpected(pair));
        };
        let mut chain = CondOutcome::Simple(last);
        while let Some((start, then_, cond)) = links.pop() {
            let Some(cond) = cond else {
                return Err(self.unexpected(pair));
            };
            chain = CondOutcome::If {
                then_,
                cond,
                otherwise: Box::new(chain),
                span: Span::new(self.source, start as usize, end as usize),
            };
        }
        Ok(chain)
    }

    fn simple_outcome(&self, pair: &Node<'_>) -> Res<SimpleOutcome> {
        let kids = self.kids(pair);
        let kind = if let Some(text) = kids.opt(Rule::string) {
            SimpleKind::Text(self.label(&text)?.text)
        } else if kids.has(Rule::kw_success) {
            SimpleKind::Success
        } else if kids.has(Rule::kw_failure) {
            SimpleKind::Failure
        } else {
            return Err(internal(kids.at, "outcome without text".to_owned()));
        };
        Ok(SimpleOutcome {
            kind,
            follow_ups: kids
                .all(Rule::follow_up)
                .map(|p| self.follow_up(&p))
                .collect::<Res<_>>()?,
            span: self.span(pair),
        })
    }

    fn follow_up(&self, pair: &Node<'_>) -> Res<FollowUp> {
        let kids = self.kids(pair);
        let args = match kids
            .opt(Rule::follow_args)
            .or_else(|| kids.opt(Rule::again_with))
        {
            Some(args) => self
                .kids(&args)
                .all(Rule::follow_arg)
                .map(|p| self.follow_arg(&p))
                .collect::<Res<_>>()?,
            None => Vec::new(),
        };
        if let Some(again) = kids.opt(Rule::kw_again) {
            return Ok(FollowUp {
                chart: self.ident(&again),
                again: true,
                args,
                span: self.span(pair),
            });
        }
        Ok(FollowUp {
            chart: self.ident(&kids.one(Rule::qualified_ident)?),
            again: false,
            args,
            span: self.span(pair),
        })
    }

    /// `any of "3", "4"`, `at least 2`, `at most 1`.
    fn expect_group(&self, pair: &Node<'_>) -> Res<ExpectGroup> {
        let kids = self.kids(pair);
        Ok(match pair.as_rule() {
            Rule::group_any_of => ExpectGroup::AnyOf(
                kids.all(Rule::string)
                    .map(|s| self.label(&s))
                    .collect::<Res<Vec<_>>>()?,
            ),
            Rule::group_at_least => ExpectGroup::AtLeast(self.value(&kids.one(Rule::number)?)?),
            Rule::group_at_most => ExpectGroup::AtMost(self.value(&kids.one(Rule::number)?)?),
            _ => return Err(self.unexpected(pair)),
        })
    }

    pub(super) fn expect_item(&self, pair: &Node<'_>) -> Res<Expect> {
        let kids = self.kids(pair);
        let args = kids
            .all(Rule::expect_arg)
            .map(|p| {
                let k = self.kids(&p);
                let value = k
                    .opt(Rule::number)
                    .or_else(|| k.opt(Rule::ident))
                    .map(|v| v.as_str().into());
                Ok(ExpectArg {
                    name: self.ident(&k.one(Rule::qualified_ident)?),
                    value,
                    span: self.span(&p),
                })
            })
            .collect::<Res<Vec<_>>>()?;
        let naturals = match kids.opt(Rule::expect_natural) {
            Some(n) => self
                .kids(&n)
                .all(Rule::nat)
                .map(|p| Ok(Spanned::new(self.nat(&p)?, self.span(&p))))
                .collect::<Res<Vec<_>>>()?,
            None => Vec::new(),
        };
        let want = if let Some(e) = kids.opt(Rule::expect_error) {
            ExpectWant::Error(self.ident(&self.kids(&e).one(Rule::ident)?))
        } else {
            let outcome = self.kids(&kids.one(Rule::expect_outcome)?);
            let odds = match outcome.opt(Rule::fraction) {
                Some(fraction) => {
                    let span = self.span(&fraction);
                    let parts = self.kids(&fraction);
                    let numer = self.nat(&parts.nth(Rule::nat, 0)?)?;
                    let denom = match parts.all(Rule::nat).nth(1) {
                        Some(p) => self.nat(&p)?,
                        None => 1,
                    };
                    Some(Spanned::new((numer, denom), span))
                }
                None => None,
            };
            match outcome.opt(Rule::outcome_group) {
                Some(group) => ExpectWant::Group {
                    group: self.expect_group(&self.first(&group)?)?,
                    odds,
                },
                None => ExpectWant::Outcome {
                    text: self.label(&outcome.one(Rule::string)?)?,
                    odds,
                },
            }
        };
        Ok(Expect {
            chart: self.ident(&kids.one(Rule::qualified_ident)?),
            args,
            naturals,
            want,
            span: self.span(pair),
        })
    }

    fn follow_arg(&self, pair: &Node<'_>) -> Res<FollowArg> {
        let kids = self.kids(pair);
        let value = if let Some(int) = kids.opt(Rule::int) {
            Some(ArgValue::Int(self.int(&int)?.node))
        } else if let Some(d) = kids.opt(Rule::decimal) {
            Some(ArgValue::Number(self.decimal(&d)?))
        } else {
            kids.all(Rule::ident)
                .nth(1)
                .map(|p| ArgValue::Name(self.ident(&p)))
        };
        Ok(FollowArg {
            name: self.ident(&kids.one(Rule::ident)?),
            value,
            span: self.span(pair),
        })
    }

    // -- Targets -----------------------------------------------------------

    fn target(&self, pair: &Node<'_>) -> Res<Target> {
        let inner = self.first(pair)?;
        let kids = self.kids(&inner);
        let kind = match inner.as_rule() {
            Rule::target_at_least => TargetKind::AtLeast(self.expr(&kids.one(Rule::expr)?)?),
            Rule::target_at_most => TargetKind::AtMost(self.expr(&kids.one(Rule::expr)?)?),
            Rule::target_more_than => TargetKind::MoreThan(self.expr(&kids.one(Rule::expr)?)?),
            Rule::target_less_than => TargetKind::LessThan(self.expr(&kids.one(Rule::expr)?)?),
            Rule::range_set => TargetKind::Range(self.range_set(&inner)?),
            Rule::target_grid => {
                let shift = match kids.opt(Rule::expr) {
                    None => None,
                    Some(e) => {
                        let expr = self.expr(&e)?;
                        match kids.opt(Rule::op_sub) {
                            Some(op) => Some(Expr {
                                span: self.span(&op).to(expr.span),
                                kind: ExprKind::Neg(Box::new(expr)),
                            }),
                            None => Some(expr),
                        }
                    }
                };
                TargetKind::Grid {
                    grid: self.ident(&kids.one(Rule::ident)?),
                    shift,
                }
            }
            _ => return Err(self.unexpected(&inner)),
        };
        Ok(Target {
            kind,
            span: self.span(pair),
        })
    }

    // -- Dice --------------------------------------------------------------
}
