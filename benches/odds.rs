//! Exact odds: every chart of every game in `rules/`, a
//! 20d10 pool counting 6+, a two-stage pool of 100d10 (each hit converting
//! on a d6) as the joint of both counts and with `report converted` (the
//! marginal engine), and the sum of 50d6. Each computation starts from the bound
//! chart: nothing is cached between calls.
//!
//! Criterion times each game's charts as one batch (`odds_all/<game>`), the
//! slowest sheet chart alone, and the two large distributions
//! (`odds_large/pool_20d10`, `odds_large/pool2_100d10`,
//! `odds_large/pool2r_100d10`, `odds_large/sum_50d6`). Timing 66 charts one
//! by one with criterion would take several minutes, so every chart's median
//! is also printed as a table from a plain median-of-N loop (`cargo bench
//! --bench odds`).

mod common;

use chartwright::{Choices, Ruleset};
use std::hint::black_box;

/// The large distributions: large pools and sums whose odds are many states.
const LARGE: &str = r#"
game "Large" version "1"

pool pool_20d10 "20d10 counting 6+" {
  roll 20d10
  count hits "hits" on 6+
}

pool pool2_100d10 "100d10 hitting 6+, each hit converting on d6 4+" {
  roll 100d10
  count hits "hits" on 6+
  per hits roll d6 count converted "converted" on 4+
}

pool pool2r_100d10 "100d10 hitting 6+, each hit converting on d6 4+, the converted alone" {
  roll 100d10
  count hits "hits" on 6+
  per hits roll d6 count converted "converted" on 4+
  report converted
}

table sum_50d6 "The sum of 50d6" {
  roll 50d6
  rows {
    200 or more => "Very high"
    176-199     => "High"
    150-175     => "Middle"
    126-149     => "Low"
    125 or less => "Very low"
  }
}
"#;

fn main() {
    let mut c = common::criterion();
    let games = common::games();

    // Every sheet chart, one by one: a median-of-N table (stdout).
    let bench = common::benchmarking();
    let (runs, batch) = if bench { (31, 5) } else { (1, 1) };
    let mut slowest: Option<(f64, String)> = None;
    if bench {
        println!("odds of every sheet chart (median of {runs} x {batch} calls, default choices):");
    }
    for (_, rules) in &games {
        for chart in rules.charts().filter(|c| !c.is_notes()) {
            let choices = chart.example_choices();
            let bound = chart
                .bind(&choices)
                .unwrap_or_else(|e| panic!("{}: {e}", chart.qualified_name()));
            let ns = common::median_of(runs, batch, || bound.odds().unwrap()).as_nanos() as f64;
            if bench {
                println!("  {:<52} {:>10}", chart.qualified_name(), common::show(ns));
            }
            if slowest.as_ref().map_or(true, |(s, _)| ns > *s) {
                slowest = Some((ns, chart.qualified_name()));
            }
        }
    }

    // Every sheet chart, a game at a time.
    {
        let mut group = c.benchmark_group("odds_all");
        for (name, rules) in &games {
            let bound: Vec<_> = rules
                .charts()
                .filter(|c| !c.is_notes())
                .map(|c| c.bind(&c.example_choices()).unwrap())
                .collect();
            group.bench_function(name.as_str(), |b| {
                b.iter(|| {
                    for chart in &bound {
                        black_box(chart.odds().unwrap());
                    }
                });
            });
        }
        group.finish();
    }

    // The slowest sheet chart alone, and the two large distributions.
    let large = Ruleset::from_str("large", LARGE).unwrap_or_else(|e| panic!("{e}"));
    {
        let mut group = c.benchmark_group("odds_large");
        if let Some((_, name)) = &slowest {
            let rules = games
                .iter()
                .find(|(g, _)| name.starts_with(&format!("{g}.")))
                .unwrap();
            let chart = rules.1.chart(name).unwrap();
            let bound = chart.bind(&chart.example_choices()).unwrap();
            if bench {
                println!("slowest sheet chart: {name}");
            }
            group.bench_function("slowest_sheet_chart", |b| b.iter(|| bound.odds().unwrap()));
        }
        for id in ["pool_20d10", "pool2_100d10", "pool2r_100d10", "sum_50d6"] {
            let bound = large.chart(id).unwrap().bind(&Choices::none()).unwrap();
            group.bench_function(id, |b| b.iter(|| bound.odds().unwrap()));
        }
        group.finish();
    }
    c.final_summary();

    if bench {
        println!("odds medians (criterion):");
        for (name, rules) in &games {
            let n = rules.charts().filter(|c| !c.is_notes()).count();
            if let Some(ns) = common::median_ns("odds_all", name) {
                println!(
                    "  {name}: {n} charts in {} ({} per chart)",
                    common::show(ns),
                    common::show(ns / n as f64)
                );
            }
        }
        for id in [
            "slowest_sheet_chart",
            "pool_20d10",
            "pool2_100d10",
            "pool2r_100d10",
            "sum_50d6",
        ] {
            if let Some(ns) = common::median_ns("odds_large", id) {
                println!("  {id}: {}", common::show(ns));
            }
        }
    }
}
