//! Rows: ranges as written → normalised spans → a direct index from total
//! to row, with the two checks every table gets: no total read by two rows,
//! and every reachable total read by some row.

use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::tree::{
    Cell, Dice, Expr, Func, GridTree, LadderRead, Lookup, Ranges, SlotKind, SlotTree, NO_ROW,
};
use crate::limits::Limits;
use crate::syntax::ast;
use crate::syntax::span::Span;
use std::fmt;

/// The lowest and highest value something can take; `None` is unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    pub lo: Option<i64>,
    pub hi: Option<i64>,
}

impl Reach {
    /// Exactly `v`.
    pub(crate) fn exactly(v: i64) -> Self {
        Self {
            lo: Some(v),
            hi: Some(v),
        }
    }

    /// The sum of `parts` end by end, `negated` ones subtracted (an
    /// unbounded end stays unbounded); `Err` with the exact sum when a
    /// bounded end passes `i64`. Summed in `i128`: only the result must fit.
    pub(crate) fn sum(parts: &[(Reach, bool)]) -> Result<Reach, i128> {
        let end = |high: bool| -> Result<Option<i64>, i128> {
            let mut s = 0i128;
            for &(r, negated) in parts {
                // Subtracting takes the other end.
                let v = if high == negated { r.lo } else { r.hi };
                let Some(v) = v else { return Ok(None) };
                s += if negated {
                    -i128::from(v)
                } else {
                    i128::from(v)
                };
            }
            i64::try_from(s).map(Some).map_err(|_| s)
        };
        Ok(Reach {
            lo: end(false)?,
            hi: end(true)?,
        })
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (Some(l), Some(h)) => write!(f, "{l} to {h}"),
            (Some(l), None) => write!(f, "{l} upwards without bound"),
            (None, Some(h)) => write!(f, "{h} downwards without bound"),
            (None, None) => f.write_str("any value"),
        }
    }
}

/// Normalises a range set: open ends become `i64::MIN`/`MAX`, reversed
/// bounds (`-1 to -3`) are put in order.
pub(crate) fn ranges(r: &ast::RangeSet, _errors: &mut [CompileError]) -> Ranges {
    let mut parts: crate::check::tree::Spans = r
        .parts
        .iter()
        .map(|p| {
            let lo = p.lo.unwrap_or(i64::MIN);
            let hi = p.hi.unwrap_or(i64::MAX);
            (lo.min(hi), lo.max(hi))
        })
        .collect();
    parts.sort_unstable();
    // One span written highest first (`-1 to -3`) is shown so.
    let order = match r.parts.as_slice() {
        [ast::RangePart {
            lo: Some(lo),
            hi: Some(hi),
            ..
        }] if lo > hi => crate::check::tree::Order::Down,
        _ => crate::check::tree::Order::Up,
    };
    Ranges(parts, order)
}

/// The natural roll's reach: sum of the lowest and of the highest faces.
pub(crate) fn dice_reach(dice: &Dice, slots: &[SlotTree]) -> (Option<i64>, Option<i64>) {
    let mut lo = Some(0i64);
    let mut hi = Some(0i64);
    for g in &dice.groups {
        let (cmin, cmax) = match g.count_slot {
            None => (Some(i64::from(g.count)), Some(i64::from(g.count))),
            Some(s) => match &slots[s].kind {
                SlotKind::Param {
                    bounds: Some((l, h)),
                    ..
                } => (
                    Some(crate::number::ceil(*l).max(0)),
                    Some(crate::number::floor(*h).max(0)),
                ),
                _ => (Some(0), None),
            },
        };
        // The kept dice, each between the lowest and highest value a die
        // can show (`d66`: 11 to 66; `d6!`: 1 to 6 per die it may add). A
        // reach past `i64` is unbounded: the rows must then be open.
        let kept = |c: i64| {
            g.notation.keep.map_or(c, |k| {
                i64::from(k.kept(u32::try_from(c).unwrap_or(u32::MAX)))
            })
        };
        let die = g.notation.die_reach(g.sides);
        let (dlo, dhi) = (
            die.first().map_or(1, |d| d.0),
            die.last().map_or(1, |d| d.1),
        );
        let (glo, ghi) = (
            cmin.and_then(|c| kept(c).checked_mul(dlo)),
            cmax.and_then(|c| kept(c).checked_mul(dhi)),
        );
        if g.negative {
            lo = lo.zip(ghi).and_then(|(a, b)| a.checked_sub(b));
            hi = hi.zip(glo).and_then(|(a, b)| a.checked_sub(b));
        } else {
            lo = lo.zip(glo).and_then(|(a, b)| a.checked_add(b));
            hi = hi.zip(ghi).and_then(|(a, b)| a.checked_add(b));
        }
    }
    (lo, hi)
}

/// The totals between the lowest and highest natural roll that the dice
/// cannot show (a `d66`'s 17 to 20, a `d6!`'s 6), moved by modifiers
/// reaching `mods` (each gap narrowed by their spread) and the constant.
/// Empty where a count comes from a param or the modifiers are unbounded.
pub(crate) fn dice_gaps(dice: &Dice, mods: Reach) -> Vec<(i64, i64)> {
    let (Some(mlo), Some(mhi)) = (mods.lo, mods.hi) else {
        return Vec::new();
    };
    if dice.groups.iter().all(|g| g.notation.is_plain()) {
        return Vec::new();
    }
    let mut shown = vec![(0i64, 0i64)];
    for g in &dice.groups {
        if g.count_slot.is_some() {
            return Vec::new();
        }
        let mut group = g.notation.group_reach(g.count, g.sides);
        if g.negative {
            group = group.iter().rev().map(|&(l, h)| (-h, -l)).collect();
        }
        shown = crate::check::notation::sum_of(&shown, &group);
    }
    shown
        .windows(2)
        .filter_map(|w| {
            // A gap past `i64` is left out: its totals are
            // `compile::total_too_large` already.
            let l = (w[0].1 + 1).checked_add(mhi)?.checked_add(dice.constant)?;
            let h = (w[1].0 - 1).checked_add(mlo)?.checked_add(dice.constant)?;
            (l <= h).then_some((l, h))
        })
        .collect()
}

/// Interval arithmetic over an expression, for the coverage check of `score`.
#[allow(clippy::too_many_lines)] // one match arm per expression kind
pub(crate) fn expr_reach(
    e: &Expr,
    total: Reach,
    natural: Reach,
    slots: &[SlotTree],
    grids: &[GridTree],
    ladder_reads: &[LadderRead],
) -> Reach {
    let go = |x: &Expr| expr_reach(x, total, natural, slots, grids, ladder_reads);
    let hull = |a: Reach, b: Reach| Reach {
        lo: a.lo.zip(b.lo).map(|(x, y)| x.min(y)),
        hi: a.hi.zip(b.hi).map(|(x, y)| x.max(y)),
    };
    match e {
        Expr::Int(n) => Reach {
            lo: Some(*n),
            hi: Some(*n),
        },
        Expr::Num(n) => Reach {
            lo: Some(crate::number::floor(*n)),
            hi: Some(crate::number::ceil(*n)),
        },
        Expr::If(_, a, b) => hull(go(a), go(b)),
        Expr::Call(func, args) => {
            let mut reaches = args.iter().map(go);
            let first = reaches.next().unwrap_or(Reach { lo: None, hi: None });
            match func {
                // Rounding moves a value by less than one: the whole
                // numbers around the reach still bound it.
                Func::Floor | Func::Ceil | Func::Round => first,
                Func::Min => reaches.fold(first, |a, b| Reach {
                    lo: a.lo.zip(b.lo).map(|(x, y)| x.min(y)),
                    hi: match (a.hi, b.hi) {
                        (Some(x), Some(y)) => Some(x.min(y)),
                        (x, y) => x.or(y),
                    },
                }),
                Func::Max => reaches.fold(first, |a, b| Reach {
                    lo: match (a.lo, b.lo) {
                        (Some(x), Some(y)) => Some(x.max(y)),
                        (x, y) => x.or(y),
                    },
                    hi: a.hi.zip(b.hi).map(|(x, y)| x.max(y)),
                }),
                Func::Clamp => {
                    let lo = reaches.next().unwrap_or(Reach { lo: None, hi: None });
                    let hi = reaches.next().unwrap_or(Reach { lo: None, hi: None });
                    Reach {
                        lo: match (first.lo, lo.lo) {
                            (Some(x), Some(y)) => Some(x.max(y)),
                            (_, y) => y,
                        },
                        hi: match (first.hi, hi.hi) {
                            (Some(x), Some(y)) => Some(x.min(y)),
                            (_, y) => y,
                        },
                    }
                }
            }
        }
        Expr::Total => total,
        Expr::Natural => natural,
        Expr::Die(_, sides) => Reach {
            lo: Some(1),
            hi: Some(i64::from(*sides).max(1)),
        },
        Expr::Net => Reach { lo: None, hi: None },
        Expr::Ladder(i) => ladder_reads
            .get(*i)
            .map_or(Reach { lo: None, hi: None }, |r| Reach {
                lo: Some(r.reach.0),
                hi: Some(r.reach.1),
            }),
        Expr::Slot(s, _) => match &slots[*s].kind {
            SlotKind::Param {
                bounds: Some((l, h)),
                ..
            } => Reach {
                lo: Some(crate::number::floor(*l)),
                hi: Some(crate::number::ceil(*h)),
            },
            _ => Reach { lo: None, hi: None },
        },
        Expr::Grid(r) => {
            let nums: Vec<i64> = grids[r.grid]
                .cells
                .iter()
                .filter_map(|c| match c {
                    Cell::Number(n) => Some(*n),
                    _ => None,
                })
                .flat_map(|n| [crate::number::floor(n), crate::number::ceil(n)])
                .collect();
            Reach {
                lo: nums.iter().min().copied(),
                hi: nums.iter().max().copied(),
            }
        }
        Expr::Neg(x) => {
            let r = go(x);
            Reach {
                lo: r.hi.map(i64::saturating_neg),
                hi: r.lo.map(i64::saturating_neg),
            }
        }
        Expr::Bin(op, a, b) => {
            let (a, b) = (go(a), go(b));
            match op {
                ast::BinOp::Add => Reach {
                    lo: a.lo.zip(b.lo).map(|(x, y)| x.saturating_add(y)),
                    hi: a.hi.zip(b.hi).map(|(x, y)| x.saturating_add(y)),
                },
                ast::BinOp::Sub => Reach {
                    lo: a.lo.zip(b.hi).map(|(x, y)| x.saturating_sub(y)),
                    hi: a.hi.zip(b.lo).map(|(x, y)| x.saturating_sub(y)),
                },
                ast::BinOp::Mul | ast::BinOp::Div => {
                    let (Some(al), Some(ah), Some(bl), Some(bh)) = (a.lo, a.hi, b.lo, b.hi) else {
                        return Reach { lo: None, hi: None };
                    };
                    if *op == ast::BinOp::Div && bl <= 0 && bh >= 0 {
                        return Reach { lo: None, hi: None };
                    }
                    // Exact division: the corners bound the quotient, and
                    // the whole numbers around them bound the reach.
                    let apply = |x: i64, y: i64| {
                        if *op == ast::BinOp::Mul {
                            let p = x.saturating_mul(y);
                            (p, p)
                        } else if x == i64::MIN && y == -1 {
                            // The one quotient past `i64`: the engine refuses it.
                            (i64::MAX, i64::MAX)
                        } else {
                            (
                                num_integer::Integer::div_floor(&x, &y),
                                num_integer::Integer::div_ceil(&x, &y),
                            )
                        }
                    };
                    let corners = [apply(al, bl), apply(al, bh), apply(ah, bl), apply(ah, bh)];
                    Reach {
                        lo: corners.iter().map(|c| c.0).min(),
                        hi: corners.iter().map(|c| c.1).max(),
                    }
                }
            }
        }
    }
}

/// Builds the index of one column and checks it for overlaps between
/// rows; returns it with the reachable values no row reads (none when the
/// reach is unknown), which the caller words. `reach`: the totals the
/// column must read, and those inside it that the dice cannot show
/// (`dice_gaps`).
pub(crate) fn lookup(
    rows: &[(Ranges, Span)],
    reach: Option<(Reach, &[(i64, i64)])>,
    rows_span: Span,
    column: Option<&str>,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> (Lookup, Ranges) {
    let in_column = column.map_or(String::new(), |c| format!(" in column `{c}`"));
    // Overlaps, each pair once.
    for (j, (b, bspan)) in rows.iter().enumerate() {
        for (a, aspan) in &rows[..j] {
            let shared = intersect(a, b);
            if !shared.0.is_empty() {
                errors.push(CompileError::new(
                    CompileErrorKind::OverlappingRows {
                        values: format!("{shared}{in_column}"),
                        other: *aspan,
                    },
                    *bspan,
                ));
            }
        }
    }
    let finite = rows
        .iter()
        .flat_map(|(r, _)| r.0.iter())
        .flat_map(|&(lo, hi)| [lo, hi])
        .filter(|&v| v != i64::MIN && v != i64::MAX);
    let (base, top) = finite.fold((i64::MAX, i64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    let (base, top) = if base > top { (0, -1) } else { (base, top) };
    if top.saturating_sub(base) >= limits.max_table_span {
        errors.push(CompileError::new(
            CompileErrorKind::Invalid {
                message: format!("rows span {base} to {top}, too wide to index"),
                help: format!(
                    "a table reads at most {} consecutive totals: use open ends such as `20 or more`",
                    limits.max_table_span
                ),
            },
            rows_span,
        ));
        return (Lookup::default(), Ranges::default());
    }
    let find = |v: i64| {
        rows.iter()
            .position(|(r, _)| r.contains(v))
            .map_or(NO_ROW, |i| i as u16)
    };
    let lookup = Lookup {
        base,
        dense: (base..=top).map(find).collect(),
        below: find(i64::MIN),
        above: find(i64::MAX),
        order: std::sync::Arc::from([]),
    };
    // Coverage: every point of the reach inside [base-1, top+1] stands for
    // itself, except the two ends, which stand for everything beyond them.
    let Some((reach, unreachable)) = reach else {
        return (lookup, Ranges::default());
    };
    let lo = reach.lo.unwrap_or(i64::MIN);
    let hi = reach.hi.unwrap_or(i64::MAX);
    let mut gaps: Vec<(i64, i64)> = Vec::new();
    let mut push = |l: i64, h: i64| match gaps.last_mut() {
        Some(last) if last.1.saturating_add(1) >= l => last.1 = last.1.max(h),
        _ => gaps.push((l, h)),
    };
    let from = lo.max(base.saturating_sub(1));
    let to = hi.min(top.saturating_add(1));
    // Totals inside the reach that the dice cannot show (a `d66`'s 17 to
    // 20) need no row.
    let shown = |l: i64, h: i64| !unreachable.iter().any(|&(a, b)| a <= l && h <= b);
    if from > to {
        if lookup.row(lo).is_none() && shown(lo, hi) {
            push(lo, hi);
        }
    } else {
        for v in from..=to {
            if lookup.row(v).is_none() {
                let l = if v == base.saturating_sub(1) { lo } else { v };
                let h = if v == top.saturating_add(1) { hi } else { v };
                if shown(l, h) {
                    push(l, h);
                }
            }
        }
    }
    (lookup, Ranges(gaps.into(), crate::check::tree::Order::Up))
}

fn intersect(a: &Ranges, b: &Ranges) -> Ranges {
    let mut out = crate::check::tree::Spans::new();
    for &(al, ah) in &a.0 {
        for &(bl, bh) in &b.0 {
            let (l, h) = (al.max(bl), ah.min(bh));
            if l <= h {
                out.push((l, h));
            }
        }
    }
    out.sort_unstable();
    Ranges(out, crate::check::tree::Order::Up)
}
