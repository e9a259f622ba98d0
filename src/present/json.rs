//! The JSON documents of the front ends: what `chartwright roll`, `odds`,
//! `diff` and `list` print with `--json` (docs/json.md, checked against the
//! binary by `cli/tests/json_doc.rs`), and diagnostics as data. The
//! command line and the web package (`web/`) both print these, so a host
//! can move between them: one producer for every document.
//!
//! Every document is an object; [`versioned`] adds its `"schema"` field
//! ([`SCHEMA`]). A change that removes or retypes a field raises it;
//! adding a field does not.
//!
//! ```
//! use chartwright::{json, Choices, Ruleset};
//! let rules = Ruleset::from_file("ogre").unwrap();
//! let odds = rules.chart("crt").unwrap().odds(&Choices::parse("attack=7 defense=3").unwrap()).unwrap();
//! let doc = json::versioned(json::odds(&odds));
//! assert_eq!(doc["schema"], 2);
//! assert_eq!(doc["outcomes"][2]["probability"], "1/2");
//! ```

use crate::compare::across::{Across, ClassDiff};
use crate::compare::diff::OddsDiff;
use crate::engine::choices::INPUT_SOURCE;
use crate::engine::error::RollError;
use crate::engine::odds::{Odds, OutcomeGroup};
use crate::engine::trace::Roll;
use crate::number::Number;
use crate::ruleset::error::LoadErrors;
use crate::ruleset::{ChartRef, GameInfo, InputKind, Ruleset};
use miette::Diagnostic;
use serde_json::{json, Map, Value};

/// The version of the documents' shape.
pub const SCHEMA: u64 = 2;

/// `value` (an object) with the schema version added.
#[must_use]
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

/// Pretty JSON with the schema version, and a newline: what the command
/// line prints.
#[must_use]
pub fn text(value: Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(&versioned(value)).unwrap_or_default()
    )
}

/// `roll --json`: one roll with its trace.
#[must_use]
pub fn roll(roll: &Roll) -> Value {
    serde_json::to_value(roll).unwrap_or_default()
}

/// `roll --times N --json`: how often each outcome (as
/// [`Roll::summary`] writes it) came up in `times` rolls.
#[must_use]
pub fn observed(chart: &str, times: u64, observed: &[(String, u64)]) -> Value {
    json!({
        "chart": chart,
        "times": times,
        "observed": observed
            .iter()
            .map(|(o, c)| json!({"outcome": o, "count": c}))
            .collect::<Vec<_>>(),
    })
}

/// `odds --json`: the library's [`Odds::to_json`].
#[must_use]
pub fn odds(odds: &Odds) -> Value {
    odds.to_json()
}

/// `odds --outcome GROUP --json`: the odds, with `groups` added, the exact
/// probability of each group asked for
/// (`{"group", "probability": "n/d", "percent"}`), in the order asked.
///
/// ```
/// use chartwright::{json, Choices, OutcomeGroup, Ruleset};
/// let rules = Ruleset::from_file("ogre").unwrap();
/// let odds = rules.chart("crt").unwrap().odds(&Choices::parse("attack=7 defense=3").unwrap()).unwrap();
/// let group: OutcomeGroup = r#"any of "X", "D""#.parse().unwrap();
/// let doc = json::odds_with_groups(&odds, &[group]);
/// assert_eq!(doc["groups"][0]["group"], r#"any of "X", "D""#);
/// assert_eq!(doc["groups"][0]["probability"], "5/6");
/// ```
#[must_use]
pub fn odds_with_groups(odds: &Odds, groups: &[OutcomeGroup]) -> Value {
    let mut v = odds.to_json();
    if let Value::Object(m) = &mut v {
        let groups: Vec<Value> = groups
            .iter()
            .map(|g| {
                let p = odds.group_probability(g);
                json!({
                    "group": g.to_string(),
                    "probability": p.fraction(),
                    "percent": p.to_f64() * 100.0,
                })
            })
            .collect();
        m.insert("groups".into(), Value::Array(groups));
    }
    v
}

/// `odds --sweep A..B --json`: the odds at each extra net modifier.
#[must_use]
pub fn modifier_sweep(chart: &str, columns: &[(i64, Odds)]) -> Value {
    json!({
        "chart": chart,
        "sweep": columns
            .iter()
            .map(|(x, o)| json!({"modifier": x, "odds": o.to_json()}))
            .collect::<Vec<_>>(),
    })
}

/// `odds --sweep NAME=A..B --json`: the odds at each value of a parameter.
#[must_use]
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

/// `odds --sweep NAME --json`: the odds at each step of one input (see
/// [`crate::compare::input_steps`]), each with its label and situation, and whether
/// the steps cover every value.
#[must_use]
pub fn odds_steps(
    chart: &str,
    parameter: &str,
    exhaustive: bool,
    steps: &[(String, String, Odds)],
) -> Value {
    json!({
        "chart": chart,
        "parameter": parameter,
        "exhaustive": exhaustive,
        "steps": steps
            .iter()
            .map(|(label, choices, o)| json!({"step": label, "choices": choices, "odds": o.to_json()}))
            .collect::<Vec<_>>(),
    })
}

/// `diff --json`: the library's [`OddsDiff::to_json`] shape (`chart`,
/// `choices`, `outcomes`), with the base's chart beside it.
#[must_use]
pub fn diff(d: &OddsDiff, base_chart: &str) -> Value {
    let mut v = d.to_json();
    if let Value::Object(m) = &mut v {
        m.insert("base_chart".into(), json!(base_chart));
    }
    v
}

/// `diff --across --json`: every situation class compared, one entry per
/// distinct diff, the largest change first.
#[must_use]
pub fn across(a: &Across, base_chart: &str) -> Value {
    json!({
        "chart": a.chart,
        "base_chart": base_chart,
        "classes": a.total.map(|t| t.to_string()),
        "compared": a.compared,
        "sampled": a.sampled,
        "give": a.give,
        "not_split": a.not_split,
        "exhaustive": a.exhaustive(),
        "same_rules": a.same_rules,
        "skipped": a.skipped,
        "unanswered": a.unanswered,
        "incomplete": a.incomplete,
        "ranked": a.ranked.iter().map(class_diff).collect::<Vec<_>>(),
    })
}

/// One class's diff: `diff --json`'s object with the class's name and how
/// many more classes gave the same diff.
#[must_use]
pub fn class_diff(c: &ClassDiff) -> Value {
    let mut v = c.diff.to_json();
    if let Value::Object(m) = &mut v {
        m.insert("class".into(), json!(c.class));
        m.insert("alike".into(), json!(c.alike));
    }
    v
}

/// `diff --sweep NAME=A..B --json`: the diff at each value of a parameter.
#[must_use]
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

/// `list --json`: every game, its charts (or only `only`), and what each
/// takes.
#[must_use]
pub fn list(ruleset: &Ruleset, only: Option<&ChartRef<'_>>) -> Value {
    let games: Vec<Value> = ruleset
        .games()
        .map(|game| {
            let GameInfo {
                name,
                title,
                version,
                ..
            } = game;
            let charts: Vec<Value> = ruleset
                .charts()
                .filter(|c| c.game() == name)
                .filter(|c| only.map_or(true, |o| o.game() == c.game() && o.name() == c.name()))
                .map(|c| chart(&c))
                .collect();
            json!({"name": name, "title": title, "version": version, "charts": charts})
        })
        .collect();
    json!({ "games": games })
}

/// One chart of `list --json`.
fn chart(c: &ChartRef<'_>) -> Value {
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
        "kind": c.kind().as_str(),
        "dice": c.dice(),
        "inputs": inputs,
    })
}

/// An exact number as JSON: a whole number as an integer, a decimal as the
/// JSON number written the same way (`0.5`, `2.25`: a param's bounds and
/// default are written in decimal, so the text is exact).
fn number(n: Number) -> Value {
    match n.to_whole() {
        Some(w) => json!(w),
        None => n
            .to_string()
            .parse::<serde_json::Number>()
            .map_or_else(|_| json!(n.to_f64()), Value::Number),
    }
}

/// Diagnostics as data: `{"diagnostics": [...]}`, one element per error
/// of a failed load, each as [`diagnostic`] writes it against the source
/// its span points into.
///
/// ```
/// let errors = chartwright::Ruleset::from_str("g", "game \"G\" version \"1\"\ntable t \"T\" { roll d6 rows { 1-3 => \"A\" } }").unwrap_err();
/// let doc = chartwright::json::load_errors(&errors);
/// let d = &doc["diagnostics"][0];
/// assert_eq!(d["code"], "chartwright::compile::uncovered_totals");
/// assert_eq!(d["labels"][0]["line"], 2);
/// ```
#[must_use]
pub fn load_errors(errors: &LoadErrors) -> Value {
    let diagnostics: Vec<Value> = errors
        .errors
        .iter()
        .map(|e| {
            let source = e
                .span()
                .and_then(|s| errors.sources.get(s.source))
                .map(|s| (s.name.as_str(), &*s.text));
            diagnostic(e, source)
        })
        .collect();
    json!({ "diagnostics": diagnostics })
}

/// A roll-time error as data (`{"diagnostics": [one]}`): its labels point
/// into the roll-time arguments `input` (shown as `input_name`) or into
/// the rules, as [`RollError::with_source`] finds them.
#[must_use]
pub fn roll_error(error: &RollError, rules: &Ruleset, input_name: &str, input: &str) -> Value {
    let source = match error.span {
        Some(span) if span.source == INPUT_SOURCE => Some((input_name, input)),
        Some(span) => rules
            .sources()
            .get(span.source)
            .map(|s| (s.name.as_str(), &*s.text)),
        None => None,
    };
    json!({ "diagnostics": [diagnostic(error, source)] })
}

/// One diagnostic as data: `code`, `severity` (`error`, `warning` or
/// `advice`), `message`, `help` (or null), `source` (the name of the text
/// its labels point into, or null) and `labels`, each with its `label`
/// text (or null), whether it is `primary`, its byte range in the source
/// (`start`, `end`), and where that starts and ends as `line` and `column`
/// (from 1; columns count characters); and `related`, diagnostics of the
/// same shape. Without a source the labels are left out (they would point
/// nowhere).
#[must_use]
pub fn diagnostic(d: &dyn Diagnostic, source: Option<(&str, &str)>) -> Value {
    let labels: Vec<Value> = match source {
        Some((_, text)) => d
            .labels()
            .map(Iterator::collect::<Vec<_>>)
            .unwrap_or_default()
            .into_iter()
            .map(|l| {
                let start = l.offset().min(text.len());
                let end = (l.offset() + l.len()).clamp(start, text.len());
                let (line, column) = crate::clip::line_column(text, start);
                let (end_line, end_column) = crate::clip::line_column(text, end);
                json!({
                    "label": l.label(),
                    "primary": l.primary(),
                    "start": start,
                    "end": end,
                    "line": line,
                    "column": column,
                    "end_line": end_line,
                    "end_column": end_column,
                })
            })
            .collect(),
        None => Vec::new(),
    };
    let severity = match d.severity() {
        Some(miette::Severity::Warning) => "warning",
        Some(miette::Severity::Advice) => "advice",
        _ => "error",
    };
    let related: Vec<Value> = d
        .related()
        .map(|r| r.map(|r| diagnostic(r, source)).collect())
        .unwrap_or_default();
    json!({
        "code": d.code().map(|c| c.to_string()),
        "severity": severity,
        "message": d.to_string(),
        "help": d.help().map(|h| h.to_string()),
        "source": source.map(|(name, _)| name),
        "labels": labels,
        "related": related,
    })
}
