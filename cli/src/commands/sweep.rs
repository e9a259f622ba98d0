//! `--sweep`, the option `odds` and `diff` take: its value parsed, and
//! what a sweep over a named input checks and replaces among the choices
//! typed.

use chartwright::{ChartRef, Choices, InputKind, RollError};

/// `NAME=A..B` (a named parameter) or `A..B` (a loose net modifier).
pub enum Sweep {
    /// A parameter by name, from A to B.
    Named(String, i64, i64),
    /// A loose net modifier from A to B.
    Loose(i64, i64),
    /// An input by name alone: each value at which the chart can change.
    Steps(String),
}

/// Parses `--sweep`'s value. How many values a sweep may take is the
/// library's `max_sweep_points` ([`ChartRef::check_sweep`]), not a
/// parser's.
pub fn parse_sweep(s: &str) -> Option<Sweep> {
    let s = s.trim();
    if !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
    {
        return Some(Sweep::Steps(s.to_owned()));
    }
    let (name, range) = match s.split_once('=') {
        Some((n, r)) => (Some(n.trim()), r),
        None => (None, s),
    };
    let (a, b) = range.split_once("..")?;
    let (a, b): (i64, i64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    if a > b {
        return None;
    }
    match name {
        Some(n) if !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            Some(Sweep::Named(n.to_owned(), a, b))
        }
        Some(_) => None,
        None => Some(Sweep::Loose(a, b)),
    }
}

/// The error for a sweep over a name that is not a parameter of the chart.
pub fn not_a_param(chart: &ChartRef<'_>, name: &str) -> String {
    let params: Vec<String> = chart
        .inputs()
        .into_iter()
        .filter(|i| matches!(i.kind, InputKind::Param { .. }))
        .map(|i| i.name)
        .collect();
    let hint = chartwright::suggest::closest(name, params.iter().map(String::as_str))
        .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
    format!(
        "error: `{name}` is not a parameter of `{}`{hint}; its parameters: {}\n",
        chart.name(),
        if params.is_empty() {
            "none".to_owned()
        } else {
            params.join(", ")
        }
    )
}

/// True when `chart` takes a parameter `name`.
pub fn takes_param(chart: &ChartRef<'_>, name: &str) -> bool {
    chart
        .inputs()
        .iter()
        .any(|i| i.name == name && matches!(i.kind, InputKind::Param { .. }))
}

/// The choices without the swept parameter, and a line saying which value
/// the sweep replaced (empty when it was not given): `--sweep attack=1..10`
/// beside `attack=3` takes over rather than failing as given twice.
pub fn swept(choices: &Choices, name: &str, sweep: &str) -> (Choices, String) {
    let given: Vec<String> = choices
        .args()
        .iter()
        .filter(|a| a.name == name)
        .map(|a| {
            a.value
                .as_deref()
                .map_or_else(|| a.name.clone(), |v| format!("{}={v}", a.name))
        })
        .collect();
    let note = if given.is_empty() {
        String::new()
    } else {
        format!("(the sweep {sweep} replaces {})\n", given.join(" "))
    };
    (choices.clone().without(name), note)
}

/// Why a sweep over a named input failed.
pub enum SweepError {
    /// The name is no parameter of the chart: the message to print.
    NotAParam(String),
    /// The chart's own error.
    Roll(RollError),
}

impl From<RollError> for SweepError {
    fn from(e: RollError) -> Self {
        Self::Roll(e)
    }
}
