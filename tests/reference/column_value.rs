//! The value of `columns by` when it rolls dice (`firepower +
//! (air_points)d6`): its distribution, read from the AST term by term —
//! each dice term's own distribution ([`dice::roll`]), every other term
//! evaluated — combined value by value over `+` and `-`.

use super::dice;
use super::expr::Ctx;
use super::{q, Why, Q};
use chartwright::ast::{BinOp, Chart, Clause, DiceExpr, Expr, ExprKind, ScaleValue};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// The value expression of a chart's `columns by`, where it rolls dice.
pub fn rolled_value(chart: &Chart) -> Option<&Expr> {
    chart.clauses.iter().find_map(|c| match c {
        Clause::ColumnScale(s) => match &s.value {
            ScaleValue::Expr(e) if rolls(e) => Some(e),
            _ => None,
        },
        _ => None,
    })
}

/// Whether a chain of `+` and `-` has a dice term.
fn rolls(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Dice(_) => true,
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => rolls(a) || rolls(b),
        _ => false,
    }
}

/// Each value the expression can take, with its chance.
pub fn value_dist(ctx: &Ctx, e: &Expr) -> Result<BTreeMap<Q, Q>, Why> {
    match &e.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (left, right) = (value_dist(ctx, a)?, value_dist(ctx, b)?);
            let mut out: BTreeMap<Q, Q> = BTreeMap::new();
            for (x, p) in &left {
                for (y, r) in &right {
                    let v = if *op == BinOp::Add { x + y } else { x - y };
                    *out.entry(v).or_insert_with(Q::zero) += p * r;
                }
            }
            Ok(out)
        }
        ExprKind::Dice(term) => {
            let rolled = dice::roll(
                ctx,
                &DiceExpr {
                    terms: vec![(false, (**term).clone())],
                    span: e.span,
                },
            )?;
            let mut out = BTreeMap::new();
            for (v, p) in &rolled.natural {
                out.insert(q(*v) + &rolled.constant, p.clone());
            }
            Ok(out)
        }
        _ => Ok(BTreeMap::from([(ctx.eval(e)?, Q::one())])),
    }
}
