//! `diff BASE VARIANT --json` without a chart: the overview, drawn from
//! [`crate::changes`]. Every other `--json` document is the library's
//! [`chartwright::json`] (documented in docs/json.md and tested against it
//! by `cli/tests/json_doc.rs`), which the web package prints too.

use super::diff::cell_words;
use crate::changes::{Change, Changes};
use serde_json::{json, Value};

/// `diff BASE VARIANT --json` without a chart: what the variant does to
/// each chart that rolls (only those that change, are new or are removed,
/// or whose situations were not all compared).
pub fn overview(base: &str, variant: &str, found: &Changes<'_>) -> Value {
    let (changes, compared, limit) = (&found.charts, found.compared, found.limit);
    let charts: Vec<Value> = changes
        .iter()
        .map(|c| match c {
            Change::Changed {
                chart,
                top,
                coverage: how,
            } => json!({
                "chart": chart.qualified_name(),
                "change": "changed",
                "exhaustive": how.exhaustive(),
                "coverage": how.to_string(),
                "class": top.class,
                "largest": top.diff.largest().map(|o| o.outcome.clone()),
                "diff": top.diff.to_json(),
                "error": null,
            }),
            Change::Unchanged(chart, how) => json!({
                "chart": chart.qualified_name(),
                "change": "none found",
                "exhaustive": false,
                "coverage": how.to_string(),
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
                "coverage": if cells.is_empty() {
                    Value::Null
                } else {
                    json!(cells.iter().map(cell_words).collect::<Vec<_>>().join("; "))
                },
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
        Change::Changed { coverage, .. } => coverage.exhaustive(),
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
