//! A change's targets and values as written, for marks and errors: member
//! paths, modifier values, row keys and range sets.

use crate::syntax::ast::{Ident, MemberPath, ModValue, RangeSet, RowKey};

/// A member path as written: `unit_rating.elite`, `manoeuvre.posture.dug_in`.
pub(super) fn shown_path(path: &MemberPath) -> String {
    match &path.within {
        Some(c) => format!("{}.{}.{}", c.name, path.owner.name, path.member.name),
        None => format!("{}.{}", path.owner.name, path.member.name),
    }
}

/// The owner of a member path as written: `unit_rating`, `manoeuvre.posture`.
pub(super) fn owner_text(path: &MemberPath) -> String {
    match &path.within {
        Some(c) => format!("{}.{}", c.name, path.owner.name),
        None => path.owner.name.to_string(),
    }
}

/// An option as a mark names it: `elite`, or `posture.dug_in` in a chart.
pub(super) fn option_name(path: &MemberPath) -> String {
    match &path.within {
        Some(_) => format!("{}.{}", path.owner.name, path.member.name),
        None => path.member.name.to_string(),
    }
}

/// A modifier's value as written: `+2`, `±r`, `+1 each (max +4)`.
pub(crate) fn value_text(v: &ModValue) -> String {
    match v {
        ModValue::Fixed(n) => {
            let sign = if n.node < crate::number::whole(0) {
                ""
            } else {
                "+"
            };
            format!("{sign}{}", crate::number::Show(n.node))
        }
        ModValue::Shift(n) => crate::syntax::ast::shift_text(n.node),
        ModValue::Param { sign, .. } => sign.text().into(),
        ModValue::Counted {
            per,
            max,
            shifts: true,
            ..
        } => match max {
            Some(m) => format!(
                "{} each (max {})",
                crate::syntax::ast::shift_text(per.node),
                crate::syntax::ast::shift_text(m.node)
            ),
            None => format!("{} each", crate::syntax::ast::shift_text(per.node)),
        },
        ModValue::Counted { per, max, .. } => match max {
            Some(m) => format!("{:+} each (max {:+})", per.node, m.node),
            None => format!("{:+} each", per.node),
        },
    }
}

pub(super) fn row_labels(labels: &[Ident]) -> String {
    labels
        .iter()
        .map(|l| l.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The totals a range set covers, as sorted, merged closed intervals.
pub(super) fn ranges(set: &RangeSet) -> Vec<(i64, i64)> {
    let mut v: Vec<(i64, i64)> = set
        .parts
        .iter()
        .map(|p| {
            // A span written highest first (`-1 to -3`) reads either way,
            // as the compiler reads it.
            let (lo, hi) = (p.lo.unwrap_or(i64::MIN), p.hi.unwrap_or(i64::MAX));
            (lo.min(hi), lo.max(hi))
        })
        .collect();
    v.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (lo, hi) in v {
        match out.last_mut() {
            Some(last) if last.1.saturating_add(1) >= lo => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// Ranges as players write them: `6 or more`, `4-5`, `3 or less`.
pub(super) fn set_text(set: &RangeSet) -> String {
    let parts: Vec<String> = ranges(set)
        .into_iter()
        .map(|(lo, hi)| match (lo, hi) {
            (i64::MIN, i64::MAX) => "any".into(),
            (i64::MIN, h) => format!("{h} or less"),
            (l, i64::MAX) => format!("{l} or more"),
            (l, h) if l == h => l.to_string(),
            (l, h) if l + 1 == h => format!("{l},{h}"),
            (l, h) if l >= 0 => format!("{l}-{h}"),
            (l, h) => format!("{l} to {h}"),
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(",")
    }
}

pub(crate) fn key_text(key: &RowKey) -> String {
    match key {
        RowKey::Single(s) => set_text(s),
        RowKey::Columns(c) => format!(
            "[ {} ]",
            c.iter().map(set_text).collect::<Vec<_>>().join(" | ")
        ),
    }
}
