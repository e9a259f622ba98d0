//! What a chart's expressions, conditions and grid lookups are evaluated
//! against when it is bound: its inputs' values, its net modifier and the
//! ladders it reads ([`Env`]). Binding settles a chart with it, and so does
//! picking a computed column.

use crate::check::tree::{
    Cell, ChartId, Cond, CondOutcome, Expr, Func, GridRef, KeyRead, Outcome, Program, SlotKind,
};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::trace::{AppliedModifier, LadderTrace, Shared};
use crate::number::{whole, Num, Show};

/// An outcome with its conditions settled: fields of alternatives, and the
/// follow-ups to roll.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Resolved {
    pub fields: Vec<Vec<String>>,
    pub follow_ups: Vec<usize>,
}

impl Resolved {
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            fields: vec![vec![text.into()]],
            follow_ups: Vec::new(),
        }
    }
}

/// The cell a grid reference reads with the values given. Errors about
/// missing values name no chart: the caller that knows it completes them.
pub(crate) fn grid_cell<'p>(
    program: &'p Program,
    r: &GridRef,
    values: &[Option<Num>],
) -> Result<&'p Cell, RollError> {
    let grid = &program.grids[r.grid];
    let mut index = 0usize;
    for (k, read) in r.keys.iter().copied().enumerate() {
        let choice = &program.choices[grid.keys[k]];
        let slot = match read {
            KeyRead::Fixed(option) => {
                index = index * choice.options.len() + option;
                continue;
            }
            KeyRead::Slot(slot) => slot,
        };
        let Some(v) = values[slot] else {
            return Err(RollError::new(
                RollErrorKind::MissingChoice {
                    name: choice.name.to_string(),
                    options: choice.options.iter().map(|(o, _)| o.to_string()).collect(),
                },
                program.choice_spans.get(grid.keys[k]).copied(),
            ));
        };
        index = index * choice.options.len() + usize::try_from(v.to_integer()).unwrap_or(0);
    }
    Ok(grid.cells.get(index).unwrap_or(&Cell::Impossible))
}

/// What expressions and conditions are evaluated against: a chart's values.
#[derive(Clone, Copy)]
pub(crate) struct Env<'a> {
    pub program: &'a Program,
    pub chart: ChartId,
    pub values: &'a [Option<Num>],
    /// The net modifier (first side), for `modifiers` in a target.
    pub net: i64,
    /// The ladders the chart reads, bound.
    pub ladders: &'a [LadderValue],
    /// The faces of the roll's dice in written order, for a chart that
    /// reads them one by one (`doubles`, `die N`); empty before the roll.
    pub faces: &'a [u32],
    /// The total of the column dice (`columns by firepower + 1d6`), added
    /// to the column value, for a branch bound at that total.
    pub column_roll: Option<i64>,
}

/// A computed value that must be whole (a target, a score, a ladder's
/// start): the value, or an error saying what was not.
pub(crate) fn whole_of(v: Num, what: &str) -> Result<i64, RollError> {
    whole_value(v, what)
}

impl Env<'_> {
    /// Evaluates an expression exactly; `roll` is (total, natural) where known.
    #[allow(clippy::too_many_lines)] // one match arm per expression kind
    pub fn expr(&self, e: &Expr, roll: Option<(i64, i64)>) -> Result<Num, RollError> {
        let arith = |message: &str| {
            RollError::new(
                RollErrorKind::Arithmetic {
                    message: message.into(),
                },
                None,
            )
        };
        let overflow = || arith("a value overflowed");
        Ok(match e {
            Expr::Int(n) => whole(*n),
            Expr::Num(n) => *n,
            Expr::If(c, a, b) => {
                if self.cond_at(c, roll)? {
                    self.expr(a, roll)?
                } else {
                    self.expr(b, roll)?
                }
            }
            Expr::Call(func, args) => {
                let vals = args
                    .iter()
                    .map(|a| self.expr(a, roll))
                    .collect::<Result<Vec<Num>, _>>()?;
                let first = vals.first().copied().unwrap_or_default();
                match func {
                    Func::Floor => whole(crate::number::floor(first)),
                    Func::Ceil => whole(crate::number::ceil(first)),
                    Func::Round => whole(crate::number::round_half_up(first)),
                    Func::Min => vals.iter().copied().min().unwrap_or_default(),
                    Func::Max => vals.iter().copied().max().unwrap_or_default(),
                    Func::Clamp => {
                        let lo = vals.get(1).copied().unwrap_or(first);
                        let hi = vals.get(2).copied().unwrap_or(first);
                        if lo > hi {
                            return Err(arith(&format!(
                                "clamp between {} and {}: the lowest is above the highest",
                                Show(lo),
                                Show(hi)
                            )));
                        }
                        first.clamp(lo, hi)
                    }
                }
            }
            Expr::Slot(s, span) => self.values[*s].ok_or_else(|| {
                let mut err = missing(self.program, self.chart, *s);
                err.span = Some(*span);
                err
            })?,
            Expr::Grid(r) => match grid_cell(self.program, r, self.values)? {
                Cell::Number(n) => *n,
                other => {
                    return Err(arith(&format!(
                        "grid `{}` gives {} for these choices, not a number",
                        r.name,
                        other.kind_name()
                    )))
                }
            },
            Expr::Die(n, _) => {
                let face = (*n as usize)
                    .checked_sub(1)
                    .and_then(|i| self.faces.get(i))
                    .ok_or_else(|| arith(&format!("`die {n}` is read before the roll")))?;
                whole(i64::from(*face))
            }
            Expr::Total => whole(roll.map_or(0, |r| r.0)),
            Expr::Natural => whole(roll.map_or(0, |r| r.1)),
            Expr::Net => whole(self.net),
            Expr::Ladder(i) => {
                let l = self
                    .ladders
                    .iter()
                    .find(|l| l.read == *i)
                    .ok_or_else(|| arith("a ladder read is not bound"))?;
                l.used.set(true);
                l.result.as_ref().map_err(Clone::clone)?.value
            }
            Expr::Neg(x) => {
                crate::number::sub(whole(0), self.expr(x, roll)?).ok_or_else(overflow)?
            }
            Expr::Bin(op, a, b) => {
                use crate::syntax::ast::BinOp;
                let (a, b) = (self.expr(a, roll)?, self.expr(b, roll)?);
                match op {
                    BinOp::Add => crate::number::add(a, b),
                    BinOp::Sub => crate::number::sub(a, b),
                    BinOp::Mul => crate::number::mul(a, b),
                    BinOp::Div if b == whole(0) => return Err(arith("division by zero")),
                    BinOp::Div => crate::number::div(a, b),
                }
                .ok_or_else(overflow)?
            }
        })
    }

    /// Evaluates a condition. A flag not given is off; a choice or param a
    /// condition needs but nobody gave is an error, never a silent `false`.
    pub fn cond(&self, c: &Cond) -> Result<bool, RollError> {
        self.cond_at(c, None)
    }

    /// Evaluates a condition inside `score`, where `total` and `natural`
    /// read the roll (`roll` as in [`Env::expr`]).
    fn cond_at(&self, c: &Cond, roll: Option<(i64, i64)>) -> Result<bool, RollError> {
        use crate::syntax::ast::CmpOp;
        Ok(match c {
            Cond::Flag(s) => self.values[*s] == Some(whole(1)),
            Cond::OptionIn(s, options) => {
                let v = self.values[*s].ok_or_else(|| missing(self.program, self.chart, *s))?;
                options.iter().any(|&o| whole(o as i64) == v)
            }
            Cond::Doubles => match self.faces.split_first() {
                Some((first, rest)) if !rest.is_empty() => rest.iter().all(|f| f == first),
                _ => {
                    return Err(RollError::new(
                        RollErrorKind::Arithmetic {
                            message: "`doubles` is read before the roll".into(),
                        },
                        None,
                    ))
                }
            },
            Cond::Not(x) => !self.cond_at(x, roll)?,
            Cond::And(a, b) => self.cond_at(a, roll)? && self.cond_at(b, roll)?,
            Cond::Or(a, b) => self.cond_at(a, roll)? || self.cond_at(b, roll)?,
            Cond::Cmp(op, a, b) => {
                let (a, b) = (self.expr(a, roll)?, self.expr(b, roll)?);
                match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Lt => a < b,
                    CmpOp::Le => a <= b,
                    CmpOp::Gt => a > b,
                    CmpOp::Ge => a >= b,
                }
            }
        })
    }

    /// Settles an outcome's conditions.
    pub fn resolve(&self, o: &Outcome) -> Result<Resolved, RollError> {
        let mut fields = Vec::new();
        let mut follow_ups = Vec::new();
        for field in &o.fields {
            let mut alts = Vec::new();
            for choice in field {
                let mut c = choice;
                let simple = loop {
                    match c {
                        CondOutcome::Simple(s) => break s,
                        CondOutcome::If(s, cond, otherwise) => {
                            if self.cond(cond)? {
                                break s;
                            }
                            c = otherwise;
                        }
                    }
                };
                if !simple.text.is_empty() {
                    alts.push(simple.text.to_string());
                }
                follow_ups.extend(simple.follow_ups.iter().copied());
            }
            fields.push(alts);
        }
        Ok(Resolved { fields, follow_ups })
    }
}

/// A ladder read by another chart, bound with that chart's values: the
/// step reached and how (or why there is none), and whether an expression
/// read it (the trace tells only what was read).
#[derive(Clone, Debug)]
pub(crate) struct LadderValue {
    /// The index in [`Program::ladder_reads`].
    pub read: usize,
    pub result: Result<Reached, RollError>,
    pub used: std::cell::Cell<bool>,
}

/// Where a ladder read by another chart stands, and how it got there.
#[derive(Clone, Debug)]
pub(crate) struct Reached {
    /// The value of the step reached: what the reading chart reads.
    pub value: Num,
    /// How: `start 4 -> step 4, moved -1`.
    pub moves: String,
    /// The step reached as the sheet prints it (its label, else its value).
    pub step: String,
    /// The ladder's modifiers named or always on, as its own trace lists
    /// them.
    pub applied: Vec<AppliedModifier>,
    /// The ladders it read itself, as its own trace shows them.
    pub reads: Shared<[LadderTrace]>,
}

/// A value that moves the roll must be whole.
pub(crate) fn whole_value(v: Num, what: &str) -> Result<i64, RollError> {
    crate::number::to_whole(v).ok_or_else(|| {
        RollError::new(
            RollErrorKind::NotWhole {
                what: what.to_string(),
                value: Show(v).to_string(),
            },
            None,
        )
    })
}

/// The error for a value the chart needs and was not given.
pub(crate) fn missing(program: &Program, chart: ChartId, slot: usize) -> RollError {
    let s = &program.charts[chart].slots[slot];
    // A choice is shown where it is declared, its options in the help.
    let span = match s.kind {
        SlotKind::Choice(ch) => program.choice_spans.get(ch).copied(),
        _ => None,
    };
    let kind = match s.kind {
        SlotKind::Choice(ch) => RollErrorKind::MissingChoice {
            name: s.name.to_string(),
            options: program.choices[ch]
                .options
                .iter()
                .map(|(o, _)| o.to_string())
                .collect(),
        },
        _ => RollErrorKind::MissingParam {
            chart: program.charts[chart].name.to_string(),
            name: s.name.to_string(),
            label: s.label.to_string(),
        },
    };
    RollError::new(kind, span)
}
