//! Expressions and conditions: names resolved to slots and grids, the
//! special terms each place allows, functions and their arity.

use super::super::option_index;
use super::{ChartCx, ExprContext};
use crate::check::error::CompileErrorKind;
use crate::check::tree::{Cell, Cond, Expr, Func, SlotKind};
use crate::number::Num;
use crate::syntax::ast::{self};
use crate::syntax::span::Span;

impl ChartCx<'_, '_> {
    /// `n` as a whole number, or an error at `span` saying `what` needs one.
    pub(super) fn whole(&mut self, n: Num, span: Span, what: &'static str) -> i64 {
        crate::number::to_whole(n).unwrap_or_else(|| {
            self.error(
                CompileErrorKind::NotWhole {
                    what,
                    value: crate::number::Show(n).to_string(),
                },
                span,
            );
            crate::number::floor(n)
        })
    }

    #[allow(clippy::too_many_lines)] // one match arm per expression kind
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Expr {
        match &e.kind {
            ast::ExprKind::Int(n) => Expr::Int(*n),
            ast::ExprKind::Number(n) => Expr::Num(*n),
            ast::ExprKind::If(then_, cond, otherwise) => {
                let then_ = self.expr(then_);
                let cond = self.cond(cond);
                Expr::If(
                    Box::new(cond),
                    Box::new(then_),
                    Box::new(self.expr(otherwise)),
                )
            }
            ast::ExprKind::Call(name, args) => {
                let args: Vec<Expr> = args.iter().map(|a| self.expr(a)).collect();
                let Some(&(_, func, arity)) = Func::ALL.iter().find(|(n, _, _)| *n == name.name)
                else {
                    self.error(
                        CompileErrorKind::Unknown {
                            what: "function",
                            name: name.name.to_string(),
                            suggestion: crate::check::suggest::closest(
                                &name.name,
                                Func::ALL.iter().map(|f| f.0),
                            ),
                        },
                        name.span,
                    );
                    return Expr::Int(0);
                };
                let fits = match arity {
                    Some(n) => args.len() == n,
                    None => args.len() >= 2,
                };
                if !fits {
                    self.error(
                        CompileErrorKind::CellCount {
                            expected: arity.unwrap_or(2),
                            found: args.len(),
                            what: "arguments",
                        },
                        e.span,
                    );
                    return Expr::Int(0);
                }
                Expr::Call(func, args)
            }
            ast::ExprKind::Total | ast::ExprKind::Natural if self.context != ExprContext::Score => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "the roll is not known here".into(),
                        help: "`total` and `natural` may be used in `score` only".into(),
                    },
                    e.span,
                );
                Expr::Int(0)
            }
            ast::ExprKind::Die(n) => {
                let sides = self.read_die(*n, e.span);
                Expr::Die(*n, sides)
            }
            ast::ExprKind::Dice(_) => {
                self.error(
                    CompileErrorKind::DiceInExpression {
                        place: "this expression".into(),
                    },
                    e.span,
                );
                Expr::Int(0)
            }
            ast::ExprKind::Total => Expr::Total,
            ast::ExprKind::Natural => Expr::Natural,
            ast::ExprKind::Modifiers if self.context == ExprContext::Target => {
                self.net_used = true;
                Expr::Net
            }
            ast::ExprKind::Modifiers => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "`modifiers` is not known here".into(),
                        help: "`modifiers` (the net modifier) may be used in a check's \
                               `succeed on` target, where it moves the target instead of the roll"
                            .into(),
                    },
                    e.span,
                );
                Expr::Int(0)
            }
            ast::ExprKind::Neg(x) => Expr::Neg(Box::new(self.expr(x))),
            ast::ExprKind::Binary(op, a, b) => {
                Expr::Bin(*op, Box::new(self.expr(a)), Box::new(self.expr(b)))
            }
            ast::ExprKind::Name(ident) => {
                if let Some(slot) = self.lookup_slot(&ident.name, ident.span) {
                    if matches!(self.slots[slot].kind, SlotKind::Param { .. }) {
                        self.required.push(slot);
                        return Expr::Slot(slot, ident.span);
                    }
                    self.error(
                        CompileErrorKind::WrongKind {
                            expected: "a number (a param or a grid of numbers)",
                            found: format!("`{}`, which is not a number", ident.name),
                        },
                        ident.span,
                    );
                    return Expr::Int(0);
                }
                if let Some(r) = self.grid_ref(ident) {
                    self.expect_cells(
                        &r,
                        |c| matches!(c, Cell::Number(_) | Cell::Impossible),
                        "a grid of numbers",
                    );
                    return Expr::Grid(r);
                }
                if let Some(e) = self.ladder_read(ident) {
                    return e;
                }
                self.unknown("name", ident);
                Expr::Int(0)
            }
        }
    }

    /// A ladder named in an expression: its step, settled at bind time
    /// with this chart's values (its inputs become this chart's).
    fn ladder_read(&mut self, ident: &ast::Ident) -> Option<Expr> {
        let syms = &self.sc.games[self.game];
        let &reach = syms.ladders.get(ident.name.as_str())?;
        let ladder = *syms.charts.get(ident.name.as_str())?;
        if ladder == self.id {
            self.error(
                CompileErrorKind::LadderCycle {
                    chain: format!("{0} -> {0}", ident.name),
                },
                ident.span,
            );
            return Some(Expr::Int(0));
        }
        // A chart that reads one ladder twice reads it once: one step
        // reached, bound and listed in the trace once.
        let reads = &self.program.ladder_reads;
        if let Some(i) = reads
            .iter()
            .position(|r| r.caller == self.id && r.ladder == ladder)
        {
            return Some(Expr::Ladder(i));
        }
        let index = self.program.ladder_reads.len();
        self.program
            .ladder_reads
            .push(crate::check::tree::LadderRead {
                caller: self.id,
                ladder,
                name: ident.name.clone(),
                reach,
                pass: Vec::new(),
                span: ident.span,
            });
        Some(Expr::Ladder(index))
    }

    pub(super) fn cond(&mut self, c: &ast::Cond) -> Cond {
        match &c.kind {
            ast::CondKind::Not(x) => Cond::Not(Box::new(self.cond(x))),
            ast::CondKind::And(a, b) => Cond::And(Box::new(self.cond(a)), Box::new(self.cond(b))),
            ast::CondKind::Or(a, b) => Cond::Or(Box::new(self.cond(a)), Box::new(self.cond(b))),
            ast::CondKind::Flag(ident) => match self.lookup_slot(&ident.name, ident.span) {
                Some(s) => match self.slots[s].kind {
                    SlotKind::Flag => Cond::Flag(s),
                    SlotKind::Param { .. } => {
                        Cond::Cmp(ast::CmpOp::Ne, Expr::Slot(s, ident.span), Expr::Int(0))
                    }
                    SlotKind::Choice(_) => {
                        self.error(
                            CompileErrorKind::WrongKind {
                                expected: "a flag",
                                found: format!("the choice `{}`", ident.name),
                            },
                            ident.span,
                        );
                        Cond::Flag(s)
                    }
                },
                None => {
                    self.unknown("flag", ident);
                    Cond::Not(Box::new(Cond::OptionIn(0, Vec::new())))
                }
            },
            ast::CondKind::In(choice, options) => self.option_test(choice, options),
            ast::CondKind::Doubles => {
                self.read_doubles(c.span);
                Cond::Doubles
            }
            ast::CondKind::Cmp(op, a, b) => {
                if let (
                    ast::CmpOp::Eq | ast::CmpOp::Ne,
                    ast::ExprKind::Name(l),
                    ast::ExprKind::Name(r),
                ) = (op, &a.kind, &b.kind)
                {
                    let is_choice = self
                        .lookup_slot(&l.name, l.span)
                        .is_some_and(|s| matches!(self.slots[s].kind, SlotKind::Choice(_)));
                    if is_choice {
                        let test = self.option_test(l, std::slice::from_ref(r));
                        return if *op == ast::CmpOp::Ne {
                            Cond::Not(Box::new(test))
                        } else {
                            test
                        };
                    }
                }
                Cond::Cmp(*op, self.expr(a), self.expr(b))
            }
        }
    }

    pub(super) fn option_test(&mut self, choice: &ast::Ident, options: &[ast::Ident]) -> Cond {
        let Some(slot) = self.lookup_slot(&choice.name, choice.span) else {
            self.unknown("choice", choice);
            return Cond::OptionIn(0, Vec::new());
        };
        let SlotKind::Choice(c) = self.slots[slot].kind else {
            self.error(
                CompileErrorKind::WrongKind {
                    expected: "a choice",
                    found: format!("`{}`, which is not a choice", choice.name),
                },
                choice.span,
            );
            return Cond::OptionIn(slot, Vec::new());
        };
        let indices = options
            .iter()
            .filter_map(|o| option_index(&self.program.choices[c], o, self.errors))
            .collect();
        self.required.push(slot);
        Cond::OptionIn(slot, indices)
    }

    pub(super) fn applicability(&mut self, a: Option<&ast::Applicability>) -> Option<Cond> {
        a.map(|a| {
            let c = self.cond(&a.cond);
            if a.unless {
                Cond::Not(Box::new(c))
            } else {
                c
            }
        })
    }
}
