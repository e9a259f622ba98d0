//! `diff`: what a variant does to the odds (command line and REPL). With a
//! chart, each outcome's exact probability in the base and the variant
//! and the change in percentage points, in the situation given, ranked
//! over every situation class (`--across`) or by a parameter's value
//! (`--sweep NAME=A..B`); without one, every chart that differs. `--html`
//! also writes the comparison as a page.

use super::sweep::{not_a_param, parse_sweep, swept, takes_param, Sweep, SweepError};
use super::{emit, fail, load_or_report, write, ARGUMENTS};
use crate::changes::changes;
use crate::render::{diagnostic, page, table};
use chartwright::compare::{across_in, Pairing};
use chartwright::{Budget, ChartRef, Choices, OddsDiff, RollError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The base: a file or a bundled game name.
    base: PathBuf,
    /// The variant: a file or a bundled game name.
    variant: PathBuf,
    /// The chart's name, then modifiers and choices (`tracked`,
    /// `bog_down_rating=-1`).
    #[arg(allow_negative_numbers = true)]
    chart_and_choices: Vec<String>,
    /// Rank every situation of the chart (options, flags on and off,
    /// params over their bounds) by the largest change.
    #[arg(long)]
    across: bool,
    /// The change against a named parameter from A to B (`NAME=-3..3`).
    #[arg(long, allow_hyphen_values = true)]
    sweep: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also write the comparison as a self-contained HTML page (bars
    /// side by side): of CHART, or of every chart that differs; with
    /// `--across`, every situation of CHART ranked.
    #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
    html: Option<PathBuf>,
}

/// What `diff` was asked for.
pub struct Request<'a> {
    /// The chart, if one.
    pub chart: Option<&'a str>,
    /// The choices, as typed.
    pub choices: &'a str,
    /// `--across`.
    pub across: bool,
    /// `--sweep NAME=A..B`.
    pub sweep: Option<(String, i64, i64)>,
    /// `--json`.
    pub json: bool,
    /// `--html`: the page is wanted too.
    pub page: bool,
}

/// What `diff` found: the text (or JSON) to print, and the page when one
/// was asked for.
pub struct Report {
    /// For standard output.
    pub text: String,
    /// The HTML page.
    pub page: Option<String>,
}

/// `chartwright diff BASE VARIANT [CHART [CHOICES...]] [--across] [--sweep
/// NAME=A..B] [--json] [--html FILE]`.
pub fn main(args: Args) -> Result<(), ExitCode> {
    let sweep = match args.sweep.as_deref().map(parse_sweep) {
        None => None,
        Some(Some(Sweep::Named(n, a, b))) => Some((n, a, b)),
        Some(_) => {
            anstream::eprintln!(
                "error: --sweep takes NAME=A..B with A <= B, such as `bog_down_rating=-3..3`"
            );
            return Err(ExitCode::from(2));
        }
    };
    let base = load_or_report(&[args.base])?;
    let variant = load_or_report(&[args.variant])?;
    let pair =
        Pairing::only_games(&base, &variant).map_err(|e| fail(&diagnostic::plain_error(&e)))?;
    let (chart, choices) = match args.chart_and_choices.split_first() {
        Some((c, rest)) => (Some(c.as_str()), rest.join(" ")),
        None => (None, String::new()),
    };
    let req = Request {
        chart,
        choices: &choices,
        across: args.across,
        sweep,
        json: args.json,
        page: args.html.is_some(),
    };
    // One budget for the whole command: the diff and the page it writes.
    let mut budget = Budget::new(variant.limits());
    let report = run(&pair, &req, &mut budget).map_err(|e| fail(&e))?;
    if let (Some(path), Some(page)) = (&args.html, &report.page) {
        write(Some(path), page)?;
        if path == Path::new("-") {
            // The page is the output.
            return Ok(());
        }
    }
    emit(&report.text);
    Ok(())
}

/// Runs a `diff` request; the error is rendered and ready to print.
///
/// Every comparison it makes is within `budget`, and each is made once for
/// both the text and the page.
pub fn run(pair: &Pairing<'_>, req: &Request<'_>, budget: &mut Budget) -> Result<Report, String> {
    let rules = pair.variant().rules();
    let fail = |e: &RollError| diagnostic::roll_error(e, rules, req.choices, ARGUMENTS);
    let choices = Choices::parse(req.choices).map_err(|e| fail(&e))?;
    let names = (pair.base().game(), pair.variant().game());
    let Some(name) = req.chart else {
        let found = changes(pair, &choices, budget);
        let text = if req.json {
            chartwright::json::text(crate::render::json::overview(names.0, names.1, &found))
        } else {
            crate::render::diff::overview(names, &found)
        };
        let page = req.page.then(|| page::overview(pair, &found));
        return Ok(Report { text, page });
    };
    let (b, v) = pair.chart(name).map_err(|e| diagnostic::plain_error(&e))?;
    let base_name = b.qualified_name();
    let (text, page) = if let Some((param, lo, hi)) = &req.sweep {
        let text =
            sweep(&b, &v, &choices, (param, *lo, *hi), req.json, budget).map_err(|e| match e {
                SweepError::NotAParam(message) => message,
                SweepError::Roll(e) => fail(&e),
            })?;
        // The page draws the chart in the situation typed.
        let page = if req.page {
            let d = OddsDiff::compare_in(&b, &v, &choices, budget).map_err(|e| fail(&e))?;
            Some(page::chart(pair, &v, d))
        } else {
            None
        };
        (text, page)
    } else if req.across {
        let limit = rules.limits().max_situations;
        let a = across_in(&b, &v, &choices, limit, budget).map_err(|e| fail(&e))?;
        let text = if req.json {
            chartwright::json::text(chartwright::json::across(&a, &base_name))
        } else {
            crate::render::diff::across(&a, &base_name, limit)
        };
        let page = req.page.then(|| page::ranking(pair, (&b, &v), &a, limit));
        (text, page)
    } else {
        let d = OddsDiff::compare_or_named_in(&b, &v, &choices, budget).map_err(|e| fail(&e))?;
        let text = if req.json {
            chartwright::json::text(chartwright::json::diff(&d, &base_name))
        } else {
            crate::render::diff::chart(&d, &base_name)
        };
        (text, req.page.then(|| page::chart(pair, &v, d)))
    };
    Ok(Report { text, page })
}

/// `--sweep NAME=A..B`: the change in percentage points per value.
fn sweep(
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
    choices: &Choices,
    (name, lo, hi): (&str, i64, i64),
    json: bool,
    budget: &mut Budget,
) -> Result<String, SweepError> {
    if !takes_param(variant, name) && !takes_param(base, name) {
        return Err(SweepError::NotAParam(not_a_param(variant, name)));
    }
    variant.check_sweep(&(lo..=hi))?;
    let (choices, replaced) = swept(choices, name, &format!("{name}={lo}..{hi}"));
    let mut columns = Vec::new();
    for v in lo..=hi {
        let c = choices.clone().with(name, Some(&v.to_string()));
        columns.push((v, OddsDiff::compare_in(base, variant, &c, budget)?));
    }
    if json {
        return Ok(chartwright::json::text(chartwright::json::diff_sweep(
            &variant.qualified_name(),
            &base.qualified_name(),
            name,
            &columns,
        )));
    }
    Ok(replaced
        + &table::diff_sweep(
            &base.qualified_name(),
            &variant.qualified_name(),
            name,
            &columns,
        ))
}
