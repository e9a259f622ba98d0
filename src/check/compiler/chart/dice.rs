//! Dice and targets: dice expressions (constant counts, counts from a
//! param, grids of dice) and what a check or a pool die must meet.

use super::super::rows::{self};
use super::notation;
use super::ChartCx;
use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::notation::{Keep, Notation};
use crate::check::tree::{Cell, Dice, DiceGroup, PoolDice, Ranges, SlotKind, Target};
use crate::limits::Limits;
use crate::syntax::ast::{self};
use crate::syntax::span::{Span, Spanned};

/// Dice with no names in them (grid cells): `None` after reporting an error.
#[allow(clippy::too_many_lines)] // each dice term's checks, in the order written
pub(in crate::check::compiler) fn static_dice(
    d: &ast::DiceExpr,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> Option<Dice> {
    let mut dice = Dice {
        groups: Vec::new(),
        constant: 0,
    };
    let mut ok = true;
    for (negative, term) in &d.terms {
        match term {
            ast::DiceTerm::Dice {
                count,
                sides,
                notation,
                span,
            } => {
                let count = match count.as_deref() {
                    None => 1,
                    Some(ast::Expr {
                        kind: ast::ExprKind::Int(n),
                        ..
                    }) => *n,
                    Some(e) => {
                        errors.push(CompileError::new(
                            CompileErrorKind::WrongKind {
                                expected: "a number of dice",
                                found: "an expression".into(),
                            },
                            e.span,
                        ));
                        ok = false;
                        continue;
                    }
                };
                let Some((sides, notation)) =
                    check_dice(Some(count), *sides, notation, *span, limits, errors)
                else {
                    ok = false;
                    continue;
                };
                dice.groups.push(DiceGroup {
                    count: count.clamp(0, i64::from(u32::MAX)) as u32,
                    count_slot: None,
                    sides,
                    negative: *negative,
                    notation,
                });
            }
            ast::DiceTerm::Best {
                highest,
                rolls,
                span,
            } => match best(*highest, rolls, *span, limits, errors) {
                Some((group, constant)) => {
                    dice.groups.push(DiceGroup {
                        negative: *negative,
                        ..group
                    });
                    dice.constant += if *negative { -constant } else { constant };
                }
                None => ok = false,
            },
            ast::DiceTerm::Number(n) => {
                let sum = i128::from(dice.constant)
                    + if *negative {
                        -i128::from(n.node)
                    } else {
                        i128::from(n.node)
                    };
                if let Ok(c) = i64::try_from(sum) {
                    dice.constant = c;
                } else {
                    errors.push(CompileError::new(
                        CompileErrorKind::TotalTooLarge {
                            total: sum.to_string(),
                        },
                        d.span,
                    ));
                    ok = false;
                }
            }
            ast::DiceTerm::Name(i) => {
                errors.push(CompileError::new(
                    CompileErrorKind::WrongKind {
                        expected: "dice such as `2d10`",
                        found: format!("the name `{}`", i.name),
                    },
                    i.span,
                ));
                ok = false;
            }
        }
    }
    let total: u64 = dice
        .groups
        .iter()
        .map(|g| u64::from(g.count) * (u64::from(g.notation.summed) + 1))
        .sum();
    if ok && total > u64::from(limits.max_dice) {
        errors.push(CompileError::new(
            CompileErrorKind::DiceTooLarge {
                written: format!("{total} dice"),
                limit: format!("{} dice in one roll", limits.max_dice),
            },
            d.span,
        ));
        ok = false;
    }
    ok.then_some(dice)
}

/// `max(2d6, 2d6)`, `min(...)`: the same roll made once per argument, as
/// one group whose dice are each one roll (`2d6` summed), keeping the
/// highest (or lowest) one; and the roll's constant. `None` after
/// reporting a roll that is not the same each time or not one group.
fn best(
    highest: bool,
    rolls: &[ast::DiceExpr],
    span: Span,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> Option<(DiceGroup, i64)> {
    let before = errors.len();
    let lowered: Vec<Dice> = rolls
        .iter()
        .filter_map(|r| static_dice(r, limits, errors))
        .collect();
    if errors.len() > before {
        return None;
    }
    let which = if highest { "max" } else { "min" };
    let problem = match lowered.first() {
        Some(first) if lowered.iter().any(|d| d != first) => Some(format!(
            "`{which}` compares the same roll made again; these rolls differ"
        )),
        Some(Dice { groups, .. })
            if groups.len() != 1
                || groups
                    .iter()
                    .any(|g| g.notation.keep.is_some() || g.negative) =>
        {
            Some(format!(
                "`{which}` compares one group of dice, such as `2d6` or `d6!`, plus a constant"
            ))
        }
        _ => None,
    };
    if let Some(message) = problem {
        errors.push(CompileError::new(
            CompileErrorKind::DiceNotation {
                message,
                help: format!(
                    "write the roll once per try, the same each time: `{which}(2d6, 2d6)`"
                ),
            },
            span,
        ));
        return None;
    }
    let first = lowered.into_iter().next()?;
    let group = first.groups.into_iter().next()?;
    let mut notation = group.notation;
    notation.summed = group.count.saturating_sub(1);
    notation.keep = Some(Keep {
        highest,
        drop: false,
        n: 1,
    });
    Some((
        DiceGroup {
            count: u32::try_from(rolls.len()).unwrap_or(u32::MAX),
            count_slot: None,
            sides: group.sides,
            negative: false,
            notation,
        },
        first.constant,
    ))
}

/// Checks `count` (when known) dice of `sides` sides and their notation:
/// the sides of each physical die and the notation, or `None` after
/// reporting what is wrong.
pub(super) fn check_dice(
    count: Option<i64>,
    sides: u64,
    suffixes: &[Spanned<ast::Suffix>],
    span: Span,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> Option<(u32, Notation)> {
    let digits = notation::digits(sides);
    let problem = if let Some(count) = count.filter(|&c| c <= 0) {
        Some(CompileErrorKind::ImpossibleDice {
            reason: format!("a roll of {count} dice"),
        })
    } else if sides == 0 {
        Some(CompileErrorKind::ImpossibleDice {
            reason: "a die with no sides".into(),
        })
    } else if count.unwrap_or(1) > i64::from(limits.max_dice) || sides > u64::from(limits.max_sides)
    {
        Some(CompileErrorKind::DiceTooLarge {
            written: format!("{}d{sides}", count.unwrap_or(1)),
            limit: format!("{} dice of {} sides", limits.max_dice, limits.max_sides),
        })
    } else {
        None
    };
    if let Some(kind) = problem {
        errors.push(CompileError::new(kind, span));
        return None;
    }
    let die = if digits > 0 { 6 } else { sides as u32 };
    let notation = notation::notation(count, die, digits, suffixes, limits, errors)?;
    if die == 1 {
        errors.push(CompileError::new(
            CompileErrorKind::ImpossibleDice {
                reason: "a die of one side always shows 1: write the number instead".into(),
            },
            span,
        ));
        return None;
    }
    Some((die, notation))
}

impl ChartCx<'_, '_> {
    pub(super) fn dice(&mut self, d: &ast::DiceExpr) -> Dice {
        let before = self.errors.len();
        let mut named = Vec::new();
        let mut plain = d.clone();
        plain.terms.retain(|(neg, t)| match t {
            ast::DiceTerm::Dice { count: Some(c), .. }
                if !matches!(c.kind, ast::ExprKind::Int(_)) =>
            {
                named.push((*neg, t.clone()));
                false
            }
            _ => true,
        });
        let mut dice = static_dice(&plain, self.limits, self.errors).unwrap_or(Dice {
            groups: Vec::new(),
            constant: 0,
        });
        for (negative, term) in named {
            let ast::DiceTerm::Dice {
                count: Some(count),
                sides,
                notation,
                span,
            } = term
            else {
                continue;
            };
            let slot = match &count.kind {
                ast::ExprKind::Number(n) => {
                    self.whole(*n, count.span, "a number of dice");
                    None
                }
                ast::ExprKind::Name(i) => match self.lookup_slot(&i.name, i.span) {
                    Some(s) if matches!(self.slots[s].kind, SlotKind::Param { .. }) => Some(s),
                    Some(_) => {
                        self.error(
                            CompileErrorKind::WrongKind {
                                expected: "a param for the number of dice",
                                found: format!("`{}`", i.name),
                            },
                            i.span,
                        );
                        None
                    }
                    None => {
                        self.unknown("param", i);
                        None
                    }
                },
                _ => {
                    self.error(
                        CompileErrorKind::Unsupported {
                            what: "an expression for the number of dice".into(),
                        },
                        count.span,
                    );
                    None
                }
            };
            let checked = check_dice(None, sides, &notation, span, self.limits, self.errors);
            if let (Some((sides, notation)), Some(slot)) = (checked, slot) {
                dice.groups.push(DiceGroup {
                    count: 0,
                    count_slot: Some(slot),
                    sides,
                    negative,
                    notation,
                });
            }
        }
        if dice.groups.is_empty() && self.errors.len() == before {
            self.error(
                CompileErrorKind::ImpossibleDice {
                    reason: "a roll with no dice".into(),
                },
                d.span,
            );
        }
        // Bad dice have no reach: checking rows against it would only echo it.
        self.dice_failed |= self.errors.len() > before;
        dice
    }

    pub(super) fn dice_source(&mut self, d: &ast::DiceExpr) -> PoolDice {
        if let [(false, ast::DiceTerm::Name(ident))] = d.terms.as_slice() {
            if let Some(r) = self.grid_ref(ident) {
                self.expect_cells(
                    &r,
                    |c| matches!(c, Cell::Dice(_) | Cell::Impossible | Cell::Text(_)),
                    "a grid of dice",
                );
                return PoolDice::Grid(r);
            }
            self.unknown("grid of dice", ident);
            return PoolDice::Dice(Dice {
                groups: Vec::new(),
                constant: 0,
            });
        }
        let dice = self.dice(d);
        if dice.constant != 0 {
            self.error(
                CompileErrorKind::PoolConstant {
                    dice: dice.to_string(),
                },
                d.span,
            );
        }
        PoolDice::Dice(dice)
    }

    pub(super) fn target(&mut self, t: &ast::Target) -> Target {
        match &t.kind {
            ast::TargetKind::Range(r) => Target::Ranges(rows::ranges(r, self.errors)),
            ast::TargetKind::AtLeast(e) => Target::AtLeast(self.expr(e)),
            ast::TargetKind::AtMost(e) => Target::AtMost(self.expr(e)),
            ast::TargetKind::MoreThan(e) => Target::MoreThan(self.expr(e)),
            ast::TargetKind::LessThan(e) => Target::LessThan(self.expr(e)),
            ast::TargetKind::Grid { grid, shift } => {
                let Some(r) = self.grid_ref(grid) else {
                    // A bare param reads as `at least`: `succeed on to_hit`.
                    if self.lookup_slot(&grid.name, grid.span).is_some() && shift.is_none() {
                        let e = ast::Expr {
                            kind: ast::ExprKind::Name(grid.clone()),
                            span: grid.span,
                        };
                        return Target::AtLeast(self.expr(&e));
                    }
                    self.unknown("grid", grid);
                    return Target::Ranges(Ranges::default());
                };
                self.expect_cells(
                    &r,
                    |c| {
                        matches!(
                            c,
                            Cell::Target(_) | Cell::Number(_) | Cell::Text(_) | Cell::Impossible
                        )
                    },
                    "a grid of targets (`4+`, `1-3`)",
                );
                let shift = shift.as_ref().map(|e| self.expr(e));
                Target::Grid(r, shift)
            }
        }
    }
}
