//! The columns axis: a column computed from one param, an odds ratio of
//! two or their difference (or sum), where nothing else reads them but
//! comparisons with numbers (`attack >= 20`): a class per column and one
//! off each end, times the stretches those comparisons draw, each reached
//! by the smallest values a player would meet.

use super::analysis::Analysis;
use super::settings::Setting;
use super::spans::{pick_one, pick_pair, split, Pair, Span};
use crate::check::tree::{Body, Expr, Scale, ScaleValue};
use crate::compare::net_search::Args;
use crate::engine::choices::Choices;
use crate::number::{Num, Show};
use crate::syntax::ast::{BinOp, CmpOp};
use compact_str::ToCompactString;
use std::collections::BTreeSet;

/// A situation that reaches a column: a value, or a pair's two.
type Pick = (Num, Option<Num>);

/// The values `[lo, hi)` of a scale's column, either end open-ended when
/// `None`.
type Interval = (Option<Num>, Option<Num>);

/// The params a scale's value is made of.
struct Made {
    a: String,
    /// The second param and how the two make the value.
    b: Option<(String, Pair)>,
}

impl Made {
    /// The class of the column `words` (its values `interval`) where the
    /// params are in their stretches `sa` and `sb`, named by the column and
    /// the stretches: `None` where no situation reaches it, `Err` where
    /// the one found has no decimal to type.
    fn setting(
        &self,
        words: &str,
        interval: Interval,
        (sa, sb): (Span, Span),
    ) -> Option<Result<Setting, ()>> {
        let pick = match &self.b {
            Some((_, pair)) => pick_pair(*pair, interval, sa, sb).map(|(a, b)| (a, Some(b)))?,
            None => pick_one(interval, sa).map(|a| (a, None))?,
        };
        let mut args: Args = vec![(
            self.a.as_str().into(),
            Some(Show(pick.0).to_compact_string()),
        )];
        if let (Some((b, _)), Some(v)) = (&self.b, pick.1) {
            args.push((b.as_str().into(), Some(Show(v).to_compact_string())));
        }
        if args
            .iter()
            .any(|(_, v)| v.as_deref().and_then(crate::number::parse).is_none())
        {
            return Some(Err(()));
        }
        let stretch = std::iter::once(words.to_owned())
            .chain(sa.words(&self.a))
            .chain(self.b.as_ref().and_then(|(b, _)| sb.words(b)));
        Some(Ok(Setting {
            words: Some(stretch.collect::<Vec<_>>().join(", ")),
            args,
        }))
    }
}

impl Analysis<'_> {
    /// The column of a `columns by` scale whose value is one param, an
    /// odds ratio of two or their sum or difference, read elsewhere only in
    /// comparisons with numbers: a class per column and one off each end
    /// the params can reach, times the stretches the comparisons draw.
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
        let made = made_of(&first.tree.slots, &scale.value)?;
        let names: Vec<&String> = std::iter::once(&made.a)
            .chain(made.b.as_ref().map(|b| &b.0))
            .collect();
        // Every chart's scale alike, each param read once by it and
        // otherwise only compared with numbers.
        let same_scale = self.sides.iter().all(|s| match &s.tree.body {
            Body::Table { scale: Some(o), .. } => {
                o.heads == scale.heads
                    && o.beyond.as_ref().map(|b| b.1) == scale.beyond.as_ref().map(|b| b.1)
                    && o.below.is_some() == scale.below.is_some()
                    && made_of(&s.tree.slots, &o.value).is_some_and(|m| {
                        m.a == made.a && m.b.as_ref().map(|b| &b.0) == made.b.as_ref().map(|b| &b.0)
                    })
            }
            _ => false,
        });
        let compared = |n: &str| -> Vec<(CmpOp, Num)> {
            self.sides
                .iter()
                .flat_map(|s| s.uses.compared.get(n).into_iter().flatten().copied())
                .collect()
        };
        if !same_scale
            || names.iter().any(|n| {
                self.is_modifier(n)
                    || self.fixed.contains(*n)
                    || self.reads(n) != self.sides.len() + compared(n).len()
            })
        {
            return None;
        }
        let spans = |n: &str| {
            let (lo, hi) = self.bounds(n)?;
            Some(split(Span::bounds(lo, hi), &compared(n)))
        };
        let a_spans = spans(&made.a)?;
        let b_spans = match &made.b {
            Some((b, _)) => spans(b)?,
            None => vec![Span::bounds(Num::default(), Num::default())],
        };
        let mut settings = Vec::new();
        for (column, (words, interval)) in column_intervals(scale).into_iter().enumerate() {
            for sa in &a_spans {
                for sb in &b_spans {
                    match made.setting(&words, interval, (*sa, *sb)) {
                        Some(Ok(s)) => settings.push(s),
                        Some(Err(())) => not_split.push(format!(
                            "{} (column {column} has no decimal situation)",
                            made.a
                        )),
                        None => {}
                    }
                }
            }
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
/// or more`), as `[lo, hi)`, either end open-ended when `None`.
fn column_intervals(scale: &Scale) -> Vec<(String, Interval)> {
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
        out.push((words, (lo, hi)));
        lo = hi;
    }
    out
}

/// Each interval of a scale's value with the smallest values within the
/// bounds that reach it: the value (or an odds ratio's two strengths), or
/// `None` where none do.
fn column_picks(
    scale: &Scale,
    (alo, ahi): (Num, Num),
    divisor: Option<(Num, Num)>,
) -> Vec<(String, Option<Pick>)> {
    let sa = Span::bounds(alo, ahi);
    column_intervals(scale)
        .into_iter()
        .map(|(words, interval)| {
            let pick = match divisor {
                Some((blo, bhi)) => pick_pair(Pair::Ratio, interval, sa, Span::bounds(blo, bhi))
                    .map(|(a, b)| (a, Some(b))),
                None => pick_one(interval, sa).map(|a| (a, None)),
            };
            (words, pick)
        })
        .collect()
}

/// The params a scale's value is made of: one param, `ratio A to B`, or
/// `A - B` / `A + B`; `None` for any other value.
fn made_of(slots: &[crate::check::tree::SlotTree], value: &ScaleValue) -> Option<Made> {
    let name = |e: &Expr| match e {
        Expr::Slot(s, _) => slots.get(*s).map(|s| s.name.to_string()),
        _ => None,
    };
    let (a, b) = match value {
        ScaleValue::Ratio(a, b, _) => (name(a)?, Some((name(b)?, Pair::Ratio))),
        ScaleValue::Expr(Expr::Bin(op @ (BinOp::Add | BinOp::Sub), a, b)) => {
            let sign = if *op == BinOp::Add { 1 } else { -1 };
            (name(a)?, Some((name(b)?, Pair::Sum(sign))))
        }
        ScaleValue::Expr(e) => (name(e)?, None),
    };
    if b.as_ref().is_some_and(|(b, _)| *b == a) {
        return None;
    }
    Some(Made { a, b })
}
