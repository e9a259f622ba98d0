//! Ranges as players write them (`6 or more`, `13+`, `3 or less`, `7-8`,
//! `-1 to -3`, `4,5`, `1,2,5-6`), and partitions of every whole number into
//! rows with open ends at both sides, so that rows cover every total
//! whatever the modifiers reach.

use super::gen::Gen;

/// An interval of whole numbers; `None` is an open end.
#[derive(Clone, Copy, Debug)]
pub(super) struct Interval {
    pub lo: Option<i64>,
    pub hi: Option<i64>,
}

impl Interval {
    pub fn contains(&self, v: i64) -> bool {
        self.lo.map_or(true, |lo| lo <= v) && self.hi.map_or(true, |hi| v <= hi)
    }
}

impl Gen {
    /// Every whole number split into at most `rows` rows (each a list of
    /// intervals), cut between `lo` and `hi`, in order from the lowest.
    pub fn partition(&mut self, lo: i64, hi: i64, rows: usize) -> Vec<Vec<Interval>> {
        let span = (hi - lo).max(1);
        let wanted = rows.max(2) - 1;
        let mut cuts: Vec<i64> = (0..wanted)
            .map(|_| lo + 1 + self.int(0, span - 1))
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut intervals = Vec::new();
        let mut start = None;
        for &c in &cuts {
            intervals.push(Interval {
                lo: start,
                hi: Some(c - 1),
            });
            start = Some(c);
        }
        intervals.push(Interval {
            lo: start,
            hi: None,
        });
        // Mostly one interval a row; sometimes two intervals share a row
        // (`1,2,5-6`).
        let mut out: Vec<Vec<Interval>> = intervals.iter().map(|&i| vec![i]).collect();
        if out.len() >= 3 && self.chance(0.25) {
            let a = self.index(out.len());
            let mut b = self.index(out.len());
            if a == b {
                b = (a + 2) % out.len();
            }
            if a != b {
                let moved = out[b].clone();
                out[a].extend(moved);
                out.remove(b);
            }
        }
        out
    }

    /// A range set for a row's intervals.
    pub fn range_set(&mut self, intervals: &[Interval]) -> String {
        let parts: Vec<String> = intervals.iter().map(|&i| self.interval(i)).collect();
        parts.join(", ")
    }

    /// One interval written in one of the ways players write it.
    pub fn interval(&mut self, i: Interval) -> String {
        match (i.lo, i.hi) {
            (None, None) => {
                let k = self.int(-2, 6);
                format!("{k} or less, {} or more", k + 1)
            }
            (None, Some(b)) => format!("{b} or less"),
            (Some(a), None) => {
                if self.chance(0.5) {
                    format!("{a} or more")
                } else {
                    format!("{a}+")
                }
            }
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => match self.index(5) {
                1 => format!("{a} to {b}"),
                2 if !self.ascending => format!("{b} to {a}"),
                3 if b - a <= 3 => (a..=b).map(|v| v.to_string()).collect::<Vec<_>>().join(","),
                4 if a + 1 < b && a >= -1 => format!("{a}, {}-{b}", a + 1),
                _ if a >= 0 => format!("{a}-{b}"),
                _ => format!("{a} to {b}"),
            },
        }
    }

    /// A small range of roll values, for a target, a natural rule or a
    /// grid cell: `4+`, `3 or less`, `5-6`, `4,5,6`, `6`.
    pub fn small_range(&mut self, lo: i64, hi: i64) -> String {
        let a = self.int(lo, hi.max(lo));
        match self.index(6) {
            0 => format!("{a}+"),
            1 => format!("{a} or more"),
            2 => format!("{a} or less"),
            3 if a < hi && a >= 0 => format!("{a}-{}", self.int(a + 1, hi)),
            4 if a < hi => format!("{a},{}", a + 1),
            _ => a.to_string(),
        }
    }
}

/// True when `text` has a span written highest first (`4 to 2`).
pub(super) fn has_descending(text: &str) -> bool {
    let words: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    words.windows(3).any(|w| {
        w[1] == "to"
            && matches!((w[0].parse::<i64>(), w[2].parse::<i64>()), (Ok(a), Ok(b)) if a > b)
    })
}
