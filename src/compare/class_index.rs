//! Where the n-th situation class lies, without listing the classes before
//! it. The settings of a chart's axes are numbered in mixed radix (the first
//! axis counts fastest); each setting holds as many classes as the nets its
//! pure modifiers reach there, and that count depends only on the few
//! "keyed" axes their conditions read. Sums of the counts over the other
//! axes are kept per setting of the keyed ones, so counting every class and
//! finding one take work in the keyed settings and the axes, not in the
//! classes.

/// The classes of every setting of the axes, counted and located.
#[derive(Clone, Debug)]
pub(super) struct ClassIndex {
    /// Each axis's number of settings, the first axis fastest.
    sizes: Vec<u128>,
    /// Per axis: its place among the keyed axes, if it is one.
    keyed: Vec<Option<usize>>,
    /// Per axis `k`: how many settings the axes before `k` that are not
    /// keyed have together (one more entry: all of them).
    free_below: Vec<u128>,
    /// `sums[t][c]`: the classes of the keyed settings whose first `t`
    /// keyed axes run over all their settings and whose others are setting
    /// `c` of the keyed axes from `t` on (`sums[0]`: each keyed setting's
    /// own count, every count at least 1).
    sums: Vec<Vec<u128>>,
}

/// One class found: each axis's setting, the keyed setting's number, and
/// which of its setting's classes it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Located {
    pub(super) digits: Vec<usize>,
    pub(super) keyed: usize,
    pub(super) inner: u128,
}

impl ClassIndex {
    /// The index over axes of `sizes` settings, the axes in `keyed` (in
    /// ascending order) deciding `counts`: one count per setting of the
    /// keyed axes, numbered in mixed radix over them in the same order.
    /// `None` unless `counts` has that many entries.
    pub(super) fn new(sizes: Vec<u128>, keyed: &[usize], counts: Vec<u128>) -> Option<Self> {
        let mut place = vec![None; sizes.len()];
        for (t, &k) in keyed.iter().enumerate() {
            *place.get_mut(k)? = Some(t);
        }
        let keyed_sizes: Vec<u128> = keyed.iter().map(|&k| sizes[k]).collect();
        let settings = keyed_sizes
            .iter()
            .try_fold(1u128, |n, s| n.checked_mul(*s))?;
        if settings != counts.len() as u128 {
            return None;
        }
        let mut free_below = Vec::with_capacity(sizes.len() + 1);
        let mut free = 1u128;
        for (k, s) in sizes.iter().enumerate() {
            free_below.push(free);
            if place[k].is_none() {
                free = free.saturating_mul(*s);
            }
        }
        free_below.push(free);
        // Each level sums the previous one over its first keyed axis.
        let mut sums = vec![counts];
        for s in &keyed_sizes {
            let s = usize::try_from(*s).ok()?.max(1);
            let below = sums.last()?;
            let next: Vec<u128> = below
                .chunks(s)
                .map(|chunk| chunk.iter().fold(0u128, |a, b| a.saturating_add(*b)))
                .collect();
            sums.push(next);
        }
        Some(Self {
            sizes,
            keyed: place,
            free_below,
            sums,
        })
    }

    /// How many classes there are in all.
    pub(super) fn total(&self) -> u128 {
        let keyed = self.sums.last().and_then(|s| s.first()).copied();
        self.free_below
            .last()
            .copied()
            .unwrap_or(1)
            .saturating_mul(keyed.unwrap_or(0))
    }

    /// The class numbered `pick` (settings in order, each setting's classes
    /// in turn), or `None` past the last.
    pub(super) fn locate(&self, pick: u128) -> Option<Located> {
        let mut rest = pick;
        let mut digits = vec![0usize; self.sizes.len()];
        // The keyed settings fixed so far, numbered over the keyed axes
        // from the current one on.
        let mut upper = 0usize;
        for k in (0..self.sizes.len()).rev() {
            let free = self.free_below[k];
            let size = self.sizes[k];
            match self.keyed[k] {
                None => {
                    // Every setting of this axis holds as many classes.
                    let level = self.keyed[..k].iter().flatten().count();
                    let block = free.saturating_mul(*self.sums.get(level)?.get(upper)?);
                    let d = rest / block.max(1);
                    if d >= size {
                        return None;
                    }
                    rest -= d * block;
                    digits[k] = usize::try_from(d).ok()?;
                }
                Some(t) => {
                    let level = self.sums.get(t)?;
                    let s = usize::try_from(size).ok()?;
                    let mut found = None;
                    for d in 0..s {
                        let at = upper.checked_mul(s)?.checked_add(d)?;
                        let block = free.saturating_mul(*level.get(at)?);
                        if rest < block {
                            found = Some(at);
                            digits[k] = d;
                            break;
                        }
                        rest -= block;
                    }
                    upper = found?;
                }
            }
        }
        // Past the last class (the only check left when there is no axis).
        if rest >= *self.sums.first()?.get(upper)? {
            return None;
        }
        Some(Located {
            digits,
            keyed: upper,
            inner: rest,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class, listed the slow way: each setting in mixed radix, its
    /// count from its keyed setting.
    fn listed(sizes: &[u128], keyed: &[usize], counts: &[u128]) -> Vec<Located> {
        let total: u128 = sizes.iter().product();
        let mut out = Vec::new();
        for mut i in 0..total {
            let digits: Vec<usize> = sizes
                .iter()
                .map(|s| {
                    let d = i % s;
                    i /= s;
                    d as usize
                })
                .collect();
            let mut c = 0usize;
            for &k in keyed.iter().rev() {
                c = c * sizes[k] as usize + digits[k];
            }
            for inner in 0..counts[c] {
                out.push(Located {
                    digits: digits.clone(),
                    keyed: c,
                    inner,
                });
            }
        }
        out
    }

    #[test]
    fn locates_every_class_as_listing_them_does() {
        let cases: &[(&[u128], &[usize])] = &[
            (&[], &[]),
            (&[3], &[]),
            (&[3], &[0]),
            (&[2, 3, 4], &[1]),
            (&[2, 3, 4], &[0, 2]),
            (&[3, 1, 2, 5], &[0, 1, 2, 3]),
            (&[4, 2, 3], &[2]),
        ];
        for (sizes, keyed) in cases {
            let settings: u128 = keyed.iter().map(|&k| sizes[k]).product();
            // Uneven counts, so a wrong block size shows.
            let counts: Vec<u128> = (0..settings).map(|c| 1 + (c * 7 + 3) % 5).collect();
            let index = ClassIndex::new(sizes.to_vec(), keyed, counts.clone()).expect("index");
            let all = listed(sizes, keyed, &counts);
            assert_eq!(index.total(), all.len() as u128, "{sizes:?} {keyed:?}");
            for (pick, want) in all.iter().enumerate() {
                assert_eq!(
                    index.locate(pick as u128).as_ref(),
                    Some(want),
                    "{sizes:?} {keyed:?} #{pick}"
                );
            }
            assert_eq!(index.locate(all.len() as u128), None);
        }
    }

    #[test]
    fn refuses_counts_of_the_wrong_length() {
        assert!(ClassIndex::new(vec![2, 3], &[1], vec![1, 1]).is_none());
    }
}
