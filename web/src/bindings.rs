//! The JavaScript surface (wasm-bindgen): `Ruleset`, `diff`, `diffSvg`,
//! `diffPage`, `complete`, `bundledNames`, `bundledSource` and `version`.
//! Each converts its arguments, calls the crate's plain Rust, and hands back the document
//! as a JavaScript object (`JSON.parse` of the command line's own JSON
//! text, so the two are equal) or throws a `ChartwrightError`
//! (web/js/error.js) carrying the diagnostics.

// wasm-bindgen hands JavaScript's arguments over as owned values
// (`Option<String>`, `JsValue`): they cannot be borrowed instead.
#![allow(clippy::needless_pass_by_value)]

use crate::Failure;
use serde_json::Value;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(raw_module = "./error.js")]
extern "C" {
    /// `ChartwrightError` (web/js/error.js): an `Error` with the
    /// diagnostics as data.
    type ChartwrightError;

    #[wasm_bindgen(constructor)]
    fn new(message: &str, diagnostics: JsValue) -> ChartwrightError;
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** One label of a diagnostic: a byte range of its source, with where it starts and ends (lines and columns from 1; columns count characters). */
export interface Label { label: string | null; primary: boolean; start: number; end: number; line: number; column: number; end_line: number; end_column: number; }
/** One diagnostic, as `chartwright check` reports it. */
export interface Diagnostic { code: string | null; severity: "error" | "warning" | "advice"; message: string; help: string | null; source: string | null; labels: Label[]; related: Diagnostic[]; }
/** `ruleset.check()`, and a `ChartwrightError`'s `diagnostics`. */
export interface Diagnostics { schema: number; diagnostics: Diagnostic[]; }
/** `chartwright list --json` (docs/json.md). */
export interface ListDocument { schema: number; games: any[]; }
/** `chartwright odds --json` (docs/json.md); `groups` with `--outcome` (`oddsOf`). */
export interface OddsDocument { schema: number; chart: string; outcomes: { outcome: string; probability: string; percent: number; path: any[] }[]; groups?: { group: string; probability: string; percent: number }[]; }
/** `chartwright roll --json` (docs/json.md). */
export interface RollDocument { schema: number; chart: string; title: string; total: number | null; natural: number | null; [field: string]: any; }
/** `chartwright diff --json` (docs/json.md). */
export interface DiffDocument { schema: number; chart: string; base_chart: string; choices: string; outcomes: { outcome: string; base: string | null; variant: string | null; delta_percent: number }[]; }
/** `ruleset.hover(text, at)`: the declared name at a UTF-16 offset (`from`..`to`), as the language server's hover says it; for a chart, `odds` in the sheet picture's `situation` (`chartwright odds --json`'s document), or `odds_error`, or `table` (`show`) for a chart not rolled. On an `expect` line or a variant's change, `line` (with no name under the cursor, `from`..`to` is the line). */
export interface Hover { from: number; to: number; name?: string; kind?: string; owner?: string | null; label?: string; value?: string | null; title?: string; dice?: string | null; situation?: string; odds?: OddsDocument; odds_error?: string; table?: string; line?: HoverLine; }
/** What a whole line says: an `expect` line checked (`verdict` and `help` as `chartwright test` words them, `actual` the probability the chart gives), or a variant's change (the base's declaration, and the chart's `diff` in `situation`, `chartwright diff --json`'s document, or `diff_error`). */
export type HoverLine =
  | { kind: "expect"; holds: boolean; verdict: string; help: string | null; actual: string | null }
  | { kind: "change"; declared: { kind: string; name: string; text: string }; chart: string; situation?: string; diff?: object; diff_error?: string };
/** `complete(text, at)`: what may stand at a UTF-16 offset; `from`..`to` is the part of a name already typed. */
export interface Completions { from: number; to: number; options: { label: string; kind: string; detail: string | null }[]; }
/** A seed: a whole number from 0 to 2^53 - 1, a BigInt up to 2^64 - 1, or its decimal text; none for a random one. */
export type Seed = number | bigint | string | null | undefined;
"#;

/// A document as a JavaScript object: the JSON text the command line
/// prints, parsed by `JSON.parse`.
fn document(value: &Value) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&value.to_string())
}

/// A failure as the `ChartwrightError` to throw.
fn thrown(failure: Failure) -> JsValue {
    let diagnostics = document(&failure.diagnostics).unwrap_or(JsValue::NULL);
    ChartwrightError::new(&failure.message, diagnostics).into()
}

/// The largest whole number a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A seed from JavaScript: none, a safe whole number, a `BigInt` or text.
fn seed(value: &JsValue) -> Result<Option<u64>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let parsed = if let Some(n) = value.as_f64() {
        (n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(&n)).then_some(n as u64)
    } else if value.is_bigint() {
        u64::try_from(value.clone()).ok()
    } else {
        value.as_string().and_then(|s| s.trim().parse::<u64>().ok())
    };
    parsed.map(Some).ok_or_else(|| {
        thrown(Failure::plain(
            "chartwright::web::bad_seed",
            "a seed is a whole number from 0 to 2^64 - 1",
            Some("give a number up to 2^53 - 1, a BigInt, or the number as text"),
        ))
    })
}

/// Rules loaded from text or a bundled game.
#[wasm_bindgen(js_name = Ruleset)]
pub struct JsRuleset(crate::Ruleset);

#[wasm_bindgen(js_class = Ruleset)]
impl JsRuleset {
    /// Compiles one game from text; `name` is its short name, which
    /// qualifies its charts (`name.chart`). Never throws: errors wait in
    /// `check()`, and every other call throws them.
    #[wasm_bindgen(js_name = fromText)]
    #[must_use]
    pub fn from_text(name: &str, text: &str) -> JsRuleset {
        JsRuleset(crate::Ruleset::from_text(name, text))
    }

    /// A bundled game by its short name (`ogre`, `first_echelon`, ...).
    pub fn bundled(name: &str) -> Result<JsRuleset, JsValue> {
        crate::Ruleset::bundled(name).map(JsRuleset).map_err(thrown)
    }

    /// Diagnostics as data; none when the rules loaded.
    #[wasm_bindgen(unchecked_return_type = "Diagnostics")]
    pub fn check(&self) -> Result<JsValue, JsValue> {
        document(&self.0.check())
    }

    /// `chartwright list --json`.
    #[wasm_bindgen(unchecked_return_type = "ListDocument")]
    pub fn list(&self) -> Result<JsValue, JsValue> {
        document(&self.0.list().map_err(thrown)?)
    }

    /// `chartwright show`: the chart as a table, as on the sheet.
    pub fn show(&self, chart: &str) -> Result<String, JsValue> {
        self.0.show(chart).map_err(thrown)
    }

    /// Argument text for a situation in which the chart rolls (the first
    /// option of every choice, each required param in the middle of its
    /// bounds): what the playground starts a chart's form with.
    #[wasm_bindgen(js_name = exampleArgs)]
    pub fn example_args(&self, chart: &str) -> Result<String, JsValue> {
        self.0.example_args(chart).map_err(thrown)
    }

    /// `chartwright odds RULES CHART ARGS --json`; `args` is the command
    /// line's argument text (`attack=7 defense=3 fort`, `+2`).
    #[wasm_bindgen(unchecked_return_type = "OddsDocument")]
    pub fn odds(&self, chart: &str, args: Option<String>) -> Result<JsValue, JsValue> {
        document(
            &self
                .0
                .odds(chart, args.as_deref().unwrap_or(""))
                .map_err(thrown)?,
        )
    }

    /// `chartwright odds RULES CHART ARGS --outcome GROUP... --json`: the
    /// odds with each group's exact probability (`"any of KIA, K/1"`,
    /// `"at least 2"`) in `groups`, in the order given.
    #[wasm_bindgen(js_name = oddsOf, unchecked_return_type = "OddsDocument")]
    pub fn odds_of(
        &self,
        chart: &str,
        args: Option<String>,
        groups: Vec<String>,
    ) -> Result<JsValue, JsValue> {
        document(
            &self
                .0
                .odds_of(chart, args.as_deref().unwrap_or(""), &groups)
                .map_err(thrown)?,
        )
    }

    /// The odds drawn as the sheet draws them (an SVG document).
    #[wasm_bindgen(js_name = oddsSvg)]
    pub fn odds_svg(&self, chart: &str, args: Option<String>) -> Result<String, JsValue> {
        self.0
            .odds_svg(chart, args.as_deref().unwrap_or(""))
            .map_err(thrown)
    }

    /// `chartwright roll RULES CHART ARGS --seed SEED --json`.
    #[wasm_bindgen(unchecked_return_type = "RollDocument")]
    pub fn roll(
        &self,
        chart: &str,
        args: Option<String>,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seed = self::seed(&seed)?;
        document(
            &self
                .0
                .roll(chart, args.as_deref().unwrap_or(""), seed)
                .map_err(thrown)?,
        )
    }

    /// The same roll's trace as text, as `chartwright roll --seed SEED`
    /// prints it (without colour or wrapping).
    #[wasm_bindgen(js_name = rollText)]
    pub fn roll_text(
        &self,
        chart: &str,
        args: Option<String>,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: JsValue,
    ) -> Result<String, JsValue> {
        let seed = self::seed(&seed)?;
        self.0
            .roll_text(chart, args.as_deref().unwrap_or(""), seed)
            .map_err(thrown)
    }

    /// The chart's inputs as `list --json` gives them, each with where a
    /// form for the table puts it: `reads`, `column`, `group`, `set`,
    /// `follow_up` and `applies_words` (web/src/form.rs).
    pub fn form(&self, chart: &str) -> Result<JsValue, JsValue> {
        document(&self.0.form(chart).map_err(thrown)?)
    }

    /// The chart's inputs that cannot apply with `args` named:
    /// `{ folded: [names] }`.
    pub fn applicable(&self, chart: &str, args: Option<String>) -> Result<JsValue, JsValue> {
        document(
            &self
                .0
                .applicable(chart, args.as_deref().unwrap_or(""))
                .map_err(thrown)?,
        )
    }

    /// What the name at `at` (a UTF-16 offset) of `text` declares, as the
    /// language server's hover says it, read from this ruleset (the last
    /// of the editor's texts that loaded) and `text`'s outline; on an
    /// `expect` line or a variant's change, what the line says; `null`
    /// where neither a declared name nor such a line stands.
    #[wasm_bindgen(unchecked_return_type = "Hover | null")]
    pub fn hover(&self, text: &str, at: usize) -> Result<JsValue, JsValue> {
        document(&crate::editor::hover(self.0.rules().ok(), text, at))
    }

    /// `chartwright sheet`: a printable HTML page of the charts named
    /// (every chart when none).
    pub fn sheet(&self, charts: Option<Vec<String>>) -> Result<String, JsValue> {
        self.0.sheet(&charts.unwrap_or_default()).map_err(thrown)
    }
}

/// `chartwright diff BASE VARIANT CHART ARGS --json`.
#[wasm_bindgen(unchecked_return_type = "DiffDocument")]
pub fn diff(
    base: &JsRuleset,
    variant: &JsRuleset,
    chart: &str,
    args: Option<String>,
) -> Result<JsValue, JsValue> {
    document(
        &crate::diff(&base.0, &variant.0, chart, args.as_deref().unwrap_or("")).map_err(thrown)?,
    )
}

/// The same comparison drawn as both sides' bars (an SVG document).
#[wasm_bindgen(js_name = diffSvg)]
pub fn diff_svg(
    base: &JsRuleset,
    variant: &JsRuleset,
    chart: &str,
    args: Option<String>,
) -> Result<String, JsValue> {
    crate::diff_svg(&base.0, &variant.0, chart, args.as_deref().unwrap_or("")).map_err(thrown)
}

/// `chartwright diff BASE VARIANT CHART --across --html`'s page: every
/// situation class of the chart ranked by the variant's largest change.
#[wasm_bindgen(js_name = diffPage)]
pub fn diff_page(base: &JsRuleset, variant: &JsRuleset, chart: &str) -> Result<String, JsValue> {
    crate::diff_page(&base.0, &variant.0, chart).map_err(thrown)
}

/// The completions at `at` (a UTF-16 offset) of `text`: keywords where
/// they can stand, declared names, `owner.` members (a variant's bundled
/// base's too).
#[wasm_bindgen(unchecked_return_type = "Completions")]
pub fn complete(text: &str, at: usize) -> Result<JsValue, JsValue> {
    document(&crate::editor::complete(text, at))
}

/// The bundled games' short names.
#[wasm_bindgen(js_name = bundledNames)]
#[must_use]
pub fn bundled_names() -> Vec<String> {
    chartwright::bundled::names().map(str::to_owned).collect()
}

/// A bundled game's `.rules` text (`chartwright source GAME`), or
/// undefined.
#[wasm_bindgen(js_name = bundledSource)]
#[must_use]
pub fn bundled_source(name: &str) -> Option<String> {
    chartwright::bundled::source(name).map(str::to_owned)
}

/// The version of chartwright, and of the documents' schema.
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    format!(
        "chartwright {} (schema {})",
        env!("CARGO_PKG_VERSION"),
        chartwright::json::SCHEMA
    )
}
