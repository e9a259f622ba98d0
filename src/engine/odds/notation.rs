//! Exact distributions of dice with notation, in ways, without enumerating
//! the dice: one die's values as a polynomial (rerolls and explosions by
//! recurrences over their bounds, `d66` by its digits), a group of them as
//! its power (Miller's recurrence), and keep or drop by a walk over the
//! die's values from the best down that stops once the kept dice are
//! placed (the order statistics: the dice left all show less).
//!
//! Every count is over a power of the die's sides: a die rerolled at most
//! `t` times is over `s^(t+1)`, one that explodes at most `d` times over
//! that to the `d + 1`. So the fractions reduce as plain dice do.

use super::count::{middle_words, Count};
use super::power::{over_states, pow, power, Exact};
use super::Fail;
use crate::check::notation::Keep;
use crate::check::tree::Notation;
use crate::engine::bind::{BoundGroup, Plan};
use crate::engine::budget::Work;
use crate::limits::Limits;

/// Values as counts: `counts[i]` ways to get `min + i`.
pub(super) struct Values<C> {
    pub min: i64,
    pub counts: Vec<C>,
}

/// One die: its values, out of `total` ways.
pub(super) struct Die<C> {
    pub values: Values<C>,
    pub total: C,
}

/// One face of a die of `sides` sides after its rerolls, over
/// `sides^(times + 1)`: a face the reroll does not cover stands at roll `j`
/// (after `j` covered faces) in `c^j · s^(times − j)` ways; a covered face
/// stands only at the last roll, in `c^times` ways.
fn face<C: Count>(sides: u32, notation: &Notation) -> Result<Die<C>, Fail> {
    let s = C::from_u64(u64::from(sides));
    let Some(r) = notation.reroll else {
        return Ok(Die {
            values: Values {
                min: 1,
                counts: vec![C::one(); sides as usize],
            },
            total: s,
        });
    };
    let c = C::from_u64(u64::from(r.on.count(sides)));
    // c^j and s^j for j = 0..=times.
    let mut c_pow = vec![C::one()];
    let mut s_pow = vec![C::one()];
    for j in 0..r.times as usize {
        c_pow.push(c_pow[j].mul(&c)?);
        s_pow.push(s_pow[j].mul(&s)?);
    }
    let times = r.times as usize;
    let mut stands = C::zero();
    for j in 0..=times {
        stands.add_product(&c_pow[j], &s_pow[times - j])?;
    }
    let counts = (1..=i64::from(sides))
        .map(|f| {
            if r.on.covers(f) {
                c_pow[times].clone()
            } else {
                stands.clone()
            }
        })
        .collect();
    Ok(Die {
        values: Values { min: 1, counts },
        total: s_pow[times].mul(&s)?,
    })
}

/// One die with its notation: a physical die, or for `max(2d6, 2d6)` the
/// sum of `summed + 1` of them.
pub(super) fn die<C: Count>(
    sides: u32,
    notation: &Notation,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Die<C>, Fail> {
    let one = physical::<C>(sides, notation, work, what)?;
    let mut sum = Die {
        values: Values {
            min: one.values.min,
            counts: one.values.counts.clone(),
        },
        total: one.total.clone(),
    };
    for _ in 0..notation.summed {
        sum.values = add(&sum.values, &one.values, work, what)?;
        sum.total = sum.total.mul(&one.total)?;
    }
    Ok(sum)
}

/// One physical die with its notation.
fn physical<C: Count>(
    sides: u32,
    notation: &Notation,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Die<C>, Fail> {
    if notation.digits > 0 {
        // Each combination of digits is one way; the values between
        // (17 to 20 on a d66) have none.
        let mut values = vec![0i64];
        for _ in 0..notation.digits {
            values = values
                .iter()
                .flat_map(|v| (1..=6).map(move |d| v * 10 + d))
                .collect();
        }
        let (lo, hi) = (values[0], values[values.len() - 1]);
        let mut counts = vec![C::zero(); (hi - lo + 1) as usize];
        for v in &values {
            counts[(v - lo) as usize] = C::one();
        }
        return Ok(Die {
            values: Values { min: lo, counts },
            total: C::from_u64(values.len() as u64),
        });
    }
    let face = face::<C>(sides, notation)?;
    let Some(explode) = notation.explode else {
        return Ok(face);
    };
    // D_0 = F; D_k = F_stop · T^k + Σ_e F(e) · x^e · D_(k−1), over T^(k+1).
    let faces = &face.values.counts;
    let sides = faces.len();
    let mut dist = face.values.counts.clone();
    let mut t_pow = C::one();
    for _ in 0..explode.depth {
        t_pow = t_pow.mul(&face.total)?;
        let words = middle_words(&dist) + t_pow.words();
        work.odds((sides * dist.len()) as u64 * words, what)?;
        // Values run from 1 to sides·(k+1): value v at index v − 1.
        let mut next = vec![C::zero(); dist.len() + sides];
        for (i, ways) in faces.iter().enumerate() {
            if explode.on.covers(i as i64 + 1) {
                // Face i + 1, then value j + 1 of the dice after it.
                for (j, rest) in dist.iter().enumerate() {
                    next[i + 1 + j].add_product(ways, rest)?;
                }
            } else {
                next[i].add_product(ways, &t_pow)?;
            }
        }
        dist = next;
    }
    Ok(Die {
        values: Values {
            min: 1,
            counts: dist,
        },
        total: t_pow.mul(&face.total)?,
    })
}

/// Whether a plan whose dice have notation counts past a machine integer
/// for sure (its ways in all need more than 128 bits): its odds are then
/// counted in big integers at once, rather than after an overflow in words
/// (explosions and rerolls make each die's ways a power of its sides, so
/// `5d6!9` already needs 129 bits).
pub(super) fn needs_big(plan: &Plan) -> bool {
    let (dice, sides) = match plan {
        Plan::Table { dice, .. } | Plan::Check { dice, .. } => (dice, 1.0),
        Plan::Opposed { dice, .. } => (dice, 2.0),
        _ => return false,
    };
    if dice.groups.iter().all(|g| g.notation.is_plain()) {
        return false;
    }
    let bits: f64 = dice
        .groups
        .iter()
        .map(|g| {
            let n = &g.notation;
            let physical = if n.digits > 0 {
                f64::from(n.digits) * 6f64.log2()
            } else {
                let tries = n.reroll.map_or(1, |r| r.times + 1);
                let links = n.explode.map_or(1, |e| e.depth + 1);
                f64::from(g.sides.max(1)).log2() * f64::from(tries) * f64::from(links)
            };
            physical * f64::from(g.count) * f64::from(n.summed + 1)
        })
        .sum();
    bits * sides > 128.0
}

/// The distribution of a group with notation (its kept dice added,
/// subtracted when the group is).
pub(super) fn group<C: Exact>(
    g: &BoundGroup,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Values<C>, Fail> {
    let one = die::<C>(g.sides, &g.notation, work, what)?;
    let mut sum = match g.notation.keep {
        Some(k) if g.kept() < g.count => kept(
            &one,
            (g.count, g.kept()),
            k.keeps_highest(),
            |v| v,
            limits,
            work,
            what,
        )?,
        _ => Values {
            min: one.values.min * i64::from(g.count),
            counts: power(&one.values.counts, u64::from(g.count), limits, work, what)?,
        },
    };
    if g.negative {
        sum.counts.reverse();
        sum.min = -(sum.min + sum.counts.len() as i64 - 1);
    }
    Ok(sum)
}

/// The successes of a group that keeps or drops dice, in a pool:
/// `counts[k]` ways that `k` kept dice meet the target (`hit` of a die's
/// value), and the ways in all.
pub(super) fn kept_hits<C: Exact>(
    g: &BoundGroup,
    hit: impl Fn(i64) -> bool,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<(Vec<C>, C), Fail> {
    let one = die::<C>(g.sides, &g.notation, work, what)?;
    let total = pow(&one.total, u64::from(g.count), work, what)?;
    let highest = g.notation.keep.map_or(true, Keep::keeps_highest);
    let score = |v: i64| i64::from(hit(v));
    let dist = kept(
        &one,
        (g.count, g.kept()),
        highest,
        score,
        limits,
        work,
        what,
    )?;
    // Scores run from 0: pad to start there.
    let mut counts = vec![C::zero(); usize::try_from(dist.min).unwrap_or(0)];
    counts.extend(dist.counts);
    Ok((counts, total))
}

/// One die with its notation in a pool: the ways it meets the target
/// (`hit` of its value) and the ways in all.
pub(super) fn die_hits<C: Count>(
    g: &BoundGroup,
    hit: impl Fn(i64) -> bool,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<(C, C), Fail> {
    let one = die::<C>(g.sides, &g.notation, work, what)?;
    let mut hits = C::zero();
    for (i, w) in one.values.counts.iter().enumerate() {
        if hit(one.values.min + i as i64) {
            hits.add_assign(w)?;
        }
    }
    Ok((hits, one.total))
}

/// The sum of `score(value)` over the `keep` highest (or lowest) of
/// `count` dice: the die's values walked from the best down, `m` dice
/// placed so far (all kept while `m < keep`); `c` of the dice left show
/// the value in `C(count − m, c) · w^c` ways; once `keep` are placed, the
/// rest all show worse values, in `(ways of the worse values)^(rest)`.
#[allow(clippy::too_many_lines)] // one walk over the die's values, the tables it reads built beside it
fn kept<C: Exact>(
    die: &Die<C>,
    (count, keep): (u32, u32),
    highest: bool,
    score: impl Fn(i64) -> i64,
    limits: &Limits,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Values<C>, Fail> {
    let (n, k) = (count as usize, keep as usize);
    let mut order: Vec<(i64, &C)> = die
        .values
        .counts
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.is_zero())
        .map(|(i, w)| (die.values.min + i as i64, w))
        .collect();
    if highest {
        order.reverse();
    }
    if k == 0 {
        return Ok(Values {
            min: 0,
            counts: vec![pow(&die.total, u64::from(count), work, what)?],
        });
    }
    let scores: Vec<i64> = order.iter().map(|&(v, _)| score(v)).collect();
    let lo = scores.iter().copied().min().unwrap_or(0).min(0) * k as i64;
    let hi = scores.iter().copied().max().unwrap_or(0).max(0) * k as i64;
    let width = (hi - lo + 1) as usize;
    // The walk holds a distribution of the kept totals for each count of
    // dice placed: refused before it is allocated when too large.
    if width.saturating_mul(k) > limits.max_odds_states {
        return Err(over_states(limits, what));
    }
    // Ways of the values after each in the walk (the worse ones).
    let mut worse = vec![C::zero(); order.len()];
    let mut acc = C::zero();
    for i in (0..order.len()).rev() {
        worse[i] = acc.clone();
        acc.add_assign(order[i].1)?;
    }
    // C(r, c) for the r = n − m dice left (m < k) and c < k − m of them
    // showing the value: the rows n − k + 1 ..= n, first k entries.
    let first = n + 1 - k;
    let binom = binomials::<C>(first, n, k, work, what)?;
    let mut pending: Vec<Vec<C>> = vec![vec![C::zero(); width]; k];
    pending[0][(-lo) as usize] = C::one();
    let mut done = vec![C::zero(); width];
    let mut b_pows: Option<Vec<C>> = None;
    for (i, &(_, w)) in order.iter().enumerate() {
        let sc = scores[i];
        // w^c for c < k; worse^j and (w + worse)^j for j = n − k + 1 ..= n
        // (the dice left once fewer than k − m show this value).
        let b = &worse[i];
        let mut wb = b.clone();
        wb.add_assign(w)?;
        let mut w_pow = vec![C::one()];
        for c in 1..k {
            w_pow.push(w_pow[c - 1].mul(w)?);
        }
        // `w + worse` here is the value before's `worse`: its powers are
        // the ones the step before made.
        let wb_pow = match b_pows.take() {
            Some(p) => p,
            None => powers(&wb, first, k, work, what)?,
        };
        let b_pow = powers(b, first, k, work, what)?;
        let words = wb_pow[k - 1].words();
        let mut next: Vec<Vec<C>> = vec![vec![C::zero(); width]; k];
        for (m, sums) in pending.iter().enumerate() {
            let (left, need) = (n - m, k - m);
            let row = &binom[left - first];
            // c < need of the dice left show the value (all kept, the walk
            // goes on); c ≥ need: `need` of them fill the kept dice and the
            // rest show this value or worse, in (w + b)^left minus the ways
            // with fewer than `need` at this value, Σ_{c<need} C·w^c·b^(left−c).
            let mut fill = wb_pow[left - first].clone();
            let mut stay: Vec<C> = Vec::with_capacity(need);
            for c in 0..need {
                let here = row[c].mul(&w_pow[c])?;
                fill.sub_assign(&here.mul(&b_pow[left - c - first])?);
                stay.push(here);
            }
            for (s, ways) in sums.iter().enumerate() {
                if ways.is_zero() {
                    continue;
                }
                work.odds((need as u64 + 1) * 2 * (words + ways.words()), what)?;
                for (c, here) in stay.iter().enumerate() {
                    let at = (s as i64 + c as i64 * sc) as usize;
                    next[m + c][at].add_product(ways, here)?;
                }
                // `next[m]` with c = 0 only carries the state to the worse
                // values; it is read in the next step.
                let at = (s as i64 + need as i64 * sc) as usize;
                done[at].add_product(ways, &fill)?;
            }
        }
        pending = next;
        b_pows = Some(b_pow);
    }
    Ok(Values {
        min: lo,
        counts: done,
    })
}

/// `x^first, x^(first + 1), …`, `count` of them.
fn powers<C: Count>(
    x: &C,
    first: usize,
    count: usize,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<C>, Fail> {
    let mut out = vec![pow(x, first as u64, work, what)?];
    for j in 1..count {
        out.push(out[j - 1].mul(x)?);
    }
    Ok(out)
}

/// `C(r, c)` for the rows `r = first..=last` and `c < cols`, each from the
/// one before it in the row: `C(r, c) = C(r, c − 1) · (r − c + 1) / c`.
fn binomials<C: Exact>(
    first: usize,
    last: usize,
    cols: usize,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Vec<Vec<C>>, Fail> {
    let mut rows = Vec::with_capacity(last + 1 - first);
    for r in first..=last {
        let mut row = vec![C::one()];
        for c in 1..cols.min(r + 1) {
            work.odds(2 * row[c - 1].words(), what)?;
            let up = row[c - 1].mul(&C::from_u64((r - c + 1) as u64))?;
            row.push(up.div_exact(&C::from_u64(c as u64)));
        }
        row.resize(cols, C::zero());
        rows.push(row);
    }
    Ok(rows)
}

/// The sum of two independent values.
pub(super) fn add<C: Count>(
    a: &Values<C>,
    b: &Values<C>,
    work: &mut Work,
    what: &dyn Fn() -> String,
) -> Result<Values<C>, Fail> {
    let words = middle_words(&a.counts) + middle_words(&b.counts);
    work.odds((a.counts.len() * b.counts.len()) as u64 * words, what)?;
    let mut counts = vec![C::zero(); a.counts.len() + b.counts.len() - 1];
    for (i, x) in a.counts.iter().enumerate() {
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.counts.iter().enumerate() {
            counts[i + j].add_product(x, y)?;
        }
    }
    Ok(Values {
        min: a.min + b.min,
        counts,
    })
}
