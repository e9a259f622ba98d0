//! Operator precedence for the flat lists the grammar gives expressions and
//! conditions (`prefix* atom (infix prefix* atom)*`), over the builder's
//! [`Node`]s. pest's `PrattParser` does this over pest's own pairs only (and
//! panics on a list out of shape); this is the same algorithm, with the same
//! precedence, associativity and order of calls, returning an error instead.

use std::iter::Peekable;

use super::tree::{Children, Node};
use super::{internal, Res};
use crate::syntax::parser::grammar::Rule;
use crate::syntax::span::Span;

/// What an operator is.
#[derive(Clone, Copy)]
pub(super) enum Affix {
    /// A prefix operator, binding tighter than every infix one.
    Prefix,
    /// A left-associative infix operator of this precedence (higher binds
    /// tighter).
    Infix(u8),
}

/// The operators of one kind of list, and how to build its nodes.
pub(super) struct Pratt<'f, T> {
    /// What a rule is as an operator; `None` for an operand.
    pub ops: fn(Rule) -> Option<Affix>,
    pub primary: &'f dyn Fn(Node<'_>) -> Res<T>,
    pub prefix: &'f dyn Fn(Node<'_>, T) -> Res<T>,
    pub infix: &'f dyn Fn(T, Node<'_>, T) -> Res<T>,
    /// Builds a run of more than [`LONG_RUN`] operators of one precedence
    /// (`a + b - c + ...`) from its first operand and each operator with
    /// the operand after it, instead of `infix` folding it left: a flat
    /// sum of 100,000 terms need not be a tree 100,000 deep.
    pub long_run: Option<&'f LongRun<'f, T>>,
    /// Where the list starts (a list out of shape is reported there).
    pub at: Span,
}

/// Builds a long run from its first operand and each operator with the
/// operand after it.
pub(super) type LongRun<'f, T> = dyn Fn(T, Vec<(Node<'_>, T)>) -> Res<T> + 'f;

/// Above every infix precedence.
const PREFIX: u8 = u8::MAX;

/// Runs of at most this many operators of one precedence are folded left,
/// as written.
pub(super) const LONG_RUN: usize = 32;

impl<T> Pratt<'_, T> {
    /// Builds the whole list.
    pub(super) fn parse(&self, nodes: Children<'_>) -> Res<T> {
        let mut nodes = nodes.peekable();
        let built = self.expr(&mut nodes, 0)?;
        match nodes.next() {
            None => Ok(built),
            Some(_) => Err(internal(self.at, "operators out of place".to_owned())),
        }
    }

    /// An operand and every infix operator binding tighter than `floor`.
    /// Operators of one precedence in a row make a run, built when the
    /// precedence changes or the list ends (see [`Pratt::long_run`]).
    fn expr<'i>(&self, nodes: &mut Peekable<Children<'i>>, floor: u8) -> Res<T> {
        let mut lhs = self.operand(nodes)?;
        let mut run: Vec<(Node<'i>, T)> = Vec::new();
        let mut run_prec = None;
        while let Some(prec) = nodes.peek().and_then(|n| self.infix_prec(n.as_rule())) {
            if prec <= floor {
                break;
            }
            if run_prec.is_some_and(|p| p != prec) {
                lhs = self.run(lhs, std::mem::take(&mut run))?;
            }
            run_prec = Some(prec);
            let Some(op) = nodes.next() else { break };
            let rhs = self.expr(nodes, prec)?;
            run.push((op, rhs));
        }
        self.run(lhs, run)
    }

    /// A run of operators of one precedence applied to `lhs`.
    fn run(&self, lhs: T, run: Vec<(Node<'_>, T)>) -> Res<T> {
        match self.long_run {
            Some(long) if run.len() > LONG_RUN => long(lhs, run),
            _ => run
                .into_iter()
                .try_fold(lhs, |lhs, (op, rhs)| (self.infix)(lhs, op, rhs)),
        }
    }

    /// A run of prefix operators and the operand they apply to.
    fn operand(&self, nodes: &mut Peekable<Children<'_>>) -> Res<T> {
        let Some(node) = nodes.next() else {
            return Err(internal(
                self.at,
                "an operator without an operand".to_owned(),
            ));
        };
        match (self.ops)(node.as_rule()) {
            None => (self.primary)(node),
            Some(Affix::Prefix) => {
                let rhs = self.expr(nodes, PREFIX - 1)?;
                (self.prefix)(node, rhs)
            }
            Some(Affix::Infix(_)) => Err(internal(self.at, "an operator out of place".to_owned())),
        }
    }

    fn infix_prec(&self, rule: Rule) -> Option<u8> {
        match (self.ops)(rule) {
            Some(Affix::Infix(prec)) => Some(prec),
            _ => None,
        }
    }
}
