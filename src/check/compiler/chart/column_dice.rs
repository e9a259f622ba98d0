//! Dice in the value that picks a column (`columns by firepower +
//! (air_points)d6`): the value's terms added or subtracted at its top level
//! that are dice are rolled; the rest is the value before the dice, settled
//! with the choices as any `columns by` value is. Dice anywhere else in the
//! value (under `*`, in a call, in parentheses) are refused by the
//! expression checker.

use crate::syntax::ast::{BinOp, DiceExpr, Expr, ExprKind};

/// The value without its top-level dice terms (0 when it is only dice),
/// and those dice with their signs, if it has any.
pub(super) fn split(value: &Expr) -> (Expr, Option<DiceExpr>) {
    let mut terms = Vec::new();
    flatten(value, false, &mut terms);
    if !terms
        .iter()
        .any(|(_, t)| matches!(t.kind, ExprKind::Dice(_)))
    {
        return (value.clone(), None);
    }
    let mut dice = Vec::new();
    let mut base: Option<Expr> = None;
    for (negative, term) in terms {
        if let ExprKind::Dice(d) = &term.kind {
            dice.push((negative, (**d).clone()));
            continue;
        }
        base = Some(match base {
            None if negative => Expr {
                span: term.span,
                kind: ExprKind::Neg(Box::new(term.clone())),
            },
            None => term.clone(),
            Some(before) => Expr {
                span: before.span.to(term.span),
                kind: ExprKind::Binary(
                    if negative { BinOp::Sub } else { BinOp::Add },
                    Box::new(before),
                    Box::new(term.clone()),
                ),
            },
        });
    }
    let base = base.unwrap_or(Expr {
        kind: ExprKind::Int(0),
        span: value.span,
    });
    (
        base,
        Some(DiceExpr {
            terms: dice,
            span: value.span,
        }),
    )
}

/// The terms of a chain of `+` and `-`, each with its sign (`true`: minus).
fn flatten<'e>(e: &'e Expr, negative: bool, out: &mut Vec<(bool, &'e Expr)>) {
    match &e.kind {
        ExprKind::Binary(BinOp::Add, a, b) => {
            flatten(a, negative, out);
            flatten(b, negative, out);
        }
        ExprKind::Binary(BinOp::Sub, a, b) => {
            flatten(a, negative, out);
            flatten(b, !negative, out);
        }
        _ => out.push((negative, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast;
    use crate::syntax::span::Span;

    fn name(n: &str) -> Expr {
        Expr {
            kind: ExprKind::Name(ast::Ident {
                name: n.into(),
                span: Span::default(),
            }),
            span: Span::default(),
        }
    }

    fn d6() -> Expr {
        Expr {
            kind: ExprKind::Dice(Box::new(ast::DiceTerm::Dice {
                count: None,
                sides: 6,
                notation: Vec::new(),
                span: Span::default(),
            })),
            span: Span::default(),
        }
    }

    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr {
            kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
            span: Span::default(),
        }
    }

    #[test]
    fn dice_leave_the_value_with_their_signs() {
        // a - d6 + b: the value a + b, the die subtracted.
        let e = bin(BinOp::Add, bin(BinOp::Sub, name("a"), d6()), name("b"));
        let (base, dice) = split(&e);
        assert_eq!(base, bin(BinOp::Add, name("a"), name("b")));
        let dice = dice.map(|d| d.terms.iter().map(|t| t.0).collect::<Vec<_>>());
        assert_eq!(dice, Some(vec![true]));
    }

    #[test]
    fn a_value_without_dice_is_unchanged() {
        let e = bin(BinOp::Sub, name("a"), name("b"));
        assert_eq!(split(&e), (e.clone(), None));
    }
}
