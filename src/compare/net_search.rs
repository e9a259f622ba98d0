//! The nets' search of the situation classes: which sums of effects the
//! pure modifiers reach (each place of a sum one chart's net, column shift
//! or reached chart's net, capped as that chart reads it), each with the
//! plainest choice of the units' options that reaches it.
//!
//! Units that move disjoint places of the sum are searched apart and their
//! sums combined as a product: a sum is reached exactly when each part of
//! it is, and its plainest path is the plainest path of each part (ties
//! broken alike, see [`reachable`]). A chart whose modifiers fall into
//! several modifier charts (First Echelon's Fire Combat reads four) then
//! costs the sum of its parts' searches, not their product.

use crate::number::Num;
use compact_str::CompactString;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// A unit's option in the nets' search: what it adds to each place of the
/// sum, its arguments, and how plainly they read (see
/// `plainness` in the classes).
pub(super) type NetOption = (Vec<i64>, Args, (usize, Num));

/// A unit's options, shared by the searches where they are the same.
pub(super) type Options = Arc<[NetOption]>;

/// Arguments as typed: each name, with its value if it takes one.
pub(super) type Args = Vec<(CompactString, Option<CompactString>)>;

/// A sum reached and the arguments of its plainest path.
pub(super) type Named<'a> = (Vec<i64>, Vec<&'a (CompactString, Option<CompactString>)>);

/// A reachable sum's plainest path so far (its last step, in the steps
/// of the search), and how plainly it reads.
type Reached = (Option<usize>, (usize, Num));

/// A candidate for a sum in the search: its path and plainness (as
/// [`Reached`]), and the sum before it (its place in the sums so far) and
/// the unit's option that led here, to break ties by.
type Candidate = (Option<usize>, (usize, Num), usize, usize);

/// One unit's option on the way to a reachable sum: (unit, option) in the
/// options table, and the step before it.
type Step = ((usize, usize), Option<usize>);

/// A reachable sum and the options (unit, option), by unit, that reach it
/// most plainly; a unit left at "not given" is not listed.
pub(super) type Found = (Vec<i64>, Vec<(usize, usize)>);

/// What a chart reads of one place of a sum of effects.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cap {
    /// The net past which nothing changes.
    pub(super) clip: Option<i64>,
    /// An opposed roll's first side: the place holds the difference of it
    /// and the next.
    pub(super) opposed: bool,
}

/// A sum of effects as the charts read it, in place.
fn cap(caps: &[Cap], key: &mut [i64]) {
    for at in 0..key.len().min(caps.len()) {
        let c = caps[at];
        if let Some(clip) = c.clip {
            key[at] = key[at].clamp(-clip, clip);
        }
        if c.opposed {
            if let Some(&b) = key.get(at + 1) {
                key[at] = key[at].saturating_sub(b);
                key[at + 1] = 0;
            }
        }
    }
}

/// How far from 0 two sets of values are together (the second part of
/// a path's plainness): the sum of their distances, held at `i64::MAX`
/// rather than wrapped. Whole numbers, most values, are added without
/// the fraction's reductions.
pub(super) fn farther(a: Num, b: Num) -> Num {
    use num_traits::{CheckedAdd, Zero};
    if b.is_zero() {
        a
    } else if a.is_zero() {
        b
    } else if a.is_integer() && b.is_integer() {
        Num::from_integer(a.numer().saturating_add(*b.numer()))
    } else {
        a.checked_add(&b)
            .unwrap_or_else(|| Num::from_integer(i64::MAX))
    }
}

/// A quick hash for the search, whose keys are short vectors of nets made
/// from the charts' own modifiers (the default, `SipHash`, was a third of
/// the search).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        // FxHash's step: rotate, mix in, multiply by an odd constant.
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Every sum of `width` places the units' options (`table`, a unit's
/// options each) reach, ascending, each with its plainest path: the
/// fewest arguments, then the values nearest 0; among equally plain
/// paths, the one whose sum before each unit is least (then the unit's
/// earliest option). Found when made, each sum's arguments named only
/// when asked for ([`Reachable::get`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Reachable {
    /// Each unit's options.
    table: Vec<Options>,
    /// The sums each part reaches (the parts that reach more than the
    /// empty sum), ascending.
    parts: Vec<Vec<Found>>,
    /// Every sum as one sum of each part (`parts.len()` numbers a sum),
    /// ascending.
    order: Vec<usize>,
    /// How many sums there are (at least the empty one).
    len: usize,
    width: usize,
}

/// The searches of one set of caps: each part's sums, kept for the next
/// table that has the same options in that part (a chart's sets of
/// modifiers that apply differ in a few units, so most parts repeat).
pub(super) struct Searches {
    caps: Vec<Cap>,
    width: usize,
    done: HashMap<Vec<(usize, Same)>, Vec<Found>>,
}

/// A unit's options, the same as another's when they are one allocation
/// (a key holds it, so its address is not reused while the key lives).
#[derive(Clone, Debug)]
struct Same(Options);

impl PartialEq for Same {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Same {}

impl std::hash::Hash for Same {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(Arc::as_ptr(&self.0).cast::<()>(), state);
    }
}

impl Searches {
    pub(super) fn new(caps: Vec<Cap>, width: usize) -> Self {
        Self {
            caps,
            width,
            done: HashMap::new(),
        }
    }

    /// Every sum the units' options (`table`, a unit's options each)
    /// reach.
    pub(super) fn reachable(&mut self, table: Vec<Options>) -> Reachable {
        let (caps, width) = (self.caps.as_slice(), self.width);
        let mut found = Vec::new();
        for part in parts(&table, caps, width) {
            if part
                .iter()
                .all(|&u| table.get(u).map_or(true, |o| only_not_given(o)))
            {
                // Only "not given": nothing reached but the empty sum.
                continue;
            }
            let key: Vec<(usize, Same)> = part
                .iter()
                .filter_map(|&u| Some((u, Same(Arc::clone(table.get(u)?)))))
                .collect();
            let sums = match self.done.get(&key) {
                Some(sums) => sums.clone(),
                None => {
                    let sums = search(&table, &part, caps, width);
                    self.done.insert(key, sums.clone());
                    sums
                }
            };
            if let [(key, path)] = sums.as_slice() {
                if path.is_empty() && key.iter().all(|n| *n == 0) {
                    // Nothing reached but the empty sum, naming nothing.
                    continue;
                }
            }
            found.push(sums);
        }
        Reachable::new(table, found, width)
    }
}

impl Reachable {
    /// The sums of `table` from each part's sums (`found`).
    fn new(table: Vec<Options>, found: Vec<Vec<Found>>, width: usize) -> Self {
        let len = found.iter().fold(1usize, |n, f| n.saturating_mul(f.len()));
        // Every choice of one sum per part, ordered as the sums they add
        // up to: the parts' places are disjoint, so each place is read in
        // the one part that moves it.
        let stride = found.len();
        // The parts in the order of the places they move. Where each part
        // moves one run of them (a place no part moves is 0 in every sum),
        // the sums in order are the parts' sums nested, the part of the
        // first places slowest; otherwise they are put in order below.
        let mut runs: Vec<usize> = Vec::new();
        for at in 0..width {
            let owner = found.iter().position(|f| {
                f.iter()
                    .any(|(key, _)| key.get(at).is_some_and(|n| *n != 0))
            });
            if let Some(p) = owner {
                if runs.last() != Some(&p) {
                    runs.push(p);
                }
            }
        }
        let mut seen = vec![false; stride];
        let nested = runs
            .iter()
            .all(|&p| seen.get_mut(p).is_some_and(|s| !std::mem::replace(s, true)));
        let mut order = Vec::with_capacity(len.saturating_mul(stride));
        let mut sum = vec![0usize; stride];
        for mut n in 0..len {
            if nested {
                for &p in runs.iter().rev() {
                    let size = found.get(p).map_or(1, Vec::len).max(1);
                    if let Some(d) = sum.get_mut(p) {
                        *d = n % size;
                    }
                    n /= size;
                }
            } else {
                for (d, f) in sum.iter_mut().zip(&found) {
                    *d = n % f.len();
                    n /= f.len();
                }
            }
            order.extend_from_slice(&sum);
        }
        if stride > 0 && !nested {
            // Each sum's places, flat, to order the sums by.
            let mut keys = vec![0i64; len.saturating_mul(width)];
            for (key, sum) in keys
                .chunks_exact_mut(width.max(1))
                .zip(order.chunks_exact(stride))
            {
                for (f, &n) in found.iter().zip(sum) {
                    if let Some((more, _)) = f.get(n) {
                        for (k, m) in key.iter_mut().zip(more) {
                            *k = k.saturating_add(*m);
                        }
                    }
                }
            }
            let mut by: Vec<usize> = (0..len).collect();
            by.sort_unstable_by(|&a, &b| {
                keys.get(a * width..(a + 1) * width)
                    .cmp(&keys.get(b * width..(b + 1) * width))
            });
            order = by
                .into_iter()
                .flat_map(|n| order.get(n * stride..(n + 1) * stride).unwrap_or_default())
                .copied()
                .collect();
        }
        Self {
            table,
            parts: found,
            order,
            len,
            width,
        }
    }

    /// How many sums are reached (at least the empty one).
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The `i`-th sum reached, ascending, and the arguments of its
    /// plainest path, by unit.
    pub(super) fn get(&self, i: usize) -> Option<Named<'_>> {
        if i >= self.len {
            return None;
        }
        let stride = self.parts.len();
        let sum = self.order.get(i * stride..(i + 1) * stride)?;
        let mut key = vec![0i64; self.width];
        let mut found = Vec::with_capacity(stride);
        for (f, &n) in self.parts.iter().zip(sum) {
            let (more, steps) = f.get(n)?;
            for (k, m) in key.iter_mut().zip(more) {
                *k = k.saturating_add(*m);
            }
            found.push(steps);
        }
        let mut path: Vec<(usize, usize)> =
            Vec::with_capacity(found.iter().map(|steps| steps.len()).sum());
        for steps in found {
            path.extend_from_slice(steps);
        }
        path.sort_unstable();
        let options: Vec<&NetOption> = path
            .into_iter()
            .filter_map(|(u, k)| self.table.get(u)?.get(k))
            .collect();
        let mut args = Vec::with_capacity(options.iter().map(|o| o.1.len()).sum());
        args.extend(options.into_iter().flat_map(|(_, more, _)| more));
        Some((key, args))
    }
}

/// True when a unit leaves every sum as it is, naming nothing: it offers
/// only "not given".
fn only_not_given(options: &[NetOption]) -> bool {
    matches!(options, [(v, more, _)] if more.is_empty() && v.iter().all(|n| *n == 0))
}

/// The units, split into parts that move disjoint places of the sum (an
/// opposed roll's two sides one place), each part's units ascending. One
/// part holding every unit where a place is read in a way that parts could
/// change (an opposed roll's difference capped: capping it again as the
/// other parts step changes it).
fn parts(table: &[Options], caps: &[Cap], width: usize) -> Vec<Vec<usize>> {
    if caps.iter().any(|c| c.opposed && c.clip.is_some()) {
        return vec![(0..table.len()).collect()];
    }
    // Each place's part, by union-find over the places.
    let mut parent: Vec<usize> = (0..width).collect();
    let join = |parent: &mut Vec<usize>, a: usize, b: usize| {
        let (a, b) = (root(parent, a), root(parent, b));
        parent[a.max(b)] = a.min(b);
    };
    for (at, c) in caps.iter().enumerate().take(width) {
        if c.opposed && at + 1 < width {
            join(&mut parent, at, at + 1);
        }
    }
    let moved: Vec<Vec<usize>> = table
        .iter()
        .map(|options| {
            (0..width)
                .filter(|&at| {
                    options
                        .iter()
                        .any(|(v, _, _)| v.get(at).is_some_and(|n| *n != 0))
                })
                .collect()
        })
        .collect();
    for places in &moved {
        for w in places.windows(2) {
            join(&mut parent, w[0], w[1]);
        }
    }
    // A part per place root, in the order first reached; a unit that moves
    // nothing a part of its own.
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut part_of: HashMap<usize, usize> = HashMap::new();
    for (u, places) in moved.iter().enumerate() {
        match places.first() {
            Some(&at) => {
                let r = root(&mut parent, at);
                let p = *part_of.entry(r).or_insert_with(|| {
                    parts.push(Vec::new());
                    parts.len() - 1
                });
                parts[p].push(u);
            }
            None => parts.push(vec![u]),
        }
    }
    parts
}

/// The root of place `at` in the union-find `parent` (its part's least
/// place), halving the way there.
fn root(parent: &mut [usize], mut at: usize) -> usize {
    while let Some(&up) = parent.get(at) {
        if up == at {
            break;
        }
        let above = parent.get(up).copied().unwrap_or(up);
        if let Some(p) = parent.get_mut(at) {
            *p = above;
        }
        at = above;
    }
    at
}

/// The places the units of `part` move (and an opposed roll's other
/// side), ascending, and how each is capped there.
fn places(table: &[Options], part: &[usize], caps: &[Cap], width: usize) -> (Vec<usize>, Vec<Cap>) {
    let mut moved = vec![false; width];
    for options in part.iter().filter_map(|&u| table.get(u)) {
        for (v, _, _) in options.iter() {
            for (m, n) in moved.iter_mut().zip(v) {
                *m |= *n != 0;
            }
        }
    }
    for (at, c) in caps.iter().enumerate().take(width) {
        if c.opposed && at + 1 < width && (moved[at] || moved[at + 1]) {
            moved[at] = true;
            moved[at + 1] = true;
        }
    }
    let places: Vec<usize> = (0..width).filter(|&at| moved[at]).collect();
    let caps: Vec<Cap> = places
        .iter()
        .enumerate()
        .map(|(i, &at)| {
            let c = caps.get(at).copied().unwrap_or_default();
            Cap {
                clip: c.clip,
                opposed: c.opposed && places.get(i + 1) == Some(&(at + 1)),
            }
        })
        .collect();
    (places, caps)
}

/// For each of `units` in turn, what the units after it can still add to
/// each of `places` at most, upwards and downwards (as magnitudes).
fn still_to_add(table: &[Options], units: &[usize], places: &[usize]) -> Vec<(Vec<i64>, Vec<i64>)> {
    let width = places.len();
    let mut after = vec![(vec![0i64; width], vec![0i64; width]); units.len()];
    for i in (0..units.len().saturating_sub(1)).rev() {
        let mut up = after[i + 1].0.clone();
        let mut down = after[i + 1].1.clone();
        for (v, _, _) in table[units[i + 1]].iter() {
            for (j, &at) in places.iter().enumerate() {
                let n = v.get(at).copied().unwrap_or(0);
                up[j] = up[j].max(after[i + 1].0[j].saturating_add(n.max(0)));
                down[j] = down[j].max(after[i + 1].1[j].saturating_add(n.min(0).saturating_neg()));
            }
        }
        after[i] = (up, down);
    }
    after
}

/// The sums the units of `part` reach (the other places 0), ascending,
/// each with its plainest path: the units in turn, each sum reached so far
/// tried with each option of the next unit, the first plainest candidate
/// kept for each sum (sums in ascending order, a unit's options in order).
/// Searched over the places the part moves only (and an opposed roll's
/// other side): the other places stay 0 and order nothing.
#[allow(clippy::too_many_lines)] // the hot loop of the nets' search: one pass per unit, its buffers reused across them
fn search(table: &[Options], part: &[usize], caps: &[Cap], width: usize) -> Vec<Found> {
    let (places, caps) = places(table, part, caps, width);
    let caps = caps.as_slice();
    let caps_width = width;
    let width = places.len();
    // Reachable sums in order, each with the plainest situation that
    // reaches it: its choices as a path back through the units' steps,
    // shared (no copying).
    let mut reach: Vec<(Vec<i64>, Reached)> =
        vec![(vec![0; width], (None, (0, Num::from_integer(0))))];
    let mut steps: Vec<Step> = Vec::new();
    let mut key: Vec<i64> = Vec::with_capacity(width);
    let mut options: Vec<(Vec<i64>, bool, (usize, Num))> = Vec::new();
    // A sum is capped only where no later unit can bring it back within
    // the cap: each place's bounds widened by what the units after it can
    // still add, so the last unit's sums are capped exactly (capping each
    // partial sum at the cap itself would give `-15 + 6` the sum of `-11
    // + 6`, not of `-9`).
    let units: Vec<usize> = part
        .iter()
        .copied()
        .filter(|&u| table.get(u).is_some_and(|all| !only_not_given(all)))
        .collect();
    let after = still_to_add(table, &units, &places);
    let mut step_caps: Vec<Cap> = caps.to_vec();
    for (i, &u) in units.iter().enumerate() {
        let Some(all) = table.get(u) else {
            continue;
        };
        for (j, c) in step_caps.iter_mut().enumerate() {
            let base = caps.get(j).copied().unwrap_or_default();
            let opposed = base.opposed || (j > 0 && caps.get(j - 1).is_some_and(|c| c.opposed));
            c.clip = base.clip.map(|clip| {
                if opposed {
                    clip
                } else {
                    let (up, down) = (&after[i].0, &after[i].1);
                    clip.saturating_add(up[j].max(down[j]))
                }
            });
        }
        let caps = step_caps.as_slice();
        options.clear();
        options.extend(all.iter().map(|(v, more, plain)| {
            let v = places.iter().map(|&at| v.get(at).copied().unwrap_or(0));
            (v.collect(), more.is_empty(), *plain)
        }));
        // The first plainest candidate in the order the sums are in
        // (ascending, a unit's options in order) wins each: the least
        // (plainness, sum before, option), so the sums are looked up by
        // hash and put in order only at the end.
        let mut next: HashMap<Vec<i64>, Candidate, BuildHasherDefault<KeyHasher>> =
            HashMap::with_capacity_and_hasher(2 * reach.len(), BuildHasherDefault::default());
        for (from, (sum, (path, score))) in reach.iter().enumerate() {
            for (k, (v, names_none, plain)) in options.iter().enumerate() {
                key.clear();
                key.extend(sum.iter().zip(v).map(|(a, b)| a.saturating_add(*b)));
                cap(caps, &mut key);
                let total = (score.0 + plain.0, farther(score.1, plain.1));
                let have = next.get_mut(key.as_slice());
                if let Some(have) = &have {
                    let before = reach.get(have.2).map(|r| &r.0);
                    if (&have.1, before, have.3) <= (&total, Some(sum), k) {
                        continue;
                    }
                }
                let path = if *names_none {
                    *path
                } else {
                    steps.push(((u, k), *path));
                    Some(steps.len() - 1)
                };
                match have {
                    Some(have) => *have = (path, total, from, k),
                    None => {
                        next.insert(key.clone(), (path, total, from, k));
                    }
                }
            }
        }
        if !next.is_empty() {
            reach = next
                .into_iter()
                .map(|(key, (path, total, _, _))| (key, (path, total)))
                .collect();
        }
    }
    reach.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    reach
        .into_iter()
        .map(|(key, (path, _))| {
            let mut chain = Vec::new();
            let mut at = path;
            while let Some(&(step, back)) = at.and_then(|i| steps.get(i)) {
                chain.push(step);
                at = back;
            }
            chain.reverse();
            let mut full = vec![0; caps_width];
            for (&at, n) in places.iter().zip(key) {
                if let Some(f) = full.get_mut(at) {
                    *f = n;
                }
            }
            (full, chain)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unit `id`'s options, each `(adds, how many arguments)`, named
    /// `u{id}o{option}a{argument}`; "not given" first when `optional`.
    fn unit(
        id: usize,
        width: usize,
        optional: bool,
        options: &[(&[(usize, i64)], usize)],
    ) -> Options {
        let mut out = Vec::new();
        if optional {
            out.push((vec![0; width], Vec::new(), (0, Num::from_integer(0))));
        }
        for (i, (adds, names)) in options.iter().enumerate() {
            let mut v = vec![0; width];
            for &(at, n) in *adds {
                v[at] += n;
            }
            let args: Args = (0..*names)
                .map(|a| (format!("u{id}o{i}a{a}").into(), Some(i.to_string().into())))
                .collect();
            let plain = (args.len(), Num::from_integer(i64::try_from(i).unwrap()));
            out.push((v, args, plain));
        }
        out.into()
    }

    /// Every sum of `r`, with its arguments.
    fn listed(r: &Reachable) -> Vec<(Vec<i64>, Vec<String>)> {
        (0..r.len())
            .map(|i| {
                let (key, args) = r.get(i).unwrap();
                (key, args.iter().map(|a| a.0.to_string()).collect())
            })
            .collect()
    }

    /// The sums as one search over every unit finds them.
    fn as_one(table: &[Options], caps: &[Cap], width: usize) -> Vec<(Vec<i64>, Vec<String>)> {
        let all: Vec<usize> = (0..table.len()).collect();
        search(table, &all, caps, width)
            .into_iter()
            .map(|(key, path)| {
                let args = path
                    .iter()
                    .flat_map(|&(u, k)| table[u][k].1.iter().map(|a| a.0.to_string()))
                    .collect();
                (key, args)
            })
            .collect()
    }

    #[track_caller]
    fn same_as_one(table: Vec<Options>, caps: &[Cap], width: usize) -> usize {
        let want = as_one(&table, caps, width);
        let r = Searches::new(caps.to_vec(), width).reachable(table);
        assert_eq!(listed(&r), want);
        assert!(r.get(r.len()).is_none());
        want.len()
    }

    #[test]
    fn parts_give_the_sums_and_paths_of_one_search() {
        let clip = |c| Cap {
            clip: Some(c),
            opposed: false,
        };
        // Places 0 and 3 moved together, 1 and 2 apart, 4 by nothing.
        let w = 5;
        let table = vec![
            unit(
                0,
                w,
                true,
                &[(&[(0, 1), (3, 1)], 1), (&[(0, 2), (3, 2)], 1)],
            ),
            unit(1, w, true, &[(&[(2, -1)], 1), (&[(2, 1)], 2)]),
            unit(
                2,
                w,
                true,
                &[(&[(1, 1)], 1), (&[(1, 2)], 1), (&[(1, 3)], 2)],
            ),
            unit(3, w, true, &[(&[(0, -1), (3, -1)], 1), (&[(0, 1)], 1)]),
            unit(4, w, true, &[(&[(2, 2)], 1)]),
            unit(5, w, false, &[(&[], 1), (&[], 2)]),
            unit(6, w, true, &[]),
        ];
        let caps = [
            clip(2),
            Cap::default(),
            clip(1),
            Cap::default(),
            Cap::default(),
        ];
        assert!(same_as_one(table, &caps, w) > 12);
        // Interleaved places (0 and 2 together, 1 apart): put in order.
        let table = vec![
            unit(0, w, true, &[(&[(0, 1), (2, 1)], 1), (&[(2, 3)], 1)]),
            unit(1, w, true, &[(&[(1, 1)], 1), (&[(1, -1)], 1)]),
            unit(2, w, true, &[(&[(0, -1)], 1), (&[(4, 2)], 1)]),
        ];
        same_as_one(table, &[Cap::default(); 5], w);
    }

    #[test]
    fn a_part_searched_before_is_reused_only_for_the_same_options() {
        let w = 2;
        let clip = [
            Cap {
                clip: Some(3),
                opposed: false,
            },
            Cap::default(),
        ];
        let shared = unit(0, w, true, &[(&[(0, 1)], 1), (&[(0, 2)], 1)]);
        let first = vec![
            Arc::clone(&shared),
            unit(1, w, true, &[(&[(0, 2)], 1)]),
            unit(2, w, true, &[(&[(1, 1)], 1)]),
        ];
        // Unit 1 the same in content but another allocation, unit 2 other
        // options: nothing may be read from the first search but where
        // the options are the very same.
        let second = vec![
            Arc::clone(&shared),
            unit(1, w, true, &[(&[(0, 2)], 1)]),
            unit(2, w, true, &[(&[(1, -1)], 1), (&[(1, 4)], 2)]),
        ];
        let third = vec![
            shared,
            unit(1, w, true, &[(&[(0, -3)], 1)]),
            Arc::clone(&second[2]),
        ];
        let mut searches = Searches::new(clip.to_vec(), w);
        for table in [first, second, third] {
            let fresh = Searches::new(clip.to_vec(), w).reachable(table.clone());
            let kept = searches.reachable(table);
            assert_eq!(listed(&kept), listed(&fresh));
        }
        // Two parts a table: of the 6, only the third table's unit 2 is
        // one searched before.
        assert_eq!(searches.done.len(), 5);
    }

    /// The sums every choice of one option per unit reaches, each capped
    /// once, at the end: what the search must find.
    fn every_choice(table: &[Options], caps: &[Cap], width: usize) -> Vec<Vec<i64>> {
        let mut sums = std::collections::BTreeSet::new();
        let total: usize = table.iter().map(|o| o.len()).product();
        for mut n in 0..total {
            let mut key = vec![0i64; width];
            for options in table {
                let (v, _, _) = &options[n % options.len()];
                n /= options.len();
                for (k, x) in key.iter_mut().zip(v) {
                    *k += x;
                }
            }
            cap(caps, &mut key);
            sums.insert(key);
        }
        sums.into_iter().collect()
    }

    /// A sum past the cap that a later unit brings back within it is the
    /// sum of its true total, not of the cap: -15 then +6 reads as -9
    /// (capped at 11), never as -11 + 6 = -5; and the base's and the
    /// variant's nets (two places) stay paired as their true totals.
    #[test]
    fn a_sum_is_capped_once_whatever_the_units_before_it_add() {
        let w = 2;
        let clip = Cap {
            clip: Some(11),
            opposed: false,
        };
        let table = vec![
            unit(
                0,
                w,
                true,
                &[(&[(0, -15), (1, -15)], 1), (&[(0, -8), (1, -8)], 1)],
            ),
            unit(1, w, true, &[(&[(0, -5), (1, 1)], 2)]),
            unit(
                2,
                w,
                true,
                &[(&[(0, 6), (1, 6)], 1), (&[(0, 3), (1, 3)], 1)],
            ),
        ];
        let caps = [clip, clip];
        let found: Vec<Vec<i64>> = Searches::new(caps.to_vec(), w)
            .reachable(table.clone())
            .pipe_keys();
        assert_eq!(found, every_choice(&table, &caps, w));
        assert!(!found.contains(&vec![-5, -4]), "{found:?}");
    }

    impl Reachable {
        fn pipe_keys(&self) -> Vec<Vec<i64>> {
            let mut keys: Vec<Vec<i64>> = (0..self.len()).map(|i| self.get(i).unwrap().0).collect();
            keys.sort();
            keys
        }
    }

    #[test]
    fn distances_add_up_without_wrapping() {
        let n = Num::from_integer;
        assert_eq!(farther(n(2), n(3)), n(5));
        assert_eq!(farther(n(0), Num::new(1, 2)), Num::new(1, 2));
        assert_eq!(farther(Num::new(1, 2), Num::new(1, 3)), Num::new(5, 6));
        assert_eq!(farther(n(i64::MAX), n(1)), n(i64::MAX));
        assert_eq!(farther(Num::new(i64::MAX, 2), Num::new(1, 3)), n(i64::MAX));
    }

    #[test]
    fn an_opposed_roll_keeps_its_sides_together() {
        let w = 3;
        let table = vec![
            unit(0, w, true, &[(&[(0, 1)], 1), (&[(0, 3)], 1)]),
            unit(1, w, true, &[(&[(1, 2)], 1)]),
            unit(2, w, true, &[(&[(2, 1)], 1)]),
        ];
        let opposed = Cap {
            clip: None,
            opposed: true,
        };
        let caps = [opposed, Cap::default(), Cap::default()];
        same_as_one(table.clone(), &caps, w);
        // Capped as well: one search, as before.
        let caps = [
            Cap {
                clip: Some(2),
                opposed: true,
            },
            Cap::default(),
            Cap::default(),
        ];
        assert_eq!(parts(&table, &caps, w).len(), 1);
        same_as_one(table, &caps, w);
    }

    #[test]
    fn the_plainest_path_wins_then_the_least_sum_before() {
        let w = 1;
        let table = vec![
            unit(0, w, true, &[(&[(0, 1)], 1), (&[(0, 2)], 1)]),
            unit(1, w, true, &[(&[(0, 1)], 1), (&[(0, 2)], 1)]),
        ];
        let r = Searches::new(vec![Cap::default()], w).reachable(table);
        let got = listed(&r);
        let at = |n: i64| got.iter().find(|(k, _)| k[0] == n).unwrap().1.clone();
        assert_eq!(got.len(), 5);
        assert!(at(0).is_empty());
        // +1 either way, one argument each: the least sum before the
        // second unit (0) wins, so the second unit names it.
        assert_eq!(at(1), ["u1o0a0"]);
        // +2 in one argument beats +1 +1 in two.
        assert_eq!(at(2), ["u1o1a0"]);
        // +1 +2 and +2 +1 alike plain: the least sum before (1) wins.
        assert_eq!(at(3), ["u0o0a0", "u1o1a0"]);
        assert_eq!(at(4), ["u0o1a0", "u1o1a0"]);
    }
}
