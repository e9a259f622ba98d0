//! chartwright in the browser and in Node: the library compiled to
//! WebAssembly, with JavaScript bindings made by wasm-bindgen.
//!
//! Every result is the JSON document the command line prints with
//! `--json` (docs/json.md), made by the same producer
//! ([`chartwright::json`]), so a host can move between the two. Errors are
//! thrown as a JavaScript `ChartwrightError` whose `diagnostics` hold the
//! same data as [`Ruleset::check`]: code, severity, message, help and
//! labels with byte ranges, lines and columns.
//!
//! The work is in [`Ruleset`] and [`diff`], plain Rust that the native
//! tests call; the `#[wasm_bindgen]` layer ([`bindings`]) only converts
//! values at the boundary. `web/build.sh` builds the package (`web/pkg/`)
//! and the playground (`web/dist/`); web/README.md says how to use them.

use chartwright::compare::Pairing;
use chartwright::{
    json, ChartRef, Choices, LoadError, LoadErrors, Odds, OutcomeGroup, Ruleset as Rules,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};
use std::cell::RefCell;

pub mod bindings;
pub mod editor;
mod form;

/// The name under which diagnostics show roll-time arguments, as the
/// command line shows them.
pub const ARGUMENTS: &str = "arguments";

/// Why a call failed: a message (the diagnostics' messages, one a line)
/// and the diagnostics as data (`{"diagnostics": [...], "schema": 2}`),
/// which the bindings throw as a `ChartwrightError`.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The diagnostics' messages, one a line.
    pub message: String,
    /// The diagnostics document.
    pub diagnostics: Value,
}

impl Failure {
    /// A failure from a diagnostics document (`{"diagnostics": [...]}`).
    pub(crate) fn new(diagnostics: Value) -> Self {
        let diagnostics = json::versioned(diagnostics);
        let message = diagnostics["diagnostics"]
            .as_array()
            .map(|ds| {
                ds.iter()
                    .filter_map(|d| d["message"].as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default();
        Self {
            message,
            diagnostics,
        }
    }

    /// A failure of the web package's own (no source to point into):
    /// `code` is `chartwright::web::…`.
    fn plain(code: &str, message: &str, help: Option<&str>) -> Self {
        Self::new(json!({"diagnostics": [{
            "code": code,
            "severity": "error",
            "message": message,
            "help": help,
            "source": null,
            "labels": [],
            "related": [],
        }]}))
    }

    /// A failure to pair a base and a variant: the library's diagnostic,
    /// which names games and charts and has no source to point into.
    fn unpaired(e: &chartwright::compare::PairError) -> Self {
        Self::new(json!({ "diagnostics": [json::diagnostic(e, None)] }))
    }

    fn load(errors: &LoadErrors) -> Self {
        Self::new(json::load_errors(errors))
    }
}

/// Rules loaded from text or a bundled game, ready to check, list, show,
/// roll and compute odds. Rules that failed to load are kept with their
/// diagnostics: [`Ruleset::check`] returns them, and every other call
/// fails with them.
#[derive(Debug)]
pub struct Ruleset {
    loaded: Result<Rules, LoadErrors>,
    /// The last odds computed (chart and arguments as given, and the
    /// odds), so that `odds` then `odds_svg` of one situation compute once.
    last_odds: RefCell<Option<(String, String, Odds)>>,
}

/// One chart and the arguments given for it, parsed as `roll` and `odds`
/// on the command line parse them.
pub(crate) struct Request<'r> {
    pub(crate) chart: ChartRef<'r>,
    pub(crate) choices: Choices,
    /// Loose `+N` / `-N` words, summed.
    extra: i64,
}

impl Ruleset {
    /// Compiles one game from text; `name` is its short name, which
    /// qualifies its charts (`name.chart`). Never fails: errors are kept
    /// for [`Ruleset::check`].
    #[must_use]
    pub fn from_text(name: &str, text: &str) -> Self {
        Self::from(Rules::from_str(name, text))
    }

    /// A bundled game by its short name (`ogre`, `first_echelon`, ...).
    pub fn bundled(name: &str) -> Result<Self, Failure> {
        if !chartwright::bundled::names().any(|n| n == name) {
            let names: Vec<&str> = chartwright::bundled::names().collect();
            let error = LoadError::NotFound {
                path: name.to_owned(),
                bundled: names.join(", "),
            };
            let errors = LoadErrors::new(vec![error], chartwright::SourceMap::new());
            return Err(Failure::load(&errors));
        }
        let mut builder = Rules::builder();
        builder.add_path(name);
        Ok(Self::from(builder.build()))
    }

    /// Diagnostics as data: `{"diagnostics": [...], "schema": 2}`, empty
    /// when the rules loaded (what `chartwright check` reports).
    #[must_use]
    pub fn check(&self) -> Value {
        json::versioned(match &self.loaded {
            Ok(_) => json!({"diagnostics": []}),
            Err(errors) => json::load_errors(errors),
        })
    }

    /// The rules, or the failure of their load.
    pub fn rules(&self) -> Result<&Rules, Failure> {
        self.loaded.as_ref().map_err(Failure::load)
    }

    /// `chartwright list --json`.
    pub fn list(&self) -> Result<Value, Failure> {
        Ok(json::versioned(json::list(self.rules()?, None)))
    }

    /// `chartwright show`: the chart as a table, as on the sheet
    /// (unwrapped).
    pub fn show(&self, chart: &str) -> Result<String, Failure> {
        let rules = self.rules()?;
        let chart = rules
            .chart(chart)
            .map_err(|e| Failure::new(json::roll_error(&e, rules, ARGUMENTS, "")))?;
        Ok(chart.render())
    }

    /// A situation a player meets in which `chart` rolls, for the form to
    /// open at (the library's [`chartwright::compare::typical_situation`]: the first
    /// option of every choice, modifiers at 0, a ratio CRT at the strengths
    /// of its middle column), as argument text.
    pub fn example_args(&self, chart: &str) -> Result<String, Failure> {
        let rules = self.rules()?;
        let chart = rules
            .chart(chart)
            .map_err(|e| Failure::new(json::roll_error(&e, rules, ARGUMENTS, "")))?;
        Ok(chartwright::compare::typical_situation(&chart)
            .text()
            .to_owned())
    }

    pub(crate) fn request<'r>(
        rules: &'r Rules,
        chart: &str,
        args: &str,
    ) -> Result<Request<'r>, Failure> {
        let fail = |e: &chartwright::RollError, text: &str| {
            Failure::new(json::roll_error(e, rules, ARGUMENTS, text))
        };
        let chart = rules.chart(chart).map_err(|e| fail(&e, ""))?;
        let (choices, extra) = Choices::parse_with_extra(args).map_err(|e| fail(&e, args))?;
        Ok(Request {
            chart,
            choices,
            extra,
        })
    }

    /// The exact odds of `chart` with `args` (`attack=7 defense=3`), kept
    /// for the next call with the same two.
    fn exact(&self, chart: &str, args: &str) -> Result<Odds, Failure> {
        if let Some((c, a, odds)) = &*self.last_odds.borrow() {
            if c == chart && a == args {
                return Ok(odds.clone());
            }
        }
        let rules = self.rules()?;
        let req = Self::request(rules, chart, args)?;
        let odds = req
            .chart
            .bind(&req.choices)
            .and_then(|b| b.with_extra_modifier(req.extra)?.odds())
            .map_err(|e| {
                Failure::new(json::roll_error(&e, rules, ARGUMENTS, req.choices.text()))
            })?;
        *self.last_odds.borrow_mut() = Some((chart.to_owned(), args.to_owned(), odds.clone()));
        Ok(odds)
    }

    /// `chartwright odds RULES CHART ARGS --json`.
    pub fn odds(&self, chart: &str, args: &str) -> Result<Value, Failure> {
        Ok(json::versioned(json::odds(&self.exact(chart, args)?)))
    }

    /// `chartwright odds RULES CHART ARGS --outcome GROUP... --json`: the
    /// odds with `groups` added, each group's exact probability
    /// (`any of KIA, K/1`, `at least 2`, as `--outcome` reads them).
    pub fn odds_of(&self, chart: &str, args: &str, groups: &[String]) -> Result<Value, Failure> {
        let groups = groups
            .iter()
            .map(|g| {
                g.parse::<OutcomeGroup>().map_err(|e| {
                    Failure::new(json!({ "diagnostics": [json::diagnostic(&e, None)] }))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let odds = self.exact(chart, args)?;
        Ok(json::versioned(json::odds_with_groups(&odds, &groups)))
    }

    /// The odds as the sheet draws them: `chartwright odds ... --svg`.
    pub fn odds_svg(&self, chart: &str, args: &str) -> Result<String, Failure> {
        Ok(chartwright::sheet::odds_svg(&self.exact(chart, args)?))
    }

    fn rolled(
        &self,
        chart: &str,
        args: &str,
        seed: Option<u64>,
    ) -> Result<chartwright::Roll, Failure> {
        let rules = self.rules()?;
        let req = Self::request(rules, chart, args)?;
        let fail = |e: &chartwright::RollError| {
            Failure::new(json::roll_error(e, rules, ARGUMENTS, req.choices.text()))
        };
        let bound = req
            .chart
            .bind(&req.choices)
            .and_then(|b| b.with_extra_modifier(req.extra))
            .map_err(|e| fail(&e))?;
        let mut rng = match seed {
            Some(s) => Xoshiro256PlusPlus::seed_from_u64(s),
            None => Xoshiro256PlusPlus::from_os_rng(),
        };
        bound.roll(&mut rng).map_err(|e| fail(&e))
    }

    /// `chartwright roll RULES CHART ARGS --seed SEED --json` (a seed
    /// from the system's generator when `None`).
    pub fn roll(&self, chart: &str, args: &str, seed: Option<u64>) -> Result<Value, Failure> {
        Ok(json::versioned(json::roll(
            &self.rolled(chart, args, seed)?,
        )))
    }

    /// The same roll's trace as text, as `chartwright roll` prints it
    /// without colour on a line wide enough not to wrap.
    pub fn roll_text(&self, chart: &str, args: &str, seed: Option<u64>) -> Result<String, Failure> {
        Ok(self.rolled(chart, args, seed)?.to_string())
    }

    /// `chartwright sheet RULES [CHART...]`: the printable HTML sheet of
    /// the charts named (every chart when none).
    pub fn sheet(&self, charts: &[String]) -> Result<String, Failure> {
        let rules = self.rules()?;
        let picked = if charts.is_empty() {
            rules.charts().collect()
        } else {
            charts
                .iter()
                .map(|c| {
                    rules
                        .chart(c)
                        .map_err(|e| Failure::new(json::roll_error(&e, rules, ARGUMENTS, "")))
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(chartwright::sheet::sheet(rules, &picked))
    }
}

impl From<Result<Rules, LoadErrors>> for Ruleset {
    fn from(loaded: Result<Rules, LoadErrors>) -> Self {
        Self {
            loaded,
            last_odds: RefCell::new(None),
        }
    }
}

/// The chart `name` of the base and of the variant, paired as
/// `chartwright diff` pairs them ([`Pairing`]), with the game names.
fn pair<'r>(
    base: &'r Rules,
    variant: &'r Rules,
    name: &str,
) -> Result<(ChartRef<'r>, ChartRef<'r>, (&'r str, &'r str)), Failure> {
    let pairing = Pairing::only_games(base, variant).map_err(|e| Failure::unpaired(&e))?;
    let (b, v) = pairing.chart(name).map_err(|e| Failure::unpaired(&e))?;
    Ok((b, v, (pairing.base().game(), pairing.variant().game())))
}

/// The diff of `chart` in the situation `args`, with the base's chart's
/// name and the two games' names.
fn compared<'r>(
    base: &'r Ruleset,
    variant: &'r Ruleset,
    chart: &str,
    args: &str,
) -> Result<(chartwright::OddsDiff, String, (&'r str, &'r str)), Failure> {
    let (b_rules, v_rules) = (base.rules()?, variant.rules()?);
    let (b, v, names) = pair(b_rules, v_rules, chart)?;
    let text = args.split_whitespace().collect::<Vec<_>>().join(" ");
    let fail =
        |e: &chartwright::RollError| Failure::new(json::roll_error(e, v_rules, ARGUMENTS, &text));
    let choices = Choices::parse(&text).map_err(|e| fail(&e))?;
    // One situation: follow-ups past an engine limit are named, as
    // `chartwright diff` names them.
    let mut budget = chartwright::Budget::new(v_rules.limits());
    let d = chartwright::OddsDiff::compare_or_named_in(&b, &v, &choices, &mut budget)
        .map_err(|e| fail(&e))?;
    Ok((d, b.qualified_name(), names))
}

/// `chartwright diff BASE VARIANT CHART ARGS --json`: what the variant
/// does to the chart's exact odds in one situation.
pub fn diff(base: &Ruleset, variant: &Ruleset, chart: &str, args: &str) -> Result<Value, Failure> {
    let (d, base_chart, _) = compared(base, variant, chart, args)?;
    Ok(json::versioned(json::diff(&d, &base_chart)))
}

/// The same comparison drawn as `chartwright diff --html` draws each
/// chart: both sides' bars.
pub fn diff_svg(
    base: &Ruleset,
    variant: &Ruleset,
    chart: &str,
    args: &str,
) -> Result<String, Failure> {
    let (d, _, names) = compared(base, variant, chart, args)?;
    Ok(chartwright::sheet::comparison_svg(&d, names))
}

/// `chartwright diff BASE VARIANT CHART --across --html`'s page: every
/// situation class of the chart ranked by the largest change the variant
/// makes (the library's [`chartwright::compare::across`] and
/// [`chartwright::sheet::ranking_page`]), with how much was compared
/// above the ranking.
pub fn diff_page(base: &Ruleset, variant: &Ruleset, chart: &str) -> Result<String, Failure> {
    let (b_rules, v_rules) = (base.rules()?, variant.rules()?);
    let pairing = Pairing::only_games(b_rules, v_rules).map_err(|e| Failure::unpaired(&e))?;
    let (b, v) = pairing.chart(chart).map_err(|e| Failure::unpaired(&e))?;
    let limit = v_rules.limits().max_situations;
    let across = chartwright::compare::across(&b, &v, &Choices::none(), limit)
        .map_err(|e| Failure::new(json::roll_error(&e, v_rules, ARGUMENTS, "")))?;
    let title = format!(
        "{} against {}",
        pairing.variant().title(),
        pairing.base().title()
    );
    let mut notes = vec![format!(
        "{}: {}.",
        across.chart,
        chartwright::compare::Coverage::of(&across, limit)
    )];
    if across.changed().next().is_none() {
        notes.push(if across.exhaustive() {
            "No change in any situation.".to_owned()
        } else {
            "No change in any situation compared.".to_owned()
        });
    }
    Ok(chartwright::sheet::ranking_page(
        &title, &b, &v, &across, &notes,
    ))
}

#[cfg(test)]
mod tests;
