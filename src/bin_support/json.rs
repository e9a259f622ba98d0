//! The `--json` outputs of `roll`, `odds` and `list`, each an object with a
//! `"schema"` version (documented in docs/json.md and tested against it by
//! `tests/json_doc.rs`). A change that removes or retypes a field raises
//! [`SCHEMA`]; adding a field does not.

use chartwright::{InputKind, Ruleset};
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
