//! The stretches of a param's values that a chart cannot tell apart when
//! it reads the param only through a computed column and comparisons with
//! numbers (`attack >= 20`), and a situation in each stretch of two params
//! that reaches a given column: the smallest whole values a player would
//! meet where there are some, else an exact point.

use crate::number::{ceil, floor, whole, Num, Show};
use crate::syntax::ast::CmpOp;

/// One end of a stretch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct End {
    pub(super) at: Num,
    pub(super) closed: bool,
    /// Drawn by a comparison (named in the class), not by a bound.
    pub(super) drawn: bool,
}

/// The values between two ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Span {
    pub(super) lo: End,
    pub(super) hi: End,
}

impl Span {
    /// A param's bounds, both ends in.
    pub(super) fn bounds(lo: Num, hi: Num) -> Self {
        let end = |at| End {
            at,
            closed: true,
            drawn: false,
        };
        Self {
            lo: end(lo),
            hi: end(hi),
        }
    }

    fn is_empty(&self) -> bool {
        self.lo.at > self.hi.at || (self.lo.at == self.hi.at && !(self.lo.closed && self.hi.closed))
    }

    pub(super) fn contains(&self, v: Num) -> bool {
        (v > self.lo.at || (v == self.lo.at && self.lo.closed))
            && (v < self.hi.at || (v == self.hi.at && self.hi.closed))
    }

    /// This stretch within `[lo, hi)` (either end open-ended when `None`).
    fn within(self, lo: Option<Num>, hi: Option<Num>) -> Option<Self> {
        let mut s = self;
        if let Some(lo) = lo {
            if lo > s.lo.at || (lo == s.lo.at && !s.lo.closed) {
                s.lo = End {
                    at: lo,
                    closed: true,
                    drawn: false,
                };
            }
        }
        if let Some(hi) = hi {
            if hi <= s.hi.at {
                s.hi = End {
                    at: hi,
                    closed: false,
                    drawn: false,
                };
            }
        }
        (!s.is_empty()).then_some(s)
    }

    /// Its least whole value, at least `least`.
    fn least_whole(&self, least: Option<i64>) -> Option<Num> {
        let from = ceil(self.lo.at).max(least.unwrap_or(i64::MIN));
        let v = whole(from);
        self.contains(v).then_some(v)
    }

    /// A value in it: the least whole one, else its low end, else its
    /// middle.
    fn pick(&self) -> Num {
        if let Some(v) = self.least_whole(None) {
            v
        } else if self.lo.closed {
            self.lo.at
        } else if self.hi.closed && self.hi.at == self.lo.at {
            self.hi.at
        } else {
            (self.lo.at + self.hi.at) / whole(2)
        }
    }

    /// The stretch in words, its drawn ends only (`attack 20 or more`,
    /// `defense 2 or less`); `None` when no comparison draws either end.
    pub(super) fn words(&self, name: &str) -> Option<String> {
        let (lo, hi) = (self.lo, self.hi);
        let low = |e: End| {
            if e.closed {
                format!("{} or more", Show(e.at))
            } else {
                format!("above {}", Show(e.at))
            }
        };
        let high = |e: End| {
            if e.closed {
                format!("{} or less", Show(e.at))
            } else {
                format!("below {}", Show(e.at))
            }
        };
        match (lo.drawn, hi.drawn) {
            (true, true) if lo.at == hi.at => Some(format!("{name} {}", Show(lo.at))),
            (true, true) => Some(format!("{name} {} and {}", low(lo), high(hi))),
            (true, false) => Some(format!("{name} {}", low(lo))),
            (false, true) => Some(format!("{name} {}", high(hi))),
            (false, false) => None,
        }
    }
}

/// The stretches of `bounds` that comparisons `input OP at` tell apart,
/// in order: each comparison draws a line below or above its number (`=`
/// and `!=` both).
pub(super) fn split(bounds: Span, compared: &[(CmpOp, Num)]) -> Vec<Span> {
    // A line as (number, true when the number itself is below the line).
    let mut lines: Vec<(Num, bool)> = Vec::new();
    for &(op, at) in compared {
        match op {
            CmpOp::Lt | CmpOp::Ge => lines.push((at, false)),
            CmpOp::Le | CmpOp::Gt => lines.push((at, true)),
            CmpOp::Eq | CmpOp::Ne => lines.extend([(at, false), (at, true)]),
        }
    }
    lines.sort();
    lines.dedup();
    let mut out = Vec::new();
    let mut lo = bounds.lo;
    for (at, after) in lines {
        let hi = End {
            at,
            closed: after,
            drawn: true,
        };
        let span = Span { lo, hi };
        if !span.is_empty() && span.hi.at <= bounds.hi.at {
            out.push(span);
        }
        if at >= bounds.lo.at && at <= bounds.hi.at {
            lo = End {
                at,
                closed: !after,
                drawn: true,
            };
        }
    }
    let last = Span { lo, hi: bounds.hi };
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// How a scale's value is made of two params `a` and `b`.
#[derive(Clone, Copy, Debug)]
pub(super) enum Pair {
    /// `a + sign·b` (a differential is `a - b`).
    Sum(i64),
    /// `a / b`, `b` above 0 (an odds ratio).
    Ratio,
}

impl Pair {
    /// The values of `a` that put the scale's value in `[lo, hi)` at `b`.
    fn a_range(self, b: Num, lo: Option<Num>, hi: Option<Num>) -> (Option<Num>, Option<Num>) {
        match self {
            Pair::Sum(sign) => {
                let off = b * whole(sign);
                (lo.map(|l| l - off), hi.map(|h| h - off))
            }
            Pair::Ratio => (lo.map(|l| l * b), hi.map(|h| h * b)),
        }
    }

    /// The values of `b` where the scale's line `value = line` meets `a = a_end`.
    fn meets(self, line: Num, a_end: Num) -> Option<Num> {
        match self {
            Pair::Sum(sign) => Some((a_end - line) / whole(sign)),
            Pair::Ratio => (line != whole(0)).then(|| a_end / line),
        }
    }
}

/// Most whole values of `b` tried before an exact point is looked for.
const WHOLE_TRIES: i64 = 64;

/// A pair `(a, b)` with `a` in `sa`, `b` in `sb` and the scale's value in
/// `[lo, hi)`: the smallest whole pair (`2` to `1` for `2-1`; an odds
/// ratio's strength at least 1), else an exact point; `None` where there
/// is none.
pub(super) fn pick_pair(
    pair: Pair,
    (lo, hi): (Option<Num>, Option<Num>),
    sa: Span,
    sb: Span,
) -> Option<(Num, Num)> {
    let zero = whole(0);
    let usable = |b: Num| sb.contains(b) && (!matches!(pair, Pair::Ratio) || b > zero);
    let a_at = |b: Num| {
        let (alo, ahi) = pair.a_range(b, lo, hi);
        sa.within(alo, ahi)
    };
    // A player's strengths: whole, and an attack of at least 1 to a ratio.
    let least_a = matches!(pair, Pair::Ratio).then_some(1);
    let first_b = ceil(sb.lo.at).max(if matches!(pair, Pair::Ratio) {
        1
    } else {
        i64::MIN
    });
    let last_b = floor(sb.hi.at).min(first_b.saturating_add(WHOLE_TRIES - 1));
    for b in (first_b..=last_b).map(whole).filter(|&b| usable(b)) {
        if let Some(a) = a_at(b).and_then(|s| s.least_whole(least_a)) {
            return Some((a, b));
        }
    }
    // Exact: where `b`'s range of `a` changes shape are the values of `b`
    // at which a column line meets an end of `sa`; between two of them,
    // and at each, every `b` alike.
    let mut marks = vec![sb.lo.at, sb.hi.at];
    for line in [lo, hi].into_iter().flatten() {
        for a_end in [sa.lo.at, sa.hi.at] {
            marks.extend(pair.meets(line, a_end).filter(|&b| sb.contains(b)));
        }
    }
    marks.sort();
    marks.dedup();
    let middles: Vec<Num> = marks.windows(2).map(|w| (w[0] + w[1]) / whole(2)).collect();
    marks
        .into_iter()
        .chain(middles)
        .filter(|&b| usable(b))
        .find_map(|b| a_at(b).map(|s| (s.pick(), b)))
}

/// A value of one param in `sa` with the scale's value (the param itself)
/// in `[lo, hi)`: the least whole one, else an exact one.
pub(super) fn pick_one((lo, hi): (Option<Num>, Option<Num>), sa: Span) -> Option<Num> {
    sa.within(lo, hi).map(|s| s.pick())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: i64) -> Num {
        whole(v)
    }

    #[test]
    fn comparisons_split_the_bounds_where_they_draw_their_lines() {
        let spans = split(
            Span::bounds(n(1), n(40)),
            &[(CmpOp::Ge, n(20)), (CmpOp::Eq, n(30))],
        );
        let words: Vec<_> = spans.iter().map(|s| s.words("attack")).collect();
        assert_eq!(
            words,
            [
                Some("attack below 20".to_owned()),
                Some("attack 20 or more and below 30".to_owned()),
                Some("attack 30".to_owned()),
                Some("attack above 30".to_owned()),
            ]
        );
        // A line outside the bounds draws nothing.
        assert_eq!(
            split(Span::bounds(n(1), n(10)), &[(CmpOp::Gt, n(20))]),
            [Span::bounds(n(1), n(10))]
        );
    }

    #[test]
    fn a_ratio_is_reached_by_the_smallest_whole_strengths() {
        let (a, b) = (Span::bounds(n(1), n(40)), Span::bounds(n(1), n(10)));
        assert_eq!(
            pick_pair(Pair::Ratio, (Some(n(2)), Some(n(3))), a, b),
            Some((n(2), n(1)))
        );
        // Below 1-2: 1 to 3, not 0 to 1.
        let below = (None, Some(Num::new(1, 2)));
        assert_eq!(
            pick_pair(Pair::Ratio, below, Span::bounds(n(0), n(40)), b),
            Some((n(1), n(3)))
        );
        // 20 or more at 2-1 with a defense of 2 or less: none.
        let strong = split(a, &[(CmpOp::Ge, n(20))])[1];
        let weak = split(b, &[(CmpOp::Le, n(2))])[0];
        assert_eq!(
            pick_pair(Pair::Ratio, (Some(n(2)), Some(n(3))), strong, weak),
            None
        );
    }

    #[test]
    fn an_exact_point_is_found_where_no_whole_pair_reaches() {
        // 0.5 to 1 (1-2) with both strengths between 0.25 and 0.75.
        let s = Span::bounds(Num::new(1, 4), Num::new(3, 4));
        let (a, b) =
            pick_pair(Pair::Ratio, (Some(Num::new(1, 2)), Some(n(1))), s, s).expect("a point");
        assert!(s.contains(a) && s.contains(b));
        assert!(a / b >= Num::new(1, 2) && a / b < n(1));
        // A differential: a - b in [3, 4) with a in (0, 1) is none.
        let open = Span {
            lo: End {
                at: n(0),
                closed: false,
                drawn: true,
            },
            hi: End {
                at: n(1),
                closed: false,
                drawn: true,
            },
        };
        assert_eq!(
            pick_pair(Pair::Sum(-1), (Some(n(3)), Some(n(4))), open, open),
            None
        );
        let (a, b) =
            pick_pair(Pair::Sum(-1), (Some(n(0)), Some(n(1))), open, open).expect("a point");
        assert!(open.contains(a) && open.contains(b) && a - b >= n(0) && a - b < n(1));
    }
}
