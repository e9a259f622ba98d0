//! A condition in the sheet's words: each flag by its label, each choice by
//! its label and its options' labels (`if Type of attack: Air-to-ground or
//! Chemical attack`), where `show` writes the rules' names (`if attack in
//! [air_to_ground, chemical]`). A player reads the sheet; the names are in
//! its `name` column for typing.

use crate::check::tree::{ChartTree, Cond, Expr, Func, Program, SlotKind, Target};
use crate::syntax::ast::{BinOp, CmpOp};

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
                    .map(|(name, label)| {
                        if label.is_empty() {
                            name.replace('_', " ")
                        } else {
                            label.to_string()
                        }
                    })
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
                slot.name.replace('_', " ")
            } else {
                slot.label.to_string()
            }
        },
    )
}

/// One side of a comparison: an input by its label, a value in words.
fn side(program: &Program, c: &ChartTree, e: &Expr) -> String {
    expr(program, c, e)
}

/// What a check succeeds on, in words: `at most Morale rating + the net
/// modifier`, `the range the Fatigue Increase range table gives`.
pub(super) fn target(program: &Program, c: &ChartTree, t: &Target) -> String {
    match t {
        Target::Ranges(r) => r.to_string(),
        Target::AtLeast(e) => format!("at least {}", expr(program, c, e)),
        Target::AtMost(e) => format!("at most {}", expr(program, c, e)),
        Target::MoreThan(e) => format!("more than {}", expr(program, c, e)),
        Target::LessThan(e) => format!("less than {}", expr(program, c, e)),
        Target::Grid(r, shift) => {
            let shifted = shift.as_ref().map_or(String::new(), |s| {
                format!(", moved along it by {}", expr(program, c, s))
            });
            let title = grid_title(program, &r.name);
            // `Call for Fire Table` is a table already.
            let lower = title.to_lowercase();
            let table = if lower.ends_with("table") || lower.ends_with("chart") {
                format!("the {title}")
            } else {
                format!("the {title} table")
            };
            format!("the range {table} gives{shifted}")
        }
    }
}

/// A grid's title (a grid is drawn as a chart of its own), else its name
/// with spaces for underscores.
pub(super) fn grid_title(program: &Program, name: &str) -> String {
    program
        .charts
        .iter()
        .find(|c| c.name == name)
        .map_or_else(|| name.replace('_', " "), |c| c.title.to_string())
}

/// A value in the sheet's words: inputs by their labels, a grid's cell by
/// the grid's title, functions spelled out (`Fire power / 2, rounded
/// down`), where `show` writes the rules' expression.
pub(super) fn expr(program: &Program, c: &ChartTree, e: &Expr) -> String {
    match e {
        Expr::Int(n) => n.to_string(),
        Expr::Num(n) => crate::number::Show(*n).to_string(),
        Expr::Slot(s, _) => label(c, *s),
        Expr::Grid(g) => format!("the number read from “{}”", grid_title(program, &g.name)),
        Expr::Total => "the total".into(),
        Expr::Natural => "the natural roll".into(),
        Expr::Die(n, _) => format!("die {n}"),
        Expr::Net => "the net modifier".into(),
        Expr::Ladder(i) => program.ladder_reads.get(*i).map_or_else(
            || "the ladder's step".into(),
            |r| {
                let title = program
                    .charts
                    .get(r.ladder)
                    .map_or("the ladder", |t| t.title.as_str());
                format!("the step on {title}")
            },
        ),
        Expr::Neg(inner) => format!("minus {}", operand(program, c, inner)),
        Expr::Bin(op, a, b) => {
            let op = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "×",
                BinOp::Div => "/",
            };
            format!("{} {op} {}", operand(program, c, a), operand(program, c, b))
        }
        Expr::If(cond, then, otherwise) => format!(
            "({} {}, else {})",
            expr(program, c, then),
            clause(program, c, cond),
            expr(program, c, otherwise)
        ),
        Expr::Call(func, args) => call(program, c, *func, args),
    }
}

/// A function of the rules, spelled out.
fn call(program: &Program, c: &ChartTree, func: Func, args: &[Expr]) -> String {
    let args: Vec<String> = args.iter().map(|a| expr(program, c, a)).collect();
    let first = args.first().map_or("", String::as_str);
    match func {
        Func::Floor => format!("{first}, rounded down"),
        Func::Ceil => format!("{first}, rounded up"),
        Func::Round => format!("{first}, rounded"),
        Func::Min => format!("the least of {}", args.join(" and ")),
        Func::Max => format!("the greatest of {}", args.join(" and ")),
        Func::Clamp => format!(
            "{first}, kept between {} and {}",
            args.get(1).map_or("", String::as_str),
            args.get(2).map_or("", String::as_str)
        ),
    }
}

/// A part of a sum or product, in brackets when it is itself one.
fn operand(program: &Program, c: &ChartTree, e: &Expr) -> String {
    let text = expr(program, c, e);
    if matches!(e, Expr::Bin(..)) {
        format!("({text})")
    } else {
        text
    }
}
