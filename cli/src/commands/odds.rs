//! `odds`: the exact odds of every outcome of a chart (command line and
//! REPL), or, with `--sweep`, against a range of an extra net modifier, of
//! a named parameter, or at each value of an input that changes them.

use super::sweep::{not_a_param, parse_sweep, swept, takes_param, Sweep, SweepError};
use super::{emit, fail, load_or_report, write, ChartRequest};
use crate::render::{diagnostic, table};
use chartwright::{BoundChart, Budget, ChartRef, Choices, Odds, OutcomeGroup, RollError};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file, folder or bundled game name.
    rules: PathBuf,
    /// The chart's name.
    chart: String,
    /// Modifiers and choices: `tracked`, `bog_down_rating=-1`, or a
    /// loose extra modifier such as `+2` or `-1`.
    #[arg(allow_negative_numbers = true)]
    choices: Vec<String>,
    /// Show the odds against an extra net modifier from A to B (`-3..3`),
    /// a named parameter from A to B (`bog_down_rating=-3..3`), or at
    /// each value of one input that changes them (`attack`).
    #[arg(long, allow_hyphen_values = true)]
    sweep: Option<String>,
    /// Also give the exact odds of a group of outcomes, written as an
    /// `expect` line writes it: `"any of KIA, K/1"`, `"at least 2"`,
    /// `"at most 1"`, or one outcome. May be given more than once.
    #[arg(
        long,
        value_name = "GROUP",
        conflicts_with = "sweep",
        allow_hyphen_values = true
    )]
    outcome: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the odds as a bar chart into this SVG file.
    #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
    svg: Option<PathBuf>,
}

/// `chartwright odds RULES CHART [CHOICES...] [--sweep ... | --outcome GROUP...] [--json] [--svg FILE]`.
pub fn main(args: Args) -> Result<(), ExitCode> {
    let groups = args
        .outcome
        .iter()
        .map(|g| g.parse::<OutcomeGroup>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            anstream::eprint!("{}", diagnostic::plain_error(&e));
            ExitCode::from(2)
        })?;
    let ruleset = load_or_report(&[args.rules])?;
    let req = ChartRequest::new(&ruleset, &args.chart, &args.choices)?;
    let fail_roll = |e: &RollError| req.fail(e);
    let (chart, choices, extra) = (&req.chart, &req.choices, req.extra);
    let Some(range) = args.sweep else {
        let bound = chart
            .bind(choices)
            .and_then(|b| b.with_extra_modifier(extra))
            .map_err(|e| fail_roll(&e))?;
        let o = exact(chart, &bound).map_err(|e| fail_roll(&e))?;
        if let Some(path) = &args.svg {
            svg(chart, choices, extra, &o, path)?;
        }
        emit(&text(&o, &groups, args.json));
        return Ok(());
    };
    let by_name = match parse_sweep(&range) {
        Some(Sweep::Named(name, a, b)) => {
            named_sweep(chart, choices, extra, &name, (a, b), args.json)
        }
        Some(Sweep::Steps(name)) => steps(chart, choices, extra, &name, args.json),
        Some(Sweep::Loose(a, b)) => {
            let bound = chart.bind(choices).map_err(|e| fail_roll(&e))?;
            let extras = extra.saturating_add(a)..=extra.saturating_add(b);
            let text = sweep(chart, &bound, extras, 0, args.json).map_err(|e| fail_roll(&e))?;
            emit(&text);
            return Ok(());
        }
        None => {
            anstream::eprintln!(
                "error: --sweep takes A..B with A <= B (a loose net modifier, such as -3..3), \
                 NAME=A..B (a parameter, such as bog_down_rating=-3..3), or NAME alone (each \
                 value at which the chart changes)"
            );
            return Err(ExitCode::from(2));
        }
    };
    let text = by_name.map_err(|e| match e {
        SweepError::NotAParam(message) => fail(&message),
        SweepError::Roll(e) => fail_roll(&e),
    })?;
    emit(&text);
    Ok(())
}

/// The odds as a table (with bars), or the `odds --json` document; with
/// `groups`, each group's odds after them.
pub fn run(
    chart: &ChartRef<'_>,
    bound: &BoundChart<'_>,
    groups: &[OutcomeGroup],
    json: bool,
) -> Result<String, RollError> {
    Ok(text(&exact(chart, bound)?, groups, json))
}

/// The exact odds of a chart bound, within one budget.
pub fn exact(chart: &ChartRef<'_>, bound: &BoundChart<'_>) -> Result<Odds, RollError> {
    let mut budget = Budget::new(chart.ruleset().limits());
    let o = bound.odds_in(&mut budget)?;
    budget.charge_answer(&o)?;
    Ok(o)
}

fn text(o: &Odds, groups: &[OutcomeGroup], json: bool) -> String {
    match (json, groups.is_empty()) {
        (true, true) => chartwright::json::text(chartwright::json::odds(o)),
        (true, false) => chartwright::json::text(chartwright::json::odds_with_groups(o, groups)),
        (false, true) => table::odds(o, None),
        (false, false) => table::odds(o, None) + &table::groups(o, groups),
    }
}

/// `--svg FILE`: the odds picture, headed by the chart's title and the
/// situation typed.
fn svg(
    chart: &ChartRef<'_>,
    choices: &Choices,
    extra: i64,
    odds: &Odds,
    path: &Path,
) -> Result<(), ExitCode> {
    let typed = choices.text().trim();
    let situation = if extra == 0 {
        typed.to_owned()
    } else {
        format!("{typed} {extra:+}").trim().to_owned()
    };
    let situation = if situation.is_empty() {
        "with no modifiers".to_owned()
    } else {
        format!("with {situation}")
    };
    write(
        Some(path),
        &chartwright::sheet::odds_svg_headed(odds, chart.title(), &situation),
    )
}

/// `--sweep A..B`: the odds at each extra net modifier of `extras`, one
/// column each, headed by the modifier plus `shift` (the loose modifiers
/// the chart was bound with, if any).
pub fn sweep(
    chart: &ChartRef<'_>,
    bound: &BoundChart<'_>,
    extras: RangeInclusive<i64>,
    shift: i64,
    json: bool,
) -> Result<String, RollError> {
    let mut budget = Budget::new(chart.ruleset().limits());
    let columns: Vec<(i64, Odds)> = bound
        .sweep_in(extras, &mut budget)?
        .into_iter()
        .map(|(extra, o)| (extra.saturating_add(shift), o))
        .collect();
    Ok(if json {
        chartwright::json::text(chartwright::json::modifier_sweep(
            &chart.qualified_name(),
            &columns,
        ))
    } else {
        table::sweep_table(&columns)
    })
}

/// `--sweep NAME=A..B`: one column per value of the parameter.
pub fn named_sweep(
    chart: &ChartRef<'_>,
    choices: &Choices,
    extra: i64,
    name: &str,
    (lo, hi): (i64, i64),
    json: bool,
) -> Result<String, SweepError> {
    if !takes_param(chart, name) {
        return Err(SweepError::NotAParam(not_a_param(chart, name)));
    }
    chart.check_sweep(&(lo..=hi))?;
    let (choices, replaced) = swept(choices, name, &format!("{name}={lo}..{hi}"));
    let mut budget = Budget::new(chart.ruleset().limits());
    let mut columns = Vec::new();
    for v in lo..=hi {
        let c = choices.clone().with(name, Some(&v.to_string()));
        let o = chart
            .bind(&c)
            .and_then(|b| b.with_extra_modifier(extra)?.odds_in(&mut budget))?;
        budget.charge_answer(&o)?;
        columns.push((v, o));
    }
    if json {
        return Ok(chartwright::json::text(chartwright::json::odds_sweep(
            &chart.qualified_name(),
            name,
            &columns,
        )));
    }
    let columns: Vec<(String, Odds)> = columns
        .into_iter()
        .map(|(v, o)| (v.to_string(), o))
        .collect();
    Ok(replaced + &table::odds_table(name, &columns))
}

/// `--sweep NAME`: the odds at each value of NAME at which the chart can
/// change (its situation classes along NAME), the other choices as given.
pub fn steps(
    chart: &ChartRef<'_>,
    choices: &Choices,
    extra: i64,
    name: &str,
    json: bool,
) -> Result<String, SweepError> {
    let Some((steps, exhaustive)) = chartwright::compare::input_steps(chart, choices, name) else {
        return Err(SweepError::NotAParam(not_a_param(chart, name)));
    };
    let (_, replaced) = swept(choices, name, name);
    let mut budget = Budget::new(chart.ruleset().limits());
    let mut columns = Vec::new();
    for step in steps {
        let o = chart
            .bind(&step.choices)
            .and_then(|b| b.with_extra_modifier(extra)?.odds_in(&mut budget))?;
        budget.charge_answer(&o)?;
        columns.push((step.name, step.choices.text().to_owned(), o));
    }
    if json {
        return Ok(chartwright::json::text(chartwright::json::odds_steps(
            &chart.qualified_name(),
            name,
            exhaustive,
            &columns,
        )));
    }
    let columns = columns
        .into_iter()
        .map(|(label, _, o)| (label, o))
        .collect();
    Ok(replaced + &table::odds_steps(name, columns, exhaustive))
}
