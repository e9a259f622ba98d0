//! Dice, conditions and expressions built: dice terms and their notation,
//! and the conditions and expressions read by precedence, their depth
//! bounded.

use super::pratt::{Affix, Pratt};
use super::tree::Node;
use super::{internal, Builder, Kids, Res};
use crate::syntax::ast::Cond;
use crate::syntax::ast::{
    BinOp, CmpOp, CondKind, DiceExpr, DiceTerm, Expr, ExprKind, FacePoint, Suffix,
};
use crate::syntax::parser::grammar::Rule;
use crate::syntax::parser::{MAX_DEPTH, MAX_TREE_DEPTH};
use crate::syntax::span::Spanned;

/// `lhs bin rhs`, with its depth.
fn binary(bin: BinOp, (lhs, l): (Expr, usize), (rhs, r): (Expr, usize)) -> (Expr, usize) {
    let span = lhs.span.to(rhs.span);
    (
        Expr {
            kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
            span,
        },
        l.max(r) + 1,
    )
}

/// `terms` joined by `bin` (an associative operator) pairwise, level by
/// level: a tree of depth log2 of their number; `None` for no terms.
fn balanced(bin: BinOp, mut terms: Vec<(Expr, usize)>) -> Option<(Expr, usize)> {
    while terms.len() > 1 {
        let mut next = Vec::with_capacity(terms.len().div_ceil(2));
        let mut it = terms.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => binary(bin, a, b),
                None => a,
            });
        }
        terms = next;
    }
    terms.pop()
}

impl Builder {
    pub(super) fn dice_expr(&self, pair: &Node<'_>) -> Res<DiceExpr> {
        let mut terms = Vec::new();
        let mut minus = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::op_add => minus = false,
                Rule::op_sub => minus = true,
                Rule::dice_term => terms.push((minus, self.dice_term(&p)?)),
                _ => return Err(self.unexpected(&p)),
            }
        }
        Ok(DiceExpr {
            terms,
            span: self.span(pair),
        })
    }

    fn dice_term(&self, pair: &Node<'_>) -> Res<DiceTerm> {
        let inner = self.first(pair)?;
        match inner.as_rule() {
            Rule::dice => self.dice(&inner),
            Rule::dice_best => {
                let kids = self.kids(&inner);
                Ok(DiceTerm::Best {
                    highest: kids.opt(Rule::kw_max).is_some(),
                    rolls: kids
                        .all(Rule::dice_expr)
                        .map(|p| self.dice_expr(&p))
                        .collect::<Res<_>>()?,
                    span: self.span(&inner),
                })
            }
            Rule::paren_dice => {
                let kids = self.kids(&inner);
                let count = self.expr(&kids.one(Rule::expr)?)?;
                let tail = self.kids(&kids.one(Rule::paren_dice_tail)?);
                Ok(DiceTerm::Dice {
                    count: Some(Box::new(count)),
                    sides: self.sides(&tail.one(Rule::dice_sides)?)?,
                    notation: self.notation(&tail)?,
                    span: self.span(&inner),
                })
            }
            Rule::nat => Ok(DiceTerm::Number(Spanned::new(
                self.nat(&inner)?,
                self.span(&inner),
            ))),
            Rule::ident => Ok(DiceTerm::Name(self.ident(&inner))),
            _ => Err(self.unexpected(&inner)),
        }
    }

    /// `NdS[suffix]` as one token.
    pub(super) fn dice(&self, pair: &Node<'_>) -> Res<DiceTerm> {
        let span = self.span(pair);
        let kids = self.kids(pair);
        let count = match kids.opt(Rule::dice_count) {
            Some(p) if p.as_str().contains('.') => Some(Box::new(Expr {
                kind: ExprKind::Number(self.decimal(&p)?),
                span: self.span(&p),
            })),
            Some(p) => Some(Box::new(Expr {
                kind: ExprKind::Int(self.number(&p)?),
                span: self.span(&p),
            })),
            None => None,
        };
        let sides = self.sides(&kids.one(Rule::dice_sides)?)?;
        Ok(DiceTerm::Dice {
            count,
            sides,
            notation: self.notation(&kids)?,
            span,
        })
    }

    fn sides(&self, pair: &Node<'_>) -> Res<u64> {
        pair.as_str().parse().map_err(|_| self.too_large(pair))
    }

    /// The notation after `NdS`, in the order written.
    fn notation(&self, kids: &Kids<'_>) -> Res<Vec<Spanned<Suffix>>> {
        kids.all(Rule::dice_suffix)
            .map(|p| Ok(Spanned::new(self.suffix(&p)?, self.span(&p))))
            .collect()
    }

    fn suffix(&self, pair: &Node<'_>) -> Res<Suffix> {
        let inner = self.first(pair)?;
        match inner.as_rule() {
            Rule::dice_keep => {
                let text = inner.as_str();
                let (highest, drop, digits) = match text.get(..2) {
                    Some("kh") => (true, false, &text[2..]),
                    Some("kl") => (false, false, &text[2..]),
                    Some("dh") => (true, true, &text[2..]),
                    Some("dl") => (false, true, &text[2..]),
                    _ => (true, false, text.get(1..).unwrap_or_default()),
                };
                let n = digits.parse().map_err(|_| self.too_large(&inner))?;
                Ok(Suffix::Keep { highest, drop, n })
            }
            Rule::dice_reroll => {
                let kids = self.kids(&inner);
                Ok(Suffix::Reroll {
                    once: kids.opt(Rule::reroll_once).is_some(),
                    on: self.face_point(&kids.one(Rule::face_point)?)?,
                })
            }
            Rule::dice_explode => {
                let kids = self.kids(&inner);
                let depth = match kids.opt(Rule::explode_depth) {
                    Some(p) => Some(p.as_str().parse().map_err(|_| self.too_large(&p))?),
                    None => None,
                };
                Ok(Suffix::Explode {
                    compound: kids.opt(Rule::explode_compound).is_some(),
                    depth,
                    on: kids
                        .opt(Rule::face_point)
                        .map(|p| self.face_point(&p))
                        .transpose()?,
                })
            }
            _ => Err(self.unexpected(&inner)),
        }
    }

    /// `1`, `=6`, `<3`, `>=5`.
    fn face_point(&self, pair: &Node<'_>) -> Res<FacePoint> {
        let text = pair.as_str();
        let digits = text.trim_start_matches(['<', '>', '=']);
        let op = match &text[..text.len() - digits.len()] {
            "<" => CmpOp::Lt,
            "<=" => CmpOp::Le,
            ">" => CmpOp::Gt,
            ">=" => CmpOp::Ge,
            _ => CmpOp::Eq,
        };
        let value = digits.parse().map_err(|_| self.too_large(pair))?;
        Ok(FacePoint { op, value })
    }

    // -- Conditions --------------------------------------------------------

    pub(super) fn opt_cond(&self, kids: &Kids<'_>) -> Res<Option<Cond>> {
        kids.opt(Rule::cond).map(|p| self.cond(&p)).transpose()
    }

    pub(super) fn cond(&self, pair: &Node<'_>) -> Res<Cond> {
        self.check_prefixes(pair, Rule::kw_not)?;
        self.cond_tree(pair).map(|(cond, _)| cond)
    }

    /// A condition's operators: `not` binds tighter than `and`, `and`
    /// tighter than `or`.
    fn cond_op(rule: Rule) -> Option<Affix> {
        match rule {
            Rule::kw_or => Some(Affix::Infix(1)),
            Rule::kw_and => Some(Affix::Infix(2)),
            Rule::kw_not => Some(Affix::Prefix),
            _ => None,
        }
    }

    fn cond_tree(&self, pair: &Node<'_>) -> Res<(Cond, usize)> {
        Pratt {
            ops: Self::cond_op,
            primary: &|p| self.cond_atom(&p),
            prefix: &|op, (rhs, depth): (Cond, usize)| {
                self.deeper(&op, depth)?;
                Ok((
                    Cond {
                        span: self.span(&op).to(rhs.span),
                        kind: CondKind::Not(Box::new(rhs)),
                    },
                    depth + 1,
                ))
            },
            infix: &|(lhs, l), op, (rhs, r)| {
                let depth = l.max(r);
                self.deeper(&op, depth)?;
                let span = lhs.span.to(rhs.span);
                let kind = match op.as_rule() {
                    Rule::kw_and => CondKind::And(Box::new(lhs), Box::new(rhs)),
                    Rule::kw_or => CondKind::Or(Box::new(lhs), Box::new(rhs)),
                    _ => return Err(self.unexpected(&op)),
                };
                Ok((Cond { kind, span }, depth + 1))
            },
            long_run: None,
            at: self.span(pair),
        }
        .parse(pair.into_inner())
    }

    fn cond_atom(&self, atom: &Node<'_>) -> Res<(Cond, usize)> {
        let pair = &self.first(atom)?;
        let span = self.span(pair);
        let kids = self.kids(pair);
        let (kind, depth) = match pair.as_rule() {
            Rule::in_test => {
                let mut idents = kids.all(Rule::ident).map(|p| self.ident(&p));
                let choice = idents
                    .next()
                    .ok_or_else(|| internal(span, "`in` without a choice".to_owned()))?;
                (CondKind::In(choice, idents.collect()), 1)
            }
            Rule::comparison => {
                let op = kids.one(Rule::cmp_op)?;
                let op = match op.as_str() {
                    "=" => CmpOp::Eq,
                    "!=" => CmpOp::Ne,
                    "<" => CmpOp::Lt,
                    "<=" => CmpOp::Le,
                    ">" => CmpOp::Gt,
                    ">=" => CmpOp::Ge,
                    _ => return Err(self.unexpected(&op)),
                };
                let (lhs, l) = self.expr_with_depth(&kids.nth(Rule::expr, 0)?)?;
                let (rhs, r) = self.expr_with_depth(&kids.nth(Rule::expr, 1)?)?;
                (CondKind::Cmp(op, lhs, rhs), l.max(r) + 1)
            }
            Rule::paren_cond => {
                let inner = kids.one(Rule::cond)?;
                self.check_prefixes(&inner, Rule::kw_not)?;
                let (cond, depth) = self.cond_tree(&inner)?;
                return Ok((Cond { span, ..cond }, depth));
            }
            Rule::flag_ref => (CondKind::Flag(self.ident(&kids.one(Rule::ident)?)), 1),
            Rule::kw_doubles => (CondKind::Doubles, 1),
            _ => return Err(self.unexpected(pair)),
        };
        Ok((Cond { kind, span }, depth))
    }

    // -- Expressions -------------------------------------------------------

    pub(super) fn expr(&self, pair: &Node<'_>) -> Res<Expr> {
        self.expr_with_depth(pair).map(|(expr, _)| expr)
    }

    /// An expression's operators: `-x` binds tighter than `*` and `/`,
    /// which bind tighter than `+` and `-`.
    fn expr_op(rule: Rule) -> Option<Affix> {
        match rule {
            Rule::op_add | Rule::op_sub => Some(Affix::Infix(1)),
            Rule::op_mul | Rule::op_div => Some(Affix::Infix(2)),
            Rule::op_neg => Some(Affix::Prefix),
            _ => None,
        }
    }

    fn expr_with_depth(&self, pair: &Node<'_>) -> Res<(Expr, usize)> {
        self.check_prefixes(pair, Rule::op_neg)?;
        Pratt {
            ops: Self::expr_op,
            primary: &|p| self.expr_atom(&p),
            prefix: &|op, (rhs, depth): (Expr, usize)| {
                self.deeper(&op, depth)?;
                Ok((
                    Expr {
                        span: self.span(&op).to(rhs.span),
                        kind: ExprKind::Neg(Box::new(rhs)),
                    },
                    depth + 1,
                ))
            },
            infix: &|(lhs, l), op, (rhs, r)| {
                let depth = l.max(r);
                self.deeper(&op, depth)?;
                let bin = match op.as_rule() {
                    Rule::op_add => BinOp::Add,
                    Rule::op_sub => BinOp::Sub,
                    Rule::op_mul => BinOp::Mul,
                    Rule::op_div => BinOp::Div,
                    _ => return Err(self.unexpected(&op)),
                };
                Ok(binary(bin, (lhs, l), (rhs, r)))
            },
            long_run: Some(&|first, run| self.long_run(first, run)),
            at: self.span(pair),
        }
        .parse(pair.into_inner())
    }

    /// A long run of `+` and `-` (or of `*` and `/`) as the terms added
    /// minus the terms subtracted (or multiplied over divided), each side a
    /// balanced tree: the same exact value, at a depth of log2 of the terms.
    fn long_run(
        &self,
        first: (Expr, usize),
        run: Vec<(Node<'_>, (Expr, usize))>,
    ) -> Res<(Expr, usize)> {
        let Some(op) = run.first().map(|(op, _)| *op) else {
            return Ok(first);
        };
        let (join, inverse) = match op.as_rule() {
            Rule::op_add | Rule::op_sub => (BinOp::Add, BinOp::Sub),
            _ => (BinOp::Mul, BinOp::Div),
        };
        let (mut with, mut against) = (vec![first], Vec::new());
        for (op, term) in run {
            match op.as_rule() {
                Rule::op_add | Rule::op_mul => with.push(term),
                Rule::op_sub | Rule::op_div => against.push(term),
                _ => return Err(self.unexpected(&op)),
            }
        }
        let with = balanced(join, with);
        let built = match balanced(join, against) {
            Some(against) => with.map(|w| binary(inverse, w, against)),
            None => with,
        };
        let built = built.ok_or_else(|| internal(self.span(&op), "an empty run".to_owned()))?;
        self.deeper(&op, built.1.saturating_sub(1))?;
        Ok(built)
    }

    fn expr_atom(&self, atom: &Node<'_>) -> Res<(Expr, usize)> {
        let pair = &self.first(atom)?;
        let span = self.span(pair);
        let kind = match pair.as_rule() {
            Rule::nat => ExprKind::Int(self.nat(pair)?),
            Rule::dice => ExprKind::Dice(Box::new(self.dice(pair)?)),
            Rule::udecimal => ExprKind::Number(self.decimal(pair)?),
            Rule::call => {
                let kids = self.kids(pair);
                let mut depth = 1;
                let mut args = Vec::new();
                for e in kids.all(Rule::expr) {
                    let (arg, d) = self.expr_with_depth(&e)?;
                    depth = depth.max(d + 1);
                    args.push(arg);
                }
                self.deeper(pair, depth)?;
                let name = self.ident(&kids.one(Rule::ident)?);
                return Ok((
                    Expr {
                        kind: ExprKind::Call(Box::new(name), args),
                        span,
                    },
                    depth,
                ));
            }
            Rule::kw_total => ExprKind::Total,
            Rule::kw_net => ExprKind::Modifiers,
            Rule::kw_natural => ExprKind::Natural,
            Rule::die_face => {
                let n = self.nat(&self.kids(pair).one(Rule::nat)?)?;
                // Past `u32` no roll has that many dice: the checker says so.
                ExprKind::Die(u32::try_from(n).unwrap_or(u32::MAX))
            }
            Rule::ident => ExprKind::Name(self.ident(pair)),
            Rule::paren_expr => {
                let kids = self.kids(pair);
                let (inner, depth) = self.expr_with_depth(&kids.nth(Rule::expr, 0)?)?;
                if let Some(tail) = kids.opt(Rule::paren_dice_tail) {
                    let tail = self.kids(&tail);
                    let dice = DiceTerm::Dice {
                        count: Some(Box::new(inner)),
                        sides: self.sides(&tail.one(Rule::dice_sides)?)?,
                        notation: self.notation(&tail)?,
                        span,
                    };
                    return Ok((
                        Expr {
                            kind: ExprKind::Dice(Box::new(dice)),
                            span,
                        },
                        depth,
                    ));
                }
                let Some(cond) = kids.opt(Rule::cond) else {
                    return Ok((Expr { span, ..inner }, depth));
                };
                let (otherwise, d2) = self.expr_with_depth(&kids.nth(Rule::expr, 1)?)?;
                let depth = depth.max(d2) + 1;
                self.deeper(pair, depth)?;
                let kind = ExprKind::If(
                    Box::new(inner),
                    Box::new(self.cond(&cond)?),
                    Box::new(otherwise),
                );
                return Ok((Expr { kind, span }, depth));
            }
            _ => return Err(self.unexpected(pair)),
        };
        Ok((Expr { kind, span }, 1))
    }

    /// Refuses a run of more than [`MAX_DEPTH`] prefix operators (`- - -x`,
    /// `not not not c`): the Pratt parser recurses once per operator.
    fn check_prefixes(&self, pair: &Node<'_>, prefix: Rule) -> Res<()> {
        let mut run = 0;
        for p in pair.into_inner() {
            if p.as_rule() == prefix {
                run += 1;
                if run > MAX_DEPTH {
                    return Err(self.too_deep(&p, MAX_DEPTH));
                }
            } else {
                run = 0;
            }
        }
        Ok(())
    }

    /// Refuses a tree deeper than [`MAX_TREE_DEPTH`] at operator `op`.
    fn deeper(&self, op: &Node<'_>, depth: usize) -> Res<()> {
        if depth >= MAX_TREE_DEPTH {
            Err(self.too_deep(op, MAX_TREE_DEPTH))
        } else {
            Ok(())
        }
    }

    // -- Tokens ------------------------------------------------------------
}
