//! The `--json` outputs of `roll`, `odds`, `diff` and `list`, each an object with a
//! `"schema"` version (documented in docs/json.md and tested against it by
//! `cli/tests/json_doc.rs`). A change that removes or retypes a field raises
//! [`SCHEMA`]; adding a field does not.

use chartwright::Across;
use chartwright::{InputKind, Odds, OddsDiff, Ruleset};
use serde_json::{json, Map, Value};

/// The version of the JSON outputs' shape.
pub const SCHEMA: u64 = 1;

/// `value` (an object) with the schema version added.
pub fn versioned(value: Value) -> Value {
    let mut map = match value {
        Value::Object(m) => m,
        other => {
            let mut m = Map::new();
            m.insert("value".into(), other);
            m
        }
    };
    map.insert("schema".into(), json!(SCHEMA));
    Value::Object(map)
}

/// Pretty JSON with the schema version, and a newline.
pub fn text(value: Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(&versioned(value)).unwrap_or_default()
    )
}

/// `list --json`: every game, its charts, and what each takes.
pub fn list(ruleset: &Ruleset, only: Option<&chartwright::ChartRef<'_>>) -> Value {
    let games: Vec<Value> = ruleset
        .games()
        .map(|(name, title, version)| {
            let charts: Vec<Value> = ruleset
                .charts()
                .filter(|c| c.game() == name)
                .filter(|c| only.map_or(true, |o| o.game() == c.game() && o.name() == c.name()))
                .map(|c| {
                    let inputs: Vec<Value> = c
                        .inputs()
                        .into_iter()
                        .map(|i| {
                            let mut v = json!({
                                "name": i.name,
                                "label": i.label,
                                "one_of": i.one_of,
                                "applies": i.applies.as_ref().map(ToString::to_string),
                                "reads": i.applies.as_ref().map_or_else(Vec::new, |a| a.inputs()),
                            });
                            let kind = match i.kind {
                                InputKind::Flag(value) => json!({"kind": "flag", "value": value}),
                                InputKind::Param { bounds, default } => json!({
                                    "kind": "param",
                                    "bounds": bounds.map(|(lo, hi)| [number(lo), number(hi)]),
                                    "default": default.map(number),
                                }),
                                InputKind::Choice { options } => json!({
                                    "kind": "choice",
                                    "options": options
                                        .iter()
                                        .map(|(n, l)| json!({"name": n, "label": l}))
                                        .collect::<Vec<_>>(),
                                }),
                                // A kind this CLI predates: its name and label suffice.
                                _ => json!({}),
                            };
                            if let (Value::Object(v), Value::Object(k)) = (&mut v, kind) {
                                v.extend(k);
                            }
                            v
                        })
                        .collect();
                    json!({
                        "name": c.name(),
                        "qualified_name": c.qualified_name(),
                        "title": c.title(),
                        "kind": c.kind(),
                        "dice": c.dice(),
                        "inputs": inputs,
                    })
                })
                .collect();
            json!({"name": name, "title": title, "version": version, "charts": charts})
        })
        .collect();
    json!({ "games": games })
}

/// `diff --json`: the library's [`OddsDiff::to_json`] shape (`chart`,
/// `choices`, `outcomes`), with the base's chart beside it.
pub fn diff(d: &OddsDiff, base_chart: &str) -> Value {
    let mut v = d.to_json();
    if let Value::Object(m) = &mut v {
        m.insert("base_chart".into(), json!(base_chart));
    }
    v
}

/// `diff --across --json`: every situation compared, the largest change first.
pub fn across(a: &Across, base_chart: &str) -> Value {
    json!({
        "chart": a.chart,
        "base_chart": base_chart,
        "situations": a.total.to_string(),
        "sampled": a.sampled,
        "compared": a.ranked.len(),
        "skipped": a.skipped,
        "ranked": a.ranked.iter().map(OddsDiff::to_json).collect::<Vec<_>>(),
    })
}

/// `odds --sweep NAME=A..B --json`: the odds at each value of a parameter.
pub fn odds_sweep(chart: &str, parameter: &str, columns: &[(i64, Odds)]) -> Value {
    json!({
        "chart": chart,
        "parameter": parameter,
        "sweep": columns
            .iter()
            .map(|(v, o)| json!({"value": v, "odds": o.to_json()}))
            .collect::<Vec<_>>(),
    })
}

/// `diff --sweep NAME=A..B --json`: the diff at each value of a parameter.
pub fn diff_sweep(
    chart: &str,
    base_chart: &str,
    parameter: &str,
    columns: &[(i64, OddsDiff)],
) -> Value {
    json!({
        "chart": chart,
        "base_chart": base_chart,
        "parameter": parameter,
        "sweep": columns
            .iter()
            .map(|(v, d)| json!({"value": v, "diff": d.to_json()}))
            .collect::<Vec<_>>(),
    })
}

/// `diff BASE VARIANT --json` without a chart: what the variant does to
/// each chart that rolls (only those that change, are new or are removed).
pub fn overview(
    base: &str,
    variant: &str,
    changes: &[crate::diff::Change<'_>],
    compared: usize,
    limit: usize,
) -> Value {
    use crate::diff::Change;
    let charts: Vec<Value> = changes
        .iter()
        .map(|c| match c {
            Change::Changed {
                chart,
                diff,
                sampled,
            } => json!({
                "chart": chart.qualified_name(),
                "change": "changed",
                "sampled": sampled,
                "largest": diff.largest().map(|o| o.outcome.clone()),
                "diff": diff.to_json(),
                "error": null,
            }),
            Change::New(chart) | Change::Removed(chart) => json!({
                "chart": chart.qualified_name(),
                "change": if matches!(c, Change::New(_)) { "new" } else { "removed" },
                "sampled": false,
                "largest": null,
                "diff": null,
                "error": null,
            }),
            Change::Failed(chart, e) => json!({
                "chart": chart.qualified_name(),
                "change": "failed",
                "sampled": false,
                "largest": null,
                "diff": null,
                "error": e.to_string(),
            }),
        })
        .collect();
    json!({
        "base": base,
        "variant": variant,
        "compared": compared,
        "situation_limit": limit,
        "charts": charts,
    })
}

/// An exact number as JSON: a whole number as an integer, a decimal as the
/// JSON number written the same way (`0.5`, `2.25`: a param's bounds and
/// default are written in decimal, so the text is exact).
fn number(n: chartwright::Number) -> Value {
    match n.to_whole() {
        Some(w) => json!(w),
        None => n
            .to_string()
            .parse::<serde_json::Number>()
            .map_or_else(|_| json!(n.to_f64()), Value::Number),
    }
}
