//! The playground's form for the table, in plain Rust: where each input of
//! a chart goes ([`Ruleset::form`], the library's
//! [`chartwright::sheet::form`] beside what `list --json` says of it), and
//! which inputs can apply in the situation given so far
//! ([`Ruleset::applicable`]), so the form folds away the others.

use crate::{Failure, Ruleset, ARGUMENTS};
use chartwright::{json, Choices, Condition};
use serde_json::{json, Map, Value};

/// What a condition comes to once some inputs are named: it holds, it
/// does not, or it turns on what is not named yet (or on the dice).
fn holds(c: &Condition, choices: &Choices) -> Option<bool> {
    let named = |name: &str| choices.args().iter().find(|a| a.name == name);
    match c {
        Condition::Flag(name) => Some(named(name).is_some()),
        Condition::In { input, options } => named(input)
            .and_then(|a| a.value.as_deref())
            .map(|v| options.iter().any(|o| o == v)),
        Condition::Not(inner) => holds(inner, choices).map(|b| !b),
        Condition::And(a, b) => match (holds(a, choices), holds(b, choices)) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (Some(true), Some(true)) => Some(true),
            _ => None,
        },
        Condition::Or(a, b) => match (holds(a, choices), holds(b, choices)) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (Some(false), Some(false)) => Some(false),
            _ => None,
        },
        // A comparison of numbers or the dice themselves: known at roll
        // time only, so the input stays on the form.
        _ => None,
    }
}

impl Ruleset {
    /// The chart's inputs as `list --json` gives them, each with where a
    /// form puts it: `reads` (places that read it besides its own value:
    /// the column, conditions), `column`, `group` and `set` (the heading
    /// the sheet prints it under, and the modifier set that brings it),
    /// `follow_up` (the follow-up chart's title), `applies_words` (when it
    /// applies, in the sheet's words) and `side` (an opposed side's label).
    pub fn form(&self, chart: &str) -> Result<Value, Failure> {
        let rules = self.rules()?;
        let c = rules
            .chart(chart)
            .map_err(|e| Failure::new(json::roll_error(&e, rules, ARGUMENTS, "")))?;
        let listed = json::list(rules, Some(&c));
        let inputs = listed["games"][0]["charts"][0]["inputs"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let places = chartwright::sheet::form(&c);
        let merged: Vec<Value> = inputs
            .into_iter()
            .map(|mut input| {
                let place = places.iter().find(|p| input["name"] == p.name.as_str());
                if let (Value::Object(fields), Some(p)) = (&mut input, place) {
                    fields.extend(Map::from_iter([
                        ("reads".to_owned(), json!(p.reads)),
                        ("column".to_owned(), json!(p.column)),
                        ("group".to_owned(), json!(p.group)),
                        ("set".to_owned(), json!(p.set)),
                        ("follow_up".to_owned(), json!(p.follow_up)),
                        ("applies_words".to_owned(), json!(p.applies)),
                        ("side".to_owned(), json!(p.side)),
                    ]));
                }
                input
            })
            .collect();
        Ok(json!({
            "chart": c.qualified_name(),
            "title": c.title(),
            "kind": c.kind().as_str(),
            "inputs": merged,
        }))
    }

    /// Of the chart's inputs, those that cannot apply with `args` named
    /// (their condition fails whatever else is named): `{"folded": [names]}`.
    /// An input whose condition turns on something not yet named, or on
    /// the dice, can still apply.
    pub fn applicable(&self, chart: &str, args: &str) -> Result<Value, Failure> {
        let rules = self.rules()?;
        let req = Self::request(rules, chart, args)?;
        let folded: Vec<String> = req
            .chart
            .inputs()
            .into_iter()
            .filter(|i| {
                i.applies
                    .as_ref()
                    .is_some_and(|c| holds(c, &req.choices) == Some(false))
            })
            .map(|i| i.name)
            .collect();
        Ok(json!({ "folded": folded }))
    }
}
