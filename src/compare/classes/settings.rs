//! The axis of every other input: each of its settings (a flag off and on,
//! each option, each whole value of a modifier), or chosen values where it
//! cannot be split.

use super::analysis::{Analysis, Side};
use super::nets::reach;
use crate::check::tree::ModValue;
use crate::compare::fed::modifier_in;
use crate::compare::net_search::Args;
use crate::number::{Num, Show};
use crate::ruleset::InputKind;
use compact_str::{CompactString, ToCompactString};
use std::borrow::Cow;
use std::collections::BTreeSet;

/// One way to set an axis: the class's words for it and the arguments.
#[derive(Clone, Debug, Default)]
pub(super) struct Setting {
    /// The words, where they are not the arguments as typed.
    pub(super) words: Option<String>,
    pub(super) args: Args,
}

impl Setting {
    /// One argument, named in the class as typed (`mounted`,
    /// `df_weapon=5`): the words are written only when a class is named.
    fn arg(name: &str, value: Option<CompactString>) -> Self {
        Self {
            words: None,
            args: vec![(name.into(), value)],
        }
    }

    /// The class's words for this setting (empty for "not given").
    pub(super) fn part(&self) -> Cow<'_, str> {
        match (&self.words, self.args.as_slice()) {
            (Some(words), _) => Cow::Borrowed(words),
            (None, [(name, None)]) => Cow::Borrowed(name),
            (None, [(name, Some(value))]) => Cow::Owned(format!("{name}={value}")),
            (None, _) => Cow::Borrowed(""),
        }
    }
}

/// Most values one input is tried at when it cannot be split.
pub(super) const MAX_TRIED: i64 = 64;

impl Analysis<'_> {
    /// An input's settings, each a class of its own: a flag off and on,
    /// each option, each whole value of a modifier; a param the analysis
    /// cannot split at chosen values (and says so in `not_split`).
    pub(super) fn settings(&self, name: &str, not_split: &mut Vec<String>) -> Vec<Setting> {
        let Some(input) = self.input(name) else {
            return Vec::new();
        };
        match &input.kind {
            InputKind::Flag(_) => vec![Setting::default(), Setting::arg(name, None)],
            InputKind::Choice { options } => options
                .iter()
                .map(|(o, _)| Setting::arg(name, Some(o.as_str().into())))
                .collect(),
            InputKind::Param { bounds, default } => {
                let counted = self.sides.iter().flat_map(Side::trees).find_map(|t| {
                    match modifier_in(t, name)?.value {
                        ModValue::Counted { per, max } => Some((per, max)),
                        _ => None,
                    }
                });
                if let Some((per, max)) = counted {
                    let top = match max {
                        Some(max) => max.div_euclid(per.abs().max(1)) + 1,
                        None => self.saturating_count(name, per).unwrap_or_else(|| {
                            not_split.push(format!(
                                "{name} (a count with no bound, tried at 0 to {MAX_TRIED})"
                            ));
                            MAX_TRIED
                        }),
                    };
                    return (0..=top)
                        .map(|k| {
                            if k == 0 {
                                Setting::default()
                            } else {
                                Setting::arg(name, Some(k.to_compact_string()))
                            }
                        })
                        .collect();
                }
                let from_grid = self.sides.iter().any(|s| {
                    s.modifier(name)
                        .is_some_and(|m| matches!(m.value, ModValue::Param { from: Some(_), .. }))
                });
                let direct = from_grid && self.fed_directly(name);
                let whole = self.is_modifier(name) || self.only_counts(name);
                let mut out: Vec<Setting> = Vec::new();
                if (from_grid && !direct) || (default.is_some() && bounds.is_none()) {
                    out.push(Setting::default());
                }
                // A shift from a grid reads the grid where it is named bare.
                if from_grid
                    && !direct
                    && self.keyed_of(name).is_some_and(|k| k.shifts.contains(name))
                {
                    out.push(Setting::arg(name, None));
                }
                let values = match bounds {
                    // Its grid's values, given directly.
                    None if from_grid => self
                        .fed_values(name)
                        .into_iter()
                        .filter(num_rational::Ratio::is_integer)
                        .collect(),
                    Some((lo, hi)) if whole && hi.floor() - lo.ceil() < 4 * MAX_TRIED => {
                        (lo.ceil()..=hi.floor()).map(crate::number::whole).collect()
                    }
                    Some((lo, hi)) => {
                        not_split.push(format!(
                            "{name} (read in a way the analysis cannot split; tried at whole values from {lo} to {hi})"
                        ));
                        spread(lo.exact(), hi.exact())
                    }
                    None => {
                        not_split.push(format!("{name} (no bounds; tried at one value)"));
                        if default.is_some() {
                            Vec::new()
                        } else {
                            vec![crate::number::whole(1)]
                        }
                    }
                };
                out.extend(values.into_iter().map(|v| value_setting(name, v)));
                out
            }
        }
    }

    /// True when `name` is read only as a dice count.
    pub(super) fn only_counts(&self, name: &str) -> bool {
        let counts: usize = self
            .sides
            .iter()
            .map(|s| s.uses.counts.get(name).copied().unwrap_or(0))
            .sum();
        counts > 0 && counts == self.reads(name)
    }

    /// The count past which a count with no bound changes no chart's odds:
    /// one whose value outweighs the chart's reach (see [`reach`])
    /// and every other bounded modifier. `None` where the reach is unknown,
    /// or beside a count of the other sign with no bound.
    fn saturating_count(&self, name: &str, per: i64) -> Option<i64> {
        let mut top = None;
        for tree in self.sides.iter().flat_map(Side::trees) {
            let Some(m) = modifier_in(tree, name) else {
                continue;
            };
            let cap = reach(tree)?;
            let mut others = 0i64;
            for o in tree.modifiers.iter().filter(|o| o.slot != m.slot) {
                let most = match &o.value {
                    _ if o.shifts => 0,
                    ModValue::Fixed(v) => v.abs(),
                    ModValue::Counted { max: Some(max), .. } => max.abs(),
                    ModValue::Counted { per: p, max: None } => {
                        if p.signum() != per.signum() {
                            return None;
                        }
                        0
                    }
                    ModValue::Param { factor, .. } => {
                        let slot = tree.slots.get(o.slot)?;
                        let crate::check::tree::SlotKind::Param {
                            bounds: Some((lo, hi)),
                            ..
                        } = slot.kind
                        else {
                            return None;
                        };
                        factor.abs().checked_mul(
                            crate::number::ceil(num_traits::Signed::abs(&lo))
                                .max(crate::number::ceil(num_traits::Signed::abs(&hi))),
                        )?
                    }
                };
                others = others.checked_add(most)?;
            }
            let need = cap.checked_add(others)?.div_euclid(per.abs().max(1)) + 1;
            top = Some(top.unwrap_or(0).max(need));
        }
        top
    }
}

/// `name=value`: a value as a class names it and as an argument.
pub(super) fn value_setting(name: &str, v: Num) -> Setting {
    Setting::arg(name, Some(Show(v).to_compact_string()))
}

/// Most values tried of a param that cannot be split: whole values from
/// `lo` to `hi`, at most [`MAX_TRIED`] of them evenly spread, and the
/// bounds themselves.
fn spread(lo: Num, hi: Num) -> Vec<Num> {
    let (l, h) = (crate::number::ceil(lo), crate::number::floor(hi));
    let mut out: BTreeSet<Num> = BTreeSet::from([lo, hi]);
    let width = h.saturating_sub(l);
    let step = (width / MAX_TRIED).max(1);
    let mut v = l;
    while v <= h {
        out.insert(crate::number::whole(v));
        v = v.saturating_add(step);
        if v == i64::MAX {
            break;
        }
    }
    out.into_iter().collect()
}
