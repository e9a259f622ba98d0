//! Dice for the reference interpreter: the exact distribution of a die with
//! its notation (rerolls, explosions, `d66`), of a group (keep and drop) and
//! of a dice expression, by walking every face. Written from the "Dice"
//! section of docs/language.md, sharing nothing with the engine's dice.

use super::expr::Ctx;
use super::{q, Why, Q};
use chartwright::ast::{CmpOp, DiceExpr, DiceTerm, FacePoint, Suffix};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// A distribution of whole values.
pub type Dist = BTreeMap<i64, Q>;

/// Extra dice an explosion may add, and rolls a reroll may make, unless
/// written smaller (`Limits` defaults, docs/language.md "Bounds").
const MAX_EXPLODE: u64 = 20;
const MAX_REROLLS: u64 = 20;

/// Adds `p` to `d[v]`.
pub fn add(d: &mut Dist, v: i64, p: Q) {
    let e = d.entry(v).or_insert_with(Q::zero);
    *e += p;
}

/// The certain value `v`.
pub fn point(v: i64) -> Dist {
    let mut d = Dist::new();
    d.insert(v, Q::one());
    d
}

/// The distribution of `a + b` for independent `a`, `b`.
pub fn sum(a: &Dist, b: &Dist) -> Dist {
    let mut out = Dist::new();
    for (x, p) in a {
        for (y, r) in b {
            add(&mut out, x + y, p * r);
        }
    }
    out
}

fn covers(f: &FacePoint, face: i64) -> bool {
    let v = f.value as i64;
    match f.op {
        CmpOp::Eq => face == v,
        CmpOp::Ne => face != v,
        CmpOp::Lt => face < v,
        CmpOp::Le => face <= v,
        CmpOp::Gt => face > v,
        CmpOp::Ge => face >= v,
    }
}

/// One plain roll of the die: `d66` and `d666` read as tens and units.
fn faces(sides: u64) -> Dist {
    let mut d = Dist::new();
    match sides {
        66 | 666 => {
            let digits = if sides == 66 { 2 } else { 3 };
            let n = 6i64.pow(digits);
            for i in 0..n {
                let (mut v, mut rest) = (0, i);
                for _ in 0..digits {
                    v = v * 10 + rest % 6 + 1;
                    rest /= 6;
                }
                add(&mut d, v, Q::new(1.into(), n.into()));
            }
        }
        _ => {
            for f in 1..=sides as i64 {
                d.insert(f, Q::new(1.into(), (sides as i64).into()));
            }
        }
    }
    d
}

/// A roll of the die with rerolls: a covered face is rolled again while
/// tries are left; at the bound the last face stands.
fn rerolled(sides: u64, reroll: Option<(&FacePoint, u64)>, tries: u64) -> Dist {
    let plain = faces(sides);
    let Some((on, _)) = reroll else { return plain };
    if tries == 0 {
        return plain;
    }
    let again = rerolled(sides, reroll, tries - 1);
    let mut out = Dist::new();
    for (f, p) in &plain {
        if covers(on, *f) {
            for (g, r) in &again {
                add(&mut out, *g, p * r);
            }
        } else {
            add(&mut out, *f, p.clone());
        }
    }
    out
}

/// A die with its explosions (after rerolls): an exploding face adds one
/// more die (rerolled and exploding as the first) while extra dice are left.
fn exploded(
    sides: u64,
    reroll: Option<(&FacePoint, u64)>,
    explode: Option<&FacePoint>,
    extra: u64,
) -> Dist {
    let tries = reroll.map_or(0, |r| r.1);
    let first = rerolled(sides, reroll, tries);
    let Some(on) = explode else { return first };
    if extra == 0 {
        return first;
    }
    let more = exploded(sides, reroll, explode, extra - 1);
    let mut out = Dist::new();
    for (f, p) in &first {
        if covers(on, *f) {
            for (g, r) in &more {
                add(&mut out, f + g, p * r);
            }
        } else {
            add(&mut out, *f, p.clone());
        }
    }
    out
}

/// A group of dice as written: how many, one die's distribution, and what
/// it keeps (`(highest, how many)`), and whether it is subtracted.
#[derive(Clone, Debug)]
pub struct Group {
    pub count: u64,
    pub die: Dist,
    pub keep: Option<(bool, u64)>,
    pub negative: bool,
}

/// One die of `dS` with its notation.
pub fn die(sides: u64, notation: &[Suffix]) -> Result<Dist, Why> {
    if sides == 0 {
        return Err(Why::Refused("d0".into()));
    }
    let mut reroll = None;
    let mut explode = None;
    let mut depth = MAX_EXPLODE;
    let highest = FacePoint {
        op: CmpOp::Eq,
        value: sides,
    };
    for s in notation {
        match s {
            Suffix::Reroll { once, on } => {
                reroll = Some((*on, if *once { 1 } else { MAX_REROLLS }));
            }
            Suffix::Explode { depth: d, on, .. } => {
                explode = Some(on.unwrap_or(highest));
                if let Some(d) = d {
                    depth = *d;
                }
            }
            Suffix::Keep { .. } => {}
        }
    }
    let reroll = reroll.as_ref().map(|(f, t)| (f, *t));
    Ok(exploded(sides, reroll, explode.as_ref(), depth))
}

/// What a group keeps, as (highest?, how many), from its notation.
fn keep_of(count: u64, notation: &[Suffix]) -> Option<(bool, u64)> {
    notation.iter().find_map(|s| match s {
        Suffix::Keep { highest, drop, n } => Some(if *drop {
            (!highest, count.saturating_sub(*n))
        } else {
            (*highest, (*n).min(count))
        }),
        _ => None,
    })
}

/// The kept dice of a group, each multiset with its probability (sorted
/// best first). Walks every die, keeping the best `k` seen so far.
pub fn kept(g: &Group) -> Result<BTreeMap<Vec<i64>, Q>, Why> {
    let (highest, k) = g.keep.unwrap_or((true, g.count));
    let work = (g.die.len() as f64).powi(k.min(g.count) as i32 + 1) * g.count as f64;
    if work > 200_000.0 {
        return Err(Why::Unsupported(
            "keep/drop over dice with many values (too slow to enumerate)".into(),
        ));
    }
    let mut states: BTreeMap<Vec<i64>, Q> = BTreeMap::new();
    states.insert(Vec::new(), Q::one());
    for _ in 0..g.count {
        super::chart::past_deadline()?;
        let mut next = BTreeMap::new();
        for (s, p) in &states {
            for (v, r) in &g.die {
                let mut t = s.clone();
                t.push(*v);
                t.sort_unstable();
                if highest {
                    t.reverse();
                }
                t.truncate(k as usize);
                let e = next.entry(t).or_insert_with(Q::zero);
                *e += p * r;
            }
        }
        states = next;
        if states.len() > 200_000 {
            return Err(Why::Unsupported("keep/drop over too many dice".into()));
        }
    }
    Ok(states)
}

/// The sum a group shows (kept dice only), signed.
pub fn group_sum(g: &Group) -> Result<Dist, Why> {
    let mut d = if g.keep.is_some() {
        let mut d = Dist::new();
        for (dice, p) in kept(g)? {
            add(&mut d, dice.iter().sum(), p);
        }
        d
    } else {
        let mut d = point(0);
        for _ in 0..g.count {
            d = sum(&d, &g.die);
        }
        d
    };
    if g.negative {
        d = d.into_iter().map(|(v, p)| (-v, p)).collect();
    }
    Ok(d)
}

/// What a dice expression rolls: its groups, its constant, and, for
/// `max(...)`/`min(...)`, the better or worse of identical rolls.
pub struct Rolled {
    /// The natural roll's distribution.
    pub natural: Dist,
    /// Constants and params added.
    pub constant: Q,
    /// The groups (for pools), when no `max`/`min` stands in the roll.
    pub groups: Vec<Group>,
}

/// Each die of a roll of plain dice (`2d6`, `d6 + d10`), in written order:
/// its sides, and whether it is subtracted. Anything else cannot be read
/// die by die.
pub fn plain_dice(e: &DiceExpr) -> Result<Vec<(i64, bool)>, Why> {
    let mut out = Vec::new();
    for (neg, term) in &e.terms {
        match term {
            DiceTerm::Number(_) => {}
            DiceTerm::Dice {
                count,
                sides,
                notation,
                ..
            } if notation.is_empty() && *sides != 66 && *sides != 666 => {
                let n = match count.as_deref().map(|c| &c.kind) {
                    None => 1,
                    Some(chartwright::ast::ExprKind::Int(n)) => *n,
                    Some(_) => return Err(Why::Refused("dice read one by one, counted".into())),
                };
                let sides = i64::try_from(*sides).unwrap_or(i64::MAX);
                out.extend((0..n).map(|_| (sides, *neg)));
            }
            _ => return Err(Why::Refused("dice read one by one, not plain".into())),
        }
    }
    Ok(out)
}

/// A dice expression's groups and constants, names read in `ctx`.
pub fn roll(ctx: &Ctx, e: &DiceExpr) -> Result<Rolled, Why> {
    let mut natural = point(0);
    let mut constant = q(0);
    let mut groups = Vec::new();
    for (neg, term) in &e.terms {
        match term {
            DiceTerm::Dice {
                count,
                sides,
                notation,
                ..
            } => {
                let n = match count {
                    None => 1,
                    Some(expr) => ctx.whole(&ctx.eval(expr)?, "a number of dice")?,
                };
                if n < 0 {
                    return Err(Why::Refused("negative number of dice".into()));
                }
                let notation: Vec<Suffix> = notation.iter().map(|s| s.node.clone()).collect();
                let g = Group {
                    count: n as u64,
                    die: die(*sides, &notation)?,
                    keep: keep_of(n as u64, &notation),
                    negative: *neg,
                };
                natural = sum(&natural, &group_sum(&g)?);
                groups.push(g);
            }
            DiceTerm::Best { highest, rolls, .. } => {
                let mut better: Option<Dist> = None;
                let mut c = q(0);
                for r in rolls {
                    let one = roll(ctx, r)?;
                    c = one.constant;
                    better = Some(match better {
                        None => one.natural,
                        Some(b) => best_of(&b, &one.natural, *highest),
                    });
                }
                let mut b = better.unwrap_or_else(|| point(0));
                if *neg {
                    b = b.into_iter().map(|(v, p)| (-v, p)).collect();
                    c = -c;
                }
                natural = sum(&natural, &b);
                constant += c;
            }
            DiceTerm::Number(n) => {
                constant += if *neg { q(-n.node) } else { q(n.node) };
            }
            DiceTerm::Name(id) => {
                let v = ctx.read_name(id)?;
                constant += if *neg { -v } else { v };
            }
        }
    }
    Ok(Rolled {
        natural,
        constant,
        groups,
    })
}

/// The better (or worse) of two independent rolls.
fn best_of(a: &Dist, b: &Dist, highest: bool) -> Dist {
    let mut out = Dist::new();
    for (x, p) in a {
        for (y, r) in b {
            let v = if highest { *x.max(y) } else { *x.min(y) };
            add(&mut out, v, p * r);
        }
    }
    out
}
