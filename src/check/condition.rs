//! [`Condition`]: an applicability condition (`unless helicopter and not
//! landed`) as a host sees it, with names instead of slots, so a form can
//! grey out what does not apply and the sheet can print it as written.

use crate::check::tree::{ChartTree, Cond, Expr, Program, SlotKind};

/// When a modifier (or a `one of` group) applies, over the other inputs of
/// the chart. `Display` writes it in `.rules` syntax:
/// `not (helicopter and not landed)`, `attack in [indirect, air_to_ground]`.
///
/// ```
/// use chartwright::{Condition, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let manoeuvre = rules.chart("manoeuvre").unwrap();
/// let near = manoeuvre.inputs().into_iter().find(|i| i.name == "enemy_within_5").unwrap();
/// let applies = near.applies.unwrap();
/// assert_eq!(applies.to_string(), "not (helicopter and not landed)");
/// assert_eq!(applies.inputs(), ["helicopter", "landed"]);
/// assert!(matches!(applies, Condition::Not(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Condition {
    /// The flag (or fixed modifier) of this name is set.
    Flag(String),
    /// The choice `input` is one of `options` (option names).
    In {
        /// The choice's name.
        input: String,
        /// The options that satisfy it.
        options: Vec<String>,
    },
    /// A comparison of two integer expressions, each written as in `.rules`
    /// (`caliber / 10`, `total`, `modifiers`).
    Compare {
        /// The left side.
        left: String,
        /// `=`, `!=`, `<`, `<=`, `>` or `>=`.
        op: &'static str,
        /// The right side.
        right: String,
        /// The inputs either side reads.
        reads: Vec<String>,
    },
    /// `doubles`: every die of the chart's roll shows the same face, known
    /// once the dice are rolled.
    Doubles,
    /// The condition does not hold.
    Not(Box<Condition>),
    /// Both hold.
    And(Box<Condition>, Box<Condition>),
    /// Either holds.
    Or(Box<Condition>, Box<Condition>),
}

impl Condition {
    /// The names of the inputs the condition reads, in order, each once.
    #[must_use]
    pub fn inputs(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        self.collect(&mut out);
        out
    }

    fn collect<'a>(&'a self, out: &mut Vec<&'a str>) {
        let mut push = |n: &'a str| {
            if !out.contains(&n) {
                out.push(n);
            }
        };
        match self {
            Condition::Flag(n) | Condition::In { input: n, .. } => push(n),
            Condition::Compare { reads, .. } => reads.iter().for_each(|r| push(r)),
            Condition::Doubles => {}
            Condition::Not(c) => c.collect(out),
            Condition::And(a, b) | Condition::Or(a, b) => {
                a.collect(out);
                b.collect(out);
            }
        }
    }

    /// Converts a compiled condition of `chart`.
    pub(crate) fn from_tree(program: &Program, chart: &ChartTree, cond: &Cond) -> Self {
        let slot_name = |s: usize| {
            chart
                .slots
                .get(s)
                .map_or_else(|| format!("#{s}"), |s| s.name.to_string())
        };
        match cond {
            Cond::Flag(s) => Condition::Flag(slot_name(*s)),
            Cond::OptionIn(s, options) => {
                let names = match chart.slots.get(*s).map(|s| &s.kind) {
                    Some(SlotKind::Choice(c)) => options
                        .iter()
                        .filter_map(|&o| program.choices.get(*c)?.options.get(o))
                        .map(|(name, _)| name.to_string())
                        .collect(),
                    _ => options.iter().map(ToString::to_string).collect(),
                };
                Condition::In {
                    input: slot_name(*s),
                    options: names,
                }
            }
            Cond::Cmp(op, l, r) => {
                let mut reads = Vec::new();
                let left = expr_text(program, chart, l, &mut reads);
                let right = expr_text(program, chart, r, &mut reads);
                Condition::Compare {
                    left,
                    op: match op {
                        crate::syntax::ast::CmpOp::Eq => "=",
                        crate::syntax::ast::CmpOp::Ne => "!=",
                        crate::syntax::ast::CmpOp::Lt => "<",
                        crate::syntax::ast::CmpOp::Le => "<=",
                        crate::syntax::ast::CmpOp::Gt => ">",
                        crate::syntax::ast::CmpOp::Ge => ">=",
                    },
                    right,
                    reads,
                }
            }
            Cond::Doubles => Condition::Doubles,
            Cond::Not(c) => Condition::Not(Box::new(Self::from_tree(program, chart, c))),
            Cond::And(a, b) => Condition::And(
                Box::new(Self::from_tree(program, chart, a)),
                Box::new(Self::from_tree(program, chart, b)),
            ),
            Cond::Or(a, b) => Condition::Or(
                Box::new(Self::from_tree(program, chart, a)),
                Box::new(Self::from_tree(program, chart, b)),
            ),
        }
    }

    /// As a clause after a modifier: `if X`, or `unless X` for `not X`.
    #[must_use]
    pub fn clause(&self) -> String {
        match self {
            Condition::Not(inner) => format!("unless {inner}"),
            other => format!("if {other}"),
        }
    }
}

/// An expression as written in `.rules`; the slots it reads go to `reads`.
pub(crate) fn expr_text(
    program: &Program,
    chart: &ChartTree,
    e: &Expr,
    reads: &mut Vec<String>,
) -> String {
    match e {
        Expr::Int(n) => n.to_string(),
        Expr::Num(n) => crate::number::Show(*n).to_string(),
        Expr::Call(func, args) => {
            let name = crate::check::tree::Func::ALL
                .iter()
                .find(|(_, f, _)| f == func)
                .map_or("?", |(name, _, _)| name);
            let args: Vec<String> = args
                .iter()
                .map(|a| expr_text(program, chart, a, reads))
                .collect();
            format!("{name}({})", args.join(", "))
        }
        Expr::If(cond, then, otherwise) => {
            let then = expr_text(program, chart, then, reads);
            let cond = Condition::from_tree(program, chart, cond);
            for input in cond.inputs() {
                if !reads.iter().any(|r| r == input) {
                    reads.push(input.to_string());
                }
            }
            let otherwise = expr_text(program, chart, otherwise, reads);
            format!("({then} if {cond} else {otherwise})")
        }
        Expr::Slot(s, _) => {
            let name = chart
                .slots
                .get(*s)
                .map_or_else(|| format!("#{s}"), |s| s.name.to_string());
            if !reads.contains(&name) {
                reads.push(name.clone());
            }
            name
        }
        Expr::Grid(g) => g.name.to_string(),
        Expr::Total => "total".into(),
        Expr::Natural => "natural".into(),
        Expr::Die(n, _) => format!("die {n}"),
        Expr::Net => "modifiers".into(),
        Expr::Ladder(i) => program
            .ladder_reads
            .get(*i)
            .map_or_else(|| "?".into(), |r| r.name.clone())
            .to_string(),
        Expr::Neg(inner) => format!("-{}", operand(program, chart, inner, reads)),
        Expr::Bin(op, a, b) => {
            let op = match op {
                crate::syntax::ast::BinOp::Add => "+",
                crate::syntax::ast::BinOp::Sub => "-",
                crate::syntax::ast::BinOp::Mul => "*",
                crate::syntax::ast::BinOp::Div => "/",
            };
            format!(
                "{} {op} {}",
                operand(program, chart, a, reads),
                operand(program, chart, b, reads)
            )
        }
    }
}

/// A sub-expression, in parentheses when it is itself an operation.
fn operand(program: &Program, chart: &ChartTree, e: &Expr, reads: &mut Vec<String>) -> String {
    let text = expr_text(program, chart, e, reads);
    if matches!(e, Expr::Bin(..)) {
        format!("({text})")
    } else {
        text
    }
}

impl std::fmt::Display for Condition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `or` < `and` < `not`: a lower-precedence child gets parentheses.
        let child = |f: &mut std::fmt::Formatter<'_>, c: &Condition, parent_and: bool| {
            let wrap = match c {
                Condition::Or(..) => parent_and,
                _ => false,
            };
            if wrap {
                write!(f, "({c})")
            } else {
                write!(f, "{c}")
            }
        };
        match self {
            Condition::Flag(n) => f.write_str(n),
            Condition::Doubles => f.write_str("doubles"),
            Condition::In { input, options } => write!(f, "{input} in [{}]", options.join(", ")),
            Condition::Compare {
                left, op, right, ..
            } => write!(f, "{left} {op} {right}"),
            Condition::Not(c) => match **c {
                Condition::And(..) | Condition::Or(..) | Condition::Compare { .. } => {
                    write!(f, "not ({c})")
                }
                _ => write!(f, "not {c}"),
            },
            Condition::And(a, b) => {
                child(f, a, true)?;
                f.write_str(" and ")?;
                child(f, b, true)
            }
            Condition::Or(a, b) => {
                child(f, a, false)?;
                f.write_str(" or ")?;
                child(f, b, false)
            }
        }
    }
}
