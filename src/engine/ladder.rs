//! Moving along a ladder: a start value snapped to a step, moved by the net
//! modifier (`+1` is one step towards the first step written, the sheet's
//! "up"), stopped at either end, then capped. Kept as a value so an extra
//! modifier (a loose `+N`, a `--sweep` step) can move it again, and so the
//! trace can tell the real movement ("moved +1 of +3, stopped at 80").

use crate::number::{Num, Show};
use crate::syntax::ast::CompactString;
use std::fmt::Write as _;

/// A ladder bound to its choices.
#[derive(Clone, Debug)]
pub(crate) struct Moved {
    pub steps: Vec<Num>,
    pub labels: Vec<Option<CompactString>>,
    /// The start value, and the step it stands on.
    pub start: Num,
    pub first: usize,
    /// The net modifier: steps towards the first step.
    pub net: i64,
    /// `at most` caps that hold for these choices.
    pub caps: Vec<Num>,
}

impl Moved {
    /// A ladder starting at `start`, to be moved by `moved` and capped.
    pub fn new(
        steps: Vec<Num>,
        labels: Vec<Option<CompactString>>,
        start: Num,
        net: i64,
        caps: Vec<Num>,
    ) -> Self {
        let first = snap(&steps, start);
        Self {
            steps,
            labels,
            start,
            first,
            net,
            caps,
        }
    }

    /// Step `i` as the sheet prints it: its label, else its number.
    fn label(&self, i: usize) -> String {
        match (self.labels.get(i), self.steps.get(i)) {
            (Some(Some(l)), _) => l.to_string(),
            (_, Some(v)) => Show(*v).to_string(),
            _ => Show(self.start).to_string(),
        }
    }

    /// The step reached, as the sheet prints it, and the trace's account.
    pub fn result(&self) -> (String, String) {
        let (index, detail) = self.reached();
        match index {
            Some(i) => (self.label(i), detail),
            None => (Show(self.start).to_string(), detail),
        }
    }

    /// The value of the step reached (the start itself on a ladder with no
    /// steps), and the trace's account: what another chart reads.
    pub fn value(&self) -> (Num, String) {
        let (index, detail) = self.reached();
        let value = index
            .and_then(|i| self.steps.get(i))
            .copied()
            .unwrap_or(self.start);
        (value, detail)
    }

    /// The index of the step reached, and the account of the moves.
    fn reached(&self) -> (Option<usize>, String) {
        if self.steps.is_empty() {
            return (None, format!("start {}", Show(self.start)));
        }
        let last = self.steps.len() - 1;
        let first = self.first as i64;
        let want = first.saturating_sub(self.net);
        let index = want.clamp(0, last as i64) as usize;
        let real = first - index as i64;
        let mut detail = format!(
            "start {} -> step {}",
            Show(self.start),
            self.label(self.first)
        );
        if real == self.net {
            let _ = write!(detail, ", moved {real:+}");
        } else {
            let _ = write!(
                detail,
                ", moved {real:+} of {:+}, stopped at {}",
                self.net,
                self.label(index)
            );
        }
        let mut index = index;
        for &cap in &self.caps {
            if self.steps.get(index).is_some_and(|&s| s > cap) {
                index = best_not_above(&self.steps, cap);
                let _ = write!(detail, ", capped at {}", self.label(index));
            }
        }
        (Some(index), detail)
    }
}

/// The index of the highest step not above `v`, else the lowest step.
fn best_not_above(steps: &[Num], v: Num) -> usize {
    let below = steps
        .iter()
        .enumerate()
        .filter(|(_, &s)| s <= v)
        .max_by_key(|(_, &s)| s)
        .map(|(i, _)| i);
    below.unwrap_or_else(|| {
        steps
            .iter()
            .enumerate()
            .min_by_key(|(_, &s)| s)
            .map_or(0, |(i, _)| i)
    })
}

/// The step a start value stands on: the equal step, else the nearest step
/// not above it, else the lowest step.
fn snap(steps: &[Num], start: Num) -> usize {
    best_not_above(steps, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nums(v: &[i64]) -> Vec<Num> {
        v.iter().map(|&n| Num::from_integer(n)).collect()
    }

    fn spotting(start: i64, moved: i64) -> (String, String) {
        Moved::new(
            nums(&[80, 60, 40, 20, 10, 5, 4, 3, 2, 1]),
            vec![None; 10],
            Num::from_integer(start),
            moved,
            Vec::new(),
        )
        .result()
    }

    #[test]
    fn stops_at_the_top_and_says_so() {
        let (v, d) = spotting(60, 3);
        assert_eq!(v, "80");
        assert_eq!(d, "start 60 -> step 60, moved +1 of +3, stopped at 80");
    }

    #[test]
    fn moves_down_and_snaps() {
        assert_eq!(spotting(50, -2).0, "10");
        assert_eq!(spotting(0, 0).0, "1");
    }

    #[test]
    fn ascending_steps_move_towards_the_first() {
        let m = Moved::new(
            nums(&[1, 2, 3]),
            vec![None, None, Some("3+".into())],
            Num::from_integer(3),
            1,
            vec![],
        );
        assert_eq!(m.result().0, "2");
        let m = Moved::new(
            nums(&[1, 2, 3]),
            vec![None, None, Some("3+".into())],
            Num::from_integer(1),
            -5,
            vec![],
        );
        assert_eq!(m.result().0, "3+");
    }

    #[test]
    fn caps_apply_after_moving() {
        let m = Moved::new(
            nums(&[80, 60, 40, 20, 10, 5, 4]),
            vec![None; 7],
            Num::from_integer(20),
            1,
            nums(&[4]),
        );
        let (v, d) = m.result();
        assert_eq!(v, "4");
        assert!(d.ends_with("capped at 4"), "{d}");
    }
}
