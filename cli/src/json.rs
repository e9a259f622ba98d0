//! The `--json` outputs of `roll`, `odds`, `diff` and `list`, each an object with a
//! `"schema"` version (documented in docs/json.md and tested against it by
//! `cli/tests/json_doc.rs`). The documents come from the library's
//! [`chartwright::json`], which the web package prints too; only the
//! overview of `diff` without a chart, drawn from this crate's
//! [`crate::diff::Change`], is built here.

pub use chartwright::json::{across, diff, diff_sweep, list, odds_sweep, text};
use serde_json::{json, Value};

/// `diff BASE VARIANT --json` without a chart: what the variant does to
/// each chart that rolls (only those that change, are new or are removed,
/// or whose situations were not all compared).
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
                top,
                coverage,
                exhaustive,
            } => json!({
                "chart": chart.qualified_name(),
                "change": "changed",
                "exhaustive": exhaustive,
                "coverage": coverage,
                "class": top.class,
                "largest": top.diff.largest().map(|o| o.outcome.clone()),
                "diff": top.diff.to_json(),
                "error": null,
            }),
            Change::Unchanged(chart, coverage) => json!({
                "chart": chart.qualified_name(),
                "change": "none found",
                "exhaustive": false,
                "coverage": coverage,
                "class": null,
                "largest": null,
                "diff": null,
                "error": null,
            }),
            Change::New(chart) | Change::Removed(chart) => json!({
                "chart": chart.qualified_name(),
                "change": if matches!(c, Change::New(_)) { "new" } else { "removed" },
                "exhaustive": true,
                "coverage": null,
                "class": null,
                "largest": null,
                "diff": null,
                "error": null,
            }),
            Change::Reference(chart, cells) => json!({
                "chart": chart.qualified_name(),
                "change": chart.kind().as_str(),
                "exhaustive": true,
                "coverage": if cells.is_empty() { Value::Null } else { json!(cells.join("; ")) },
                "class": null,
                "largest": null,
                "diff": null,
                "error": null,
            }),
            Change::Failed(chart, e, hint) => json!({
                "chart": chart.qualified_name(),
                "change": "failed",
                "exhaustive": false,
                "coverage": hint.as_ref().map(|h| format!("give {h} to cut the work")),
                "class": null,
                "largest": null,
                "diff": null,
                "error": e.to_string(),
            }),
        })
        .collect();
    let exhaustive = changes.iter().all(|c| match c {
        Change::Changed { exhaustive, .. } => *exhaustive,
        Change::Unchanged(..) | Change::Failed(..) => false,
        Change::New(_) | Change::Removed(_) | Change::Reference(..) => true,
    });
    json!({
        "base": base,
        "variant": variant,
        "compared": compared,
        "class_limit": limit,
        "exhaustive": exhaustive,
        "charts": charts,
    })
}
