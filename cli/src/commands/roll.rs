//! `roll`: roll a chart and print the trace (command line and REPL); on
//! the command line, `--times N` rolls a batch and shows the frequencies
//! beside the exact odds.

use super::{emit, load_or_report, ChartRequest};
use crate::render::{table, trace};
use chartwright::{BoundChart, Budget, ChartRef, RollError};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;
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
    /// Seed for the dice: the same seed gives the same rolls everywhere.
    #[arg(long)]
    seed: Option<u64>,
    /// Roll this many times (1 to 1000000, all within one work
    /// budget: a roll of more than 42 dice or with follow-ups may end
    /// the batch sooner, with `over_budget`) and show the frequencies
    /// beside the exact odds.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=u64::from(chartwright::MAX_BATCH_ROLLS)))]
    times: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `chartwright roll RULES CHART [CHOICES...]`.
pub fn main(args: Args) -> Result<(), ExitCode> {
    let ruleset = load_or_report(&[args.rules])?;
    let req = ChartRequest::new(&ruleset, &args.chart, &args.choices)?;
    let fail = |e: &RollError| req.fail(e);
    let bound = req
        .chart
        .bind(&req.choices)
        .and_then(|b| b.with_extra_modifier(req.extra))
        .map_err(|e| fail(&e))?;
    let mut rng = match args.seed {
        Some(s) => Xoshiro256PlusPlus::seed_from_u64(s),
        None => Xoshiro256PlusPlus::from_os_rng(),
    };
    let text = if args.times <= 1 {
        run(&bound, &mut rng, args.json)
    } else {
        batch(&req.chart, &bound, &mut rng, (args.times, args.json))
    };
    emit(&text.map_err(|e| fail(&e))?);
    Ok(())
}

/// One roll: its trace, or the `roll --json` document.
pub fn run(
    bound: &BoundChart<'_>,
    rng: &mut Xoshiro256PlusPlus,
    json: bool,
) -> Result<String, RollError> {
    let r = bound.roll(rng)?;
    Ok(if json {
        chartwright::json::text(chartwright::json::roll(&r))
    } else {
        trace::roll(&r)
    })
}

/// `times` rolls, and the exact odds beside their frequencies, all within
/// one budget; past it, the frequencies alone.
fn batch(
    chart: &ChartRef<'_>,
    bound: &BoundChart<'_>,
    rng: &mut Xoshiro256PlusPlus,
    (times, json): (u64, bool),
) -> Result<String, RollError> {
    let mut budget = Budget::new(chart.ruleset().limits());
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for _ in 0..times {
        let r = bound.roll_in(rng, &mut budget)?;
        *counts.entry(r.summary()).or_default() += 1;
    }
    let observed: Vec<(String, u64)> = counts.into_iter().collect();
    if json {
        return Ok(chartwright::json::text(chartwright::json::observed(
            &chart.qualified_name(),
            times,
            &observed,
        )));
    }
    match bound
        .odds_in(&mut budget)
        .and_then(|o| budget.charge_answer(&o).map(|()| o))
    {
        Ok(o) => Ok(table::odds(&o, Some((&observed, times)))),
        Err(_) => {
            let mut out = String::new();
            for (o, c) in &observed {
                let _ = writeln!(out, "  {o}  {:.2}%", *c as f64 * 100.0 / times as f64);
            }
            Ok(out)
        }
    }
}
