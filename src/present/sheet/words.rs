//! A condition in the sheet's words: each flag by its label, each choice by
//! its label and its options' labels (`if Type of attack: Air-to-ground or
//! Chemical attack`), where `show` writes the rules' names (`if attack in
//! [air_to_ground, chemical]`). A player reads the sheet; the names are in
//! its `name` column for typing.

use crate::check::condition::expr_text;
use crate::check::tree::{ChartTree, Cond, Expr, Program, SlotKind};
use crate::syntax::ast::CmpOp;

/// As a clause after an outcome or a modifier: `if X`, or `unless X` for
/// `not X`.
pub(super) fn clause(program: &Program, c: &ChartTree, cond: &Cond) -> String {
    match cond {
        Cond::Not(inner) => format!("unless {}", words(program, c, inner)),
        other => format!("if {}", words(program, c, other)),
    }
}

fn words(program: &Program, c: &ChartTree, cond: &Cond) -> String {
    // A part joined to another by the other connective is bracketed.
    let part = |inner: &Cond, joined_by_and: bool| {
        let text = words(program, c, inner);
        match inner {
            Cond::Or(..) if joined_by_and => format!("({text})"),
            Cond::And(..) if !joined_by_and => format!("({text})"),
            _ => text,
        }
    };
    match cond {
        Cond::Flag(s) => label(c, *s),
        Cond::OptionIn(s, options) => {
            let names = match c.slots.get(*s).map(|s| &s.kind) {
                Some(SlotKind::Choice(choice)) => options
                    .iter()
                    .filter_map(|&o| program.choices.get(*choice)?.options.get(o))
                    .map(|(name, label)| if label.is_empty() { name } else { label }.to_string())
                    .collect(),
                _ => options.iter().map(ToString::to_string).collect::<Vec<_>>(),
            };
            format!("{}: {}", label(c, *s), names.join(" or "))
        }
        Cond::Cmp(op, l, r) => {
            let op = match op {
                CmpOp::Eq => "is",
                CmpOp::Ne => "is not",
                CmpOp::Lt => "is below",
                CmpOp::Le => "is at most",
                CmpOp::Gt => "is above",
                CmpOp::Ge => "is at least",
            };
            format!("{} {op} {}", side(program, c, l), side(program, c, r))
        }
        Cond::Doubles => "doubles".into(),
        Cond::Not(inner) => match inner.as_ref() {
            Cond::Flag(_) | Cond::OptionIn(..) | Cond::Cmp(..) | Cond::Doubles => {
                format!("not {}", words(program, c, inner))
            }
            _ => format!("not ({})", words(program, c, inner)),
        },
        Cond::And(a, b) => format!("{} and {}", part(a, true), part(b, true)),
        Cond::Or(a, b) => format!("{} or {}", part(a, false), part(b, false)),
    }
}

/// A slot's label, or its name when it has none.
fn label(c: &ChartTree, s: usize) -> String {
    c.slots.get(s).map_or_else(
        || format!("#{s}"),
        |slot| {
            if slot.label.is_empty() {
                slot.name.to_string()
            } else {
                slot.label.to_string()
            }
        },
    )
}

/// One side of a comparison: an input by its label, else the expression
/// as written.
fn side(program: &Program, c: &ChartTree, e: &Expr) -> String {
    match e {
        Expr::Slot(s, _) => label(c, *s),
        Expr::Net => "the net modifier".into(),
        Expr::Natural => "the natural roll".into(),
        Expr::Die(n, _) => format!("die {n}"),
        Expr::Total => "the total".into(),
        other => expr_text(program, c, other, &mut Vec::new()),
    }
}
