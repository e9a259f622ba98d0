//! The columns axis: a column chosen by an odds ratio of two params (or by
//! one param) that nothing else reads, as a class per column and one off
//! each end, each reached by the smallest values a player would meet.

use super::analysis::Analysis;
use super::settings::Setting;
use crate::check::tree::{Body, ScaleValue};
use crate::compare::net_search::Args;
use crate::engine::choices::Choices;
use crate::number::{Num, Show};
use crate::ruleset::InputKind;
use compact_str::ToCompactString;
use std::collections::BTreeSet;

/// A situation that reaches a column: a value, or an odds ratio's two.
type Pick = (Num, Option<Num>);

impl Analysis<'_> {
    /// The column of a `columns by` scale whose value is an odds ratio of
    /// two params, or one param, that nothing else reads: a class per
    /// column and one off each end the params can reach.
    pub(super) fn scale_axis(
        &self,
        done: &mut BTreeSet<String>,
        not_split: &mut Vec<String>,
    ) -> Option<Vec<Setting>> {
        let first = self.sides.first()?;
        let Body::Table {
            scale: Some(scale), ..
        } = &first.tree.body
        else {
            return None;
        };
        let slot_name = |e: &crate::check::tree::Expr| match e {
            crate::check::tree::Expr::Slot(s, _) => {
                first.tree.slots.get(*s).map(|s| s.name.to_string())
            }
            _ => None,
        };
        let (a, b) = match &scale.value {
            ScaleValue::Ratio(a, b, _) => (slot_name(a)?, Some(slot_name(b)?)),
            ScaleValue::Expr(e) => (slot_name(e)?, None),
        };
        let names: Vec<&String> = std::iter::once(&a).chain(b.as_ref()).collect();
        // Each read once per chart (by the scale), and every chart's scale alike.
        let same_scale = self.sides.iter().all(|s| match &s.tree.body {
            Body::Table { scale: Some(o), .. } => {
                o.heads == scale.heads
                    && o.beyond.as_ref().map(|b| b.1) == scale.beyond.as_ref().map(|b| b.1)
                    && o.below.is_some() == scale.below.is_some()
            }
            _ => false,
        });
        if !same_scale
            || names.iter().any(|n| {
                self.is_modifier(n) || self.fixed.contains(*n) || self.reads(n) != self.sides.len()
            })
        {
            return None;
        }
        let bounds = |n: &str| match &self.input(n)?.kind {
            InputKind::Param {
                bounds: Some((lo, hi)),
                ..
            } => Some((lo.exact(), hi.exact())),
            _ => None,
        };
        let (alo, ahi) = bounds(&a)?;
        let divisor = match &b {
            Some(b) => Some(bounds(b)?),
            None => None,
        };
        let mut settings = Vec::new();
        for (i, (words, pick)) in column_picks(scale, (alo, ahi), divisor)
            .into_iter()
            .enumerate()
        {
            let Some(pick) = pick else { continue };
            let mut args: Args = vec![(a.as_str().into(), Some(Show(pick.0).to_compact_string()))];
            if let (Some(b), Some(v)) = (&b, pick.1) {
                args.push((b.as_str().into(), Some(Show(v).to_compact_string())));
            }
            if args
                .iter()
                .any(|(_, v)| v.as_deref().and_then(crate::number::parse).is_none())
            {
                not_split.push(format!("{a} (column {i} has no decimal situation)"));
                continue;
            }
            settings.push(Setting {
                words: Some(words),
                args,
            });
        }
        done.extend(names.into_iter().cloned());
        Some(settings)
    }

    /// `name`'s least values that reach each column of the chart's scale,
    /// where it is the scale's value or one strength of its odds ratio with
    /// the other given in `given`: each labelled `6 (at 3-1)`.
    pub(super) fn ratio_steps(&self, given: &Choices, name: &str) -> Option<Vec<(String, String)>> {
        let side = self.sides.first()?;
        let Body::Table {
            scale: Some(scale), ..
        } = &side.tree.body
        else {
            return None;
        };
        let slot_name = |e: &crate::check::tree::Expr| match e {
            crate::check::tree::Expr::Slot(s, _) => {
                side.tree.slots.get(*s).map(|s| s.name.to_string())
            }
            _ => None,
        };
        let value_of = |n: &str| {
            let v = given
                .args()
                .iter()
                .find(|a| a.name == n)?
                .value
                .as_deref()?;
            crate::number::parse(v)
        };
        let bounds = self.bounds(name)?;
        let picks = match &scale.value {
            ScaleValue::Expr(e) if slot_name(e).as_deref() == Some(name) => {
                column_picks(scale, bounds, None)
                    .into_iter()
                    .map(|(w, p)| (w, p.map(|p| p.0)))
                    .collect::<Vec<_>>()
            }
            ScaleValue::Ratio(a, b, _) => {
                let (a, b) = (slot_name(a)?, slot_name(b)?);
                if a == name {
                    let d = value_of(&b)?;
                    column_picks(scale, bounds, Some((d, d)))
                        .into_iter()
                        .map(|(w, p)| (w, p.map(|p| p.0)))
                        .collect()
                } else if b == name {
                    let n = value_of(&a)?;
                    column_picks(scale, (n, n), Some(bounds))
                        .into_iter()
                        .map(|(w, p)| (w, p.and_then(|p| p.1)))
                        .collect()
                } else {
                    return None;
                }
            }
            ScaleValue::Expr(_) => return None,
        };
        Some(
            picks
                .into_iter()
                .filter_map(|(words, v)| {
                    let v = Show(v?).to_string();
                    crate::number::parse(&v)?;
                    Some((format!("{v} ({words})"), v))
                })
                .collect(),
        )
    }
}

/// Each interval of a scale's value (below the first column, each column,
/// from `beyond` up) in the scale's words (`below 1-1`, `at 2-1`, `at 7-1
/// or more`), with the smallest values within the bounds that reach it:
/// the value (or an odds ratio's two strengths), or `None` where none do.
fn column_picks(
    scale: &crate::check::tree::Scale,
    value: (Num, Num),
    divisor: Option<(Num, Num)>,
) -> Vec<(String, Option<Pick>)> {
    let mut cuts: Vec<(Num, String)> = scale
        .heads
        .iter()
        .map(|(k, t)| (*t, format!("at {k}")))
        .collect();
    if let Some((key, from, _)) = &scale.beyond {
        cuts.push((*from, format!("at {key} or more")));
    }
    let below = format!("below {}", scale.heads.first().map_or("", |h| h.0.as_str()));
    let mut out = Vec::new();
    let mut lo: Option<Num> = None;
    for (words, hi) in std::iter::once(below)
        .chain(cuts.iter().map(|c| c.1.clone()))
        .zip(cuts.iter().map(|c| Some(c.0)).chain(std::iter::once(None)))
    {
        let interval = (lo, hi);
        lo = hi;
        let pick = match divisor {
            Some(d) => ratio_pick(interval, value, d),
            None => value_pick(interval, value),
        };
        out.push((words, pick));
    }
    out
}

/// A value of one param in `[lo, hi)` (either end open when `None`) within
/// its bounds: the least whole one, else the least such decimal.
fn value_pick(interval: (Option<Num>, Option<Num>), (alo, ahi): (Num, Num)) -> Option<Pick> {
    let start = interval.0.map_or(alo, |l| l.max(alo));
    let inside = |v: Num| v >= alo && v <= ahi && interval.1.map_or(true, |h| v < h);
    let whole = crate::number::whole(crate::number::ceil(start));
    if inside(whole) {
        return Some((whole, None));
    }
    inside(start).then_some((start, None))
}

/// Two params `a`, `b` with `a / b` in `[lo, hi)`, each within its
/// bounds: the smallest whole pair a player would meet (`2` to `1` for
/// `2-1`), else an exact pair at the interval's low end.
fn ratio_pick(
    (lo, hi): (Option<Num>, Option<Num>),
    (alo, ahi): (Num, Num),
    (blo, bhi): (Num, Num),
) -> Option<Pick> {
    let zero = crate::number::whole(0);
    let one = crate::number::whole(1);
    let inside = |a: Num, b: Num| {
        b > zero
            && a >= alo
            && a <= ahi
            && b >= blo
            && b <= bhi
            && lo.map_or(true, |l| a >= l * b)
            && hi.map_or(true, |h| a < h * b)
    };
    let first_b = crate::number::ceil(blo).max(1);
    for b in (first_b..=crate::number::floor(bhi)).take(64) {
        let b = crate::number::whole(b);
        let least = lo.map_or(alo.max(one), |l| (l * b).max(alo));
        let a = crate::number::whole(crate::number::ceil(least));
        if inside(a, b) {
            return Some((a, Some(b)));
        }
    }
    // Exact: the lowest ratio the interval and the bounds share.
    if blo <= zero && bhi <= zero {
        return None;
    }
    let low_ratio = alo / bhi;
    let r = lo.map_or(low_ratio, |l| l.max(low_ratio));
    let b = if r > zero && r * bhi > ahi {
        ahi / r
    } else {
        bhi
    };
    let a = r * b;
    inside(a, b).then_some((a, Some(b)))
}
