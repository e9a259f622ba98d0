//! Where a change matters: every situation of a chart (each option of its
//! choices, each flag on and off, each param over its declared bounds),
//! compared in the base and the variant, ranked by the largest change in
//! any outcome. Bounded by a number of situations: beyond it, a seeded
//! sample of that many is compared, and the result says so.

use super::diff::OddsDiff;
use crate::engine::choices::Choices;
use crate::engine::error::RollError;
use crate::ruleset::{ChartRef, InputInfo, InputKind};
use num_traits::Signed;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// A chart compared across its situations.
#[derive(Clone, Debug)]
pub struct Across {
    /// The chart, `game.chart`.
    pub chart: String,
    /// One diff per situation compared, the largest change first (ties in
    /// enumeration order). Each diff's `choices` names its situation.
    pub ranked: Vec<OddsDiff>,
    /// How many situations the chart has in all.
    pub total: u128,
    /// True when `total` exceeded the bound and a sample was compared.
    pub sampled: bool,
    /// Situations neither engine accepts (two modifiers of one `one of`
    /// group, say): left out of `ranked`.
    pub skipped: usize,
}

/// One input's settings: `None` leaves it out, `Some(v)` gives it (a flag
/// as `Some(None)`).
type Settings = Vec<Option<Option<String>>>;

/// Compares `base` and `variant` in every situation of their inputs (both
/// charts' inputs; those in `fixed` stay as given), at most `limit` of them.
///
/// ```
/// use chartwright::{across, Choices, Ruleset};
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let a = across(&base.chart("bog_down").unwrap(), &mud.chart("bog_down").unwrap(),
///                &Choices::none(), 4096).unwrap();
/// assert!(!a.sampled);
/// assert!(a.ranked[0].choices.contains("tracked"));
/// ```
pub fn across(
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
    fixed: &Choices,
    limit: usize,
) -> Result<Across, RollError> {
    let mut inputs: Vec<InputInfo> = variant.inputs();
    for i in base.inputs() {
        if !inputs.iter().any(|v| v.name == i.name) {
            inputs.push(i);
        }
    }
    inputs.retain(|i| !fixed.args().iter().any(|a| a.name == i.name));
    // A `one of` group of flags is one axis: none, or one of its members.
    let mut groups = variant.exclusive_groups();
    groups.extend(base.exclusive_groups());
    let mut axes: Vec<(Vec<String>, Settings)> = Vec::new();
    for group in groups {
        // A member given already: the others cannot apply beside it.
        if group
            .iter()
            .any(|m| fixed.args().iter().any(|a| &a.name == m))
        {
            inputs.retain(|i| !group.contains(&i.name));
            continue;
        }
        let flags: Vec<String> = group
            .into_iter()
            .filter(|m| {
                inputs
                    .iter()
                    .any(|i| &i.name == m && matches!(i.kind, InputKind::Flag(_)))
            })
            .collect();
        if flags.is_empty() {
            continue;
        }
        inputs.retain(|i| !flags.contains(&i.name));
        let mut settings: Settings = vec![None];
        settings.extend(flags.iter().map(|_| Some(None)));
        axes.push((flags, settings));
    }
    axes.extend(
        inputs
            .iter()
            .map(|i| (vec![i.name.clone()], settings(&i.kind))),
    );
    let total = axes
        .iter()
        .fold(1u128, |n, (_, s)| n.saturating_mul(s.len().max(1) as u128));
    let limit = limit.max(1);
    let sampled = total > limit as u128;
    let indices: Vec<u128> = if sampled {
        sample(total, limit)
    } else {
        (0..total).collect()
    };
    let mut ranked = Vec::new();
    let mut skipped = 0;
    let mut first_error = None;
    for index in indices {
        let choices = situation(fixed, &axes, index);
        match OddsDiff::compare(base, variant, &choices) {
            Ok(d) => ranked.push(d),
            Err(e) => {
                skipped += 1;
                first_error.get_or_insert(e);
            }
        }
    }
    if ranked.is_empty() {
        if let Some(e) = first_error {
            return Err(e);
        }
    }
    ranked.sort_by(|a, b| {
        let size = |d: &OddsDiff| d.largest().map(|o| o.delta().abs());
        size(b).cmp(&size(a))
    });
    Ok(Across {
        chart: variant.qualified_name(),
        ranked,
        total,
        sampled,
        skipped,
    })
}

/// The settings an input is tried at.
fn settings(kind: &InputKind) -> Settings {
    match kind {
        InputKind::Flag(_) => vec![None, Some(None)],
        InputKind::Param {
            bounds: Some((lo, hi)),
            ..
        } => {
            // Every whole value in the bounds (`in 0.5..3` gives 1, 2, 3),
            // else the low bound itself.
            let whole: Settings = (lo.ceil()..=hi.floor())
                .map(|v| Some(Some(v.to_string())))
                .collect();
            if whole.is_empty() {
                vec![Some(Some(lo.to_string()))]
            } else {
                whole
            }
        }
        InputKind::Param {
            default: Some(_), ..
        } => vec![None],
        // Unbounded and required: one representative value, as
        // `ChartRef::example_choices` picks.
        InputKind::Param { .. } => vec![Some(Some("1".into()))],
        InputKind::Choice { options } => {
            options.iter().map(|(o, _)| Some(Some(o.clone()))).collect()
        }
    }
}

/// The situation numbered `index` in mixed radix over the axes.
///
/// An axis names one input, or a group's members: setting `k` of a group
/// (from 1) gives its `k`th member.
fn situation(fixed: &Choices, axes: &[(Vec<String>, Settings)], mut index: u128) -> Choices {
    let mut choices = fixed.clone();
    for (names, settings) in axes {
        let n = settings.len().max(1) as u128;
        let pick = usize::try_from(index % n).unwrap_or(0);
        index /= n;
        let name = match names.as_slice() {
            [one] => Some(one),
            group => pick.checked_sub(1).and_then(|k| group.get(k)),
        };
        if let (Some(name), Some(Some(value))) = (name, settings.get(pick)) {
            choices = choices.with(name, value.as_deref());
        }
    }
    choices
}

/// `limit` distinct situation numbers below `total`, from a fixed seed so
/// the same chart gives the same sample every time.
fn sample(total: u128, limit: usize) -> Vec<u128> {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x00C4_A271);
    let mut picked = BTreeSet::new();
    let mut tries = 0usize;
    while picked.len() < limit && tries < limit.saturating_mul(8) {
        picked.insert(rng.random_range(0..total));
        tries += 1;
    }
    picked.into_iter().collect()
}
