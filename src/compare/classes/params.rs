//! The params axis: a param read only as `±p + whole` against whole
//! numbers, as its whole values and one between each two; params read only
//! together in one such sum, as a class per value of the sum.

use super::analysis::{Analysis, Side};
use super::settings::{value_setting, Setting, MAX_TRIED};
use crate::check::tree::SlotKind;
use crate::compare::uses::Context;
use crate::number::{Num, Show};
use crate::ruleset::InputKind;
use compact_str::ToCompactString;
use std::collections::BTreeSet;

impl Analysis<'_> {
    /// Params read as `±p + whole` against whole numbers: alone, every
    /// whole value in the bounds and one between each two; read only
    /// together in one sum, a class per value of the sum. Returns each
    /// axis with the params it covers.
    #[allow(clippy::too_many_lines)] // the lone params, then the sums, one record of which params are taken
    pub(super) fn param_axes(
        &self,
        names: &[String],
        done: &BTreeSet<String>,
        not_split: &mut Vec<String>,
    ) -> Vec<(Vec<String>, Vec<Setting>)> {
        let plain = |n: &str| {
            !done.contains(n)
                && !self.is_modifier(n)
                && !self.only_counts(n)
                && matches!(
                    self.input(n).map(|i| &i.kind),
                    Some(InputKind::Param {
                        bounds: Some(_),
                        ..
                    })
                )
        };
        let roots: Vec<&crate::compare::uses::Root> = self
            .sides
            .iter()
            .flat_map(|s| s.uses.roots.iter())
            .collect();
        let mut out = Vec::new();
        let mut taken: BTreeSet<String> = BTreeSet::new();
        for name in names.iter().filter(|n| plain(n)) {
            if taken.contains(name) {
                continue;
            }
            let mine: Vec<&&crate::compare::uses::Root> =
                roots.iter().filter(|r| r.names.contains(name)).collect();
            // Each root is `±p + whole` in the params it reads, the rest of it whole.
            let unit = |r: &crate::compare::uses::Root| {
                r.context != Context::Other
                    && r.affine.as_ref().is_some_and(|coef| {
                        r.names.iter().all(|n| {
                            let c = coef.get(n).copied().unwrap_or(0);
                            if plain(n) {
                                c.abs() == 1
                            } else {
                                self.is_modifier(n) || self.only_counts(n) || self.given_half(n)
                            }
                        })
                    })
            };
            if mine.is_empty() || !mine.iter().all(|r| unit(r)) {
                continue;
            }
            let together: Vec<String> = mine
                .iter()
                .flat_map(|r| r.names.iter())
                .filter(|n| plain(n))
                .cloned()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            // A root that must be whole makes every other value an error,
            // as a param declared `whole` refuses them.
            let whole = mine.iter().any(|r| r.context == Context::MustBeWhole)
                || together.iter().all(|n| self.declared_whole(n));
            if together.len() == 1 {
                let Some((lo, hi)) = self.bounds(name) else {
                    continue;
                };
                let axis: Vec<Setting> = steps(lo, hi, whole)
                    .into_iter()
                    .map(|v| value_setting(name, v))
                    .collect();
                if axis.is_empty() {
                    // Too wide to step through: tried at chosen values
                    // with the other inputs, and said to be.
                    continue;
                }
                taken.insert(name.clone());
                out.push((vec![name.clone()], axis));
                continue;
            }
            // Several params: split exactly only if each chart compared
            // reads them in just one sum, each once, the same sum in each.
            let Some(root) = mine.first() else { continue };
            let alone = mine.len() == self.sides.len()
                && mine.iter().all(|r| r.affine == root.affine)
                && together.iter().all(|n| {
                    roots.iter().filter(|r| r.names.contains(n)).count() == self.sides.len()
                        && self.reads(n) == self.sides.len()
                });
            let coef = root.affine.clone().unwrap_or_default();
            let terms: Option<Vec<(String, i64, Num, Num)>> = together
                .iter()
                .map(|n| {
                    let (lo, hi) = self.bounds(n)?;
                    Some((n.clone(), coef.get(n).copied()?, lo, hi))
                })
                .collect();
            let (true, Some(terms)) = (alone, terms) else {
                continue;
            };
            if let Some(axis) = sum_axis(&terms, whole) {
                taken.extend(together.iter().cloned());
                out.push((together, axis));
            } else {
                not_split.push(format!(
                    "{} (a sum too wide to split)",
                    together.join(" + ")
                ));
            }
        }
        out
    }

    /// True when `name` is a param declared `whole` (it counts things).
    fn declared_whole(&self, name: &str) -> bool {
        self.sides.iter().flat_map(Side::trees).any(|t| {
            t.slots
                .iter()
                .any(|s| s.name == name && matches!(s.kind, SlotKind::Param { whole: true, .. }))
        })
    }

    /// True when `name` is held at a value given, a whole or a half: a sum
    /// with it still changes only at whole and in-between values.
    fn given_half(&self, name: &str) -> bool {
        self.given
            .args()
            .iter()
            .find(|a| a.name == name)
            .and_then(|a| crate::number::parse(a.value.as_deref()?))
            .is_some_and(|v| (v * crate::number::whole(2)).is_integer())
    }

    pub(super) fn bounds(&self, name: &str) -> Option<(Num, Num)> {
        match &self.input(name)?.kind {
            InputKind::Param {
                bounds: Some((lo, hi)),
                ..
            } => Some((lo.exact(), hi.exact())),
            _ => None,
        }
    }
}

/// Every whole value from `lo` to `hi`, the bounds, and one value between
/// each two of those: the values a chart that reads `±p + whole` against
/// whole numbers can tell apart. Only the whole values where any other
/// value is an error (`whole`). Empty when too many.
pub(super) fn steps(lo: Num, hi: Num, whole: bool) -> Vec<Num> {
    let (l, h) = (crate::number::ceil(lo), crate::number::floor(hi));
    if h.saturating_sub(l) > 4 * MAX_TRIED {
        return Vec::new();
    }
    let mut points: BTreeSet<Num> = (l..=h).map(crate::number::whole).collect();
    if whole {
        return points.into_iter().collect();
    }
    points.insert(lo);
    points.insert(hi);
    let points: Vec<Num> = points.into_iter().collect();
    let mut out = Vec::new();
    for (i, p) in points.iter().enumerate() {
        out.push(*p);
        if let Some(next) = points.get(i + 1) {
            out.push((*p + *next) / crate::number::whole(2));
        }
    }
    out
}

/// A class per value of `Σ cᵢ·pᵢ` (each `cᵢ` ±1) over the params' bounds,
/// each reached by raising the params in order from their lowest terms.
fn sum_axis(terms: &[(String, i64, Num, Num)], whole: bool) -> Option<Vec<Setting>> {
    // Each term's least and greatest contribution.
    let ranges: Vec<(Num, Num)> = terms
        .iter()
        .map(
            |(_, c, lo, hi)| {
                if *c > 0 {
                    (*lo, *hi)
                } else {
                    (-*hi, -*lo)
                }
            },
        )
        .collect();
    let least = ranges.iter().map(|r| r.0).sum::<Num>();
    let most = ranges.iter().map(|r| r.1).sum::<Num>();
    let sums = steps(least, most, whole);
    if sums.is_empty() {
        return None;
    }
    let words: Vec<String> = terms
        .iter()
        .enumerate()
        .map(|(i, (n, c, _, _))| match (i, *c > 0) {
            (0, true) => n.clone(),
            (0, false) => format!("-{n}"),
            (_, true) => format!(" + {n}"),
            (_, false) => format!(" - {n}"),
        })
        .collect();
    let label = words.concat();
    Some(
        sums.into_iter()
            .map(|s| {
                let mut left = s - least;
                let args = terms
                    .iter()
                    .zip(&ranges)
                    .map(|((n, c, _, _), (lo, hi))| {
                        let up = left.min(*hi - *lo);
                        left -= up;
                        let contribution = *lo + up;
                        let v = if *c > 0 { contribution } else { -contribution };
                        (n.as_str().into(), Some(Show(v).to_compact_string()))
                    })
                    .collect();
                Setting {
                    words: Some(format!("{label} = {}", Show(s))),
                    args,
                }
            })
            .collect(),
    )
}
