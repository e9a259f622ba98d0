//! Dice notation beyond `NdS`, as the evaluation tree holds it: what each
//! die of a group does (`d66` digits, rerolls, explosions) and which dice of
//! the group count (keep and drop). Both engines read it; the checker reads
//! which totals it can show.

use crate::syntax::ast::CmpOp;
use std::fmt;

/// Most spans a set of reachable values keeps; past it, the gaps between
/// the closest spans are filled (the checker then asks rows for a few
/// totals the dice cannot show, never the reverse).
const MAX_SPANS: usize = 64;

/// The faces a reroll or an explosion covers: `face op value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FaceTest {
    pub op: CmpOp,
    pub value: i64,
}

impl FaceTest {
    pub fn covers(self, face: i64) -> bool {
        match self.op {
            CmpOp::Lt => face < self.value,
            CmpOp::Le => face <= self.value,
            CmpOp::Gt => face > self.value,
            CmpOp::Ge => face >= self.value,
            CmpOp::Eq => face == self.value,
            CmpOp::Ne => face != self.value,
        }
    }

    /// How many of the faces `1..=sides` it covers.
    pub fn count(self, sides: u32) -> u32 {
        (1..=i64::from(sides)).filter(|&f| self.covers(f)).count() as u32
    }

    /// The faces it covers as one span (every test the grammar writes is
    /// one; `Ne` is never written).
    fn span(self, sides: u32) -> Option<(i64, i64)> {
        let s = i64::from(sides);
        let (lo, hi) = match self.op {
            CmpOp::Lt => (1, self.value - 1),
            CmpOp::Le => (1, self.value),
            CmpOp::Gt => (self.value + 1, s),
            CmpOp::Ge => (self.value, s),
            CmpOp::Eq => (self.value, self.value),
            CmpOp::Ne => return None,
        };
        let (lo, hi) = (lo.max(1), hi.min(s));
        (lo <= hi).then_some((lo, hi))
    }
}

impl fmt::Display for FaceTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.op {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "",
            CmpOp::Ne => "!=",
        };
        write!(f, "{op}{}", self.value)
    }
}

/// `r1`, `ro<3`: a die showing a covered face is rolled again, at most
/// `times` times (1 for `ro`); the last face then stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reroll {
    pub on: FaceTest,
    pub once: bool,
    pub times: u32,
}

/// `!`, `!!`, `!3`, `!>5`: a die showing a covered face rolls one more die
/// and adds it, at most `depth` extra dice; the extra dice explode too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Explode {
    pub on: FaceTest,
    /// The test was written (`!>5`), not the highest face by default.
    pub on_written: bool,
    /// Written `!!`: read as `!` (see docs/language.md).
    pub compound: bool,
    pub depth: u32,
    /// The depth was written (`!3`), not the default bound.
    pub depth_written: bool,
}

/// `kh3`, `dl1`: which dice of the group count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keep {
    pub highest: bool,
    /// `dh`/`dl`: `n` dice are dropped, the rest kept.
    pub drop: bool,
    pub n: u32,
}

impl Keep {
    /// Whether the dice kept are the highest: `kh`, `k` and `dl` keep the
    /// highest, `kl` and `dh` the lowest.
    pub fn keeps_highest(self) -> bool {
        self.highest != self.drop
    }

    /// How many of `count` dice are kept (all when a `(N)d6kh3` rolls
    /// fewer than 3; none when it drops them all).
    pub fn kept(self, count: u32) -> u32 {
        if self.drop {
            count.saturating_sub(self.n)
        } else {
            self.n.min(count)
        }
    }
}

/// The notation on one group of dice. The default is plain `NdS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Notation {
    /// `d66`: 2, `d666`: 3 (each die is that many d6 read as the digits of
    /// one number); 0 for a plain die.
    pub digits: u8,
    /// `max(2d6, 2d6)`: each die of the group is this many more dice
    /// added (one roll of `2d6`); 0 for one die.
    pub summed: u32,
    pub reroll: Option<Reroll>,
    pub explode: Option<Explode>,
    pub keep: Option<Keep>,
}

impl Notation {
    /// Plain `NdS`. Asked once a group a roll (the quick path's branch),
    /// so it tests the fields rather than comparing a whole default.
    #[inline]
    pub fn is_plain(&self) -> bool {
        self.digits == 0
            && self.summed == 0
            && self.reroll.is_none()
            && self.explode.is_none()
            && self.keep.is_none()
    }

    /// The values one die of `sides` sides can show, as sorted spans (a
    /// die of `max(2d6, 2d6)` is one roll of `2d6`).
    pub fn die_reach(&self, sides: u32) -> Vec<(i64, i64)> {
        let one = self.physical_reach(sides);
        let mut reach = one.clone();
        for _ in 0..self.summed {
            reach = sum_of(&reach, &one);
        }
        reach
    }

    /// The values one physical die can show.
    fn physical_reach(&self, sides: u32) -> Vec<(i64, i64)> {
        if self.digits > 0 {
            let mut values = vec![0i64];
            for _ in 0..self.digits {
                values = values
                    .iter()
                    .flat_map(|v| (1..=6).map(move |d| v * 10 + d))
                    .collect();
            }
            return merged(values.into_iter().map(|v| (v, v)).collect());
        }
        let s = i64::from(sides.max(1));
        let Some(explode) = self.explode else {
            return vec![(1, s)];
        };
        // Each chain of `j` exploding faces ends on a face that does not
        // explode, or at the bound on any face.
        let covered = explode.on.span(sides);
        let stops: Vec<(i64, i64)> = match covered {
            Some((lo, hi)) => [(1, lo - 1), (hi + 1, s)]
                .into_iter()
                .filter(|(l, h)| l <= h)
                .collect(),
            None => vec![(1, s)],
        };
        let (elo, ehi) = covered.unwrap_or((1, 0));
        let mut out = Vec::new();
        for j in 0..=i64::from(explode.depth) {
            let (a, b) = (j * elo, j * ehi);
            if j == i64::from(explode.depth) {
                out.push((a + 1, b + s));
            } else {
                out.extend(stops.iter().map(|&(l, h)| (a + l, b + h)));
            }
            if covered.is_none() {
                break;
            }
        }
        merged(out)
    }

    /// The natural values `count` dice of `sides` sides can show (the
    /// kept dice added), as sorted spans.
    pub fn group_reach(&self, count: u32, sides: u32) -> Vec<(i64, i64)> {
        let n = self.keep.map_or(count, |k| k.kept(count));
        let die = self.die_reach(sides);
        // Any `n` values of the kept dice can occur together (the others
        // showing what they must), so the sum is the n-fold sum of sets.
        let mut result = vec![(0, 0)];
        let mut power = die;
        let mut left = n;
        while left > 0 {
            if left & 1 == 1 {
                result = sum_of(&result, &power);
            }
            left >>= 1;
            if left > 0 {
                power = sum_of(&power, &power);
            }
        }
        result
    }

    /// The notation as written after the sides (`kh3`, `r1`, `!`).
    pub fn suffix(&self) -> String {
        let mut out = String::new();
        if let Some(r) = self.reroll {
            out.push('r');
            if r.once {
                out.push('o');
            }
            out.push_str(&r.on.to_string());
        }
        if let Some(e) = self.explode {
            out.push_str(if e.compound { "!!" } else { "!" });
            if e.depth_written {
                out.push_str(&e.depth.to_string());
            }
            if e.on_written {
                out.push_str(&e.on.to_string());
            }
        }
        if let Some(k) = self.keep {
            out.push_str(match (k.drop, k.highest) {
                (false, true) => "kh",
                (false, false) => "kl",
                (true, true) => "dh",
                (true, false) => "dl",
            });
            out.push_str(&k.n.to_string());
        }
        out
    }

    /// The group as written: `4d6kh3`, `d66`, `max(2d6, 2d6)`; `count`
    /// `None` for a count from a param (`(N)d6`).
    pub fn written(&self, count: Option<u32>, sides: u32) -> String {
        if self.summed > 0 {
            let one = Notation {
                summed: 0,
                keep: None,
                ..*self
            }
            .written(Some(self.summed + 1), sides);
            let highest = self.keep.map_or(true, Keep::keeps_highest);
            let rolls = vec![one; count.unwrap_or(1) as usize].join(", ");
            return format!("{}({rolls})", if highest { "max" } else { "min" });
        }
        let sides = self.sides_text(sides);
        let suffix = self.suffix();
        match count {
            None => format!("(N)d{sides}{suffix}"),
            Some(1) => format!("d{sides}{suffix}"),
            Some(n) => format!("{n}d{sides}{suffix}"),
        }
    }

    /// The sides as written: `66` for `d66`.
    pub fn sides_text(&self, sides: u32) -> String {
        if self.digits > 0 {
            "6".repeat(usize::from(self.digits))
        } else {
            sides.to_string()
        }
    }
}

/// `{a + b}` over two sets of spans.
pub(crate) fn sum_of(a: &[(i64, i64)], b: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out = Vec::with_capacity(a.len() * b.len());
    for &(al, ah) in a {
        for &(bl, bh) in b {
            out.push((al.saturating_add(bl), ah.saturating_add(bh)));
        }
    }
    merged(out)
}

/// Spans sorted and joined where they touch; past [`MAX_SPANS`], the
/// narrowest gaps filled.
fn merged(mut spans: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    spans.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(spans.len());
    for (l, h) in spans {
        match out.last_mut() {
            Some(last) if l <= last.1.saturating_add(1) => last.1 = last.1.max(h),
            _ => out.push((l, h)),
        }
    }
    while out.len() > MAX_SPANS {
        let narrowest = (1..out.len())
            .min_by_key(|&i| out[i].0 - out[i - 1].1)
            .unwrap_or(1);
        out[narrowest - 1].1 = out[narrowest].1;
        out.remove(narrowest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(op: CmpOp, value: i64) -> FaceTest {
        FaceTest { op, value }
    }

    #[test]
    fn reach() {
        let d66 = Notation {
            digits: 2,
            ..Notation::default()
        };
        let r = d66.die_reach(66);
        assert_eq!(r.len(), 6);
        assert_eq!(r[0], (11, 16));
        assert_eq!(r[5], (61, 66));
        let bang = Notation {
            explode: Some(Explode {
                on: test(CmpOp::Eq, 6),
                on_written: false,
                compound: false,
                depth: 2,
                depth_written: true,
            }),
            ..Notation::default()
        };
        assert_eq!(bang.die_reach(6), vec![(1, 5), (7, 11), (13, 18)]);
        let keep = Notation {
            keep: Some(Keep {
                highest: true,
                drop: false,
                n: 3,
            }),
            ..Notation::default()
        };
        assert_eq!(keep.group_reach(4, 6), vec![(3, 18)]);
        assert_eq!(test(CmpOp::Lt, 3).count(6), 2);
        assert_eq!(test(CmpOp::Ge, 5).count(6), 2);
        assert_eq!(test(CmpOp::Eq, 7).count(6), 0);
    }
}
